//! The plain answer of `matching`: the size and the matched edges, and with `--certificate` the
//! Gallai–Edmonds classes, in the input's vertex ids.

use std::io::{self, Write};

use crate::graph::Vertex;
use crate::input::VertexIds;
use crate::matching::Matching;
use crate::matching::decomposition::{Decomposition, VertexClass};

/// The matching size, then one `u v` line per matched edge (`u < v`), in the input's vertex ids.
pub fn write_matching(out: &mut impl Write, matching: &Matching, ids: &VertexIds) -> io::Result<()> {
    writeln!(out, "{}", matching.size())?;
    let mut buffer = Vec::with_capacity(BUFFER_BYTES + 64);
    for u in matching.vertices() {
        // The mates' ids are read in random order: each is fetched a few vertices ahead.
        if let Some(ahead) = matching.mate(u.saturating_add(MATE_IDS_AHEAD)) {
            ids.prefetch(ahead);
        }
        if let Some(v) = matching.mate(u).filter(|&v| u < v) {
            push_decimal(&mut buffer, ids.id(u));
            buffer.push(b' ');
            push_decimal(&mut buffer, ids.id(v));
            buffer.push(b'\n');
            flush_when_full(out, &mut buffer)?;
        }
    }
    out.write_all(&buffer)
}

/// How many vertices ahead [`write_matching`] fetches the id of a vertex's mate. sparse-10m as
/// an edge list (10^7 listed ids, 5·10^6 matched edges): the output took 1.14 s without.
const MATE_IDS_AHEAD: Vertex = 32;

/// How many bytes of numbers are gathered before they are written out.
pub(crate) const BUFFER_BYTES: usize = 1 << 16;

/// Writes `buffer` out and empties it once it holds [`BUFFER_BYTES`].
#[inline]
pub(crate) fn flush_when_full(out: &mut impl Write, buffer: &mut Vec<u8>) -> io::Result<()> {
    if buffer.len() >= BUFFER_BYTES {
        out.write_all(buffer)?;
        buffer.clear();
    }
    Ok(())
}

/// Appends the decimal digits of `x` (millions of ids are printed: `write!` costs several times
/// more per number).
#[inline]
pub(crate) fn push_decimal(buffer: &mut Vec<u8>, mut x: u64) {
    let mut digits = [0u8; 20];
    let mut start = digits.len();
    loop {
        start -= 1;
        digits[start] = b'0' + (x % 10) as u8;
        x /= 10;
        if x == 0 {
            break;
        }
    }
    buffer.extend_from_slice(&digits[start..]);
}

/// Three lines `D k: v…`, `A k: v…`, `C k: v…` listing each class (ascending), in the input's
/// vertex ids.
pub fn write_classes(out: &mut impl Write, decomposition: &Decomposition, ids: &VertexIds) -> io::Result<()> {
    for (name, class) in [("D", VertexClass::D), ("A", VertexClass::A), ("C", VertexClass::C)] {
        let members = decomposition.members(class);
        write!(out, "{name} {}:", members.len())?;
        let mut buffer = Vec::with_capacity(BUFFER_BYTES + 64);
        for v in members {
            buffer.push(b' ');
            push_decimal(&mut buffer, ids.id(v));
            flush_when_full(out, &mut buffer)?;
        }
        out.write_all(&buffer)?;
        writeln!(out)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::Graph;
    use crate::matching::report::CertifiedMatching;

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

    #[test]
    fn decimals_match_display() {
        for x in [0, 1, 9, 10, 99, 100, 4_294_967_295, 1 << 40, u64::MAX - 1, u64::MAX] {
            let mut buffer = Vec::new();
            push_decimal(&mut buffer, x);
            assert_eq!(String::from_utf8(buffer).unwrap(), x.to_string());
        }
    }

    #[test]
    fn long_outputs_cross_the_buffer() {
        // 40,000 edges: several buffers' worth of lines, each printed as `write!` would.
        let n = 80_000usize;
        let edges: Vec<(u32, u32)> = (0..n as u32 / 2).map(|i| (2 * i, 2 * i + 1)).collect();
        let g = Graph::from_edges(n, &edges).unwrap();
        let c = CertifiedMatching::new(&g).unwrap();
        let ids = VertexIds::From(1_000_000_000_000);
        let mut out = Vec::new();
        write_matching(&mut out, &c.matching, &ids).unwrap();
        let mut expected = format!("{}\n", n / 2);
        for (u, v) in c.matching.edges() {
            expected += &format!("{} {}\n", ids.id(u), ids.id(v));
        }
        assert_eq!(String::from_utf8(out).unwrap(), expected);
    }
}
