//! Runs every `testdata/pawn-retrograde/*.in` through the library and compares with its `.out`.

use std::path::PathBuf;

use pawn_retrograde::{parse_input, solve_boards};

fn testdata() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../testdata/pawn-retrograde")
}

#[test]
fn every_case_matches_its_expected_output() {
    let mut inputs: Vec<PathBuf> = std::fs::read_dir(testdata())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .collect();
    inputs.sort();
    assert!(inputs.len() >= 15, "testdata missing: {}", inputs.len());
    for input in inputs {
        let boards = parse_input(&std::fs::read(&input).unwrap()).unwrap();
        let got: Vec<String> = solve_boards(&boards).iter().map(|o| o.to_string()).collect();
        let expected = std::fs::read_to_string(input.with_extension("out")).unwrap();
        let expected: Vec<&str> = expected.lines().map(str::trim_end).collect();
        assert_eq!(got, expected, "{}", input.display());
    }
}
