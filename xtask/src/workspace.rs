//! Where the workspace is, and its list of the solver games.

use std::path::PathBuf;

/// The workspace root (the parent of this crate's directory).
pub fn workspace_root() -> PathBuf {
    let manifest_dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    manifest_dir.parent().map(PathBuf::from).unwrap_or(manifest_dir)
}

/// The solver games, in the order of the workspace's list, `games.list` (each the name of its crate,
/// binary and `testdata/` folder).
pub fn games() -> Vec<&'static str> {
    include_str!("../../games.list")
        .lines()
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .collect()
}
