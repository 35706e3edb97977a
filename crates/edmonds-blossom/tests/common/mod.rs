//! What the brute-force oracles of several test files share: the move tables, written out again
//! here (not taken from grid-core) so that the oracles stay independent of the code they check.

/// The 20 moves of the HDU 3446 king: 8 neighbours, 4 double diagonals, 8 knight jumps.
pub const KING20: [(i32, i32); 20] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
    (-2, -2),
    (-2, 2),
    (2, -2),
    (2, 2),
    (-2, -1),
    (-2, 1),
    (-1, -2),
    (-1, 2),
    (1, -2),
    (1, 2),
    (2, -1),
    (2, 1),
];
/// Up, down, left, right.
pub const ORTH4: [(i32, i32); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];
