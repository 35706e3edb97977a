//! The console examples of a crate's README: the output shown under a `$ COMMAND` line, which a
//! crate's command-line test compares with what the binary prints.

use std::path::Path;

/// The output the README at `readme` shows under the console line `$ COMMAND`: the lines up to the
/// next `$ ` line or the end of the code block, each with its newline.
///
/// # Panics
/// When the README cannot be read or shows no `$ COMMAND` line (this is a test helper).
pub fn readme_output(readme: impl AsRef<Path>, command: &str) -> String {
    let readme = readme.as_ref();
    let text = std::fs::read_to_string(readme).unwrap_or_else(|e| panic!("{}: {e}", readme.display()));
    let mut lines = text.lines().skip_while(|line| *line != format!("$ {command}"));
    assert!(lines.next().is_some(), "{} shows no `$ {command}`", readme.display());
    lines
        .take_while(|line| !line.starts_with("$ ") && !line.starts_with("```"))
        .map(|line| format!("{line}\n"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_output_under_a_command_line() {
        let readme = std::env::temp_dir().join(format!("damaged-input-readme-{}.md", std::process::id()));
        std::fs::write(&readme, "```console\n$ a\n1\n2\n$ b\n3\n```\ntext\n").unwrap();
        assert_eq!(readme_output(&readme, "a"), "1\n2\n");
        assert_eq!(readme_output(&readme, "b"), "3\n");
        let missing = std::panic::catch_unwind(|| readme_output(&readme, "c"));
        std::fs::remove_file(&readme).unwrap();
        assert!(missing.is_err());
    }
}
