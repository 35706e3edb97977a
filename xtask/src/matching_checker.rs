//! The checker for maximum-matching answers (Library Checker `general_matching` rules).
//!
//! An answer passes when all its tokens are integers, `0 <= X <= N` and exactly X pairs follow with
//! nothing after them, every pair is an edge of the input (either orientation), no vertex is used
//! twice, and X equals the reference size. A larger X than the reference means the reference is wrong,
//! which is reported as such.

use std::collections::HashSet;

/// Judges `got` for the graph `input` against the reference answer `expected`.
pub fn check(input: &str, expected: &str, got: &str) -> Result<(), String> {
    let (n, edges) = parse_graph(input)?;
    let best =
        parse_numbers(expected, "expected output")?.first().copied().ok_or("expected output is empty")?;
    let tokens = parse_numbers(got, "output")?;
    let (&size, pairs) = tokens.split_first().ok_or("empty output")?;
    if size > n {
        return Err(format!("matching size {size} exceeds N = {n}"));
    }
    if pairs.len() as u64 != 2 * size {
        return Err(format!("size {size} announced but {} numbers follow (want {})", pairs.len(), 2 * size));
    }
    let mut used = HashSet::new();
    for pair in pairs.chunks_exact(2) {
        let (u, v) = (pair[0], pair[1]);
        if !edges.contains(&(u.min(v), u.max(v))) {
            return Err(format!("pair {u} {v} is not an edge of the input"));
        }
        for w in [u, v] {
            if !used.insert(w) {
                return Err(format!("vertex {w} is matched twice"));
            }
        }
    }
    match size.cmp(&best) {
        std::cmp::Ordering::Equal => Ok(()),
        std::cmp::Ordering::Less => Err(format!("matching of size {size}, optimum is {best}")),
        std::cmp::Ordering::Greater => Err(format!(
            "valid matching of size {size} beats the reference {best}: the expected file is wrong"
        )),
    }
}

/// `N` and the edge set (as ordered pairs) of a graph in `N M` + edge-list format.
fn parse_graph(input: &str) -> Result<(u64, HashSet<(u64, u64)>), String> {
    let numbers = parse_numbers(input, "input")?;
    let (n, m) = match numbers.as_slice() {
        [n, m, ..] => (*n, *m),
        _ => return Err("input lacks `N M`".into()),
    };
    let ends = &numbers[2..];
    if ends.len() as u64 != 2 * m {
        return Err(format!("input announces {m} edges but has {} numbers after `N M`", ends.len()));
    }
    Ok((n, ends.chunks_exact(2).map(|e| (e[0].min(e[1]), e[0].max(e[1]))).collect()))
}

/// All whitespace-separated tokens of `text` as non-negative integers.
fn parse_numbers(text: &str, what: &str) -> Result<Vec<u64>, String> {
    text.split_whitespace()
        .map(|t| t.parse::<u64>().map_err(|_| format!("{what}: `{t}` is not a non-negative integer")))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const PATH4: &str = "4 3\n0 1\n1 2\n2 3\n";

    #[test]
    fn accepts_any_optimal_matching() {
        assert_eq!(check(PATH4, "2\n0 1\n2 3\n", "2\n3 2\n1 0\n"), Ok(()));
    }

    #[test]
    fn rejects_suboptimal_invalid_and_malformed_answers() {
        let expected = "2\n0 1\n2 3\n";
        assert!(check(PATH4, expected, "1\n1 2\n").unwrap_err().contains("optimum is 2"));
        assert!(check(PATH4, expected, "2\n0 1\n1 2\n").unwrap_err().contains("matched twice"));
        assert!(check(PATH4, expected, "2\n0 2\n1 3\n").unwrap_err().contains("not an edge"));
        assert!(check(PATH4, expected, "2\n0 1\n2 3\n9\n").unwrap_err().contains("numbers follow"));
        assert!(check(PATH4, expected, "2\n0 1\n2\n").unwrap_err().contains("numbers follow"));
        assert!(check(PATH4, expected, "two\n").unwrap_err().contains("not a non-negative integer"));
        assert!(check(PATH4, expected, "").unwrap_err().contains("empty output"));
        assert!(check(PATH4, expected, "5\n").unwrap_err().contains("exceeds N"));
    }

    #[test]
    fn flags_a_wrong_reference() {
        assert!(check(PATH4, "1\n0 1\n", "2\n0 1\n2 3\n").unwrap_err().contains("expected file is wrong"));
    }
}
