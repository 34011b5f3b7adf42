//! The terms of a sequence as an SVG plot (`kayles seq --plot`): value against index, the
//! game in the title, axis text readable, the value range padded so that points at 0 sit
//! above the axis and points at the maximum inside the frame.
//!
//! Up to [`MAX_POINTS`] terms are drawn as one dot each. A longer sequence (A316629 has
//! 110,949 terms, values up to 430) is binned: the plot area is cut into cells of 2 x 2
//! pixels, a cell is marked when some term falls in it, and each column's runs of marked
//! cells are drawn as one stroke. Every term stays visible (its cell is marked: a lone
//! term of a rare value is a 2-pixel mark where it is), the file's size is bounded by the
//! number of cells rather than terms, and the subtitle says the plot is binned.

use crate::svg::{num, Rgb, Svg, FAINT, INK, LINES};
use std::fmt::Write;

/// The most terms drawn as dots; longer sequences are drawn as runs.
pub const MAX_POINTS: usize = 1500;

/// A plot's data.
#[derive(Debug, Clone)]
pub struct Plot {
    /// The caption (say the game and the family: "Arc Kayles on grid:2xN").
    pub title: String,
    /// The terms `(n, value)`.
    pub terms: Vec<(usize, u64)>,
}

const WIDTH: f64 = 960.0;
const HEIGHT: f64 = 540.0;
const LEFT: f64 = 78.0;
const RIGHT: f64 = 24.0;
const TOP: f64 = 78.0;
const BOTTOM: f64 = 64.0;
const AXIS_TEXT: f64 = 15.0;
/// The least gap between the extreme values and the frame, in pixels.
const PAD: f64 = 8.0;
/// The side of a cell of a binned plot, in pixels.
const CELL: f64 = 2.0;
const DOT: Rgb = Rgb(0x1f, 0x4e, 0x9c);

/// Round tick steps: 1, 2, 5 times a power of ten, about `count` ticks over `span`.
fn tick_step(span: f64, count: f64) -> f64 {
    let raw = (span / count).max(1.0);
    let base = 10f64.powf(raw.log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .iter()
        .map(|m| m * base)
        .find(|&s| s >= raw)
        .unwrap_or(10.0 * base)
}

/// The plot as an SVG document.
pub fn plot(p: &Plot) -> String {
    let n_lo = p.terms.iter().map(|t| t.0).min().unwrap_or(0) as f64;
    let n_hi = p.terms.iter().map(|t| t.0).max().unwrap_or(1) as f64;
    let v_hi = p.terms.iter().map(|t| t.1).max().unwrap_or(1).max(1) as f64;
    let (x_lo, x_hi) = (n_lo - 0.5, n_hi.max(n_lo + 1.0) + 0.5);
    let (pw, ph) = (WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM);
    // Values 0..=v_hi inside the frame, at least PAD pixels (or 0.6 of a value's step)
    // from its edges: points at 0 above the axis, points at the maximum below the top.
    let pad = (ph / (v_hi + 1.2) * 0.6).max(PAD);
    let x = |n: f64| LEFT + (n - x_lo) / (x_hi - x_lo) * pw;
    let y = |v: f64| TOP + ph - pad - v / v_hi * (ph - 2.0 * pad);
    let mut svg = Svg::new(WIDTH, HEIGHT);
    svg.text(
        (LEFT, 26.0),
        (22.0, INK),
        "start",
        true,
        &p.title,
        " class=\"title\"",
    );
    let binned = p.terms.len() > MAX_POINTS;
    let subtitle = match (p.terms.len(), binned) {
        (0, _) => "no terms".to_string(),
        (1, _) => "1 term".to_string(),
        (count, false) => format!("{count} terms, one dot each"),
        (count, true) => format!(
            "{count} terms, binned: a mark in each 2 x 2 pixel cell where some term \
             falls"
        ),
    };
    svg.text(
        (LEFT, 52.0),
        (14.0, FAINT),
        "start",
        false,
        &subtitle,
        " class=\"subtitle\"",
    );
    // The frame, grid lines and ticks.
    let x_step = tick_step(x_hi - x_lo, 10.0);
    let y_step = tick_step(v_hi, 8.0);
    let mut t = (n_lo / x_step).ceil() * x_step;
    while t <= n_hi {
        svg.line((x(t), TOP), (x(t), TOP + ph), (LINES, 1.0), "");
        svg.text(
            (x(t), TOP + ph + 16.0),
            (AXIS_TEXT, INK),
            "middle",
            false,
            &num(t),
            "",
        );
        t += x_step;
    }
    let mut t = 0.0;
    while t <= v_hi {
        svg.line((LEFT, y(t)), (LEFT + pw, y(t)), (LINES, 1.0), "");
        svg.text(
            (LEFT - 8.0, y(t)),
            (AXIS_TEXT, INK),
            "end",
            false,
            &num(t),
            "",
        );
        t += y_step;
    }
    svg.rect((LEFT, TOP, pw, ph), None, Some((INK, 1.0)), "");
    svg.text(
        (LEFT + pw / 2.0, HEIGHT - 16.0),
        (16.0, INK),
        "middle",
        false,
        "n",
        "",
    );
    let mid = TOP + ph / 2.0;
    let label = format!(
        "<text x=\"20\" y=\"{m}\" font-size=\"16\" fill=\"{c}\" text-anchor=\"middle\" \
         transform=\"rotate(-90 20 {m})\">nimber</text>\n",
        m = num(mid),
        c = INK.hex()
    );
    svg.raw(&label);
    if binned {
        // Cells of CELL x CELL pixels over the plot area; a cell is marked when some term
        // falls in it, and each column's marked cells are drawn as vertical strokes, one
        // per run of consecutive marked cells, all in one path.
        let columns = (pw / CELL) as usize;
        let rows = ((ph - 2.0 * pad) / CELL) as usize + 1;
        let mut marked = vec![false; columns * rows];
        for &(n, v) in &p.terms {
            let col = ((x(n as f64) - LEFT) / CELL) as usize;
            let row = ((y(v as f64) - TOP - pad) / CELL).round() as usize;
            marked[col.min(columns - 1) * rows + row.min(rows - 1)] = true;
        }
        let mut d = String::new();
        for col in 0..columns {
            let cells = &marked[col * rows..(col + 1) * rows];
            let mut row = 0;
            while row < rows {
                if !cells[row] {
                    row += 1;
                    continue;
                }
                let start = row;
                while row < rows && cells[row] {
                    row += 1;
                }
                let _ = write!(
                    d,
                    "M{} {}v{}",
                    num(LEFT + (col as f64 + 0.5) * CELL),
                    num(TOP + pad + start as f64 * CELL - CELL / 2.0),
                    num((row - start) as f64 * CELL)
                );
            }
        }
        svg.raw(&format!(
            "<path class=\"terms\" fill=\"none\" stroke=\"{}\" stroke-width=\"{}\" d=\"{d}\"/>\n",
            DOT.hex(),
            num(CELL)
        ));
    } else {
        let r = (pw / p.terms.len().max(1) as f64 / 2.5).clamp(1.5, 4.0);
        let mut out = String::new();
        for &(n, v) in &p.terms {
            let _ = writeln!(
                out,
                "<circle class=\"term\" cx=\"{}\" cy=\"{}\" r=\"{}\"/>",
                num(x(n as f64)),
                num(y(v as f64)),
                num(r)
            );
        }
        svg.raw(&format!("<g fill=\"{}\">\n", DOT.hex()));
        svg.raw(&out);
        svg.raw("</g>\n");
    }
    svg.finish()
}
