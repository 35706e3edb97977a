//! The import check: the modules of a crate form a layering, so each one can be read with only the
//! modules below it in mind. A module imports another when it names a path to it outside its
//! `#[cfg(test)]` modules: `crate::x::…`, `super::…`, `self::…`, or a child module by its bare name
//! (`distributed::solve_rank` in the parent of `distributed`); a path to an item of the crate root
//! is an arrow to the root like any other (a re-export is followed to the module that defines the
//! item). The `mod x;` declarations that build the tree are no arrows, and neither are re-exports
//! (`pub use`, `pub(crate) use`), which shape a module's public face.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

use super::source::{blank_comments_and_literals, is_ident, path_tree, strip_test_modules, tokens};

/// The module tree of one crate root (`lib.rs`, `main.rs` or `bin/*.rs`) and the arrows between its
/// modules, each module named by its path (`solve::cell`; the root is `crate`).
pub struct ModuleGraph {
    /// The root file, relative to the crate's `src` folder.
    pub root: String,
    /// Every module and the modules it imports.
    arrows: BTreeMap<String, BTreeSet<String>>,
}

impl ModuleGraph {
    /// Every arrow `(from, to)` of the tree.
    pub fn arrows(&self) -> impl Iterator<Item = (&str, &str)> {
        self.arrows.iter().flat_map(|(from, tos)| tos.iter().map(move |to| (from.as_str(), to.as_str())))
    }

    /// The import circles of the tree once the arrows in `allowed` are left out (strongly connected
    /// components of two or more modules): one line per circle, `a -> b -> a`.
    pub fn circles(&self, allowed: &[(&str, &str)]) -> Vec<String> {
        let mut edges: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
        for (from, to) in self.arrows() {
            let targets = edges.entry(from).or_default();
            if !allowed.contains(&(from, to)) {
                targets.insert(to);
            }
        }
        strongly_connected(&edges)
            .into_iter()
            .filter(|component| component.len() > 1)
            .map(|component| {
                let names = circle_through(&edges, &component);
                format!("{} -> {}", names.join(" -> "), names[0])
            })
            .collect()
    }
}

/// The module graphs of the crate whose `src` folder is `src`, one per crate root (`lib.rs`,
/// `main.rs`, `bin/*.rs`: each has its own module tree).
pub fn module_graphs(src: &Path) -> Vec<ModuleGraph> {
    let mut roots = vec![src.join("lib.rs"), src.join("main.rs")];
    if let Ok(entries) = fs::read_dir(src.join("bin")) {
        let mut bins: Vec<_> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "rs"))
            .collect();
        bins.sort();
        roots.extend(bins);
    }
    let mut graphs = Vec::new();
    for root in roots.into_iter().filter(|r| r.is_file()) {
        let mut modules = BTreeMap::new();
        load_module(&root, Vec::new(), &mut modules);
        let name = root.strip_prefix(src).unwrap_or(&root).display().to_string();
        graphs.push(ModuleGraph { root: name, arrows: arrows_of(&modules) });
    }
    graphs
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

/// The arrows of one module tree, modules named by [`module_name`].
fn arrows_of(modules: &BTreeMap<Vec<String>, Module>) -> BTreeMap<String, BTreeSet<String>> {
    let aliases: BTreeMap<&[String], BTreeMap<String, Vec<String>>> = modules
        .iter()
        .map(|(path, module)| (path.as_slice(), use_aliases(path, &module.code, modules)))
        .collect();
    let mut arrows = BTreeMap::new();
    for (path, module) in modules {
        let targets: &mut BTreeSet<String> = arrows.entry(module_name(path)).or_default();
        for target in imported_paths(path, &module.code, modules) {
            let owner = owner_module(target, modules, &aliases);
            if owner != path.as_slice() {
                targets.insert(module_name(owner));
            }
        }
    }
    arrows
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
fn circle_through<N: Ord + Copy>(edges: &BTreeMap<N, BTreeSet<N>>, component: &[N]) -> Vec<N> {
    let members: BTreeSet<N> = component.iter().copied().collect();
    let start = *members.first().expect("a component has a member");
    let mut came_from: BTreeMap<N, N> = BTreeMap::new();
    let mut queue = std::collections::VecDeque::from([start]);
    while let Some(node) = queue.pop_front() {
        for &next in edges.get(&node).into_iter().flatten().filter(|n| members.contains(*n)) {
            if next == start {
                let mut circle = vec![node];
                while let Some(&before) = came_from.get(circle.last().unwrap()) {
                    circle.push(before);
                }
                circle.reverse();
                return circle;
            }
            if let std::collections::btree_map::Entry::Vacant(entry) = came_from.entry(next) {
                entry.insert(node);
                queue.push_back(next);
            }
        }
    }
    component.to_vec()
}

/// `a::b`, or `crate` for the root: how the arrows and circles name a module.
fn module_name(path: &[String]) -> String {
    if path.is_empty() { "crate".to_string() } else { path.join("::") }
}

/// Tarjan's algorithm: the strongly connected components of `edges`, each in the order of a
/// circle through it where one exists (members in name order otherwise).
fn strongly_connected<N: Ord + Copy>(edges: &BTreeMap<N, BTreeSet<N>>) -> Vec<Vec<N>> {
    struct State<N> {
        index: BTreeMap<N, usize>,
        low: BTreeMap<N, usize>,
        stack: Vec<N>,
        on_stack: BTreeSet<N>,
        components: Vec<Vec<N>>,
    }
    fn visit<N: Ord + Copy>(node: N, edges: &BTreeMap<N, BTreeSet<N>>, s: &mut State<N>) {
        let i = s.index.len();
        s.index.insert(node, i);
        s.low.insert(node, i);
        s.stack.push(node);
        s.on_stack.insert(node);
        for &next in edges.get(&node).into_iter().flatten() {
            if !s.index.contains_key(&next) {
                visit(next, edges, s);
                let low = s.low[&node].min(s.low[&next]);
                s.low.insert(node, low);
            } else if s.on_stack.contains(&next) {
                let low = s.low[&node].min(s.index[&next]);
                s.low.insert(node, low);
            }
        }
        if s.low[&node] == s.index[&node] {
            let mut component = Vec::new();
            while let Some(top) = s.stack.pop() {
                s.on_stack.remove(&top);
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
        if !state.index.contains_key(&node) {
            visit(node, edges, &mut state);
        }
    }
    state.components
}

/// Every module path that `code` (the module at `path`) names with `crate::`, `super::`, `self::`
/// or the bare name of one of its child modules, resolved to an absolute path from the crate root
/// (`use` groups expanded; inline modules resolved as nested in `path`, and owned by it).
fn imported_paths(path: &[String], code: &str, modules: &BTreeMap<Vec<String>, Module>) -> Vec<Vec<String>> {
    let tokens = tokens(code);
    let mut found = Vec::new();
    // Inline modules (`mod x { … }`) open at brace depth: (name, depth of their body).
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0usize;
    let mut i = 0;
    while i < tokens.len() {
        let t = tokens[i].as_str();
        let before = if i == 0 { "" } else { tokens[i - 1].as_str() };
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
            // A re-export (`pub use`, `pub(crate) use`) shapes the module's public face, as `mod x;`
            // shapes the tree: it is no arrow (a path through it is followed to its origin).
            "use" if is_reexport(&tokens[..i]) => {
                i = path_tree(&tokens, i + 1).1;
                continue;
            }
            // The start of a path (not `$crate::` in macros, `pub(in crate::x)`, nor the tail of a
            // longer path): the whole path tree is read, and kept when it starts at `crate`,
            // `super`, `self` or a child module.
            _ if is_ident(t)
                && tokens.get(i + 1).is_some_and(|c| c == "::")
                && !matches!(before, "$" | "in" | "::") =>
            {
                let mut here: Vec<String> = path.to_vec();
                here.extend(inline.iter().map(|(n, _)| n.clone()));
                let relative = matches!(t, "crate" | "super" | "self");
                let child = !relative && modules.contains_key(&[&here[..], &[t.to_string()]].concat());
                let (tails, next) = path_tree(&tokens, i);
                if relative || child {
                    for tail in tails {
                        let tail = if child { [&["self".to_string()], &tail[..]].concat() } else { tail };
                        if let Some(resolved) = resolve(&here, &tail) {
                            found.push(resolved);
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
    found
}

/// Whether the `use` after `before` is a re-export: `pub use`, or `pub(…) use`.
fn is_reexport(before: &[String]) -> bool {
    match before {
        [.., last] if last == "pub" => true,
        [.., last] if last == ")" => {
            let open = before.iter().rposition(|t| t == "(");
            open.is_some_and(|k| k > 0 && before[k - 1] == "pub")
        }
        _ => false,
    }
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
