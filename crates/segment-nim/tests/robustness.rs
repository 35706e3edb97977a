//! Arbitrary and damaged inputs never panic: the library either answers or reports a located
//! input error, and the answers it gives before an error are those of the intact prefix.

use proptest::prelude::*;
use segment_nim::{Mode, RunError, run};

const VALID: &str =
    "4\n9 2 3\n3 8\n2 5 6\n6 2 2\n5 6\n2 4\n7 1 1\n3\n4\n20 6 5\n1 2 3 8 14 15\n5 6 10 12 17\n";

fn outcome(input: &[u8], mode: Mode) -> (Vec<u8>, Option<String>) {
    let mut out = Vec::new();
    match run(input, mode, &mut out) {
        Ok(()) => (out, None),
        Err(RunError::Input(e)) => (out, Some(e.to_string())),
        Err(RunError::Output(e)) => panic!("writing to a Vec failed: {e}"),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn damaged_inputs_answer_or_fail_with_a_location(
        cut in 0..VALID.len(),
        at in 0..VALID.len(),
        byte in prop::sample::select(b"0123456789 \nx-".to_vec()),
        mode in prop::sample::select(vec![Mode::Answers, Mode::Explain, Mode::Json]),
    ) {
        let mut input = VALID.as_bytes()[..cut].to_vec();
        if at < input.len() {
            input[at] = byte;
        }
        let (out, error) = outcome(&input, mode);
        if let Some(message) = error {
            prop_assert!(message.starts_with("line "), "{}", message);
            prop_assert!(message.contains(", column "), "{}", message);
        }
        if mode == Mode::Answers {
            prop_assert!(out.iter().all(|b| b"BCR\n".contains(b)));
        }
    }

    #[test]
    fn random_bytes_never_panic(input in proptest::collection::vec(any::<u8>(), 0..64)) {
        let _ = outcome(&input, Mode::Explain);
    }
}

#[test]
fn valid_input_answers_every_board() {
    let (out, error) = outcome(VALID.as_bytes(), Mode::Answers);
    assert_eq!(error, None);
    assert_eq!(String::from_utf8(out).unwrap(), "C\nB\nR\nR\n");
}
