//! The list of the real games: the one place that names every game's adapter.

use std::sync::Arc;

use super::{Game, GameCaps, Registration, king, lattice, pawn, segment};

/// The real games, in the order the page lists them (and the binary lists their caps' flags).
///
/// The default caps keep one query under about a second and a few hundred MB on a small machine.
/// Measured (one query, test profile, this shared 2-core machine): pawn 16x16 open 0.3-0.7 s
/// and 27 MB (the text format allows up to 1024 cells, far past what a request may take); lattice
/// 14x14 (4.0e7 states) 0.26 s, 15x15 (1.55e8) 0.8 s and 48 MB, 16x16 (6.0e8) about 3 s and
/// 150 MB; king 500x500 0.2 s (orth4 about 0.4 s); segment 10^5 pawns 0.08 s. The lattice cap
/// stops at 14x14 so that two solves at once stay within the 10 s limit on a busy machine (two
/// 15x15 solves at once can pass it when every core is taken). The default answer caps hold the largest answers of the default
/// board caps with room to spare: a pawn report with its principal variation (about 2 KB), a
/// lattice report (at most 21 moves), a segment-nim report of 10⁵ pawns (8–11 MB: its move
/// ranges), and the king game's `all-starts` grid (one byte per cell, four per row: about 1 MB
/// for 250,000 cells).
pub const REGISTRATIONS: &[Registration] =
    &[pawn::REGISTRATION, lattice::REGISTRATION, segment::REGISTRATION, king::REGISTRATION];

/// The real games, each built with its caps' values in `caps`.
pub fn all(caps: &GameCaps) -> Vec<Arc<dyn Game>> {
    REGISTRATIONS.iter().map(|game| (game.build)(caps)).collect()
}
