//! The seeded benchmark inputs (`gen:NAME` in a manifest, or `cargo xtask gen NAME`), obtained from
//! the release binary of `game-stress` (`game-stress preset NAME`), whose generators they are.
//!
//! xtask depends on no workspace crate, so it runs the binary rather than linking the generators;
//! only the list of names is kept here, for `cargo xtask gen --help`, and a game-stress test checks
//! that it is the binary's list. A preset always gives the same bytes (game-stress pins them by
//! their SHA-256), so benchmark figures from different runs and machines measure the same work.

use std::fs::File;
use std::path::Path;
use std::process::{Command, Stdio};

use crate::cargo::{build_release, release_binary};
use crate::cli::{Matches, Spec, UsageError, suggestion};

/// The crate whose release binary prints the presets.
pub const GENERATOR_CRATE: &str = "game-stress";

/// The preset names, with a line on each: the list of `game-stress preset --help`, in its order.
pub const PRESETS: &[(&str, &str)] = &[
    ("pawn-open-16x16", "pawn-retrograde: one open 16x16 board, black bottom-left, red top-right"),
    ("pawn-open-32x32", "pawn-retrograde: one open 32x32 board, black bottom-left, red top-right"),
    ("pawn-tie-32x32", "pawn-retrograde: a 32x32 tie, a wall across row 17 between black and red"),
    ("lattice-10x10", "lattice-dp: 10x10, random values up to 1e9"),
    ("lattice-14x14", "lattice-dp: 14x14, random values up to 1e9"),
    ("lattice-16x16", "lattice-dp: 16x16, random values up to 1e9"),
    ("lattice-18x18", "lattice-dp: 18x18, random values up to 1e9"),
    ("lattice-18x18-t", "lattice-dp: lattice-18x18 transposed (same value)"),
    ("lattice-19x19", "lattice-dp: 19x19, random values up to 1e9"),
    ("lattice-20x20", "lattice-dp: 20x20, random values up to 1e9"),
    ("lattice-21x21", "lattice-dp: 21x21, random values up to 1e9 (past one machine: plan, distributed)"),
    ("lattice-22x22", "lattice-dp: 22x22, random values up to 1e9 (past one machine: plan, distributed)"),
    ("lattice-10x30", "lattice-dp: 10x30, random values up to 1e9"),
    ("lattice-10x30-t", "lattice-dp: lattice-10x30 transposed, 30x10 (same value)"),
    ("segment-5m", "segment-nim: 5 boards of 1,000,000 pawns, n up to 1e18"),
    ("sparse-100k", "general matching: N = 100,000, M = 300,000 random edges"),
    ("sparse-1m", "general matching: N = 1,000,000, M = 3,000,000 random edges"),
    ("grid-500", "general matching: 500x500 grid, half the squares with a diagonal, 3% cells removed"),
    ("dense-2000", "general matching: N = 2,000, each edge with probability 1/2"),
    ("grid-1000", "general matching: 1000x1000 grid, half the squares with a diagonal, 3% cells removed"),
    ("rmat-20", "general matching: R-MAT scale 20 (Graph500 a=.57 b=.19 c=.19), 10 draws per vertex"),
    ("geometric-1m", "general matching: 1,000,000 random points in the unit square, average degree 6"),
    ("planar-1m", "general matching: 1000x1000 jittered grid triangulated by its shorter diagonals"),
    ("sparse-10m", "general matching: N = 10,000,000, M = 30,000,000 random edges"),
    ("rmat-22", "general matching: R-MAT scale 22 (Graph500 a=.57 b=.19 c=.19), 10 draws per vertex"),
    ("geometric-10m", "general matching: 10,000,000 random points in the unit square, average degree 6"),
    ("planar-10m", "general matching: 3162x3162 jittered grid triangulated by its shorter diagonals"),
    ("sparse-100m", "general matching: N = 100,000,000, M = 300,000,000 random edges"),
    ("grid-3163", "general matching: 3163x3163 grid, half the squares with a diagonal, 3% cells removed"),
    ("rmat-20.edges", "general matching: rmat-20 as a SNAP edge list (`#` header, tab-separated, sorted)"),
    ("rmat-20.mtx", "general matching: rmat-20 as a Matrix Market file (symmetric pattern, lower triangle)"),
    ("rmat-20.graph", "general matching: rmat-20 as a METIS adjacency file (every edge from both ends)"),
    ("sparse-10m.edges", "general matching: sparse-10m as a SNAP edge list"),
    ("sparse-10m.mtx", "general matching: sparse-10m as a Matrix Market file"),
    ("sparse-10m.graph", "general matching: sparse-10m as a METIS adjacency file"),
    ("rmat-22.edges", "general matching: rmat-22 as a SNAP edge list"),
    ("rmat-22.mtx", "general matching: rmat-22 as a Matrix Market file"),
    ("rmat-22.graph", "general matching: rmat-22 as a METIS adjacency file"),
    (
        "king-board-1000",
        "edmonds-blossom: one 1000x1000 HDU board, 3% cells blocked, K in the first free cell",
    ),
    (
        "king-board-3000",
        "edmonds-blossom: one 3000x3000 HDU board, 3% cells blocked, K in the first free cell",
    ),
    ("weighted-sparse-10k", "weighted matching: N = 10,000, M = 30,000 random edges, weights 1..1e6"),
    ("weighted-grid-100", "weighted matching: 100x100 grid, weights 1..1e6"),
    ("weighted-knn-10k", "weighted matching: 10-nearest-neighbour graph of 10,000 random points, distances"),
    ("weighted-complete-500", "weighted matching: complete graph on 500 vertices, weights 1..1e6"),
    ("weighted-sparse-100k", "weighted matching: N = 100,000, M = 300,000 random edges, weights 1..1e6"),
    ("weighted-grid-316", "weighted matching: 316x316 grid, weights 1..1e6"),
    (
        "weighted-knn-100k",
        "weighted matching: 10-nearest-neighbour graph of 100,000 random points, distances",
    ),
    ("weighted-complete-2000", "weighted matching: complete graph on 2,000 vertices, weights 1..1e6"),
    ("weighted-sparse-1m", "weighted matching: N = 1,000,000, M = 3,000,000 random edges, weights 1..1e6"),
    ("weighted-grid-1000", "weighted matching: 1000x1000 grid, weights 1..1e6"),
    (
        "weighted-knn-1m",
        "weighted matching: 10-nearest-neighbour graph of 1,000,000 random points, distances",
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
    listing: Some(("Generators", PRESETS)),
    notes: "The same NAME always gives the same bytes. The inputs are game-stress's presets: this builds
the release binary of game-stress and prints `target/release/game-stress preset NAME`.",
};

/// The generator named on the command line (see [`SPEC`]).
pub fn name_from_matches(matches: &Matches) -> Result<String, UsageError> {
    let Some(name) = matches.positionals.first() else {
        return Err(UsageError::in_command("gen", "missing the generator NAME"));
    };
    if PRESETS.iter().all(|(known, _)| known != name) {
        let names: Vec<&str> = PRESETS.iter().map(|(n, _)| *n).collect();
        let guess = suggestion(name, &names).map(|g| format!(" (did you mean `{g}`?)")).unwrap_or_default();
        return Err(UsageError::in_command("gen", format!("unknown generator `{name}`{guess}")));
    }
    Ok(name.clone())
}

/// `cargo xtask gen NAME`: builds game-stress, then its `preset NAME` writes the input to stdout.
pub fn run(name: &str) -> Result<bool, String> {
    build_release(&[GENERATOR_CRATE.to_string()])?;
    if run_to_end(&mut preset_command(name)?, name)? {
        Ok(true)
    } else {
        Err(format!("{GENERATOR_CRATE} could not generate `{name}`"))
    }
}

/// Writes the preset `name` to `path` with the release binary of game-stress, which must be built
/// (see [`GENERATOR_CRATE`]). The file appears only complete: it is written beside `path` first.
pub fn write(name: &str, path: &Path) -> Result<(), String> {
    let partial = path.with_extension("partial");
    let file = File::create(&partial).map_err(|e| format!("{}: {e}", partial.display()))?;
    let mut command = preset_command(name)?;
    command.stdout(file);
    if !run_to_end(&mut command, name)? {
        let _ = std::fs::remove_file(&partial);
        return Err(format!("{GENERATOR_CRATE} could not generate `{name}`"));
    }
    std::fs::rename(&partial, path).map_err(|e| format!("{}: {e}", path.display()))
}

/// `game-stress preset NAME`, or an error if the release binary is missing.
fn preset_command(name: &str) -> Result<Command, String> {
    let binary = release_binary(GENERATOR_CRATE);
    if !binary.is_file() {
        return Err(format!("{} is missing (cargo build --release -p {GENERATOR_CRATE})", binary.display()));
    }
    let mut command = Command::new(binary);
    command.args(["preset", name]).stdin(Stdio::null());
    Ok(command)
}

/// Runs `command` (stderr inherited); whether it succeeded.
fn run_to_end(command: &mut Command, name: &str) -> Result<bool, String> {
    let status = command.status().map_err(|e| format!("cannot run {GENERATOR_CRATE} preset {name}: {e}"))?;
    Ok(status.success())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_come_from_the_release_binary_or_say_how_to_build_it() {
        if release_binary(GENERATOR_CRATE).is_file() {
            let path = std::env::temp_dir().join(format!("xtask-preset-{}.in", std::process::id()));
            write("lattice-10x10", &path).unwrap();
            let text = std::fs::read_to_string(&path).unwrap();
            assert!(text.starts_with("10 10\n") && text.lines().count() == 21, "{text}");
            std::fs::remove_file(&path).unwrap();
        } else {
            let error = preset_command("lattice-10x10").unwrap_err();
            assert!(error.contains("cargo build --release -p game-stress"), "{error}");
        }
    }
}
