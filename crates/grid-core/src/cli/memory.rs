//! `--memory-limit BYTES`: the one memory option of the solvers that plan their memory before
//! allocating (a solve that would not fit is refused with a message instead of being killed).

use clap::Args;

/// `--memory-limit BYTES`.
#[derive(Debug, Clone, Copy, Default, Args)]
pub struct MemoryArgs {
    /// Refuse, before allocating, a solve that needs more than BYTES (suffixes K, M, G, T: powers of
    /// 1024) [default: MemAvailable of /proc/meminfo, or the address-space limit (ulimit -v) less
    /// 64 MiB when that is lower].
    #[arg(long = "memory-limit", value_name = "BYTES", value_parser = parse_bytes)]
    pub bytes: Option<u64>,
}

impl MemoryArgs {
    /// The limit in bytes: the option, else [`default_limit`].
    pub fn limit(&self) -> u64 {
        self.bytes.unwrap_or_else(default_limit)
    }
}

/// `BYTES` with an optional binary suffix: `512`, `64K`, `6G`.
pub fn parse_bytes(text: &str) -> Result<u64, String> {
    let (digits, shift) = match text.char_indices().last() {
        Some((i, c)) if c.is_ascii_alphabetic() => {
            let shift = match c.to_ascii_uppercase() {
                'K' => 10,
                'M' => 20,
                'G' => 30,
                'T' => 40,
                _ => return Err(format!("unknown suffix `{c}` (K, M, G or T)")),
            };
            (&text[..i], shift)
        }
        _ => (text, 0),
    };
    let n: u64 = digits.parse().map_err(|_| "expected a number of bytes, e.g. 6G".to_string())?;
    n.checked_mul(1 << shift).ok_or_else(|| "too large".to_string())
}

/// What the machine lets a solve use: `MemAvailable` of `/proc/meminfo`, or the address-space limit
/// less 64 MiB for the program itself when that is lower; no limit (`u64::MAX`) when neither can be
/// read.
pub fn default_limit() -> u64 {
    let field = |path: &str, name: &str| -> Option<u64> {
        let text = std::fs::read_to_string(path).ok()?;
        let line = text.lines().find(|l| l.starts_with(name))?;
        line[name.len()..].split_whitespace().next()?.parse().ok()
    };
    let available = field("/proc/meminfo", "MemAvailable:").map(|kib| kib.saturating_mul(1024));
    let address_space = field("/proc/self/limits", "Max address space").map(|b| b.saturating_sub(64 << 20));
    [available, address_space].into_iter().flatten().min().unwrap_or(u64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_with_and_without_suffixes() {
        assert_eq!(parse_bytes("512"), Ok(512));
        assert_eq!(parse_bytes("64k"), Ok(64 << 10));
        assert_eq!(parse_bytes("6G"), Ok(6 << 30));
        assert!(parse_bytes("6X").unwrap_err().contains("suffix"));
        assert!(parse_bytes("G").is_err() && parse_bytes("").is_err());
        assert_eq!(parse_bytes("99999999T"), Err("too large".to_string()));
    }

    #[test]
    fn the_default_is_what_the_machine_has() {
        // On Linux MemAvailable is readable: a finite limit below the machine's total.
        if std::path::Path::new("/proc/meminfo").exists() {
            assert!(default_limit() < u64::MAX);
        }
    }
}
