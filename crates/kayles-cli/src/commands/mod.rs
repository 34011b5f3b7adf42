//! One module per `kayles` subcommand: each has its clap `Args` and a `run`.

pub mod blowup;
pub mod chain;
pub mod families;
pub mod histogram;
pub mod modules;
pub mod nimber;
pub mod rooks;
pub mod seq;
pub mod subsets;
pub mod wak;
