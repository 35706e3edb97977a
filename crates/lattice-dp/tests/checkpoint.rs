//! Checkpoints and resume: a solve stopped at any layer, or killed, resumes to the same value, on
//! one rank and on several; checkpoints of another board, another number of ranks or width, and
//! torn or corrupted files are refused with a message.

mod common;
use common::seeded;

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use lattice_dp::solve::distributed::checkpoint::{Checkpoints, WhenDone};
use lattice_dp::solve::distributed::exchange::ThreadRanks;
use lattice_dp::{Board, Mode, Options, SolveError, ValueWidth, solve_distributed, solve_with, value};

/// An empty folder of its own for `name`.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("lattice-dp-checkpoint-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn every_layer(dir: &Path, resume: bool) -> Checkpoints {
    Checkpoints {
        dir: dir.to_path_buf(),
        every_layers: Some(1),
        every: Duration::from_secs(3600),
        resume,
        when_done: WhenDone::Keep,
    }
}

/// The fewest states of a layer a rank shares in these tests: small, so that every rank holds
/// part of the layers of these small boards.
const MIN_SHARE: u64 = 16;

/// Solves `board` on `ranks` thread ranks with `checkpoints`, stopping (on rank `stopper` only)
/// once `stop_after` layers are done; returns each rank's outcome.
fn run_ranks(
    board: &Board,
    ranks: usize,
    checkpoints: &Checkpoints,
    stop_after: Option<(usize, usize)>,
) -> Vec<Result<i64, SolveError>> {
    ThreadRanks::run(ranks, |exchange| {
        use lattice_dp::solve::distributed::exchange::Exchange;
        let stop = AtomicBool::new(false);
        let me = exchange.rank();
        let options = Options {
            stop: Some(&stop),
            checkpoints: Some(checkpoints),
            min_share: MIN_SHARE,
            ..Options::new(Mode::ValueOnly)
        };
        let mut progress = |p: lattice_dp::Progress| {
            if stop_after.is_some_and(|(rank, layers)| rank == me && p.done >= layers) {
                stop.store(true, Ordering::Relaxed);
            }
        };
        solve_distributed(board, options, exchange, &mut progress).map(|s| s.solution.value)
    })
}

#[test]
fn a_solve_stopped_at_any_layer_resumes_to_the_same_value() {
    let board = seeded(7, 8, 11, 1_000_000_000);
    let expected = value(&board);
    let layers = 7 * 8 + 1;
    for (ranks, stop_at) in [(1, 2), (1, 30), (2, 5), (3, 17), (3, layers - 1), (4, 40)] {
        let dir = folder(&format!("stop-{ranks}-{stop_at}"));
        let stopper = stop_at % ranks;
        let stopped = run_ranks(&board, ranks, &every_layer(&dir, false), Some((stopper, stop_at)));
        assert!(stopped.iter().all(|r| matches!(r, Err(SolveError::Interrupted { .. }))), "{stopped:?}");
        let resumed = run_ranks(&board, ranks, &every_layer(&dir, true), None);
        for value in resumed {
            assert_eq!(value.unwrap(), expected, "{ranks} ranks stopped after {stop_at} layers");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

#[test]
fn the_single_process_resumes_through_solve_with() {
    let board = seeded(9, 9, 3, 1000);
    let dir = folder("single");
    let stop = AtomicBool::new(false);
    let config = every_layer(&dir, false);
    let options = Options { stop: Some(&stop), checkpoints: Some(&config), ..Options::new(Mode::ValueOnly) };
    let stopped = solve_with(&board, options, &mut |p| stop.store(p.done >= 40, Ordering::Relaxed));
    assert!(matches!(stopped, Err(SolveError::Interrupted { .. })), "{stopped:?}");
    let config = every_layer(&dir, true);
    let options = Options { checkpoints: Some(&config), ..Options::new(Mode::ValueOnly) };
    assert_eq!(solve_with(&board, options, &mut |_| {}).unwrap().value, value(&board));
    // The optimal game is not kept in checkpoints.
    let options = Options { checkpoints: Some(&config), ..Options::new(Mode::WithGame) };
    assert!(matches!(solve_with(&board, options, &mut |_| {}), Err(SolveError::Checkpoint(_))));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The message every rank gets when resuming `board` on `ranks` ranks from `dir` fails.
fn refusal(board: &Board, ranks: usize, dir: &Path) -> String {
    let outcomes = run_ranks(board, ranks, &every_layer(dir, true), None);
    let messages: Vec<String> = outcomes
        .into_iter()
        .map(|r| match r {
            Err(SolveError::Checkpoint(message)) => message,
            other => panic!("expected a refusal, got {other:?}"),
        })
        .collect();
    messages.into_iter().find(|m| !m.starts_with("rank ")).unwrap_or_default()
}

#[test]
fn foreign_torn_and_corrupted_checkpoints_are_refused() {
    let board = seeded(6, 7, 5, 100);
    let dir = folder("refused");
    let stopped = run_ranks(&board, 2, &every_layer(&dir, false), Some((0, 20)));
    assert!(stopped.iter().all(Result::is_err));
    let files: Vec<PathBuf> = {
        let mut files: Vec<PathBuf> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
        files.sort();
        files
    };
    assert_eq!(files.len(), 4, "two files per rank: {files:?}");

    let other = seeded(6, 7, 6, 100);
    assert!(refusal(&other, 2, &dir).contains("another board"));
    assert!(refusal(&board, 3, &dir).contains("of a job of 2 ranks, this one has 3"));
    assert!(refusal(&board, 2, &folder("empty")).starts_with("no checkpoint of this job"));
    let config = every_layer(&dir, true);
    let options = Options {
        checkpoints: Some(&config),
        width: Some(ValueWidth::Eight),
        min_share: MIN_SHARE,
        ..Options::new(Mode::ValueOnly)
    };
    let wider =
        ThreadRanks::run(2, |exchange| solve_distributed(&board, options, exchange, &mut |_| {}).err());
    assert!(
        wider.iter().flatten().any(|e| e.to_string().contains("--value-bytes 4 resumes it")),
        "{wider:?}"
    );
    // The same ranks sharing the layers another way.
    let options = Options { checkpoints: Some(&config), min_share: 64, ..Options::new(Mode::ValueOnly) };
    let shared_otherwise =
        ThreadRanks::run(2, |exchange| solve_distributed(&board, options, exchange, &mut |_| {}).err());
    assert!(
        shared_otherwise.iter().flatten().any(|e| e.to_string().contains("another --min-share")),
        "{shared_otherwise:?}"
    );

    // The newest layer every rank finished, torn, then corrupted, then whole again.
    let newest = files.iter().filter(|f| f.to_string_lossy().contains("rank-1-")).min_by_key(|f| {
        let name = f.file_name().unwrap().to_string_lossy().into_owned();
        name.split("layer-").nth(1).unwrap().trim_end_matches(".ckpt").parse::<usize>().unwrap()
    });
    let newest = newest.unwrap();
    let whole = std::fs::read(newest).unwrap();
    std::fs::write(newest, &whole[..whole.len() - 3]).unwrap();
    assert!(refusal(&board, 2, &dir).contains("torn"), "{}", refusal(&board, 2, &dir));
    let mut corrupted = whole.clone();
    let last = corrupted.len() - 1;
    corrupted[last] ^= 0x40;
    std::fs::write(newest, &corrupted).unwrap();
    assert!(refusal(&board, 2, &dir).contains("corrupted"));
    std::fs::write(newest, &whole).unwrap();
    for value in run_ranks(&board, 2, &every_layer(&dir, true), None) {
        assert_eq!(value.unwrap(), lattice_dp::value(&board));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The binary killed (SIGKILL) at a moment that depends on the machine: it resumes to the value,
/// or, killed before its first checkpoint, says there is none.
#[test]
fn the_binary_killed_at_any_moment_resumes() {
    let dir = folder("killed");
    let board = "12 12\n".to_string()
        + &(0..24)
            .map(|r| {
                (0..12).map(|c| ((r * 37 + c * 101) % 1000).to_string()).collect::<Vec<_>>().join(" ") + "\n"
            })
            .collect::<String>();
    let file = dir.with_extension("in");
    std::fs::write(&file, &board).unwrap();
    let expected =
        damaged_input::run_binary(env!("CARGO_BIN_EXE_lattice-dp"), &[file.to_str().unwrap()], b"");
    for delay_ms in [0, 30, 120, 400] {
        let _ = std::fs::remove_dir_all(&dir);
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_lattice-dp"))
            .args(["--checkpoint", dir.to_str().unwrap(), "--checkpoint-layers", "1", file.to_str().unwrap()])
            .stdout(std::process::Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(delay_ms));
        let _ = child.kill();
        let _ = child.wait();
        let resumed = damaged_input::run_binary(
            env!("CARGO_BIN_EXE_lattice-dp"),
            &["--resume", dir.to_str().unwrap(), file.to_str().unwrap()],
            b"",
        );
        let stderr = String::from_utf8_lossy(&resumed.stderr);
        if resumed.status.success() {
            assert_eq!(resumed.stdout, expected.stdout, "killed after {delay_ms} ms");
        } else {
            assert_eq!(resumed.status.code(), Some(2));
            assert!(
                stderr.starts_with("error: no checkpoint of this job"),
                "killed after {delay_ms} ms: {stderr}"
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_file(&file);
}

/// The checkpoint files (whole and torn) in `dir`, by name.
fn checkpoint_files(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map(|entries| entries.filter_map(|e| e.ok()?.file_name().into_string().ok()).collect())
        .unwrap_or_default();
    names.retain(|n| n.ends_with(".ckpt") || n.ends_with(".ckpt.part"));
    names.sort();
    names
}

#[test]
fn a_finished_solve_removes_its_checkpoints_and_a_resume_says_where_it_starts() {
    let dir = folder("finished");
    let file = dir.with_extension("in");
    std::fs::write(&file, "3 4\n1 2 3 4\n5 6 7 8\n9 1 2 3\n4 5 6 7\n8 9 1 2\n3 4 5 6\n").unwrap();
    let binary = env!("CARGO_BIN_EXE_lattice-dp");
    let (dir_arg, file_arg) = (dir.to_str().unwrap(), file.to_str().unwrap());
    let expected = damaged_input::run_binary(binary, &[file_arg], b"");
    // A torn file of an earlier run of the same job.
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("rank-0-of-1.layer-5.ckpt.part"), b"LDPCKPT2 torn").unwrap();
    let removed = damaged_input::run_binary(
        binary,
        &["--checkpoint", dir_arg, "--checkpoint-layers", "1", file_arg],
        b"",
    );
    assert_eq!(removed.stdout, expected.stdout);
    assert!(removed.stderr.is_empty(), "{}", String::from_utf8_lossy(&removed.stderr));
    assert_eq!(checkpoint_files(&dir), Vec::<String>::new());

    let kept = ["--checkpoint", dir_arg, "--checkpoint-layers", "1", "--keep-checkpoints", file_arg];
    assert_eq!(damaged_input::run_binary(binary, &kept, b"").stdout, expected.stdout);
    // Each rank keeps its two newest layers: 1 and 2 cells taken.
    assert_eq!(checkpoint_files(&dir), ["rank-0-of-1.layer-1.ckpt", "rank-0-of-1.layer-2.ckpt"]);
    let resumed = damaged_input::run_binary(binary, &["--resume", dir_arg, file_arg], b"");
    assert_eq!(resumed.stdout, expected.stdout);
    let stderr = String::from_utf8(resumed.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.starts_with("lattice-dp: resumed from layer 1 of 12 (written "), "{stderr}");
    assert!(stderr.trim_end().ends_with(" GMT)"), "{stderr}");
    assert_eq!(checkpoint_files(&dir), Vec::<String>::new());
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_file(&file);
}
