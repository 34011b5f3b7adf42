//! [`ModuleError`]: every way a module computation can refuse its input, and
//! `check_modules`, the check of a blow-up's modules that every route makes first.

use kayles_core::engine::SearchError;
use kayles_core::table::TableError;
use kayles_core::Graph;
use thiserror::Error;

/// Why a blow-up, signature, quotient or decomposition computation was refused.
///
/// ```
/// use kayles_modules::{blowup::blow_up, ModuleError};
/// use kayles_core::Graph;
/// let base = Graph::from_edges(2, &[(0, 1)]);
/// let err = blow_up(&base, &[Graph::new(1)]).unwrap_err();
/// assert_eq!(err, ModuleError::ModuleCount { base: 2, modules: 1 });
/// ```
#[derive(Debug, Error, PartialEq, Eq)]
pub enum ModuleError {
    /// One module per base vertex is needed.
    #[error("the base graph has {base} vertices but {modules} modules were given")]
    ModuleCount {
        /// Vertices of the base graph.
        base: usize,
        /// Modules given.
        modules: usize,
    },
    /// A module with no vertex.
    #[error("module {index} is empty; every module needs at least one vertex")]
    EmptyModule {
        /// Which module (base vertex).
        index: usize,
    },
    /// The expanded graph is too large: its `2^N` subset counts would overflow `u128`,
    /// or (when it is built) it would not fit in memory.
    #[error("the expanded graph would have {order} vertices; at most {max} are supported here")]
    SizeOverflow {
        /// Vertices the expanded graph would have (saturated at `usize::MAX`).
        order: usize,
        /// The limit.
        max: usize,
    },
    /// A module is too large for a table of all its subsets.
    #[error("module {index} has {order} vertices; per-subset signatures take at most {max}")]
    ModuleTooLarge {
        /// Which module.
        index: usize,
        /// Its vertices.
        order: usize,
        /// The limit.
        max: usize,
    },
    /// The base (or quotient) graph is too large for the quotient memo.
    #[error("the base graph has {order} vertices; this quotient takes at most {max}")]
    BaseTooLarge {
        /// Vertices of the base graph.
        order: usize,
        /// The limit.
        max: usize,
    },
    /// The dense table over signature vectors would be too large.
    #[error(
        "the quotient table over signature vectors would have {entries} entries; \
         the limit is {max}"
    )]
    SignatureSpaceTooLarge {
        /// Entries needed (product of the numbers of distinct signatures, saturated).
        entries: u128,
        /// The limit.
        max: u128,
    },
    /// A vertex set given as a mask does not fit the graph.
    #[error("subset mask {mask:#x} has vertices outside the graph of order {order}")]
    BadSubset {
        /// The mask.
        mask: u128,
        /// Order of the graph.
        order: usize,
    },
    /// A size list (`2,3,1`) that does not parse.
    #[error("bad module sizes '{text}': {reason}")]
    BadSizes {
        /// The text given.
        text: String,
        /// What is wrong.
        reason: String,
    },
    /// A nimber above 255 was reached (signatures hold the values 0..=255).
    #[error("a nimber above 255 was reached; signatures hold the values 0..=255")]
    NimberTooLarge,
    /// The core search refused.
    #[error(transparent)]
    Search(#[from] SearchError),
    /// The core subset table refused.
    #[error(transparent)]
    Table(#[from] TableError),
}

impl ModuleError {
    /// The error of module `index`: a [`ModuleTooLarge`](Self::ModuleTooLarge) names it;
    /// other errors stay as they are.
    pub fn in_module(self, index: usize) -> Self {
        match self {
            ModuleError::ModuleTooLarge { order, max, .. } => {
                ModuleError::ModuleTooLarge { index, order, max }
            }
            e => e,
        }
    }
}

/// The largest expanded graph [`blow_up`](crate::blowup::blow_up) builds.
pub const MAX_EXPANDED_ORDER: usize = 50_000;

/// Checks one module per base vertex, none empty, and a total order that fits.
pub(crate) fn check_modules(
    base: &Graph,
    sizes: impl ExactSizeIterator<Item = usize>,
) -> Result<usize, ModuleError> {
    if sizes.len() != base.order() {
        return Err(ModuleError::ModuleCount {
            base: base.order(),
            modules: sizes.len(),
        });
    }
    let mut total = 0usize;
    for (index, m) in sizes.enumerate() {
        if m == 0 {
            return Err(ModuleError::EmptyModule { index });
        }
        total = total.saturating_add(m);
    }
    if total > MAX_EXPANDED_ORDER {
        return Err(ModuleError::SizeOverflow {
            order: total,
            max: MAX_EXPANDED_ORDER,
        });
    }
    Ok(total)
}
