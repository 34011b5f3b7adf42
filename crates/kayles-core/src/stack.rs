//! Deep recursions on a stack sized for them. The searches recurse once per move, and a
//! long game (a graph of thousands of vertices, a Weighted Arc-Kayles position of large
//! total weight) needs far more than a thread's default stack: [`on_stack`] runs such a
//! search on a thread of its own with the stack it asks for.

/// The stack every caller of [`on_stack`] in the workspace asks for when it has no
/// estimate of its own: 1 GiB (reserved address space, touched only as deep as the
/// recursion goes).
pub const DEEP: usize = 1 << 30;

thread_local! {
    /// The stack size [`on_stack`] gave this thread (0 on any other thread).
    static DEEP_STACK: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// Runs `work` on a new thread with a stack of `bytes` and returns its value; the caller
/// waits. A panic in `work` continues on the calling thread as the same panic. On a thread
/// that `on_stack` made with at least `bytes`, `work` runs in place: a caller that asks
/// many questions of a search (a certificate's proof) runs on one deep thread rather than
/// starting one per question.
///
/// ```
/// fn depth(n: u64) -> u64 {
///     if n == 0 { 0 } else { 1 + depth(n - 1) }
/// }
/// let n = kayles_core::stack::on_stack(256 << 20, || depth(1_000_000));
/// assert_eq!(n, 1_000_000);
/// ```
///
/// Where the address space is limited (`ulimit -v`) and a stack of `bytes` cannot be
/// reserved, the thread gets the largest of `bytes / 2`, `bytes / 4`, ... (down to
/// [`SMALLEST`]) that can be: so small a limit leaves no room for the searches that would
/// need more.
///
/// On `wasm32` (no threads) `work` runs in place, on the stack the module was linked with.
pub fn on_stack<T: Send>(bytes: usize, work: impl FnOnce() -> T + Send) -> T {
    if cfg!(target_arch = "wasm32") {
        return work();
    }
    let bytes = fitting(bytes, 1);
    if DEEP_STACK.get() >= bytes {
        return work();
    }
    // The work waits here while a spawn fails, so that a smaller stack can take it.
    let slot = std::sync::Mutex::new(Some(work));
    std::thread::scope(|scope| {
        let mut size = bytes;
        loop {
            let slot = &slot;
            let spawned =
                std::thread::Builder::new()
                    .stack_size(size)
                    .spawn_scoped(scope, move || {
                        DEEP_STACK.set(size);
                        let work = slot.lock().unwrap().take().expect("the work runs once");
                        work()
                    });
            match spawned {
                Ok(thread) => match thread.join() {
                    Ok(value) => return value,
                    Err(panic) => std::panic::resume_unwind(panic),
                },
                Err(e) if size / 2 < SMALLEST => {
                    panic!("spawning a thread with a stack of {size} bytes: {e}")
                }
                Err(_) => size /= 2,
            }
        }
    })
}

/// The smallest stack [`on_stack`] and the search's thread pool fall back to when the
/// address space is limited: 16 MiB.
pub const SMALLEST: usize = 16 << 20;

/// The stack to ask for, for each of `threads` threads that want `bytes`: `bytes`, or where
/// the address space is limited (`ulimit -v`), at most an eighth of the limit shared among
/// the threads (never below [`SMALLEST`]), leaving the rest to the heap. Stacks are
/// reserved address space, so a limit counts them whole however little of them is used.
///
/// ```
/// let stack = kayles_core::stack::fitting(256 << 20, 2);
/// assert!(stack <= 256 << 20 && stack >= kayles_core::stack::SMALLEST);
/// ```
pub fn fitting(bytes: usize, threads: usize) -> usize {
    match address_space_limit() {
        Some(limit) => bytes
            .min((limit / 8 / threads.max(1) as u64) as usize)
            .max(SMALLEST),
        None => bytes,
    }
}

/// The process's address-space limit (`RLIMIT_AS`), if it has one.
#[cfg(target_os = "linux")]
fn address_space_limit() -> Option<u64> {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: `getrlimit` writes one `rlimit` through the pointer it is given.
    let ok = unsafe { libc::getrlimit(libc::RLIMIT_AS, &mut limit) } == 0;
    (ok && limit.rlim_cur != libc::RLIM_INFINITY).then_some(limit.rlim_cur)
}

/// The process's address-space limit: not known off Linux.
#[cfg(not(target_os = "linux"))]
fn address_space_limit() -> Option<u64> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A call on a deep thread runs there when the thread's stack is large enough, and on
    /// a thread of its own when it asks for more.
    #[test]
    fn nested_calls_reuse_a_deep_enough_thread() {
        let here = std::thread::current().id();
        let (outer, inner, larger) = on_stack(64 << 20, || {
            let outer = std::thread::current().id();
            let inner = on_stack(32 << 20, || std::thread::current().id());
            let larger = on_stack(128 << 20, || std::thread::current().id());
            (outer, inner, larger)
        });
        assert_ne!(outer, here);
        assert_eq!(inner, outer);
        assert_ne!(larger, outer);
    }
}
