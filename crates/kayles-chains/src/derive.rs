//! The derivation: the recurrence of a chain found by playing every kind of move on
//! segments long enough that the rest is untouched, and reading off what it leaves.
//!
//! `rho` is the widest link or cap attachment (at least 1). For a move, the copies it
//! deletes vertices of form its *middle*; the whole copies on its left and on its right are
//! the two *sides*. The remnant splits into connected components; those meeting the left
//! side make the left part, those meeting the right side the right part, and the rest are
//! bounded *pieces* (their value is found once by search, memoized by canonical code).
//!
//! * A **middle move** (pattern `p` at copy `i`, with at least `rho` whole copies on each
//!   side) is analysed once per pattern on a plain chain: its left part is the segment
//!   `[L | k | F_p]` with `k = i + lo_p - 1`, its right part `[E_p | m - t_p - k | R]`; the
//!   new ends `F_p`, `E_p` and the pieces do not depend on `L`, `R`, `i` or `m`
//!   (translation; no attachment of `L` or `R` reaches the middle). If a component meets
//!   both sides, the chain **does not split** and the derivation stops with that move.
//! * A **band move** of a left end `L` (played on `L` or at a copy `i` with
//!   `i + lo_p - 1 < rho`) is analysed on `[L | M | (none)]`: the copies `b..` after the
//!   last copy it touches stay whole; the right part is `[E' | m - (b - 1) | R]` and the
//!   rest are pieces. Right ends likewise.
//!
//! New ends are identified up to isomorphism ([`crate::ends`]); the types reachable from
//! the chain's own `[left cap | right cap]` are closed under these moves. Each type's
//! recurrence holds from `from = max(2 rho + t_max - 1, b - 1 + rho over its band moves)`;
//! below that, its values come from direct search. `docs/chains.md` has the proof.

use crate::ends::EndRegistry;
use crate::play::{self, Move, MoveSite, Pattern, PatternInfo};
use crate::recurrence::{Extra, Recurrence, Run, SegmentType};
use crate::segment::{self, Site};
use crate::spec::{Attach, Chain, End};
use kayles_core::canonical::{self, Canonizer};
use kayles_core::engine::SearchError;
use kayles_core::game::GameSolver;
use kayles_core::{GameKind, Graph, VertexSet};
use std::collections::{HashMap, VecDeque};

/// The most end types on one side before the derivation gives up.
pub const MAX_ENDS: usize = 400;
/// The most segment types.
pub const MAX_TYPES: usize = 4000;

/// Why no recurrence was derived.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DeriveError {
    /// A middle move leaves the two sides joined: the chain does not split.
    #[error("the chain does not split under {game} Kayles: {mv} leaves the copies on its left and on its right in one component ({path})")]
    NotSplit {
        /// The game.
        game: GameKind,
        /// The move, relative to its copy `i`.
        mv: String,
        /// A path from the left side to the right side avoiding the deleted vertices.
        path: String,
    },
    /// The end types keep growing.
    #[error("more than {limit} {what}: the ends do not stay bounded (last: {last})")]
    Unbounded {
        /// `left end types`, `segment types`.
        what: &'static str,
        /// The limit.
        limit: usize,
        /// The move that made the last one.
        last: String,
    },
    /// An end reaches deeper than `rho` (a bug, reported rather than hidden).
    #[error("internal: an end left by {mv} reaches {depth} copies deep, more than rho = {rho}")]
    Reach {
        /// The move.
        mv: String,
        /// Its reach.
        depth: usize,
        /// `rho`.
        rho: usize,
    },
    /// Direct search failed on a piece or a base value.
    #[error("search failed on {what}: {error}")]
    Search {
        /// What was searched.
        what: String,
        /// The error.
        error: SearchError,
    },
}

/// What one analysed move leaves besides its whole-copy parts.
#[derive(Debug, Clone)]
struct MiddleMove {
    info: PatternInfo,
    /// Right end of the left part.
    f: usize,
    /// Left end of the right part.
    e: usize,
    piece: u16,
}

#[derive(Debug, Clone)]
struct BandMove {
    name: String,
    piece: u16,
    /// The new end (left end for a left band move, right end for a right one).
    end: usize,
    shift: usize,
    need: usize,
}

/// Values of bounded pieces by search, memoized by canonical code.
struct Pieces<'s> {
    solver: &'s mut GameSolver,
    canonizer: Canonizer,
    memo: HashMap<Vec<u64>, u16>,
}

impl Pieces<'_> {
    fn value(&mut self, g: &Graph, what: &str) -> Result<u16, DeriveError> {
        let code = canonical::graph_code(&mut self.canonizer, g);
        if let Some(v) = code.as_ref().and_then(|c| self.memo.get(c)) {
            return Ok(*v);
        }
        let v = self.solver.nimber(g).map_err(|error| DeriveError::Search {
            what: what.to_string(),
            error,
        })? as u16;
        if let Some(c) = code {
            self.memo.insert(c, v);
        }
        Ok(v)
    }
}

/// The components of `g - deleted`, sorted by their least vertex.
fn remnant_components(g: &Graph, deleted: &[usize]) -> Vec<VertexSet> {
    let mut rest = g.vertices();
    for &v in deleted {
        rest.remove(v);
    }
    g.components(&rest)
}

/// Which side a vertex of a segment lies on, for a move: strictly left of the middle,
/// strictly right, or in it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Zone {
    Left,
    Middle,
    Right,
}

/// A remnant cut into the two parts and the pieces.
struct Cut {
    /// Middle vertices in a component of the left side.
    left: Vec<usize>,
    /// Middle vertices in a component of the right side.
    right: Vec<usize>,
    /// Pieces: components with no side vertex.
    pieces: Vec<VertexSet>,
    /// A component with vertices of both sides.
    joined: Option<VertexSet>,
}

fn cut(g: &Graph, deleted: &[usize], zone: impl Fn(usize) -> Zone) -> Cut {
    let mut c = Cut {
        left: Vec::new(),
        right: Vec::new(),
        pieces: Vec::new(),
        joined: None,
    };
    for comp in remnant_components(g, deleted) {
        let has = |z: Zone| comp.iter().any(|v| zone(v) == z);
        let (l, r) = (has(Zone::Left), has(Zone::Right));
        let middle: Vec<usize> = comp.iter().filter(|&v| zone(v) == Zone::Middle).collect();
        match (l, r) {
            (true, true) => {
                c.joined.get_or_insert(comp.clone());
            }
            (true, false) => c.left.extend(middle),
            (false, true) => c.right.extend(middle),
            (false, false) => c.pieces.push(comp),
        }
    }
    c
}

/// The end made of `set` (vertices of `g`), attached to the copies for which `depth`
/// gives a depth (`None` for a vertex that is not in a whole copy of that side).
fn end_of(g: &Graph, sites: &[Site], set: &[usize], depth: impl Fn(Site) -> Option<usize>) -> End {
    let index: HashMap<usize, usize> = set.iter().enumerate().map(|(i, &v)| (v, i)).collect();
    let mut end = End {
        order: set.len(),
        ..End::default()
    };
    for (i, &v) in set.iter().enumerate() {
        for w in g.neighbours(v).iter() {
            if let Some(&j) = index.get(&w) {
                if i < j {
                    end.edges.push((i, j));
                }
            } else if let Some(d) = depth(sites[w]) {
                let Site::Copy { vertex, .. } = sites[w] else {
                    unreachable!("depths are given for copy vertices only")
                };
                end.attach.push(Attach {
                    vertex: i,
                    copy_vertex: vertex,
                    depth: d,
                });
            }
        }
    }
    end.normalize();
    end
}

fn copy_of(site: Site) -> Option<usize> {
    match site {
        Site::Copy { copy, .. } => Some(copy),
        _ => None,
    }
}

/// A shortest path from a left-side vertex to a right-side vertex inside `comp`, named by
/// copy offsets from `origin`.
fn witness(
    g: &Graph,
    sites: &[Site],
    comp: &VertexSet,
    zone: impl Fn(usize) -> Zone,
    origin: usize,
) -> String {
    let mut prev: HashMap<usize, usize> = HashMap::new();
    let mut queue: VecDeque<usize> = comp.iter().filter(|&v| zone(v) == Zone::Left).collect();
    for &v in &queue {
        prev.insert(v, v);
    }
    while let Some(v) = queue.pop_front() {
        if zone(v) == Zone::Right {
            let mut path = vec![v];
            let mut x = v;
            while prev[&x] != x {
                x = prev[&x];
                path.push(x);
            }
            path.reverse();
            let names: Vec<String> = path
                .iter()
                .map(|&u| match sites[u] {
                    Site::Copy { copy, vertex } => {
                        let off = copy as isize - origin as isize;
                        match off {
                            0 => format!("vertex {vertex} of copy i"),
                            o if o > 0 => format!("vertex {vertex} of copy i+{o}"),
                            o => format!("vertex {vertex} of copy i{o}"),
                        }
                    }
                    s => s.to_string(),
                })
                .collect();
            return names.join(" - ");
        }
        for w in g.neighbours(v).iter() {
            if comp.contains(w) && !prev.contains_key(&w) {
                prev.insert(w, v);
                queue.push_back(w);
            }
        }
    }
    "no path found".into()
}

struct Deriver<'a, 's> {
    chain: &'a Chain,
    game: GameKind,
    rho: usize,
    patterns: Vec<PatternInfo>,
    middle: Vec<MiddleMove>,
    lefts: EndRegistry,
    rights: EndRegistry,
    left_band: HashMap<usize, Vec<BandMove>>,
    right_band: HashMap<usize, Vec<BandMove>>,
    pieces: Pieces<'s>,
    /// Copies of the band-analysis segments.
    band_copies: usize,
}

impl Deriver<'_, '_> {
    fn pattern(&self, p: Pattern) -> PatternInfo {
        *self
            .patterns
            .iter()
            .find(|i| i.pattern == p)
            .expect("every move of a copy is one of the patterns")
    }

    fn piece_value(
        &mut self,
        g: &Graph,
        pieces: &[VertexSet],
        what: &str,
    ) -> Result<u16, DeriveError> {
        let mut x = 0;
        for p in pieces {
            x ^= self.pieces.value(&g.induced_subgraph(p).0, what)?;
        }
        Ok(x)
    }

    fn intern(&mut self, left: bool, end: End, mv: &str) -> Result<usize, DeriveError> {
        if end.reach() > self.rho {
            return Err(DeriveError::Reach {
                mv: mv.to_string(),
                depth: end.reach(),
                rho: self.rho,
            });
        }
        let registry = if left {
            &mut self.lefts
        } else {
            &mut self.rights
        };
        let (id, _) = registry.intern(end);
        if registry.len() > MAX_ENDS {
            return Err(DeriveError::Unbounded {
                what: if left {
                    "left end types"
                } else {
                    "right end types"
                },
                limit: MAX_ENDS,
                last: mv.to_string(),
            });
        }
        Ok(id)
    }

    /// Analyses every middle pattern on a plain chain.
    fn analyse_middle(&mut self) -> Result<(), DeriveError> {
        let empty = End::empty();
        for info in self.patterns.clone() {
            let i = (self.rho as isize + 1 - info.lo) as usize;
            let a = self.rho; // i + lo - 1
            let b = (i as isize + info.hi + 1) as usize;
            let m = b - 1 + self.rho;
            let (g, sites) = segment::segment(self.chain, &empty, m, &empty);
            let mv = play::moves(self.game, &g, &sites)
                .into_iter()
                .find(|mv| {
                    mv.site
                        == MoveSite::Copy {
                            copy: i,
                            pattern: info.pattern,
                        }
                })
                .expect("the pattern occurs at copy i");
            let zone = |v: usize| match copy_of(sites[v]) {
                Some(c) if c <= a => Zone::Left,
                Some(c) if c >= b => Zone::Right,
                _ => Zone::Middle,
            };
            let c = cut(&g, &mv.deleted, zone);
            let name = format!("{} of copy i", info.pattern);
            if let Some(comp) = &c.joined {
                return Err(DeriveError::NotSplit {
                    game: self.game,
                    mv: format!("{name} (any middle copy i)"),
                    path: witness(&g, &sites, comp, zone, i),
                });
            }
            let f_end = end_of(&g, &sites, &c.left, |s| {
                copy_of(s).filter(|&j| j <= a).map(|j| a + 1 - j)
            });
            let e_end = end_of(&g, &sites, &c.right, |s| {
                copy_of(s).filter(|&j| j >= b).map(|j| j - b + 1)
            });
            let f = self.intern(false, f_end, &name)?;
            let e = self.intern(true, e_end, &name)?;
            let piece = self.piece_value(&g, &c.pieces, &name)?;
            self.middle.push(MiddleMove { info, f, e, piece });
        }
        Ok(())
    }

    fn band(&mut self, left: bool, id: usize) -> Result<(), DeriveError> {
        let map = if left {
            &self.left_band
        } else {
            &self.right_band
        };
        if map.contains_key(&id) {
            return Ok(());
        }
        let m = self.band_copies;
        let empty = End::empty();
        let (g, sites) = if left {
            segment::segment(self.chain, &self.lefts.get(id).clone(), m, &empty)
        } else {
            segment::segment(self.chain, &empty, m, &self.rights.get(id).clone())
        };
        let mut out = Vec::new();
        for mv in play::moves(self.game, &g, &sites) {
            let in_band = match mv.site {
                MoveSite::Left => left,
                MoveSite::Right => !left,
                MoveSite::Copy { copy, pattern } => {
                    let p = self.pattern(pattern);
                    if left {
                        (copy as isize + p.lo - 1) < self.rho as isize
                    } else {
                        (m as isize - copy as isize - p.hi) < self.rho as isize
                    }
                }
            };
            if in_band {
                out.push(self.band_move(left, &g, &sites, &mv)?);
            }
        }
        if left {
            self.left_band.insert(id, out);
        } else {
            self.right_band.insert(id, out);
        }
        Ok(())
    }

    fn band_move(
        &mut self,
        left: bool,
        g: &Graph,
        sites: &[Site],
        mv: &Move,
    ) -> Result<BandMove, DeriveError> {
        let m = self.band_copies;
        let touched = mv.deleted.iter().filter_map(|&v| copy_of(sites[v]));
        let name = if left {
            mv.name.clone()
        } else {
            // Copies counted from the right end: copy j of M is copy m+1-(M+1-j).
            rename_from_right(&mv.name, m)
        };
        // The whole copies of the side that keeps them, with their depth from the new end
        // (copies after the last one touched, or before the first), and the copies lost.
        let (shift, side): (usize, Box<dyn Fn(usize) -> Option<usize>>) = if left {
            let last = touched.max().unwrap_or(0);
            (last, Box::new(move |j| (j > last).then(|| j - last)))
        } else {
            let a = touched.min().unwrap_or(m + 1) - 1;
            (m - a, Box::new(move |j| (j <= a).then(|| a + 1 - j)))
        };
        let side_zone = if left { Zone::Right } else { Zone::Left };
        let zone = |v: usize| match copy_of(sites[v]).and_then(&side) {
            Some(_) => side_zone,
            None => Zone::Middle,
        };
        let c = cut(g, &mv.deleted, zone);
        let part = if left { &c.right } else { &c.left };
        let end = end_of(g, sites, part, |s| copy_of(s).and_then(&side));
        let need = shift + self.rho;
        assert!(need + 2 <= m, "band segments are long enough");
        let end = self.intern(left, end, &name)?;
        let piece = self.piece_value(g, &c.pieces, &name)?;
        Ok(BandMove {
            name,
            piece,
            end,
            shift,
            need,
        })
    }
}

/// `vertex 2 of copy 17` in a segment of `m` copies, renamed from the right end:
/// `vertex 2 of copy m-3`.
fn rename_from_right(name: &str, m: usize) -> String {
    let mut out = String::new();
    let mut rest = name;
    while let Some(at) = rest.find("copy ") {
        out += &rest[..at + 5];
        rest = &rest[at + 5..];
        let digits = rest.chars().take_while(|c| c.is_ascii_digit()).count();
        let j: usize = rest[..digits].parse().unwrap_or(0);
        let back = m - j;
        out += &if back == 0 {
            "m".to_string()
        } else {
            format!("m-{back}")
        };
        rest = &rest[digits..];
    }
    out + rest
}

/// Derives the recurrence of `chain` under `game` with a fresh solver.
///
/// ```
/// use kayles_chains::{derive, spec};
/// use kayles_core::GameKind;
/// let path = spec::parse("[gadget]\norder = 1\nlinks = [[0, 0, 1]]\n").unwrap();
/// let rec = derive::derive(&path, GameKind::Node).unwrap();
/// assert_eq!(rec.types.len(), 1); // Dawson's chess: one sequence
/// ```
///
/// # Errors
/// [`DeriveError::NotSplit`] naming a move that joins the sides; the other variants.
pub fn derive(chain: &Chain, game: GameKind) -> Result<Recurrence, DeriveError> {
    derive_with(chain, &mut play::solver(game))
}

/// [`derive()`] in the game of `solver`, whose memo is reused for pieces and base values
/// (and kept for the check after), and whose stop flag, if any, ends the derivation with
/// a [`DeriveError::Search`] whose error is `SearchError::Stopped`.
///
/// # Errors
/// As [`derive()`].
pub fn derive_with(chain: &Chain, solver: &mut GameSolver) -> Result<Recurrence, DeriveError> {
    let game = solver.game();
    let rho = chain
        .reach()
        .max(chain.left.reach())
        .max(chain.right.reach())
        .max(1);
    let patterns = play::patterns(chain, game);
    let t_max = patterns.iter().map(|p| p.width()).max().unwrap_or(1);
    let d = chain.reach();
    let mut dv = Deriver {
        chain,
        game,
        rho,
        patterns,
        middle: Vec::new(),
        lefts: EndRegistry::new(),
        rights: EndRegistry::new(),
        left_band: HashMap::new(),
        right_band: HashMap::new(),
        pieces: Pieces {
            solver,
            canonizer: Canonizer::new(),
            memo: HashMap::new(),
        },
        band_copies: 3 * rho + 2 * d + 6,
    };
    let (l0, _) = dv.lefts.intern(chain.left.clone());
    let (r0, _) = dv.rights.intern(chain.right.clone());
    dv.analyse_middle()?;
    let mut types: Vec<SegmentType> = Vec::new();
    let mut index: HashMap<(usize, usize), usize> = HashMap::new();
    let mut queue: VecDeque<usize> = VecDeque::new();
    let mut id_of = |pair: (usize, usize),
                     types: &mut Vec<SegmentType>,
                     queue: &mut VecDeque<usize>,
                     last: &str|
     -> Result<usize, DeriveError> {
        if let Some(&id) = index.get(&pair) {
            return Ok(id);
        }
        let id = types.len();
        if id >= MAX_TYPES {
            return Err(DeriveError::Unbounded {
                what: "segment types",
                limit: MAX_TYPES,
                last: last.to_string(),
            });
        }
        index.insert(pair, id);
        types.push(SegmentType {
            left: pair.0,
            right: pair.1,
            from: 0,
            base: Vec::new(),
            extras: Vec::new(),
            runs: Vec::new(),
        });
        queue.push_back(id);
        Ok(id)
    };
    id_of((l0, r0), &mut types, &mut queue, "the chain")?;
    while let Some(ty) = queue.pop_front() {
        let (l, r) = (types[ty].left, types[ty].right);
        dv.band(true, l)?;
        dv.band(false, r)?;
        let mut from = 2 * rho + t_max - 1;
        let mut extras: Vec<Extra> = Vec::new();
        let mut add_extra = |e: Extra| {
            if let Some(x) = extras
                .iter_mut()
                .find(|x| (x.piece, x.target, x.shift) == (e.piece, e.target, e.shift))
            {
                x.moves.extend(e.moves);
            } else {
                extras.push(e);
            }
        };
        for bm in dv.left_band[&l].clone() {
            from = from.max(bm.need);
            let target = id_of((bm.end, r), &mut types, &mut queue, &bm.name)?;
            add_extra(Extra {
                piece: bm.piece,
                target,
                shift: bm.shift,
                moves: vec![bm.name],
            });
        }
        for bm in dv.right_band[&r].clone() {
            from = from.max(bm.need);
            let target = id_of((l, bm.end), &mut types, &mut queue, &bm.name)?;
            add_extra(Extra {
                piece: bm.piece,
                target,
                shift: bm.shift,
                moves: vec![bm.name],
            });
        }
        let mut runs: Vec<Run> = Vec::new();
        for mm in dv.middle.clone() {
            let offset = 1 - mm.info.lo;
            let name = format!("{} of copy k+{offset}", mm.info.pattern);
            let left = id_of((l, mm.f), &mut types, &mut queue, &name)?;
            let right = id_of((mm.e, r), &mut types, &mut queue, &name)?;
            let t = mm.info.width();
            // The same run, or its mirror image over the same symmetric range.
            if let Some(x) = runs.iter_mut().find(|x| {
                (x.piece, x.t) == (mm.piece, t)
                    && ((x.left, x.right) == (left, right) || (x.left, x.right) == (right, left))
            }) {
                x.moves.push(name);
                continue;
            }
            runs.push(Run {
                left,
                right,
                piece: mm.piece,
                t,
                lo: rho,
                margin: rho,
                symmetric: left == right,
                moves: vec![name],
            });
        }
        let s = &mut types[ty];
        s.from = from;
        s.extras = extras;
        s.runs = runs;
    }
    // Base values by direct search.
    let left_ends = std::mem::take(&mut dv.lefts).into_ends();
    let right_ends = std::mem::take(&mut dv.rights).into_ends();
    for s in &mut types {
        for m in 0..s.from {
            let g = segment::segment_graph(chain, &left_ends[s.left], m, &right_ends[s.right]);
            let what = format!("[L{} | {m} | R{}]", s.left, s.right);
            let v = dv
                .pieces
                .solver
                .nimber(&g)
                .map_err(|error| DeriveError::Search { what, error })?;
            s.base.push(v as u16);
        }
    }
    let eval_order = eval_order(&types);
    Ok(Recurrence {
        name: chain.name.clone(),
        game,
        rho,
        left_ends,
        right_ends,
        types,
        eval_order,
        chain: chain.with_caps(End::empty(), End::empty()),
    })
}

/// Types ordered so that the target of every `shift = 0` extra comes first. Such an extra
/// deletes only end vertices, so its target's ends have fewer vertices: no cycles.
fn eval_order(types: &[SegmentType]) -> Vec<usize> {
    let n = types.len();
    let mut indegree = vec![0usize; n];
    let mut after: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (i, s) in types.iter().enumerate() {
        for e in s.extras.iter().filter(|e| e.shift == 0) {
            after[e.target].push(i);
            indegree[i] += 1;
        }
    }
    let mut ready: VecDeque<usize> = (0..n).filter(|&i| indegree[i] == 0).collect();
    let mut order = Vec::with_capacity(n);
    while let Some(i) = ready.pop_front() {
        order.push(i);
        for &j in &after[i] {
            indegree[j] -= 1;
            if indegree[j] == 0 {
                ready.push_back(j);
            }
        }
    }
    assert_eq!(order.len(), n, "shift-0 extras never form a cycle");
    order
}
