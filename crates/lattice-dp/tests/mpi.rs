//! The MPI binary `lattice-dp-mpi` under `mpirun` (feature `mpi`; `cargo xtask ci` runs it when
//! Open MPI is installed):
//! every corpus board on 1 to 7 ranks gives its expected answer, `--json` and `--explain` are
//! the single process's, bytes travel over TCP as between hosts, and input errors and plans that
//! do not fit stop every rank with one message.
#![cfg(feature = "mpi")]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const BINARY: &str = env!("CARGO_BIN_EXE_lattice-dp-mpi");

fn testdata() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../testdata/lattice-dp")
}

/// The fewest states of a layer a rank shares in the runs of small boards, so that their layers
/// are shared by every rank (the default keeps a layer below 262144 states on fewer ranks).
const SMALL_SHARE: &str = "64";

/// `mpirun -np RANKS [MCA] lattice-dp-mpi --distributed --min-share 64 ARGS`, with standard input
/// `stdin`.
fn mpirun(ranks: usize, mca: &[&str], args: &[&str], stdin: &[u8]) -> Output {
    mpirun_sharing(ranks, mca, SMALL_SHARE, args, stdin)
}

/// `mpirun -np RANKS [MCA] lattice-dp-mpi --distributed --min-share SHARE ARGS`, with standard input
/// `stdin`.
fn mpirun_sharing(ranks: usize, mca: &[&str], share: &str, args: &[&str], stdin: &[u8]) -> Output {
    let mut command = Command::new("mpirun");
    command
        .env("OMPI_ALLOW_RUN_AS_ROOT", "1")
        .env("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1")
        .args(["--oversubscribe", "-np", &ranks.to_string()])
        .args(mca)
        .arg(BINARY)
        .args(["--distributed", "--min-share", share])
        .args(args);
    damaged_input::run_command(&mut command, stdin)
}

fn single(args: &[&str], stdin: &[u8]) -> Output {
    damaged_input::run_binary(BINARY, args, stdin)
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
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

fn expected(input: &Path) -> String {
    std::fs::read_to_string(input.with_extension("out")).unwrap()
}

/// Open MPI's transports between hosts only: its shared-memory transport off.
const TCP_ONLY: &[&str] = &["--mca", "btl", "self,tcp"];

#[test]
fn every_corpus_board_over_tcp_on_three_ranks() {
    for input in corpus() {
        let output = mpirun(3, TCP_ONLY, &[input.to_str().unwrap()], b"");
        assert!(output.status.success(), "{input:?}: {}", text(&output.stderr));
        assert_eq!(text(&output.stdout), expected(&input), "{input:?}");
    }
}

#[test]
fn any_number_of_ranks_gives_the_answer() {
    let inputs = corpus();
    for ranks in [1, 2, 4, 7] {
        for input in inputs.iter().step_by(3) {
            let output = mpirun(ranks, &[], &[input.to_str().unwrap()], b"");
            assert!(output.status.success(), "{input:?} on {ranks}: {}", text(&output.stderr));
            assert_eq!(text(&output.stdout), expected(input), "{input:?} on {ranks} ranks");
        }
    }
}

#[test]
fn json_and_explain_are_the_single_process_ones() {
    for input in corpus().iter().step_by(4) {
        let file = input.to_str().unwrap();
        for format in ["--json", "--explain"] {
            let alone = single(&[format, file], b"");
            for (ranks, mca) in [(2, TCP_ONLY), (7, &[][..])] {
                let output = mpirun(ranks, mca, &[format, file], b"");
                assert!(output.status.success(), "{input:?}: {}", text(&output.stderr));
                assert_eq!(text(&output.stdout), text(&alone.stdout), "{input:?} {format} on {ranks}");
            }
        }
    }
}

/// 16 × 16 (6 · 10^8 states) on more ranks than cores: the value of the single process, and each
/// rank's peak resident memory and traffic as planned.
#[test]
fn sixteen_by_sixteen_on_four_ranks() {
    let board = "16 16\n".to_string()
        + &(0..32)
            .map(|r| {
                (0..16)
                    .map(|c| ((r * 7919 + c * 104_729) % 1_000_003).to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
                    + "\n"
            })
            .collect::<String>();
    let alone = single(&[], board.as_bytes());
    // The default share: this board's large layers are shared by the four ranks.
    let default_share = lattice_dp::solve::distributed::partition::DEFAULT_MIN_SHARE.to_string();
    let output = mpirun_sharing(4, &[], &default_share, &["--progress"], board.as_bytes());
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert_eq!(text(&output.stdout), text(&alone.stdout));
    let stderr = text(&output.stderr);
    let reports: Vec<&str> = stderr.lines().filter(|l| l.contains(" of 4: peak resident ")).collect();
    assert_eq!(reports.len(), 4, "{stderr}");
    let mut received = 0.0;
    for report in reports {
        // `… peak resident X MiB, planned Y MiB (Z x); received R states in N rounds (planned R)`.
        let number = |after: &str| -> f64 {
            let rest = &report[report.find(after).unwrap() + after.len()..];
            let word = rest.split_whitespace().next().unwrap();
            word.trim_end_matches(')').parse().unwrap_or_else(|_| panic!("{word:?} in {report}"))
        };
        assert!(number("peak resident ") <= number("planned "), "{report}");
        assert!(number("MiB (") <= 1.0, "{report}");
        assert_eq!(number("received "), number("(planned "), "{report}");
        received += number("received ");
    }
    assert!(received > 0.0, "no row was exchanged: {stderr}");
}

#[test]
fn standard_input_is_read_by_rank_zero() {
    let input = std::fs::read(testdata().join("l02-sample-2x3.in")).unwrap();
    let output = mpirun(3, &[], &[], &input);
    assert_eq!(text(&output.stdout), "2\n", "{}", text(&output.stderr));
}

#[test]
fn errors_stop_every_rank_with_one_message() {
    let output = mpirun(3, &[], &[], b"2 3\n2 7 x\n");
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(text(&output.stdout), "");
    let stderr = text(&output.stderr);
    let ours: Vec<&str> = stderr.lines().filter(|l| l.starts_with("error:")).collect();
    assert_eq!(ours, ["error: line 2, column 5: expected value of A, found 'x'"], "{stderr}");
    // A plan beyond the memory limit of a rank.
    let file = testdata().join("l10-rand-10x10.in");
    let output = mpirun(2, &[], &["--memory-limit", "1M", file.to_str().unwrap()], b"");
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(text(&output.stdout), "");
    let stderr = text(&output.stderr);
    let ours: Vec<&str> = stderr.lines().filter(|l| l.starts_with("error:")).collect();
    assert_eq!(ours.len(), 1, "{stderr}");
    // Below even a rank's tables and process: no number of ranks fits, said before partitioning.
    assert!(
        ours[0].starts_with("error: board 10x10 on 2 ranks: the memory limit of a rank is 1.0 MiB (")
            && ours[0].contains("no number of ranks of this limit holds it"),
        "{stderr}"
    );
}

/// A board whose layers are all smaller than two shares of the default `--min-share`: rank 1
/// owns nothing and says why on stderr; the answer is the single process's.
#[test]
fn an_idle_rank_says_why() {
    let board = std::fs::read(testdata().join("l10-rand-10x10.in")).unwrap();
    let default_share = lattice_dp::solve::distributed::partition::DEFAULT_MIN_SHARE.to_string();
    let output = mpirun_sharing(2, &[], &default_share, &[], &board);
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert_eq!(text(&output.stdout), text(&single(&[], &board).stdout));
    let stderr = text(&output.stderr);
    let idle: Vec<&str> = stderr.lines().filter(|l| l.contains("stays idle")).collect();
    assert_eq!(idle.len(), 1, "{stderr}");
    assert!(
        idle[0].starts_with("lattice-dp: rank 1 of 2 stays idle") && idle[0].contains("--min-share 262144"),
        "{stderr}"
    );
    // With a small share both ranks work, and neither says it is idle.
    let output = mpirun(2, &[], &[], &board);
    assert!(!text(&output.stderr).contains("idle"), "{}", text(&output.stderr));
}
