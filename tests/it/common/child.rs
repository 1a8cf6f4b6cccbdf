//! Waiting on `dlx` child processes without making the verdict depend on
//! the clock: a child is interrupted after something it shows (a line of
//! output, its input taken, CPU time spent searching), and the only
//! wall-clock limit is [`HANG_LIMIT`], long enough that only a real hang
//! reaches it, even on a loaded two-core machine building beside the tests.

use std::process::{Child, ExitStatus};
use std::time::{Duration, Instant};

/// How long a child may run, or a wait for its next sign of life last,
/// before the test calls it hung: ten minutes, hundreds of times what any
/// of these runs takes on a loaded machine. A limit, never a verdict.
pub const HANG_LIMIT: Duration = Duration::from_secs(600);

/// How often the waits below look again. Only how soon they notice.
const POLL: Duration = Duration::from_millis(10);

/// Polls `done` until it gives a value; panics, saying `what` was awaited,
/// after [`HANG_LIMIT`].
#[cfg_attr(not(target_os = "linux"), allow(dead_code))]
pub fn poll_until<T>(what: &str, mut done: impl FnMut() -> Option<T>) -> T {
    let start = Instant::now();
    loop {
        if let Some(value) = done() {
            return value;
        }
        assert!(
            start.elapsed() < HANG_LIMIT,
            "hung: still waiting for {what} after {HANG_LIMIT:?}"
        );
        std::thread::sleep(POLL);
    }
}

/// Waits for `child` to exit; kills it and panics if it is still running
/// after [`HANG_LIMIT`].
pub fn wait_for_exit(child: &mut Child) -> ExitStatus {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        if start.elapsed() > HANG_LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            panic!("hung: dlx still running after {HANG_LIMIT:?}");
        }
        std::thread::sleep(POLL);
    }
}

/// Kills a child (SIGKILL) that is still running [`HANG_LIMIT`] after
/// this was made, unless this is dropped first: a test blocked reading a
/// hung child's output then sees that output end and fails, instead of
/// waiting for ever. Dropped while the test panics, it kills the child at
/// once, so that a failed test leaves no search running beside the others
/// (drop it once the child is waited for, before the checks that follow).
#[cfg(unix)]
pub struct Watchdog {
    pid: libc::pid_t,
    disarm: Option<std::sync::mpsc::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

#[cfg(unix)]
impl Watchdog {
    pub fn new(child: &Child) -> Self {
        let pid = child.id() as libc::pid_t;
        let (disarm, disarmed) = std::sync::mpsc::channel::<()>();
        let thread = std::thread::spawn(move || {
            if let Err(std::sync::mpsc::RecvTimeoutError::Timeout) =
                disarmed.recv_timeout(HANG_LIMIT)
            {
                eprintln!("hung: killing dlx (pid {pid}) after {HANG_LIMIT:?}");
                // SAFETY: kill(2) with a pid and a signal number.
                unsafe { libc::kill(pid, libc::SIGKILL) };
            }
        });
        Watchdog {
            pid,
            disarm: Some(disarm),
            thread: Some(thread),
        }
    }
}

#[cfg(unix)]
impl Drop for Watchdog {
    fn drop(&mut self) {
        if std::thread::panicking() {
            // SAFETY: kill(2) with a pid and a signal number.
            unsafe { libc::kill(self.pid, libc::SIGKILL) };
        }
        drop(self.disarm.take());
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// CPU time (user and system, all threads) that process `pid` has used:
/// what it has done, whatever else the machine runs beside it.
#[cfg(target_os = "linux")]
pub fn cpu_time(pid: u32) -> Duration {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap();
    // Fields after the command name (which may hold spaces) in its
    // parentheses: state is field 3, utime 14, stime 15, in clock ticks.
    let after = &stat[stat.rfind(')').unwrap() + 1..];
    let fields: Vec<u64> = after
        .split_whitespace()
        .skip(11)
        .take(2)
        .map(|f| f.parse().unwrap())
        .collect();
    // SAFETY: sysconf only reads a configuration value.
    let ticks = unsafe { libc::sysconf(libc::_SC_CLK_TCK) };
    assert!(ticks > 0);
    Duration::from_secs_f64((fields[0] + fields[1]) as f64 / ticks as f64)
}

/// CPU time of process `pid`, from `ps -o time=` (`[[DD-]HH:]MM:SS[.FF]`).
#[cfg(all(unix, not(target_os = "linux")))]
pub fn cpu_time(pid: u32) -> Duration {
    let out = std::process::Command::new("ps")
        .args(["-o", "time=", "-p", &pid.to_string()])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let text = text.trim();
    let (days, rest) = match text.split_once('-') {
        Some((d, rest)) => (d.parse::<f64>().unwrap(), rest),
        None => (0.0, text),
    };
    let seconds = rest.split(':').fold(0.0, |total, part| {
        total * 60.0 + part.parse::<f64>().unwrap()
    });
    Duration::from_secs_f64(days * 86_400.0 + seconds)
}

/// Waits until `child` has used `more` CPU time beyond `since` (a reading
/// of [`cpu_time`]): proof that it is busy computing, not waiting. Panics
/// if it exits first, or after [`HANG_LIMIT`].
#[cfg(unix)]
pub fn wait_for_cpu_time(child: &mut Child, since: Duration, more: Duration) {
    poll_until("dlx to spend CPU time searching", || {
        if let Some(status) = child.try_wait().unwrap() {
            panic!("dlx exited ({status}) before it was seen searching");
        }
        (cpu_time(child.id()) >= since + more).then_some(())
    });
}

/// Waits until the reading end of the pipe `stdin` has taken every byte
/// written into it (Linux: `FIONREAD` on the pipe is 0).
#[cfg(target_os = "linux")]
pub fn wait_until_taken(stdin: &std::process::ChildStdin) {
    use std::os::fd::AsRawFd;
    poll_until("dlx to read what was written to its input", || {
        let mut unread: libc::c_int = 0;
        // SAFETY: FIONREAD writes one int through the pointer it is given.
        let rc = unsafe { libc::ioctl(stdin.as_raw_fd(), libc::FIONREAD, &mut unread) };
        assert_eq!(
            rc,
            0,
            "ioctl(FIONREAD): {}",
            std::io::Error::last_os_error()
        );
        (unread == 0).then_some(())
    });
}

/// The note `dlx` writes on stderr when it is still running two seconds
/// after a Ctrl-C (it is waiting on its input or output, or winding down
/// on a loaded machine): said or not depending on timing alone.
#[cfg(unix)]
pub const WIND_DOWN_NOTE: &str = "dlx: stopping (Ctrl-C), still waiting for input";

/// `stderr` without the lines of [`WIND_DOWN_NOTE`], which come or not
/// with the load of the machine, not with what is tested.
#[cfg(unix)]
pub fn without_wind_down_note(stderr: &str) -> String {
    stderr
        .split_inclusive('\n')
        .filter(|line| !line.starts_with(WIND_DOWN_NOTE))
        .collect()
}
