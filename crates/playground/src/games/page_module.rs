//! A game's module of the page: the ES module that draws the game, parses and writes its query
//! text and applies its moves (`crates/playground/assets/<game>.js`), carried by the game's
//! [`Registration`](super::Registration) so that the page's list of game modules is the list of
//! the games.

/// One game's ES module, served as `/static/<file>` and imported by the page's `/static/games.js`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PageModule {
    /// The file's name under `/static/` (`pawn.js`).
    pub file: &'static str,
    /// The module's text, embedded in the binary.
    pub source: &'static [u8],
}
