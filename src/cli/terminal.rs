//! The terminal side of a run: Ctrl-C, the diagnostics stream, and the
//! progress bar that answers and diagnostics pass under.

use std::cell::RefCell;
use std::io::{self, IsTerminal, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};

use indicatif::{ProgressBar, ProgressStyle};

use crate::cli::batch::{self, Summary};
use crate::cli::error::INTERRUPTED;
use dlx_engine::exact_cover::Cancel;

/// Raised by the first Ctrl-C of `dlx solve`, `dlx gen` or `dlx bench`.
pub static CTRL_C: AtomicBool = AtomicBool::new(false);

/// Whether Ctrl-C was pressed (once the handler is installed).
pub fn ctrl_c_raised() -> bool {
    CTRL_C.load(Ordering::Relaxed)
}

/// The totals of the records a batch answered before Ctrl-C stopped it,
/// if `e` is that stop.
pub fn totals_before_ctrl_c(e: &io::Error) -> Option<Summary> {
    (e.kind() == io::ErrorKind::Interrupted && ctrl_c_raised())
        .then(|| batch::cut_short(e).cloned().unwrap_or_default())
}

/// How long a run stopped by Ctrl-C may take to wind down before it says
/// why it is still running. Searches look at the flag about every
/// millisecond, so only an input that keeps the reader waiting (a terminal,
/// a quiet pipe) or a reader of the answers that takes them slowly hold it
/// up; quitting then could cut an answer in half, so it is left to a second
/// Ctrl-C.
pub const WIND_DOWN: std::time::Duration = std::time::Duration::from_secs(2);

/// Catches Ctrl-C for `dlx solve`, `dlx gen` and `dlx bench`: the first
/// stops the run cleanly (the answers of a prefix of the input, the first
/// puzzles, whole, or the figures of the puzzles every solver finished, and
/// a note of where it stopped), a second one quits at once.
/// `None` if the handler could not be installed: Ctrl-C then kills the
/// process as usual.
pub fn catch_ctrl_c() -> Option<Cancel> {
    let installed = ctrlc::set_handler(|| {
        if CTRL_C.swap(true, Ordering::Relaxed) {
            std::process::exit(i32::from(INTERRUPTED));
        }
        std::thread::spawn(|| {
            std::thread::sleep(WIND_DOWN);
            // Still here: the run is waiting on its input or its output.
            let _ = writeln!(
                io::stderr(),
                "dlx: stopping (Ctrl-C), still waiting for input or for the output \
                 to be taken; press Ctrl-C again to quit at once (the last line \
                 written may then be cut short)"
            );
        });
    });
    installed.ok().map(|()| Cancel::new(&CTRL_C))
}

/// The diagnostics stream (stderr) of a run: a write that fails (stderr
/// closed by `2>&1 | head`, or a full disk) is dropped, so the answers,
/// which go elsewhere, are all still written and the exit status still
/// says whether every record was solved.
pub struct Diagnostics<W>(pub W);

impl<W: Write> Write for Diagnostics<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let _ = self.0.write_all(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        let _ = self.0.flush();
        Ok(())
    }
}

/// The slot holding the progress bar currently shown, if any. Writers that
/// share the terminal with it ([`UnderBar`]) look here.
pub type BarSlot = RefCell<Option<ProgressBar>>;

/// A line-buffered writer for a stream that shares the terminal with a
/// progress bar: every batch of whole lines is written in one go with the
/// bar lifted ([`ProgressBar::suspend`]), so lines never land inside the
/// bar. While a bar is shown, whole lines wait for a flush (`dlx solve`
/// flushes after each chunk of answers) or for [`HOLD_UNDER_BAR`] bytes:
/// each lift redraws the bar, and redrawing it once per error line made a
/// file of many bad records much slower and twice as many bytes on the
/// terminal (docs/perf-log.md). Without a bar the lines go straight through.
///
/// It holds no lock between writes: the bar's steady-tick thread draws on
/// stderr too, and a writer that kept `io::stderr().lock()` while the main
/// thread waits for the bar (`finish_and_clear`) deadlocks both.
pub struct UnderBar<'a, W: Write> {
    inner: W,
    bar: &'a BarSlot,
    /// The unfinished last line, held until its newline or a flush.
    pending: Vec<u8>,
}

impl<'a, W: Write> UnderBar<'a, W> {
    /// Wraps `inner` (unlocked `io::stderr()` or `io::stdout()`).
    pub fn new(inner: W, bar: &'a BarSlot) -> Self {
        UnderBar {
            inner,
            bar,
            pending: Vec::new(),
        }
    }

    /// Writes the first `n` pending bytes, with the bar lifted if there is
    /// one.
    fn emit(&mut self, n: usize) -> io::Result<()> {
        if n == 0 {
            return Ok(());
        }
        let (inner, pending) = (&mut self.inner, &self.pending[..n]);
        let mut write = || {
            inner.write_all(pending)?;
            inner.flush()
        };
        let result = match &*self.bar.borrow() {
            Some(bar) => bar.suspend(write),
            None => write(),
        };
        self.pending.drain(..n);
        result
    }
}

/// Bytes of whole lines an [`UnderBar`] holds while a bar is shown before
/// writing them without waiting for a flush.
pub const HOLD_UNDER_BAR: usize = 64 << 10;

impl<W: Write> Write for UnderBar<'_, W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.pending.extend_from_slice(buf);
        let hold = self.bar.borrow().is_some() && self.pending.len() < HOLD_UNDER_BAR;
        if !hold {
            if let Some(last) = self.pending.iter().rposition(|&b| b == b'\n') {
                self.emit(last + 1)?;
            }
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.emit(self.pending.len())?;
        self.inner.flush()
    }
}

impl<W: Write> Drop for UnderBar<'_, W> {
    fn drop(&mut self) {
        // A last line without its newline; there is no one left to tell
        // about an error.
        let _ = self.emit(self.pending.len());
    }
}

/// A progress bar on stderr, only for a person watching: a large input,
/// or a count or listing (`counting`), which can run long on a single
/// record (a grid with few givens, a big exact-cover problem). The bar's
/// message shows the solutions an exact-cover search has found so far;
/// [`show_share`] turns it into a bar of the share of the tree done.
pub fn progress_bar(path: &Path, disabled: bool, counting: bool) -> Option<ProgressBar> {
    if disabled || !io::stderr().is_terminal() {
        return None;
    }
    let large = path.as_os_str() == "-" || std::fs::metadata(path).is_ok_and(|m| m.len() > 1 << 20);
    if !large && !counting {
        return None;
    }
    let bar = ProgressBar::new_spinner();
    bar.set_style(
        ProgressStyle::with_template(
            "{spinner} {human_pos} records answered, {per_sec}, {elapsed}{msg}",
        )
        .unwrap_or_else(|_| ProgressStyle::default_spinner()),
    );
    bar.enable_steady_tick(std::time::Duration::from_millis(200));
    Some(bar)
}

/// Steps of the share bar: tenths of a percent.
pub const SHARE_STEPS: u64 = 1000;

/// Shows `done`, the estimated share of an exact-cover search tree done
/// (0 to 1, from the parts of a search on several threads), on the bar
/// of [`progress_bar`]: the first call turns its spinner into a bar of
/// [`SHARE_STEPS`] with the percentage and indicatif's ETA (from the rate
/// the share has grown at), which the later calls move. The share comes
/// in increasing order ([`dlx_engine::exact_cover::parallel::Shares`]), so
/// the bar never moves back.
pub fn show_share(bar: &ProgressBar, done: f64) {
    if bar.length() != Some(SHARE_STEPS) {
        bar.set_style(
            ProgressStyle::with_template(
                "{spinner} [{bar:30}] {percent}% of the search tree (estimated), ETA {eta}, \
                 {elapsed}{msg}",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> "),
        );
        bar.set_length(SHARE_STEPS);
        bar.set_position(0);
        bar.reset_eta();
    }
    bar.set_position(share_steps(done));
}

/// `done` (0 to 1; anything else is clamped, NaN is 0) in
/// [`SHARE_STEPS`].
pub fn share_steps(done: f64) -> u64 {
    let done = if done.is_nan() {
        0.0
    } else {
        done.clamp(0.0, 1.0)
    };
    (done * SHARE_STEPS as f64).round() as u64
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc;
    use std::sync::{Arc, Mutex};
    use std::time::Duration;

    use indicatif::{ProgressDrawTarget, TermLike};
    /// A screen shared by a fake terminal (the bar's draw target) and the
    /// writer under test: it records whether the bar is showing when text
    /// arrives.
    #[derive(Debug, Default)]
    struct Screen {
        /// The bar is drawn and not cleared since.
        bar_showing: bool,
        /// Text written by the writer under test, in order.
        text: Vec<u8>,
        /// Bytes of text that arrived while the bar was showing.
        garbled: usize,
        /// Times the bar was drawn.
        draws: usize,
    }

    #[derive(Debug, Clone, Default)]
    struct FakeTerm(Arc<Mutex<Screen>>);

    impl TermLike for FakeTerm {
        fn width(&self) -> u16 {
            80
        }
        fn move_cursor_up(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn move_cursor_down(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn move_cursor_right(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn move_cursor_left(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn write_line(&self, _: &str) -> io::Result<()> {
            self.write_str("")
        }
        fn write_str(&self, _: &str) -> io::Result<()> {
            let mut screen = self.0.lock().unwrap();
            screen.bar_showing = true;
            screen.draws += 1;
            Ok(())
        }
        fn clear_line(&self) -> io::Result<()> {
            self.0.lock().unwrap().bar_showing = false;
            Ok(())
        }
        fn flush(&self) -> io::Result<()> {
            Ok(())
        }
    }

    impl Write for FakeTerm {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            let mut screen = self.0.lock().unwrap();
            if screen.bar_showing {
                screen.garbled += buf.len();
            }
            screen.text.extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    /// The shape of `dlx solve` on a terminal: a bar with a steady tick
    /// drawing from its own thread, diagnostics written while it runs, then
    /// `finish_and_clear` on the writing thread. This used to hang forever
    /// (the writer held the stderr lock the tick thread needed); it must
    /// finish, and every line must land while the bar is lifted, whole.
    #[test]
    fn writes_under_a_ticking_bar_neither_hang_nor_garble() {
        let term = FakeTerm::default();
        let screen = term.0.clone();
        let (done, finished) = mpsc::channel();
        std::thread::spawn(move || {
            let bar = ProgressBar::with_draw_target(
                None,
                ProgressDrawTarget::term_like_with_hz(Box::new(term.clone()), 100),
            );
            // Drawn once for sure, whatever the load; then by its tick.
            bar.tick();
            bar.enable_steady_tick(Duration::from_millis(1));
            let slot: BarSlot = RefCell::new(Some(bar.clone()));
            let mut err = UnderBar::new(term, &slot);
            for k in 0..200 {
                // In pieces, as `writeln!` may write them.
                write!(err, "f.txt:{k}: ").unwrap();
                std::thread::sleep(Duration::from_micros(200));
                writeln!(err, "unsolvable").unwrap();
                bar.inc(1);
            }
            write!(err, "no newline").unwrap();
            slot.replace(None);
            bar.finish_and_clear();
            drop(err);
            done.send(()).unwrap();
        });
        finished
            // A hang guard only: the writes take milliseconds.
            .recv_timeout(Duration::from_secs(600))
            .expect("writing under a ticking bar hung");
        let screen = screen.lock().unwrap();
        assert!(screen.draws > 0, "the fake terminal never saw the bar");
        assert_eq!(screen.garbled, 0, "text was written over the bar");
        let text = String::from_utf8(screen.text.clone()).unwrap();
        let expected: String = (0..200)
            .map(|k| format!("f.txt:{k}: unsolvable\n"))
            .chain(["no newline".to_string()])
            .collect();
        assert_eq!(text, expected);
    }

    /// Under a bar, lines wait for a flush (or for HOLD_UNDER_BAR bytes),
    /// so a burst of error lines lifts and redraws the bar once, not once
    /// per line.
    #[test]
    fn under_a_bar_lines_wait_for_a_flush() {
        let term = FakeTerm::default();
        let screen = term.0.clone();
        let bar = ProgressBar::with_draw_target(
            Some(10),
            ProgressDrawTarget::term_like_with_hz(Box::new(term.clone()), 100),
        );
        bar.tick();
        let slot: BarSlot = RefCell::new(Some(bar.clone()));
        let mut err = UnderBar::new(term, &slot);
        let draws = screen.lock().unwrap().draws;
        for k in 0..100 {
            writeln!(err, "f.txt:{k}: unsolvable").unwrap();
        }
        assert!(
            screen.lock().unwrap().text.is_empty(),
            "held until the flush"
        );
        err.flush().unwrap();
        let (text, redraws) = {
            let screen = screen.lock().unwrap();
            (screen.text.clone(), screen.draws - draws)
        };
        assert_eq!(text.iter().filter(|&&b| b == b'\n').count(), 100);
        // One lift (a redraw is a write or two on the fake terminal), not
        // one per line.
        assert!(redraws <= 2, "{redraws} bar writes for one flush");
        // A pile of lines past HOLD_UNDER_BAR goes out without a flush.
        let long = "x".repeat(1000);
        let lines = HOLD_UNDER_BAR / 1000 + 1;
        for _ in 0..lines {
            writeln!(err, "{long}").unwrap();
        }
        // All but the last line or so (`writeln!` may write its newline
        // apart) is out.
        let out = screen.lock().unwrap().text.len() - text.len();
        assert!(
            out >= (lines - 1) * 1001,
            "{out} bytes out of {}",
            lines * 1001
        );
        slot.replace(None);
        bar.finish_and_clear();
    }

    /// The share bar: the spinner becomes a bar of SHARE_STEPS at the
    /// first share, its position follows the share (rounded to steps,
    /// clamped), and a share of 1 fills it.
    #[test]
    fn shares_move_the_bar_to_its_end() {
        let bar = ProgressBar::hidden();
        assert_eq!(bar.length(), None);
        show_share(&bar, 0.0);
        assert_eq!((bar.length(), bar.position()), (Some(SHARE_STEPS), 0));
        let mut last = 0;
        for done in [0.0004, 0.25, 0.2501, 0.5, 0.999, 1.0] {
            show_share(&bar, done);
            assert!(bar.position() >= last, "{done}");
            last = bar.position();
        }
        assert_eq!(last, SHARE_STEPS);
        assert_eq!(share_steps(0.25), 250);
        assert_eq!(
            (share_steps(-1.0), share_steps(f64::NAN), share_steps(7.0)),
            (0, 0, SHARE_STEPS)
        );
    }

    #[test]
    fn without_a_bar_lines_go_straight_through() {
        let slot: BarSlot = RefCell::new(None);
        let mut buf = Vec::new();
        {
            let mut w = UnderBar::new(&mut buf, &slot);
            w.write_all(b"one\ntw").unwrap();
            w.write_all(b"o\n").unwrap();
            w.write_all(b"three").unwrap();
            w.flush().unwrap();
        }
        assert_eq!(buf, b"one\ntwo\nthree");
    }
}
