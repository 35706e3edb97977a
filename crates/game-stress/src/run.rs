//! Running a solution: any shell command, the input on its standard input, with a time limit and a
//! memory limit, its output captured.
//!
//! The command runs as `sh -c 'ulimit -v KIB; COMMAND'`: the memory limit is the shell's `ulimit`
//! (an rlimit on the address space, inherited by the command), which needs no `unsafe` `pre_exec`
//! hook (the workspace denies `unsafe_code`). The shell and the command get a process group of
//! their own; at the time limit the whole group is killed with `kill -KILL -- -PGID`, so a command
//! that started children leaves none behind. Input, output and error streams are temporary files,
//! not pipes, so no pipe can fill up and stall the solution or this tool.

use std::fs::{self, File};
use std::io;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// The limits of one run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Wall-clock time limit.
    pub time: Duration,
    /// Address-space limit in MiB (`ulimit -v`); `None` for no limit.
    pub memory_mib: Option<u64>,
}

impl Default for Limits {
    fn default() -> Self {
        Self { time: Duration::from_secs(2), memory_mib: Some(2048) }
    }
}

/// How a run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// The command exited with this status.
    Exited(i32),
    /// The command was killed by this signal.
    Signalled(i32),
    /// The time limit ended the run.
    TimedOut,
}

/// What one run produced.
#[derive(Debug, Clone)]
pub struct RunOutput {
    /// How it ended.
    pub status: Status,
    /// Its standard output.
    pub stdout: Vec<u8>,
    /// Its standard error (lossily decoded).
    pub stderr: String,
    /// Wall-clock time from start to end.
    pub elapsed: Duration,
}

/// A fresh temporary path for this process.
pub(crate) fn temp_path(tag: &str) -> PathBuf {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    std::env::temp_dir().join(format!("game-stress-{}-{n}.{tag}", std::process::id()))
}

/// Removes the temporary files when dropped.
pub(crate) struct TempFiles(pub(crate) Vec<PathBuf>);

impl Drop for TempFiles {
    fn drop(&mut self) {
        for path in &self.0 {
            let _ = fs::remove_file(path);
        }
    }
}

/// Runs `command` through `sh -c` with `input` on standard input, under `limits`.
pub fn run(command: &str, input: &[u8], limits: &Limits) -> io::Result<RunOutput> {
    run_with_args(command, &[], input, limits)
}

/// Runs `command` followed by the arguments `args` (each passed as one word, whatever characters it
/// holds) through `sh -c`, with `input` on standard input, under `limits`: how a generator gets its
/// seed and a checker its three files.
pub fn run_with_args(command: &str, args: &[&str], input: &[u8], limits: &Limits) -> io::Result<RunOutput> {
    let files = TempFiles(vec![temp_path("in"), temp_path("out"), temp_path("err")]);
    let [in_path, out_path, err_path] = [&files.0[0], &files.0[1], &files.0[2]];
    fs::write(in_path, input)?;
    let command = if args.is_empty() { command.to_string() } else { format!("{command} \"$@\"") };
    let script = match limits.memory_mib {
        Some(mib) => format!("ulimit -v {} 2>/dev/null\n{command}", mib.saturating_mul(1024)),
        None => command,
    };
    let start = Instant::now();
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(script)
        .arg("sh")
        .args(args)
        .stdin(Stdio::from(File::open(in_path)?))
        .stdout(Stdio::from(File::create(out_path)?))
        .stderr(Stdio::from(File::create(err_path)?))
        .process_group(0)
        .spawn()?;
    let mut pause = Duration::from_micros(200);
    let status = loop {
        if let Some(status) = child.try_wait()? {
            break if let Some(signal) = status.signal() {
                Status::Signalled(signal)
            } else {
                match status.code().unwrap_or(-1) {
                    // `sh` reports a command killed by signal N as 128 + N.
                    code @ 129..=192 => Status::Signalled(code - 128),
                    code => Status::Exited(code),
                }
            };
        }
        if start.elapsed() >= limits.time {
            kill_group(child.id());
            let _ = child.kill();
            let _ = child.wait();
            break Status::TimedOut;
        }
        std::thread::sleep(pause);
        pause = (pause * 2).min(Duration::from_millis(5));
    };
    let elapsed = start.elapsed();
    Ok(RunOutput {
        status,
        stdout: fs::read(out_path)?,
        stderr: String::from_utf8_lossy(&fs::read(err_path)?).into_owned(),
        elapsed,
    })
}

/// Kills the process group `pgid` (the shell and everything it started).
fn kill_group(pgid: u32) {
    let _ = Command::new("kill")
        .args(["-KILL", "--", &format!("-{pgid}")])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status();
}

/// The usual name of a signal, for messages.
pub fn signal_name(signal: i32) -> &'static str {
    match signal {
        1 => "SIGHUP",
        2 => "SIGINT",
        4 => "SIGILL",
        6 => "SIGABRT",
        7 => "SIGBUS",
        8 => "SIGFPE",
        9 => "SIGKILL",
        11 => "SIGSEGV",
        13 => "SIGPIPE",
        15 => "SIGTERM",
        24 => "SIGXCPU",
        _ => "signal",
    }
}

/// Parses a duration: `2s`, `500ms`, `1.5` (seconds), `1m`.
pub fn parse_duration(text: &str) -> Result<Duration, String> {
    let t = text.trim();
    let (number, unit) = match t.find(|c: char| c.is_ascii_alphabetic()) {
        Some(i) => t.split_at(i),
        None => (t, "s"),
    };
    let value: f64 =
        number.trim().parse().map_err(|_| format!("not a duration: {text} (try 2s or 500ms)"))?;
    let seconds = match unit {
        "s" => value,
        "ms" => value / 1000.0,
        "m" | "min" => value * 60.0,
        _ => return Err(format!("unknown unit in {text} (use s, ms or m)")),
    };
    if !(seconds > 0.0 && seconds < 1e6) {
        return Err(format!("the time limit must be positive: {text}"));
    }
    Ok(Duration::from_secs_f64(seconds))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations() {
        assert_eq!(parse_duration("2s"), Ok(Duration::from_secs(2)));
        assert_eq!(parse_duration("250ms"), Ok(Duration::from_millis(250)));
        assert_eq!(parse_duration("1.5"), Ok(Duration::from_millis(1500)));
        assert!(parse_duration("0").is_err() && parse_duration("2h").is_err());
    }

    #[test]
    fn runs_and_limits() {
        let limits = Limits { time: Duration::from_millis(300), memory_mib: Some(512) };
        let out = run("tr a-z A-Z", b"hello\n", &limits).unwrap();
        assert_eq!((out.status, out.stdout.as_slice()), (Status::Exited(0), &b"HELLO\n"[..]));
        assert_eq!(run("exit 3", b"", &limits).unwrap().status, Status::Exited(3));
        let echoed = run_with_args("printf '%s|'", &["a b", "$HOME"], b"", &limits).unwrap();
        assert_eq!(echoed.stdout, b"a b|$HOME|");
        assert_eq!(run("kill -SEGV $$", b"", &limits).unwrap().status, Status::Signalled(11));
        let slow = run("sleep 5", b"", &limits).unwrap();
        assert_eq!(slow.status, Status::TimedOut);
        assert!(slow.elapsed < Duration::from_secs(2));
    }
}
