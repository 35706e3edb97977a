//! Reductions of king-game boards: fewer boards, then per board fewer rows or columns, then fewer
//! free cells (fewer vertices of the move graph).

use super::{chunk_removals, without};
use crate::generate::king::{KingBoard, KingInput};

/// Boards, then cells, then free cells.
pub fn measure(input: &KingInput) -> Vec<u64> {
    let sum = |f: &dyn Fn(&KingBoard) -> usize| input.boards.iter().map(f).sum::<usize>() as u64;
    vec![input.boards.len() as u64, sum(&|b| b.rows * b.cols), sum(&|b| b.free_cells())]
}

/// The one-step reductions, biggest first.
pub fn candidates(input: &KingInput) -> Vec<KingInput> {
    let mut out: Vec<KingInput> = chunk_removals(input.boards.len())
        .into_iter()
        .map(|range| KingInput { boards: without(&input.boards, &range) })
        .collect();
    for (i, board) in input.boards.iter().enumerate() {
        for smaller in board_candidates(board) {
            let mut boards = input.boards.clone();
            boards[i] = smaller;
            out.push(KingInput { boards });
        }
    }
    out
}

fn board_candidates(board: &KingBoard) -> Vec<KingBoard> {
    let mut out = Vec::new();
    let (rows, cols) = (board.rows, board.cols);
    for range in chunk_removals(rows) {
        if range.contains(&board.king.0) {
            continue;
        }
        let blocked =
            (0..rows * cols).filter(|i| !range.contains(&(i / cols))).map(|i| board.blocked[i]).collect();
        let king_row = if board.king.0 >= range.end { board.king.0 - range.len() } else { board.king.0 };
        out.push(KingBoard { rows: rows - range.len(), cols, blocked, king: (king_row, board.king.1) });
    }
    for range in chunk_removals(cols) {
        if range.contains(&board.king.1) {
            continue;
        }
        let blocked =
            (0..rows * cols).filter(|i| !range.contains(&(i % cols))).map(|i| board.blocked[i]).collect();
        let king_col = if board.king.1 >= range.end { board.king.1 - range.len() } else { board.king.1 };
        out.push(KingBoard { rows, cols: cols - range.len(), blocked, king: (board.king.0, king_col) });
    }
    let king = board.king.0 * cols + board.king.1;
    for i in (0..rows * cols).filter(|&i| i != king && !board.blocked[i]) {
        let mut b = board.clone();
        b.blocked[i] = true;
        out.push(b);
    }
    out.retain(KingBoard::is_valid);
    out
}
