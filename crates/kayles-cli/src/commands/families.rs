//! `kayles families`: the family specs and how each numbers its vertices.

use crate::output::Output;
use anyhow::Result;
use kayles_core::families::FAMILIES;
use serde_json::json;

pub fn run(out: &mut Output) -> Result<()> {
    for f in FAMILIES {
        out.result(
            || format!("{:<18} {}", f.syntax, f.description),
            json!({ "family": f.syntax, "description": f.description }),
        )?;
    }
    Ok(())
}
