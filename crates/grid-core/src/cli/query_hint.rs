//! The default mode's message for an input that only `query` reads (a side to move, visited
//! cells, cells taken): the located error, and that `query` accepts the input.

use crate::error::InputError;

use super::Failure;

/// The failure for `error`, found by the default mode of the binary `name` in `input`. When
/// `query_reads(input)` holds, the one-line message adds `(this input is accepted by query: NAME
/// query FILE)`; otherwise it is the plain located error.
pub fn default_mode_error(
    name: &str,
    error: InputError,
    input: &[u8],
    query_reads: impl FnOnce(&[u8]) -> bool,
) -> Failure {
    if query_reads(input) {
        Failure::Usage(format!("error: {error} (this input is accepted by query: {name} query FILE)"))
    } else {
        Failure::Input(error)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorKind;

    fn message(failure: Failure) -> String {
        match failure {
            Failure::Usage(m) => m,
            Failure::Input(e) => format!("error: {e}"),
            other => panic!("unexpected {other:?}"),
        }
    }

    #[test]
    fn names_query_only_when_query_reads_the_input() {
        let error = || InputError::new(2, 5, ErrorKind::UnexpectedChar('b'));
        let told = default_mode_error("demo", error(), b"x", |input| input == b"x");
        assert_eq!(
            message(told),
            "error: line 2, column 5: unexpected character 'b' (this input is accepted by query: demo query FILE)"
        );
        let plain = default_mode_error("demo", error(), b"y", |input| input == b"x");
        assert_eq!(message(plain), "error: line 2, column 5: unexpected character 'b'");
    }
}
