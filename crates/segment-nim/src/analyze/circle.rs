//! Placements of pawns on a small circle as two bit masks, the dihedral symmetry of the circle,
//! and the board of a placement.
//!
//! Encoding (the one place it is defined): a placement on `n` fields is a pair of `n`-bit masks
//! `(white, black)`, bit `i` standing for field `i + 1`, with `white & black == 0`. Rotating the
//! circle rotates both masks within their `n` bits; reflecting it reverses both.

use std::cmp::Ordering;

use crate::board::{Board, Colour};

/// One placement: the white and the black pawns as masks of fields (bit `i` = field `i + 1`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Placement {
    /// The fields holding a white pawn.
    pub white: u32,
    /// The fields holding a black pawn.
    pub black: u32,
}

impl Placement {
    /// Number of white pawns.
    pub fn whites(self) -> usize {
        self.white.count_ones() as usize
    }

    /// Number of black pawns.
    pub fn blacks(self) -> usize {
        self.black.count_ones() as usize
    }

    /// The size of this placement's orbit under the `2n` rotations and reflections of a circle
    /// of `n` fields (`1 <= n <= 31`) when this placement is the orbit's smallest (ordered by the
    /// white mask, then the black one), `None` otherwise: exactly one placement of each orbit
    /// gets its size. The size is `2n` over the number of the `2n` maps that fix the placement.
    pub fn orbit_if_smallest(self, n: u32) -> Option<u64> {
        let circle = Circle::new(n);
        let mirrored = Placement { white: circle.reverse(self.white), black: circle.reverse(self.black) };
        let mut fixed = 0;
        for r in 0..n {
            for image in [self, mirrored] {
                let turned =
                    Placement { white: circle.rotate(image.white, r), black: circle.rotate(image.black, r) };
                match turned.cmp(&self) {
                    Ordering::Less => return None,
                    Ordering::Equal => fixed += 1,
                    Ordering::Greater => {}
                }
            }
        }
        Some(u64::from(2 * n / fixed))
    }

    /// Fills `board` with this placement on `n` fields, reusing its pawn buffer (no allocation
    /// once the buffer has held `n` pawns).
    pub fn fill(self, n: u32, board: &mut Board) {
        board.n = u64::from(n);
        board.counts = [self.whites(), self.blacks()];
        board.pawns.clear();
        let mut occupied = self.white | self.black;
        while occupied != 0 {
            let bit = occupied.trailing_zeros();
            let field = u64::from(bit) + 1;
            let colour = if self.black >> bit & 1 == 1 { Colour::Black } else { Colour::White };
            board.pawns.push(field << 1 | colour.index() as u64);
            occupied &= occupied - 1;
        }
    }
}

/// The bit arithmetic of a circle of `n` fields.
#[derive(Debug, Clone, Copy)]
struct Circle {
    n: u32,
    mask: u32,
}

impl Circle {
    fn new(n: u32) -> Self {
        debug_assert!((1..=31).contains(&n));
        Self { n, mask: (1u32 << n) - 1 }
    }

    /// `fields` turned `r` fields clockwise (`r < n`).
    fn rotate(self, fields: u32, r: u32) -> u32 {
        if r == 0 { fields } else { (fields << r | fields >> (self.n - r)) & self.mask }
    }

    /// `fields` mirrored: field `i + 1` goes to field `n - i`.
    fn reverse(self, fields: u32) -> u32 {
        fields.reverse_bits() >> (32 - self.n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fills_a_board_in_field_order() {
        let mut board = Board::default();
        Placement { white: 0b1001, black: 0b0100 }.fill(5, &mut board);
        assert_eq!(board, Board::from_positions(5, &[1, 4], &[3]).unwrap());
    }

    #[test]
    fn one_canonical_placement_per_orbit() {
        // Three fields, one white and one black pawn: all six placements form one orbit.
        let n = 3;
        let canonical: Vec<(Placement, u64)> = (0..8u32)
            .flat_map(|w| (0..8u32).map(move |b| Placement { white: w, black: b }))
            .filter(|p| p.white & p.black == 0 && p.whites() == 1 && p.blacks() == 1)
            .filter_map(|p| Some((p, p.orbit_if_smallest(n)?)))
            .collect();
        assert_eq!(canonical, vec![(Placement { white: 0b001, black: 0b010 }, 6)]);
        // Two white pawns on four fields: side by side (4 placements) or opposite (2).
        let orbits: Vec<u64> = [0b0011, 0b0101]
            .iter()
            .map(|&w| Placement { white: w, black: 0 }.orbit_if_smallest(4).unwrap())
            .collect();
        assert_eq!(orbits, vec![4, 2]);
        assert_eq!(Placement { white: 0b0110, black: 0 }.orbit_if_smallest(4), None);
        // The empty circle of one field is fixed by both maps.
        assert_eq!(Placement { white: 0, black: 0 }.orbit_if_smallest(1), Some(1));
        let circle = Circle::new(4);
        assert_eq!(circle.rotate(0b1001, 1), 0b0011);
        assert_eq!(circle.reverse(0b0011), 0b1100);
    }
}
