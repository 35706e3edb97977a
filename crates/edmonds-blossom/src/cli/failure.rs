//! The binary's failures: an error of the engine, which no input should cause, and an input
//! error that says how the file was read.

use std::path::Path;

use clap::ValueEnum;
use grid_core::cli::Failure;
use grid_core::error::InputError;

/// An error of the engine: an internal failure (exit status 1).
pub fn engine(e: impl ToString) -> Failure {
    Failure::Internal(e.to_string())
}

/// The format to read `file` in: `chosen` (`--format`) if given, else the one the file's name
/// suggests (`by_name`), else `default`; with the file whose name chose it (`None` when the
/// option chose, or the name chose the default), for [`read_as`].
pub fn format_for<F: Copy + PartialEq>(
    chosen: Option<F>,
    file: Option<&Path>,
    by_name: impl Fn(&Path) -> F,
    default: F,
) -> (F, Option<&Path>) {
    match (chosen, file) {
        (Some(chosen), _) => (chosen, None),
        (None, Some(path)) => match by_name(path) {
            named if named == default => (default, None),
            named => (named, Some(path)),
        },
        (None, None) => (default, None),
    }
}

/// `error`, found reading `file` in `format`, which the file's name chose (`None`: the format was
/// given by `--format` or is the default): the message names the format and the option that
/// chooses another, since a file in another format fails in ways its own message cannot
/// explain.
pub fn read_as(error: InputError, format: impl ValueEnum, file: Option<&Path>) -> InputError {
    let (Some(path), Some(name)) = (file, format.to_possible_value()) else {
        return error;
    };
    InputError::msg(
        error.line,
        error.column,
        format!(
            "{} (read as --format {}, chosen by the name {}; --format chooses another)",
            error.kind,
            name.get_name(),
            path.display()
        ),
    )
}
