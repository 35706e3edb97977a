//! Words for people: a count with its noun in the right number (`1 cell`, `2 cells`).

use std::fmt::Display;

/// `n` and `noun`, the noun in the plural (an `s` added to its last word) unless `n` is one:
/// `counted(1, "legal move")` is `1 legal move`, `counted(3, "cell")` is `3 cells`.
pub fn counted<N: Display + TryInto<u128> + Copy>(n: N, noun: &str) -> String {
    let one = n.try_into().is_ok_and(|n: u128| n == 1);
    if one { format!("{n} {noun}") } else { format!("{n} {noun}s") }
}

#[cfg(test)]
mod tests {
    use super::counted;

    #[test]
    fn one_is_singular_everything_else_plural() {
        assert_eq!(counted(1u32, "cell"), "1 cell");
        assert_eq!(counted(0usize, "cell"), "0 cells");
        assert_eq!(counted(2u64, "legal move"), "2 legal moves");
        assert_eq!(counted(10u128.pow(18), "field"), "1000000000000000000 fields");
    }
}
