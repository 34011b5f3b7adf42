//! Where things go: the shape a graph is drawn in, read from its family spec (`grid:4x6`,
//! `queens:6`, `petersen:12,5`, `path:9`, `cycle:8`, `linked-c4:5`, ...), and the vertex
//! positions of the shapes that are not boards. Any other graph (graph6, a family without
//! a shape of its own) is drawn on a circle.

use kayles_core::board::Board;
use std::f64::consts::PI;

/// How a graph is laid out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// A board family (`grid:RxC`, `queens:N`): vertex `(r-1)*cols + (c-1)` is the cell
    /// `r{r}c{c}`.
    Board {
        /// Rows.
        rows: usize,
        /// Columns.
        cols: usize,
    },
    /// A generalized Petersen graph `P(n, k)`: outer cycle `0..n`, inner vertices `n + i`.
    Petersen {
        /// The number of spokes.
        n: usize,
    },
    /// A path, drawn as a snake of rows.
    Path,
    /// A cycle (and any graph without a shape of its own): vertices on a circle.
    Circle,
    /// The linked 4-cycles `L_N` of A316629 (`linked-c4:N`, `-b`, `-c`): the `u` path on a
    /// line, each `v_i w_i` above it between `u_i` and `u_{i+1}`.
    LinkedC4 {
        /// The number of 4-cycles.
        n: usize,
        /// `u`s added on the left of `u_1`.
        left: usize,
        /// `u`s added on the right of `u_{N+1}`.
        right: usize,
    },
}

fn number(text: &str) -> Option<usize> {
    text.trim().parse().ok()
}

impl Shape {
    /// The shape of a graph named by `spec` with `order` vertices: a family's own shape
    /// when the spec names one and the order agrees, else [`Shape::Circle`].
    ///
    /// ```
    /// use kayles_draw::Shape;
    /// assert_eq!(Shape::of_spec("grid:4x6", 24), Shape::Board { rows: 4, cols: 6 });
    /// assert_eq!(Shape::of_spec("queens:6", 36), Shape::Board { rows: 6, cols: 6 });
    /// assert_eq!(Shape::of_spec("petersen:12,5", 24), Shape::Petersen { n: 12 });
    /// assert_eq!(Shape::of_spec("Ch", 3), Shape::Circle);
    /// ```
    pub fn of_spec(spec: &str, order: usize) -> Shape {
        let spec = spec.trim();
        let (name, params) = spec.split_once(':').unwrap_or((spec, ""));
        let shape = match name.trim() {
            "grid" => params.split_once(['x', 'X']).and_then(|(r, c)| {
                Some(Shape::Board {
                    rows: number(r)?,
                    cols: number(c)?,
                })
            }),
            "queens" => number(params).map(|n| Shape::Board { rows: n, cols: n }),
            "petersen" => params
                .split_once(',')
                .and_then(|(n, _)| number(n))
                .map(|n| Shape::Petersen { n }),
            "path" => Some(Shape::Path),
            "linked-c4" => number(params).map(|n| Shape::LinkedC4 {
                n,
                left: 0,
                right: 0,
            }),
            "linked-c4-b" => number(params).map(|n| Shape::LinkedC4 {
                n,
                left: 0,
                right: 2,
            }),
            "linked-c4-c" => number(params).map(|n| Shape::LinkedC4 {
                n,
                left: 2,
                right: 2,
            }),
            _ => None,
        };
        match shape {
            Some(shape) if shape.order() == Some(order) || shape == Shape::Path => shape,
            _ => Shape::Circle,
        }
    }

    /// The number of vertices the shape is for (`None`: any).
    fn order(self) -> Option<usize> {
        match self {
            Shape::Board { rows, cols } => rows.checked_mul(cols),
            Shape::Petersen { n } => Some(2 * n),
            Shape::LinkedC4 { n, left, right } => Some(left + n + 1 + right + 2 * n),
            Shape::Path | Shape::Circle => None,
        }
    }

    /// The name of vertex `v`: its cell (`r2c3`) on a board, else its number, as
    /// `kayles moves` names it.
    pub fn vertex_name(self, v: usize) -> String {
        match self {
            Shape::Board { rows, cols } if cols > 0 => Board { rows, cols }.label(v),
            _ => v.to_string(),
        }
    }
}

/// Vertex positions of a drawing, in pixels inside a box of the returned size (margins
/// included), and the preferred vertex radius.
pub struct Placement {
    /// The centre of each vertex.
    pub at: Vec<(f64, f64)>,
    /// The box's width and height.
    pub size: (f64, f64),
    /// Where labels are pushed away from (the drawing's centre, or a point below a line).
    pub centre: (f64, f64),
}

/// The margin around a drawing, room for the vertex names.
pub const DRAWING_MARGIN: f64 = 64.0;

/// Places the `order` vertices of a graph drawn in `shape` (not a board).
pub fn place(shape: Shape, order: usize) -> Placement {
    let m = DRAWING_MARGIN;
    match shape {
        Shape::Path if order > 1 => {
            // A snake: rows of up to 10 (as even as can be), left to right then right to
            // left.
            let per_row = order.div_ceil(order.div_ceil(10));
            let rows = order.div_ceil(per_row);
            let step = 80.0;
            let at = (0..order)
                .map(|v| {
                    let (row, i) = (v / per_row, v % per_row);
                    let col = if row % 2 == 0 { i } else { per_row - 1 - i };
                    (m + step * col as f64, m + step * row as f64)
                })
                .collect();
            let size = (
                2.0 * m + step * (per_row - 1) as f64,
                2.0 * m + step * (rows - 1) as f64,
            );
            Placement {
                at,
                size,
                centre: (size.0 / 2.0, size.1 / 2.0),
            }
        }
        Shape::LinkedC4 { n, left, right } => {
            let path_len = left + n + 1 + right;
            let step = 110.0;
            let (top, bottom) = (m, m + 1.3 * step);
            let mut at = vec![(0.0, 0.0); path_len + 2 * n];
            for (j, p) in at.iter_mut().enumerate().take(path_len) {
                *p = (m + step * j as f64, bottom);
            }
            for i in 0..n {
                let x = m + step * (left + i) as f64;
                at[path_len + 2 * i] = (x + 0.3 * step, top);
                at[path_len + 2 * i + 1] = (x + 0.7 * step, top);
            }
            let size = (2.0 * m + step * (path_len - 1) as f64, 2.0 * m + 1.3 * step);
            Placement {
                at,
                size,
                centre: (size.0 / 2.0, (top + bottom) / 2.0),
            }
        }
        Shape::Petersen { n } => {
            // Sized for all 2n vertices: the inner circle needs the room.
            let (side, outer) = circle_box(2 * n);
            let c = (side / 2.0, side / 2.0);
            let at = (0..2 * n)
                .map(|v| {
                    let (i, r) = if v < n {
                        (v, outer)
                    } else {
                        (v - n, outer * 0.55)
                    };
                    on_circle(c, r, i, n)
                })
                .collect();
            Placement {
                at,
                size: (side, side),
                centre: c,
            }
        }
        _ => {
            let (side, radius) = circle_box(order);
            let c = (side / 2.0, side / 2.0);
            let at = match order {
                0 => Vec::new(),
                1 => vec![c],
                _ => (0..order).map(|v| on_circle(c, radius, v, order)).collect(),
            };
            Placement {
                at,
                size: (side, side),
                centre: c,
            }
        }
    }
}

/// The side of a square drawing of `count` vertices on a circle, and the circle's radius:
/// at least 75 pixels between neighbours, at least 140 of radius.
fn circle_box(count: usize) -> (f64, f64) {
    let radius = (75.0 * count as f64 / (2.0 * PI)).clamp(140.0, 300.0);
    (2.0 * (radius + DRAWING_MARGIN), radius)
}

/// Point `i` of `count` on a circle, the first at the top, clockwise.
fn on_circle((cx, cy): (f64, f64), r: f64, i: usize, count: usize) -> (f64, f64) {
    let angle = 2.0 * PI * i as f64 / count.max(1) as f64 - PI / 2.0;
    (cx + r * angle.cos(), cy + r * angle.sin())
}
