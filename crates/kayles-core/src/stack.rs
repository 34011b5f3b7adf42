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
pub fn on_stack<T: Send>(bytes: usize, work: impl FnOnce() -> T + Send) -> T {
    if DEEP_STACK.get() >= bytes {
        return work();
    }
    std::thread::scope(|scope| {
        let thread = std::thread::Builder::new()
            .stack_size(bytes)
            .spawn_scoped(scope, || {
                DEEP_STACK.set(bytes);
                work()
            })
            .expect("spawning a thread with a deep stack");
        match thread.join() {
            Ok(value) => value,
            Err(panic) => std::panic::resume_unwind(panic),
        }
    })
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
