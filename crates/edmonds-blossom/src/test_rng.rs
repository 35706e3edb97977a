//! The seeded generator of the crate's randomized unit tests.

/// A seeded xorshift generator: each call gives a number below its bound.
pub(crate) fn xorshift(mut state: u64) -> impl FnMut(u64) -> u64 {
    move |bound| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % bound
    }
}
