#!/usr/bin/env python3
"""Solve every record of a puzzle file on Apache Spark with dlx: one answer
per record, in input order, byte for byte what `dlx solve FILE` writes on
one machine.

    python solve.py INPUT -o answers.txt [-- DLX SOLVE OPTIONS]
    spark-submit --master spark://HOST:7077 --py-files dlxspark.py \\
        solve.py hdfs:///puzzles.txt --output-dir hdfs:///answers --records lines

How records are kept whole (--records):

  regroup (the default): `dlx records` reads INPUT on the driver, with
      dlx's own readers, and writes each record as one line (its place in
      the file, its line there, the puzzle as read or why it is none). Spark
      cuts that file at line ends into partitions, and each partition goes
      through `dlx solve --from-records`, which answers each record as it is
      answered in the whole file (Sudominoku's `Puzzle k`, the blank line
      between grid answers). Any input dlx reads works: grids over several
      lines (Baekjoon 2580), titled grids, CSV with a header, Sudominoku.
      The record file is staged where the executors can read it (--stage).

  lines: each line of INPUT is a record (one-line puzzles, or CSV lines
      without a header): partitions of INPUT go straight through `dlx solve
      -`, with nothing done on the driver. For the largest files of one-line
      puzzles, already on the cluster's file system.

Answers: --output FILE writes one local file on the driver (partitions
computed in parallel, then written in order); --output-dir URI lets Spark
write part files (part-00000, part-00001, ...) whose concatenation in name
order is the answer file (`cat URI/part-*`, `hdfs dfs -getmerge`).

Options after `--` go to `dlx solve` (--count, --unique, --format STYLE,
--variant RULES, --node-limit N, --timeout-ms T, --solver NAME, ...).
Exit status: 0 when every record was solved, 1 when some record was marked
(invalid, unsolvable, over a limit), 2 on usage errors or a failed job.
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import dlxspark  # noqa: E402

# dlx solve options this driver sets itself.
OWNED = {"-j", "--threads", "-o", "--output", "--out", "--kind", "--box", "--from-records",
         "--all", "--parts-of", "--resume-to", "--sharp"}


def parse_args(argv):
    if "--" in argv:
        at = argv.index("--")
        argv, extra = argv[:at], argv[at + 1:]
    else:
        extra = []
    p = argparse.ArgumentParser(
        description="Solve a puzzle file on Spark with dlx, answers in input order.",
        epilog="Options after `--` go to `dlx solve` (--count, --unique, --format, --variant, ...).",
    )
    p.add_argument("input", help="puzzle file: a local path or any URI Spark reads (hdfs://, s3a://, file://)")
    out = p.add_mutually_exclusive_group(required=True)
    out.add_argument("-o", "--output", metavar="FILE", help="local answer file, written by the driver")
    out.add_argument("--output-dir", metavar="URI", help="directory for Spark's part files (must not exist)")
    p.add_argument("--records", choices=["regroup", "lines"], default="regroup",
                   help="regroup: dlx reads the records on the driver (any input; default); "
                        "lines: every line is a record, read by the executors")
    p.add_argument("--kind", choices=["auto", "sudoku", "sudominoku"], default="auto",
                   help="input kind (default: decided from the content; lines: sudoku)")
    p.add_argument("--box", metavar="RxC", help="Sudoku box shape, as dlx solve --box")
    p.add_argument("--partitions", type=int, metavar="N",
                   help="partitions to cut the records into (default: 4 per executor core)")
    p.add_argument("--stage", metavar="URI",
                   help="directory every executor can read, for the record file of --records "
                        "regroup (default: a temporary directory on the driver, enough for local "
                        "mode and a cluster on one machine)")
    dlxspark.add_common_arguments(p)
    args = p.parse_args(argv)
    for option in extra:
        if option.split("=")[0] in OWNED:
            p.error(f"{option} after `--` is set by this driver; give it before `--` if it has it")
    if args.partitions is not None and args.partitions < 1:
        p.error("--partitions must be at least 1")
    if args.records == "lines" and args.kind == "sudominoku":
        p.error("--records lines takes one-line Sudoku records; Sudominoku puzzles span lines (use regroup)")
    return args, extra


def main(argv):
    args, extra = parse_args(argv)
    dlx = dlxspark.find_dlx(args.dlx)
    reading = ["--kind", args.kind] if args.kind != "auto" else []
    if args.box:
        reading += ["--box", args.box]
    if args.records == "lines":
        solve = ["solve", "-j", "1", "--no-progress", "--kind", "sudoku"] + reading[2:] + extra + ["-"]
    else:
        solve = ["solve", "-j", "1", "--no-progress", "--from-records"] + extra + ["-"]
    # dlx's own refusals (an unknown option, --all on Sudoku), before Spark starts.
    dlxspark.run_dlx([dlx] + solve, stdin=subprocess.DEVNULL, quiet=True)

    started = time.monotonic()
    spark = dlxspark.spark_session("dlx-solve", args.master)
    sc = spark.sparkContext
    work = tempfile.mkdtemp(prefix="dlx-spark-")
    try:
        if args.ship:
            sc.addFile(dlx)
            executor_dlx = None
        else:
            executor_dlx = args.executor_dlx or dlx
        partitions = args.partitions or 4 * sc.defaultParallelism
        if args.records == "lines":
            lines = sc.textFile(args.input, minPartitions=partitions, use_unicode=False)
        else:
            lines = sc.textFile(stage_records(sc, dlx, args, reading, work),
                                minPartitions=partitions, use_unicode=False)

        def argv():
            return [executor_dlx or dlxspark.shipped("dlx")] + solve

        answers = lines.mapPartitions(dlxspark.pipe(argv))
        marked = sc.accumulator(0)

        def note_marks(line):
            if line.startswith(b"!"):
                marked.add(1)
            return line

        answers = answers.map(note_marks)
        if args.output_dir:
            answers.saveAsTextFile(args.output_dir)
        else:
            write_in_order(answers, args.output)
        seconds = time.monotonic() - started
        print(f"solve.py: {lines.getNumPartitions()} partitions, {marked.value} marked "
              f"answer(s), {seconds:.1f} s with Spark's start", file=sys.stderr)
        return 1 if marked.value else 0
    finally:
        spark.stop()
        shutil.rmtree(work, ignore_errors=True)


def stage_records(sc, dlx, args, reading, work):
    """Runs `dlx records` on the input (copied to the driver if remote) and
    puts the record file where the executors read it; returns its URI."""
    source = dlxspark.fetch_to_driver(sc, args.input, work)
    local = os.path.join(work, "records.txt")
    dlxspark.run_dlx([dlx, "records", "-o", local] + reading + [source])
    if not args.stage:
        master = sc.master
        if not master.startswith("local"):
            print(f"solve.py: note: the record file is on the driver's disk ({local}); executors "
                  "on other machines cannot read it: give --stage URI (hdfs://, s3a://, a shared "
                  "mount)", file=sys.stderr)
        return "file://" + local
    dest = args.stage.rstrip("/") + f"/dlx-records-{os.getpid()}-{int(time.time())}.txt"
    dlxspark.hadoop_copy(sc, "file://" + local, dest)
    return dest


def write_in_order(answers, path):
    """Writes the answers to the local file `path`, in order: every
    partition is computed first, in parallel, and kept (spilling to disk);
    then they are read back one by one (toLocalIterator alone would compute
    them one at a time)."""
    from pyspark import StorageLevel

    answers.persist(StorageLevel.MEMORY_AND_DISK)
    answers.count()
    tmp = path + ".part"
    with open(tmp, "wb") as out:
        for line in answers.toLocalIterator():
            out.write(line)
            out.write(b"\n")
    os.replace(tmp, path)
    answers.unpersist()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
