//! The options shared by `kayles nimber` and `kayles histogram` for graphs built from a
//! base graph and modules (`B[H_1..H_k]`, docs/claims/README.md section 2): computed through the
//! quotient, or by expanding and enumerating with `--direct`.

use crate::input;
use anyhow::{bail, Result};
use clap::ValueEnum;
use kayles_core::Graph;
use kayles_modules::{self as modules, BlowUpSpec};

/// The kind of module put in place of every base vertex.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum Blowup {
    /// Base vertex i becomes a clique K_{m_i}.
    Clique,
    /// Base vertex i becomes an independent set of m_i vertices.
    Independent,
}

#[derive(clap::Args, Debug, Default)]
pub struct ModuleArgs {
    /// Replace every base vertex by a clique or an independent set (sizes from --sizes).
    #[arg(long, value_enum, requires = "sizes")]
    blowup: Option<Blowup>,
    /// Module sizes for --blowup, one per base vertex: `2,3,1`.
    #[arg(long, value_name = "M,M,..", requires = "blowup")]
    sizes: Option<String>,
    /// The module put in place of base vertex i (give it once per base vertex, in order).
    #[arg(long = "module", value_name = "GRAPH", conflicts_with = "blowup")]
    modules: Vec<String>,
    /// Expand the graph and enumerate it instead of going through the quotient.
    #[arg(long)]
    direct: bool,
}

impl ModuleArgs {
    /// The module spec, or `None` when the graph is to be taken as it is.
    pub fn spec(&self) -> Result<Option<BlowUpSpec>> {
        if self.direct && self.blowup.is_none() && self.modules.is_empty() {
            bail!("--direct needs --blowup or --module");
        }
        if let (Some(kind), Some(sizes)) = (self.blowup, &self.sizes) {
            let sizes = modules::parse_sizes(sizes)?;
            return Ok(Some(match kind {
                Blowup::Clique => BlowUpSpec::Cliques(sizes),
                Blowup::Independent => BlowUpSpec::Independent(sizes),
            }));
        }
        if self.modules.is_empty() {
            return Ok(None);
        }
        let graphs = self
            .modules
            .iter()
            .map(|m| input::parse_graph(m))
            .collect::<Result<_>>()?;
        Ok(Some(BlowUpSpec::Modules(graphs)))
    }

    /// The histogram over all starting subsets of the blown-up graph.
    pub fn histogram(&self, spec: &BlowUpSpec, base: &Graph) -> Result<Vec<u128>> {
        if self.direct {
            return Ok(spec.expand(base)?.direct_histogram()?);
        }
        Ok(spec.histogram(base)?)
    }

    /// The full-board nimber of the blown-up graph.
    pub fn nimber(&self, spec: &BlowUpSpec, base: &Graph) -> Result<u32> {
        if self.direct {
            return Ok(spec.expand(base)?.direct_nimber()?);
        }
        Ok(spec.nimber(base)?)
    }
}
