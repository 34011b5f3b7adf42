//! `kayles-solve`: what the two front ends (the `kayles` command and the Python package)
//! share, between them and the engines, so that they give the same answers by the same
//! routes with the same messages. Unlike `kayles-core`, this crate reads and writes files.
//!
//! - [`graphs`]: graphs named by text (graph6, family specs, `-` for standard input);
//! - [`config`]: the search's options and their one set of defaults (the memo limit from
//!   the machine's memory, [`machine`]), and the host symmetry a family spec implies;
//! - [`route`]: the route to a nimber (the modular decomposition or search), with a
//!   certificate on request;
//! - [`certificates`]: certificate files and directories of certificates, one per term;
//! - [`rank_parts`]: the parts of a certificate that the ranks of a search spread over
//!   MPI write, found and merged into the certificate;
//! - [`moves`]: a game in progress on a named graph: every move's value, the winning
//!   moves, the engine's move, moves named and read in board coordinates or numbers;
//! - [`sequence`]: the terms of a family's sequence as one call, by search (with mirror
//!   strategies) or by the A316629 recurrence, and the terms file a run appends to;
//! - [`memo_file`]: a long search's memo saved as it runs and loaded when it starts again;
//! - [`wins_file`]: the search's winning moves saved beside its memo file, for a resumed
//!   certificate's proof;
//! - [`output_file`]: the one way an output file is written (links followed, devices and
//!   folders refused, written beside the target and renamed when whole);
//! - [`lines`]: the one bounded reader of lines (standard input, files read line by line)
//!   and of files read whole;
//! - [`scale_out`]: one search split into jobs, the jobs answered, the answers joined,
//!   and all three on one machine with a checkpoint (docs/scale-out.md).
//!
//! ```
//! use kayles_core::GameKind;
//! use kayles_solve::graphs::Named;
//! use kayles_solve::route::{Nimbers, Request, Route};
//! let mut nimbers = Nimbers::new(Request::default());
//! let grid = Named::parse("grid:3x4").unwrap();
//! assert_eq!(nimbers.nimber(&grid).unwrap(), (0, Route::Search));
//! let arc = Request { game: GameKind::Arc, ..Request::default() };
//! assert_eq!(Nimbers::new(arc).nimber(&Named::parse("path:4").unwrap()).unwrap().0, 2);
//! ```

/// Defines an enum whose values have names (`"auto"`), with [`Choice`] over them: each
/// variant is written `Name = "name"`, with its documentation before it; `(default V)`
/// after the name makes `V` the [`Default`].
macro_rules! named_enum {
    ($(#[$meta:meta])* pub enum $name:ident $((default $default:ident))? {
        $($(#[$vmeta:meta])* $variant:ident = $text:literal,)+
    }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum $name {
            $($(#[$vmeta])* $variant,)+
        }

        impl $crate::Choice for $name {
            const ALL: &'static [Self] = &[$($name::$variant),+];
            fn name(self) -> &'static str {
                match self {
                    $($name::$variant => $text,)+
                }
            }
        }

        $(impl Default for $name {
            fn default() -> Self {
                $name::$default
            }
        })?
    };
}

pub mod certificates;
pub mod config;
pub mod graphs;
pub mod lines;
pub mod machine;
pub mod memo_file;
pub mod moves;
pub mod output_file;
pub mod rank_parts;
pub mod route;
pub mod scale_out;
pub mod sequence;
pub mod wins_file;

/// How a front end spells its options in messages: `--method search` on the command line,
/// `method 'search'` in Python. A message a front end shows about an option is written
/// once, here, and spelled by the caller.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Spelling {
    /// `--name value`.
    CommandLine,
    /// `name 'value'`.
    Python,
}

impl Spelling {
    /// The option `name` with `value`.
    ///
    /// ```
    /// use kayles_solve::Spelling;
    /// assert_eq!(Spelling::CommandLine.option("method", "search"), "--method search");
    /// assert_eq!(Spelling::Python.option("method", "search"), "method 'search'");
    /// ```
    pub fn option(self, name: &str, value: &str) -> String {
        match self {
            Spelling::CommandLine => format!("--{name} {value}"),
            Spelling::Python => format!("{name} '{value}'"),
        }
    }

    /// The option `name` alone: `--name`, or `name` with `-` written `_` (a keyword
    /// argument).
    ///
    /// ```
    /// use kayles_solve::Spelling;
    /// assert_eq!(Spelling::CommandLine.name("memo-file"), "--memo-file");
    /// assert_eq!(Spelling::Python.name("memo-file"), "memo_file");
    /// ```
    pub fn name(self, name: &str) -> String {
        match self {
            Spelling::CommandLine => format!("--{name}"),
            Spelling::Python => name.replace('-', "_"),
        }
    }
}

/// Names of the values of an option, for the front ends' parsers: every value's name,
/// and the value a name stands for.
pub trait Choice: Sized + Copy + 'static {
    /// Every value, in the order the front ends list them.
    const ALL: &'static [Self];
    /// The name of the value (`"node"`, `"symmetry"`).
    fn name(self) -> &'static str;
    /// The value named `name`.
    fn from_name(name: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|v| v.name() == name)
    }
}

impl Choice for kayles_core::GameKind {
    const ALL: &'static [Self] = &kayles_core::GameKind::ALL;
    fn name(self) -> &'static str {
        kayles_core::GameKind::name(self)
    }
}

impl Choice for kayles_core::engine::Method {
    const ALL: &'static [Self] = &kayles_core::engine::Method::ALL;
    fn name(self) -> &'static str {
        kayles_core::engine::Method::name(self)
    }
}

impl Choice for kayles_core::engine::MemoKey {
    const ALL: &'static [Self] = &[
        kayles_core::engine::MemoKey::Exact,
        kayles_core::engine::MemoKey::Shape,
        kayles_core::engine::MemoKey::Canonical,
        kayles_core::engine::MemoKey::Symmetry,
    ];
    fn name(self) -> &'static str {
        use kayles_core::engine::MemoKey;
        match self {
            MemoKey::Exact => "exact",
            MemoKey::Shape => "shape",
            MemoKey::Canonical => "canonical",
            MemoKey::Symmetry => "symmetry",
        }
    }
}
