//! Running one solver process: its output, exit status, wall time and peak memory, with a time limit.
//!
//! The child's stdout and stderr go to temporary files (no pipe can fill up and stall it), and the
//! child is reaped with `wait4`, which also returns its resource usage: `ru_maxrss` is the child's own
//! peak resident set, the figure `bench` reports.
#![allow(unsafe_code)]

use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
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

/// Runs `program ARGS input` with a time limit and collects what it did.
pub fn run(program: &Path, args: &[String], input: &Path, limit: Duration) -> Result<RunResult, String> {
    let (out_path, err_path) = (temp_path("out"), temp_path("err"));
    let create = |p: &Path| File::create(p).map_err(|e| format!("{}: {e}", p.display()));
    let start = Instant::now();
    let mut child = Command::new(program)
        .args(args)
        .arg(input)
        .stdin(Stdio::null())
        .stdout(create(&out_path)?)
        .stderr(create(&err_path)?)
        .spawn()
        .map_err(|e| format!("cannot start {}: {e}", program.display()))?;
    let pid = child.id() as libc::pid_t;
    let mut timed_out = false;
    let (status, usage) = loop {
        if let Some(done) = try_wait4(pid)? {
            break done;
        }
        if !timed_out && start.elapsed() > limit {
            timed_out = true;
            let _ = child.kill();
        }
        std::thread::sleep(Duration::from_millis(if start.elapsed().as_millis() < 50 { 1 } else { 10 }));
    };
    let wall = start.elapsed();
    let read = |p: &Path| std::fs::read(p).map(|b| String::from_utf8_lossy(&b).into_owned());
    let result = RunResult {
        exit_code: libc::WIFEXITED(status).then(|| libc::WEXITSTATUS(status)),
        timed_out,
        stdout: read(&out_path).map_err(|e| format!("{}: {e}", out_path.display()))?,
        stderr: read(&err_path).unwrap_or_default(),
        wall,
        peak_rss_kib: u64::try_from(usage.ru_maxrss).unwrap_or(0),
    };
    let _ = std::fs::remove_file(&out_path);
    let _ = std::fs::remove_file(&err_path);
    Ok(result)
}

/// Reaps `pid` if it has exited: its wait status and resource usage.
fn try_wait4(pid: libc::pid_t) -> Result<Option<(i32, libc::rusage)>, String> {
    let mut status = 0;
    // SAFETY: an all-zero `rusage` is a valid value of this plain C struct.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: `status` and `usage` are valid for writes for the duration of the call, and `pid` is
    // our own unreaped child (std's `Child` never waits on it after this point).
    let reaped = unsafe { libc::wait4(pid, &mut status, libc::WNOHANG, &mut usage) };
    match reaped {
        0 => Ok(None),
        r if r == pid => Ok(Some((status, usage))),
        _ => Err(format!("wait4 failed: {}", std::io::Error::last_os_error())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sh(script: &str) -> RunResult {
        let args = vec!["-c".to_string(), script.to_string(), "sh".to_string()];
        run(Path::new("/bin/sh"), &args, Path::new("/dev/null"), Duration::from_secs(20)).unwrap()
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
        let r = run(Path::new("/bin/sh"), &args, Path::new("/dev/null"), Duration::from_millis(100)).unwrap();
        assert!(r.timed_out && !r.succeeded());
        assert!(r.wall < Duration::from_secs(4));
    }
}
