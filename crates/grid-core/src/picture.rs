//! Board pictures with a row and a column ruler, the same in every solver: a person reads a
//! cell's `row,column` (1-based, row 1 at the top) off the rulers and types it into `play`.
//!
//! ```
//! let picture = grid_core::picture::draw(2, 3, |row, col| if (row, col) == (1, 2) { "X".into() } else { ".".into() });
//! assert_eq!(picture, "  1 2 3\n1 . . .\n2 . . X\n");
//! ```

/// A `rows` × `cols` board: the column numbers above, each row's number at its left, and each
/// cell's text (`cell(row, col)`, 0-based) right-aligned in columns as wide as the widest text.
pub fn draw(rows: usize, cols: usize, cell: impl Fn(usize, usize) -> String) -> String {
    let texts: Vec<String> = (0..rows * cols).map(|i| cell(i / cols, i % cols)).collect();
    let width = texts.iter().map(|t| t.chars().count()).max().unwrap_or(1).max(digits(cols));
    let label = digits(rows);
    let mut out = " ".repeat(label);
    for col in 1..=cols {
        out.push_str(&format!(" {col:>width$}"));
    }
    out.push('\n');
    for (row, cells) in texts.chunks(cols.max(1)).enumerate() {
        out.push_str(&format!("{:>label$}", row + 1));
        for text in cells {
            out.push_str(&format!(" {text:>width$}"));
        }
        out.push('\n');
    }
    out
}

/// The number of decimal digits of `n`.
fn digits(n: usize) -> usize {
    n.max(1).ilog10() as usize + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rulers_fit_the_widest_cell_and_the_largest_number() {
        let wide = draw(2, 2, |r, c| if r + c == 0 { "12/7".into() } else { "F".into() });
        assert_eq!(wide, "     1    2\n1 12/7    F\n2    F    F\n");
        let tall = draw(10, 1, |_, _| ".".into());
        assert!(tall.starts_with("   1\n 1 .\n") && tall.ends_with("10 .\n"), "{tall}");
    }
}
