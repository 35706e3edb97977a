//! The randomized parent/child consistency check on 20×20-class boards (≈ 6·10⁷ states each):
//! after a full pass (and after an early-stopped one), sampled states' values and distances agree
//! with their successors' (`Solution::self_check`).

use pawn_retrograde::{Solution, parse_input};

/// A 20×20 board: a broken wall across row 9 and a few scattered obstacles.
fn board_20x20(black: (usize, usize)) -> String {
    let mut rows = vec![vec![b'.'; 20]; 20];
    for (c, cell) in rows[8].iter_mut().enumerate() {
        if c % 7 != 3 {
            *cell = b'#';
        }
    }
    for (r, c) in [(3, 3), (14, 15), (17, 4), (11, 11)] {
        rows[r][c] = b'#';
    }
    rows[black.0][black.1] = b'X';
    rows[1][18] = b'O';
    rows[5][2] = b'O';
    let rows: Vec<String> = rows.into_iter().map(|r| String::from_utf8(r).unwrap()).collect();
    format!("t 1\n20 20\n{}\n", rows.join("\n"))
}

#[test]
fn sampled_states_of_a_20x20_board_agree_with_their_successors() {
    let board = parse_input(board_20x20((19, 0)).as_bytes()).unwrap().remove(0);
    let complete = Solution::of_board(&board);
    assert!(complete.is_complete());
    assert!(complete.num_states() > 50_000_000);
    let checked = complete.self_check(200_000, 7).unwrap();
    assert!(checked > 1_000, "only {checked} decided states sampled");
    let early = Solution::of_start(&board);
    early.self_check(200_000, 8).unwrap();
    assert_eq!(early.outcome(), complete.outcome());
}

/// A 20×19 board whose obstacles are symmetric under the left–right mirror (a broken wall across
/// row 9 with gaps in columns 3, 9 and 15, and a symmetric pair of obstacles), so the pass solves
/// only the left half and the middle column; the pieces stand anywhere.
fn mirrored_board_20x19() -> String {
    let mut rows = vec![vec![b'.'; 19]; 20];
    for (c, cell) in rows[8].iter_mut().enumerate() {
        if ![3, 9, 15].contains(&c) {
            *cell = b'#';
        }
    }
    for (r, c) in [(13, 4), (13, 14)] {
        rows[r][c] = b'#';
    }
    rows[19][1] = b'X';
    rows[1][17] = b'O';
    rows[5][2] = b'O';
    let rows: Vec<String> = rows.into_iter().map(|r| String::from_utf8(r).unwrap()).collect();
    format!("t 1\n20 19\n{}\n", rows.join("\n"))
}

#[test]
fn sampled_states_of_a_mirror_symmetric_board_agree_with_their_successors() {
    let board = parse_input(mirrored_board_20x19().as_bytes()).unwrap().remove(0);
    let complete = Solution::of_board(&board);
    assert!(complete.is_complete() && complete.is_mirror_reduced());
    assert!(2 * complete.stored_states() < complete.num_states() * 11 / 10);
    // Sampled over the whole space: half the samples read their mirror image's word, and every
    // successor of a sampled state may too.
    let checked = complete.self_check(200_000, 9).unwrap();
    assert!(checked > 1_000, "only {checked} decided states sampled");
    let early = Solution::of_start(&board);
    early.self_check(200_000, 10).unwrap();
    assert_eq!(early.outcome(), complete.outcome());
}
