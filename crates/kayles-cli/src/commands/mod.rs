//! One module per `kayles` subcommand: each has its clap `Args` and a `run`.

pub mod blowup;
pub mod chain;
pub mod checkpoint;
pub mod families;
pub mod histogram;
pub mod join;
pub mod modules;
pub mod nimber;
pub mod rooks;
pub mod run;
pub mod seq;
pub mod split;
pub mod subsets;
pub mod wak;
