//! The caps of the games: each game registers its own ([`Registration`]), each cap one
//! command-line flag of the binary, and [`GameCaps`] holds their values.

use std::collections::BTreeMap;
use std::sync::Arc;

use super::{Game, PageModule};

/// One cap of a game: the command-line flag that sets it, and its default.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cap {
    /// The flag without its dashes (`pawn-max-free-cells`); also the cap's key in [`GameCaps`].
    pub flag: &'static str,
    /// The value's name in the binary's help (`PAWN_MAX_FREE_CELLS`).
    pub value_name: &'static str,
    /// The flag's help line.
    pub help: &'static str,
    /// The value when the flag is absent.
    pub default: u64,
}

/// One game as the server's list holds it: its caps, how it is built from their values, and its
/// module of the page.
/// Each game's module defines its own, next to its adapter; [`REGISTRATIONS`](super::REGISTRATIONS)
/// lists them.
#[derive(Debug, Clone, Copy)]
pub struct Registration {
    /// The caps on the size of a position (422 beyond), in the order of their flags.
    pub size_caps: &'static [Cap],
    /// The cap on the bytes of one serialized answer (507 beyond): [`Game::max_answer_bytes`].
    pub answer_cap: Cap,
    /// The game with the caps' values of `caps`.
    pub build: fn(&GameCaps) -> Arc<dyn Game>,
    /// The ES module that draws the game in the page.
    pub page_module: PageModule,
}

/// The values of the games' caps (the binary's flags); a cap not set has its default.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GameCaps {
    values: BTreeMap<&'static str, u64>,
}

impl GameCaps {
    /// The value of `cap`.
    pub fn get(&self, cap: &Cap) -> u64 {
        self.values.get(cap.flag).copied().unwrap_or(cap.default)
    }

    /// The value of a byte cap, as a size.
    pub fn bytes(&self, cap: &Cap) -> usize {
        usize::try_from(self.get(cap)).unwrap_or(usize::MAX)
    }

    /// Sets `cap` to `value`.
    pub fn set(&mut self, cap: &Cap, value: u64) {
        self.values.insert(cap.flag, value);
    }

    /// The same caps with `cap` set to `value`.
    pub fn with(mut self, cap: &Cap, value: u64) -> GameCaps {
        self.set(cap, value);
        self
    }
}

/// Every cap of `games`: each game's size caps, then each game's answer cap, in the list's order
/// (the order of the binary's flags).
pub fn all_caps(games: &[Registration]) -> impl Iterator<Item = &Cap> {
    let size_caps = games.iter().flat_map(|game| game.size_caps.iter());
    size_caps.chain(games.iter().map(|game| &game.answer_cap))
}

/// `command` with one flag per cap of `games` ([`all_caps`]): `--FLAG VALUE`, a `u64`, with the
/// cap's default.
pub fn with_cap_flags(command: clap::Command, games: &[Registration]) -> clap::Command {
    all_caps(games).fold(command, |command, cap| {
        // Clap holds a default's text for the life of the program: a few bytes per cap, once.
        let default: &'static str = Box::leak(cap.default.to_string().into_boxed_str());
        command.arg(
            clap::Arg::new(cap.flag)
                .long(cap.flag)
                .value_name(cap.value_name)
                .help(cap.help)
                .value_parser(clap::value_parser!(u64))
                .default_value(default),
        )
    })
}

/// The caps' values in `matches`, parsed from a command built by [`with_cap_flags`] with `games`.
pub fn caps_from_flags(matches: &clap::ArgMatches, games: &[Registration]) -> GameCaps {
    let mut caps = GameCaps::default();
    for cap in all_caps(games) {
        if let Some(&value) = matches.get_one::<u64>(cap.flag) {
            caps.set(cap, value);
        }
    }
    caps
}
