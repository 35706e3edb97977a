//! The SWAR digit readers of the text formats: a number of up to 7 digits from one 8-byte word,
//! and a whole `u v` line from one 16-byte window, or with numbers of 8 digits (graphs of more
//! than 10^7 vertices) from a 24-byte one (SIMD within a register, in safe Rust).
//!
//! The big inputs are almost all short lines of two small numbers; reading each as one window,
//! its end found first from the newline alone, lets the processor read the digits of
//! consecutive lines in parallel. Anything these readers do not recognise (other blanks, longer
//! numbers, a window past the end) is left to the caller's token-at-a-time reader.

/// The line `u v\n` at `bytes[at..]` as [`swar_line_separated`] reads it from 16 bytes, or, if
/// that fails (a number of 8 digits), as [`swar_wide_line_separated`] reads it from 24; `None`
/// if neither recognises it or too few bytes are left.
#[inline(always)]
pub(crate) fn swar_line_at(
    bytes: &[u8],
    at: usize,
    separator: impl Fn(u8) -> bool + Copy,
) -> Option<(u32, u32, usize)> {
    swar_line_separated(bytes.get(at..at + 16)?.try_into().ok()?, separator)
        .or_else(|| swar_wide_line_separated(bytes.get(at..at + 24)?.try_into().ok()?, separator))
}

/// As [`swar_line_separated`] from a 24-byte window, the numbers of 1 to 8 digits: the lines of
/// graphs of up to 10^8 vertices (`12345678 87654321\n` takes 18 bytes).
#[inline]
pub(crate) fn swar_wide_line_separated(
    window: &[u8; 24],
    separator: impl Fn(u8) -> bool,
) -> Option<(u32, u32, usize)> {
    let word = |at: usize| u64::from_le_bytes(window[at..at + 8].try_into().expect("8 bytes"));
    let newline = match first_newline(word(0), word(8)) {
        16 => 16 + first_newline(word(16), 0).min(8),
        at => at,
    };
    let (u, u_digits) = swar_digits_up_to_8(word(0))?;
    // `u_digits` is at most 8: the separator is within the window.
    if !separator(window[u_digits]) {
        return None;
    }
    // `v` starts at byte 2 to 9: its eight bytes are within the window.
    let start = u_digits + 1;
    let (v, v_digits) = swar_digits_up_to_8(word(start))?;
    // Its digits end at the first newline (24, none in the window, is never an end): a ninth
    // digit would stand where the newline must be.
    if start + v_digits != newline {
        return None;
    }
    Some((u, v, newline + 1))
}

/// The line `u v\n` at the start of `window`, both numbers of 1 to 7 digits and single spaces:
/// `u`, `v` and the line's length with its `\n`, or `None` for any other shape (the caller then
/// reads the line a token at a time).
#[cfg(test)]
fn swar_line(window: &[u8; 16]) -> Option<(u32, u32, usize)> {
    swar_line_separated(window, |b| b == b' ')
}

/// As [`swar_line`], the two numbers separated by one byte that `separator` accepts.
///
/// The line's end is found first, from the newline alone: the caller's next line starts there,
/// and finding it is the only work each line waits for (the digits of consecutive lines are then
/// read in parallel by the processor). The text loop on one thread takes 0.43 s on rmat-22's
/// 649 MB this way, 0.49 s with the end found after the digits.
#[inline(always)]
pub(crate) fn swar_line_separated(
    window: &[u8; 16],
    separator: impl Fn(u8) -> bool,
) -> Option<(u32, u32, usize)> {
    let low = u64::from_le_bytes(window[..8].try_into().ok()?);
    let high = u64::from_le_bytes(window[8..].try_into().ok()?);
    let newline = first_newline(low, high);
    let (u, u_digits) = swar_digits(low)?;
    if !separator(window[u_digits]) {
        return None;
    }
    // `v` starts at byte 2 to 8: its eight bytes are within the window.
    let start = u_digits + 1;
    let (v, v_digits) = swar_digits(u64::from_le_bytes(window[start..start + 8].try_into().ok()?))?;
    // Its digits end at the first newline (16, none in the window, is never an end).
    if start + v_digits != newline {
        return None;
    }
    Some((u, v, newline + 1))
}

/// Where the first `\n` of the sixteen bytes `low` then `high` (little-endian words) is; 16 if
/// there is none.
#[inline(always)]
fn first_newline(low: u64, high: u64) -> usize {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // A byte of `x` is zero where the word has a newline. The usual zero-byte test: a borrow
    // only starts at a zero byte, so the lowest flagged byte is exact.
    let newlines = |word: u64| {
        let x = word ^ (u64::from(b'\n') * ONES);
        x.wrapping_sub(ONES) & !x & HIGH
    };
    let flags = u128::from(newlines(high)) << 64 | u128::from(newlines(low));
    (flags.trailing_zeros() / 8) as usize
}

/// The number of 1 to 7 digits at `bytes[at..]` and the offset just after it, read as one
/// 8-byte word (SWAR: SIMD within a register); `None` if the token does not start with a digit
/// or has 8 digits or more, or fewer than 8 bytes are left (the caller then reads it a byte at a
/// time).
#[cfg(test)]
fn swar_number(bytes: &[u8], at: usize) -> Option<(u32, usize)> {
    let word = u64::from_le_bytes(bytes.get(at..at + 8)?.try_into().ok()?);
    swar_digits(word).map(|(value, digits)| (value, at + digits))
}

/// The number of 1 to 7 digits at the start of the little-endian `word` and how many digits it
/// has; `None` if `word` does not start with a digit or holds 8 digits.
#[inline(always)]
pub(crate) fn swar_digits(word: u64) -> Option<(u32, usize)> {
    swar_digits_up_to_8(word).filter(|&(_, digits)| digits < 8)
}

/// As [`swar_digits`], eight digits included: the whole word is then the number, and whether a
/// ninth digit follows is the caller's to check.
#[inline(always)]
fn swar_digits_up_to_8(word: u64) -> Option<(u32, usize)> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // Digits become 0..=9; a byte is not a digit exactly when this is above 9. Adding 0x76
    // sets the high bit of a byte above 9; a carry out of a byte can only come from a
    // non-digit and only spoils the bytes after it, so the lowest flagged byte is exact.
    let x = word ^ (0x30 * ONES);
    let non_digits = (x.wrapping_add(0x76 * ONES) | x) & HIGH;
    let digits = (non_digits.trailing_zeros() / 8) as usize;
    if digits == 0 {
        return None;
    }
    // The digits moved to the top bytes (zeros below: leading zeros), then combined pairwise:
    // bytes, then pairs, then quadruples (the usual eight-digit multiply-add ladder).
    let v = x << (8 * (8 - digits));
    let v = (v * 10 + (v >> 8)) & 0x00FF_00FF_00FF_00FF;
    let v = (v * 100 + (v >> 16)) & 0x0000_FFFF_0000_FFFF;
    let v = (v * 10_000 + (v >> 32)) & 0xFFFF_FFFF;
    Some((v as u32, digits))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eight_byte_numbers() {
        // Padded so that 8 bytes are readable after each start.
        let read = |text: &str| swar_number(format!("{text}        ").as_bytes(), 0);
        assert_eq!(read("0 "), Some((0, 1)));
        assert_eq!(read("7\n"), Some((7, 1)));
        assert_eq!(read("1234567 "), Some((1_234_567, 7)));
        assert_eq!(read("9999999\n"), Some((9_999_999, 7)));
        assert_eq!(read("0000042 "), Some((42, 7)));
        assert_eq!(read("105x"), Some((105, 3)));
        assert_eq!(read("12345678"), None);
        assert_eq!(read(" 1"), None);
        assert_eq!(read("x1"), None);
        assert_eq!(swar_number(b"12 4\n", 0), None);
        for value in [1u32, 10, 99, 100, 4_194_303, 5_000_000] {
            for pad in [b' ', b'\n', b'\r', b'/', b':', 0xff, 0x8a, 0] {
                let mut text = value.to_string().into_bytes();
                text.push(pad);
                text.resize(16, pad);
                assert_eq!(swar_number(&text, 0), Some((value, value.to_string().len())), "{value} {pad}");
            }
        }
    }

    #[test]
    fn sixteen_byte_lines() {
        let read = |text: &[u8]| {
            let mut window = [b'#'; 16];
            window[..text.len()].copy_from_slice(text);
            swar_line(&window)
        };
        assert_eq!(read(b"0 1\n"), Some((0, 1, 4)));
        assert_eq!(read(b"1234567 7654321\n"), Some((1_234_567, 7_654_321, 16)));
        assert_eq!(read(b"9 0000042\n"), Some((9, 42, 10)));
        assert_eq!(read(b"1234567 1\n"), Some((1_234_567, 1, 10)));
        // The line ends at the first newline; the next line may follow in the window.
        assert_eq!(read(b"1 2\n3 4\n"), Some((1, 2, 4)));
        for bad in [
            &b"1\n2 3\n"[..],
            b"1 2",
            b"1234567 7654321#",
            &b"1  2\n"[..],
            b"1\t2\n",
            b"1 2 \n",
            b"1 2\r\n",
            b"12345678 1\n",
            b"1 12345678\n",
            b" 1 2\n",
            b"1 x\n",
        ] {
            assert_eq!(read(bad), None, "{}", String::from_utf8_lossy(bad));
        }
        // Every split of two numbers of 1 to 7 digits.
        for (a, b) in [(5u32, 7_777_777u32), (4_194_303, 0), (10, 100_000), (9_999_999, 9_999_999)] {
            let line = format!("{a} {b}\n");
            assert_eq!(read(line.as_bytes()), Some((a, b, line.len())), "{line}");
        }
    }

    #[test]
    fn lines_of_eight_digit_numbers() {
        let read = |text: &[u8]| {
            let mut bytes = text.to_vec();
            bytes.resize(text.len().max(24), b'#');
            swar_line_at(&bytes, 0, |b| b == b' ')
        };
        assert_eq!(read(b"12345678 87654321\n"), Some((12_345_678, 87_654_321, 18)));
        assert_eq!(read(b"99999999 0\n"), Some((99_999_999, 0, 11)));
        assert_eq!(read(b"5 10000000\n"), Some((5, 10_000_000, 11)));
        assert_eq!(read(b"1234567 12345678\n7 8\n"), Some((1_234_567, 12_345_678, 17)));
        // Short lines still come from the 16-byte window, with 16 bytes left.
        assert_eq!(swar_line_at(b"1 2\n############", 0, |b| b == b' '), Some((1, 2, 4)));
        for bad in [
            &b"123456789 1\n"[..],
            b"1 123456789\n",
            b"12345678 87654321",
            b"12345678  1\n",
            b"12345678 1 \n",
            b"12345678\t1\n",
            b"x2345678 1\n",
        ] {
            assert_eq!(read(bad), None, "{}", String::from_utf8_lossy(bad));
        }
        // A window short of 24 bytes is left to the token reader.
        assert_eq!(swar_line_at(b"12345678 87654321\n", 0, |b| b == b' '), None);
        // Every split of two numbers of 1 to 8 digits.
        for (a, b) in
            [(1u32, 99_999_999u32), (10_000_000, 1), (12_345_678, 12_345_678), (9_999_999, 10_000_000)]
        {
            let line = format!("{a} {b}\n");
            assert_eq!(read(line.as_bytes()), Some((a, b, line.len())), "{line}");
        }
    }

    #[test]
    fn first_newline_of_sixteen_bytes() {
        for at in 0..16 {
            let mut window = [b'7'; 16];
            window[at] = b'\n';
            // A later newline, or bytes one above and below a newline's, change nothing.
            window[(at + 5).min(15)] = b'\n';
            if at > 0 {
                window[at - 1] = b'\n' + 1;
            }
            let low = u64::from_le_bytes(window[..8].try_into().unwrap());
            let high = u64::from_le_bytes(window[8..].try_into().unwrap());
            assert_eq!(first_newline(low, high), at);
        }
        let plain = u64::from_le_bytes(*b"\t\x0b 12345");
        assert_eq!(first_newline(plain, plain), 16);
    }
}
