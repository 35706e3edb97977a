//! A board: the circle's size and its pawns in clockwise order, each with its colour.
//!
//! Fields are numbered `1..=n`; *clockwise* means towards larger numbers, and field `n` is followed
//! by field `1`.

use serde::Serialize;

/// The colour of a pawn, or of the player who moves it. White moves first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    /// The first player (answer letter `B`).
    White,
    /// The second player (answer letter `C`).
    Black,
}

impl Colour {
    /// Both colours, white first (the order of every per-colour array).
    pub const BOTH: [Colour; 2] = [Colour::White, Colour::Black];

    /// The other colour.
    pub fn other(self) -> Self {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }

    /// 0 for white, 1 for black: the colour bit of the pawn encoding and the index of per-colour arrays.
    pub fn index(self) -> usize {
        match self {
            Colour::White => 0,
            Colour::Black => 1,
        }
    }

    /// The colour whose encoding bit is `bit & 1`.
    pub fn from_bit(bit: u64) -> Self {
        if bit & 1 == 0 { Colour::White } else { Colour::Black }
    }

    /// `"white"` or `"black"`.
    pub fn name(self) -> &'static str {
        match self {
            Colour::White => "white",
            Colour::Black => "black",
        }
    }
}

/// The largest circle the input format allows.
pub const MAX_FIELDS: u64 = 1_000_000_000_000_000_000;

/// A position of the game: `n` fields and the pawns standing on them.
///
/// Encoding (the one place it is defined): `pawns[i] = position << 1 | colour bit` (0 white,
/// 1 black), sorted by position, positions distinct and in `1..=n`. Positions are at most 10^18 <
/// 2^63, so the shift never overflows, and the sorted order of the codes is the order of positions.
/// One array for both colours is what lets the structure walk go round the circle in a single
/// sweep, and it is the only per-pawn memory a board needs (8 bytes a pawn).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    pub(crate) n: u64,
    pub(crate) counts: [usize; 2],
    pub(crate) pawns: Vec<u64>,
}

impl Default for Board {
    fn default() -> Self {
        Self { n: 1, counts: [0, 0], pawns: Vec::new() }
    }
}

impl Board {
    /// A board of `n` fields with the given white and black positions (each strictly increasing).
    ///
    /// Errors (as a message) on anything the input format rejects.
    pub fn from_positions(n: u64, white: &[u64], black: &[u64]) -> Result<Self, String> {
        if !(1..=MAX_FIELDS).contains(&n) {
            return Err(format!("n = {n} out of range 1..={MAX_FIELDS}"));
        }
        for (colour, list) in [(Colour::White, white), (Colour::Black, black)] {
            if let Some(&p) = list.iter().find(|&&p| p == 0 || p > n) {
                return Err(format!("{} position {p} out of range 1..={n}", colour.name()));
            }
            if list.windows(2).any(|w| w[0] >= w[1]) {
                return Err(format!("{} positions are not strictly increasing", colour.name()));
            }
        }
        if white.len() as u64 + black.len() as u64 > n {
            return Err(format!("{} pawns do not fit on {n} fields", white.len() + black.len()));
        }
        let mut pawns: Vec<u64> =
            white.iter().map(|&p| p << 1).chain(black.iter().map(|&p| p << 1 | 1)).collect();
        pawns.sort_unstable();
        if let Some(w) = pawns.windows(2).find(|w| w[0] >> 1 == w[1] >> 1) {
            return Err(format!("field {} holds a white and a black pawn", w[0] >> 1));
        }
        Ok(Self { n, counts: [white.len(), black.len()], pawns })
    }

    /// Number of fields.
    pub fn n(&self) -> u64 {
        self.n
    }

    /// Number of pawns of `colour`.
    pub fn count(&self, colour: Colour) -> usize {
        self.counts[colour.index()]
    }

    /// Number of pawns of both colours.
    pub fn len(&self) -> usize {
        self.pawns.len()
    }

    /// Whether the board has no pawn.
    pub fn is_empty(&self) -> bool {
        self.pawns.is_empty()
    }

    /// Whether every field holds a pawn.
    pub fn is_full(&self) -> bool {
        self.pawns.len() as u64 == self.n
    }

    /// Position of the `i`-th pawn in clockwise order from field 1.
    pub fn position(&self, i: usize) -> u64 {
        self.pawns[i] >> 1
    }

    /// Colour of the `i`-th pawn in clockwise order from field 1.
    pub fn colour(&self, i: usize) -> Colour {
        Colour::from_bit(self.pawns[i])
    }

    /// The positions of `colour`'s pawns, increasing.
    pub fn positions(&self, colour: Colour) -> impl Iterator<Item = u64> + '_ {
        self.pawns.iter().filter(move |&&code| Colour::from_bit(code) == colour).map(|&code| code >> 1)
    }

    /// Number of steps from field `a` clockwise to field `b`, in `0..n`.
    pub fn clockwise(&self, a: u64, b: u64) -> u64 {
        // a, b <= n <= 10^18, so b + n cannot overflow.
        if b >= a { b - a } else { b + self.n - a }
    }

    /// The field `steps` fields clockwise from `from` (`steps` < n).
    pub fn step_clockwise(&self, from: u64, steps: u64) -> u64 {
        let to = from + steps;
        if to > self.n { to - self.n } else { to }
    }

    /// The field `steps` fields counter-clockwise from `from` (`steps` < n).
    pub fn step_counter_clockwise(&self, from: u64, steps: u64) -> u64 {
        if steps >= from { from + self.n - steps } else { from - steps }
    }

    /// Empty fields between the `i`-th pawn and the next one clockwise (all other fields when there
    /// is one pawn).
    pub fn empty_after(&self, i: usize) -> u64 {
        let next = if i + 1 == self.pawns.len() { 0 } else { i + 1 };
        match self.clockwise(self.position(i), self.position(next)) {
            0 => self.n - 1,
            d => d - 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn merges_colours_in_clockwise_order() {
        let b = Board::from_positions(9, &[3, 8], &[2, 5, 6]).unwrap();
        let order: Vec<_> = (0..b.len()).map(|i| (b.position(i), b.colour(i))).collect();
        assert_eq!(order[0], (2, Colour::Black));
        assert_eq!(order[1], (3, Colour::White));
        assert_eq!(b.positions(Colour::Black).collect::<Vec<_>>(), vec![2, 5, 6]);
        assert_eq!(b.empty_after(4), 2); // 8 -> 2 passes 9 and 1
        assert_eq!(b.empty_after(0), 0);
    }

    #[test]
    fn rejects_bad_boards() {
        assert!(Board::from_positions(3, &[1], &[1]).is_err());
        assert!(Board::from_positions(3, &[2, 1], &[]).is_err());
        assert!(Board::from_positions(3, &[4], &[]).is_err());
        assert!(Board::from_positions(0, &[], &[]).is_err());
    }

    #[test]
    fn circle_arithmetic_wraps() {
        let b = Board::from_positions(10, &[1], &[]).unwrap();
        assert_eq!(b.clockwise(9, 2), 3);
        assert_eq!(b.step_clockwise(9, 3), 2);
        assert_eq!(b.step_counter_clockwise(2, 3), 9);
        assert_eq!(b.empty_after(0), 9);
    }
}
