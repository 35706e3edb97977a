//! Running one solver process: its output, exit status, wall time and peak memory, with a time limit.
//!
//! The child's stdout and stderr go to temporary files (no pipe can fill up and stall it). xtask
//! blocks in `waitid` until the child stops or ends (no polling, so no delay in the wall time), and a
//! second thread kills the child at the time limit.
//!
//! **Peak memory.** `wait4`'s `ru_maxrss` is not the child's own peak: Linux carries the high-water
//! mark of the memory image an `exec` replaces into the new program's `ru_maxrss`. With
//! `posix_spawn` (std's default, a `vfork`) that image is the parent's, so after xtask once held
//! 157 MiB (when it generated `gen:sparse-1m` itself) every later child reported 157 MiB; with
//! `fork` it is the parent's resident size at the fork. So the child is traced instead (`PTRACE_TRACEME` between
//! `fork` and `exec`, then only `PTRACE_O_TRACEEXIT`): it stops once just before it exits, with its
//! memory still mapped, and `VmHWM` of `/proc/PID/status` is then exactly its own peak resident set.
//! If tracing is refused (xtask itself under a debugger, a sandbox), `ru_maxrss` is the fallback and
//! [`RunResult::peak_rss_exact`] says so. (Reading `VmHWM` of the zombie, after `waitid(WNOWAIT)`,
//! does not work: an exited process has no memory image left.)
#![allow(unsafe_code)]

use std::fs::File;
use std::os::unix::process::CommandExt as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// What one run of a solver produced.
#[derive(Debug)]
pub struct RunResult {
    /// Exit code, or `None` when killed by a signal (a crash) or by the time limit.
    pub exit_code: Option<i32>,
    /// Whether the time limit ended the run.
    pub timed_out: bool,
    /// Everything written to stdout.
    pub stdout: String,
    /// Everything written to stderr.
    pub stderr: String,
    /// Wall-clock time from spawn to exit.
    pub wall: Duration,
    /// Peak resident memory of the child in KiB.
    pub peak_rss_kib: u64,
    /// Whether `peak_rss_kib` is the child's own high-water mark, read as it exited; `false` when it
    /// is the `ru_maxrss` fallback, which is at least the resident size xtask had when it forked.
    pub peak_rss_exact: bool,
}

impl RunResult {
    /// Whether the process exited normally with status 0.
    pub fn succeeded(&self) -> bool {
        self.exit_code == Some(0) && !self.timed_out
    }

    /// A one-line description of an unsuccessful run.
    pub fn failure_reason(&self) -> String {
        let first_err = self.stderr.lines().next().unwrap_or("").trim();
        let how = match (self.timed_out, self.exit_code) {
            (true, _) => "timed out".to_string(),
            (false, Some(code)) => format!("exited with status {code}"),
            (false, None) => "crashed (killed by a signal)".to_string(),
        };
        if first_err.is_empty() { how } else { format!("{how}: {first_err}") }
    }
}

/// A temporary file path unique to this process and call.
fn temp_path(tag: &str) -> PathBuf {
    static COUNTER: AtomicUsize = AtomicUsize::new(0);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    std::env::temp_dir().join(format!("xtask-{}-{n}.{tag}", std::process::id()))
}

/// Runs `program ARGS input` (`program ARGS` when `input` is `None`) with a time limit and
/// collects what it did.
pub fn run(
    program: &Path,
    args: &[String],
    input: Option<&Path>,
    limit: Duration,
) -> Result<RunResult, String> {
    let (out_path, err_path) = (temp_path("out"), temp_path("err"));
    let create = |p: &Path| File::create(p).map_err(|e| format!("{}: {e}", p.display()));
    let mut command = Command::new(program);
    command.args(args).args(input).stdin(Stdio::null()).stdout(create(&out_path)?).stderr(create(&err_path)?);
    // SAFETY: the hook runs in the forked child before `exec` and only makes one system call
    // (`ptrace`), which is async-signal-safe; it allocates nothing and takes no lock.
    unsafe { command.pre_exec(trace_me) };
    let start = Instant::now();
    let pid = command.spawn().map_err(|e| format!("cannot start {}: {e}", program.display()))?.id();
    drop(command); // closes xtask's copies of the output files
    let pid = pid as libc::pid_t;
    let (mut tracer, watch) = (Tracer::default(), Watch::default());
    let waited = std::thread::scope(|scope| {
        scope.spawn(|| watch.kill_after(pid, limit));
        let waited = wait_for_end(pid, &mut tracer, &watch).map(|ended| (ended, start.elapsed()));
        watch.finish(pid);
        waited
    });
    let ((status, usage), wall) = waited?;
    let timed_out = watch.lock().killed;
    let read = |p: &Path| std::fs::read(p).map(|b| String::from_utf8_lossy(&b).into_owned());
    let result = RunResult {
        exit_code: libc::WIFEXITED(status).then(|| libc::WEXITSTATUS(status)),
        timed_out,
        stdout: read(&out_path).map_err(|e| format!("{}: {e}", out_path.display()))?,
        stderr: read(&err_path).unwrap_or_default(),
        wall,
        peak_rss_kib: tracer.peak_kib.unwrap_or(u64::try_from(usage.ru_maxrss).unwrap_or(0)),
        peak_rss_exact: tracer.peak_kib.is_some(),
    };
    let _ = std::fs::remove_file(&out_path);
    let _ = std::fs::remove_file(&err_path);
    Ok(result)
}

/// The unused address argument of `ptrace` (the C wrapper reads every argument as a pointer).
const NO_ADDRESS: *mut libc::c_void = std::ptr::null_mut();

/// An integer argument of `ptrace`, passed at pointer width as the C wrapper reads it.
fn as_data(value: libc::c_int) -> *mut libc::c_void {
    value as usize as *mut libc::c_void
}

/// The `pre_exec` hook: asks to be traced by the parent (the thread that forked). A refusal is
/// ignored: the child then runs untraced and its peak memory falls back to `ru_maxrss`.
fn trace_me() -> std::io::Result<()> {
    // SAFETY: PTRACE_TRACEME reads none of its other arguments.
    unsafe { libc::ptrace(libc::PTRACE_TRACEME, 0, NO_ADDRESS, NO_ADDRESS) };
    Ok(())
}

/// What `wait4` saw of the child.
enum Waited {
    /// A stop, with the wait status: a traced child waits for [`Tracer::resume`].
    Stopped(i32),
    /// The child exited or was killed: wait status and resource usage. It is reaped.
    Ended(i32, libc::rusage),
}

/// The tracing of one child, which only ever stops it at its `exec` and just before its exit.
#[derive(Default)]
struct Tracer {
    /// Whether the options were set (at the stop that follows the traced `exec`).
    configured: bool,
    /// `VmHWM` read at the exit stop, in KiB.
    peak_kib: Option<u64>,
}

impl Tracer {
    /// Handles one tracing stop of `pid` and lets the child go on.
    fn resume(&mut self, pid: libc::pid_t, status: i32) {
        let signal = libc::WSTOPSIG(status);
        let event = status >> 16;
        let deliver = if !self.configured && signal == libc::SIGTRAP && event == 0 {
            // The SIGTRAP that follows the traced `exec` (swallowed). From now on: a stop just before
            // exit, a later `exec` as an event rather than a SIGTRAP, and death with xtask.
            self.configured = true;
            let options = libc::PTRACE_O_TRACEEXIT | libc::PTRACE_O_TRACEEXEC | libc::PTRACE_O_EXITKILL;
            // SAFETY: `pid` is our tracee, in a tracing stop; the data argument is an integer.
            unsafe { libc::ptrace(libc::PTRACE_SETOPTIONS, pid, NO_ADDRESS, as_data(options)) };
            0
        } else if event == libc::PTRACE_EVENT_EXIT {
            self.peak_kib = vm_hwm_kib(pid);
            0
        } else if event != 0 || is_group_stop(pid) {
            0
        } else {
            signal // a signal on its way to the child: deliver it (a crash must still crash)
        };
        // SAFETY: as above; the data argument is the signal number to deliver (0: none). If the child
        // was killed meanwhile the call fails with ESRCH, and the next `wait4` reaps it.
        unsafe { libc::ptrace(libc::PTRACE_CONT, pid, NO_ADDRESS, as_data(deliver)) };
    }
}

/// Whether the stopped tracee `pid` is in a group-stop (SIGSTOP and the like took effect) rather than
/// about to receive a signal: only then has it no pending signal information.
fn is_group_stop(pid: libc::pid_t) -> bool {
    // SAFETY: an all-zero `siginfo_t` is a valid value of this plain C struct.
    let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
    // SAFETY: `info` is valid for writes of a `siginfo_t` for the duration of the call.
    unsafe { libc::ptrace(libc::PTRACE_GETSIGINFO, pid, NO_ADDRESS, &mut info as *mut libc::siginfo_t) == -1 }
}

/// The `VmHWM` (peak resident set) line of `/proc/PID/status`, in KiB.
fn vm_hwm_kib(pid: libc::pid_t) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find_map(|l| l.strip_prefix("VmHWM:"))?;
    line.trim().strip_suffix("kB")?.trim().parse().ok()
}

/// The time limit of one child, kept by a second thread.
#[derive(Default)]
struct Watch {
    /// Whether the child is reaped (so its pid must not be signalled), and whether it was killed.
    state: Mutex<WatchState>,
    /// Signalled when the child is reaped.
    done: Condvar,
}

/// See [`Watch::state`].
#[derive(Default)]
struct WatchState {
    /// The child is reaped (or waiting for it failed): never signal its pid again.
    reaped: bool,
    /// The time limit killed the child.
    killed: bool,
}

impl Watch {
    /// The state, even if another thread panicked while holding it.
    fn lock(&self) -> MutexGuard<'_, WatchState> {
        self.state.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Ends the watch: wakes [`Watch::kill_after`] up, and kills `pid` if it is not reaped (which only
    /// happens when waiting for it failed).
    fn finish(&self, pid: libc::pid_t) {
        let mut state = self.lock();
        if !state.reaped {
            // SAFETY: plain system call on our unreaped child.
            unsafe { libc::kill(pid, libc::SIGKILL) };
            state.reaped = true;
        }
        self.done.notify_all();
    }

    /// Kills `pid` when `limit` has passed, unless it was reaped by then.
    fn kill_after(&self, pid: libc::pid_t, limit: Duration) {
        let state = self.lock();
        let (mut state, _) = self
            .done
            .wait_timeout_while(state, limit, |state| !state.reaped)
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if !state.reaped {
            state.killed = true;
            // SAFETY: plain system call. `pid` is our unreaped child (reaping happens only under this
            // lock, and sets `reaped`), so it cannot name another process.
            unsafe { libc::kill(pid, libc::SIGKILL) };
        }
    }
}

/// Waits for `pid` to end, letting it through its tracing stops; its wait status and resource usage.
///
/// Blocks in `waitid(WNOWAIT)`, which reaps nothing, so the exit is seen at once (no polling delay
/// in the wall time); the reaping `wait4` then runs under the watch's lock.
fn wait_for_end(pid: libc::pid_t, tracer: &mut Tracer, watch: &Watch) -> Result<(i32, libc::rusage), String> {
    loop {
        // SAFETY: an all-zero `siginfo_t` is a valid value of this plain C struct.
        let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
        let flags = libc::WEXITED | libc::WSTOPPED | libc::WNOWAIT;
        // SAFETY: `info` is valid for writes for the duration of the call.
        if unsafe { libc::waitid(libc::P_PID, pid as libc::id_t, &mut info, flags) } == -1 {
            let error = std::io::Error::last_os_error();
            if error.kind() == std::io::ErrorKind::Interrupted {
                continue;
            }
            return Err(format!("waitid failed: {error}"));
        }
        let mut state = watch.lock();
        match try_wait4(pid)? {
            None => {}
            Some(Waited::Stopped(status)) => {
                drop(state);
                tracer.resume(pid, status);
            }
            Some(Waited::Ended(status, usage)) => {
                state.reaped = true;
                return Ok((status, usage));
            }
        }
    }
}

/// Reaps `pid` if it has ended, or reports (and consumes) its stop; `None` when neither.
fn try_wait4(pid: libc::pid_t) -> Result<Option<Waited>, String> {
    let mut status = 0;
    // SAFETY: an all-zero `rusage` is a valid value of this plain C struct.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: `status` and `usage` are valid for writes for the duration of the call, and `pid` is
    // our own unreaped child (std's `Child` never waits on it after this point).
    let reaped = unsafe { libc::wait4(pid, &mut status, libc::WNOHANG | libc::WUNTRACED, &mut usage) };
    match reaped {
        0 => Ok(None),
        r if r == pid && libc::WIFSTOPPED(status) => Ok(Some(Waited::Stopped(status))),
        r if r == pid => Ok(Some(Waited::Ended(status, usage))),
        _ => Err(format!("wait4 failed: {}", std::io::Error::last_os_error())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sh(script: &str) -> RunResult {
        let args = vec!["-c".to_string(), script.to_string(), "sh".to_string()];
        run(Path::new("/bin/sh"), &args, Some(Path::new("/dev/null")), Duration::from_secs(20)).unwrap()
    }

    #[test]
    fn an_input_is_the_last_argument_and_none_passes_none() {
        let args = vec!["-c".to_string(), "echo $#".to_string(), "sh".to_string()];
        let count = |input: Option<&Path>| {
            run(Path::new("/bin/sh"), &args, input, Duration::from_secs(20)).unwrap().stdout
        };
        assert_eq!(count(Some(Path::new("/dev/null"))), "1\n");
        assert_eq!(count(None), "0\n");
    }

    #[test]
    fn captures_output_and_status() {
        let r = sh("echo out; echo err >&2; exit 3");
        assert_eq!((r.stdout.as_str(), r.stderr.as_str(), r.exit_code), ("out\n", "err\n", Some(3)));
        assert!(!r.succeeded());
        assert_eq!(r.failure_reason(), "exited with status 3: err");
        assert!(r.peak_rss_kib > 0);
    }

    #[test]
    fn a_crash_is_a_failure() {
        let r = sh("kill -SEGV $$");
        assert_eq!(r.exit_code, None);
        assert!(r.failure_reason().starts_with("crashed"));
    }

    #[test]
    fn time_limit_kills() {
        let args = vec!["-c".to_string(), "sleep 5".to_string()];
        let r = run(Path::new("/bin/sh"), &args, Some(Path::new("/dev/null")), Duration::from_millis(100))
            .unwrap();
        assert!(r.timed_out && !r.succeeded());
        assert!(r.wall < Duration::from_secs(4));
    }

    #[test]
    fn signals_and_execs_of_a_traced_child_behave_as_untraced() {
        let r = sh("trap 'exit 7' USR1; kill -USR1 $$; sleep 1; exit 0");
        assert_eq!(r.exit_code, Some(7), "{}", r.stderr);
        let r = sh("exec /bin/sh -c 'echo again; exit 4'");
        assert_eq!((r.stdout.as_str(), r.exit_code), ("again\n", Some(4)));
        if !r.peak_rss_exact {
            eprintln!("warning: tracing refused here; peak memory falls back to ru_maxrss");
        }
    }

    /// The bug this module's tracing fixes: a big xtask (say, after generating a 150 MB input)
    /// made every later small child report xtask's peak.
    #[test]
    fn a_small_child_of_a_once_big_parent_reports_its_own_peak() {
        let mut big = vec![0u8; 300 << 20];
        for page in big.chunks_mut(4096) {
            page[0] = 1;
        }
        std::hint::black_box(&big);
        drop(big);
        let r = sh("exit 0");
        assert!(r.succeeded());
        assert!(r.peak_rss_kib < 100 << 10, "a shell that does nothing peaked at {} KiB", r.peak_rss_kib);
    }

    /// `Maximum resident set size` of `/usr/bin/time -v PROGRAM ARGS INPUT`, in KiB.
    fn gnu_time_peak_kib(program: &Path, args: &[String], input: &Path) -> u64 {
        let out = Command::new("/usr/bin/time")
            .arg("-v")
            .arg(program)
            .args(args)
            .arg(input)
            .stdout(Stdio::null())
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        let line = stderr.lines().find_map(|l| l.trim().strip_prefix("Maximum resident set size (kbytes):"));
        line.unwrap_or_else(|| panic!("no maximum RSS in /usr/bin/time's output:\n{stderr}"))
            .trim()
            .parse()
            .unwrap()
    }

    #[test]
    fn peak_memory_agrees_with_usr_bin_time() {
        if !Path::new("/usr/bin/time").is_file() {
            eprintln!("skipped: /usr/bin/time is missing (Debian/Ubuntu: apt-get install time)");
            return;
        }
        let root = crate::workspace::workspace_root();
        let lattice_input = temp_path("lattice-10x10.in");
        // Printed by game-stress's release binary; without it the lattice case is skipped below.
        if let Err(e) = crate::preset::write("lattice-10x10", &lattice_input) {
            eprintln!("no lattice-10x10 input: {e}");
        }
        let shell = |script: &str| vec!["-c".to_string(), script.to_string(), "sh".to_string()];
        let mut cases = vec![
            (PathBuf::from("/bin/sh"), shell("exit 0"), PathBuf::from("/dev/null")),
            (
                PathBuf::from("/bin/sh"),
                shell("exec dd if=/dev/zero of=/dev/null bs=48M count=1 2>/dev/null"),
                "/dev/null".into(),
            ),
        ];
        let solvers = [
            ("lattice-dp", lattice_input.clone()),
            ("segment-nim", root.join("testdata/segment-nim/12-large.in")),
            ("pawn-retrograde", root.join("testdata/pawn-retrograde/p13-open-10x10.in")),
        ];
        for (name, input) in solvers {
            let binary = crate::cargo::release_binary(name);
            if binary.is_file() && input.is_file() {
                cases.push((binary, vec![], input));
            } else {
                eprintln!("skipped {name}: no release binary (cargo build --release -p {name}) or input");
            }
        }
        for (program, args, input) in &cases {
            let ours = run(program, args, Some(input), Duration::from_secs(60)).unwrap();
            assert!(ours.succeeded(), "{}: {}", program.display(), ours.failure_reason());
            let theirs = gnu_time_peak_kib(program, args, input);
            let (a, b) = (ours.peak_rss_kib, theirs);
            let how = if ours.peak_rss_exact { "VmHWM at exit" } else { "ru_maxrss fallback" };
            eprintln!(
                "{} {}: xtask {a} KiB ({how}), /usr/bin/time {b} KiB",
                program.display(),
                input.display()
            );
            let tolerance = 1024 + a.max(b) / 10;
            if ours.peak_rss_exact {
                assert!(
                    a.abs_diff(b) <= tolerance,
                    "{}: xtask says {a} KiB, /usr/bin/time {b} KiB",
                    program.display()
                );
            } else {
                // The fallback also counts what this test process had resident when it forked.
                assert!(
                    a + tolerance >= b,
                    "{}: xtask says {a} KiB, /usr/bin/time {b} KiB",
                    program.display()
                );
            }
        }
        let _ = std::fs::remove_file(lattice_input);
    }
}
