//! The per-state word of the retrograde pass: 1 byte per state, widened to 2 or 4 when needed.
//!
//! # Encoding
//!
//! One unsigned word `v` per state holds everything the pass needs:
//! - `v < DECIDED` (16): the state is undecided and `v` of its moves are not refuted yet (a move is
//!   refuted when its successor is known to be won by the player who moves there). The pass starts
//!   every state at its number of legal moves (at most 8, at least 1 for a non-terminal state) and
//!   counts down, so the state is lost when the count would reach 0, and no move count is looked
//!   up while the pass runs;
//! - `v ≥ DECIDED`: the state is decided, `v = DECIDED + 2·d + w` where `d` is the distance (number of
//!   moves still played under optimal play) and `w = 1` when the side to move wins, `0` when it loses.
//!
//! A `u8` word holds distances up to 119, a `u16` word up to 32,759. The pass checks the distance of
//! each level before deciding anything with it and reports [`DistanceOverflow`] instead of wrapping;
//! the solver then widens the words in place (the encoding does not depend on the width) and goes on.
//! `u32` words hold 2³¹ distances, more than the number of states, which bounds every distance
//! (each level up to the largest distance holds at least one state).

use super::value::StateValue;

/// Words at or above this value are decided states.
const DECIDED: u32 = 16;

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
            const MAX_DISTANCE: u32 = ((<$t>::MAX as u32) - DECIDED - 1) / 2;
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

/// Whether the word belongs to a decided state.
#[inline]
pub fn is_decided<W: Word>(w: W) -> bool {
    w.get() >= DECIDED
}

/// The word of a state decided at distance `distance` (which must be at most `W::MAX_DISTANCE`).
#[inline]
pub fn decided<W: Word>(mover_wins: bool, distance: u32) -> W {
    debug_assert!(distance <= W::MAX_DISTANCE);
    W::from_u32(DECIDED + 2 * distance + u32::from(mover_wins))
}

/// Whether a decided word says the side to move wins.
#[inline]
pub fn mover_wins<W: Word>(w: W) -> bool {
    debug_assert!(is_decided(w));
    w.get() & 1 == 1
}

/// Number of moves of an undecided state not refuted yet.
#[inline]
pub fn remaining<W: Word>(w: W) -> u32 {
    w.get()
}

/// The word of an undecided state with `count` moves not refuted yet (`count` < 16).
#[inline]
pub fn with_remaining<W: Word>(count: u32) -> W {
    debug_assert!(count < DECIDED);
    W::from_u32(count)
}

/// The value of a decided word, `None` for an undecided one.
#[inline]
pub fn value<W: Word>(w: W) -> Option<StateValue> {
    let v = w.get().checked_sub(DECIDED)?;
    let distance = v / 2;
    Some(if v % 2 == 1 { StateValue::Win(distance) } else { StateValue::Loss(distance) })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips() {
        for d in [0, 1, 7, u16::MAX_DISTANCE] {
            assert_eq!(value::<u16>(decided(true, d)), Some(StateValue::Win(d)));
            assert_eq!(value::<u16>(decided(false, d)), Some(StateValue::Loss(d)));
            assert!(is_decided::<u16>(decided(false, d)));
        }
        assert_eq!(u16::MAX_DISTANCE, 32_759);
        assert_eq!(u8::MAX_DISTANCE, 119);
        assert_eq!(value::<u8>(decided(true, 119)), Some(StateValue::Win(119)));
        for c in 0..=8 {
            let w: u16 = with_remaining(c);
            assert!(!is_decided(w));
            assert_eq!((remaining(w), value(w)), (c, None));
        }
        assert!(!is_decided(u16::ZERO));
    }
}
