use super::*;
use crate::cli::answer::{Answer, Outcome};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// Jobs 0..n on lines 1..=n.
fn numbered(n: usize) -> impl Iterator<Item = io::Result<Job<usize>>> + Send {
    (0..n).map(|k| {
        Ok(Job {
            line: k + 1,
            task: Ok(k),
        })
    })
}

/// A solved record's outcome: for tests of the pipeline itself.
fn solved(line: usize) -> Outcome {
    Outcome::new(line, Answer::Unique(true))
}

/// The histogram rounds to three digits: the mean and the largest time
/// are kept exactly, and the median never passes the largest.
#[test]
fn stats_times_are_exact_for_few_records() {
    let mut one = Summary::default();
    one.add(&Outcome {
        elapsed: Duration::from_nanos(2_999_975_917),
        ..solved(1)
    });
    let report = one.report("f", 1);
    assert!(
        report.contains("mean 2999975.9 us, median 2999975.9 us, max 2999975.9 us"),
        "{report}"
    );
    let mut other = Summary::default();
    other.add(&Outcome {
        elapsed: Duration::from_nanos(1_000),
        ..solved(2)
    });
    one.merge(&other);
    assert_eq!((one.time_sum, one.time_max), (2_999_976_917, 2_999_975_917));
    assert!(one.report("f", 1).contains("mean 1499988.5 us"));
}

/// One invalid record: singular, and no rate of puzzles never searched.
#[test]
fn stats_of_invalid_records_have_no_rate() {
    let mut bad = Summary::default();
    bad.add(&Outcome::invalid(2, "unknown item `z`"));
    let report = bad.report("f", 2);
    assert!(report.starts_with("f: 1 record: 0 solved, 0 unsolvable, 1 invalid"));
    assert!(!report.contains("puzzles/s"), "{report}");
    let mut good = Summary::default();
    good.add(&solved(1));
    good.add(&solved(2));
    assert!(good.report("f", 1).contains("f: 2 records: 2 solved"));
    assert!(good.report("f", 1).contains("puzzles/s"));
}

fn squares(threads: usize, n: usize) -> (Vec<String>, Summary) {
    let jobs = (0..n).map(|k| {
        Ok(Job {
            line: k + 1,
            task: if k % 7 == 3 {
                Err(format!("bad {k}"))
            } else {
                Ok(k)
            },
        })
    });
    let mut out = Vec::new();
    let summary = run(
        jobs,
        Config {
            threads,
            max_chunk: 64,
            ..Config::default()
        },
        || 0u64,
        |calls, job| {
            *calls += 1;
            match &job.task {
                Ok(k) if *k == 11 => panic!("boom"),
                Ok(k) => Outcome {
                    nodes: 1,
                    ..Outcome::new(
                        job.line,
                        Answer::Count {
                            solutions: (k * k) as u64,
                            capped: false,
                        },
                    )
                },
                Err(e) => Outcome::invalid(job.line, e.clone()),
            }
        },
        |outcomes| {
            out.extend(
                outcomes
                    .iter()
                    .map(|o| format!("{}:{}", o.line, o.render())),
            );
            Ok(())
        },
    )
    .unwrap();
    (out, summary)
}

#[test]
fn order_is_kept_and_panics_stay_local() {
    let prev = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let (one, s1) = squares(1, 1000);
    let (two, s2) = squares(2, 1000);
    std::panic::set_hook(prev);
    assert_eq!(one, two);
    assert_eq!(one.len(), 1000);
    assert_eq!(one[0], "1:0");
    assert_eq!(one[3], "4:! invalid: bad 3");
    assert_eq!(
        one[11],
        "12:! invalid: internal error: the solver panicked on this record"
    );
    assert_eq!(one[12], "13:144");
    assert_eq!(s1.records, 1000);
    assert_eq!(s1.invalid, 143 + 1);
    assert_eq!(s2.solved, s1.solved);
}

/// A panic while making a worker's state fails the record it was made
/// for, like a panic while solving, instead of hanging the batch; the
/// next record makes the state again.
#[test]
fn a_panic_making_the_state_fails_one_record() {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let prev = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    for threads in [1, 2] {
        let made = AtomicUsize::new(0);
        let mut lines = Vec::new();
        let jobs = numbered(100);
        let summary = run(
            jobs,
            Config {
                threads,
                max_chunk: 8,
                ..Config::default()
            },
            || {
                assert!(
                    made.fetch_add(1, Ordering::Relaxed) > 0,
                    "no state at first"
                );
            },
            |_, job| solved(job.line),
            |outcomes| {
                lines.extend(outcomes.iter().map(|o| o.line));
                Ok(())
            },
        )
        .unwrap();
        assert_eq!(lines, (1..=100).collect::<Vec<_>>(), "{threads} threads");
        assert_eq!(
            (summary.invalid, summary.solved),
            (1, 99),
            "{threads} threads"
        );
    }
    std::panic::set_hook(prev);
}

/// A `solve` that runs a batch of its own (a library user's nested
/// work) on the same shared pool finishes: a worker waiting inside the
/// inner run may pick up the outer run's jobs, and those must not wait
/// for the state lock the same thread holds further up.
#[test]
fn a_batch_inside_a_solve_does_not_deadlock() {
    let (done, finished) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let config = Config {
            threads: 2,
            max_chunk: 4,
            ..Config::default()
        };
        let summary = run(
            numbered(64),
            config,
            || (),
            |_, job| {
                let inner = run(
                    numbered(16),
                    config,
                    || (),
                    |_, j| solved(j.line),
                    |_| Ok(()),
                );
                assert_eq!(inner.unwrap().solved, 16);
                solved(job.line)
            },
            |_| Ok(()),
        );
        let _ = done.send(summary.map(|s| s.solved).ok());
    });
    // A hang guard only: the nested batches take well under a second.
    let solved = finished.recv_timeout(Duration::from_secs(600));
    assert_eq!(solved, Ok(Some(64)), "the nested batches did not finish");
}

/// Each worker makes its state (a solver with its arena) once per run,
/// not once per rayon job, and keeps using it.
#[test]
fn each_worker_makes_its_state_once() {
    use std::sync::atomic::{AtomicUsize, Ordering};
    for threads in [1, 2, 3] {
        let made = AtomicUsize::new(0);
        let mut texts = Vec::new();
        let jobs = numbered(5000);
        let summary = run(
            jobs,
            Config {
                threads,
                max_chunk: 64,
                ..Config::default()
            },
            || made.fetch_add(1, Ordering::Relaxed),
            |_, job| solved(job.line),
            |outcomes| {
                texts.extend(outcomes.iter().map(|o| o.line));
                Ok(())
            },
        )
        .unwrap();
        assert_eq!(summary.records, 5000);
        assert_eq!(texts, (1..=5000).collect::<Vec<_>>());
        let made = made.into_inner();
        assert!(
            (1..=threads).contains(&made),
            "{threads} threads made {made} states"
        );
    }
}

/// Runs with the same number of threads share one pool (a run per
/// file must not start and stop its threads each time); another number
/// gets a pool of that size.
#[test]
fn runs_of_one_size_share_a_pool() {
    let mut cache = PoolCache { last: None };
    let first = cache.get(3).unwrap();
    assert_eq!(first.current_num_threads(), 3);
    assert!(Arc::ptr_eq(&first, &cache.get(3).unwrap()));
    let other = cache.get(2).unwrap();
    assert_eq!(other.current_num_threads(), 2);
    assert!(!Arc::ptr_eq(&first, &cache.get(3).unwrap()));
}

/// An input error ends the batch after the records before it, and
/// carries their totals ([`CutShort`]); an error of the sink carries
/// none.
#[test]
fn input_errors_stop_the_batch() {
    for threads in [1, 2] {
        let jobs = (0..100).map(|k| {
            if k == 50 {
                Err(io::Error::other("disk on fire"))
            } else {
                Ok(Job {
                    line: k,
                    task: Ok(k),
                })
            }
        });
        let mut seen = 0;
        let r = run(
            jobs,
            Config {
                threads,
                max_chunk: 8,
                ..Config::default()
            },
            || (),
            |_, j| Outcome::invalid(j.line, "x"),
            |outcomes| {
                seen += outcomes.len();
                Ok(())
            },
        );
        let e = r.unwrap_err();
        assert_eq!(e.to_string(), "disk on fire");
        assert_eq!(e.kind(), io::ErrorKind::Other);
        assert_eq!(seen, 50, "every record before the error is written");
        let before = cut_short(&e).expect("the totals before the error");
        assert_eq!((before.records, before.invalid), (50, 50));
        assert_eq!(before.cut_short, 1);
        assert!(before
            .report("f", threads)
            .contains("1 input cut short by a read error"));
    }
    let full = run(
        numbered(100),
        Config::default(),
        || (),
        |_, j| solved(j.line),
        |_| Err(io::Error::other("disk full")),
    );
    assert!(cut_short(&full.unwrap_err()).is_none());
}

/// A stop flag raised while record 30 is searched: records 1-29 are
/// delivered, nothing from 30 on (also records finished after it), no
/// record after the flag is read, and the run ends with an
/// `Interrupted` error that names the line and holds the totals.
#[test]
fn a_stop_delivers_the_records_before_the_first_interrupted() {
    for threads in [1, 2] {
        let flag: &'static AtomicBool = Box::leak(Box::new(AtomicBool::new(false)));
        let stop = Cancel::new(flag);
        let read = AtomicUsize::new(0);
        let jobs = numbered(10_000).inspect(|_| {
            read.fetch_add(1, Ordering::Relaxed);
        });
        let mut delivered = Vec::new();
        let r = run(
            jobs,
            Config {
                threads,
                max_chunk: 8,
                stop: Some(stop),
            },
            || (),
            |_, j| {
                if j.line == 30 {
                    flag.store(true, Ordering::Relaxed);
                }
                if stop.is_raised() && j.line >= 30 {
                    Outcome::new(j.line, Answer::Interrupted { found: 0 })
                } else {
                    solved(j.line)
                }
            },
            |outcomes| {
                delivered.extend(outcomes.iter().map(|o| o.line));
                Ok(())
            },
        );
        let e = r.unwrap_err();
        assert_eq!(delivered, (1..30).collect::<Vec<_>>(), "-j{threads}");
        assert_eq!(e.kind(), io::ErrorKind::Interrupted);
        assert_eq!(
            e.to_string(),
            "interrupted while solving the record of line 30"
        );
        let before = cut_short(&e).expect("the totals before the stop");
        assert_eq!((before.records, before.solved), (29, 29));
        assert_eq!(before.cut_short, 0, "a stop is not a read error");
        assert!(
            read.load(Ordering::Relaxed) < 200,
            "-j{threads}: the reader stopped"
        );
    }
    // Raised before the first record: nothing is solved or delivered.
    let flag: &'static AtomicBool = Box::leak(Box::new(AtomicBool::new(true)));
    let mut delivered = 0;
    let e = run(
        numbered(100),
        Config {
            stop: Some(Cancel::new(flag)),
            ..Config::default()
        },
        || (),
        |_, j| solved(j.line),
        |outcomes| {
            delivered += outcomes.len();
            Ok(())
        },
    )
    .unwrap_err();
    assert_eq!((e.to_string().as_str(), delivered), ("interrupted", 0));
}

/// Chunks that finish in any order are still delivered in input order,
/// each exactly once, and never more than CHUNKS_IN_FLIGHT are started
/// ahead of the writer.
#[test]
fn pipeline_delivers_in_order_whatever_finishes_first() {
    let (sender, chunks) = sync_channel(20);
    for c in 0..20 {
        let chunk = (0..5).map(|k| Job {
            line: c * 5 + k,
            task: Ok(()),
        });
        sender.send(Ok(chunk.collect::<Vec<_>>())).unwrap();
    }
    drop(sender);
    let mut handles = Vec::new();
    let mut delivered = Vec::new();
    let started = std::sync::atomic::AtomicUsize::new(0);
    let written = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let written_in_deliver = std::sync::Arc::clone(&written);
    pipeline(
        chunks,
        |chunk: Vec<Job<()>>, done| {
            let n = started.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            let ahead = n - written.load(std::sync::atomic::Ordering::SeqCst);
            assert!(ahead < CHUNKS_IN_FLIGHT, "{ahead} chunks in flight");
            // Later chunks of each group of three finish first.
            let delay = Duration::from_millis(3 * (2 - n as u64 % 3));
            handles.push(std::thread::spawn(move || {
                std::thread::sleep(delay);
                done(
                    chunk
                        .iter()
                        .map(|j| Outcome::invalid(j.line, "x"))
                        .collect(),
                );
            }));
        },
        &mut |outcomes: &[Outcome]| {
            delivered.extend(outcomes.iter().map(|o| o.line));
            written_in_deliver.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            Ok(())
        },
    )
    .unwrap();
    for h in handles {
        h.join().unwrap();
    }
    assert_eq!(delivered, (0..100).collect::<Vec<_>>());
}

/// A stream that hands out one piece of text per `feed` and blocks in
/// between, like a pipe from a slow program.
struct Trickle(std::sync::mpsc::Receiver<Vec<u8>>);

impl Read for Trickle {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let Ok(piece) = self.0.recv() else {
            return Ok(0);
        };
        buf[..piece.len()].copy_from_slice(&piece);
        Ok(piece.len())
    }
}

/// A terminal's Ctrl-D gives one read of 0 bytes, and the next read
/// waits for more typing: after the first 0, `StreamRead` never asks
/// again, so one Ctrl-D ends the input.
#[test]
fn the_end_of_a_stream_is_final() {
    struct Terminal(Vec<&'static [u8]>);
    impl Read for Terminal {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let piece = self.0.remove(0);
            buf[..piece.len()].copy_from_slice(piece);
            Ok(piece.len())
        }
    }
    let mut stream = StreamRead::new(Terminal(vec![b"12\n", b"", b"typed after the end"]));
    let mut buf = [0u8; 64];
    assert_eq!(stream.read(&mut buf).unwrap(), 3);
    assert_eq!(stream.read(&mut buf).unwrap(), 0);
    // A second look would have read the typing after Ctrl-D (and, on
    // a real terminal, waited for it).
    assert_eq!(stream.read(&mut buf).unwrap(), 0);
    assert_eq!(stream.inner.0.len(), 1);
}

/// Through `StreamRead`, each line of a trickling input is answered
/// before the next one is fed: nothing waits for a chunk to fill up or
/// for the input to end.
#[test]
fn a_trickling_stream_is_answered_line_by_line() {
    use std::io::BufRead;
    for threads in [1, 2] {
        let (feed, pieces) = std::sync::mpsc::channel::<Vec<u8>>();
        let (answer_tx, answers) = std::sync::mpsc::channel::<usize>();
        let batch = std::thread::spawn(move || {
            let input = io::BufReader::new(StreamRead::new(Trickle(pieces)));
            let jobs = input.lines().enumerate().map(|(k, line)| {
                line.map(|text| Job {
                    line: k + 1,
                    task: Ok(text.len()),
                })
            });
            let config = Config {
                threads,
                max_chunk: 4096,
                ..Config::default()
            };
            let solve = |_: &mut (), job: &Job<usize>| Outcome::invalid(job.line, "x");
            let sink = |outcomes: &[Outcome]| {
                outcomes
                    .iter()
                    .for_each(|o| answer_tx.send(o.line).unwrap());
                Ok(())
            };
            run(jobs, config, || (), solve, sink).unwrap().records
        });
        for line in 1..=5 {
            feed.send(format!("record {line}\n").into_bytes()).unwrap();
            // A hang guard only: each answer comes as soon as its record.
            let answered = answers.recv_timeout(Duration::from_secs(600));
            assert_eq!(answered, Ok(line), "{threads} thread(s)");
        }
        drop(feed);
        assert_eq!(batch.join().unwrap(), 5);
    }
}
