//! The removals every game's shrinker tries on a list of items: halves, then quarters, … then
//! single items.

use std::ops::Range;

/// Ranges to remove from a list of `len` items: halves, then quarters, … then single items; never
/// the whole list.
pub fn chunk_removals(len: usize) -> Vec<Range<usize>> {
    let mut ranges = Vec::new();
    let mut size = len / 2;
    while size >= 1 {
        let mut start = 0;
        while start < len {
            ranges.push(start..(start + size).min(len));
            start += size;
        }
        size /= 2;
    }
    ranges
}

/// The items of `items` outside `range`.
pub fn without<T: Clone>(items: &[T], range: &Range<usize>) -> Vec<T> {
    items[..range.start].iter().chain(&items[range.end..]).cloned().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_go_from_halves_to_singles() {
        assert_eq!(chunk_removals(1), vec![]);
        assert_eq!(chunk_removals(4), vec![0..2, 2..4, 0..1, 1..2, 2..3, 3..4]);
        assert_eq!(chunk_removals(3), vec![0..1, 1..2, 2..3]);
    }

    #[test]
    fn without_drops_the_range_only() {
        assert_eq!(without(&[1, 2, 3, 4], &(1..3)), vec![1, 4]);
        assert_eq!(without(&[1, 2], &(0..0)), vec![1, 2]);
    }
}
