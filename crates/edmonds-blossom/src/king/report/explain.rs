//! `--explain` of the king game: the verdicts and grids with the reasoning behind them, for people.

use std::io::{self, Write};

use grid_core::Dims;

use crate::king::game::BoardAnalysis;
use crate::matching::decomposition::VertexClass;
use crate::matching::report::explain::count;

/// Largest board that `--explain` draws (rows and columns); `play` draws any board.
pub const DRAW_LIMIT: usize = 64;

/// A board drawn for people: a header of 1-based column numbers, then each row after its 1-based
/// number, one character per cell (`symbol` of its row-major index), columns aligned.
pub fn draw_board(dims: Dims, symbol: impl Fn(usize) -> char) -> String {
    grid_core::picture::draw(dims.rows, dims.cols, |row, col| symbol(row * dims.cols + col).to_string())
}

/// The board of an analysis as written (`.`, `#`, `K`), indented, when it is at most
/// [`DRAW_LIMIT`] on each side.
fn write_board(out: &mut impl Write, analysis: &BoardAnalysis) -> io::Result<()> {
    let dims = analysis.graph.dims();
    if dims.rows > DRAW_LIMIT || dims.cols > DRAW_LIMIT {
        return writeln!(out, "  (the board is not drawn: larger than {DRAW_LIMIT}x{DRAW_LIMIT})");
    }
    let drawing = draw_board(dims, |cell| match analysis.graph.vertex(cell) {
        None => '#',
        Some(_) if cell == analysis.start() => 'K',
        Some(_) => '.',
    });
    for line in drawing.lines() {
        writeln!(out, "    {line}")?;
    }
    Ok(())
}

/// `R,C`, 1-based: the cell as `play` takes it.
fn cell_name(dims: Dims, cell: usize) -> String {
    grid_core::Cell::of(dims.pos(cell)).to_string()
}

/// The graph, matching and class counts of one board.
fn write_board_summary(out: &mut impl Write, analysis: &BoardAnalysis, moves: &str) -> io::Result<()> {
    let dims = analysis.graph.dims();
    let graph = &analysis.graph.graph;
    let d = &analysis.decomposition;
    writeln!(
        out,
        "  board {}x{}, moves {moves}: {}, {} between them",
        dims.rows,
        dims.cols,
        count(graph.vertex_count(), "free cell", "free cells"),
        count(graph.edge_count(), "possible move", "possible moves")
    )?;
    writeln!(
        out,
        "  maximum matching of the move graph: {}; Gallai-Edmonds classes: D {}, A {}, C {}",
        count(analysis.matching.size(), "pair", "pairs"),
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
    writeln!(out, "Position {case} ({}×{}), first to move: daizhenyang {verdict}", dims.rows, dims.cols)?;
    write_board(out, analysis)?;
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
