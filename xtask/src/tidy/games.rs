//! The "Adding a game" rule: docs/ARCHITECTURE.md names the places a game takes in each tool, and
//! this check finds them for every game of the lists — `games.list`, game-stress's
//! `for_each_game!` and the playground's `REGISTRATIONS` (each registration with its module of
//! the page), and the folders of fuzz targets — so the section stays true.

use std::fs;
use std::path::Path;

/// The lines of `games.list` that name a game.
pub fn listed(root: &Path) -> Vec<String> {
    let text = fs::read_to_string(root.join("games.list")).unwrap_or_default();
    text.lines().filter(|l| !l.is_empty() && !l.starts_with('#')).map(String::from).collect()
}

/// The module of each line `Variant(Short) => $crate::games::MODULE::Type,` of the
/// `for_each_game!` list in game-stress's `games/mod.rs`.
pub fn stress_modules(text: &str) -> Vec<String> {
    let Some(start) = text.find("macro_rules! for_each_game") else { return Vec::new() };
    let body = &text[start..];
    let body = &body[..body.find("\n}\n").unwrap_or(body.len())];
    body.lines()
        .filter_map(|line| line.split("=> $crate::games::").nth(1))
        .filter_map(|rest| rest.split("::").next())
        .map(String::from)
        .collect()
}

/// The module of each `MODULE::REGISTRATION` of the playground's `REGISTRATIONS` list.
pub fn playground_modules(text: &str) -> Vec<String> {
    let Some(start) = text.find("pub const REGISTRATIONS") else { return Vec::new() };
    let body = &text[start..];
    let body = &body[..body.find("];").unwrap_or(body.len())];
    body.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
        .filter_map(|word| word.strip_suffix("::REGISTRATION"))
        .map(String::from)
        .collect()
}

/// The source of module `module` of `games/` under `src` (`games/m.rs` or `games/m/mod.rs`).
pub fn module_source(src: &Path, module: &str) -> Option<String> {
    let games = src.join("games");
    fs::read_to_string(games.join(format!("{module}.rs")))
        .or_else(|_| fs::read_to_string(games.join(module).join("mod.rs")))
        .ok()
}

/// The string value of the first `NAME: … = "value"` constant in `source`.
pub fn name_constant(source: &str) -> Option<String> {
    let at = source.find("const NAME: ")?;
    let rest = &source[at..];
    let value = rest.split('"').nth(1)?;
    rest[..rest.find(';')?].contains('"').then(|| value.to_string())
}

/// The file of the page module a playground game's source registers
/// (`page_module: PageModule { file: "FILE", … }`).
pub fn page_module_file(source: &str) -> Option<String> {
    let at = source.find("page_module: PageModule { file: ")?;
    source[at..].split('"').nth(1).map(String::from)
}

/// The `path` of each `[[bin]]` of the Cargo manifest `manifest`.
pub fn bin_paths(manifest: &str) -> Vec<String> {
    let mut paths = Vec::new();
    let mut in_bin = false;
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            in_bin = line == "[[bin]]";
        } else if let Some(value) = line.strip_prefix("path = ").filter(|_| in_bin) {
            paths.push(value.trim_matches('"').to_string());
        }
    }
    paths
}

/// Everything wrong with the fuzz targets of the games `games`: each game has a folder
/// `fuzz/fuzz_targets/<game>/` with at least one target, every folder there is a listed game's, and
/// every target is a `[[bin]]` of `fuzz/Cargo.toml` (and every `[[bin]]` a target that exists).
pub fn fuzz_problems(root: &Path, games: &[String]) -> Vec<String> {
    let fuzz = root.join("fuzz");
    let bins = bin_paths(&fs::read_to_string(fuzz.join("Cargo.toml")).unwrap_or_default());
    let mut problems = Vec::new();
    for game in games {
        let folder = fuzz.join("fuzz_targets").join(game);
        let targets = fs::read_dir(&folder).map(|entries| entries.count()).unwrap_or(0);
        if targets == 0 {
            problems.push(format!("fuzz: {game} (games.list) has no targets in fuzz_targets/{game}/"));
        }
    }
    for folder in fs::read_dir(fuzz.join("fuzz_targets")).into_iter().flatten().flatten() {
        let name = folder.file_name().to_string_lossy().into_owned();
        if !games.contains(&name) {
            problems.push(format!("fuzz: fuzz_targets/{name} is not a game of games.list"));
        }
        for target in fs::read_dir(folder.path()).into_iter().flatten().flatten() {
            let path = format!("fuzz_targets/{name}/{}", target.file_name().to_string_lossy());
            if !bins.contains(&path) {
                problems.push(format!("fuzz: {path} is not a [[bin]] of fuzz/Cargo.toml"));
            }
        }
    }
    for path in &bins {
        if !fuzz.join(path).is_file() {
            problems.push(format!("fuzz: the [[bin]] {path} of fuzz/Cargo.toml does not exist"));
        }
    }
    problems
}

/// Everything wrong with the "Adding a game" rule in the workspace at `root` (empty when it
/// holds).
pub fn problems(root: &Path) -> Vec<String> {
    let mut problems = Vec::new();
    let games = listed(root);
    if games.is_empty() {
        problems.push("games.list names no game".to_string());
    }
    let doc = fs::read_to_string(root.join("docs/ARCHITECTURE.md")).unwrap_or_default();
    let Some(section) = doc.split("\n## Adding a game\n").nth(1) else {
        return vec!["docs/ARCHITECTURE.md has no \"Adding a game\" section".to_string()];
    };
    let section = section.split("\n## ").next().unwrap_or(section);
    // Every path the section names without a placeholder exists.
    for quoted in section.split('`').skip(1).step_by(2) {
        let path = quoted.trim_end_matches('/');
        // A path from the workspace root (a bare file name is one of the folder named before it).
        let from_root = path.contains('/') || path.ends_with(".list");
        let literal = !path.contains('<') && !path.contains(' ') && !path.starts_with('[');
        if from_root && literal && !root.join(path).exists() {
            problems.push(format!("docs/ARCHITECTURE.md, Adding a game: `{path}` does not exist"));
        }
    }
    for game in &games {
        for place in [format!("crates/{game}/Cargo.toml"), format!("testdata/{game}")] {
            if !root.join(&place).exists() {
                problems.push(format!("games.list: {game}: no {place}"));
            }
        }
    }
    let tools = [
        ("crates/game-stress/src", "games/mod.rs", stress_modules as fn(&str) -> Vec<String>),
        ("crates/playground/src", "games/list.rs", playground_modules),
    ];
    for (src, list, modules) in tools {
        let src = root.join(src);
        let text = fs::read_to_string(src.join(list)).unwrap_or_default();
        let modules = modules(&text);
        if modules.is_empty() {
            problems.push(format!("{}: no list of the games found", src.join(list).display()));
        }
        let mut names = Vec::new();
        for module in &modules {
            match module_source(&src, module).as_deref().and_then(name_constant) {
                Some(name) => names.push(name),
                None => problems.push(format!("{}: games/{module}: no module with a NAME", src.display())),
            }
        }
        for game in &games {
            if !names.contains(game) {
                problems.push(format!("{}: {game} (games.list) is not in {list}", src.display()));
            }
        }
    }
    problems.extend(fuzz_problems(root, &games));
    // Each playground game's registration carries its module of the page, a file of `assets/`.
    let playground = root.join("crates/playground");
    let list = fs::read_to_string(playground.join("src/games/list.rs")).unwrap_or_default();
    for module in playground_modules(&list) {
        let source = module_source(&playground.join("src"), &module).unwrap_or_default();
        match page_module_file(&source) {
            Some(file) if playground.join("assets").join(&file).is_file() => {}
            Some(file) => problems.push(format!("playground: games/{module}: no assets/{file}")),
            None => problems.push(format!("playground: games/{module}: its REGISTRATION has no page_module")),
        }
    }
    problems
}
