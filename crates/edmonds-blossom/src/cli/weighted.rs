//! `weighted-matching`: an optimal weighted matching of a graph file, with its verified dual
//! certificate on request.

use std::io::Write;

use edmonds_blossom::weighted::certificate::verify;
use edmonds_blossom::weighted::input::read_weighted_graph;
use edmonds_blossom::weighted::report::{
    WeightedMatchingJson, write_answer, write_certificate, write_explained,
};
use edmonds_blossom::{read_text, weighted_matching};
use grid_core::cli::args::Format;
use grid_core::cli::{self, Failure};
use grid_core::source::SourceError;

use super::failure::{engine, format_for, read_as};
use super::options::{WeightedInputFormat, WeightedMatchingArgs};

/// Reads the weighted graph, solves it for the objective and prints the answer.
pub fn run_weighted_matching(
    args: &WeightedMatchingArgs,
    format: Format,
    out: &mut impl Write,
) -> Result<(), Failure> {
    edmonds_blossom::memory::reuse_freed_memory();
    let file = args.input.file.as_deref();
    let (input_format, named_by) = format_for(
        args.input_format,
        file,
        WeightedInputFormat::from_path,
        WeightedInputFormat::LibraryChecker,
    );
    let text = read_text(file).map_err(|e| match e {
        SourceError::Interactive => Failure::Usage(format!(
            "{}\nusage: edmonds-blossom weighted-matching [OPTIONS] [FILE]",
            cli::NO_INPUT
        )),
        e => Failure::Usage(format!("error: {e}")),
    })?;
    let parsed = read_weighted_graph(&text, input_format.weighted_format())
        .map_err(|e| read_as(e, input_format, named_by))?;
    drop(text);
    let (graph, ids) = (&parsed.graph, &parsed.ids);
    let objective = args.objective.objective();
    // No perfect matching is an answer about the input, not a failure of the solver: one line on
    // stderr, exit status 2.
    let solution = weighted_matching(graph, objective).map_err(|e| Failure::Usage(format!("error: {e}")))?;
    note_dropped(graph.self_loops(), graph.repeats());
    let (matching, certificate) = (&solution.matching, &solution.certificate);
    let proved = || verify(graph, &matching.pairs(), certificate).map_err(engine);
    match format {
        Format::Plain => {
            if args.certificate {
                proved()?;
            }
            write_answer(out, matching, ids)?;
            if args.certificate {
                write_certificate(out, certificate, ids)?;
            }
        }
        Format::Json => {
            let shown = if args.certificate {
                proved()?;
                Some(certificate)
            } else {
                None
            };
            cli::write_json_line(out, &WeightedMatchingJson::new(graph, matching, objective, shown, ids))?
        }
        Format::Explain => {
            let optimum = proved()?;
            write_explained(out, graph, matching, objective, &optimum, certificate, ids)?;
            if args.certificate {
                write_certificate(out, certificate, ids)?;
            }
        }
    }
    Ok(())
}

/// Tells on stderr what reading dropped or set aside.
fn note_dropped(self_loops: u64, repeats: u64) {
    let plural = |k: u64, one: &str, many: &str| format!("{k} {}", if k == 1 { one } else { many });
    match (self_loops, repeats) {
        (0, 0) => {}
        (l, 0) => eprintln!("note: dropped {}", plural(l, "self-loop", "self-loops")),
        (0, r) => eprintln!(
            "note: {} (the best copy of each pair counts)",
            plural(r, "repeated edge", "repeated edges")
        ),
        (l, r) => eprintln!(
            "note: dropped {}; {} (the best copy of each pair counts)",
            plural(l, "self-loop", "self-loops"),
            plural(r, "repeated edge", "repeated edges")
        ),
    }
}
