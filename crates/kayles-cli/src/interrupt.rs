//! Ctrl-C and SIGTERM as a flag, for the commands that finish their work before they stop
//! (`kayles nimber --memo-file` saves its memo). Elsewhere the signals keep their default
//! action: the process ends at once.

use std::sync::atomic::{AtomicBool, Ordering};

static INTERRUPTED: AtomicBool = AtomicBool::new(false);

extern "C" fn raise(_signal: libc::c_int) {
    // Only an atomic store: all a signal handler may do.
    INTERRUPTED.store(true, Ordering::SeqCst);
}

/// From now on SIGINT and SIGTERM raise the returned flag instead of ending the process.
pub fn catch() -> &'static AtomicBool {
    let handler = raise as extern "C" fn(libc::c_int) as libc::sighandler_t;
    // SAFETY: `raise` is async-signal-safe (one atomic store) and lives for the whole
    // process; `signal` only installs it.
    unsafe {
        libc::signal(libc::SIGINT, handler);
        libc::signal(libc::SIGTERM, handler);
    }
    &INTERRUPTED
}
