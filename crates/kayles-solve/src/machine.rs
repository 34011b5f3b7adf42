//! What the machine has and what this process uses: total memory (for the memo limit's
//! default) and peak resident memory (reported beside results). Linux `/proc`; elsewhere
//! the callers get their fallbacks.

/// `MemTotal` of `/proc/meminfo` in bytes, if it can be read.
pub fn total_memory_bytes() -> Option<usize> {
    proc_kib("/proc/meminfo", "MemTotal:").map(|kib| kib as usize * 1024)
}

/// The peak resident memory of this process so far, in KiB (`VmHWM`; 0 where the system
/// does not report it).
pub fn peak_rss_kib() -> u64 {
    proc_kib("/proc/self/status", "VmHWM:").unwrap_or(0)
}

/// The number after `field` in the `/proc` file `path` (a KiB count).
fn proc_kib(path: &str, field: &str) -> Option<u64> {
    let text = std::fs::read_to_string(path).ok()?;
    let line = text.lines().find(|l| l.starts_with(field))?;
    line.split_whitespace().nth(1)?.parse().ok()
}
