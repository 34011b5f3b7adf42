//! `kayles rooks`: the nimber of a rook-placement board (rows of `.` free, `#` hole, `R`
//! placed rook, separated by `/`), by direct search and through both rectangle covers as
//! Weighted Arc-Kayles (WAK-ROOKS). A disagreement is reported as an error.

use crate::output::Output;
use anyhow::{bail, Result};
use serde_json::json;
use wak_reduce::rooks::{Board, Cover};

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The board, e.g. `..#/.../#..`.
    #[arg(value_name = "BOARD")]
    board: String,
}

pub fn run(args: &Args, out: &mut Output) -> Result<()> {
    let board = Board::parse(&args.board)?;
    let direct = board.nimber_direct();
    let maximal = board.nimber_via_wak(Cover::MaximalRectangles)?;
    let unit = board.nimber_via_wak(Cover::UnitSegments)?;
    if direct != maximal || direct != unit {
        bail!(
            "WAK-ROOKS fails on {}: direct {direct}, maximal rectangles {maximal}, unit segments \
             {unit}",
            args.board
        );
    }
    out.result(
        || direct.to_string(),
        json!({
            "board": args.board,
            "nimber": direct,
            "direct": direct,
            "via_maximal_rectangles": maximal,
            "via_unit_segments": unit,
        }),
    )
}
