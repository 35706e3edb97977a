//! Every `testdata/segment-nim/*.in` through the library, compared with its `.out`.

use std::path::Path;

use grid_core::cli::args::Format;
use segment_nim::cli::run_answers;

#[test]
fn every_testdata_case_matches() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/segment-nim");
    let mut inputs: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .collect();
    inputs.sort();
    assert!(inputs.len() >= 12, "expected the 12 cases in {}", dir.display());
    for input in inputs {
        let mut out = Vec::new();
        run_answers(&std::fs::read(&input).unwrap(), Format::Plain, &mut out).unwrap();
        let expected = std::fs::read_to_string(input.with_extension("out")).unwrap();
        let got = String::from_utf8(out).unwrap();
        let (got, expected): (Vec<_>, Vec<_>) =
            (got.lines().map(str::trim_end).collect(), expected.lines().map(str::trim_end).collect());
        assert_eq!(got.len(), expected.len(), "{}", input.display());
        let first_diff = got.iter().zip(&expected).position(|(a, b)| a != b);
        assert_eq!(
            first_diff,
            None,
            "{}: first difference on board {:?}",
            input.display(),
            first_diff.map(|i| i + 1)
        );
    }
}
