//! One module per `kayles` subcommand: each has its clap `Args` and a `run` that parses
//! its arguments, calls the library and prints. No command imports another: what they
//! share is in `flags`, `output` and `progress`.

pub mod chain;
pub mod families;
pub mod histogram;
pub mod join;
pub mod merge_certificate;
pub mod modules;
pub mod moves;
pub mod nimber;
pub mod play;
pub mod rooks;
pub mod run;
pub mod seq;
pub mod split;
pub mod subsets;
pub mod wak;
