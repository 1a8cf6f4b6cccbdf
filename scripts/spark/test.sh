#!/usr/bin/env bash
# The real test of the Spark drivers (solve.py, count.py), run by .ci/run:
#
#   1. setup.sh makes a Java runtime and PySpark ready (installing them if
#      missing; a failure to is a failure here, never a skip);
#   2. both drivers run in local[2] mode on generated inputs (bad records,
#      grids over several lines, titled grids, Sudominoku puzzles, an
#      exact-cover problem with colours), and their answers are compared,
#      byte for byte, with `dlx solve` on one machine;
#   3. a standalone cluster is started from the PySpark package (a master
#      and two workers of one core each, all bound to 127.0.0.1), the
#      drivers run on it again, shipping the dlx binary with the job, and
#      the cluster is stopped.
#
# Prints the time of every run and the throughput against `dlx solve -j 2`.
# Env: DLX (the binary; default target/release/dlx, built if missing),
# SPARK_TEST_RECORDS (one-line puzzles in the throughput file; 20000).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
target=${CARGO_TARGET_DIR:-$root/target}
dlx=${DLX:-$target/release/dlx}
if [ ! -x "$dlx" ]; then
    (cd "$root" && cargo build --release --bin dlx)
fi
dlx=$(cd "$(dirname "$dlx")" && pwd)/$(basename "$dlx")
py=$(bash "$here/setup.sh")
venv_bin=$(dirname "$py")

work=$(mktemp -d)
pids=()
cleanup() {
    status=$?
    for pid in "${pids[@]}"; do kill "$pid" 2> /dev/null || true; done
    for pid in "${pids[@]}"; do wait "$pid" 2> /dev/null || true; done
    if [ "$status" -ne 0 ] && [ -d "$work" ]; then
        for log in "$work"/*.log; do
            [ -f "$log" ] && { echo "--- $log (last lines)"; tail -n 20 "$log"; }
        done
    fi
    rm -rf "$work"
}
trap cleanup EXIT
# Everything Spark opens (driver, master, workers, their web pages) on the
# loopback interface only.
export SPARK_LOCAL_IP=127.0.0.1
export PYSPARK_PYTHON=$py
export SPARK_LOG_DIR=$work/logs

fail() { echo "spark test: FAIL: $*" >&2; exit 1; }
now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }

# --- Inputs -----------------------------------------------------------------
puzzles=$root/puzzles
# Grids over several lines, titles, a pretty grid, bad records, one-line
# puzzles: all in one file, as dlx reads it.
{
    cat "$puzzles/sudoku/baekjoon-2580.txt"
    echo
    cat "$puzzles/sudoku/pretty.txt"
    echo
    printf 'Grid 01\n003020600\n900305001\n001806400\n008102900\n700000008\n'
    printf '006708200\n002609500\n800203009\n005010300\n'
    head -n 300 "$puzzles/sudoku/minimal-1000.txt"
    cat "$puzzles/bad/sudoku-bad-records.txt"
    printf 'Grid 02\n1 2 3\n'
    tail -n 300 "$puzzles/sudoku/minimal-1000.txt"
} > "$work/mixed.txt"
# Sudominoku: the bundled set with a bad record in the middle.
{
    head -n 650 "$puzzles/sudominoku/generated-100.txt"
    printf '3\n1 A1 2 A2\n3 A3 4 A4\n1 A5 2 A6\nA7 A8 A9 B1 B2 B3 B4 B5 B6\n'
    tail -n +651 "$puzzles/sudominoku/generated-100.txt"
} > "$work/sudominoku.txt"
# One-line puzzles for throughput, every 1000th line a bad one.
n=${SPARK_TEST_RECORDS:-20000}
awk -v n="$n" 'NR == FNR { p[c++] = $0; next }
    END { for (k = 0; k < n; k++) print (k % 1000 == 999 ? "12345" : p[k % c]) }' \
    "$puzzles/sudoku/minimal-1000.txt" /dev/null > "$work/lines.txt"

expect() { # NAME: the one-machine answers of the remaining args
    local name=$1; shift
    "$dlx" "$@" > "$work/$name.want" 2> /dev/null || [ $? -eq 1 ] || fail "dlx $* failed"
}
same() { # NAME GOT
    cmp -s "$work/$1.want" "$2" || {
        diff "$work/$1.want" "$2" | head -n 10
        fail "$1: Spark's answers differ from dlx solve's"
    }
}
expect mixed solve -j 1 --no-progress "$work/mixed.txt"
expect sudominoku solve -j 1 --no-progress "$work/sudominoku.txt"
expect lines-count solve -j 2 --no-progress --count "$work/lines.txt"
grep -q '^!' "$work/mixed.want" || fail "the mixed input has no bad record to carry"

run() { # LABEL TIMEOUT COMMAND...: runs a driver, prints its time
    local label=$1 limit=$2; shift 2
    local start
    start=$(now)
    set +e
    timeout "$limit" "$@" > "$work/run.out" 2> "$work/run.log"
    local status=$?
    set -e
    if [ "$status" -gt 1 ]; then
        tail -n 30 "$work/run.log"
        fail "$label: exit status $status"
    fi
    printf '  %-44s %6s s\n' "$label" "$(elapsed "$start")"
}

drivers() { # MASTER all|some SHIP...: the runs (some: one of each kind)
    local master=$1 runs=$2; shift 2
    local tag=${master%%:*}
    run "solve.py, mixed file, one output file" 600 \
        "$py" "$here/solve.py" "$work/mixed.txt" -o "$work/mixed.$tag" \
        --master "$master" --dlx "$dlx" "$@"
    same mixed "$work/mixed.$tag"
    rm -rf "$work/sd.$tag"
    run "solve.py, Sudominoku, part files" 600 \
        "$py" "$here/solve.py" "$work/sudominoku.txt" --output-dir "$work/sd.$tag" \
        --partitions 5 --master "$master" --dlx "$dlx" "$@"
    cat "$work/sd.$tag"/part-* > "$work/sd.$tag.txt"
    same sudominoku "$work/sd.$tag.txt"
    if [ "$runs" = all ]; then
        run "solve.py --records lines, $n records --count" 600 \
            "$py" "$here/solve.py" "$work/lines.txt" -o "$work/lines.$tag" --records lines \
            --master "$master" --dlx "$dlx" "$@" -- --count
        same lines-count "$work/lines.$tag"
    fi
    local problems=(pentominoes-6x10)
    [ "$runs" = all ] && problems+=(words-4-a3-l24)
    for problem in "${problems[@]}"; do
        "$dlx" solve --count -j 1 "$puzzles/xc/$problem.dlx" > "$work/$problem.want"
        run "count.py, $problem" 600 \
            "$py" "$here/count.py" "$puzzles/xc/$problem.dlx" \
            --master "$master" --dlx "$dlx" "$@"
        cp "$work/run.out" "$work/$problem.$tag"
        same "$problem" "$work/$problem.$tag"
    done
}

echo "spark test: local[2] (PySpark $("$py" -c 'import pyspark; print(pyspark.__version__)'), $(java -version 2>&1 | head -1))"
drivers "local[2]" all

# --- A standalone cluster on this machine ----------------------------------
free_port() { "$py" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
wait_for() { # SECONDS WHAT TEST...
    local limit=$1 what=$2; shift 2
    local t=0
    until "$@"; do
        t=$((t + 1))
        [ "$t" -le "$((limit * 2))" ] || fail "$what not up after $limit s"
        sleep 0.5
    done
}
port=$(free_port)
"$venv_bin/spark-class" org.apache.spark.deploy.master.Master \
    --host 127.0.0.1 --port "$port" --webui-port "$(free_port)" > "$work/master.log" 2>&1 &
pids+=($!)
wait_for 120 "the master" grep -qs "I have been elected leader" "$work/master.log"
for w in 1 2; do
    mkdir -p "$work/worker$w"
    "$venv_bin/spark-class" org.apache.spark.deploy.worker.Worker \
        --host 127.0.0.1 --cores 1 --memory 1g --webui-port "$(free_port)" \
        --work-dir "$work/worker$w" "spark://127.0.0.1:$port" > "$work/worker$w.log" 2>&1 &
    pids+=($!)
done
workers_up() { [ "$(grep -c "Registering worker" "$work/master.log")" -ge 2 ]; }
wait_for 120 "two workers" workers_up
# Nothing of the cluster listens beyond the loopback interface.
command -v ss > /dev/null || fail "no ss (Debian's iproute2) to list the cluster's sockets with"
for pid in "${pids[@]}"; do
    if ss -Hltnp | grep "pid=$pid," | awk '{print $4}' \
        | grep -Ev '^(127\.0\.0\.1|\[::ffff:127\.0\.0\.1\]):' | grep -q .; then
        ss -Hltnp | grep "pid=$pid,"
        fail "a cluster process listens beyond 127.0.0.1"
    fi
done
echo "spark test: standalone cluster, master spark://127.0.0.1:$port, 2 workers of 1 core"
drivers "spark://127.0.0.1:$port" some --ship

# --- Throughput against one machine -----------------------------------------
start=$(now)
"$dlx" solve -j 2 --no-progress --count "$work/lines.txt" > /dev/null 2>&1 || true
printf '  %-44s %6s s\n' "dlx solve -j 2 --count, $n records" "$(elapsed "$start")"
echo "spark test: ok"
