//! Every `testdata/lattice-dp/*.in` through the library, compared with its `.out`.

use std::path::PathBuf;

use lattice_dp::{parse_board, value};

#[test]
fn all_testdata_cases() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../testdata/lattice-dp");
    let mut cases: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .collect();
    cases.sort();
    assert!(cases.len() >= 15, "only {} cases in {}", cases.len(), dir.display());
    for input in cases {
        let board = parse_board(&std::fs::read(&input).unwrap()).unwrap();
        let expected = std::fs::read_to_string(input.with_extension("out")).unwrap();
        assert_eq!(value(&board).to_string(), expected.trim(), "{}", input.display());
    }
}
