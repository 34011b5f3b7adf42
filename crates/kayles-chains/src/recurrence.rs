//! The derived recurrence as data ([`Recurrence`]): end types, segment types, and for each
//! segment type its options as bounded extras and runs of `type(k) xor type(m - t - k)`;
//! with the plain-text form a person checks against a paper ([`Recurrence::text`]) and the
//! JSON form (serde).
//!
//! A segment type `s = [L | R]` has the value sequence `s(m) = g([L | m | R])`. For
//! `m >= s.from` its options are exactly
//!
//! * each [`Extra`]: `piece xor target(m - shift)`, and
//! * each [`Run`]: `piece xor left(k) xor right(m - t - k)` for `lo <= k <= m - t - margin`
//!   (only `k <= (m - t) / 2` when `left == right`: the other half repeats it);
//!
//! below `from` the values are [`SegmentType::base`], found by direct search.

use crate::segment;
use crate::spec::{Chain, End};
use kayles_core::{GameKind, Graph};
use serde::Serialize;
use std::fmt::Write;

/// One bounded option family: `piece xor target(m - shift)`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct Extra {
    /// Xor of the values of the bounded pieces the move leaves.
    pub piece: u16,
    /// The segment type of the part that keeps the whole copies.
    pub target: usize,
    /// How many whole copies the move costs it.
    pub shift: usize,
    /// The move, e.g. `vertex 0 of copy 2` (copies counted from the left end, or
    /// `copy m+1-j` from the right end).
    pub moves: Vec<String>,
}

/// One run of options: `piece xor left(k) xor right(m - t - k)` for
/// `lo <= k <= m - t - margin`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct Run {
    /// Segment type of the left part.
    pub left: usize,
    /// Segment type of the right part.
    pub right: usize,
    /// Xor of the bounded pieces between them.
    pub piece: u16,
    /// Copies the two parts lose together: `k + t + (m - t - k) = m`... i.e. the left part
    /// keeps `k` whole copies and the right part `m - t - k`.
    pub t: usize,
    /// Least `k`.
    pub lo: usize,
    /// Least `m - t - k`.
    pub margin: usize,
    /// `left == right`: only `k <= (m - t) / 2` is listed.
    pub symmetric: bool,
    /// The middle moves it stands for (played at copy `k + offset`).
    pub moves: Vec<String>,
}

impl Run {
    /// The range of `k` at `m` (empty when `lo > hi`).
    pub fn range(&self, m: usize) -> (usize, isize) {
        let hi = m as isize - self.t as isize - self.margin as isize;
        let hi = if self.symmetric {
            hi.min((m as isize - self.t as isize).div_euclid(2))
        } else {
            hi
        };
        (self.lo, hi)
    }
}

/// A segment type `[left | m | right]` and its recurrence.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SegmentType {
    /// Left end type.
    pub left: usize,
    /// Right end type.
    pub right: usize,
    /// The recurrence holds for `m >= from`.
    pub from: usize,
    /// `s(0..from)` by direct search.
    pub base: Vec<u16>,
    /// Bounded options.
    pub extras: Vec<Extra>,
    /// Runs of options.
    pub runs: Vec<Run>,
}

impl SegmentType {
    /// `s(m)` when `m < from` (found by search), `None` where the recurrence gives it.
    pub fn base_value(&self, m: usize) -> Option<u16> {
        (m < self.from).then(|| self.base[m])
    }
}

/// The recurrence of a chain: every segment type reachable from the chain itself
/// (type 0), with its options.
#[derive(Debug, Clone, Serialize)]
pub struct Recurrence {
    /// The chain's name.
    pub name: String,
    /// The game (`node` or `arc` in JSON).
    pub game: GameKind,
    /// The separation `rho`: the widest link or cap attachment (at least 1). Runs keep at
    /// least `rho` whole copies on each side, so the parts' ends never meet.
    pub rho: usize,
    /// Left end types (representatives); left end 0 is the chain's left cap.
    pub left_ends: Vec<End>,
    /// Right end types; right end 0 is the chain's right cap.
    pub right_ends: Vec<End>,
    /// Segment types; type 0 is the chain itself.
    pub types: Vec<SegmentType>,
    /// An order of the types in which every extra with `shift = 0` comes after its target.
    pub eval_order: Vec<usize>,
    /// The gadget and links (caps are in the ends).
    #[serde(skip)]
    pub chain: Chain,
}

impl Recurrence {
    /// The graph of segment type `ty` with `m` whole copies.
    pub fn segment_graph(&self, ty: usize, m: usize) -> Graph {
        let s = &self.types[ty];
        segment::segment_graph(
            &self.chain,
            &self.left_ends[s.left],
            m,
            &self.right_ends[s.right],
        )
    }

    /// The largest `from` over the types.
    pub fn from_max(&self) -> usize {
        self.types.iter().map(|s| s.from).max().unwrap_or(0)
    }

    /// The largest extra shift.
    pub fn shift_max(&self) -> usize {
        let extras = self.types.iter().flat_map(|s| &s.extras);
        extras.map(|e| e.shift).max().unwrap_or(0)
    }

    /// The largest run width `t`.
    pub fn t_max(&self) -> usize {
        let runs = self.types.iter().flat_map(|s| &s.runs);
        runs.map(|r| r.t).max().unwrap_or(0)
    }

    /// The recurrence as text: ends, types, and one `mex` per type.
    pub fn text(&self) -> String {
        let mut s = String::new();
        let name = if self.name.is_empty() {
            "(unnamed)"
        } else {
            &self.name
        };
        let _ = writeln!(
            s,
            "# chain {name}, {} Kayles: {} segment types, rho = {}",
            self.game,
            self.types.len(),
            self.rho
        );
        let _ = writeln!(
            s,
            "# s[L|R](m) is the value of end L, m whole copies, end R; '+' is xor, s0 is the chain"
        );
        for (side, ends) in [("L", &self.left_ends), ("R", &self.right_ends)] {
            for (i, e) in ends.iter().enumerate() {
                let _ = writeln!(s, "end {side}{i}: {}", describe_end(e, side == "L"));
            }
        }
        for (i, t) in self.types.iter().enumerate() {
            let _ = writeln!(s, "s{i} = [L{} | m | R{}]", t.left, t.right);
        }
        for (i, t) in self.types.iter().enumerate() {
            let base: Vec<String> = t.base.iter().map(|v| v.to_string()).collect();
            let _ = writeln!(
                s,
                "\ns{i}(0..{}) = {}   (direct search)",
                t.from,
                base.join(", ")
            );
            let _ = writeln!(s, "s{i}(m) for m >= {} = mex of", t.from);
            for e in &t.extras {
                let piece = if e.piece == 0 {
                    String::new()
                } else {
                    format!("{} + ", e.piece)
                };
                let _ = writeln!(
                    s,
                    "    {piece}s{}(m-{})    [{}]",
                    e.target,
                    e.shift,
                    e.moves.join("; ")
                );
            }
            for r in &t.runs {
                let piece = if r.piece == 0 {
                    String::new()
                } else {
                    format!("{} + ", r.piece)
                };
                let upper = if r.symmetric {
                    format!("(m-{})/2", r.t)
                } else {
                    format!("m-{}", r.t + r.margin)
                };
                let _ = writeln!(
                    s,
                    "    {piece}s{}(k) + s{}(m-{}-k) for {} <= k <= {upper}    [{}]",
                    r.left,
                    r.right,
                    r.t,
                    r.lo,
                    r.moves.join("; ")
                );
            }
        }
        s
    }
}

/// `2 vertices, edges 0-1; 1 ~ vertex 0 of copy 1`.
fn describe_end(e: &End, left: bool) -> String {
    if e.order == 0 {
        return "no vertices".into();
    }
    let mut s = format!(
        "{} {}",
        e.order,
        if e.order == 1 { "vertex" } else { "vertices" }
    );
    if !e.edges.is_empty() {
        let edges: Vec<String> = e.edges.iter().map(|(u, v)| format!("{u}-{v}")).collect();
        let _ = write!(s, ", edges {}", edges.join(" "));
    }
    let attach: Vec<String> = e
        .attach
        .iter()
        .map(|a| {
            let copy = if left {
                format!("{}", a.depth)
            } else if a.depth == 1 {
                "m".to_string()
            } else {
                format!("m-{}", a.depth - 1)
            };
            format!("{} ~ vertex {} of copy {copy}", a.vertex, a.copy_vertex)
        })
        .collect();
    if !attach.is_empty() {
        let _ = write!(s, "; {}", attach.join(", "));
    }
    s
}
