//! Tests of `kayles-solve`: the committed runs re-joined against docs/results.md, the
//! committed certificates checked by `kayles-check` against docs/results.md, the code map
//! of docs/ARCHITECTURE.md against the source tree, the workspace's invariants (dependency
//! direction, the checker alone, lints, no unused dependency), saved memos and the
//! search's winning moves kept beside them, and the library's calls.

mod architecture;
mod certificates;
mod invariants;
/// The corpus of known values (`fixtures/known/`), shared by every crate's tests.
#[path = "../../../../fixtures/known/known.rs"]
mod known;
mod known_values;
mod memo_file;
mod results_fuzz;
mod runs;
mod wins_file;
