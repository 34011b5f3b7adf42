//! The pictures of kayles, written as SVG text from plain data: one drawing code for the
//! `kayles` command (`moves --svg`, `seq --plot`) and the web page.
//!
//! [`draw`] pictures a position of Node Kayles or Arc Kayles with the value of the
//! position after each move (the move's value), winning moves (value 0) marked:
//! - on a board (`grid:RxC`, `queens:N`) in Node Kayles, a heat map of the cells;
//! - on the grid in Arc Kayles, the board with each edge a domino across its two cells;
//! - on another board in Arc Kayles (queens, whose edges cross the board), the board with
//!   a small copy of the board in each cell: in cell `u`'s copy, square `v` shows the value
//!   of the move `u-v` (so every edge is shown in both its cells, and the board is read as
//!   a board: find your cell, see where its domino may go);
//! - any other graph, a drawing of the graph ([`Shape`]: Petersen graphs on two circles,
//!   paths as a snake, linked 4-cycles as a strip, the rest on a circle), each vertex's
//!   name placed beside it where it crosses no edge.
//!
//! Every move is one SVG group `<g class="move" data-move="NAME" data-value="V">` (class
//! `move win` when it wins; no `data-value` when the value was not computed), named as
//! `kayles moves` names it (`r2c3`, `r1c1-r1c2`, `3`, `0-1`). A move drawn in two places
//! (in Arc Kayles an edge's band and its value box on a drawing, an edge in both its cells
//! on queens boards) has its second group of class `move mirror`, with the same data. [`plot`] draws the
//! terms of a sequence.
//!
//! ```
//! use kayles_draw::{draw, GameKind, Move, MoveValue, Picture};
//! let picture = Picture {
//!     title: "Node Kayles on path:3".into(),
//!     spec: "path:3".into(),
//!     game: GameKind::Node,
//!     order: 3,
//!     edges: vec![(0, 1), (1, 2)],
//!     in_play: vec![true; 3],
//!     moves: vec![
//!         MoveValue { mv: Move::Vertex(0), value: Some(1) },
//!         MoveValue { mv: Move::Vertex(1), value: Some(0) },
//!         MoveValue { mv: Move::Vertex(2), value: Some(1) },
//!     ],
//! };
//! let svg = draw(&picture);
//! assert!(svg.contains(r#"<g class="move win" data-move="1" data-value="0">"#));
//! ```

mod layout;
mod plot;
mod svg;

pub use layout::Shape;
pub use plot::{plot, Plot};

use layout::place;
use std::collections::HashMap;
use svg::{escape, text_width, Rgb, Svg, FAINT, GONE, INK, LINES, WHITE};

/// The game played and its moves are the engine's own: a picture draws what
/// `kayles_core::moves` computed.
pub use kayles_core::moves::Move;
pub use kayles_core::GameKind;

/// A legal move and the value of the position after it (`None`: not computed, the move
/// is known not to win).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveValue {
    /// The move.
    pub mv: Move,
    /// The value after it.
    pub value: Option<u32>,
}

/// What a picture shows.
#[derive(Debug, Clone)]
pub struct Picture {
    /// The caption.
    pub title: String,
    /// The graph's family spec or graph6 (it chooses the [`Shape`]).
    pub spec: String,
    /// The game.
    pub game: GameKind,
    /// The number of vertices.
    pub order: usize,
    /// The edges `(u, v)`.
    pub edges: Vec<(usize, usize)>,
    /// Whether each vertex is still in play.
    pub in_play: Vec<bool>,
    /// Every legal move with its value.
    pub moves: Vec<MoveValue>,
}

/// The most rows or columns of a board picture.
pub const MAX_BOARD_SIDE: usize = 32;
/// The most rows or columns of a board drawn with a small board in each cell (Arc Kayles
/// on queens).
pub const MAX_MINI_BOARD_SIDE: usize = 10;
/// The most vertices of a graph drawing.
pub const MAX_DRAWN_VERTICES: usize = 60;
/// The most edges of a graph drawing in Arc Kayles (each carries a label).
pub const MAX_DRAWN_EDGES: usize = 90;

/// How a picture is laid out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Layout {
    HeatMap(usize, usize),
    Dominoes(usize, usize),
    MiniBoards(usize, usize),
    Drawing(Shape),
}

fn layout(p: &Picture) -> Layout {
    match (Shape::of_spec(&p.spec, p.order), p.game) {
        (Shape::Board { rows, cols }, GameKind::Node) => Layout::HeatMap(rows, cols),
        (Shape::Board { rows, cols }, GameKind::Arc) => {
            let cell = |v: usize| (v / cols, v % cols);
            let dominoes = p.edges.iter().all(|&(u, v)| {
                let ((r1, c1), (r2, c2)) = (cell(u), cell(v));
                r1.abs_diff(r2) + c1.abs_diff(c2) == 1
            });
            if dominoes {
                Layout::Dominoes(rows, cols)
            } else {
                Layout::MiniBoards(rows, cols)
            }
        }
        (shape, _) => Layout::Drawing(shape),
    }
}

/// Why a picture would not be readable (too big), as a one-line message naming the graph
/// by `name`; `Ok` when it can be drawn.
pub fn check(p: &Picture, name: &str) -> Result<(), String> {
    match layout(p) {
        Layout::HeatMap(rows, cols) | Layout::Dominoes(rows, cols) => {
            if rows.max(cols) > MAX_BOARD_SIDE {
                return Err(format!(
                    "{name} is too big for a board picture: {rows}x{cols} cells, at most \
                     {MAX_BOARD_SIDE} on a side"
                ));
            }
        }
        Layout::MiniBoards(rows, cols) => {
            if rows.max(cols) > MAX_MINI_BOARD_SIDE {
                return Err(format!(
                    "{name} is too big for a board picture in Arc Kayles: {rows}x{cols} \
                     cells, at most {MAX_MINI_BOARD_SIDE} on a side"
                ));
            }
        }
        Layout::Drawing(_) => {
            if p.order > MAX_DRAWN_VERTICES {
                return Err(format!(
                    "{name} is too big for a drawing: {} vertices, at most {MAX_DRAWN_VERTICES}",
                    p.order
                ));
            }
            if p.game == GameKind::Arc && p.edges.len() > MAX_DRAWN_EDGES {
                return Err(format!(
                    "{name} is too big for a drawing in Arc Kayles: {} edges, at most \
                     {MAX_DRAWN_EDGES}",
                    p.edges.len()
                ));
            }
        }
    }
    Ok(())
}

/// The colour of a winning move.
const WIN: Rgb = Rgb(0x1a, 0x98, 0x50);
/// Values 1, 2, ...: light to dark (the last repeats for larger values).
const PALETTE: [Rgb; 8] = [
    Rgb(0xfe, 0xe0, 0x8b),
    Rgb(0xfd, 0xae, 0x61),
    Rgb(0xf4, 0x6d, 0x43),
    Rgb(0xd7, 0x30, 0x27),
    Rgb(0xa5, 0x00, 0x26),
    Rgb(0x76, 0x2a, 0x83),
    Rgb(0x54, 0x27, 0x88),
    Rgb(0x2d, 0x00, 0x4b),
];
/// A move known not to win, its value not computed.
const NOT_WINNING: Rgb = WHITE;
/// A free cell of the board in Arc Kayles.
const FREE: Rgb = Rgb(0xf7, 0xf7, 0xf7);

fn colour(value: Option<u32>) -> Rgb {
    match value {
        None => NOT_WINNING,
        Some(0) => WIN,
        Some(v) => PALETTE[(v as usize - 1).min(PALETTE.len() - 1)],
    }
}

const MARGIN: f64 = 16.0;
const HEADER: f64 = 22.0;
const TITLE_H: f64 = 48.0;
const LEGEND_W: f64 = 250.0;
const LEGEND_ROW: f64 = 26.0;
/// The size of vertex names in drawings.
pub const NAME_SIZE: f64 = 13.0;

/// The picture's names and values, looked up while drawing.
struct Ctx<'a> {
    p: &'a Picture,
    shape: Shape,
    values: HashMap<Move, Option<u32>>,
}

impl Ctx<'_> {
    fn name(&self, mv: Move) -> String {
        match mv {
            Move::Vertex(v) => self.shape.vertex_name(v),
            Move::Edge(u, v) => format!(
                "{}-{}",
                self.shape.vertex_name(u),
                self.shape.vertex_name(v)
            ),
        }
    }

    fn in_play(&self, v: usize) -> bool {
        self.p.in_play.get(v).copied().unwrap_or(false)
    }

    /// Opens the group of a move: its name, class and value.
    fn open_move(&self, svg: &mut Svg, mv: Move, value: Option<u32>, mirror: bool) {
        let class = match (value == Some(0), mirror) {
            (true, false) => "move win",
            (false, false) => "move",
            (true, true) => "move win mirror",
            (false, true) => "move mirror",
        };
        let value = value
            .map(|v| format!(" data-value=\"{v}\""))
            .unwrap_or_default();
        svg.open(&format!(
            "class=\"{class}\" data-move=\"{}\"{value}",
            escape(&self.name(mv))
        ));
    }
}

/// The picture as an SVG document. Draw only what [`check`] accepts: a bigger graph is
/// drawn all the same, but not readably.
pub fn draw(p: &Picture) -> String {
    let layout = layout(p);
    let ctx = Ctx {
        p,
        shape: Shape::of_spec(&p.spec, p.order),
        values: p.moves.iter().map(|m| (m.mv, m.value)).collect(),
    };
    let legend = legend_entries(&ctx, layout);
    let (body_w, body_h) = match layout {
        Layout::HeatMap(rows, cols) | Layout::Dominoes(rows, cols) => {
            let cell = cell_size(rows, cols);
            (
                HEADER + cell * cols as f64 + MARGIN,
                HEADER + cell * rows as f64 + 2.0 * MARGIN,
            )
        }
        Layout::MiniBoards(rows, cols) => {
            let cell = mini_cell(rows, cols).0;
            (
                HEADER + cell * cols as f64 + MARGIN,
                HEADER + cell * rows as f64 + 2.0 * MARGIN,
            )
        }
        Layout::Drawing(shape) => place(shape, p.order).size,
    };
    let legend_h = LEGEND_ROW * (legend.len() as f64 + 1.0) + MARGIN;
    let title_w = text_width(&p.title, 18.0) + 2.0 * MARGIN;
    let width = (MARGIN + body_w + LEGEND_W).max(title_w).ceil();
    let height = (TITLE_H + body_h.max(legend_h)).ceil();
    let mut svg = Svg::new(width, height);
    svg.text(
        (MARGIN, 24.0),
        (18.0, INK),
        "start",
        false,
        &p.title,
        " class=\"title\"",
    );
    let origin = (MARGIN, TITLE_H);
    match layout {
        Layout::HeatMap(rows, cols) => heat_map(&mut svg, &ctx, rows, cols, origin),
        Layout::Dominoes(rows, cols) => dominoes(&mut svg, &ctx, rows, cols, origin),
        Layout::MiniBoards(rows, cols) => mini_boards(&mut svg, &ctx, rows, cols, origin),
        Layout::Drawing(shape) => drawing(&mut svg, &ctx, shape, origin),
    }
    draw_legend(&mut svg, &legend, (MARGIN + body_w + 12.0, TITLE_H + 6.0));
    svg.finish()
}

fn cell_size(rows: usize, cols: usize) -> f64 {
    (640.0 / rows.max(cols).max(1) as f64)
        .clamp(28.0, 80.0)
        .floor()
}

/// The side of a cell holding a small board, and of a square of the small board.
fn mini_cell(rows: usize, cols: usize) -> (f64, f64) {
    let square = 15.0;
    // Room for the cell's name above its small board.
    (square * rows.max(cols).max(1) as f64 + 24.0, square)
}

/// The legend: one entry per value shown, and the grey and white of gone and
/// not-winning moves when there are any.
fn legend_entries(ctx: &Ctx<'_>, layout: Layout) -> Vec<(Rgb, String)> {
    let p = ctx.p;
    let mut shown: Vec<u32> = p.moves.iter().filter_map(|m| m.value).collect();
    shown.sort_unstable();
    shown.dedup();
    let mut out = Vec::new();
    for v in shown {
        let text = if v == 0 {
            "0: a winning move (outlined)".to_string()
        } else {
            v.to_string()
        };
        out.push((colour(Some(v)), text));
    }
    if p.moves.iter().any(|m| m.value.is_none()) {
        out.push((NOT_WINNING, "does not win (not computed)".to_string()));
    }
    let board = matches!(
        layout,
        Layout::HeatMap(..) | Layout::Dominoes(..) | Layout::MiniBoards(..)
    );
    if (0..p.order).any(|v| !ctx.in_play(v)) {
        let gone = if board { "cells gone" } else { "vertices gone" };
        out.push((GONE, gone.to_string()));
    }
    if matches!(layout, Layout::MiniBoards(..)) {
        out.push((INK, "the cell itself".to_string()));
    }
    if p.moves.is_empty() {
        let thing = match (p.game, board) {
            (GameKind::Node, true) => "cell",
            (GameKind::Node, false) => "vertex",
            (GameKind::Arc, _) => "edge",
        };
        out.push((NOT_WINNING, format!("no {thing} left to play")));
    }
    out
}

fn draw_legend(svg: &mut Svg, entries: &[(Rgb, String)], (x, y): (f64, f64)) {
    svg.open("class=\"legend\"");
    svg.text(
        (x, y + 8.0),
        (14.0, INK),
        "start",
        false,
        "value after the move",
        "",
    );
    for (i, (fill, text)) in entries.iter().enumerate() {
        let top = y + (i as f64 + 1.0) * LEGEND_ROW;
        svg.rect((x, top, 18.0, 18.0), Some(*fill), Some((INK, 1.0)), "");
        svg.text((x + 26.0, top + 9.0), (14.0, INK), "start", false, text, "");
    }
    svg.close();
}

/// Row and column names around a board whose top left cell is at `(x, y)`.
fn headers(svg: &mut Svg, rows: usize, cols: usize, cell: f64, (x, y): (f64, f64)) {
    for c in 0..cols {
        let at = (x + (c as f64 + 0.5) * cell, y - 10.0);
        svg.text(
            at,
            (12.0, FAINT),
            "middle",
            false,
            &format!("c{}", c + 1),
            "",
        );
    }
    for r in 0..rows {
        let at = (x - 4.0, y + (r as f64 + 0.5) * cell);
        svg.text(at, (12.0, FAINT), "end", false, &format!("r{}", r + 1), "");
    }
}

/// The top left corner of cell `v`.
fn corner(cols: usize, cell: f64, (x, y): (f64, f64), v: usize) -> (f64, f64) {
    (x + (v % cols) as f64 * cell, y + (v / cols) as f64 * cell)
}

/// The size of the cell names, small enough to fit `fraction` of the cell's width.
fn label_size(rows: usize, cols: usize, cell: f64, fraction: f64) -> f64 {
    let longest = format!("r{rows}c{cols}").len() as f64;
    (cell * 0.2)
        .min((cell - 12.0) * fraction / (0.6 * longest))
        .max(6.0)
}

fn heat_map(svg: &mut Svg, ctx: &Ctx<'_>, rows: usize, cols: usize, (x0, y0): (f64, f64)) {
    let cell = cell_size(rows, cols);
    let origin = (x0 + HEADER, y0 + HEADER);
    headers(svg, rows, cols, cell, origin);
    let label = label_size(rows, cols, cell, 1.0);
    for v in 0..rows * cols {
        let (left, top) = corner(cols, cell, origin, v);
        let value = ctx.values.get(&Move::Vertex(v)).copied();
        let fill = match value {
            Some(value) => colour(value),
            None => GONE,
        };
        let ink = fill.ink();
        match value {
            Some(value) => ctx.open_move(svg, Move::Vertex(v), value, false),
            None => svg.open("class=\"gone\""),
        }
        svg.rect((left, top, cell, cell), Some(fill), Some((LINES, 1.0)), "");
        let name = ctx.shape.vertex_name(v);
        svg.text(
            (left + 5.0, top + 5.0 + label / 2.0),
            (label, ink),
            "start",
            false,
            &name,
            "",
        );
        if let Some(Some(value)) = value {
            let at = (left + cell / 2.0, top + cell * 0.58);
            svg.text(
                at,
                (cell * 0.42, ink),
                "middle",
                true,
                &value.to_string(),
                "",
            );
        }
        if value == Some(Some(0)) {
            svg.rect(
                (left + 3.0, top + 3.0, cell - 6.0, cell - 6.0),
                None,
                Some((INK, 3.0)),
                "",
            );
        }
        svg.close();
    }
}

fn dominoes(svg: &mut Svg, ctx: &Ctx<'_>, rows: usize, cols: usize, (x0, y0): (f64, f64)) {
    let cell = cell_size(rows, cols);
    let origin = (x0 + HEADER, y0 + HEADER);
    headers(svg, rows, cols, cell, origin);
    // The cell's name in its middle; each edge a bar across the side the two cells share,
    // reaching a quarter into each, so that no two bars meet and the middle stays free.
    let label = label_size(rows, cols, cell, 0.42);
    for v in 0..rows * cols {
        let (left, top) = corner(cols, cell, origin, v);
        let fill = if ctx.in_play(v) { FREE } else { GONE };
        svg.rect((left, top, cell, cell), Some(fill), Some((LINES, 1.0)), "");
        let name = ctx.shape.vertex_name(v);
        svg.text(
            (left + cell / 2.0, top + cell / 2.0),
            (label, FAINT),
            "middle",
            false,
            &name,
            "",
        );
    }
    let (reach, half) = (cell * 0.27, cell * 0.16);
    let value_size = 2.0 * half * 0.8;
    for &(u, v) in &ctx.p.edges {
        let mv = Move::edge(u, v);
        let Some(&value) = ctx.values.get(&mv) else {
            continue;
        };
        let (left, top) = corner(cols, cell, origin, u.max(v));
        let (mid, rect) = if u / cols == v / cols {
            // Side by side: the bar crosses the left side of the right cell.
            let mid = (left, top + cell / 2.0);
            (mid, (mid.0 - reach, mid.1 - half, 2.0 * reach, 2.0 * half))
        } else {
            // One above the other: the bar crosses the top side of the lower cell.
            let mid = (left + cell / 2.0, top);
            (mid, (mid.0 - half, mid.1 - reach, 2.0 * half, 2.0 * reach))
        };
        let fill = colour(value);
        let border = if value == Some(0) {
            (INK, 3.0)
        } else {
            (FAINT, 1.0)
        };
        ctx.open_move(svg, mv, value, false);
        svg.rect(rect, Some(fill), Some(border), "");
        if let Some(value) = value {
            svg.text(
                mid,
                (value_size, fill.ink()),
                "middle",
                true,
                &value.to_string(),
                "",
            );
        }
        svg.close();
    }
}

/// Arc Kayles on a board whose edges are not dominoes (queens): in each cell `u` a small
/// copy of the board, its square `v` showing the value of the move `u-v`.
fn mini_boards(svg: &mut Svg, ctx: &Ctx<'_>, rows: usize, cols: usize, (x0, y0): (f64, f64)) {
    let (cell, square) = mini_cell(rows, cols);
    let origin = (x0 + HEADER, y0 + HEADER);
    headers(svg, rows, cols, cell, origin);
    let mut partners: HashMap<usize, Vec<usize>> = HashMap::new();
    for &(u, v) in &ctx.p.edges {
        partners.entry(u).or_default().push(v);
        partners.entry(v).or_default().push(u);
    }
    for u in 0..rows * cols {
        let (left, top) = corner(cols, cell, origin, u);
        let fill = if ctx.in_play(u) { WHITE } else { GONE };
        svg.rect((left, top, cell, cell), Some(fill), Some((FAINT, 1.5)), "");
        let name = ctx.shape.vertex_name(u);
        svg.text(
            (left + cell / 2.0, top + 9.0),
            (10.0, FAINT),
            "middle",
            false,
            &name,
            "",
        );
        if !ctx.in_play(u) {
            continue;
        }
        let inner = (left + 12.0, top + 19.0);
        // The small board's squares: the cell itself dark, the cells gone grey, the others
        // light grey.
        for w in 0..rows * cols {
            let (l, t) = corner(cols, square, inner, w);
            let fill = match (w == u, ctx.in_play(w)) {
                (true, _) => INK,
                (false, false) => GONE,
                (false, true) => Rgb(0xf0, 0xf0, 0xf0),
            };
            svg.rect((l, t, square, square), Some(fill), Some((WHITE, 0.5)), "");
        }
        let mut mine = partners.get(&u).cloned().unwrap_or_default();
        mine.sort_unstable();
        for w in mine {
            let mv = Move::edge(u, w);
            let Some(&value) = ctx.values.get(&mv) else {
                continue;
            };
            let (l, t) = corner(cols, square, inner, w);
            let fill = colour(value);
            ctx.open_move(svg, mv, value, u > w);
            svg.rect((l, t, square, square), Some(fill), Some((FAINT, 0.5)), "");
            if value == Some(0) {
                svg.rect(
                    (l + 1.0, t + 1.0, square - 2.0, square - 2.0),
                    None,
                    Some((INK, 2.0)),
                    "",
                );
            }
            if let Some(value) = value {
                let at = (l + square / 2.0, t + square / 2.0 + 0.5);
                svg.text(
                    at,
                    (square * 0.7, fill.ink()),
                    "middle",
                    true,
                    &value.to_string(),
                    "",
                );
            }
            svg.close();
        }
    }
}

/// An axis-aligned box: left, top, right, bottom.
type Box2 = (f64, f64, f64, f64);

fn overlaps(a: Box2, b: Box2) -> bool {
    !(a.2 <= b.0 || b.2 <= a.0 || a.3 <= b.1 || b.3 <= a.1)
}

/// Whether the segment `a`-`b` passes through the box.
pub fn segment_hits_box(a: (f64, f64), b: (f64, f64), r: Box2) -> bool {
    // Liang-Barsky clipping of the segment against the box.
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let mut t0: f64 = 0.0;
    let mut t1: f64 = 1.0;
    for (p, q) in [
        (-dx, a.0 - r.0),
        (dx, r.2 - a.0),
        (-dy, a.1 - r.1),
        (dy, r.3 - a.1),
    ] {
        if p == 0.0 {
            if q < 0.0 {
                return false;
            }
        } else {
            let t = q / p;
            if p < 0.0 {
                t0 = t0.max(t);
            } else {
                t1 = t1.min(t);
            }
            if t0 > t1 {
                return false;
            }
        }
    }
    true
}

/// The box of a label of `text` at `size` centred on `(x, y)`, with a small halo.
pub fn label_box(text: &str, size: f64, (x, y): (f64, f64)) -> Box2 {
    let (w, h) = (text_width(text, size) + 4.0, size + 4.0);
    (x - w / 2.0, y - h / 2.0, x + w / 2.0, y + h / 2.0)
}

fn drawing(svg: &mut Svg, ctx: &Ctx<'_>, shape: Shape, (x0, y0): (f64, f64)) {
    let p = ctx.p;
    let placement = place(shape, p.order);
    let pos: Vec<(f64, f64)> = placement
        .at
        .iter()
        .map(|&(x, y)| (x + x0, y + y0))
        .collect();
    let centre = (placement.centre.0 + x0, placement.centre.1 + y0);
    // The radius: a third of the closest two vertices' distance, within 9..22.
    let mut closest = f64::INFINITY;
    for i in 0..pos.len() {
        for j in i + 1..pos.len() {
            closest =
                closest.min(((pos[i].0 - pos[j].0).powi(2) + (pos[i].1 - pos[j].1).powi(2)).sqrt());
        }
    }
    let radius = (closest / 3.2).clamp(9.0, 22.0);
    let arc = p.game == GameKind::Arc;
    // Edges first, under the vertices.
    for &(u, v) in &p.edges {
        let mv = Move::edge(u, v);
        let value = ctx.values.get(&mv).copied();
        match value {
            Some(value) if arc => {
                // A coloured band with a dark rim, so that light colours read on white.
                let width = if value == Some(0) { 7.0 } else { 5.0 };
                ctx.open_move(svg, mv, value, false);
                svg.line(pos[u], pos[v], (INK, width + 2.0), " class=\"edge\"");
                svg.line(pos[u], pos[v], (colour(value), width), "");
                svg.close();
            }
            _ if ctx.in_play(u) && ctx.in_play(v) => {
                svg.line(pos[u], pos[v], (INK, 2.0), " class=\"edge\"")
            }
            _ => svg.line(pos[u], pos[v], (GONE, 1.0), " class=\"edge gone\""),
        }
    }
    let mut placed: Vec<Box2> = pos
        .iter()
        .map(|&(x, y)| (x - radius, y - radius, x + radius, y + radius))
        .collect();
    let segments: Vec<((f64, f64), (f64, f64))> =
        p.edges.iter().map(|&(u, v)| (pos[u], pos[v])).collect();
    let mut names = Vec::new();
    for (v, &at) in pos.iter().enumerate() {
        let value = ctx.values.get(&Move::Vertex(v)).copied();
        let fill = match (arc, ctx.in_play(v), value) {
            (_, false, _) => GONE,
            (false, true, Some(value)) => colour(value),
            _ => WHITE,
        };
        let border = if !arc && value == Some(Some(0)) {
            3.0
        } else {
            1.0
        };
        match (arc, value) {
            (false, Some(value)) => ctx.open_move(svg, Move::Vertex(v), value, false),
            _ => svg.open(if ctx.in_play(v) {
                "class=\"vertex\""
            } else {
                "class=\"vertex gone\""
            }),
        }
        svg.circle(at, radius, Some(fill), Some((INK, border)));
        let name = ctx.shape.vertex_name(v);
        let inside = arc && text_width(&name, NAME_SIZE) <= 2.0 * radius - 4.0;
        if let (false, Some(Some(value))) = (arc, value) {
            svg.text(
                at,
                (radius * 1.1, fill.ink()),
                "middle",
                true,
                &value.to_string(),
                "",
            );
        }
        if inside {
            svg.text(
                at,
                (NAME_SIZE, INK),
                "middle",
                false,
                &name,
                " class=\"name\"",
            );
        } else {
            names.push((v, name));
        }
        svg.close();
    }
    // The names outside their vertices: the first place around the vertex, from the
    // direction away from the centre, where the name crosses no edge, vertex or name.
    for (v, name) in names {
        let at = pos[v];
        let (dx, dy) = (at.0 - centre.0, at.1 - centre.1);
        let len = (dx * dx + dy * dy).sqrt();
        let out = if len < 1.0 {
            -std::f64::consts::FRAC_PI_2
        } else {
            dy.atan2(dx)
        };
        let (w, h) = (text_width(&name, NAME_SIZE) + 4.0, NAME_SIZE + 4.0);
        let spot = |angle: f64, extra: f64| {
            let (ux, uy) = (angle.cos(), angle.sin());
            let d = radius + 3.0 + extra + (ux.abs() * w / 2.0).max(uy.abs() * h / 2.0);
            (at.0 + ux * d, at.1 + uy * d)
        };
        let free = |c: (f64, f64), placed: &[Box2]| {
            let b = label_box(&name, NAME_SIZE, c);
            placed.iter().all(|&o| !overlaps(b, o))
                && segments.iter().all(|&(a, e)| !segment_hits_box(a, e, b))
        };
        let mut chosen = None;
        'search: for extra in [0.0, 6.0, 14.0, 26.0] {
            for k in 0..32 {
                // 0, +1, -1, +2, -2, ... steps of 1/32 turn around the outward direction.
                let step = (k as f64 / 2.0).ceil() * if k % 2 == 1 { 1.0 } else { -1.0 };
                let c = spot(out + step * std::f64::consts::PI / 16.0, extra);
                if free(c, &placed) {
                    chosen = Some(c);
                    break 'search;
                }
            }
        }
        let c = chosen.unwrap_or_else(|| spot(out, 0.0));
        placed.push(label_box(&name, NAME_SIZE, c));
        svg.text(
            c,
            (NAME_SIZE, INK),
            "middle",
            false,
            &name,
            " class=\"name\"",
        );
    }
    if arc {
        edge_labels(svg, ctx, &pos, &mut placed);
    }
}

/// The value of each edge's move in a box on the edge, at the first point along it (from
/// the middle outwards) where the box overlaps no vertex, name or other box, and where
/// possible no other edge.
fn edge_labels(svg: &mut Svg, ctx: &Ctx<'_>, pos: &[(f64, f64)], placed: &mut Vec<Box2>) {
    let size = 15.0;
    for &(u, v) in &ctx.p.edges {
        let mv = Move::edge(u, v);
        let Some(&value) = ctx.values.get(&mv) else {
            continue;
        };
        let text = match value {
            Some(value) => value.to_string(),
            None => "-".to_string(),
        };
        let (w, h) = (text_width(&text, size) + 8.0, size + 6.0);
        let at = |t: f64| {
            let (x, y) = (
                pos[u].0 + t * (pos[v].0 - pos[u].0),
                pos[u].1 + t * (pos[v].1 - pos[u].1),
            );
            (x - w / 2.0, y - h / 2.0, x + w / 2.0, y + h / 2.0)
        };
        let spots = [
            0.5, 0.4, 0.6, 0.3, 0.7, 0.35, 0.65, 0.25, 0.75, 0.45, 0.55, 0.2, 0.8,
        ];
        // Best a spot where no other edge crosses the box (a box at a crossing reads as
        // the other edge's), else one clear of vertices, names and boxes only.
        let free = |b: Box2| placed.iter().all(|&o| !overlaps(b, o));
        let alone = |b: Box2| {
            ctx.p
                .edges
                .iter()
                .all(|&(a, e)| (a, e) == (u, v) || !segment_hits_box(pos[a], pos[e], b))
        };
        let spot = spots
            .iter()
            .map(|&t| at(t))
            .find(|&b| free(b) && alone(b))
            .or_else(|| spots.iter().map(|&t| at(t)).find(|&b| free(b)))
            .unwrap_or_else(|| at(0.5));
        placed.push(spot);
        let fill = colour(value);
        let border = if value == Some(0) {
            (INK, 2.0)
        } else {
            (FAINT, 1.0)
        };
        ctx.open_move(svg, mv, value, true);
        svg.rect(
            (spot.0, spot.1, spot.2 - spot.0, spot.3 - spot.1),
            Some(fill),
            Some(border),
            "",
        );
        let centre = ((spot.0 + spot.2) / 2.0, (spot.1 + spot.3) / 2.0);
        svg.text(centre, (size, fill.ink()), "middle", true, &text, "");
        svg.close();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_segment_through_a_box_hits_it_and_one_beside_it_does_not() {
        let b = (0.0, 0.0, 10.0, 10.0);
        assert!(segment_hits_box((-5.0, 5.0), (15.0, 5.0), b));
        assert!(segment_hits_box((5.0, 5.0), (5.0, 6.0), b));
        assert!(!segment_hits_box((-5.0, 11.0), (15.0, 11.0), b));
        assert!(!segment_hits_box((-5.0, -5.0), (-1.0, 20.0), b));
        assert!(segment_hits_box((-5.0, -5.0), (20.0, 20.0), b));
    }

    #[test]
    fn titles_are_escaped_and_every_layout_is_xml() {
        let path = |spec: &str, order: usize, game: GameKind| Picture {
            title: "<a & \"b\">".into(),
            spec: spec.into(),
            game,
            order,
            edges: (1..order).map(|v| (v - 1, v)).collect(),
            in_play: vec![true; order],
            moves: (1..order)
                .map(|v| MoveValue {
                    mv: Move::edge(v - 1, v),
                    value: Some(v as u32 % 3),
                })
                .collect(),
        };
        let pictures = [
            path("grid:1x4", 4, GameKind::Arc),
            path("queens:2", 4, GameKind::Arc),
            path("path:4", 4, GameKind::Arc),
            path("cycle:0", 0, GameKind::Node),
        ];
        for p in &pictures {
            let svg = draw(p);
            let doc = roxmltree::Document::parse(&svg).unwrap();
            let title = doc
                .descendants()
                .find(|n| n.attribute("class") == Some("title"));
            assert_eq!(title.and_then(|n| n.text()), Some("<a & \"b\">"));
        }
        let plot = plot(&Plot {
            title: "Node Kayles on <x>".into(),
            terms: (1..5000).map(|n| (n, (n % 7) as u64)).collect(),
        });
        assert!(roxmltree::Document::parse(&plot).is_ok());
    }

    #[test]
    fn numbers_are_short() {
        assert_eq!(svg::num(3.0), "3");
        assert_eq!(svg::num(-0.04), "0");
        assert_eq!(svg::num(2.25), "2.3");
    }
}
