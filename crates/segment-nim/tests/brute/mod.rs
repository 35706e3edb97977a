//! An independent brute-force solver, written for clarity and sharing no code with the crate:
//! retrograde analysis over every placement of pawns on a circle of `n` fields, both sides to move.
//!
//! A placement is a base-3 number with digit `i` = content of field `i + 1`: 0 empty, 1 white,
//! 2 black. A state is (placement, side to move). Moves are reversible (a pawn can slide back
//! over the fields it crossed), so the positions from which the side `s` could have reached a
//! placement are exactly the placements `s` can move to from it.

use std::collections::VecDeque;
use std::sync::OnceLock;

/// The value of a state for the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Value {
    /// The side to move wins.
    Win,
    /// The side to move loses.
    Lose,
    /// Neither side can force a win.
    Draw,
}

/// Values of every state of one circle size.
pub struct Oracle {
    n: usize,
    pow3: Vec<usize>,
    /// `values[code][side]`, side 0 = white to move, 1 = black to move.
    values: Vec<[Value; 2]>,
}

impl Oracle {
    /// Solves every placement of a circle of `n` fields.
    pub fn new(n: usize) -> Self {
        let pow3: Vec<usize> = (0..=n).map(|i| 3usize.pow(i as u32)).collect();
        let mut oracle = Oracle { n, pow3, values: Vec::new() };
        oracle.values = oracle.retrograde();
        oracle
    }

    /// The shared oracle for `n` fields (built on first use).
    pub fn cached(n: usize) -> &'static Oracle {
        static CACHE: [OnceLock<Oracle>; 13] = [const { OnceLock::new() }; 13];
        CACHE[n].get_or_init(|| Oracle::new(n))
    }

    /// Number of placements.
    pub fn placements(&self) -> usize {
        self.pow3[self.n]
    }

    /// Field contents of a placement (0 empty, 1 white, 2 black), field 1 first.
    pub fn cells(&self, code: usize) -> Vec<u8> {
        (0..self.n).map(|i| (code / self.pow3[i] % 3) as u8).collect()
    }

    /// The placement of field contents.
    pub fn code(&self, cells: &[u8]) -> usize {
        cells.iter().enumerate().map(|(i, &c)| c as usize * self.pow3[i]).sum()
    }

    /// The value with `side` (0 white, 1 black) to move.
    pub fn value(&self, code: usize, side: usize) -> Value {
        self.values[code][side]
    }

    /// The placements `side` can move to.
    pub fn moves(&self, code: usize, side: usize) -> Vec<usize> {
        let cells = self.cells(code);
        let pawn = side as u8 + 1;
        let mut result = Vec::new();
        for from in (0..self.n).filter(|&i| cells[i] == pawn) {
            for step in [1, self.n - 1] {
                let mut to = (from + step) % self.n;
                while to != from && cells[to] == 0 {
                    result.push(code - pawn as usize * self.pow3[from] + pawn as usize * self.pow3[to]);
                    to = (to + step) % self.n;
                }
            }
        }
        result
    }

    /// Retrograde analysis: states without a move are lost; a state with a move to a lost state
    /// is won; a state all of whose moves lead to won states is lost; the rest are draws.
    fn retrograde(&self) -> Vec<[Value; 2]> {
        let total = self.placements();
        let mut value: Vec<[Option<Value>; 2]> = vec![[None, None]; total];
        let mut undecided_moves = vec![[0usize; 2]; total];
        let mut queue = VecDeque::new();
        for code in 0..total {
            for side in 0..2 {
                let count = self.moves(code, side).len();
                undecided_moves[code][side] = count;
                if count == 0 {
                    value[code][side] = Some(Value::Lose);
                    queue.push_back((code, side));
                }
            }
        }
        while let Some((code, side)) = queue.pop_front() {
            let lost = value[code][side] == Some(Value::Lose);
            let other = 1 - side;
            for previous in self.moves(code, other) {
                if value[previous][other].is_some() {
                    continue;
                }
                if lost {
                    value[previous][other] = Some(Value::Win);
                    queue.push_back((previous, other));
                } else {
                    undecided_moves[previous][other] -= 1;
                    if undecided_moves[previous][other] == 0 {
                        value[previous][other] = Some(Value::Lose);
                        queue.push_back((previous, other));
                    }
                }
            }
        }
        value.into_iter().map(|v| v.map(|s| s.unwrap_or(Value::Draw))).collect()
    }
}

#[test]
fn tiny_circles_by_hand() {
    let o = Oracle::new(3);
    // W B . : both can shuffle forever.
    assert_eq!(o.value(o.code(&[1, 2, 0]), 0), Value::Draw);
    // W . . : white moves, black has nothing.
    assert_eq!(o.value(o.code(&[1, 0, 0]), 0), Value::Win);
    assert_eq!(o.value(o.code(&[1, 0, 0]), 1), Value::Lose);
    // full board: the mover is stuck.
    assert_eq!(o.value(o.code(&[1, 2, 1]), 1), Value::Lose);
    assert_eq!(o.moves(o.code(&[1, 0, 0]), 0).len(), 4);
}
