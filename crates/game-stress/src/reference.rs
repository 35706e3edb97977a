//! The exact answers, from the solver libraries: the ONLY module that calls them, so a renamed
//! library item is fixed here and nowhere else.
//!
//! It sees inputs as text only (nothing of [`crate::generate`]), so the generators can call it and
//! it never calls them back. Each `*_expected` function returns exactly the text the solver binary prints by default for
//! `input` (or the solver's error message for an input it rejects); [`check_matching`] judges a
//! general-matching output, where many answers are right.

use std::path::Path;

use edmonds_blossom::report::text;
use edmonds_blossom::{
    BoardAnalysis, Graph, GraphFormat, Matching, Vertex, VertexIds, maximum_matching, parse_boards,
    parse_graph, write_graph,
};
use grid_core::MoveSet;

use crate::Game;
use crate::verdict::Verdict;

/// The exact output of `game`'s solver for `input` (for `matching`: one maximum matching).
pub fn expected(game: Game, input: &[u8]) -> Result<String, String> {
    game.expected(input)
}

/// `pawn-retrograde`: one `Red k`, `Black k` or `Tie` line per board.
pub fn pawn_expected(input: &[u8]) -> Result<String, String> {
    let boards = pawn_retrograde::parse_input(input).map_err(|e| e.to_string())?;
    Ok(pawn_retrograde::solve_boards(&boards).iter().map(|o| format!("{o}\n")).collect())
}

/// The outcome lines of a pawn-pursuit input (used by the generator of tie boards), or the
/// solver's error as the one line.
pub fn pawn_outcomes(input: &str) -> Vec<String> {
    pawn_expected(input.as_bytes()).map_or_else(|e| vec![e], |s| s.lines().map(String::from).collect())
}

/// The simple graph on `n` vertices with `edges` (repeated edges dropped) as the matching solver's
/// own writer writes it in the format the file extension `extension` names to the solver (`edges`,
/// `mtx`, `graph`; `None` for the Library Checker format or an unknown extension).
pub fn graph_file(n: usize, edges: &[(u32, u32)], extension: &str) -> Option<String> {
    let format = GraphFormat::from_path(Path::new(&format!("graph.{extension}")));
    if format == GraphFormat::LibraryChecker {
        return None;
    }
    let graph = Graph::from_edges(n, edges).ok()?;
    let mut text = Vec::new();
    write_graph(&mut text, &graph, format).expect("writing to memory cannot fail");
    Some(String::from_utf8(text).expect("write_graph writes ASCII"))
}

/// `lattice-dp`: the optimal score difference, one line.
pub fn lattice_expected(input: &[u8]) -> Result<String, String> {
    let board = lattice_dp::parse_board(input).map_err(|e| e.to_string())?;
    Ok(format!("{}\n", lattice_dp::value(&board)))
}

/// `segment-nim`: one `B`, `C` or `R` line per board.
pub fn segment_expected(input: &[u8]) -> Result<String, String> {
    let mut out = Vec::new();
    segment_nim::cli::run_answers(input, grid_core::cli::args::Format::Plain, &mut out)
        .map_err(|e| e.to_string())?;
    String::from_utf8(out).map_err(|e| e.to_string())
}

/// `edmonds-blossom` (the king game, 20 moves): one `Case #i: daizhenyang win|lose` line per board.
pub fn king_expected(input: &[u8]) -> Result<String, String> {
    let boards = parse_boards(input).map_err(|e| e.to_string())?;
    let mut out = Vec::new();
    for (i, board) in boards.iter().enumerate() {
        let analysis = BoardAnalysis::new(board, MoveSet::KING20).map_err(|e| e.to_string())?;
        text::write_verdict(&mut out, i + 1, &analysis).map_err(|e| e.to_string())?;
    }
    String::from_utf8(out).map_err(|e| e.to_string())
}

/// `edmonds-blossom matching`: the size of a maximum matching, then its edges `u v`.
pub fn matching_expected(input: &[u8]) -> Result<String, String> {
    let graph = parse_graph(input).map_err(|e| e.to_string())?;
    let mut out = Vec::new();
    text::write_matching(&mut out, &maximum_matching(&graph), &VertexIds::From(0))
        .map_err(|e| e.to_string())?;
    String::from_utf8(out).map_err(|e| e.to_string())
}

/// Judges a Library Checker `general_matching` output: the first line is the size K, then K lines
/// `u v`. `InvalidOutput` if it is malformed or not a matching of the graph, `WrongAnswer` (line 1,
/// expected vs got size) if it is a matching smaller than a maximum one, else `Accepted`.
pub fn check_matching(input: &[u8], output: &str) -> Verdict {
    let graph = match parse_graph(input) {
        Ok(g) => g,
        Err(e) => return Verdict::InvalidOutput { reason: format!("the input itself is invalid: {e}") },
    };
    let invalid = |reason: String| Verdict::InvalidOutput { reason };
    let mut tokens = output.split_ascii_whitespace();
    let Some(first) = tokens.next() else { return invalid("empty output".into()) };
    let Ok(size) = first.parse::<usize>() else {
        return invalid(format!("line 1: size `{first}` is not a number"));
    };
    if size > graph.vertex_count() / 2 {
        return invalid(format!("line 1: size {size} is more than N/2"));
    }
    let numbers: Vec<&str> = tokens.collect();
    if numbers.len() != 2 * size {
        return invalid(format!(
            "expected {size} edges (2·{size} numbers) after the size, found {} numbers",
            numbers.len()
        ));
    }
    let mut pairs = Vec::with_capacity(size);
    for (i, pair) in numbers.chunks(2).enumerate() {
        match (pair[0].parse::<Vertex>(), pair[1].parse::<Vertex>()) {
            (Ok(u), Ok(v)) => pairs.push((u, v)),
            _ => {
                return invalid(format!(
                    "edge {}: `{} {}` is not two vertex numbers",
                    i + 1,
                    pair[0],
                    pair[1]
                ));
            }
        }
    }
    if let Err(e) = Matching::from_pairs(&graph, &pairs) {
        return invalid(format!("not a matching: {e}"));
    }
    let best = maximum_matching(&graph).size();
    if size < best {
        return Verdict::WrongAnswer { line: 1, expected: best.to_string(), got: size.to_string() };
    }
    Verdict::Accepted
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verdict::Kind;

    #[test]
    fn expected_answers_match_the_readme() {
        let pawn = b"demo 2\n4 1\n.\nX\nO\nO\n3 3\n...\n.X.\nO.O\n";
        assert_eq!(pawn_expected(pawn).unwrap(), "Red 1\nBlack 2\n");
        assert_eq!(king_expected(b"1\n3 4\nK.#.\n..#.\n....\n").unwrap(), "Case #1: daizhenyang win\n");
        assert_eq!(lattice_expected(b"1 1\n5\n3\n").unwrap(), "5\n");
        assert!(segment_expected(b"1\n3 1 1\n1\n2\n").unwrap() == "R\n");
    }

    #[test]
    fn matching_checker() {
        let path = b"4 3\n1 2\n0 1\n2 3\n";
        assert_eq!(check_matching(path, "2\n0 1\n2 3\n"), Verdict::Accepted);
        assert_eq!(check_matching(path, "1\n1 2\n").kind(), Kind::WrongAnswer);
        assert_eq!(check_matching(path, "1\n0 2\n").kind(), Kind::InvalidOutput);
        assert_eq!(check_matching(path, "2\n0 1\n1 2\n").kind(), Kind::InvalidOutput);
        assert_eq!(check_matching(path, "2\n0 1\n").kind(), Kind::InvalidOutput);
        assert_eq!(check_matching(path, "").kind(), Kind::InvalidOutput);
        assert_eq!(check_matching(path, &matching_expected(path).unwrap()), Verdict::Accepted);
    }
}
