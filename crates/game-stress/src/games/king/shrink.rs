//! Reductions of king-game boards: fewer boards, then per board fewer rows or columns, then a
//! smaller king's region (a free cell of it blocked), then fewer obstacles (an obstacle freed).
//!
//! The king's region is the set of free cells the king reaches by its 20 moves (HDU 3446: the 8
//! neighbours, two steps diagonally, the knight's jumps); only it decides the game. Blocking a
//! cell and freeing it are inverse steps, so they cannot both be reductions of one measure: a
//! region cell may be blocked (the region shrinks), and an obstacle may be freed when no move
//! joins it to the region (the region stays, one obstacle fewer). An obstacle on the region's
//! border stays: freeing it would grow the game.

use super::generate::{KingBoard, KingInput};
use crate::shrink::{chunk_removals, without};

/// The king's 20 moves: every offset within two rows and two columns but the null move and the
/// four straight two-steps.
fn moves() -> impl Iterator<Item = (isize, isize)> {
    (-2isize..=2)
        .flat_map(|dr| (-2isize..=2).map(move |dc| (dr, dc)))
        .filter(|&(dr, dc)| (dr, dc) != (0, 0) && !(dr == 0 && dc.abs() == 2) && !(dc == 0 && dr.abs() == 2))
}

/// The cells one move from cell `i` of `board`.
fn reach(board: &KingBoard, i: usize) -> impl Iterator<Item = usize> + '_ {
    let (r, c) = ((i / board.cols) as isize, (i % board.cols) as isize);
    moves().filter_map(move |(dr, dc)| {
        let (r, c) = (r + dr, c + dc);
        let inside = (0..board.rows as isize).contains(&r) && (0..board.cols as isize).contains(&c);
        inside.then(|| r as usize * board.cols + c as usize)
    })
}

/// Whether each cell of `board` is in the king's region (free, reached from the king's start).
pub fn region(board: &KingBoard) -> Vec<bool> {
    let mut seen = vec![false; board.rows * board.cols];
    let start = board.king.0 * board.cols + board.king.1;
    seen[start] = true;
    let mut stack = vec![start];
    while let Some(i) = stack.pop() {
        for j in reach(board, i) {
            if !board.blocked[j] && !seen[j] {
                seen[j] = true;
                stack.push(j);
            }
        }
    }
    seen
}

/// Boards, then cells, then cells of the kings' regions, then obstacles.
pub fn measure(input: &KingInput) -> Vec<u64> {
    let sum = |f: &dyn Fn(&KingBoard) -> usize| input.boards.iter().map(f).sum::<usize>() as u64;
    vec![
        input.boards.len() as u64,
        sum(&|b| b.rows * b.cols),
        sum(&|b| region(b).iter().filter(|&&r| r).count()),
        sum(&|b| b.rows * b.cols - b.free_cells()),
    ]
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
    let region = region(board);
    let toggled = |i: usize| {
        let mut b = board.clone();
        b.blocked[i] = !b.blocked[i];
        b
    };
    out.extend((0..rows * cols).filter(|&i| i != king && region[i]).map(toggled));
    out.extend(
        (0..rows * cols).filter(|&i| board.blocked[i] && !reach(board, i).any(|j| region[j])).map(toggled),
    );
    out.retain(KingBoard::is_valid);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: &[&str]) -> KingBoard {
        let cols = rows[0].len();
        let cells: Vec<char> = rows.iter().flat_map(|r| r.chars()).collect();
        let k = cells.iter().position(|&c| c == 'K').unwrap();
        KingBoard {
            rows: rows.len(),
            cols,
            blocked: cells.iter().map(|&c| c == '#').collect(),
            king: (k / cols, k % cols),
        }
    }

    fn text(b: &KingBoard) -> String {
        KingInput { boards: vec![b.clone()] }.render()
    }

    #[test]
    fn the_king_has_twenty_moves() {
        assert_eq!(moves().count(), 20);
        assert!(moves().all(|m| moves().any(|n| n == (-m.0, -m.1))));
    }

    #[test]
    fn region_cells_are_blocked_and_far_obstacles_freed() {
        // The king's region is (0,0) and (0,1): (0,4) is free but no move reaches it.
        let b = board(&["K.##.", "#####", "#####"]);
        assert_eq!(region(&b).iter().filter(|&&r| r).count(), 2);
        let smaller: Vec<String> = board_candidates(&b).iter().map(text).collect();
        // (0,1) blocked; (0,3), (1,4), (2,4) freed: no move joins them to the region.
        assert!(smaller.contains(&text(&board(&["K###.", "#####", "#####"]))));
        for freed in [["K.#..", "#####", "#####"], ["K.##.", "####.", "#####"], ["K.##.", "#####", "####."]] {
            assert!(smaller.contains(&text(&board(&freed))), "{freed:?}");
        }
        // The region's border stays: (0,2), (1,1), (2,3) (two steps diagonally from (0,1)).
        for kept in [["K..#.", "#####", "#####"], ["K.##.", "#.###", "#####"], ["K.##.", "#####", "###.#"]] {
            assert!(!smaller.contains(&text(&board(&kept))), "{kept:?}");
        }
        assert_eq!(smaller.len(), 2 + 6 + 1 + 3, "{smaller:?}");
        let input = KingInput { boards: vec![b] };
        let size = measure(&input);
        assert!(candidates(&input).iter().all(|c| measure(c) < size));
    }
}
