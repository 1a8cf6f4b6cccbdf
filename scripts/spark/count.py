#!/usr/bin/env python3
"""Count the solutions of one exact-cover problem on Apache Spark with dlx:
the exact total, equal to `dlx solve --count PROBLEM` on one machine.

    python count.py PROBLEM [--parts N]
    spark-submit --master spark://HOST:7077 --py-files dlxspark.py \\
        count.py hdfs:///problems/pentominoes.dlx --parts 4096 --ship

How: on the driver, `dlx split PROBLEM --lines --parts N` cuts the search
tree into about N parts, balanced by Knuth's estimate of their sizes, one
line each (`with=3,17 without=5`): disjoint, and together holding every
solution. The problem file is shipped to the executors (SparkContext.addFile)
and the part lines are counted there by `dlx solve --parts-of PROBLEM
--count`, in about 4 tasks per executor core (each a stride of the parts),
which Spark hands to executors as they come free. The driver checks that every part got a count and adds them up
(in Python's unbounded integers).

Prints the total on standard output; the parts, their largest share and
the time on standard error. Exit status: 0 with the total, 2 on usage
errors or a failed job (no total is printed then: a part without its count
would make the sum wrong).
"""

import argparse
import os
import shutil
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import dlxspark  # noqa: E402


def parse_args(argv):
    p = argparse.ArgumentParser(description="Count an exact-cover problem's solutions on Spark with dlx.")
    p.add_argument("problem", help="problem in Knuth's format: a local path or any URI Spark reads")
    p.add_argument("--parts", type=int, default=None, metavar="N",
                   help="parts to cut the search into (default: 16 per executor core, at least 64)")
    p.add_argument("--tasks", type=int, default=None, metavar="T",
                   help="Spark tasks to count the parts in (default: 4 per executor core)")
    p.add_argument("--samples", type=int, default=64, metavar="K",
                   help="random paths per part for the estimates that balance the parts (dlx split --samples)")
    p.add_argument("--seed", type=int, default=0, metavar="S", help="seed of those paths")
    p.add_argument("--sharp", action="store_true", help="choose items named # first (dlx solve --sharp)")
    dlxspark.add_common_arguments(p)
    args = p.parse_args(argv)
    for name in ("parts", "tasks", "samples"):
        value = getattr(args, name)
        if value is not None and value < 1:
            p.error(f"--{name} must be at least 1")
    return args


def main(argv):
    args = parse_args(argv)
    dlx = dlxspark.find_dlx(args.dlx)
    started = time.monotonic()
    spark = dlxspark.spark_session("dlx-count", args.master)
    sc = spark.sparkContext
    work = tempfile.mkdtemp(prefix="dlx-spark-")
    try:
        problem = dlxspark.fetch_to_driver(sc, args.problem, work)
        split_started = time.monotonic()
        parts = args.parts or max(64, 16 * sc.defaultParallelism)
        split = [dlx, "split", "--lines", "--parts", str(parts), "--samples", str(args.samples),
                 "--seed", str(args.seed), problem]
        lines = [line for line in dlxspark.run_dlx(split).splitlines() if line.strip()]
        split_seconds = time.monotonic() - split_started
        # The problem goes with the job; dlx finds it by its name there.
        name = "problem-" + os.path.basename(problem)
        shipped_problem = os.path.join(work, name)
        shutil.copyfile(problem, shipped_problem)
        sc.addFile(shipped_problem)
        if args.ship:
            sc.addFile(dlx)
        executor_dlx = None if args.ship else (args.executor_dlx or dlx)
        sharp = ["--sharp"] if args.sharp else []

        def argv():
            return [executor_dlx or dlxspark.shipped("dlx"), "solve", "--parts-of",
                    dlxspark.shipped(name), "--count", "-j", "1", "--no-progress"] + sharp + ["-"]

        # Spark's own cost per task (tens of milliseconds, more on a busy
        # machine) is paid per task, not per part: each task counts a
        # stride of the parts (every T-th, so large and small ones mix),
        # and Spark hands the T tasks out as executors come free.
        tasks = min(len(lines), args.tasks or 4 * sc.defaultParallelism)
        order = [k for t in range(tasks) for k in range(t, len(lines), tasks)]
        rdd = sc.parallelize([lines[k] for k in order], numSlices=tasks)
        out = rdd.mapPartitions(dlxspark.pipe(argv)).collect()
        if len(out) != len(lines):
            dlxspark.fail(f"{len(lines)} parts but {len(out)} counts came back")
        counts = [None] * len(lines)
        for k, count in zip(order, out):
            counts[k] = count
        total = 0
        largest = 0
        for line, count in zip(lines, counts):
            text = count.decode("utf-8", "replace").strip()
            if not text.isdigit():
                dlxspark.fail(f"part `{line.decode()}` got `{text}`, not a count")
            total += int(text)
            largest = max(largest, int(text))
        seconds = time.monotonic() - started
        print(total)
        print(f"count.py: {len(lines)} parts in {tasks} tasks (split in {split_seconds:.1f} s), largest part "
              f"{largest} solutions, {seconds:.1f} s with Spark's start", file=sys.stderr)
        return 0
    finally:
        spark.stop()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
