//! `--explain`: the answers with the reasoning behind them, for people.

use std::io::{self, Write};

use grid_core::Dims;

use crate::decomposition::VertexClass;
use crate::game::BoardAnalysis;
use crate::graph::Graph;
use crate::report::CertifiedMatching;

/// `(row R, column C)`, 1-based.
fn cell_name(dims: Dims, cell: usize) -> String {
    let pos = dims.pos(cell);
    format!("(row {}, column {})", pos.row + 1, pos.col + 1)
}

/// The graph, matching and class counts of one board.
fn write_board_summary(out: &mut impl Write, analysis: &BoardAnalysis, moves: &str) -> io::Result<()> {
    let dims = analysis.graph.dims();
    let graph = &analysis.graph.graph;
    let d = &analysis.decomposition;
    writeln!(
        out,
        "  board {}x{}, moves {moves}: {} free cells, {} possible moves between them",
        dims.rows,
        dims.cols,
        graph.vertex_count(),
        graph.edge_count()
    )?;
    writeln!(
        out,
        "  maximum matching of the move graph: {} pairs; Gallai-Edmonds classes: D {}, A {}, C {}",
        analysis.matching.size(),
        d.count(VertexClass::D),
        d.count(VertexClass::A),
        d.count(VertexClass::C)
    )
}

/// The default mode's verdict with the matching argument behind it.
pub fn write_verdict(
    out: &mut impl Write,
    case: usize,
    analysis: &BoardAnalysis,
    moves: &str,
) -> io::Result<()> {
    let dims = analysis.graph.dims();
    let verdict = if analysis.start_wins() { "win" } else { "lose" };
    writeln!(out, "Case #{case}: daizhenyang {verdict}")?;
    write_board_summary(out, analysis, moves)?;
    let start = cell_name(dims, analysis.start());
    match analysis.winning_first_move() {
        Some(first) => {
            writeln!(
                out,
                "  the start {start} is in class {:?}: every maximum matching covers it",
                analysis.start_class()
            )?;
            writeln!(
                out,
                "  daizhenyang wins by always moving to the mate, in a maximum matching, of the current cell: \
                 first to {}; the opponent can never reach an unmatched cell, or the visited path could be \
                 flipped into a maximum matching missing the start",
                cell_name(dims, first)
            )
        }
        None => {
            writeln!(out, "  the start {start} is in class D: some maximum matching misses it")?;
            writeln!(
                out,
                "  the opponent wins by answering every move with the mate of the reached cell in such a \
                 matching: every cell daizhenyang reaches is matched in it, or the matching could be enlarged"
            )
        }
    }
}

/// The `all-starts` grid with the classes it comes from.
pub fn write_outcome_grid(
    out: &mut impl Write,
    case: usize,
    analysis: &BoardAnalysis,
    moves: &str,
) -> io::Result<()> {
    writeln!(out, "Case #{case}:")?;
    write_board_summary(out, analysis, moves)?;
    writeln!(
        out,
        "  a start wins (W) iff every maximum matching covers it, i.e. its class is A or C, not D"
    )?;
    writeln!(out, "  classes:")?;
    for row in analysis.class_rows() {
        writeln!(out, "    {row}")?;
    }
    writeln!(out, "  outcomes:")?;
    for row in analysis.outcome_rows() {
        writeln!(out, "    {row}")?;
    }
    Ok(())
}

/// The matching size and the Tutte–Berge certificate that proves it maximum.
pub fn write_matching(out: &mut impl Write, graph: &Graph, certified: &CertifiedMatching) -> io::Result<()> {
    let c = &certified.certificate;
    let d = &certified.decomposition;
    writeln!(out, "graph: {} vertices, {} distinct edges", graph.vertex_count(), graph.edge_count())?;
    writeln!(
        out,
        "maximum matching: {} edges, {} vertices left unmatched",
        c.matching_size,
        c.vertices - 2 * c.matching_size
    )?;
    writeln!(
        out,
        "Gallai-Edmonds decomposition: |D| = {} (missed by some maximum matching), |A| = {} (neighbours of D), \
         |C| = {} (the rest)",
        d.count(VertexClass::D),
        d.count(VertexClass::A),
        d.count(VertexClass::C)
    )?;
    writeln!(
        out,
        "Tutte-Berge certificate (verified): with the barrier A, G - A has {} odd components, so no matching \
         exceeds (|V| + |A| - odd) / 2 = ({} + {} - {}) / 2 = {}, and this matching has {} edges: it is maximum",
        c.odd_components, c.vertices, c.barrier_size, c.odd_components, c.bound, c.matching_size
    )
}
