//! The binary under `mpirun` with its ranks on two hosts (feature `mpi`): network namespaces
//! joined by a bridge (`two_hosts`), so that the exchange crosses a real interface between two
//! network stacks. Every corpus board on 2 and 3 ranks, `--json`, an input error, and a rank
//! killed on one host followed by `--resume`, each compared with the single process.
//!
//! Making namespaces needs root and `ip` (iproute2), so the tests are ignored by a plain
//! `cargo test`; `cargo xtask ci` runs them with `--ignored`.
#![cfg(feature = "mpi")]

mod two_hosts;

use std::path::{Path, PathBuf};
use std::process::{Output, Stdio};
use std::time::{Duration, Instant};

use two_hosts::{Host, TwoHosts};

/// The MPI build of lattice-dp.
const BINARY: &str = env!("CARGO_BIN_EXE_lattice-dp-mpi");

/// The binary's process name, as `/proc/PID/comm` shows it.
const PROCESS: &str = "lattice-dp-mpi";

/// The fewest states of a layer a rank shares in these runs: small, so that the layers of the
/// corpus boards are shared by every rank and rows travel between the hosts.
const SMALL_SHARE: &str = "64";

fn testdata() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../testdata/lattice-dp")
}

fn corpus() -> Vec<PathBuf> {
    let mut inputs: Vec<PathBuf> = std::fs::read_dir(testdata())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .collect();
    inputs.sort();
    assert!(inputs.len() >= 10, "{} corpus boards", inputs.len());
    inputs
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// `lattice-dp ARGS` on one process, with standard input `stdin`.
fn single(args: &[&str], stdin: &[u8]) -> Output {
    damaged_input::run_binary(BINARY, args, stdin)
}

/// `lattice-dp --distributed --min-share 64 ARGS` on `ranks` ranks of `hosts`, with standard
/// input `stdin`.
fn distributed(hosts: &TwoHosts, ranks: usize, args: &[&str], stdin: &[u8]) -> Output {
    let program = [&[BINARY, "--distributed", "--min-share", SMALL_SHARE], args].concat();
    damaged_input::run_command(&mut hosts.mpirun(ranks, &program), stdin)
}

#[test]
#[ignore = "needs root and ip (network namespaces); cargo xtask ci runs it"]
fn ranks_take_turns_on_the_hosts_each_with_its_own_tmpdir() {
    let hosts = TwoHosts::create();
    let output = damaged_input::run_command(
        &mut hosts.mpirun(3, &["sh", "-c", r#"echo "$(ip netns identify) $TMPDIR""#]),
        b"",
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    let mut lines: Vec<String> = text(&output.stdout).lines().map(str::to_owned).collect();
    lines.sort();
    let on = |host| format!("{} {}", hosts.namespace(host), hosts.tmpdir(host).display());
    assert_eq!(lines, [on(Host::A), on(Host::A), on(Host::B)]);
}

#[test]
#[ignore = "needs root and ip (network namespaces); cargo xtask ci runs it"]
fn every_corpus_board_on_two_and_three_ranks_across_hosts() {
    let hosts = TwoHosts::create();
    let sent_before = hosts.sent_bytes(Host::B);
    for input in corpus() {
        let file = input.to_str().unwrap();
        let alone = single(&[file], b"");
        assert!(alone.status.success(), "{input:?}: {}", text(&alone.stderr));
        for ranks in [2, 3] {
            let output = distributed(&hosts, ranks, &[file], b"");
            assert!(output.status.success(), "{input:?} on {ranks}: {}", text(&output.stderr));
            assert_eq!(text(&output.stdout), text(&alone.stdout), "{input:?} on {ranks} ranks");
        }
    }
    // Rows of every board went from host b's ranks to host a's over the bridge.
    let sent = hosts.sent_bytes(Host::B) - sent_before;
    assert!(sent > 100_000, "host b sent {sent} bytes");
}

#[test]
#[ignore = "needs root and ip (network namespaces); cargo xtask ci runs it"]
fn json_across_hosts_is_the_single_process_one() {
    let hosts = TwoHosts::create();
    for input in corpus().iter().step_by(3) {
        let file = input.to_str().unwrap();
        let alone = single(&["--json", file], b"");
        assert!(alone.status.success(), "{input:?}: {}", text(&alone.stderr));
        for ranks in [2, 3] {
            let output = distributed(&hosts, ranks, &["--json", file], b"");
            assert!(output.status.success(), "{input:?} on {ranks}: {}", text(&output.stderr));
            assert_eq!(text(&output.stdout), text(&alone.stdout), "{input:?} --json on {ranks} ranks");
        }
    }
}

#[test]
#[ignore = "needs root and ip (network namespaces); cargo xtask ci runs it"]
fn an_input_error_stops_both_hosts_with_the_single_process_message() {
    let hosts = TwoHosts::create();
    let input = b"2 3\n2 7 x\n";
    let alone = single(&[], input);
    assert_eq!(alone.status.code(), Some(2));
    for ranks in [2, 3] {
        let output = distributed(&hosts, ranks, &[], input);
        assert_eq!(output.status.code(), Some(2), "{}", text(&output.stderr));
        assert_eq!(text(&output.stdout), "");
        let stderr = text(&output.stderr);
        let ours: Vec<&str> = stderr.lines().filter(|l| l.starts_with("error:")).collect();
        assert_eq!(ours, [text(&alone.stderr).trim_end()], "on {ranks} ranks: {stderr}");
    }
}

/// A 12 × 12 board: a few seconds on two ranks writing a checkpoint at every layer.
fn board_12x12() -> String {
    "12 12\n".to_string()
        + &(0..24)
            .map(|r| {
                (0..12).map(|c| ((r * 37 + c * 101) % 1000).to_string()).collect::<Vec<_>>().join(" ") + "\n"
            })
            .collect::<String>()
}

/// Whether every one of `ranks` ranks has written a checkpoint into `dir`.
fn every_rank_has_a_checkpoint(dir: &Path, ranks: usize) -> bool {
    let names: Vec<String> = std::fs::read_dir(dir)
        .map(|entries| entries.filter_map(|e| e.ok()?.file_name().into_string().ok()).collect())
        .unwrap_or_default();
    (0..ranks).all(|rank| {
        let prefix = format!("rank-{rank}-of-{ranks}.layer-");
        names.iter().any(|n| n.starts_with(&prefix) && n.ends_with(".ckpt"))
    })
}

#[test]
#[ignore = "needs root and ip (network namespaces); cargo xtask ci runs it"]
fn a_rank_killed_on_one_host_resumes_to_the_single_process_value() {
    let hosts = TwoHosts::create();
    let file = hosts.shared().join("board.in");
    std::fs::write(&file, board_12x12()).unwrap();
    let file = file.to_str().unwrap();
    let checkpoints = hosts.shared().join("checkpoints");
    let dir = checkpoints.to_str().unwrap();
    let alone = single(&[file], b"");
    assert!(alone.status.success(), "{}", text(&alone.stderr));

    let program = [
        BINARY,
        "--distributed",
        "--min-share",
        SMALL_SHARE,
        "--checkpoint",
        dir,
        "--checkpoint-layers",
        "1",
        file,
    ];
    let mut job = hosts.mpirun(2, &program).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    let deadline = Instant::now() + Duration::from_secs(60);
    while !every_rank_has_a_checkpoint(&checkpoints, 2) {
        assert!(job.try_wait().unwrap().is_none(), "the job ended before every rank wrote a checkpoint");
        assert!(Instant::now() < deadline, "no checkpoint of every rank after 60 s");
        std::thread::sleep(Duration::from_millis(10));
    }
    // Rank 1, the one on host b.
    let on_b = hosts.processes(Host::B, PROCESS);
    assert_eq!(on_b.len(), 1, "ranks on host b: {on_b:?}");
    let kill = std::process::Command::new("kill").args(["-KILL", &on_b[0].to_string()]).status().unwrap();
    assert!(kill.success());
    let killed = job.wait_with_output().unwrap();
    assert!(
        !killed.status.success(),
        "the job finished although a rank was killed: {}",
        text(&killed.stderr)
    );
    // The job stopped on both hosts.
    for host in Host::BOTH {
        assert_eq!(hosts.processes(host, PROCESS), Vec::<u32>::new(), "{host:?}");
    }

    let resumed = distributed(&hosts, 2, &["--resume", dir, file], b"");
    let stderr = text(&resumed.stderr);
    assert!(resumed.status.success(), "{stderr}");
    assert_eq!(text(&resumed.stdout), text(&alone.stdout));
    assert!(stderr.contains("lattice-dp: resumed from layer "), "{stderr}");
}
