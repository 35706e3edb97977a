//! The command line: a small hand-written parser driven by a static description of each command,
//! which also renders the help, so every option that parses is one that `--help` lists.
//!
//! Accepted forms: `--name VALUE`, `--name=VALUE`, flags, positional arguments anywhere, `--` to end
//! the options, and `-h`/`--help` anywhere before `--`. Mistakes are [`UsageError`]s: one line on
//! what is wrong, one line of hint.

use std::fmt::Write as _;

/// Help lines longer than this put an option's default on a line of its own.
const HELP_WIDTH: usize = 100;

/// One option of a command.
#[derive(Debug)]
pub struct Opt {
    /// The long name, with its dashes: `--filter`.
    pub name: &'static str,
    /// The placeholder of its value (`SUBSTR`), or `None` for a flag.
    pub value: Option<&'static str>,
    /// What it does, one line.
    pub help: &'static str,
    /// Its default, shown as `[default: ...]`.
    pub default: Option<&'static str>,
}

/// A command: its name, what it does, its positional arguments and its options.
#[derive(Debug)]
pub struct Spec {
    /// The command's name: `verify`.
    pub name: &'static str,
    /// One line for the overall help.
    pub summary: &'static str,
    /// The positional arguments as shown in the usage line: `[CRATE...]`.
    pub usage: &'static str,
    /// How many positional arguments it takes at most (`None`: any number).
    pub max_positionals: Option<usize>,
    /// Each positional argument, described: `(CRATE, "...")`.
    pub positionals: &'static [(&'static str, &'static str)],
    /// Its options (`-h`/`--help` is implied).
    pub options: &'static [Opt],
    /// A titled list of names with a line on each, after the options (`gen`'s generators).
    pub listing: Option<(&'static str, &'static [(&'static str, &'static str)])>,
    /// Free text at the end (may be empty).
    pub notes: &'static str,
}

/// What was given to a command.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Matches {
    /// The positional arguments, in order.
    pub positionals: Vec<String>,
    /// Each option given, in order, with its value (`None` for a flag).
    pub options: Vec<(&'static str, Option<String>)>,
}

impl Matches {
    /// Whether the flag `name` was given.
    pub fn flag(&self, name: &str) -> bool {
        self.options.iter().any(|(n, _)| *n == name)
    }

    /// The value of option `name` (the last one when given several times).
    pub fn value(&self, name: &str) -> Option<&str> {
        self.options.iter().rev().find(|(n, _)| *n == name).and_then(|(_, v)| v.as_deref())
    }
}

/// A mistake on the command line: exit status 2, the message, then the hint.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UsageError {
    /// What is wrong, one line.
    pub message: String,
    /// Where to look, one line.
    pub hint: String,
}

impl UsageError {
    /// A mistake in the arguments of `command`; the hint points at its help.
    pub fn in_command(command: &str, message: impl Into<String>) -> Self {
        let hint = format!("`cargo xtask {command} --help` lists its arguments and options");
        Self { message: message.into(), hint }
    }
}

/// Parses the arguments that follow the command name; `Ok(None)` when help was asked for.
pub fn parse(spec: &Spec, args: &[String]) -> Result<Option<Matches>, UsageError> {
    let options_end = args.iter().position(|a| a == "--").unwrap_or(args.len());
    if args[..options_end].iter().any(|a| a == "-h" || a == "--help") {
        return Ok(None);
    }
    let error = |message: String| UsageError::in_command(spec.name, message);
    let mut matches = Matches::default();
    let mut args = args.iter();
    let mut only_positionals = false;
    while let Some(arg) = args.next() {
        if only_positionals || arg == "-" || !arg.starts_with('-') {
            matches.positionals.push(arg.clone());
            continue;
        }
        if arg == "--" {
            only_positionals = true;
            continue;
        }
        let (name, inline_value) = match arg.split_once('=') {
            Some((name, value)) if name.starts_with("--") => (name, Some(value.to_string())),
            _ => (arg.as_str(), None),
        };
        let Some(opt) = spec.options.iter().find(|o| o.name == name) else {
            let names: Vec<&str> = spec.options.iter().map(|o| o.name).chain(["--help"]).collect();
            let guess =
                suggestion(name, &names).map(|g| format!(" (did you mean `{g}`?)")).unwrap_or_default();
            return Err(error(format!("unknown option `{name}` for `{}`{guess}", spec.name)));
        };
        let value = match (opt.value, inline_value) {
            (None, None) => None,
            (None, Some(_)) => return Err(error(format!("`{name}` is a flag and takes no value"))),
            (Some(_), Some(value)) => Some(value),
            (Some(placeholder), None) => match args.next() {
                Some(value) if !value.starts_with("--") => Some(value.clone()),
                _ => return Err(error(format!("`{name}` needs a value: `{name} {placeholder}`"))),
            },
        };
        matches.options.push((opt.name, value));
    }
    if let Some(max) = spec.max_positionals.filter(|&max| matches.positionals.len() > max) {
        let extra = &matches.positionals[max];
        let message = match max {
            0 => format!("`{}` takes no arguments, got `{extra}`", spec.name),
            _ => format!("unexpected argument `{extra}` (`{}` takes {})", spec.name, spec.usage),
        };
        return Err(error(message));
    }
    Ok(Some(matches))
}

/// The close match among `candidates` for a mistyped `word`, if there is one.
pub fn suggestion<'a>(word: &str, candidates: &[&'a str]) -> Option<&'a str> {
    let best = candidates.iter().map(|c| (edit_distance(word, c), *c)).min()?;
    (best.0 <= 2 && best.0 < word.len()).then_some(best.1)
}

/// Levenshtein distance between two short strings.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let substitute = diagonal + usize::from(ca != *cb);
            diagonal = row[j + 1];
            row[j + 1] = substitute.min(row[j] + 1).min(row[j + 1] + 1);
        }
    }
    row[b.len()]
}

/// The help of one command: usage, description, arguments, options with their defaults, notes.
pub fn command_help(spec: &Spec) -> String {
    let mut out = String::new();
    let usage = if spec.usage.is_empty() { String::new() } else { format!(" {}", spec.usage) };
    let _ = writeln!(out, "{}\n\nUsage: cargo xtask {}{usage} [OPTIONS]\n", spec.summary, spec.name);
    if !spec.positionals.is_empty() {
        out.push_str("Arguments:\n");
        for (name, help) in spec.positionals {
            let _ = writeln!(out, "  {name:<22} {help}");
        }
        out.push('\n');
    }
    out.push_str("Options:\n");
    for opt in spec.options {
        let left = match opt.value {
            Some(value) => format!("{} {value}", opt.name),
            None => opt.name.to_string(),
        };
        let line = format!("  {left:<22} {}", opt.help);
        match opt.default {
            None => out.push_str(&line),
            Some(default) if line.len() + default.len() < HELP_WIDTH - 12 => {
                let _ = write!(out, "{line} [default: {default}]");
            }
            Some(default) => {
                let _ = write!(out, "{line}\n  {:<22} [default: {default}]", "");
            }
        }
        out.push('\n');
    }
    let _ = writeln!(out, "  {:<22} Print this help", "-h, --help");
    if let Some((title, items)) = spec.listing {
        let _ = writeln!(out, "\n{title}:");
        for (name, help) in items {
            let _ = writeln!(out, "  {name:<22} {help}");
        }
    }
    if !spec.notes.is_empty() {
        let _ = writeln!(out, "\n{}", spec.notes.trim_end());
    }
    out
}

/// The overall help: every command with its one-line summary.
pub fn overall_help(about: &str, commands: &[&Spec]) -> String {
    let mut out = format!("{about}\n\nUsage: cargo xtask <COMMAND> [ARGS]\n\nCommands:\n");
    for spec in commands {
        let _ = writeln!(out, "  {:<8} {}", spec.name, spec.summary);
    }
    out.push_str(
        "\n`cargo xtask <COMMAND> --help` (or `cargo xtask help <COMMAND>`) describes one command.\n",
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPEC: Spec = Spec {
        name: "demo",
        summary: "A demo command",
        usage: "[NAME...]",
        max_positionals: None,
        positionals: &[("NAME", "names")],
        options: &[
            Opt { name: "--count", value: Some("N"), help: "how many", default: Some("5") },
            Opt { name: "--write", value: None, help: "write it", default: None },
        ],
        listing: None,
        notes: "",
    };

    fn args(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn options_positionals_and_both_value_forms() {
        let m = parse(&SPEC, &args(&["a", "--count", "3", "--write", "b", "--count=4"])).unwrap().unwrap();
        assert_eq!(m.positionals, ["a", "b"]);
        assert_eq!(m.value("--count"), Some("4"));
        assert!(m.flag("--write"));
        let m = parse(&SPEC, &args(&["--", "--write"])).unwrap().unwrap();
        assert_eq!((m.flag("--write"), m.positionals), (false, args(&["--write"])));
    }

    #[test]
    fn help_anywhere_before_double_dash_wins() {
        assert_eq!(parse(&SPEC, &args(&["--help"])), Ok(None));
        assert_eq!(parse(&SPEC, &args(&["a", "--bogus", "-h"])), Ok(None));
        assert!(parse(&SPEC, &args(&["--", "--help"])).unwrap().is_some());
    }

    #[test]
    fn mistakes_are_one_line_with_a_hint() {
        let e = parse(&SPEC, &args(&["--cuont", "3"])).unwrap_err();
        assert_eq!(e.message, "unknown option `--cuont` for `demo` (did you mean `--count`?)");
        assert_eq!(e.hint, "`cargo xtask demo --help` lists its arguments and options");
        let e = parse(&SPEC, &args(&["-x"])).unwrap_err();
        assert_eq!(e.message, "unknown option `-x` for `demo`");
        assert_eq!(
            parse(&SPEC, &args(&["--count"])).unwrap_err().message,
            "`--count` needs a value: `--count N`"
        );
        let e = parse(&SPEC, &args(&["--count", "--write"])).unwrap_err();
        assert_eq!(e.message, "`--count` needs a value: `--count N`");
        assert_eq!(
            parse(&SPEC, &args(&["--write=1"])).unwrap_err().message,
            "`--write` is a flag and takes no value"
        );
    }

    #[test]
    fn too_many_positionals() {
        let one = Spec { name: "one", usage: "NAME", max_positionals: Some(1), ..SPEC };
        assert!(parse(&one, &args(&["a"])).is_ok());
        let e = parse(&one, &args(&["a", "b"])).unwrap_err();
        assert_eq!(e.message, "unexpected argument `b` (`one` takes NAME)");
        let none = Spec { name: "none", usage: "", max_positionals: Some(0), ..SPEC };
        assert_eq!(parse(&none, &args(&["x"])).unwrap_err().message, "`none` takes no arguments, got `x`");
    }

    #[test]
    fn help_lists_every_option_with_its_default() {
        let help = command_help(&SPEC);
        assert!(help.starts_with("A demo command\n\nUsage: cargo xtask demo [NAME...] [OPTIONS]\n"));
        assert!(help.contains("  --count N              how many [default: 5]\n"));
        assert!(help.contains("  --write                write it\n"));
        assert!(help.contains("  -h, --help             Print this help\n"));
    }

    #[test]
    fn suggestions_are_close_matches_only() {
        assert_eq!(suggestion("verfy", &["verify", "bench"]), Some("verify"));
        assert_eq!(suggestion("xyz", &["verify", "bench"]), None);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
    }
}
