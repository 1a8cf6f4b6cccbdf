//! The bounds of one search: [`Limits`] (solutions, nodes, a deadline, a
//! [`Cancel`] flag) and how often the clock is read.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use super::report::End;

/// Limits on one search. The default is no limit at all.
///
/// ```
/// use std::time::Duration;
/// use dlx_engine::exact_cover::{End, Limits, Solver};
/// use dlx_engine::problems::n_queens;
///
/// let mut solver = Solver::new(&n_queens(10).compile()?);
/// let report = solver.count(Limits::solutions(2));
/// assert_eq!((report.solutions, report.end), (2, End::Stopped));
/// let budget = Limits::none()
///     .with_max_nodes(100)
///     .with_timeout(Duration::from_secs(60));
/// let report = solver.count(budget);
/// assert_eq!((report.stats.nodes, report.end), (100, End::NodeLimit));
/// # Ok::<(), dlx_engine::exact_cover::ProblemError>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Limits {
    /// Stop after this many solutions.
    pub max_solutions: Option<u64>,
    /// Stop once this many search nodes (options tried) have been used.
    pub max_nodes: Option<u64>,
    /// Stop once this moment has passed. The exact-cover solvers check it
    /// before the first node (a deadline already past stops a search with
    /// no node), every [`DEADLINE_CHECK_NODES`] nodes after, and whenever
    /// [`DEADLINE_CHECK_UPDATES`] link updates have passed since the last
    /// look, so a search overruns it by at most the time of those nodes or
    /// updates (microseconds for Sudoku), or of one node when a single node
    /// makes more updates than that, plus the time the visitor spends on the
    /// solutions found meanwhile: a slow visitor should look at the clock
    /// itself and return `Break`.
    pub deadline: Option<Instant>,
    /// Stop once this flag is raised, from another thread (a Ctrl-C
    /// handler, a cancel button). Looked at when the clock would be (see
    /// [`deadline`](Self::deadline)), whether or not a deadline is set; the
    /// search then ends [`End::Cancelled`].
    pub cancel: Option<Cancel>,
}

/// A flag that stops every search whose [`Limits::cancel`] it is, once
/// raised. It is `'static` so that [`Limits`] stays `Copy`: a `static`
/// `AtomicBool`, or one made with `Box::leak` for a flag per job.
///
/// ```
/// use std::sync::atomic::{AtomicBool, Ordering};
/// use dlx_engine::exact_cover::{Cancel, End, Limits, Solver};
/// use dlx_engine::problems::n_queens;
///
/// static STOP: AtomicBool = AtomicBool::new(false);
/// let limits = Limits::none().with_cancel(Cancel::new(&STOP));
/// STOP.store(true, Ordering::Relaxed); // another thread would do this
/// let report = Solver::new(&n_queens(12).compile()?).count(limits);
/// assert_eq!((report.end, report.stats.nodes), (End::Cancelled, 0));
/// # Ok::<(), dlx_engine::exact_cover::ProblemError>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub struct Cancel {
    flag: &'static AtomicBool,
    /// A second flag that stops the search too: the parallel enumeration
    /// stops one worker's part with it while the caller's flag (`flag`)
    /// still stops everything.
    also: Option<&'static AtomicBool>,
}

impl Cancel {
    /// The cancel flag `flag`: raised when it holds `true`.
    pub const fn new(flag: &'static AtomicBool) -> Self {
        Cancel { flag, also: None }
    }

    /// `cancel` (if any) or `flag`, whichever is raised first (a cancel
    /// that has a second flag already keeps `flag` only as its second).
    #[cfg(feature = "parallel")]
    pub(crate) fn either(cancel: Option<Cancel>, flag: &'static AtomicBool) -> Self {
        match cancel {
            Some(cancel) => Cancel {
                flag: cancel.flag,
                also: Some(flag),
            },
            None => Cancel::new(flag),
        }
    }

    /// Whether the flag (or the second one) is raised.
    #[inline]
    pub fn is_raised(&self) -> bool {
        self.flag.load(Ordering::Relaxed) || self.also.is_some_and(|f| f.load(Ordering::Relaxed))
    }
}

/// Two cancels are the same when they are the same flags.
impl PartialEq for Cancel {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.flag, other.flag)
            && match (self.also, other.also) {
                (Some(a), Some(b)) => std::ptr::eq(a, b),
                (a, b) => a.is_none() && b.is_none(),
            }
    }
}

impl Eq for Cancel {}

/// How many search nodes pass between two looks at the clock when a
/// [`Limits::deadline`] is set: reading the clock costs about as much as a
/// few nodes, so checking every node would slow the search measurably.
pub const DEADLINE_CHECK_NODES: u64 = 1024;

/// How many link updates pass at most between two looks at the clock when
/// a [`Limits::deadline`] is set, besides every [`DEADLINE_CHECK_NODES`]
/// nodes: a node of a large exact-cover problem can make millions of
/// updates (milliseconds), so 1,024 of them could overrun a deadline by
/// seconds. About a millisecond of work.
pub const DEADLINE_CHECK_UPDATES: u64 = 1 << 18;

impl Limits {
    /// No limits: enumerate the whole search tree.
    ///
    /// The Sudoku and Sudominoku solvers (`puzzles::sudoku::SudokuSolver`
    /// and its kin) read a missing solution limit as 1, since they answer
    /// with one grid: give them [`Limits::solutions`] to count.
    pub fn none() -> Self {
        Limits::default()
    }

    /// Stop after `n` solutions. The search stops as soon as it finds the
    /// `n`-th, without looking for more, so it ends [`End::Stopped`] even if
    /// that was the last: `solutions(2)` is how a puzzle is proved unique
    /// (one solution and [`End::Exhausted`]). `solutions(0)` ends
    /// [`End::Stopped`] at once, without a node.
    pub fn solutions(n: u64) -> Self {
        Limits {
            max_solutions: Some(n),
            ..Limits::default()
        }
    }

    /// Sets the solution limit: `with_max_solutions(5)`, or `None` for none.
    pub fn with_max_solutions(self, solutions: impl Into<Option<u64>>) -> Self {
        Limits {
            max_solutions: solutions.into(),
            ..self
        }
    }

    /// Sets the node budget: `with_max_nodes(100)`, or `None` for none
    /// (an `Option` from elsewhere passes through as it is).
    pub fn with_max_nodes(self, nodes: impl Into<Option<u64>>) -> Self {
        Limits {
            max_nodes: nodes.into(),
            ..self
        }
    }

    /// Sets the deadline: `with_deadline(instant)`, or `None` for none.
    pub fn with_deadline(self, deadline: impl Into<Option<Instant>>) -> Self {
        Limits {
            deadline: deadline.into(),
            ..self
        }
    }

    /// Sets the deadline `timeout` from now; a timeout too long for the
    /// clock to add (`Duration::MAX`) means no deadline.
    pub fn with_timeout(self, timeout: std::time::Duration) -> Self {
        self.with_deadline(Instant::now().checked_add(timeout))
    }

    /// Sets the cancel flag: `with_cancel(Cancel::new(&FLAG))`, or `None`
    /// for none.
    pub fn with_cancel(self, cancel: impl Into<Option<Cancel>>) -> Self {
        Limits {
            cancel: cancel.into(),
            ..self
        }
    }

    /// Why a search that has used `nodes` nodes must stop now, if it must:
    /// [`End::Cancelled`] when the [`cancel`](Self::cancel) flag is raised,
    /// [`End::TimeLimit`] when the deadline has passed. Looks only every
    /// [`DEADLINE_CHECK_NODES`] nodes (node 0 included); solvers outside
    /// the engine use it too, so every solver honours both the same way.
    #[inline]
    pub fn must_stop(&self, nodes: u64) -> Option<End> {
        if nodes % DEADLINE_CHECK_NODES != 0 {
            return None;
        }
        self.look()
    }

    /// [`must_stop`](Self::must_stop) for a search that also counts link
    /// updates: looks every [`DEADLINE_CHECK_NODES`] nodes, and once
    /// `updates` reaches `*next_look`, which each look moves
    /// [`DEADLINE_CHECK_UPDATES`] past the updates so far (start it at 0).
    #[inline]
    pub(crate) fn must_stop_after(
        &self,
        nodes: u64,
        updates: u64,
        next_look: &mut u64,
    ) -> Option<End> {
        // The common case, no deadline and no flag, costs two tests a node.
        if self.deadline.is_none() && self.cancel.is_none() {
            return None;
        }
        if nodes % DEADLINE_CHECK_NODES != 0 && updates < *next_look {
            return None;
        }
        *next_look = updates + DEADLINE_CHECK_UPDATES;
        self.look()
    }

    /// The flag, then the clock.
    fn look(&self) -> Option<End> {
        if self.cancel.is_some_and(|cancel| cancel.is_raised()) {
            return Some(End::Cancelled);
        }
        match self.deadline {
            Some(deadline) if Instant::now() >= deadline => Some(End::TimeLimit),
            _ => None,
        }
    }
}
