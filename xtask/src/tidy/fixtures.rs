//! The tidy's checks on planted trees in scratch folders: each finds what it is for, and leaves
//! alone what it is not for. (The history words are put together at run time, so that this file
//! does not match them itself.)

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use super::history::{history_hits, history_words};
use super::imports::{ModuleGraph, module_graphs};
use super::layering::{KING_WORDS, named_words, path_attribute};

/// A scratch folder of its own for `name`, with the given files.
fn scratch(name: &str, files: &[(&str, &str)]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("xtask-tidy-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    for (path, text) in files {
        let file = dir.join(path);
        fs::create_dir_all(file.parent().unwrap()).unwrap();
        fs::write(file, text).unwrap();
    }
    dir
}

/// The circles of the one module tree of the crate whose `src` is `src`.
fn circles(src: &Path) -> Vec<String> {
    let graphs: Vec<ModuleGraph> = module_graphs(src);
    assert_eq!(graphs.len(), 1, "one crate root in {}", src.display());
    graphs[0].circles(&[])
}

/// "session", "issue", … put together at run time.
fn word(halves: [&str; 2]) -> String {
    halves.concat()
}

#[test]
fn a_circle_of_crate_paths_is_found() {
    let src = scratch(
        "circle",
        &[
            ("lib.rs", "mod a;\nmod b;\nmod c;\n"),
            ("a.rs", "use crate::b::B;\npub struct A;\n"),
            ("b.rs", "use crate::{c::{self, d::D}};\npub struct B;\n"),
            ("c/mod.rs", "mod d;\npub struct C;\n"),
            ("c/d.rs", "// use crate::b;\npub struct D;\nfn f() -> super::super::a::A { todo!() }\n"),
        ],
    );
    assert_eq!(circles(&src), ["a -> b -> c::d -> a"]);
    let _ = fs::remove_dir_all(src);
}

/// A parent naming its child by its bare name, and the child importing the parent's hub types:
/// the shape of a sweep engine beside its shared types.
#[test]
fn a_planted_bare_child_circle_is_found() {
    let src = scratch(
        "bare-child",
        &[
            ("lib.rs", "pub mod solve;\n"),
            (
                "solve/mod.rs",
                "mod distributed;\npub struct Shared;\npub fn run() { distributed::solve_rank(); }\n",
            ),
            ("solve/distributed.rs", "use super::Shared;\npub fn solve_rank() -> Option<Shared> { None }\n"),
        ],
    );
    assert_eq!(circles(&src), ["solve -> solve::distributed -> solve"]);
    // The same through a `use` of the child, and through a grandchild's path.
    fs::write(
        src.join("solve/mod.rs"),
        "mod distributed;\nuse distributed::solve_rank;\npub struct Shared;\n",
    )
    .unwrap();
    assert_eq!(circles(&src), ["solve -> solve::distributed -> solve"]);
    // The child alone importing the parent is a layering, and so is an extern crate's path that
    // starts with the child's name after `::`.
    fs::write(
        src.join("solve/mod.rs"),
        "mod distributed;\npub struct Shared;\nfn f() { ::distributed::x(); }\n",
    )
    .unwrap();
    assert_eq!(circles(&src), Vec::<String>::new());
    let _ = fs::remove_dir_all(src);
}

/// A module importing an item of the crate root, whose root names the module: an arrow pointing
/// up to the root closes the circle.
#[test]
fn a_planted_upward_import_to_the_crate_root_is_found() {
    let src = scratch(
        "upward",
        &[
            ("main.rs", "mod ci;\nfn main() { ci::run(); }\nfn workspace_root() {}\n"),
            ("ci.rs", "use crate::workspace_root;\npub fn run() { workspace_root() }\n"),
        ],
    );
    assert_eq!(circles(&src), ["ci -> crate -> ci"]);
    // With the function in a module of its own below both, no circle is left; a re-export in the
    // root is followed to the module that defines the item.
    fs::write(
        src.join("main.rs"),
        "mod ci;\nmod workspace;\npub use workspace::workspace_root;\nfn main() { ci::run(); }\n",
    )
    .unwrap();
    fs::write(src.join("workspace.rs"), "pub fn workspace_root() {}\n").unwrap();
    assert_eq!(circles(&src), Vec::<String>::new());
    let _ = fs::remove_dir_all(src);
}

#[test]
fn layered_modules_tests_and_strings_are_no_circle() {
    let src = scratch(
        "layered",
        &[
            ("main.rs", "mod a;\nmod b;\nuse crate::a::A;\nfn main() { b::f(\"\"); }\n"),
            (
                "a.rs",
                "pub struct A;\nconst S: &str = \"crate::b::B\";\n#[cfg(test)]\nmod tests {\n    use crate::b::B;\n}\n",
            ),
            (
                "b.rs",
                "use crate::a::A;\nuse super::a;\nmod inner {\n    use super::super::a::A;\n}\npub fn f<'a>(x: &'a str) -> char { '}' }\n",
            ),
        ],
    );
    assert_eq!(circles(&src), Vec::<String>::new());
    let _ = fs::remove_dir_all(src);
}

#[test]
fn an_allowed_arrow_cuts_its_circle_only() {
    let src = scratch(
        "allowed",
        &[
            ("lib.rs", "mod a;\nmod b;\nmod c;\n"),
            ("a.rs", "use crate::b::B;\npub struct A;\n"),
            ("b.rs", "use crate::a::A;\nuse crate::c::C;\npub struct B;\n"),
            ("c.rs", "use crate::b::B;\npub struct C;\n"),
        ],
    );
    let graph = &module_graphs(&src)[0];
    assert_eq!(graph.circles(&[]), ["a -> b -> a"]);
    assert_eq!(graph.circles(&[("b", "a")]), ["b -> c -> b"]);
    assert_eq!(graph.circles(&[("b", "a"), ("c", "b")]), Vec::<String>::new());
    let _ = fs::remove_dir_all(src);
}

#[test]
fn history_words_are_recognised_and_prose_is_not() {
    let session = word(["sess", "ion"]);
    let issue = word(["iss", "ue"]);
    assert_eq!(
        history_words(&format!("{} 21 (mirror reduction)", session.to_uppercase())),
        [format!("{session} 21")]
    );
    assert_eq!(history_words(&format!("{session}s 29-33")), [format!("{session}s 29")]);
    assert_eq!(history_words(&format!("# {}: 18x18", word(["Iss", "ue 14"]))), [format!("{issue} 14")]);
    assert_eq!(history_words(&format!("see {issue} #7")), [format!("{issue} 7")]);
    assert_eq!(history_words(&format!("its {} rounds", word(["watch", "er"]))), [word(["watch", "er"])]);
    assert_eq!(history_words(&format!("test (was {}tests/a.rs`)", '`')), [format!("was {}", '`')]);
    assert_eq!(history_words(&word(["Previ", "ously, the table"])), [word(["previ", "ously"])]);
    assert_eq!(history_words(&format!("{} it", word(["renamed fr", "om"]))), [word(["renamed fr", "om"])]);
    for prose in [
        "a session of play, sessions of the server",
        "an issue with the input, issues of the day",
        "what was read, it was 3 long",
        "renamed in place, a rename from",
        "the watch, watchful",
        "used to check the reduction, unused to be",
        "todo!()",
    ] {
        assert_eq!(history_words(prose), Vec::<String>::new(), "{prose}");
    }
}

/// A history word planted in a `testdata/` manifest is found; the same words in the solvers'
/// inputs and answers (data), in an image, in a binary file and in an untracked file are not.
#[test]
fn a_planted_history_word_in_testdata_is_found() {
    let line = format!("# {} 14: 18x18 under 60 s", word(["Iss", "ue"]));
    let dir = scratch(
        "history",
        &[
            ("testdata/game/cases.manifest", &format!("# the cases\n{line}\n")),
            ("testdata/game/01.in", &line),
            ("testdata/game/01.out", &line),
            ("docs/img/a.png", &line),
            ("docs/a.md", "clean prose\n"),
            ("fuzz/fuzz_targets/a.rs", "fn a() {}\n"),
        ],
    );
    fs::write(dir.join("docs/blob.bin"), [line.as_bytes(), b"\0"].concat()).unwrap();
    let git = |args: &[&str]| {
        let status = Command::new("git").args(args).current_dir(&dir).status().expect("git runs");
        assert!(status.success(), "git {args:?}");
    };
    git(&["init", "-q"]);
    git(&["add", "."]);
    fs::write(dir.join("untracked.md"), &line).unwrap();
    let hits = history_hits(&dir);
    assert_eq!(hits, [format!("testdata/game/cases.manifest:2: [\"{} 14\"]: {line}", word(["iss", "ue"]))]);
    // And in fuzz/, once planted there.
    fs::write(dir.join("fuzz/fuzz_targets/a.rs"), format!("// {}\nfn a() {{}}\n", word(["form", "erly"])))
        .unwrap();
    assert_eq!(history_hits(&dir).len(), 2);
    let _ = fs::remove_dir_all(dir);
}

#[test]
fn the_layering_words_catch_what_they_are_for() {
    let king = |line: &str| named_words(line, KING_WORDS);
    assert_eq!(king("use crate::king::board::Board;"), ["king", "board", "Board"]);
    assert_eq!(king("let analysis = BoardAnalysis::new(&b, moves);"), ["BoardAnalysis"]);
    assert_eq!(king("game: crate::query::GAME,"), ["game", "query", "GAME"]);
    // Words that merely contain a king-game word are fine.
    assert!(king("// the working set, marking each gameplay-free list").is_empty());
    assert_eq!(path_attribute(&format!("{}{}", "#[pa", "th = \"input/lc.rs\"]")).len(), 1);
    assert!(path_attribute("mod lc;").is_empty());
}
