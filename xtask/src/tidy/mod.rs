//! Tidy: rules about the workspace's files that ordinary tests keep true (`cargo test -p xtask`,
//! and so `cargo xtask ci`).
//!
//! - No development history: no tracked text file (sources, docs, manifests, `testdata/` and
//!   `fuzz/` included; images and the solvers' `testdata/` inputs and answers excepted) has a word
//!   of [`history`]'s one list: the files describe what the code is, not which session or issue
//!   changed it.
//! - No import circle inside a crate ([`imports`]): a module used by two others sits below both.
//!   The few known arrows that still close a circle are listed in [`ALLOWED_ARROWS`], each with its
//!   reason; any other circle fails, and so does an entry that no longer closes one.
//! - docs/ARCHITECTURE.md's "Adding a game" names places that exist, for every game of the lists
//!   ([`games`]).
//! - edmonds-blossom's matching library never names its king game ([`layering::KING_WORDS`]).
//! - No module is declared with a path attribute: each file sits where its module path says (which
//!   the import check relies on).
//! - Every crate is published but those of [`crate::ci::UNPUBLISHED`] (`publish = false`), and a
//!   published crate's manifest has its metadata and a README of its own ([`packages`]).

mod games;
mod history;
mod imports;
mod layering;
mod packages;
mod source;

#[cfg(test)]
mod fixtures;

/// Arrows between two modules of a crate that close an import circle, allowed until the crate is
/// restructured: a parent module that is both the hub of types its children share and the code that
/// calls into them. Each arrow is from the parent to its children; the cut is to move what the
/// children take from the parent into a module below both.
pub struct AllowedArrows {
    /// The crate's folder, relative to the workspace root.
    pub krate: &'static str,
    /// The crate root file of the module tree, relative to the crate's `src` (`lib.rs`; each crate
    /// root has a module tree of its own).
    pub root: &'static str,
    /// The importing module (`a::b`; the root is `crate`).
    pub from: &'static str,
    /// The imported modules.
    pub to: &'static [&'static str],
    /// What the children take from the parent, and why the arrows stay for now.
    pub why: &'static str,
}

/// The arrows that close an import circle and are allowed for now: nothing else may, and each one
/// must still close a circle (once it does not, its entry goes).
pub const ALLOWED_ARROWS: &[AllowedArrows] = &[];

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::{ALLOWED_ARROWS, games, history, imports, layering, packages};
    use crate::ci::UNPUBLISHED;
    use crate::workspace::workspace_root;

    /// The folders of the workspace's crates: `crates/*` and `xtask`.
    fn crate_dirs() -> Vec<PathBuf> {
        let root = workspace_root();
        let mut dirs: Vec<PathBuf> = std::fs::read_dir(root.join("crates"))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.join("Cargo.toml").is_file())
            .collect();
        dirs.push(root.join("xtask"));
        dirs.sort();
        dirs
    }

    /// Rule: docs/ARCHITECTURE.md's "Adding a game" section names places that exist, and every
    /// game of `games.list` has its crate, corpus and entry in the game-stress and playground lists
    /// (the playground's with its module of the page).
    #[test]
    fn adding_a_game_names_every_place() {
        let problems = games::problems(&workspace_root());
        assert!(problems.is_empty(), "{}", problems.join("\n"));
    }

    /// The rule fails on a planted tree where a listed game has no playground registration, a
    /// registration whose module of the page is missing, no fuzz targets, or a fuzz target that is
    /// not a `[[bin]]`.
    #[test]
    fn adding_a_game_fails_on_a_missing_registration() {
        let root = std::env::temp_dir().join(format!("xtask-games-{}", std::process::id()));
        let write = |path: &str, text: &str| {
            let path = root.join(path);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        };
        write("games.list", "# games\nhop\n");
        write("crates/hop/Cargo.toml", "");
        write("testdata/hop/a.in", "");
        write("docs/ARCHITECTURE.md", "# A\n\n## Adding a game\n\n`games.list`\n\n## Next\n");
        write(
            "crates/game-stress/src/games/mod.rs",
            "macro_rules! for_each_game {\n  Hop(Hop) => $crate::games::hop::Hop,\n}\n",
        );
        write("crates/game-stress/src/games/hop.rs", "const NAME: &'static str = \"hop\";\n");
        write("crates/playground/src/games/list.rs", "pub const REGISTRATIONS: &[Registration] = &[];\n");
        let problems = games::problems(&root);
        assert!(
            problems.iter().any(|p| p.contains("hop (games.list) is not in games/list.rs")),
            "{problems:?}"
        );
        write(
            "crates/playground/src/games/list.rs",
            "pub const REGISTRATIONS: &[R] = &[hop::REGISTRATION];\n",
        );
        let hop = "pub const NAME: &str = \"hop\";\nconst R: R = R { page_module: PageModule { file: \"hop.js\" } };\n";
        write("crates/playground/src/games/hop.rs", hop);
        let problems = games::problems(&root);
        assert!(problems.iter().any(|p| p.contains("games/hop: no assets/hop.js")), "{problems:?}");
        write("crates/playground/assets/hop.js", "export default {};\n");
        let problems = games::problems(&root);
        assert!(problems.iter().any(|p| p.contains("hop (games.list) has no targets")), "{problems:?}");
        write("fuzz/fuzz_targets/hop/query.rs", "");
        let problems = games::problems(&root);
        assert!(problems.iter().any(|p| p.contains("hop/query.rs is not a [[bin]]")), "{problems:?}");
        write(
            "fuzz/Cargo.toml",
            "[dependencies]\nhop = { path = \"x\" }\n\n[[bin]]\nname = \"hop_query\"\npath = \"fuzz_targets/hop/query.rs\"\n",
        );
        assert_eq!(games::problems(&root), Vec::<String>::new());
        std::fs::remove_dir_all(&root).unwrap();
    }

    /// Rule: no crate has a circle of module imports, apart from the allowed arrows, and every
    /// allowed arrow is needed: without it, a circle would be left.
    #[test]
    fn no_module_imports_circle() {
        let root = workspace_root();
        let mut circles = Vec::new();
        let mut needed = vec![false; ALLOWED_ARROWS.len()];
        for dir in crate_dirs() {
            let krate = dir.strip_prefix(&root).unwrap().display().to_string();
            for graph in imports::module_graphs(&dir.join("src")) {
                let entries: Vec<usize> = (0..ALLOWED_ARROWS.len())
                    .filter(|&i| ALLOWED_ARROWS[i].krate == krate && ALLOWED_ARROWS[i].root == graph.root)
                    .collect();
                let arrows = |skip: Option<(usize, usize)>| -> Vec<(&str, &str)> {
                    let mut arrows = Vec::new();
                    for &i in &entries {
                        for (k, to) in ALLOWED_ARROWS[i].to.iter().enumerate() {
                            if skip != Some((i, k)) {
                                arrows.push((ALLOWED_ARROWS[i].from, *to));
                            }
                        }
                    }
                    arrows
                };
                for circle in graph.circles(&arrows(None)) {
                    circles.push(format!("{krate} ({}): {circle}", graph.root));
                }
                for &i in &entries {
                    needed[i] = (0..ALLOWED_ARROWS[i].to.len())
                        .all(|k| !graph.circles(&arrows(Some((i, k)))).is_empty());
                }
            }
        }
        assert!(
            circles.is_empty(),
            "module import circles (cut them with a module below both sides):\n{}",
            circles.join("\n")
        );
        let unneeded: Vec<String> = ALLOWED_ARROWS
            .iter()
            .zip(&needed)
            .filter(|(_, needed)| !**needed)
            .map(|(a, _)| format!("{} ({}): {} -> {:?} ({})", a.krate, a.root, a.from, a.to, a.why))
            .collect();
        assert!(
            unneeded.is_empty(),
            "allowed arrows that close no circle any more (remove them from ALLOWED_ARROWS):\n{}",
            unneeded.join("\n")
        );
    }

    /// Rule: no development history in any tracked text file.
    #[test]
    fn no_development_history() {
        let hits = history::history_hits(&workspace_root());
        assert!(
            hits.is_empty(),
            "development history in the project (describe the code, not its past):\n{}",
            hits.join("\n")
        );
    }

    /// Rule: edmonds-blossom's matching library never names the king game.
    #[test]
    fn the_matching_library_never_names_the_king_game() {
        let src = workspace_root().join("crates/edmonds-blossom/src");
        let mut found = Vec::new();
        for folder in layering::MATCHING_LIBRARY {
            let dir = src.join(folder);
            assert!(dir.is_dir(), "{} is missing", dir.display());
            found.extend(layering::offences(&layering::rust_files(&dir), |line| {
                layering::named_words(line, layering::KING_WORDS)
            }));
        }
        assert!(found.is_empty(), "the matching library names the king game:\n{}", found.join("\n"));
    }

    /// Rule: no module is declared with a path attribute, in any crate's sources, tests, benches
    /// and examples, nor in `fuzz/`, except in the binaries of [`SHARED_PROGRAMS`] (each must
    /// still have one, so the list cannot go stale).
    #[test]
    fn no_module_is_declared_with_a_path_attribute() {
        let root = workspace_root();
        let shared: Vec<_> = SHARED_PROGRAMS.iter().map(|file| root.join(file)).collect();
        let mut found = Vec::new();
        for dir in crate_dirs().into_iter().chain([root.join("fuzz")]) {
            let files: Vec<_> =
                layering::rust_files(&dir).into_iter().filter(|file| !shared.contains(file)).collect();
            found.extend(layering::offences(&files, layering::path_attribute));
        }
        assert!(found.is_empty(), "modules declared with a path attribute:\n{}", found.join("\n"));
        for file in &shared {
            let declared = layering::offences(std::slice::from_ref(file), layering::path_attribute);
            assert!(
                !declared.is_empty(),
                "{} no longer shares a program: remove it from the list",
                file.display()
            );
        }
    }

    /// Rule: `publish = false` in exactly the manifests of [`UNPUBLISHED`] (the crates `cargo xtask
    /// ci` leaves out of `cargo package`), and every other manifest has its package metadata.
    #[test]
    fn every_crate_but_the_unpublished_ones_is_a_complete_package() {
        let mut found = Vec::new();
        for dir in crate_dirs() {
            let name = dir.file_name().unwrap().to_string_lossy().into_owned();
            let manifest = std::fs::read_to_string(dir.join("Cargo.toml")).unwrap();
            match (UNPUBLISHED.contains(&name.as_str()), packages::unpublished(&manifest)) {
                (true, false) => found.push(format!("{name}: in ci::UNPUBLISHED, but not `publish = false`")),
                (false, true) => found.push(format!("{name}: `publish = false`, but not in ci::UNPUBLISHED")),
                (true, true) => {}
                (false, false) => {
                    for missing in packages::missing_metadata(&dir, &manifest) {
                        found.push(format!("{name}: needs {missing}"));
                    }
                }
            }
        }
        assert!(found.is_empty(), "package manifests:\n{}", found.join("\n"));
    }

    /// Binaries that are another binary of their crate under a second name, built with other
    /// features: their only module is that binary's `main.rs`, by a path attribute, which is how
    /// a second binary target shares a program's module tree without a second copy of it.
    /// `lattice-dp-mpi` is `lattice-dp` built with `mpi`, so that a plain build never replaces it.
    const SHARED_PROGRAMS: [&str; 1] = ["crates/lattice-dp/src/bin/lattice-dp-mpi.rs"];
}
