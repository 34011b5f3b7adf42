//! The terms of a sequence as an SVG plot (`kayles seq --plot`), drawn by
//! `kayles_draw::plot` (dots, or runs for a long sequence) with the game and the family in
//! the title, and written as an output file (`kayles_solve::output_file`).

use anyhow::Result;
use kayles_core::GameKind;
use std::path::Path;

/// Writes the terms of `family` (`grid:3xN`) in `game` as an SVG plot.
pub fn plot(path: &Path, game: GameKind, family: &str, terms: &[(usize, u64)]) -> Result<()> {
    let svg = kayles_draw::plot(&kayles_draw::Plot {
        title: format!("{} on {family}", game.title()),
        terms: terms.to_vec(),
    });
    kayles_solve::output_file::write(path, svg.as_bytes())
}
