//! Ctrl-C: the first one asks the sweep to stop at the next layer boundary, a second one exits.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};

static STOP: AtomicBool = AtomicBool::new(false);
static INSTALLED: OnceLock<()> = OnceLock::new();

/// The stop flag, with the Ctrl-C handler installed (once). Without a handler (it could not be
/// installed) the flag is simply never set and Ctrl-C ends the process as usual.
pub fn flag() -> &'static AtomicBool {
    INSTALLED.get_or_init(|| {
        let _ = ctrlc::set_handler(|| {
            if STOP.swap(true, Ordering::Relaxed) {
                std::process::exit(130);
            }
            eprintln!("\nlattice-dp: stopping at the end of this layer (Ctrl-C again to quit now)");
        });
    });
    &STOP
}
