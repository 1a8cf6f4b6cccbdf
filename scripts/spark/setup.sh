#!/usr/bin/env bash
# Makes what the Spark drivers need on this machine, and prints the Python
# to run them with:
#
#   - a Java runtime: `java` on PATH, else OpenJDK 17 from Debian's packages
#     (apt-get; as root, or with sudo);
#   - PySpark, pinned in requirements.txt, in a virtual environment of its
#     own under the build directory (${CARGO_TARGET_DIR:-target}/spark-venv,
#     or $DLX_SPARK_VENV), made once and kept while requirements.txt is
#     unchanged.
#
# Usage: PY=$(bash scripts/spark/setup.sh) && "$PY" scripts/spark/solve.py ...
# Anything missing that cannot be installed is an error with the reason
# (exit status 1), never a silent skip.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
target=${CARGO_TARGET_DIR:-$root/target}
venv=${DLX_SPARK_VENV:-$target/spark-venv}
say() { echo "spark setup: $*" >&2; }

if ! command -v java > /dev/null 2>&1; then
    say "no java on PATH: installing OpenJDK 17 (Debian's openjdk-17-jre-headless)"
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    if ! command -v apt-get > /dev/null 2>&1; then
        say "error: no java, and no apt-get to install it with; install a Java 17 or 21 runtime"
        exit 1
    fi
    $sudo apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq openjdk-17-jre-headless >&2
    command -v java > /dev/null 2>&1 || { say "error: java is still missing after the install"; exit 1; }
fi
java_version=$(java -version 2>&1 | head -1)
case "$java_version" in
    *'"17'* | *'"21'* | *'"2'[2-9]*) ;;
    *) say "warning: Spark 4.0 wants Java 17 or 21, and java says: $java_version" ;;
esac

python=${PYTHON:-python3}
command -v "$python" > /dev/null 2>&1 || { say "error: no $python on PATH (Python 3.9 or later)"; exit 1; }
stamp="$venv/.requirements"
if [ ! -x "$venv/bin/python" ] || ! cmp -s "$here/requirements.txt" "$stamp"; then
    say "making $venv (PySpark from PyPI, about 500 MB; kept for later runs)"
    rm -rf "$venv"
    "$python" -m venv "$venv" >&2
    "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$here/requirements.txt" >&2
    cp "$here/requirements.txt" "$stamp"
fi
"$venv/bin/python" -c 'import pyspark' 2>/dev/null || {
    say "error: $venv has no working pyspark; remove it and run again"
    exit 1
}
echo "$venv/bin/python"
