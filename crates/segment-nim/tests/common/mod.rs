//! What the tests of the binary share: running it on an input, and its output as text.

use std::process::Output;

/// The binary with `args`, `input` on its standard input.
pub fn solver(args: &[&str], input: &str) -> Output {
    damaged_input::run_binary(env!("CARGO_BIN_EXE_segment-nim"), args, input.as_bytes())
}

/// The binary's output (UTF-8) as text.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}
