//! The checker for maximum-weight matching answers (Library Checker `general_weighted_matching`
//! rules).
//!
//! The input is `N M`, then M lines `u v w`. An answer `X Y`, then X pairs `u v`, passes when all
//! its tokens are integers, the X pairs are edges of the input (either orientation; of repeated
//! edges the heaviest counts) with no vertex used twice and nothing after them, their weights sum
//! to Y, and Y equals the reference's total. X is not compared: optimal matchings may differ in
//! size. A larger Y than the reference means the reference is wrong, which is reported as such.

use std::collections::{HashMap, HashSet};

/// Judges `got` for the graph `input` against the reference answer `expected`.
pub fn check(input: &str, expected: &str, got: &str) -> Result<(), String> {
    let (n, edges) = parse_graph(input)?;
    let reference = parse_numbers(expected, "expected output")?;
    let best = *reference.get(1).ok_or("expected output lacks `X Y`")?;
    let tokens = parse_numbers(got, "output")?;
    let (size, total, pairs) = match tokens.as_slice() {
        [size, total, pairs @ ..] => (*size, *total, pairs),
        [] => return Err("empty output".into()),
        [_] => return Err("output lacks the total weight after the size".into()),
    };
    if size < 0 || 2 * size > n {
        return Err(format!("matching size {size} impossible with N = {n}"));
    }
    if pairs.len() as i64 != 2 * size {
        return Err(format!("size {size} announced but {} numbers follow (want {})", pairs.len(), 2 * size));
    }
    let mut used = HashSet::new();
    let mut weight = 0i128;
    for pair in pairs.chunks_exact(2) {
        let (u, v) = (pair[0], pair[1]);
        let Some(&w) = edges.get(&(u.min(v), u.max(v))) else {
            return Err(format!("pair {u} {v} is not an edge of the input"));
        };
        for x in [u, v] {
            if !used.insert(x) {
                return Err(format!("vertex {x} is matched twice"));
            }
        }
        weight += i128::from(w);
    }
    if weight != i128::from(total) {
        return Err(format!("the pairs weigh {weight} but the answer says {total}"));
    }
    match total.cmp(&best) {
        std::cmp::Ordering::Equal => Ok(()),
        std::cmp::Ordering::Less => Err(format!("matching of weight {total}, optimum is {best}")),
        std::cmp::Ordering::Greater => Err(format!(
            "valid matching of weight {total} beats the reference {best}: the expected file is wrong"
        )),
    }
}

/// The heaviest weight of each edge, keyed by its ends in increasing order.
type Weights = HashMap<(i64, i64), i64>;

/// `N` and the heaviest weight of each edge of a `N M` + `u v w` input.
fn parse_graph(input: &str) -> Result<(i64, Weights), String> {
    let numbers = parse_numbers(input, "input")?;
    let (n, m) = match numbers.as_slice() {
        [n, m, ..] => (*n, *m),
        _ => return Err("input lacks `N M`".into()),
    };
    let rest = &numbers[2..];
    if rest.len() as i64 != 3 * m {
        return Err(format!("input announces {m} edges but has {} numbers after `N M`", rest.len()));
    }
    let mut edges = HashMap::new();
    for e in rest.chunks_exact(3) {
        if e[0] != e[1] {
            let w = edges.entry((e[0].min(e[1]), e[0].max(e[1]))).or_insert(e[2]);
            *w = (*w).max(e[2]);
        }
    }
    Ok((n, edges))
}

/// All whitespace-separated tokens of `text` as integers.
fn parse_numbers(text: &str, what: &str) -> Result<Vec<i64>, String> {
    text.split_whitespace()
        .map(|t| t.parse::<i64>().map_err(|_| format!("{what}: `{t}` is not an integer")))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const PATH4: &str = "4 3\n0 1 3\n1 2 5\n2 3 3\n";

    #[test]
    fn accepts_any_optimal_matching() {
        assert_eq!(check(PATH4, "2 6\n0 1\n2 3\n", "2 6\n3 2\n1 0\n"), Ok(()));
    }

    #[test]
    fn rejects_suboptimal_invalid_and_malformed_answers() {
        let expected = "2 6\n0 1\n2 3\n";
        assert!(check(PATH4, expected, "1 5\n1 2\n").unwrap_err().contains("optimum is 6"));
        assert!(check(PATH4, expected, "2 8\n0 1\n1 2\n").unwrap_err().contains("matched twice"));
        assert!(check(PATH4, expected, "2 6\n0 2\n1 3\n").unwrap_err().contains("not an edge"));
        assert!(check(PATH4, expected, "2 7\n0 1\n2 3\n").unwrap_err().contains("weigh 6"));
        assert!(check(PATH4, expected, "2 6\n0 1\n2 3\n9\n").unwrap_err().contains("numbers follow"));
        assert!(check(PATH4, expected, "two\n").unwrap_err().contains("not an integer"));
        assert!(check(PATH4, expected, "").unwrap_err().contains("empty output"));
        assert!(check(PATH4, expected, "2\n").unwrap_err().contains("lacks the total"));
        assert!(check(PATH4, expected, "3 0\n").unwrap_err().contains("impossible"));
    }

    #[test]
    fn flags_a_wrong_reference() {
        assert!(
            check(PATH4, "1 5\n1 2\n", "2 6\n0 1\n2 3\n").unwrap_err().contains("expected file is wrong")
        );
    }
}
