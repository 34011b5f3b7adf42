//! Searches that outgrow one process (docs/scale-out.md): one search split into jobs
//! ([`split`]), the jobs answered anywhere ([`run`]), the answers checked and joined
//! ([`join`]), and all three on one machine in a directory that survives a kill
//! ([`checkpoint`]). The files they share (jobs, manifest, results) are [`files`].
//!
//! ```
//! use kayles_core::GameKind;
//! use kayles_solve::graphs::Named;
//! use kayles_solve::scale_out::{checkpoint, run::Watch};
//! let dir = std::env::temp_dir().join(format!("kayles-solve-doc-{}", std::process::id()));
//! let grid = Named::parse("grid:3x12").unwrap();
//! let request = checkpoint::Request::new(GameKind::Node);
//! let done = checkpoint::nimber(&grid, &dir, &request, &Watch::none()).unwrap();
//! assert_eq!(done.value, 5);
//! assert_eq!(done.ran.earlier, 0);
//! // Again: every job was answered, nothing is searched.
//! let again = checkpoint::nimber(&grid, &dir, &request, &Watch::none()).unwrap();
//! assert_eq!((again.value, again.ran.now), (5, 0));
//! std::fs::remove_dir_all(&dir).unwrap();
//! ```

pub mod checkpoint;
pub mod files;
pub mod join;
pub mod run;
pub mod split;
