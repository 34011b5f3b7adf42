//! `kayles rooks`: the nimber of a rook-placement board (rows of `.` free, `#` hole, `R`
//! placed rook, separated by `/`), by direct search and through both rectangle covers as
//! Weighted Arc-Kayles (WAK-ROOKS). A disagreement is reported as an error.

use crate::output::Output;
use anyhow::Result;
use serde_json::json;
use wak_reduce::rooks::Board;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The board, e.g. `..#/.../#..`.
    #[arg(value_name = "BOARD")]
    board: String,
}

pub fn run(args: &Args, out: &mut Output) -> Result<()> {
    let values = Board::parse(&args.board)?.nimbers()?;
    let direct = values.direct;
    out.result(
        || direct.to_string(),
        json!({
            "board": args.board,
            "nimber": direct,
            "direct": direct,
            "via_maximal_rectangles": values.via_maximal_rectangles,
            "via_unit_segments": values.via_unit_segments,
        }),
    )
}
