//! Reductions of pawn-pursuit boards: fewer boards, then per board fewer rows or columns (a piece
//! on a removed line moves to the nearest free cell), fewer obstacles, and the pieces moved closer
//! together.

use super::generate::{Cell, PawnBoard, PawnInput};
use crate::shrink::{chunk_removals, without};

fn distance(a: Cell, b: Cell) -> u64 {
    (a.0.abs_diff(b.0) + a.1.abs_diff(b.1)) as u64
}

/// Boards, then cells, then obstacles, then the red pieces' distance to the pawn plus theirs.
pub fn measure(input: &PawnInput) -> Vec<u64> {
    let sum = |f: &dyn Fn(&PawnBoard) -> u64| input.boards.iter().map(f).sum::<u64>();
    vec![
        input.boards.len() as u64,
        sum(&|b| (b.rows * b.cols) as u64),
        sum(&|b| b.obstacles() as u64),
        sum(&|b| {
            distance(b.reds[0], b.black) + distance(b.reds[1], b.black) + distance(b.reds[0], b.reds[1])
        }),
    ]
}

/// The one-step reductions, biggest first.
pub fn candidates(input: &PawnInput) -> Vec<PawnInput> {
    let mut out: Vec<PawnInput> = chunk_removals(input.boards.len())
        .into_iter()
        .map(|range| PawnInput { boards: without(&input.boards, &range) })
        .collect();
    for (i, board) in input.boards.iter().enumerate() {
        for smaller in board_candidates(board) {
            let mut boards = input.boards.clone();
            boards[i] = smaller;
            out.push(PawnInput { boards });
        }
    }
    out
}

/// The board without the rows (or columns, `by_col`) `drop`; a piece standing on them moves to the
/// nearest free cell that stays (the first in row-major order among the nearest).
fn remove_lines(board: &PawnBoard, drop: &dyn Fn(usize) -> bool, by_col: bool) -> Option<PawnBoard> {
    let line = |(r, c): Cell| if by_col { c } else { r };
    let count = if by_col { board.cols } else { board.rows };
    let kept: Vec<usize> = (0..count).filter(|&l| !drop(l)).collect();
    let first_kept_row = if by_col { 0 } else { *kept.first()? };
    let free = |p: Cell| !drop(line(p)) && !board.blocked[p.0 * board.cols + p.1];
    let mut pieces = [board.black, board.reds[0], board.reds[1]];
    for i in 0..3 {
        if !drop(line(pieces[i])) {
            continue;
        }
        let from = pieces[i];
        let taken = pieces;
        pieces[i] = (0..board.rows)
            .flat_map(|r| (0..board.cols).map(move |c| (r, c)))
            .filter(|&p| free(p) && !taken.contains(&p) && (i > 0 || p.0 > first_kept_row))
            .min_by_key(|&p| from.0.abs_diff(p.0) + from.1.abs_diff(p.1))?;
    }
    let new_index = |l: usize| kept.iter().position(|&k| k == l).expect("kept line");
    let (rows, cols) = if by_col { (board.rows, kept.len()) } else { (kept.len(), board.cols) };
    let mut blocked = Vec::with_capacity(rows * cols);
    for r in 0..board.rows {
        for c in 0..board.cols {
            if !drop(if by_col { c } else { r }) {
                blocked.push(board.blocked[r * board.cols + c]);
            }
        }
    }
    let map = |(r, c): Cell| if by_col { (r, new_index(c)) } else { (new_index(r), c) };
    let [black, a, b] = pieces.map(map);
    let b = PawnBoard { rows, cols, blocked, black, reds: [a, b] };
    b.is_valid().then_some(b)
}

fn board_candidates(board: &PawnBoard) -> Vec<PawnBoard> {
    let mut out = Vec::new();
    for range in chunk_removals(board.rows) {
        out.extend(remove_lines(board, &|r| range.contains(&r), false));
    }
    for range in chunk_removals(board.cols) {
        out.extend(remove_lines(board, &|c| range.contains(&c), true));
    }
    if board.obstacles() > 1 {
        out.push(PawnBoard { blocked: vec![false; board.blocked.len()], ..board.clone() });
    }
    for i in (0..board.blocked.len()).filter(|&i| board.blocked[i]) {
        let mut b = board.clone();
        b.blocked[i] = false;
        out.push(b);
    }
    // Pieces one step closer: each red piece towards the pawn, the pawn towards each red piece.
    let step_towards = |from: Cell, to: Cell| -> Vec<Cell> {
        let mut steps = Vec::new();
        if from.0 != to.0 {
            steps.push((if from.0 < to.0 { from.0 + 1 } else { from.0 - 1 }, from.1));
        }
        if from.1 != to.1 {
            steps.push((from.0, if from.1 < to.1 { from.1 + 1 } else { from.1 - 1 }));
        }
        steps
    };
    for i in 0..2 {
        for cell in step_towards(board.reds[i], board.black) {
            let mut b = board.clone();
            b.reds[i] = cell;
            out.push(b);
        }
        for cell in step_towards(board.black, board.reds[i]) {
            out.push(PawnBoard { black: cell, ..board.clone() });
        }
    }
    out.retain(PawnBoard::is_valid);
    out
}
