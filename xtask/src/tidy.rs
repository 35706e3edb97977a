//! Tidy checks: rules about the workspace's files that ordinary tests keep true (`cargo test`).
//!
//! - No development history in the project: the docs, sources and tests describe what the code is,
//!   not which session, run or issue changed it ([`history_hits`]).
//! - No import circle inside a crate: the modules of a crate form a layering, so each one can be
//!   read with only the modules below it in mind ([`module_cycles`]). A module imports another when
//!   it names a `crate::x::…`, `super::…` or `self::…` path to it outside its `#[cfg(test)]`
//!   modules; the `mod x;` declarations that build the tree do not count, and neither does a path
//!   to the crate root (which only declares and re-exports).

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The words that mark development history: numbered sessions, and the tool that watched them
/// (spelled in two halves so that this file does not match itself).
const HISTORY_WORDS: [&str; 2] = ["session", concat!("watch", "er")];

/// Every `path:line: text` under `roots` (files or folders; `target`, `node_modules` and `.git`
/// skipped) whose line names a numbered session (the word, a space, a number) or the tool that watched
/// them, case-insensitively, as `grep -rniE` with those words would.
pub fn history_hits(roots: &[PathBuf]) -> Vec<String> {
    let mut files = Vec::new();
    for root in roots {
        collect_files(root, &mut files, &|_| true);
    }
    let mut hits = Vec::new();
    for file in files {
        let Ok(text) = fs::read_to_string(&file) else { continue };
        for (number, line) in text.lines().enumerate() {
            if is_history(line) {
                hits.push(format!("{}:{}: {}", file.display(), number + 1, line.trim()));
            }
        }
    }
    hits
}

/// Whether `line` names a numbered session or the watching tool.
fn is_history(line: &str) -> bool {
    let lower = line.to_lowercase();
    if lower.contains(HISTORY_WORDS[1]) {
        return true;
    }
    let word = HISTORY_WORDS[0];
    lower.match_indices(word).any(|(at, _)| {
        let rest = &lower[at + word.len()..];
        let rest = rest.strip_prefix('s').unwrap_or(rest);
        rest.strip_prefix(' ').is_some_and(|r| r.starts_with(|c: char| c.is_ascii_digit()))
    })
}

/// Pushes every file under `path` that `keep` accepts, in name order.
fn collect_files(path: &Path, files: &mut Vec<PathBuf>, keep: &dyn Fn(&Path) -> bool) {
    if path.is_file() {
        if keep(path) {
            files.push(path.to_path_buf());
        }
        return;
    }
    let Ok(entries) = fs::read_dir(path) else { return };
    let mut entries: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for entry in entries {
        let name = entry.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if matches!(name, "target" | "node_modules" | ".git") || name.starts_with("target-") {
            continue;
        }
        collect_files(&entry, files, keep);
    }
}

/// The import circles among the modules of the crate whose `src` folder is `src`: one line per
/// circle, `a -> b -> a`, modules named by their path (`solve::cell`; the root is `crate`).
/// Every crate root is checked (`lib.rs`, `main.rs`, `bin/*.rs`), each with its own module tree.
pub fn module_cycles(src: &Path) -> Vec<String> {
    let mut roots = vec![src.join("lib.rs"), src.join("main.rs")];
    collect_files(&src.join("bin"), &mut roots, &|p| p.extension().is_some_and(|e| e == "rs"));
    let mut cycles = Vec::new();
    for root in roots.into_iter().filter(|r| r.is_file()) {
        let mut modules = BTreeMap::new();
        load_module(&root, Vec::new(), &mut modules);
        cycles.extend(cycles_of(&modules));
    }
    cycles
}

/// One module of a crate, as the import check reads it.
struct Module {
    /// The module's source with comments, strings and `#[cfg(test)]` modules removed.
    code: String,
}

/// Reads `file` as the module at `path` and, recursively, the files of its `mod x;` declarations.
fn load_module(file: &Path, path: Vec<String>, modules: &mut BTreeMap<Vec<String>, Module>) {
    let Ok(text) = fs::read_to_string(file) else { return };
    let code = strip_test_modules(&blank_comments_and_literals(&text));
    let name = file.file_stem().and_then(|s| s.to_str()).unwrap_or("");
    let dir = if path.is_empty() || name == "mod" {
        file.parent().unwrap_or(Path::new("")).to_path_buf()
    } else {
        file.with_extension("")
    };
    for child in declared_modules(&code) {
        let candidates = [dir.join(format!("{child}.rs")), dir.join(&child).join("mod.rs")];
        if let Some(child_file) = candidates.iter().find(|c| c.is_file()) {
            let mut child_path = path.clone();
            child_path.push(child);
            load_module(child_file, child_path, modules);
        }
    }
    modules.insert(path, Module { code });
}

/// The names of the `mod x;` declarations (out-of-line modules) in `code`.
fn declared_modules(code: &str) -> Vec<String> {
    let tokens = tokens(code);
    let mut names = Vec::new();
    for window in tokens.windows(3) {
        if window[0] == "mod" && window[2] == ";" && is_ident(&window[1]) {
            names.push(window[1].clone());
        }
    }
    names
}

/// The import circles of one module tree (strongly connected components of two or more modules).
fn cycles_of(modules: &BTreeMap<Vec<String>, Module>) -> Vec<String> {
    let aliases: BTreeMap<&[String], BTreeMap<String, Vec<String>>> = modules
        .iter()
        .map(|(path, module)| (path.as_slice(), use_aliases(path, &module.code, modules)))
        .collect();
    let mut edges: BTreeMap<&[String], BTreeSet<&[String]>> = BTreeMap::new();
    for (path, module) in modules {
        let targets = edges.entry(path).or_default();
        for target in imported_paths(path, &module.code) {
            let owner = owner_module(target, modules, &aliases);
            if owner != path.as_slice() {
                targets.insert(owner);
            }
        }
    }
    strongly_connected(&edges)
        .into_iter()
        .filter(|component| component.len() > 1)
        .map(|component| {
            let names: Vec<String> =
                circle_through(&edges, &component).iter().map(|p| module_name(p)).collect();
            format!("{} -> {}", names.join(" -> "), names[0])
        })
        .collect()
}

/// The module that defines what `target` names: the longest prefix of `target` that is a module,
/// after following the `use` items (re-exports) of the modules on the way.
fn owner_module<'a>(
    mut target: Vec<String>,
    modules: &'a BTreeMap<Vec<String>, Module>,
    aliases: &BTreeMap<&[String], BTreeMap<String, Vec<String>>>,
) -> &'a [String] {
    for _ in 0..16 {
        let n = (0..=target.len()).rev().find(|&n| modules.contains_key(&target[..n])).unwrap_or(0);
        let alias = target.get(n).and_then(|next| aliases.get(&target[..n])?.get(next));
        match alias {
            Some(origin) if *origin != target[..=n] => {
                target = origin.iter().chain(&target[n + 1..]).cloned().collect();
            }
            _ => return modules.get_key_value(&target[..n]).map_or(&[], |(k, _)| k.as_slice()),
        }
    }
    &[]
}

/// The names that the top-level `use` items of the module at `path` bring in, with the absolute
/// paths they stand for (only those that start at `crate`, `super`, `self` or a child module).
fn use_aliases(
    path: &[String],
    code: &str,
    modules: &BTreeMap<Vec<String>, Module>,
) -> BTreeMap<String, Vec<String>> {
    let tokens = tokens(code);
    let mut aliases = BTreeMap::new();
    let mut depth = 0usize;
    let mut i = 0;
    while i < tokens.len() {
        match tokens[i].as_str() {
            "{" => depth += 1,
            "}" => depth = depth.saturating_sub(1),
            "use" if depth == 0 && tokens.get(i + 1).is_some_and(|t| is_ident(t)) => {
                let (paths, next) = path_tree(&tokens, i + 1);
                for segments in paths {
                    let absolute = match segments.first().map(String::as_str) {
                        Some("crate" | "super" | "self") => resolve(path, &segments),
                        Some(first) => {
                            let mut child = path.to_vec();
                            child.push(first.to_string());
                            modules
                                .contains_key(&child)
                                .then(|| resolve(path, &[&["self".to_string()], &segments[..]].concat()))
                                .flatten()
                        }
                        None => None,
                    };
                    if let (Some(absolute), Some(name)) = (absolute, segments.last()) {
                        if is_ident(name) && name != "self" && name != "super" {
                            aliases.insert(name.clone(), absolute);
                        }
                    }
                }
                i = next;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    aliases
}

/// A shortest circle through the first (smallest) module of `component`, within it.
fn circle_through<'a>(
    edges: &BTreeMap<&'a [String], BTreeSet<&'a [String]>>,
    component: &[&'a [String]],
) -> Vec<&'a [String]> {
    let members: BTreeSet<&[String]> = component.iter().copied().collect();
    let start = *members.first().expect("a component has a member");
    let mut came_from: BTreeMap<&[String], &[String]> = BTreeMap::new();
    let mut queue = std::collections::VecDeque::from([start]);
    while let Some(node) = queue.pop_front() {
        for &next in edges.get(node).into_iter().flatten().filter(|n| members.contains(*n)) {
            if next == start {
                let mut circle = vec![node];
                while let Some(&before) = came_from.get(circle.last().unwrap()) {
                    circle.push(before);
                }
                circle.reverse();
                return circle;
            }
            if !came_from.contains_key(next) {
                came_from.insert(next, node);
                queue.push_back(next);
            }
        }
    }
    component.to_vec()
}

/// `a::b`, or `crate` for the root.
fn module_name(path: &[String]) -> String {
    if path.is_empty() { "crate".to_string() } else { path.join("::") }
}

/// Tarjan's algorithm: the strongly connected components of `edges`, each in the order of a
/// circle through it where one exists (members in name order otherwise).
fn strongly_connected<'a>(edges: &BTreeMap<&'a [String], BTreeSet<&'a [String]>>) -> Vec<Vec<&'a [String]>> {
    struct State<'a> {
        index: BTreeMap<&'a [String], usize>,
        low: BTreeMap<&'a [String], usize>,
        stack: Vec<&'a [String]>,
        on_stack: BTreeSet<&'a [String]>,
        components: Vec<Vec<&'a [String]>>,
    }
    fn visit<'a>(
        node: &'a [String],
        edges: &BTreeMap<&'a [String], BTreeSet<&'a [String]>>,
        s: &mut State<'a>,
    ) {
        let i = s.index.len();
        s.index.insert(node, i);
        s.low.insert(node, i);
        s.stack.push(node);
        s.on_stack.insert(node);
        for &next in edges.get(node).into_iter().flatten() {
            if !s.index.contains_key(next) {
                visit(next, edges, s);
                let low = s.low[node].min(s.low[next]);
                s.low.insert(node, low);
            } else if s.on_stack.contains(next) {
                let low = s.low[node].min(s.index[next]);
                s.low.insert(node, low);
            }
        }
        if s.low[node] == s.index[node] {
            let mut component = Vec::new();
            while let Some(top) = s.stack.pop() {
                s.on_stack.remove(top);
                component.push(top);
                if top == node {
                    break;
                }
            }
            component.reverse();
            s.components.push(component);
        }
    }
    let mut state = State {
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        components: Vec::new(),
    };
    for &node in edges.keys() {
        if !state.index.contains_key(node) {
            visit(node, edges, &mut state);
        }
    }
    state.components
}

/// Every module path that `code` (the module at `path`) names with `crate::`, `super::` or
/// `self::`, resolved to an absolute path from the crate root (`use` groups expanded; inline
/// modules resolved as nested in `path`, and owned by it).
fn imported_paths(path: &[String], code: &str) -> Vec<Vec<String>> {
    let tokens = tokens(code);
    let mut found = Vec::new();
    // Inline modules (`mod x { … }`) open at brace depth: (name, depth of their body).
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0usize;
    let mut i = 0;
    while i < tokens.len() {
        let t = tokens[i].as_str();
        match t {
            "{" => depth += 1,
            "}" => {
                if inline.last().is_some_and(|(_, d)| *d == depth) {
                    inline.pop();
                }
                depth = depth.saturating_sub(1);
            }
            "mod" if tokens.get(i + 2).is_some_and(|b| b == "{") => {
                inline.push((tokens[i + 1].clone(), depth + 1));
            }
            "crate" | "super" | "self" if tokens.get(i + 1).is_some_and(|c| c == "::") => {
                let before = if i == 0 { "" } else { tokens[i - 1].as_str() };
                // `$crate::` in macros, `pub(in crate::x)`, and the tail of a longer path.
                if before != "$" && before != "in" && before != "::" {
                    let mut here: Vec<String> = path.to_vec();
                    here.extend(inline.iter().map(|(n, _)| n.clone()));
                    let (tails, next) = path_tree(&tokens, i);
                    for tail in tails {
                        if let Some(resolved) = resolve(&here, &tail) {
                            found.push(resolved);
                        }
                    }
                    i = next;
                    continue;
                }
            }
            _ => {}
        }
        i += 1;
    }
    found
}

/// Resolves `segments` (starting with `crate`, `super` or `self`) from the module `here`.
fn resolve(here: &[String], segments: &[String]) -> Option<Vec<String>> {
    let mut base: Vec<String> = match segments.first()?.as_str() {
        "crate" => Vec::new(),
        _ => here.to_vec(),
    };
    let mut rest = &segments[1..];
    if segments[0] == "super" {
        base.pop()?;
    }
    while rest.first().is_some_and(|s| s == "super") {
        base.pop()?;
        rest = &rest[1..];
    }
    base.extend(rest.iter().filter(|s| is_ident(s) && s.as_str() != "self").cloned());
    Some(base)
}

/// The paths of the path tree starting at token `start` (`a::b::{c, d::e}` gives `a::b::c` and
/// `a::b::d::e`), and the index of the first token after it.
fn path_tree(tokens: &[String], start: usize) -> (Vec<Vec<String>>, usize) {
    let mut prefix = Vec::new();
    let mut i = start;
    loop {
        match tokens.get(i).map(String::as_str) {
            Some(t) if is_ident(t) => {
                prefix.push(t.to_string());
                i += 1;
                if tokens.get(i).is_some_and(|c| c == "::") {
                    i += 1;
                    continue;
                }
                return (vec![prefix], i);
            }
            Some("{") => {
                let mut paths = Vec::new();
                i += 1;
                while tokens.get(i).is_some_and(|t| t != "}") {
                    if tokens[i] == "," {
                        i += 1;
                        continue;
                    }
                    let (tails, next) = path_tree(tokens, i);
                    for tail in tails {
                        paths.push(prefix.iter().cloned().chain(tail).collect());
                    }
                    // Skip `as name` and anything else up to the next `,` or `}`.
                    i = next.max(i + 1);
                    while tokens.get(i).is_some_and(|t| t != "," && t != "}") {
                        i += 1;
                    }
                }
                return (paths, i + 1);
            }
            // `*` (a glob) or anything else ends the path.
            _ => return (vec![prefix], i + 1),
        }
    }
}

/// Whether `t` is an identifier (or keyword).
fn is_ident(t: &str) -> bool {
    t.starts_with(|c: char| c.is_alphabetic() || c == '_')
        && t.chars().all(|c| c.is_alphanumeric() || c == '_')
}

/// Splits `code` into identifiers, `::`, and single punctuation characters.
fn tokens(code: &str) -> Vec<String> {
    let chars: Vec<char> = code.chars().collect();
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
        } else if c.is_alphanumeric() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            tokens.push(chars[start..i].iter().collect());
        } else if c == ':' && chars.get(i + 1) == Some(&':') {
            tokens.push("::".to_string());
            i += 2;
        } else {
            tokens.push(c.to_string());
            i += 1;
        }
    }
    tokens
}

/// `code` without its `#[cfg(test)]` items whose body is a brace block (test modules): the
/// attribute, the item's head and its balanced braces are dropped.
fn strip_test_modules(code: &str) -> String {
    let mut out = String::with_capacity(code.len());
    let mut rest = code;
    while let Some(at) = rest.find("#[cfg(test)]") {
        out.push_str(&rest[..at]);
        let after = &rest[at..];
        let Some(open) = after.find(['{', ';']) else { return out };
        if after.as_bytes()[open] == b';' {
            rest = &after[open + 1..];
            continue;
        }
        let mut depth = 0usize;
        let mut end = after.len();
        for (k, c) in after[open..].char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = open + k + 1;
                        break;
                    }
                }
                _ => {}
            }
        }
        rest = &after[end..];
    }
    out.push_str(rest);
    out
}

/// `text` with comments, string and character literals replaced by spaces (so that paths in them
/// are not read as imports, and braces in them do not unbalance the blocks).
fn blank_comments_and_literals(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let at = |k: usize| chars.get(k).copied().unwrap_or('\0');
    while i < chars.len() {
        let c = chars[i];
        if c == '/' && at(i + 1) == '/' {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && at(i + 1) == '*' {
            let mut depth = 0usize;
            while i < chars.len() {
                if chars[i] == '/' && at(i + 1) == '*' {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && at(i + 1) == '/' {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            out.push(' ');
        } else if c == 'r'
            && (at(i + 1) == '#' || at(i + 1) == '"')
            && (!is_ident_char(i.checked_sub(1).map(at))
                || at(i.wrapping_sub(1)) == 'b' && !is_ident_char(i.checked_sub(2).map(at)))
        {
            // A raw string: r"…", r#"…"#, …
            let mut hashes = 0;
            let mut k = i + 1;
            while at(k) == '#' {
                hashes += 1;
                k += 1;
            }
            if at(k) != '"' {
                out.push(c);
                i += 1;
                continue;
            }
            k += 1;
            loop {
                if k >= chars.len() {
                    break;
                }
                if chars[k] == '"' && (1..=hashes).all(|h| at(k + h) == '#') {
                    k += 1 + hashes;
                    break;
                }
                k += 1;
            }
            i = k;
            out.push_str("\"\"");
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
            out.push_str("\"\"");
        } else if c == '\'' {
            // A character literal ('x', '\n', '\u{..}') or a lifetime ('a).
            if at(i + 1) == '\\' {
                let mut k = i + 2;
                while k < chars.len() && chars[k] != '\'' {
                    k += 1;
                }
                i = k + 1;
                out.push_str("' '");
            } else if at(i + 2) == '\'' {
                i += 3;
                out.push_str("' '");
            } else {
                out.push(c);
                i += 1;
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

/// Whether `c` can be part of an identifier.
fn is_ident_char(c: Option<char>) -> bool {
    c.is_some_and(|c| c.is_alphanumeric() || c == '_')
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::workspace_root;

    /// A scratch `src` folder with the given files.
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

    #[test]
    fn a_circle_of_imports_is_found() {
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
        assert_eq!(module_cycles(&src), ["a -> b -> c::d -> a"]);
        let _ = fs::remove_dir_all(src);
    }

    #[test]
    fn layered_modules_tests_and_strings_are_no_circle() {
        let src = scratch(
            "layered",
            &[
                ("main.rs", "mod a;\nmod b;\nuse crate::a::A;\nfn main() {}\n"),
                (
                    "a.rs",
                    "pub struct A;\nconst S: &str = \"crate::b::B\";\n#[cfg(test)]\nmod tests {\n    use crate::b::B;\n}\n",
                ),
                (
                    "b.rs",
                    "use crate::a::A;\nuse super::a;\nmod inner {\n    use super::super::a::A;\n}\nfn f<'a>(x: &'a str) -> char { '}' }\n",
                ),
            ],
        );
        assert_eq!(module_cycles(&src), Vec::<String>::new());
        let _ = fs::remove_dir_all(src);
    }

    #[test]
    fn history_words_are_recognised() {
        assert!(is_history(&format!("{} 21 (mirror reduction)", "Sess".to_owned() + "ion")));
        assert!(is_history(&format!("{}s 29-33", "sess".to_owned() + "ion")));
        assert!(is_history(&format!("its {} rounds", HISTORY_WORDS[1])));
        assert!(!is_history("a session of play, sessions of the server"));
    }

    #[test]
    fn history_is_found_in_files_and_build_folders_are_skipped() {
        let line = format!("measured in {} 12", "sess".to_owned() + "ion");
        let dir =
            scratch("history", &[("docs/a.md", &line), ("target/b.md", &line), ("c.rs", "fn c() {}\n")]);
        let hits = history_hits(std::slice::from_ref(&dir));
        assert_eq!(hits, [format!("{}:1: {line}", dir.join("docs/a.md").display())]);
        let _ = fs::remove_dir_all(dir);
    }

    /// Rule: no crate under `crates/` has a circle of module imports.
    #[test]
    fn no_module_imports_circle() {
        let crates = workspace_root().join("crates");
        let mut circles = Vec::new();
        let mut dirs: Vec<PathBuf> = fs::read_dir(&crates).unwrap().map(|e| e.unwrap().path()).collect();
        dirs.push(workspace_root().join("xtask"));
        dirs.sort();
        for dir in dirs {
            for cycle in module_cycles(&dir.join("src")) {
                circles.push(format!("{}: {cycle}", dir.file_name().unwrap().to_string_lossy()));
            }
        }
        assert!(
            circles.is_empty(),
            "module import circles (cut them with a module below both sides):\n{}",
            circles.join("\n")
        );
    }

    /// Rule: no development history (numbered sessions, the tool that watched them) in the files.
    #[test]
    fn no_development_history() {
        let root = workspace_root();
        let roots: Vec<PathBuf> =
            ["README.md", "docs", "crates", "xtask"].iter().map(|p| root.join(p)).collect();
        let hits = history_hits(&roots);
        assert!(
            hits.is_empty(),
            "development history in the project (describe the code, not its past):\n{}",
            hits.join("\n")
        );
    }
}
