//! What the king game prints: the plain answers ([`text`]), `--json` ([`json`]) and `--explain`
//! ([`explain`]). Each writer handles one case at a time, so a multi-board input is never held as
//! analyses all at once.

pub mod explain;
pub mod json;
pub mod text;
