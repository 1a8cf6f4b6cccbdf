"""What solve.py and count.py share: finding dlx, starting Spark, moving
files between the driver and any Hadoop file system, and running dlx on
each partition of an RDD.

Runs on the driver and, for `pipe`, on the executors (shipped with
SparkContext.addPyFile, so that the functions Spark pickles by reference
can be imported there).
"""

import os
import shutil
import subprocess
import sys
import tempfile
import threading
import urllib.parse

# dlx exits 0 when every record was solved and 1 when some record was not
# (marked in its place); 2 or more is a usage or I/O error or a crash, in
# which case its output is not the partition's answers.
DLX_ANSWERED = (0, 1)


def fail(message):
    """Ends the driver with `error: message` on stderr and exit status 2."""
    print(f"error: {message}", file=sys.stderr)
    sys.exit(2)


class DlxError(RuntimeError):
    """dlx failed on a partition: the task fails (Spark retries it, then
    fails the job) rather than lose the partition's answers."""


def add_common_arguments(parser):
    """The options both drivers take: where dlx is, on the driver and on
    the executors, and the Spark master."""
    parser.add_argument("--dlx", metavar="PATH",
                        help="dlx on the driver (default: dlx on PATH, else target/release/dlx)")
    parser.add_argument("--executor-dlx", metavar="PATH",
                        help="dlx's absolute path on the executors, if not the driver's and not shipped")
    parser.add_argument("--ship", action="store_true",
                        help="ship the driver's dlx binary with the job (executors of the same OS and CPU)")
    parser.add_argument("--master", metavar="URL",
                        help="Spark master (default: spark-submit's, or local[*])")


def find_dlx(given):
    """The absolute path of the dlx binary: `given`, else `dlx` on PATH,
    else this checkout's target/release/dlx."""
    here = os.path.dirname(os.path.abspath(__file__))
    target = os.environ.get("CARGO_TARGET_DIR", os.path.join(here, "..", "..", "target"))
    candidates = [given] if given else [shutil.which("dlx"), os.path.join(target, "release", "dlx")]
    for path in candidates:
        if path and os.path.isfile(path) and os.access(path, os.X_OK):
            return os.path.abspath(path)
    wanted = given or "dlx on PATH or " + os.path.join(target, "release", "dlx")
    fail(f"no dlx binary ({wanted}): build it with `cargo build --release`, or give --dlx PATH")


def run_dlx(argv, quiet=False, **kwargs):
    """Runs dlx on the driver and returns its output; exits with dlx's own
    message when it refuses (exit status 2 or more). Its notes are passed
    on unless `quiet`."""
    done = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kwargs)
    failed = done.returncode not in DLX_ANSWERED
    if failed or not quiet:
        sys.stderr.write(done.stderr.decode("utf-8", "replace"))
    if failed:
        fail(f"{' '.join(argv[:2])} failed (exit status {done.returncode})")
    return done.stdout


def spark_session(app, master):
    """A SparkSession named `app`, on `master` when given (else the one
    spark-submit set, or local[*])."""
    from pyspark.sql import SparkSession

    builder = SparkSession.builder.appName(app)
    if master:
        builder = builder.master(master)
    # The executors' Python: the driver's own, unless set already.
    if not os.environ.get("PYSPARK_PYTHON"):
        builder = builder.config("spark.pyspark.python", sys.executable)
    # Stage bars on stderr would mix with dlx's diagnostics.
    builder = builder.config("spark.ui.showConsoleProgress", "false")
    spark = builder.getOrCreate()
    spark.sparkContext.setLogLevel("WARN")
    spark.sparkContext.addPyFile(os.path.abspath(__file__))
    return spark


def is_local(uri):
    """Whether `uri` names a file of the driver's own file system."""
    return urllib.parse.urlparse(uri).scheme in ("", "file")


def local_path(uri):
    """The path of a local `uri` (`file:///x` or `/x`)."""
    parsed = urllib.parse.urlparse(uri)
    return urllib.parse.unquote(parsed.path) if parsed.scheme == "file" else uri


def hadoop_copy(sc, source, dest):
    """Copies one file between any two Hadoop file systems (hdfs://,
    s3a://, file://, ...), through the JVM Spark runs in."""
    jvm = sc._jvm
    conf = sc._jsc.hadoopConfiguration()
    Path = jvm.org.apache.hadoop.fs.Path
    src, dst = Path(source), Path(dest)
    ok = jvm.org.apache.hadoop.fs.FileUtil.copy(
        src.getFileSystem(conf), src, dst.getFileSystem(conf), dst, False, True, conf
    )
    if not ok:
        fail(f"could not copy {source} to {dest}")


def fetch_to_driver(sc, uri, workdir):
    """A local path holding the file `uri`: itself when local, else a copy
    in `workdir`."""
    if is_local(uri):
        path = local_path(uri)
        if not os.path.isfile(path):
            fail(f"{uri}: no such file")
        return path
    dest = os.path.join(workdir, os.path.basename(urllib.parse.urlparse(uri).path) or "input")
    hadoop_copy(sc, uri, "file://" + dest)
    return dest


def pipe(make_argv):
    """A function for RDD.mapPartitions: streams the partition's lines
    (bytes, without line ends) through the dlx command `make_argv()` and
    yields its output lines (bytes, in order).

    RDD.pipe would do the same but, by default, ignores the child's exit
    status: a dlx that crashed or refused its options would leave its
    partition's answers out without a word. Here an exit status of 2 or
    more fails the task with dlx's message. `make_argv` runs on the
    executor, so it can find files shipped with SparkContext.addFile there.
    dlx's diagnostics (`FILE:LINE: reason` for each bad record) go to the
    executor's stderr, its log.
    """

    def run(lines):
        argv = make_argv()
        with tempfile.TemporaryFile() as err:
            proc = subprocess.Popen(
                argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=err
            )

            def feed():
                try:
                    for line in lines:
                        proc.stdin.write(line + b"\n")
                except BrokenPipeError:
                    pass  # dlx stopped reading: its exit status says why
                finally:
                    try:
                        proc.stdin.close()
                    except BrokenPipeError:
                        pass

            writer = threading.Thread(target=feed, daemon=True)
            writer.start()
            for line in proc.stdout:
                yield line[:-1] if line.endswith(b"\n") else line
            writer.join()
            code = proc.wait()
            err.seek(0)
            diagnostics = err.read().decode("utf-8", "replace")
            if diagnostics:
                sys.stderr.write(diagnostics)
            if code not in DLX_ANSWERED:
                raise DlxError(f"{' '.join(argv)}: exit status {code}: {diagnostics[-4000:]}")

    return run


def shipped(name):
    """The path of a file shipped with SparkContext.addFile, on the
    executor that asks."""
    from pyspark import SparkFiles

    path = SparkFiles.get(name)
    if not os.access(path, os.X_OK) and name == "dlx":
        os.chmod(path, 0o755)
    return path
