//! Seeded generators for the benchmark inputs (`gen:NAME` in a manifest, or `cargo xtask gen NAME`).
//!
//! Every generator is deterministic: the same name always gives the same bytes, so benchmark figures
//! from different runs and machines measure the same work.

use std::collections::HashSet;
use std::fmt::Write as _;
use std::io::Write as _;

use crate::cli::{Matches, Spec, UsageError, suggestion};

/// The generator names, with a line on each.
pub const GENERATORS: &[(&str, &str)] = &[
    ("pawn-open-16x16", "pawn-retrograde: one open 16x16 board, black bottom-left, red top-right"),
    ("lattice-10x10", "lattice-dp: 10x10, random values up to 1e9"),
    ("lattice-14x14", "lattice-dp: 14x14, random values up to 1e9"),
    ("lattice-16x16", "lattice-dp: 16x16, random values up to 1e9"),
    ("segment-5m", "segment-nim: 5 boards of 1,000,000 pawns, n up to 1e18"),
    ("sparse-100k", "general matching: N = 100,000, M = 300,000 random edges"),
    ("sparse-1m", "general matching: N = 1,000,000, M = 3,000,000 random edges"),
    ("grid-500", "general matching: 500x500 grid, half the squares with a diagonal, 3% cells removed"),
    ("dense-2000", "general matching: N = 2,000, each edge with probability 1/2"),
    (
        "king-board-1000",
        "edmonds-blossom: one 1000x1000 HDU board, 3% cells blocked, K in the first free cell",
    ),
];

/// The command line of `gen`.
pub const SPEC: Spec = Spec {
    name: "gen",
    summary: "Print a seeded generated input (the `gen:` inputs of bench) to stdout",
    usage: "NAME",
    max_positionals: Some(1),
    positionals: &[("NAME", "the generator (listed below)")],
    options: &[],
    listing: Some(("Generators", GENERATORS)),
    notes: "The same NAME always gives the same bytes.",
};

/// The generator named on the command line (see [`SPEC`]).
pub fn name_from_matches(matches: &Matches) -> Result<String, UsageError> {
    let Some(name) = matches.positionals.first() else {
        return Err(UsageError::in_command("gen", "missing the generator NAME"));
    };
    if GENERATORS.iter().all(|(known, _)| known != name) {
        let names: Vec<&str> = GENERATORS.iter().map(|(n, _)| *n).collect();
        let guess = suggestion(name, &names).map(|g| format!(" (did you mean `{g}`?)")).unwrap_or_default();
        return Err(UsageError::in_command("gen", format!("unknown generator `{name}`{guess}")));
    }
    Ok(name.clone())
}

/// `cargo xtask gen NAME`: writes the input to stdout.
pub fn run(name: &str) -> Result<bool, String> {
    let text = generate(name)?;
    std::io::stdout().lock().write_all(text.as_bytes()).map_err(|e| e.to_string())?;
    Ok(true)
}

/// The input called `name`.
pub fn generate(name: &str) -> Result<String, String> {
    let mut rng = SplitMix64(0x5eed_0000 ^ name.bytes().fold(0u64, |h, b| h.wrapping_mul(31) ^ u64::from(b)));
    Ok(match name {
        "pawn-open-16x16" => pawn_open(16, 16),
        "lattice-10x10" => lattice(&mut rng, 10, 10),
        "lattice-14x14" => lattice(&mut rng, 14, 14),
        "lattice-16x16" => lattice(&mut rng, 16, 16),
        "segment-5m" => segments(&mut rng, 5, 1_000_000),
        "sparse-100k" => sparse_graph(&mut rng, 100_000, 300_000),
        "sparse-1m" => sparse_graph(&mut rng, 1_000_000, 3_000_000),
        "grid-500" => grid_graph(&mut rng, 500),
        "dense-2000" => dense_graph(&mut rng, 2000),
        "king-board-1000" => king_board(&mut rng, 1000),
        _ => return Err(format!("unknown generator `{name}` (see `cargo xtask gen --help`)")),
    })
}

/// A small, fast, well-mixed PRNG (SplitMix64).
struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `0..bound` (bound > 0; the tiny modulo bias is irrelevant here).
    fn below(&mut self, bound: u64) -> u64 {
        self.next() % bound
    }
}

/// One open board: black in the bottom-left corner, the red pieces in the top-right corner.
fn pawn_open(rows: usize, cols: usize) -> String {
    let mut out = format!("open-{rows}x{cols} 1\n{rows} {cols}\n");
    for r in 0..rows {
        let row: String = (0..cols)
            .map(|c| match (r, c) {
                (r, 0) if r == rows - 1 => 'X',
                (0, c) if c + 1 == cols => 'O',
                (1, c) if c + 1 == cols => 'O',
                _ => '.',
            })
            .collect();
        out.push_str(&row);
        out.push('\n');
    }
    out
}

/// `n m`, then the A matrix and the B matrix with values in `0..=1e9`.
fn lattice(rng: &mut SplitMix64, n: usize, m: usize) -> String {
    let mut out = format!("{n} {m}\n");
    for _ in 0..2 * n {
        let row: Vec<String> = (0..m).map(|_| rng.below(1_000_000_001).to_string()).collect();
        out.push_str(&row.join(" "));
        out.push('\n');
    }
    out
}

/// `boards` boards of `pawns` pawns each on circles of up to 1e18 fields, colours in random runs.
fn segments(rng: &mut SplitMix64, boards: usize, pawns: u64) -> String {
    let mut out = format!("{boards}\n");
    for _ in 0..boards {
        let n = 100_000_000_000_000_000 + rng.below(900_000_000_000_000_001);
        let stride = n / pawns;
        let (mut white, mut black) = (String::new(), String::new());
        let (mut w, mut c) = (0u64, 0u64);
        let mut colour_white = true;
        for i in 0..pawns {
            if rng.below(3) == 0 {
                colour_white = !colour_white;
            }
            let pos = i * stride + 1 + rng.below(stride);
            let (list, count) = if colour_white { (&mut white, &mut w) } else { (&mut black, &mut c) };
            if *count > 0 {
                list.push(' ');
            }
            let _ = write!(list, "{pos}");
            *count += 1;
        }
        let _ = write!(out, "{n} {w} {c}\n{white}\n{black}\n");
    }
    out
}

/// Library Checker `N M` + edges for a list of edges.
fn edge_list(n: usize, edges: &[(usize, usize)]) -> String {
    let mut out = String::with_capacity(edges.len() * 16);
    let _ = writeln!(out, "{n} {}", edges.len());
    for (u, v) in edges {
        let _ = writeln!(out, "{u} {v}");
    }
    out
}

/// `m` distinct random edges on `n` vertices, no loops.
fn sparse_graph(rng: &mut SplitMix64, n: usize, m: usize) -> String {
    let mut seen = HashSet::with_capacity(m);
    let mut edges = Vec::with_capacity(m);
    while edges.len() < m {
        let (u, v) = (rng.below(n as u64) as usize, rng.below(n as u64) as usize);
        if u != v && seen.insert((u.min(v), u.max(v))) {
            edges.push((u, v));
        }
    }
    edge_list(n, &edges)
}

/// A side × side grid with 3% of cells removed, 4-neighbour edges, and one random diagonal in half of
/// the unit squares (edges only between kept cells; kept cells renumbered densely).
fn grid_graph(rng: &mut SplitMix64, side: usize) -> String {
    let kept: Vec<bool> = (0..side * side).map(|_| rng.below(100) >= 3).collect();
    let mut id = vec![usize::MAX; side * side];
    let mut n = 0;
    for (cell, _) in kept.iter().enumerate().filter(|(_, k)| **k) {
        id[cell] = n;
        n += 1;
    }
    let mut edges = Vec::new();
    let mut link = |a: usize, b: usize| {
        if kept[a] && kept[b] {
            edges.push((id[a], id[b]));
        }
    };
    for r in 0..side {
        for c in 0..side {
            let cell = r * side + c;
            if c + 1 < side {
                link(cell, cell + 1);
            }
            if r + 1 < side {
                link(cell, cell + side);
            }
            if r + 1 < side && c + 1 < side && rng.below(2) == 0 {
                if rng.below(2) == 0 { link(cell, cell + side + 1) } else { link(cell + 1, cell + side) }
            }
        }
    }
    edge_list(n, &edges)
}

/// Every pair of `n` vertices joined with probability 1/2.
fn dense_graph(rng: &mut SplitMix64, n: usize) -> String {
    let mut edges = Vec::new();
    for u in 0..n {
        for v in u + 1..n {
            if rng.below(2) == 0 {
                edges.push((u, v));
            }
        }
    }
    edge_list(n, &edges)
}

/// One HDU 3446 board (`1`, `R C`, rows) of side × side cells, 3% blocked, `K` in the first free cell.
fn king_board(rng: &mut SplitMix64, side: usize) -> String {
    let mut out = format!("1\n{side} {side}\n");
    let mut king_placed = false;
    for _ in 0..side {
        for _ in 0..side {
            let cell = match rng.below(100) {
                0..3 => '#',
                _ if !king_placed => {
                    king_placed = true;
                    'K'
                }
                _ => '.',
            };
            out.push(cell);
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generators_are_deterministic() {
        assert_eq!(generate("lattice-10x10").unwrap(), generate("lattice-10x10").unwrap());
        assert!(generate("nope").is_err());
    }

    #[test]
    fn pawn_board_has_one_black_two_red() {
        let text = generate("pawn-open-16x16").unwrap();
        assert_eq!(text.matches('X').count(), 1);
        assert_eq!(text.matches('O').count(), 2);
        assert_eq!(text.lines().count(), 18);
    }

    #[test]
    fn king_board_has_one_king() {
        let text = king_board(&mut SplitMix64(3), 40);
        assert_eq!(text.matches('K').count(), 1);
        assert_eq!(text.lines().count(), 42);
        assert!(text.lines().skip(2).all(|row| row.len() == 40));
    }

    #[test]
    fn segment_positions_increase_and_fit() {
        let mut rng = SplitMix64(7);
        let text = segments(&mut rng, 2, 1000);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "2");
        for board in lines[1..].chunks(3) {
            let head: Vec<u64> = board[0].split(' ').map(|t| t.parse().unwrap()).collect();
            let (n, w, c) = (head[0], head[1], head[2]);
            assert_eq!(w + c, 1000);
            for (line, count) in [(board[1], w), (board[2], c)] {
                let pos: Vec<u64> = line.split_whitespace().map(|t| t.parse().unwrap()).collect();
                assert_eq!(pos.len() as u64, count);
                assert!(pos.windows(2).all(|p| p[0] < p[1]) && pos.iter().all(|&p| (1..=n).contains(&p)));
            }
        }
    }

    #[test]
    fn graphs_are_simple() {
        let mut rng = SplitMix64(1);
        for text in [sparse_graph(&mut rng, 50, 200), grid_graph(&mut rng, 12), dense_graph(&mut rng, 30)] {
            let nums: Vec<usize> = text.split_whitespace().map(|t| t.parse().unwrap()).collect();
            let (n, m) = (nums[0], nums[1]);
            let mut seen = HashSet::new();
            for e in nums[2..].chunks(2) {
                assert!(e[0] != e[1] && e[0] < n && e[1] < n);
                assert!(seen.insert((e[0].min(e[1]), e[0].max(e[1]))));
            }
            assert_eq!(seen.len(), m);
        }
    }
}
