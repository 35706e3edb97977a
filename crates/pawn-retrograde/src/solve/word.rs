//! The per-state word of the retrograde pass: 1 byte per state, widened to 2 or 4 when needed.
//!
//! # Encoding
//!
//! One unsigned word `v` per state holds everything the pass needs:
//! - `v < WON_AT_ZERO` (9): the state is undecided and `v` of its moves are not refuted yet (a move
//!   is refuted when its successor is known to be won by the player who moves there). The pass
//!   starts every state at its number of legal moves (at most 8, at least 1 for a non-terminal
//!   state) and counts down, so the state is lost when the count would reach 0, and no move count
//!   is looked up while the pass runs;
//! - `v = WON_AT_ZERO`: the state is won by the side to move at distance 0 (Black to move with the
//!   pawn in row 1);
//! - `v ≥ DECIDED` (10): the state is decided at distance `d = v − DECIDED` (number of moves still
//!   played under optimal play), won by the side to move when `d` is odd and lost when it is even.
//!
//! The parity rule holds for every decided state but the row-1 wins: the other terminal states are
//! all lost for their mover, and each level of the pass decides the predecessors of a level of
//! losses as wins one move longer, of a level of wins as losses one move longer
//! (`super::retrograde` explains the levels). So the distance alone says who wins, and a `u8` word
//! holds distances up to 245, a `u16` word up to 65,525, a `u32` word up to 2³² − 11 (the longest
//! distances seen are a few hundred). The pass checks the distance of each level before deciding
//! anything with it and reports [`DistanceOverflow`] instead of wrapping; the solver then widens
//! the words in place (the encoding does not depend on the width) and goes on.

use super::value::StateValue;

/// The word of a state won by its mover at distance 0 (the only win at an even distance).
const WON_AT_ZERO: u32 = 9;
/// Words at or above this value are decided states at distance `word − DECIDED`.
const DECIDED: u32 = 10;

/// A distance did not fit the word type; the caller retries with a wider one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DistanceOverflow;

/// An unsigned word type usable as the per-state word.
pub trait Word: Copy + Send + Sync + 'static {
    /// The zero word.
    const ZERO: Self;
    /// The largest distance this word can hold.
    const MAX_DISTANCE: u32;
    /// Widens to `u32`.
    fn get(self) -> u32;
    /// Narrows from `u32`; callers only pass values that fit.
    fn from_u32(v: u32) -> Self;
}

macro_rules! impl_word {
    ($t:ty) => {
        impl Word for $t {
            const ZERO: Self = 0;
            const MAX_DISTANCE: u32 = (<$t>::MAX as u32) - DECIDED;
            #[inline]
            fn get(self) -> u32 {
                u32::from(self)
            }
            #[inline]
            fn from_u32(v: u32) -> Self {
                v as $t
            }
        }
    };
}

impl_word!(u8);
impl_word!(u16);
impl_word!(u32);

/// A 1-byte word that holds distances up to 119 only, so that the pass over a small board runs
/// out of room and widens (tests).
#[cfg(test)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShortWord(u8);

#[cfg(test)]
impl Word for ShortWord {
    const ZERO: Self = ShortWord(0);
    const MAX_DISTANCE: u32 = 119;
    fn get(self) -> u32 {
        u32::from(self.0)
    }
    fn from_u32(v: u32) -> Self {
        ShortWord(v as u8)
    }
}

/// Whether the word belongs to a decided state.
#[inline]
pub fn is_decided<W: Word>(w: W) -> bool {
    w.get() >= WON_AT_ZERO
}

/// The word of a state decided at distance `distance` (which must be at most `W::MAX_DISTANCE`),
/// won by its mover when `mover_wins`: only at distance 0 may a win have an even distance (see the
/// module doc).
#[inline]
pub fn decided<W: Word>(mover_wins: bool, distance: u32) -> W {
    debug_assert!(distance <= W::MAX_DISTANCE);
    if mover_wins && distance == 0 {
        return W::from_u32(WON_AT_ZERO);
    }
    debug_assert_eq!(mover_wins, distance % 2 == 1, "a decided state's distance has its winner's parity");
    W::from_u32(DECIDED + distance)
}

/// Whether a decided word says the side to move wins.
#[inline]
pub fn mover_wins<W: Word>(w: W) -> bool {
    debug_assert!(is_decided(w));
    let v = w.get();
    v == WON_AT_ZERO || (v - DECIDED) % 2 == 1
}

/// Number of moves of an undecided state not refuted yet.
#[inline]
pub fn remaining<W: Word>(w: W) -> u32 {
    w.get()
}

/// The word of an undecided state with `count` moves not refuted yet (`count` ≤ 8).
#[inline]
pub fn with_remaining<W: Word>(count: u32) -> W {
    debug_assert!(count < WON_AT_ZERO);
    W::from_u32(count)
}

/// The value of a decided word, `None` for an undecided one.
#[inline]
pub fn value<W: Word>(w: W) -> Option<StateValue> {
    let v = w.get();
    if v == WON_AT_ZERO {
        return Some(StateValue::Win(0));
    }
    let distance = v.checked_sub(DECIDED)?;
    Some(if distance % 2 == 1 { StateValue::Win(distance) } else { StateValue::Loss(distance) })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips() {
        for d in [1, 7, 245, u16::MAX_DISTANCE] {
            assert_eq!(value::<u16>(decided(true, d)), Some(StateValue::Win(d)));
            assert!(is_decided::<u16>(decided(true, d)) && mover_wins::<u16>(decided(true, d)));
        }
        for d in [0, 2, 8, 244, u16::MAX_DISTANCE - 1] {
            assert_eq!(value::<u16>(decided(false, d)), Some(StateValue::Loss(d)));
            assert!(is_decided::<u16>(decided(false, d)) && !mover_wins::<u16>(decided(false, d)));
        }
        assert_eq!(value::<u8>(decided(true, 0)), Some(StateValue::Win(0)));
        assert!(mover_wins::<u8>(decided(true, 0)));
        assert_eq!(u16::MAX_DISTANCE, 65_525);
        assert_eq!(u8::MAX_DISTANCE, 245);
        assert_eq!(value::<u8>(decided(true, 245)), Some(StateValue::Win(245)));
        assert_eq!(value::<u8>(decided(false, 244)), Some(StateValue::Loss(244)));
        for c in 0..=8 {
            let w: u16 = with_remaining(c);
            assert!(!is_decided(w));
            assert_eq!((remaining(w), value(w)), (c, None));
        }
        assert!(!is_decided(u16::ZERO));
    }
}
