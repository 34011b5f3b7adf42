//! `kayles-check`: an independent checker of the nimber certificates that `kayles nimber
//! --certificate` writes (docs/certificates.md). It depends on no crate of the `kayles`
//! workspace, only on the standard library and a zstd decompressor (`ruzstd`), and trusts
//! only its own graph parser, move generation, component split, isomorphism check, xor
//! and mex.
//!
//! ```
//! // The empty certificate body proves nothing: it is rejected.
//! let err = kayles_check::check("path:3", &b""[..]).unwrap_err();
//! assert!(matches!(err, kayles_check::Failure::Rejected(_)));
//! ```

pub mod check;
pub mod graph;
pub mod table;

pub use check::{check, check_game, Failure, Game, Verified};
