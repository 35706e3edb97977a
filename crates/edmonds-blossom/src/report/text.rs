//! The plain answers of the three modes.

use std::io::{self, Write};

use crate::decomposition::{Decomposition, VertexClass};
use crate::game::BoardAnalysis;
use crate::graph_input::VertexIds;
use crate::matching::Matching;

/// `Case #i: daizhenyang win` or `... lose` for the board's `K` start (`case` is 1-based).
pub fn write_verdict(out: &mut impl Write, case: usize, analysis: &BoardAnalysis) -> io::Result<()> {
    let verdict = if analysis.start_wins() { "win" } else { "lose" };
    writeln!(out, "Case #{case}: daizhenyang {verdict}")
}

/// `Case #i:` and one row of `W` / `L` / `#` per board row.
pub fn write_outcome_grid(out: &mut impl Write, case: usize, analysis: &BoardAnalysis) -> io::Result<()> {
    writeln!(out, "Case #{case}:")?;
    for row in analysis.outcome_rows() {
        writeln!(out, "{row}")?;
    }
    Ok(())
}

/// The matching size, then one `u v` line per matched edge (`u < v`), in the input's vertex ids.
pub fn write_matching(out: &mut impl Write, matching: &Matching, ids: &VertexIds) -> io::Result<()> {
    writeln!(out, "{}", matching.size())?;
    for (u, v) in matching.edges() {
        writeln!(out, "{} {}", ids.id(u), ids.id(v))?;
    }
    Ok(())
}

/// Three lines `D k: v…`, `A k: v…`, `C k: v…` listing each class (ascending), in the input's
/// vertex ids.
pub fn write_classes(out: &mut impl Write, decomposition: &Decomposition, ids: &VertexIds) -> io::Result<()> {
    for (name, class) in [("D", VertexClass::D), ("A", VertexClass::A), ("C", VertexClass::C)] {
        let members = decomposition.members(class);
        write!(out, "{name} {}:", members.len())?;
        for v in members {
            write!(out, " {}", ids.id(v))?;
        }
        writeln!(out)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::Graph;
    use crate::report::CertifiedMatching;

    #[test]
    fn matching_and_classes_text() {
        let g = Graph::from_edges(3, &[(0, 1), (1, 2)]).unwrap();
        let c = CertifiedMatching::new(&g).unwrap();
        let mut out = Vec::new();
        write_matching(&mut out, &c.matching, &VertexIds::From(0)).unwrap();
        write_classes(&mut out, &c.decomposition, &VertexIds::From(0)).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.starts_with("1\n"), "{text}");
        assert!(text.ends_with("D 2: 0 2\nA 1: 1\nC 0:\n"), "{text}");
        let mut out = Vec::new();
        write_classes(&mut out, &c.decomposition, &VertexIds::Listed(vec![5, 70, 1 << 40])).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "D 2: 5 1099511627776\nA 1: 70\nC 0:\n");
    }
}
