//! The package check: a crate is published unless its manifest says `publish = false`, which only
//! the crates of [`crate::ci::UNPUBLISHED`] say, and a published crate's manifest carries what
//! crates.io and docs.rs show ([`REQUIRED_KEYS`]), with its README inside its folder.
//!
//! The manifests are read line by line, the keys of their `[package]` table only: the workspace's
//! manifests keep one key a line, and xtask reads no TOML crate.

use std::path::Path;

/// The `[package]` keys a published crate's manifest must set (directly or `.workspace = true`).
pub const REQUIRED_KEYS: [&str; 8] = [
    "description",
    "license",
    "rust-version",
    "readme",
    "keywords",
    "categories",
    "documentation",
    "include",
];

/// The keys set in the `[package]` table of `manifest`, with their values as written
/// (`true` for a key set with `.workspace = true`).
pub fn package_keys(manifest: &str) -> Vec<(String, String)> {
    let mut keys = Vec::new();
    let mut in_package = false;
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            in_package = line == "[package]";
            continue;
        }
        if !in_package || line.starts_with('#') {
            continue;
        }
        let Some((key, value)) = line.split_once('=') else { continue };
        let key = key.trim();
        let (key, value) = match key.strip_suffix(".workspace") {
            Some(key) => (key, "true"),
            None => (key, value.trim()),
        };
        keys.push((key.to_string(), value.to_string()));
    }
    keys
}

/// Whether `manifest` says `publish = false`.
pub fn unpublished(manifest: &str) -> bool {
    package_keys(manifest).iter().any(|(key, value)| key == "publish" && value == "false")
}

/// What a published crate's manifest in `dir` lacks: each missing key of [`REQUIRED_KEYS`], and a
/// `readme` that is not a file inside `dir`.
pub fn missing_metadata(dir: &Path, manifest: &str) -> Vec<String> {
    let keys = package_keys(manifest);
    let value = |name: &str| keys.iter().find(|(key, _)| key == name).map(|(_, value)| value.as_str());
    let mut missing: Vec<String> =
        REQUIRED_KEYS.iter().filter(|key| value(key).is_none()).map(|key| key.to_string()).collect();
    if let Some(readme) = value("readme") {
        let file = readme.trim_matches('"');
        if file.contains("..") || !dir.join(file).is_file() {
            missing.push(format!("readme {readme} inside the crate's folder"));
        }
    }
    missing
}

#[cfg(test)]
mod tests {
    use super::{missing_metadata, package_keys, unpublished};

    const MANIFEST: &str = "[package]\nname = \"x\"\nlicense.workspace = true\npublish = false\n\
                            readme = \"../../README.md\"\n\n[dependencies]\ndescription = \"not here\"\n";

    #[test]
    fn reads_the_package_table_only() {
        let keys = package_keys(MANIFEST);
        assert_eq!(keys.len(), 4);
        assert!(keys.contains(&("license".to_string(), "true".to_string())));
        assert!(!keys.iter().any(|(key, _)| key == "description"));
        assert!(unpublished(MANIFEST));
        assert!(!unpublished("[package]\nname = \"x\"\n[features]\npublish = false\n"));
    }

    #[test]
    fn names_missing_keys_and_a_readme_outside_the_crate() {
        let missing = missing_metadata(std::path::Path::new("."), MANIFEST);
        assert!(missing.contains(&"description".to_string()));
        assert!(!missing.contains(&"license".to_string()));
        assert!(missing.iter().any(|m| m.starts_with("readme \"../../README.md\"")), "{missing:?}");
    }
}
