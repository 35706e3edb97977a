//! Reductions of sliding-pawn circles: fewer boards, then per board fewer pawns (a pawn removed
//! alone, two pawns at once or all but one or two on boards of up to [`PAIR_LIMIT`] pawns, or a pawn
//! with its field), then fewer empty fields (a gap between neighbouring pawns, or the
//! wrap-around gap, closed, halved or cut by one).

use super::generate::{SegmentBoard, SegmentInput};
use crate::shrink::{chunk_removals, without};

/// Boards, then pawns, then fields.
pub fn measure(input: &SegmentInput) -> Vec<u64> {
    vec![
        input.boards.len() as u64,
        input.boards.iter().map(|b| b.pawns.len() as u64).sum(),
        input.boards.iter().map(|b| b.n).fold(0u64, u64::saturating_add),
    ]
}

/// The one-step reductions, biggest first.
pub fn candidates(input: &SegmentInput) -> Vec<SegmentInput> {
    let mut out: Vec<SegmentInput> = chunk_removals(input.boards.len())
        .into_iter()
        .map(|range| SegmentInput { boards: without(&input.boards, &range) })
        .collect();
    for (i, board) in input.boards.iter().enumerate() {
        for smaller in board_candidates(board) {
            let mut boards = input.boards.clone();
            boards[i] = smaller;
            out.push(SegmentInput { boards });
        }
    }
    out
}

/// Most pawns of a board whose pairs of pawns are tried for removal.
pub const PAIR_LIMIT: usize = 16;

fn board_candidates(board: &SegmentBoard) -> Vec<SegmentBoard> {
    let mut out = Vec::new();
    let k = board.pawns.len();
    if k == 1 {
        out.push(SegmentBoard { n: board.n, pawns: Vec::new() });
    }
    for range in chunk_removals(k) {
        out.push(SegmentBoard { n: board.n, pawns: without(&board.pawns, &range) });
    }
    // Two pawns removed at once (one of each colour keeps a balance that single removals break),
    // or all pawns but one or two; on boards of up to `PAIR_LIMIT` pawns.
    if (3..=PAIR_LIMIT).contains(&k) {
        for i in 0..k {
            out.push(SegmentBoard { n: board.n, pawns: vec![board.pawns[i]] });
            for j in i + 1..k {
                out.push(SegmentBoard { n: board.n, pawns: vec![board.pawns[i], board.pawns[j]] });
            }
        }
    }
    if k <= PAIR_LIMIT {
        for i in 0..k {
            for j in i + 1..k {
                let pawns = board.pawns.iter().enumerate().filter(|&(x, _)| x != i && x != j);
                out.push(SegmentBoard { n: board.n, pawns: pawns.map(|(_, &p)| p).collect() });
            }
        }
    }
    // A pawn removed with its field: the circle one field shorter, the other gaps unchanged.
    if board.n > 1 {
        for i in 0..k {
            let pawns = board.pawns.iter().enumerate().filter(|&(j, _)| j != i);
            let pawns = pawns.map(|(j, &(p, w))| (if j > i { p - 1 } else { p }, w)).collect();
            out.push(SegmentBoard { n: board.n - 1, pawns });
        }
    }
    // Gap i lies before pawn i (i < k), or after the last pawn (i = k).
    let gap = |i: usize| -> u64 {
        match i {
            0 if k == 0 => board.n,
            0 => board.pawns[0].0 - 1,
            i if i == k => board.n - board.pawns[k - 1].0,
            i => board.pawns[i].0 - board.pawns[i - 1].0 - 1,
        }
    };
    let mut gaps: Vec<usize> = (0..=k).filter(|&i| gap(i) > 0).collect();
    gaps.sort_by_key(|&i| std::cmp::Reverse(gap(i)));
    for cut in [|g: u64| g, |g: u64| g.div_ceil(2), |_| 1] {
        for &i in &gaps {
            let d = cut(gap(i));
            let pawns =
                board.pawns.iter().enumerate().map(|(j, &(p, w))| (if j >= i { p - d } else { p }, w));
            out.push(SegmentBoard { n: board.n - d, pawns: pawns.collect() });
        }
    }
    out.retain(SegmentBoard::is_valid);
    out
}
