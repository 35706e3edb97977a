//! Stopping a solve before it ends: a flag the solver polls between the steps of its pass.
//!
//! A server sets the flag when the client that asked for a solve goes away or its time runs out;
//! the solver sees it at its next step (a level of a retrograde pass, a phase of a matching, a
//! block of pawns) and returns [`Stopped`], dropping what it built. A solve given no flag
//! (`None`) runs to its end.

use std::sync::atomic::{AtomicBool, Ordering};

/// The stop flag of a solve: `None` when nobody stops it.
pub type StopFlag<'a> = Option<&'a AtomicBool>;

/// A solve's stop flag was set: it stopped between two steps and left no answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the solve was stopped before it finished")]
pub struct Stopped;

/// `Err(Stopped)` once `flag` is set (never without a flag).
pub fn check(flag: StopFlag<'_>) -> Result<(), Stopped> {
    match flag {
        Some(flag) if flag.load(Ordering::Relaxed) => Err(Stopped),
        _ => Ok(()),
    }
}

/// The value of a solve that was given no stop flag, which therefore never stops.
pub fn unstoppable<T>(solve: Result<T, Stopped>) -> T {
    match solve {
        Ok(value) => value,
        Err(Stopped) => unreachable!("a solve without a stop flag never stops"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_set_flag_stops_and_no_flag_never_does() {
        let flag = AtomicBool::new(false);
        assert_eq!(check(Some(&flag)), Ok(()));
        flag.store(true, Ordering::Relaxed);
        assert_eq!(check(Some(&flag)), Err(Stopped));
        assert_eq!(check(None), Ok(()));
        assert_eq!(unstoppable(Ok::<_, Stopped>(7)), 7);
    }
}
