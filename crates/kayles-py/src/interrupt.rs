//! Long calls without holding the interpreter: the work runs on a thread of its own while
//! the calling thread waits without the GIL, waking every 100 ms to let Python run its
//! signal handlers. On Ctrl-C (or any handler that raises) the work's stop flag is raised,
//! the exception is returned, and the interpreter goes on.

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::Arc;
use std::thread;
use std::time::Duration;

/// How often the waiting thread looks at Python's signals.
const POLL: Duration = Duration::from_millis(100);

/// How long a stopped computation is given to return before it is left to finish on its
/// own thread (the engines with a stop flag return within milliseconds).
const GRACE: Duration = Duration::from_millis(500);

/// Runs `work` on a new thread with a stop flag and waits for it with the GIL released.
///
/// Returns the work's value; the exception a signal handler raised (`KeyboardInterrupt`
/// on Ctrl-C) once the flag is raised; or `RuntimeError` if the work panicked (a bug: the
/// panic never crosses into Python). Work that does not look at the flag (the engines
/// without one) is left running on its thread after the exception, and its result is
/// dropped when it ends.
pub fn run<T, F>(py: Python<'_>, work: F) -> PyResult<T>
where
    T: Send + 'static,
    F: FnOnce(Arc<AtomicBool>) -> T + Send + 'static,
{
    let stop = Arc::new(AtomicBool::new(false));
    let (sender, mut receiver) = mpsc::channel();
    let flag = Arc::clone(&stop);
    let handle = thread::Builder::new()
        .name("kayles".to_string())
        .spawn(move || {
            let result = catch_unwind(AssertUnwindSafe(|| work(flag)));
            // The receiver is gone when the caller was interrupted: nothing to deliver.
            let _ = sender.send(result);
        })
        .map_err(|e| PyRuntimeError::new_err(format!("cannot start a thread: {e}")))?;
    loop {
        // The receiver goes to the detached closure and back (it is `Send`, not `Sync`).
        let (received, r) = py.detach(move || (receiver.recv_timeout(POLL), receiver));
        receiver = r;
        match received {
            Ok(result) => {
                let _ = handle.join();
                return result.map_err(|panic| {
                    let message = panic
                        .downcast_ref::<&str>()
                        .map(|s| s.to_string())
                        .or_else(|| panic.downcast_ref::<String>().cloned())
                        .unwrap_or_else(|| "unknown panic".to_string());
                    PyRuntimeError::new_err(format!("kayles: internal error: {message}"))
                });
            }
            Err(RecvTimeoutError::Timeout) => {
                if let Err(interrupt) = py.check_signals() {
                    stop.store(true, Ordering::Relaxed);
                    if py.detach(move || receiver.recv_timeout(GRACE)).is_ok() {
                        let _ = handle.join();
                    }
                    return Err(interrupt);
                }
            }
            Err(RecvTimeoutError::Disconnected) => {
                let _ = handle.join();
                return Err(PyRuntimeError::new_err(
                    "kayles: internal error: the worker thread ended without a result",
                ));
            }
        }
    }
}
