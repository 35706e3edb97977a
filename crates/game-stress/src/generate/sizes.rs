//! The sizes and densities a generator draws from: [`Span`] (a range given on the command line),
//! the size of one case, and the density option's parser.

use std::fmt;
use std::str::FromStr;

use crate::rng::Rng;

/// An inclusive range of sizes given on the command line as `A..B`, `A..=B` or `A`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Span {
    /// Smallest value.
    pub lo: u64,
    /// Largest value (inclusive).
    pub hi: u64,
}

impl Span {
    /// The span `lo..=hi`.
    pub const fn new(lo: u64, hi: u64) -> Self {
        Self { lo, hi }
    }

    /// A random value of the span.
    pub fn pick(&self, rng: &mut Rng) -> u64 {
        rng.range(self.lo, self.hi)
    }

    /// A random value of the span as a `usize`.
    pub fn pick_usize(&self, rng: &mut Rng) -> usize {
        self.pick(rng) as usize
    }
}

impl FromStr for Span {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        let number = |t: &str| {
            let t = t.trim().replace('_', "");
            // Accept 1e18-style powers of ten as well as plain integers.
            if let Some((mantissa, exponent)) = t.split_once(['e', 'E']) {
                let (m, e): (u64, u32) = (
                    mantissa.parse().map_err(|_| format!("not a number: {t}"))?,
                    exponent.parse().map_err(|_| format!("not a number: {t}"))?,
                );
                10u64.checked_pow(e).and_then(|p| p.checked_mul(m)).ok_or(format!("too large: {t}"))
            } else {
                t.parse::<u64>().map_err(|_| format!("not a number: {t}"))
            }
        };
        let (lo, hi) = match s.split_once("..") {
            Some((a, b)) => (number(a)?, number(b.strip_prefix('=').unwrap_or(b))?),
            None => {
                let v = number(s)?;
                (v, v)
            }
        };
        if lo > hi {
            return Err(format!("empty range {s}"));
        }
        Ok(Self { lo, hi })
    }
}

impl fmt::Display for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.lo == self.hi { write!(f, "{}", self.lo) } else { write!(f, "{}..={}", self.lo, self.hi) }
    }
}

/// Which sizes a case draws from where no span is given: one case in twenty is big.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum CaseSize {
    /// The small sizes (most cases).
    Small,
    /// The big sizes.
    Big,
}

impl CaseSize {
    /// Big one time in twenty, else small.
    pub(crate) fn draw(rng: &mut Rng) -> CaseSize {
        if rng.one_in(20) { CaseSize::Big } else { CaseSize::Small }
    }
}

/// A size for one case: the span when given, else drawn from `small` or `big` as `case` says.
pub(crate) fn size_or(span: Option<Span>, rng: &mut Rng, case: CaseSize, small: Span, big: Span) -> u64 {
    match (span, case) {
        (Some(s), _) => s.pick(rng),
        (None, CaseSize::Big) => big.pick(rng),
        (None, CaseSize::Small) => small.pick(rng),
    }
}

/// Parses a density in `0..=1` (clap value parser).
pub fn parse_density(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(d) if (0.0..=1.0).contains(&d) => Ok(d),
        _ => Err(format!("density must be a number in 0..=1, got {s}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_parse() {
        assert_eq!("2..5".parse::<Span>(), Ok(Span::new(2, 5)));
        assert_eq!("2..=5".parse::<Span>(), Ok(Span::new(2, 5)));
        assert_eq!("7".parse::<Span>(), Ok(Span::new(7, 7)));
        assert_eq!("1..1e18".parse::<Span>(), Ok(Span::new(1, 1_000_000_000_000_000_000)));
        assert!("5..2".parse::<Span>().is_err() && "x".parse::<Span>().is_err());
    }
}
