//! Prints per-board work statistics of the retrograde pass: `stats [--all] FILE`.
//!
//! `--all` solves every state (no early stop). Rates are states taken from the queue per second.
use std::time::Instant;

use pawn_retrograde::{Solution, parse_input};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let all = args.iter().any(|a| a == "--all");
    let path = args.iter().find(|a| *a != "--all").expect("usage: stats [--all] FILE");
    let boards = parse_input(&std::fs::read(path).expect("readable file")).expect("valid input");
    for board in &boards {
        let t = Instant::now();
        let solution = if all { Solution::of_board(board) } else { Solution::of_start(board) };
        let states = solution.num_states();
        let secs = t.elapsed().as_secs_f64();
        let processed = solution.processed_states();
        let mirror = if solution.is_mirror_reduced() { " (mirror)" } else { "" };
        println!(
            "{:?}: {states} states, {} solved{mirror}, {processed} processed, {}-byte words, {:.1} ms, \
             {:.1} M states/s",
            solution.outcome(),
            solution.stored_states(),
            solution.word_bytes(),
            secs * 1e3,
            processed as f64 / secs / 1e6
        );
    }
}
