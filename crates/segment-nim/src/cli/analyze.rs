//! `analyze --fields N`: every placement of a circle counted by answer.

use std::io::Write;

use clap::Args;
use grid_core::cli::args::Format;
use grid_core::cli::driver::Request;
use grid_core::cli::{Failure, write_json_line};

use crate::analyze::{MAX_ANALYZE_FIELDS, analyze, text};

/// The options of `analyze`.
#[derive(Debug, Clone, Copy, Args)]
pub struct AnalyzeArgs {
    /// The number of fields N of the circle (1 to 18): every one of its 3^N placements is counted.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_ANALYZE_FIELDS)))]
    pub fields: u32,
}

/// Counts every placement of the circle of `--fields N` fields; FILE is refused (nothing is read).
pub fn run_analyze(request: &Request<AnalyzeArgs>, out: &mut impl Write) -> Result<(), Failure> {
    if let Some(file) = request.input.file() {
        return Err(Failure::Usage(format!(
            "error: analyze reads no input, but FILE `{}` was given: it counts every placement of --fields N fields\nusage: segment-nim analyze [--json] --fields N",
            file.display()
        )));
    }
    let analysis = analyze(request.own.fields).map_err(|e| Failure::Usage(format!("error: {e}")))?;
    match request.format {
        Format::Json => write_json_line(out, &analysis)?,
        Format::Plain | Format::Explain => text::write(out, &analysis)?,
    }
    Ok(())
}
