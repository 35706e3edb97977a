//! The text of `analyze` for people: the table of every placement, then the canonical one, each
//! row a pair (white pawns W, black pawns B) with its counts by answer (under 60 columns).

use std::io::{self, Write};

use super::{Analysis, Outcomes, PairCounts};

/// Writes `analysis` as two tables: every placement, then one placement per orbit.
pub fn write(out: &mut impl Write, analysis: &Analysis) -> io::Result<()> {
    let fields = if analysis.fields == 1 { "field" } else { "fields" };
    writeln!(
        out,
        "{} {fields}: {} placements of white and black pawns, white to move",
        analysis.fields, analysis.placements
    )?;
    writeln!(out, "Every placement, by white pawns W and black pawns B:")?;
    write_table(out, &analysis.counts, &analysis.totals)?;
    writeln!(out, "Up to rotation and reflection of the circle (each orbit counted once):")?;
    write_table(out, &analysis.canonical, &analysis.canonical_totals)
}

fn write_table(out: &mut impl Write, pairs: &[PairCounts], totals: &Outcomes) -> io::Result<()> {
    writeln!(out, "   W   B  white wins  black wins       draws       total")?;
    for pair in pairs {
        write!(out, "{:4}{:4}", pair.white, pair.black)?;
        write_outcomes(out, &pair.outcomes)?;
    }
    write!(out, "  totals")?;
    write_outcomes(out, totals)
}

fn write_outcomes(out: &mut impl Write, o: &Outcomes) -> io::Result<()> {
    writeln!(out, "{:12}{:12}{:12}{:12}", o.white_wins, o.black_wins, o.draws, o.total)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analyze::analyze;

    #[test]
    fn two_tables_with_their_totals() {
        let mut text = Vec::new();
        write(&mut text, &analyze(2).unwrap()).unwrap();
        let text = String::from_utf8(text).unwrap();
        assert!(
            text.starts_with("2 fields: 9 placements of white and black pawns, white to move\n"),
            "{text}"
        );
        assert_eq!(text.matches("  totals").count(), 2, "{text}");
        assert!(text.contains("  totals           2           7           0           9\n"), "{text}");
        assert!(text.lines().all(|line| line.len() <= 100), "{text}");
        let mut text = Vec::new();
        write(&mut text, &analyze(1).unwrap()).unwrap();
        assert!(text.starts_with(b"1 field: 3 placements"));
    }
}
