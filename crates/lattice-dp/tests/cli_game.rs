//! The binary's optimal game under a memory limit too small for one pass: the same output, the
//! number of passes on stderr with `--progress`, and a refusal only below one layer's steps.

use std::process::Output;

use lattice_dp::{Board, Mode, Plan, ValueWidth, parse_board};

fn run(args: &[&str], input: &str) -> Output {
    damaged_input::run_binary(env!("CARGO_BIN_EXE_lattice-dp"), args, input.as_bytes())
}

/// A 7 × 8 board with values below 100 (4-byte values), as input text.
fn input() -> String {
    let (n, m) = (7, 8);
    let row = |player: usize, r: usize| {
        (0..m).map(|c| ((r * 31 + c * 17 + player * 7) * 13 % 97).to_string()).collect::<Vec<_>>().join(" ")
    };
    let mut text = format!("{n} {m}\n");
    for player in 0..2 {
        for r in 0..n {
            text += &row(player, r);
            text += "\n";
        }
    }
    text
}

/// The limit leaving `steps` bytes of best steps after the layers and tables.
fn limit_leaving(board: &Board, steps: u64) -> String {
    let free = Plan::new(board, Mode::WithGame, Some(ValueWidth::Four), None);
    (free.layer_bytes + free.table_bytes + steps).to_string()
}

#[test]
fn several_passes_print_the_one_pass_game() {
    let text = input();
    let board = parse_board(text.as_bytes()).unwrap();
    let least = lattice_dp::solve::layer_sizes(7, 8).into_iter().max().unwrap();
    for format in ["--json", "--explain"] {
        let one_pass = run(&[format, "--progress"], &text);
        assert!(one_pass.status.success());
        let stderr = String::from_utf8(one_pass.stderr).unwrap();
        assert!(stderr.contains("the optimal game takes 1 pass ("), "{stderr}");
        let limit = limit_leaving(&board, 2 * least);
        let segmented = run(&[format, "--progress", "--memory-limit", &limit], &text);
        assert!(segmented.status.success());
        assert_eq!(segmented.stdout, one_pass.stdout, "{format}");
        let stderr = String::from_utf8(segmented.stderr).unwrap();
        let passes =
            Plan::new(&board, Mode::WithGame, Some(ValueWidth::Four), limit.parse().ok()).game_passes;
        assert!(passes > 2, "{passes}");
        assert!(stderr.contains(&format!("the optimal game takes {passes} passes (")), "{stderr}");
    }
}

#[test]
fn below_one_layer_of_steps_the_game_is_refused() {
    let text = input();
    let board = parse_board(text.as_bytes()).unwrap();
    let least = lattice_dp::solve::layer_sizes(7, 8).into_iter().max().unwrap();
    let limit = limit_leaving(&board, least - 1);
    let output = run(&["--json", "--memory-limit", &limit], &text);
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.contains("memory limit") && stderr.contains("one more byte per state of the largest layer"),
        "{stderr}"
    );
    // The value alone still fits.
    let output = run(&["--memory-limit", &limit], &text);
    assert!(output.status.success());
}
