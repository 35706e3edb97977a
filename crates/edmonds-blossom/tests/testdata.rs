//! Every `testdata/edmonds-blossom/*.in` through the library: `hdu-*` and `hdu-all-*` compared line by
//! line with `.out`, `lc-*` judged by a checker with the Library Checker rules (the expected file gives
//! only the optimum size, since many matchings are correct).

use std::fs;
use std::path::{Path, PathBuf};

use edmonds_blossom::report::text;
use edmonds_blossom::{BoardAnalysis, Graph, VertexIds, parse_boards, parse_graph};
use grid_core::MoveSet;

fn testdata_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/edmonds-blossom")
}

fn cases(prefix: &str) -> Vec<(String, Vec<u8>, String)> {
    let mut found: Vec<_> = fs::read_dir(testdata_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .filter(|p| p.file_name().unwrap().to_string_lossy().starts_with(prefix))
        .map(|p| {
            let name = p.file_stem().unwrap().to_string_lossy().into_owned();
            let expected = fs::read_to_string(p.with_extension("out")).unwrap();
            (name, fs::read(&p).unwrap(), expected)
        })
        .collect();
    found.sort_by(|a, b| a.0.cmp(&b.0));
    found
}

fn trimmed_lines(text: &str) -> Vec<&str> {
    text.lines().map(str::trim_end).collect()
}

fn same_lines(got: &str, expected: &str) -> bool {
    let (mut g, mut e) = (trimmed_lines(got), trimmed_lines(expected));
    while g.last() == Some(&"") {
        g.pop();
    }
    while e.last() == Some(&"") {
        e.pop();
    }
    g == e
}

#[test]
fn hdu_verdicts() {
    let cases: Vec<_> =
        cases("hdu-").into_iter().filter(|(name, _, _)| !name.starts_with("hdu-all-")).collect();
    assert!(cases.len() >= 10);
    for (name, input, expected) in cases {
        let mut out = Vec::new();
        for (i, board) in parse_boards(&input).unwrap().iter().enumerate() {
            text::write_verdict(&mut out, i + 1, &BoardAnalysis::new(board, MoveSet::KING20).unwrap())
                .unwrap();
        }
        assert!(same_lines(&String::from_utf8(out).unwrap(), &expected), "{name}");
    }
}

#[test]
fn hdu_all_starts() {
    let cases = cases("hdu-all-");
    assert!(cases.len() >= 4);
    for (name, input, expected) in cases {
        let mut out = Vec::new();
        for (i, board) in parse_boards(&input).unwrap().iter().enumerate() {
            text::write_outcome_grid(&mut out, i + 1, &BoardAnalysis::new(board, MoveSet::KING20).unwrap())
                .unwrap();
        }
        assert!(same_lines(&String::from_utf8(out).unwrap(), &expected), "{name}");
    }
}

// ---------------------------------------------------------------------------------------------
// The general-matching checker

/// The Library Checker rules for a `general_matching` answer: integer tokens only, `0 <= X <= N`, exactly
/// `X` pairs and nothing after, every pair an input edge (either orientation) with ends in `[0, N)`,
/// no vertex used twice, and `X` equal to the expected size.
fn check_matching_answer(input: &str, expected: &str, got: &str) -> Result<(), String> {
    let input = numbers(input)?;
    let (n, m) = (input[0], input[1] as usize);
    let edges: std::collections::HashSet<(i64, i64)> =
        input[2..2 + 2 * m].chunks(2).flat_map(|e| [(e[0], e[1]), (e[1], e[0])]).collect();
    let expected_size = numbers(expected)?[0];
    let got = numbers(got)?;
    let size = *got.first().ok_or("empty output")?;
    if !(0..=n).contains(&size) {
        return Err(format!("size {size} out of range"));
    }
    if got.len() as i64 != 1 + 2 * size {
        return Err(format!("expected {size} pairs, found {} numbers after the size", got.len() - 1));
    }
    let mut used = vec![false; n as usize];
    for pair in got[1..].chunks(2) {
        let (a, b) = (pair[0], pair[1]);
        if !(0..n).contains(&a) || !(0..n).contains(&b) || !edges.contains(&(a, b)) {
            return Err(format!("({a}, {b}) is not an edge"));
        }
        for v in [a, b] {
            if std::mem::replace(&mut used[v as usize], true) {
                return Err(format!("vertex {v} used twice"));
            }
        }
    }
    match size.cmp(&expected_size) {
        std::cmp::Ordering::Less => Err(format!("WA: size {size} < expected {expected_size}")),
        std::cmp::Ordering::Greater => Err(format!("FAIL: size {size} > expected {expected_size}")),
        std::cmp::Ordering::Equal => Ok(()),
    }
}

/// The whitespace-separated integers of `text`.
fn numbers(text: &str) -> Result<Vec<i64>, String> {
    text.split_whitespace().map(|t| t.parse::<i64>().map_err(|_| format!("not an integer: {t}"))).collect()
}

#[test]
fn checker_rejects_wrong_answers() {
    let input = "4 3\n0 1\n1 2\n2 3\n";
    assert_eq!(check_matching_answer(input, "2\n0 1\n2 3\n", "2\n1 0\n3 2\n"), Ok(()));
    assert!(check_matching_answer(input, "2\n0 1\n2 3\n", "1\n1 2\n").unwrap_err().starts_with("WA"));
    assert!(check_matching_answer(input, "2\n0 1\n2 3\n", "2\n0 1\n1 2\n").unwrap_err().contains("twice"));
    assert!(
        check_matching_answer(input, "2\n0 1\n2 3\n", "2\n0 2\n1 3\n").unwrap_err().contains("not an edge")
    );
    assert!(check_matching_answer(input, "2\n0 1\n2 3\n", "2\n0 1\n2 3\n4\n").is_err());
    assert!(check_matching_answer(input, "2\n0 1\n2 3\n", "2\n0 1\n2 x\n").is_err());
    assert!(check_matching_answer(input, "1\n1 2\n", "2\n0 1\n2 3\n").unwrap_err().starts_with("FAIL"));
}

#[test]
fn lc_matchings_pass_the_checker() {
    let cases = cases("lc-");
    assert!(cases.len() >= 9);
    for (name, input, expected) in cases {
        let graph: Graph = parse_graph(&input).unwrap();
        let mut out = Vec::new();
        text::write_matching(&mut out, &edmonds_blossom::maximum_matching(&graph), &VertexIds::From(0))
            .unwrap();
        let input = String::from_utf8(input).unwrap();
        check_matching_answer(&input, &expected, &String::from_utf8(out).unwrap())
            .map_err(|e| format!("{name}: {e}"))
            .unwrap();
    }
}
