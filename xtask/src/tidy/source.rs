//! Reading Rust source as the import check needs it: comments, literals and test modules blanked
//! out, the rest cut into tokens, and `use`-style path trees expanded.

/// The paths of the path tree starting at token `start` (`a::b::{c, d::e}` gives `a::b::c` and
/// `a::b::d::e`), and the index of the first token after it.
pub fn path_tree(tokens: &[String], start: usize) -> (Vec<Vec<String>>, usize) {
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
pub fn is_ident(t: &str) -> bool {
    t.starts_with(|c: char| c.is_alphabetic() || c == '_')
        && t.chars().all(|c| c.is_alphanumeric() || c == '_')
}

/// Splits `code` into identifiers, `::`, and single punctuation characters.
pub fn tokens(code: &str) -> Vec<String> {
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
pub fn strip_test_modules(code: &str) -> String {
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
pub fn blank_comments_and_literals(text: &str) -> String {
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
