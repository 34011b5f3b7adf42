//! `kayles moves --svg FILE`: a picture of a position's moves, drawn with plotters.
//!
//! - A board family (grid, queens) in Node Kayles: a heat map, each cell coloured by the
//!   value of the position after playing it, winning cells (value 0) green and outlined,
//!   every cell named (`r2c3`), a legend. On the grid in Arc Kayles, the moves are the
//!   dominoes: each edge a bar across the two cells, coloured and labelled by its value.
//! - Any other graph (and the queens board in Arc Kayles, whose edges overlap on a board):
//!   a drawing of the graph on a circle (Petersen graphs on two circles), each vertex
//!   (Node Kayles) or edge (Arc Kayles) coloured and labelled by its move's value.
//!
//! Vertices already gone (`--after`) are grey. With `--winning`, only the winning moves
//! have a value; the others are drawn white, "does not win". A graph too big to draw
//! readably is refused before any search ([`check`]).

use anyhow::{anyhow, bail, Result};
use kayles_core::board::Board;
use kayles_core::moves::Move;
use kayles_core::GameKind;
use kayles_solve::moves::GameState;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use std::collections::HashMap;
use std::f64::consts::PI;
use std::path::Path;

/// The most rows or columns of a board picture.
pub const MAX_BOARD_SIDE: usize = 32;
/// The most vertices of a graph drawing.
pub const MAX_DRAWN_VERTICES: usize = 60;
/// The most edges of a graph drawing in Arc Kayles (each carries a label).
pub const MAX_DRAWN_EDGES: usize = 90;

/// What the picture shows: the value after each legal move (`None`: not computed, the
/// move does not win), and the position's value when it is known.
pub struct Scene<'a> {
    /// The game, its graph and position.
    pub state: &'a GameState,
    /// Every legal move with its value, `None` for a move known not to win.
    pub values: Vec<(Move, Option<u32>)>,
    /// The caption's first line.
    pub title: String,
}

/// How the graph is drawn.
enum Layout {
    /// Cells of a board, one colour each (Node Kayles).
    HeatMap(Board),
    /// Cells of a board with the edges as dominoes (Arc Kayles on the grid).
    Dominoes(Board),
    /// Vertices on a circle (or two) with edges between them.
    Drawing,
}

fn layout(state: &GameState) -> Layout {
    match (state.board(), state.game()) {
        (Some(board), GameKind::Node) => Layout::HeatMap(board),
        (Some(board), GameKind::Arc) => {
            let g = state.graph();
            let dominoes = g.edges().into_iter().all(|(u, v)| {
                let ((r1, c1), (r2, c2)) = (board.cell(u), board.cell(v));
                r1.abs_diff(r2) + c1.abs_diff(c2) == 1
            });
            if dominoes {
                Layout::Dominoes(board)
            } else {
                Layout::Drawing
            }
        }
        (None, _) => Layout::Drawing,
    }
}

/// Refuses a graph too big to draw readably (before any search is spent on it).
pub fn check(state: &GameState) -> Result<()> {
    let name = &state.named().name;
    match layout(state) {
        Layout::HeatMap(board) | Layout::Dominoes(board) => {
            if board.rows.max(board.cols) > MAX_BOARD_SIDE {
                bail!(
                    "{name} is too big for a board picture: {}x{} cells, at most \
                     {MAX_BOARD_SIDE} on a side",
                    board.rows,
                    board.cols
                );
            }
        }
        Layout::Drawing => {
            let g = state.graph();
            if g.order() > MAX_DRAWN_VERTICES {
                bail!(
                    "{name} is too big for a drawing: {} vertices, at most {MAX_DRAWN_VERTICES}",
                    g.order()
                );
            }
            if state.game() == GameKind::Arc && g.size() > MAX_DRAWN_EDGES {
                bail!(
                    "{name} is too big for a drawing in Arc Kayles: {} edges, at most \
                     {MAX_DRAWN_EDGES}",
                    g.size()
                );
            }
        }
    }
    Ok(())
}

const WIN: RGBColor = RGBColor(0x1a, 0x98, 0x50);
/// Values 1, 2, ...: light to dark (the last repeats for larger values).
const PALETTE: [RGBColor; 8] = [
    RGBColor(0xfe, 0xe0, 0x8b),
    RGBColor(0xfd, 0xae, 0x61),
    RGBColor(0xf4, 0x6d, 0x43),
    RGBColor(0xd7, 0x30, 0x27),
    RGBColor(0xa5, 0x00, 0x26),
    RGBColor(0x76, 0x2a, 0x83),
    RGBColor(0x54, 0x27, 0x88),
    RGBColor(0x2d, 0x00, 0x4b),
];
const GONE: RGBColor = RGBColor(0xbd, 0xbd, 0xbd);
const NOT_WINNING: RGBColor = RGBColor(0xff, 0xff, 0xff);
const INK: RGBColor = RGBColor(0x22, 0x22, 0x22);
const FAINT: RGBColor = RGBColor(0x9e, 0x9e, 0x9e);
const LINES: RGBColor = RGBColor(0xd0, 0xd0, 0xd0);
const FONT: &str = "sans-serif";

fn colour(value: Option<u32>) -> RGBColor {
    match value {
        None => NOT_WINNING,
        Some(0) => WIN,
        Some(v) => PALETTE[(v as usize - 1).min(PALETTE.len() - 1)],
    }
}

/// Dark or light ink, whichever reads on `fill`.
fn ink_on(fill: RGBColor) -> RGBColor {
    let RGBColor(r, g, b) = fill;
    let luma = 0.299 * f64::from(r) + 0.587 * f64::from(g) + 0.114 * f64::from(b);
    if luma > 140.0 {
        INK
    } else {
        WHITE
    }
}

fn text_style(size: f64, colour: RGBColor, h: HPos, v: VPos) -> TextStyle<'static> {
    TextStyle {
        font: (FONT, size).into_font(),
        color: colour.to_backend_color(),
        pos: Pos::new(h, v),
    }
}

fn bold_style(size: f64, colour: RGBColor) -> TextStyle<'static> {
    TextStyle {
        font: (FONT, size, FontStyle::Bold).into_font(),
        color: colour.to_backend_color(),
        pos: Pos::new(HPos::Center, VPos::Center),
    }
}

/// A rough width of `text` at `size` pixels (sans-serif digits and letters).
fn text_width(text: &str, size: f64) -> f64 {
    0.6 * size * text.chars().count() as f64
}

type Area<'a> = DrawingArea<SVGBackend<'a>, plotters::coord::Shift>;

fn draw_err<E: std::fmt::Display>(e: E) -> anyhow::Error {
    anyhow!("picture: {e}")
}

/// Writes the picture of `scene` to `path`.
pub fn write(path: &Path, scene: &Scene<'_>) -> Result<()> {
    check(scene.state)?;
    let values: HashMap<Move, Option<u32>> = scene.values.iter().copied().collect();
    let legend = legend_entries(scene);
    let (body_w, body_h) = match layout(scene.state) {
        Layout::HeatMap(board) | Layout::Dominoes(board) => {
            let cell = cell_size(board);
            (
                HEADER + cell * board.cols as i32 + MARGIN,
                HEADER + cell * board.rows as i32 + 2 * MARGIN,
            )
        }
        Layout::Drawing => (DRAWING, DRAWING),
    };
    let legend_h = LEGEND_ROW * (legend.len() as i32 + 1) + MARGIN;
    let title_w = text_width(&scene.title, 18.0) as i32 + 2 * MARGIN;
    let width = (MARGIN + body_w + LEGEND_W).max(title_w);
    let height = TITLE_H + body_h.max(legend_h);
    // Drawn in memory, then written as an output file (kayles_solve::output_file): whole
    // or not at all, and never over a device or a folder.
    let mut svg = String::new();
    {
        let root =
            SVGBackend::with_string(&mut svg, (width as u32, height as u32)).into_drawing_area();
        root.fill(&WHITE).map_err(draw_err)?;
        root.draw(&Text::new(
            scene.title.clone(),
            (MARGIN, 14),
            text_style(18.0, INK, HPos::Left, VPos::Top),
        ))
        .map_err(draw_err)?;
        let origin = (MARGIN, TITLE_H);
        match layout(scene.state) {
            Layout::HeatMap(board) => heat_map(&root, board, &values, origin)?,
            Layout::Dominoes(board) => dominoes(&root, scene.state, board, &values, origin)?,
            Layout::Drawing => drawing(&root, scene.state, &values, origin)?,
        }
        draw_legend(&root, &legend, (MARGIN + body_w + 12, TITLE_H + 6))?;
        root.present()
            .map_err(|e| anyhow!("writing {}: {e}", path.display()))?;
    }
    kayles_solve::output_file::write(path, svg.as_bytes())
}

const MARGIN: i32 = 16;
const HEADER: i32 = 22;
const TITLE_H: i32 = 48;
const LEGEND_W: i32 = 250;
const LEGEND_ROW: i32 = 26;
const DRAWING: i32 = 680;

fn cell_size(board: Board) -> i32 {
    (640 / board.rows.max(board.cols).max(1) as i32).clamp(28, 80)
}

/// The legend: one entry per value shown, and the grey and white of gone and
/// not-winning vertices when there are any.
fn legend_entries(scene: &Scene<'_>) -> Vec<(RGBColor, String)> {
    let mut shown: Vec<u32> = scene.values.iter().filter_map(|&(_, v)| v).collect();
    shown.sort_unstable();
    shown.dedup();
    let mut out = Vec::new();
    let thing = match scene.state.game() {
        GameKind::Node => "vertex",
        GameKind::Arc => "edge",
    };
    let thing = match scene.state.board() {
        Some(_) if scene.state.game() == GameKind::Node => "cell",
        _ => thing,
    };
    for v in shown {
        let text = if v == 0 {
            "0: a winning move (outlined)".to_string()
        } else {
            v.to_string()
        };
        out.push((colour(Some(v)), text));
    }
    if scene.values.iter().any(|&(_, v)| v.is_none()) {
        out.push((NOT_WINNING, "does not win (not computed)".to_string()));
    }
    let state = scene.state;
    if state.position().len() < state.graph().order() {
        let gone = match state.board() {
            Some(_) => "cells gone",
            None => "vertices gone",
        };
        out.push((GONE, gone.to_string()));
    }
    if out.is_empty() {
        out.push((NOT_WINNING, format!("no {thing} left to play")));
    }
    out
}

fn draw_legend(root: &Area<'_>, entries: &[(RGBColor, String)], (x, y): (i32, i32)) -> Result<()> {
    root.draw(&Text::new(
        "value after the move".to_string(),
        (x, y),
        text_style(14.0, INK, HPos::Left, VPos::Top),
    ))
    .map_err(draw_err)?;
    for (i, (fill, text)) in entries.iter().enumerate() {
        let top = y + (i as i32 + 1) * LEGEND_ROW;
        root.draw(&Rectangle::new(
            [(x, top), (x + 18, top + 18)],
            fill.filled(),
        ))
        .map_err(draw_err)?;
        root.draw(&Rectangle::new(
            [(x, top), (x + 18, top + 18)],
            INK.stroke_width(1),
        ))
        .map_err(draw_err)?;
        root.draw(&Text::new(
            text.clone(),
            (x + 26, top + 9),
            text_style(14.0, INK, HPos::Left, VPos::Center),
        ))
        .map_err(draw_err)?;
    }
    Ok(())
}

/// Row and column numbers around a board whose top left cell is at `(x, y)`.
fn headers(root: &Area<'_>, board: Board, cell: i32, (x, y): (i32, i32)) -> Result<()> {
    let size = 12.0;
    for c in 0..board.cols as i32 {
        root.draw(&Text::new(
            format!("c{}", c + 1),
            (x + c * cell + cell / 2, y - 4),
            text_style(size, FAINT, HPos::Center, VPos::Bottom),
        ))
        .map_err(draw_err)?;
    }
    for r in 0..board.rows as i32 {
        root.draw(&Text::new(
            format!("r{}", r + 1),
            (x - 4, y + r * cell + cell / 2),
            text_style(size, FAINT, HPos::Right, VPos::Center),
        ))
        .map_err(draw_err)?;
    }
    Ok(())
}

/// The top left corner of cell `v` on a board drawn from `(x, y)` with cells of side `cell`.
fn cell_corner(board: Board, cell: i32, (x, y): (i32, i32), v: usize) -> (i32, i32) {
    let (r, c) = board.cell(v);
    (x + (c as i32 - 1) * cell, y + (r as i32 - 1) * cell)
}

/// One square of a board: filled with `fill`, outlined in the grid's colour.
fn board_cell(root: &Area<'_>, (left, top): (i32, i32), cell: i32, fill: RGBColor) -> Result<()> {
    let square = [(left, top), (left + cell, top + cell)];
    root.draw(&Rectangle::new(square, fill.filled()))
        .map_err(draw_err)?;
    root.draw(&Rectangle::new(square, LINES.stroke_width(1)))
        .map_err(draw_err)?;
    Ok(())
}

/// The size of the cell names, small enough to fit `fraction` of the cell's width.
fn label_size(board: Board, cell: i32, fraction: f64) -> f64 {
    let longest = format!("r{}c{}", board.rows, board.cols).len() as f64;
    (f64::from(cell) * 0.2)
        .min((f64::from(cell) - 12.0) * fraction / (0.6 * longest))
        .max(6.0)
}

fn heat_map(
    root: &Area<'_>,
    board: Board,
    values: &HashMap<Move, Option<u32>>,
    (x0, y0): (i32, i32),
) -> Result<()> {
    let cell = cell_size(board);
    let (x, y) = (x0 + HEADER, y0 + HEADER);
    headers(root, board, cell, (x, y))?;
    let label = label_size(board, cell, 1.0);
    for v in 0..board.cells() {
        let (left, top) = cell_corner(board, cell, (x, y), v);
        let value = values.get(&Move::Vertex(v)).copied();
        let fill = match value {
            Some(value) => colour(value),
            None => GONE,
        };
        let ink = ink_on(fill);
        board_cell(root, (left, top), cell, fill)?;
        root.draw(&Text::new(
            board.label(v),
            (left + 6, top + 6),
            text_style(label, ink, HPos::Left, VPos::Top),
        ))
        .map_err(draw_err)?;
        if let Some(Some(value)) = value {
            root.draw(&Text::new(
                value.to_string(),
                (left + cell / 2, top + cell * 5 / 9),
                bold_style(f64::from(cell) * 0.42, ink),
            ))
            .map_err(draw_err)?;
        }
        if value == Some(Some(0)) {
            root.draw(&Rectangle::new(
                [(left + 3, top + 3), (left + cell - 3, top + cell - 3)],
                INK.stroke_width(3),
            ))
            .map_err(draw_err)?;
        }
    }
    Ok(())
}

fn dominoes(
    root: &Area<'_>,
    state: &GameState,
    board: Board,
    values: &HashMap<Move, Option<u32>>,
    (x0, y0): (i32, i32),
) -> Result<()> {
    let cell = cell_size(board);
    let (x, y) = (x0 + HEADER, y0 + HEADER);
    headers(root, board, cell, (x, y))?;
    // The cell's name in its middle; each edge a bar across the side the two cells share,
    // reaching a quarter into each, so that no two bars meet and the middle stays free.
    let label = label_size(board, cell, 0.42);
    let corner = |v: usize| cell_corner(board, cell, (x, y), v);
    for v in 0..board.cells() {
        let (left, top) = corner(v);
        let fill = if state.position().contains(v) {
            RGBColor(0xf7, 0xf7, 0xf7)
        } else {
            GONE
        };
        board_cell(root, (left, top), cell, fill)?;
        root.draw(&Text::new(
            board.label(v),
            (left + cell / 2, top + cell / 2),
            text_style(label, FAINT, HPos::Center, VPos::Center),
        ))
        .map_err(draw_err)?;
    }
    let (reach, half) = (cell * 27 / 100, cell * 16 / 100);
    let value_size = f64::from(2 * half) * 0.8;
    for (u, v) in state.graph().edges() {
        let Some(&value) = values.get(&Move::edge(u, v)) else {
            continue;
        };
        let (left, top) = corner(u.max(v));
        let (mid, rect) = if board.cell(u).0 == board.cell(v).0 {
            // Side by side: the bar crosses the left side of the right cell.
            let mid = (left, top + cell / 2);
            (
                mid,
                [(mid.0 - reach, mid.1 - half), (mid.0 + reach, mid.1 + half)],
            )
        } else {
            // One above the other: the bar crosses the top side of the lower cell.
            let mid = (left + cell / 2, top);
            (
                mid,
                [(mid.0 - half, mid.1 - reach), (mid.0 + half, mid.1 + reach)],
            )
        };
        let fill = colour(value);
        root.draw(&Rectangle::new(rect, fill.filled()))
            .map_err(draw_err)?;
        let border = if value == Some(0) {
            INK.stroke_width(3)
        } else {
            FAINT.stroke_width(1)
        };
        root.draw(&Rectangle::new(rect, border)).map_err(draw_err)?;
        if let Some(value) = value {
            root.draw(&Text::new(
                value.to_string(),
                mid,
                bold_style(value_size, ink_on(fill)),
            ))
            .map_err(draw_err)?;
        }
    }
    Ok(())
}

/// Vertex positions in a square of side `DRAWING` at `origin`: on a circle, vertex 0 at
/// the top and clockwise; a Petersen graph `P(n, k)` on two circles (outer `i`, inner
/// `n + i` beside it).
fn positions(state: &GameState, (x0, y0): (i32, i32)) -> Vec<(f64, f64)> {
    let n = state.graph().order();
    let centre = (
        f64::from(x0) + f64::from(DRAWING) / 2.0,
        f64::from(y0) + f64::from(DRAWING) / 2.0,
    );
    let outer = f64::from(DRAWING) / 2.0 - 60.0;
    let at = |i: usize, count: usize, radius: f64| {
        let angle = 2.0 * PI * i as f64 / count.max(1) as f64 - PI / 2.0;
        (
            centre.0 + radius * angle.cos(),
            centre.1 + radius * angle.sin(),
        )
    };
    if state.named().name.trim().starts_with("petersen:") && n % 2 == 0 {
        let half = n / 2;
        return (0..n)
            .map(|v| {
                if v < half {
                    at(v, half, outer)
                } else {
                    at(v - half, half, outer * 0.55)
                }
            })
            .collect();
    }
    if n == 1 {
        return vec![centre];
    }
    (0..n).map(|v| at(v, n, outer)).collect()
}

/// Boxes already drawn, for placing labels where they do not overlap.
struct Placed(Vec<(f64, f64, f64, f64)>);

impl Placed {
    fn free(&self, b: (f64, f64, f64, f64)) -> bool {
        self.0
            .iter()
            .all(|o| b.2 <= o.0 || o.2 <= b.0 || b.3 <= o.1 || o.3 <= b.1)
    }
}

fn drawing(
    root: &Area<'_>,
    state: &GameState,
    values: &HashMap<Move, Option<u32>>,
    origin: (i32, i32),
) -> Result<()> {
    let g = state.graph();
    let n = g.order();
    let pos = positions(state, origin);
    let pt = |v: usize| (pos[v].0.round() as i32, pos[v].1.round() as i32);
    let radius = if n <= 1 {
        22.0
    } else {
        (f64::from(DRAWING) / 2.0 - 60.0) * (PI / n as f64).sin() * 0.55
    }
    .clamp(9.0, 22.0);
    let left = |v: usize| state.position().contains(v);
    let arc = state.game() == GameKind::Arc;
    // Edges first, under the vertices.
    for (u, v) in g.edges() {
        let value = values.get(&Move::edge(u, v)).copied();
        let style = match value {
            Some(value) if arc => {
                // A coloured band with a dark rim, so that light colours read on white.
                let width = if value == Some(0) { 7 } else { 5 };
                root.draw(&PathElement::new(
                    vec![pt(u), pt(v)],
                    INK.stroke_width(width + 2),
                ))
                .map_err(draw_err)?;
                colour(value).stroke_width(width)
            }
            _ if left(u) && left(v) => INK.stroke_width(2),
            _ => GONE.stroke_width(1),
        };
        root.draw(&PathElement::new(vec![pt(u), pt(v)], style))
            .map_err(draw_err)?;
    }
    let mut placed = Placed(
        (0..n)
            .map(|v| {
                let (x, y) = pos[v];
                (x - radius, y - radius, x + radius, y + radius)
            })
            .collect(),
    );
    // The vertices: filled by value in Node Kayles, white (grey when gone) in Arc Kayles.
    let name_size = if n > 30 { 11.0 } else { 13.0 };
    for (v, &(px, py)) in pos.iter().enumerate() {
        let value = values.get(&Move::Vertex(v)).copied();
        let fill = match (arc, left(v), value) {
            (_, false, _) => GONE,
            (false, true, Some(value)) => colour(value),
            _ => WHITE,
        };
        root.draw(&Circle::new(pt(v), radius as i32, fill.filled()))
            .map_err(draw_err)?;
        let border = if !arc && value == Some(Some(0)) {
            INK.stroke_width(3)
        } else {
            INK.stroke_width(1)
        };
        root.draw(&Circle::new(pt(v), radius as i32, border))
            .map_err(draw_err)?;
        let name = state.vertex_name(v);
        match (arc, value) {
            (false, Some(Some(value))) => {
                root.draw(&Text::new(
                    value.to_string(),
                    pt(v),
                    bold_style(radius * 1.1, ink_on(fill)),
                ))
                .map_err(draw_err)?;
            }
            (true, _) if text_width(&name, name_size) <= 2.0 * radius - 2.0 => {
                root.draw(&Text::new(
                    name.clone(),
                    pt(v),
                    text_style(name_size, INK, HPos::Center, VPos::Center),
                ))
                .map_err(draw_err)?;
                continue;
            }
            _ => {}
        }
        // The vertex's name outside it, away from the centre of the drawing.
        let centre = (
            f64::from(origin.0) + f64::from(DRAWING) / 2.0,
            f64::from(origin.1) + f64::from(DRAWING) / 2.0,
        );
        let (dx, dy) = (px - centre.0, py - centre.1);
        let len = (dx * dx + dy * dy).sqrt().max(1e-9);
        let (ux, uy) = if len < 1.0 {
            (0.0, -1.0)
        } else {
            (dx / len, dy / len)
        };
        let w = text_width(&name, name_size);
        let (cx, cy) = (
            px + ux * (radius + 4.0 + w / 2.0),
            py + uy * (radius + 4.0 + name_size / 2.0 + 2.0),
        );
        let halo = (
            cx - w / 2.0 - 2.0,
            cy - name_size / 2.0 - 2.0,
            cx + w / 2.0 + 2.0,
            cy + name_size / 2.0 + 2.0,
        );
        placed.0.push(halo);
        root.draw(&Rectangle::new(
            [
                (halo.0.round() as i32, halo.1.round() as i32),
                (halo.2.round() as i32, halo.3.round() as i32),
            ],
            WHITE.mix(0.85).filled(),
        ))
        .map_err(draw_err)?;
        root.draw(&Text::new(
            name,
            (cx.round() as i32, cy.round() as i32),
            text_style(name_size, INK, HPos::Center, VPos::Center),
        ))
        .map_err(draw_err)?;
    }
    if arc {
        edge_labels(root, state, values, &pos, &mut placed)?;
    }
    Ok(())
}

/// The value of each edge's move in a box on the edge, at the first point along it (from
/// the middle outwards) where the box overlaps no vertex, name or other box.
fn edge_labels(
    root: &Area<'_>,
    state: &GameState,
    values: &HashMap<Move, Option<u32>>,
    pos: &[(f64, f64)],
    placed: &mut Placed,
) -> Result<()> {
    let size = 15.0;
    for (u, v) in state.graph().edges() {
        let Some(&value) = values.get(&Move::edge(u, v)) else {
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
        let spot = spots
            .iter()
            .map(|&t| at(t))
            .find(|&b| placed.free(b))
            .unwrap_or_else(|| at(0.5));
        placed.0.push(spot);
        let fill = colour(value);
        let rect = [
            (spot.0.round() as i32, spot.1.round() as i32),
            (spot.2.round() as i32, spot.3.round() as i32),
        ];
        root.draw(&Rectangle::new(rect, fill.filled()))
            .map_err(draw_err)?;
        let border = if value == Some(0) {
            INK.stroke_width(2)
        } else {
            FAINT.stroke_width(1)
        };
        root.draw(&Rectangle::new(rect, border)).map_err(draw_err)?;
        let centre = (
            ((spot.0 + spot.2) / 2.0).round() as i32,
            ((spot.1 + spot.3) / 2.0).round() as i32,
        );
        root.draw(&Text::new(text, centre, bold_style(size, ink_on(fill))))
            .map_err(draw_err)?;
    }
    Ok(())
}
