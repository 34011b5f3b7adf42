//! A hint to the kernel that a large table be backed by huge pages: the memo tables are
//! read at random over hundreds of megabytes, where 4 KiB pages would make nearly every
//! lookup miss the TLB as well as the cache.

/// Asks the kernel to back `slots` with 2 MiB pages where it can (Linux transparent huge
/// pages in `madvise` mode): lookups land anywhere in a table of hundreds of megabytes,
/// and with 4 KiB pages nearly every one would also miss the TLB. A hint only: nothing
/// changes where the kernel declines.
pub(crate) fn advise<T>(slots: &[T]) {
    #[cfg(target_os = "linux")]
    {
        const HUGE: usize = 2 << 20;
        let start = slots.as_ptr() as usize;
        let end = start + std::mem::size_of_val(slots);
        let aligned = start.next_multiple_of(HUGE);
        if end > aligned + HUGE {
            let len = (end - aligned) / HUGE * HUGE;
            // SAFETY: madvise with MADV_HUGEPAGE only changes how the kernel backs these
            // pages, which lie inside the live allocation `slots`; it reads and writes no
            // memory, and its failure is harmless (ignored).
            unsafe {
                libc::madvise(aligned as *mut libc::c_void, len, libc::MADV_HUGEPAGE);
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = slots;
}
