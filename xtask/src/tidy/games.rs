//! The "Adding a game" rule: docs/ARCHITECTURE.md names the places a game takes in each tool, and
//! this check finds them for every game of the lists — `games.list`, game-stress's
//! `for_each_game!` and the playground's `REGISTRATIONS` — so the section stays true.

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
    problems
}
