//! `matching`: a maximum matching of a general graph file, with its certificate on request.

use std::io::Write;

use edmonds_blossom::report::{explain, json, text};
use edmonds_blossom::{CertifiedMatching, GraphFileError, ParsedGraph, read_graph_file};
use grid_core::cli::args::Format;
use grid_core::cli::{self, Failure};
use grid_core::source::SourceError;

use super::failure::{engine, format_for, read_as};
use super::options::{InputFormat, MatchingArgs};
use super::timings::Phases;

/// Reads the graph, matches it and prints the matching (with the classes on request).
pub fn run_matching(args: &MatchingArgs, format: Format, out: &mut impl Write) -> Result<(), Failure> {
    let file = args.input.file.as_deref();
    let (graph_format, named_by) =
        format_for(args.input_format, file, InputFormat::from_path, InputFormat::LibraryChecker);
    let (parsed, read) = read_graph_file(file, graph_format.graph_format()).map_err(|e| match e {
        GraphFileError::Input(e) => Failure::Input(read_as(e, graph_format, named_by)),
        GraphFileError::Source(SourceError::Interactive) => {
            Failure::Usage(format!("{}\nusage: edmonds-blossom matching [OPTIONS] [FILE]", cli::NO_INPUT))
        }
        GraphFileError::Source(e) => Failure::Usage(format!("error: {e}")),
    })?;
    let mut phases = Phases::new(args.timings);
    phases.read(&read);
    note_dropped(&parsed);
    let (graph, ids) = (parsed.graph, parsed.ids);
    if !args.certificate && format == Format::Plain {
        // The plain answer needs no certificate: skip the decomposition.
        let (matching, timings) = edmonds_blossom::maximum_matching_timed(&graph);
        phases.matching(&timings, matching.size());
        text::write_matching(out, &matching, &ids)?;
        out.flush()?;
        phases.done("output");
        return Ok(());
    }
    let certified = CertifiedMatching::new(&graph).map_err(engine)?;
    phases.done("matching + certificate");
    match format {
        Format::Json => {
            let record = if args.certificate {
                json::MatchingJson::with_certificate(&graph, &certified, &ids)
            } else {
                json::MatchingJson::new(&graph, &certified, &ids)
            };
            cli::write_json_line(out, &record)?
        }
        Format::Explain => explain::write_matching(out, &graph, &certified, &ids)?,
        Format::Plain => {
            text::write_matching(out, &certified.matching, &ids)?;
            text::write_classes(out, &certified.decomposition, &ids)?;
        }
    }
    Ok(())
}

/// Tells on stderr what reading dropped.
fn note_dropped(parsed: &ParsedGraph) {
    let counted =
        |k: u64, one: &str, many: &str| (k > 0).then(|| format!("{k} {}", if k == 1 { one } else { many }));
    let parts: Vec<String> = [
        counted(parsed.self_loops, "self-loop", "self-loops"),
        counted(parsed.repeats, "repeated edge", "repeated edges"),
    ]
    .into_iter()
    .flatten()
    .collect();
    if !parts.is_empty() {
        eprintln!("note: dropped {}", parts.join(" and "));
    }
}
