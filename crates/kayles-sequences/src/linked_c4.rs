//! The linked 4-cycle sequence (OEIS A316629) and its companions `b`, `c`: the corrected
//! recurrence ([`terms`]) and the published one read literally ([`published_terms`]).
//!
//! `L_n` has the path `u_1 .. u_{n+1}` and, for each `i`, the 4-cycle
//! `u_i v_i w_i u_{i+1}`. `a(n) = g(L_n)`; `b(n)` extends the `u`-path by two vertices on
//! the right, `c(n)` on both sides. Conventions: `a(0) = 1` (`L_0` is one vertex),
//! `b(-1) = 0` (the empty graph), `c(-1) = 1` (the path `P_2`), `b(0) = g(P_3) = 2`,
//! `c(0) = g(P_5) = 3`. `+` is xor.
//!
//! # The corrected recurrence (`n >= 1`)
//!
//! ```text
//! a(n) = mex{ a(n-2-i) + b(i)   for -1 <= i <= n-2    (v_i, w_i; i = n-2 is u_1, u_{n+1})
//!             b(i) + b(n-4-i)   for -1 <= i <= n-3 }  (u_i, 2 <= i <= n)
//! b(n) = mex{ a(n), b(n-2),                           (u_{n+3}; u_{n+1})
//!             b(i) + b(n-2-i)   for -1 <= i <= n-1    (v_i; i = -1 is u_{n+2})
//!             a(i) + c(n-2-i)   for  0 <= i <= n-1    (w_i; i = 0 is also u_1)
//!             b(i) + c(n-4-i)   for -1 <= i <= n-3 }  (u_i, 2 <= i <= n)
//! c(n) = mex{ b(n), c(n-1), c(n-2),                   (u_{-1}; u_0; u_1)
//!             c(i) + b(n-2-i)   for -1 <= i <= n-2    (v_i, w_i)
//!             c(i) + c(n-4-i)   for -1 <= i <= n-3 }  (u_i, 2 <= i <= n)
//! ```
//!
//! Each line lists one family of options per kind of move; [`crate::moves::move_pieces`]
//! gives the pieces of every single move and `moves::check_moves` verifies them on the
//! graphs by canonical codes. The moves, for `L_n`:
//!
//! * `v_i` deletes `u_i, v_i, w_i`. Left of it the square `i-1` has lost `u_i`: `v_{i-1}
//!   w_{i-1}` hangs from `u_{i-1}` as a 2-path, so the left part is `b(i-2)`; the right
//!   part `u_{i+1} ..` is `L_{n-i}`, value `a(n-i)`. (`w_i` is the mirror image.)
//! * `u_i` (`2 <= i <= n`) deletes `u_{i-1}, u_i, u_{i+1}, v_i, w_{i-1}`, isolating
//!   `v_{i-1}` and `w_i` (their values cancel) and leaving `b(i-3)` on the left and
//!   `b(n-i-1)` (mirrored) on the right. `u_1` deletes `u_1, u_2, v_1`: `w_1` alone and
//!   `b(n-2)` mirrored, value `1 + b(n-2) = a(0) + b(n-2)`.
//!
//! For `b(n)` the right part of every move keeps the extra 2-path, which turns `a` into
//! `b` and `b` into `c` on that side, and adds the moves on the extra path: `u_{n+3}`
//! (leaves `a(n)`), `u_{n+2}` (leaves `b(n-1)`), `u_{n+1}` (leaves `b(n-2)` and two
//! isolated vertices). For `c(n)` both sides keep their 2-paths, and the path moves give
//! `b(n)`, `c(n-1)`, `c(n-2)`.
//!
//! # What was wrong in the published recurrence
//!
//! The `a` and `b` lines are the lines above written out term by term. The `c` line's run
//! `b(n-1)+c(-1), b(n-2)+c(0), .., b(floor(n/2))+c(n-2-floor((n-2)/2))` stops half way
//! (as if `b + c` were symmetric like `c + c`), and its last term has an index slip: the
//! indices of its written last term add up to `n-1`, not `n-2`. The full run goes down to
//! `b(0)+c(n-2)` ([`claims_style_options`] with `corrected = true`). The published initial
//! value `c(2) = 1` is wrong too (it is 2). Fed with correct values, the `a` and `b` lines
//! give correct terms; it is the wrong `c` values that spoil the rest: from the published
//! initial values the first wrong terms are `c(2)`, `b(8)`, `a(11)`, and
//! [`published_terms`] reproduces `a(12) = 2` (search: 5); from correct initial values
//! ([`CORRECTED_INITIAL`]) the literal lines first go wrong at `c(3)`, `b(7)`, `a(13)`.

use crate::kernel;
use kayles_core::{families, mex, Graph};
use std::fmt;

/// One of the three graph families of the recurrence.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Family {
    /// `a(n)`: `L_n`, the family `linked-c4:N`.
    A,
    /// `b(n)`: `L_n` with the `u`-path extended by two vertices on the right
    /// (`linked-c4-b:N`).
    B,
    /// `c(n)`: `L_n` with the `u`-path extended by two vertices on both sides
    /// (`linked-c4-c:N`).
    C,
}

impl Family {
    /// All three, in the order the recurrence computes them for one `n`.
    pub const ALL: [Family; 3] = [Family::A, Family::B, Family::C];

    /// The `kayles_core::families` template of the family (`linked-c4`, ...).
    pub fn template(self) -> &'static str {
        match self {
            Family::A => "linked-c4",
            Family::B => "linked-c4-b",
            Family::C => "linked-c4-c",
        }
    }

    /// The family a sequence template names (`linked-c4`, `linked-c4-b:N`, ...), if it is one
    /// of the three the recurrence computes.
    ///
    /// ```
    /// use kayles_sequences::moves::Family;
    /// assert_eq!(Family::from_template("linked-c4-b:N"), Some(Family::B));
    /// assert_eq!(Family::from_template("linked-c4-alt"), None);
    /// ```
    pub fn from_template(template: &str) -> Option<Family> {
        let name = template.split(':').next().unwrap_or(template).trim();
        Family::ALL.into_iter().find(|f| f.template() == name)
    }

    /// The family graph of index `n` (`n >= 0`).
    ///
    /// # Panics
    /// If the graph is larger than `kayles_core::families::MAX_FAMILY_ORDER`.
    pub fn graph(self, n: usize) -> Graph {
        families::build(&families::term_spec(self.template(), n))
            .expect("linked-c4 family specs are valid")
    }

    /// The letter of the sequence: `a`, `b` or `c`.
    pub fn letter(self) -> char {
        match self {
            Family::A => 'a',
            Family::B => 'b',
            Family::C => 'c',
        }
    }

    /// Number of path vertices left of `u_1` (0, 0, 2).
    pub(crate) fn left(self) -> usize {
        match self {
            Family::C => 2,
            _ => 0,
        }
    }

    /// Number of path vertices right of `u_{n+1}` (0, 2, 2).
    pub(crate) fn right(self) -> usize {
        match self {
            Family::A => 0,
            _ => 2,
        }
    }
}

impl fmt::Display for Family {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// Terms of `a`, `b`, `c` for indices `0..=n_max`: `a[n] = a(n)` (`a[0] = 1`, `L_0`),
/// `b[n] = b(n)`, `c[n] = c(n)`. The conventions `b(-1) = 0` and `c(-1) = 1` are
/// [`B_MINUS_1`] and [`C_MINUS_1`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LinkedC4Terms {
    /// `a(0..=n_max)`; A316629 is `a[1..]`.
    pub a: Vec<u16>,
    /// `b(0..=n_max)`.
    pub b: Vec<u16>,
    /// `c(0..=n_max)`.
    pub c: Vec<u16>,
}

/// `b(-1)`: the empty graph.
pub const B_MINUS_1: u16 = 0;
/// `c(-1)`: the path on two vertices.
pub const C_MINUS_1: u16 = 1;

impl LinkedC4Terms {
    /// The largest index computed.
    pub fn n_max(&self) -> usize {
        self.a.len() - 1
    }

    /// The term of `family` at `n`.
    ///
    /// # Panics
    /// If `n > n_max`.
    pub fn get(&self, family: Family, n: usize) -> u16 {
        match family {
            Family::A => self.a[n],
            Family::B => self.b[n],
            Family::C => self.c[n],
        }
    }

    /// The term of `family` at `n >= -1`, with `a(-1)` read as 0 (never used) and the
    /// conventions for `b(-1)`, `c(-1)`.
    fn at(&self, family: Family, n: i64) -> u16 {
        match (family, n) {
            (Family::A, -1) => 0,
            (Family::B, -1) => B_MINUS_1,
            (Family::C, -1) => C_MINUS_1,
            _ => self.get(family, n as usize),
        }
    }
}

/// The three sequences stored for fast runs: `fwd[f][k + 1]` is the term `k >= -1` of
/// sequence `f` (0 = a, 1 = b, 2 = c), and `rev[f]` the same array reversed, so that the
/// run `x(i) + y(s - i)` for `i` in `lo..=hi` is a pair of forward slices.
struct Store {
    len: usize,
    fwd: [Vec<u16>; 3],
    rev: [Vec<u16>; 3],
    /// OR of every value stored: every xor is at most this, bit-wise.
    bits: u16,
}

const A: usize = 0;
const B: usize = 1;
const C: usize = 2;

impl Store {
    fn new(n_max: usize) -> Self {
        let len = n_max + 2;
        Store {
            len,
            fwd: [vec![0; len], vec![0; len], vec![0; len]],
            rev: [vec![0; len], vec![0; len], vec![0; len]],
            bits: 0,
        }
    }

    /// Stores term `k >= -1` of sequence `f`.
    fn set(&mut self, f: usize, k: i64, v: u16) {
        let at = (k + 1) as usize;
        self.fwd[f][at] = v;
        self.rev[f][self.len - 1 - at] = v;
        self.bits |= v;
    }

    fn get(&self, f: usize, k: i64) -> u16 {
        self.fwd[f][(k + 1) as usize]
    }

    /// The run `x(i) + y(s - i)` for `lo <= i <= hi` as two slices (empty if `lo > hi`).
    fn run(&self, x: usize, y: usize, s: i64, lo: i64, hi: i64) -> (&[u16], &[u16]) {
        if lo > hi {
            return (&[], &[]);
        }
        let xs = &self.fwd[x][(lo + 1) as usize..=(hi + 1) as usize];
        let base = self.len as i64 - 2 - s;
        let ys = &self.rev[y][(base + lo) as usize..=(base + hi) as usize];
        (xs, ys)
    }

    fn into_terms(self) -> LinkedC4Terms {
        let [a, b, c] = self.fwd.map(|v| v[1..].to_vec());
        LinkedC4Terms { a, b, c }
    }
}

/// A run of options `x(i) + y(sum - i)` for `lo <= i <= hi` (sequence slots 0 = a,
/// 1 = b, 2 = c).
#[derive(Debug, Clone, Copy)]
struct RunSpec {
    x: usize,
    y: usize,
    sum: i64,
    lo: i64,
    hi: i64,
}

const fn run(x: usize, y: usize, sum: i64, lo: i64, hi: i64) -> RunSpec {
    RunSpec { x, y, sum, lo, hi }
}

/// The options of the corrected recurrence at `n >= 1` for one sequence: the single
/// values and the runs, exactly the lines of the module docs. Symmetric runs (`x = y`)
/// stop half way.
fn option_runs(family: Family, n: i64, s: &Store) -> (Vec<u16>, Vec<RunSpec>) {
    let half = |sum: i64| sum.div_euclid(2);
    match family {
        Family::A => (
            vec![],
            vec![
                run(B, A, n - 2, -1, n - 2),
                run(B, B, n - 4, -1, half(n - 4)),
            ],
        ),
        Family::B => (
            vec![s.get(A, n), s.get(B, n - 2)],
            vec![
                run(B, B, n - 2, -1, half(n - 2)),
                run(A, C, n - 2, 0, n - 1),
                run(B, C, n - 4, -1, n - 3),
            ],
        ),
        Family::C => (
            vec![s.get(B, n), s.get(C, n - 1), s.get(C, n - 2)],
            vec![
                run(C, B, n - 2, -1, n - 2),
                run(C, C, n - 4, -1, half(n - 4)),
            ],
        ),
    }
}

fn initial_store(n_max: usize) -> Store {
    let mut s = Store::new(n_max);
    s.set(A, 0, 1);
    s.set(B, -1, B_MINUS_1);
    s.set(B, 0, 2);
    s.set(C, -1, C_MINUS_1);
    s.set(C, 0, 3);
    s
}

fn slot(family: Family) -> usize {
    match family {
        Family::A => A,
        Family::B => B,
        Family::C => C,
    }
}

/// The most terms the recurrence computes (each of `a`, `b`, `c`): its time grows as the
/// square of the terms (`n_max = 110949` takes about 6 s of CPU, so 10^7 take about half a
/// day) and its memory by 18 bytes a term (180 MB here). Each term needs every one before
/// it, so streaming them would not lift the bound: it is the time.
pub const MAX_TERMS: usize = 10_000_000;

/// A request for more terms than [`MAX_TERMS`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "the recurrence computes at most {max} terms (its time grows as the square of the terms: \
     110949 take about 6 s, {max} about half a day); {asked} asked for",
    max = MAX_TERMS
)]
pub struct TooManyTerms {
    /// The last index asked for.
    pub asked: usize,
}

/// The corrected recurrence computed term by term, as far as it is asked: the terms of
/// `0..=n` are computed when term `n` is first asked for, so a caller can hand each term
/// on as soon as it is known. Its store is allocated for `n_max` once.
///
/// ```
/// use kayles_sequences::linked_c4::{Recurrence, MAX_TERMS};
/// use kayles_sequences::moves::Family;
/// let mut rec = Recurrence::new(12).unwrap();
/// assert_eq!(rec.term(Family::A, 5), 2);
/// assert_eq!(rec.term(Family::A, 12), 5);
/// assert!(Recurrence::new(99_999_999_999).is_err()); // refused, nothing allocated
/// ```
pub struct Recurrence {
    store: Store,
    seen: Vec<bool>,
    /// The first index not yet computed.
    next: usize,
    n_max: usize,
}

impl Recurrence {
    /// A recurrence that will compute terms up to `n_max` (at most [`MAX_TERMS`]).
    pub fn new(n_max: usize) -> Result<Recurrence, TooManyTerms> {
        if n_max > MAX_TERMS {
            return Err(TooManyTerms { asked: n_max });
        }
        Ok(Recurrence {
            store: initial_store(n_max),
            seen: Vec::new(),
            next: 1,
            n_max,
        })
    }

    /// Term `n` of `family`, computing every term up to `n` not yet computed.
    ///
    /// # Panics
    /// If `n` is above the `n_max` the recurrence was made for.
    pub fn term(&mut self, family: Family, n: usize) -> u16 {
        assert!(n <= self.n_max, "term {n} is above n_max = {}", self.n_max);
        while self.next <= n {
            self.step();
        }
        self.store.get(slot(family), n as i64)
    }

    /// Computes the three terms of index `self.next`.
    fn step(&mut self) {
        let (s, n) = (&mut self.store, self.next as i64);
        for family in Family::ALL {
            // Every xor is at most `bits`; the mex is at most the number of options.
            let width = (usize::from(s.bits) + 1).next_power_of_two() * 2;
            if self.seen.len() < width {
                self.seen.resize(width, false);
            }
            let (singles, specs) = option_runs(family, n, s);
            let runs: Vec<(&[u16], &[u16])> = specs
                .iter()
                .map(|r| s.run(r.x, r.y, r.sum, r.lo, r.hi))
                .collect();
            let v = kernel::mex_of_runs(&singles, &runs, &mut self.seen);
            s.set(slot(family), n, v);
        }
        self.next += 1;
    }
}

/// The corrected recurrence: `a`, `b`, `c` for `n = 0..=n_max` (see the module docs).
/// `O(n_max^2)` time, `O(n_max)` memory; the mex of each term is found by
/// [`kernel::mex_of_runs`]. `n_max = 110949` takes about 6 s of CPU (release, AVX2).
///
/// ```
/// let t = kayles_sequences::linked_c4::terms(12);
/// assert_eq!(t.a[1..], [0, 1, 3, 4, 2, 3, 1, 2, 0, 4, 6, 5]);
/// ```
///
/// # Panics
/// If `n_max` is above [`MAX_TERMS`] ([`Recurrence::new`] refuses it instead), or a term
/// reaches 65535 (far beyond any computable range).
pub fn terms(n_max: usize) -> LinkedC4Terms {
    let mut rec = Recurrence::new(n_max).unwrap_or_else(|e| panic!("{e}"));
    rec.term(Family::A, n_max);
    rec.store.into_terms()
}

/// The corrected recurrence computed the plain way: for every term, every option value
/// marked in a table, then the mex. The reference [`terms`] is tested against.
pub fn terms_reference(n_max: usize) -> LinkedC4Terms {
    let mut s = initial_store(n_max);
    for n in 1..=n_max as i64 {
        for family in Family::ALL {
            let (singles, specs) = option_runs(family, n, &s);
            let mut seen = vec![false; 2 * (usize::from(s.bits) + 1).next_power_of_two()];
            for v in singles {
                seen[usize::from(v)] = true;
            }
            for r in specs {
                for i in r.lo..=r.hi {
                    seen[usize::from(s.get(r.x, i) ^ s.get(r.y, r.sum - i))] = true;
                }
            }
            let v = seen
                .iter()
                .position(|&b| !b)
                .expect("table wider than the options") as u16;
            s.set(slot(family), n, v);
        }
    }
    s.into_terms()
}

/// The initial values of the published recurrence: `a(1..=3)`, `b(0..=4)`, `c(-1..=2)`
/// as `(family, index, value)`. `c(2) = 1` is wrong (search gives 2).
pub const PUBLISHED_INITIAL: [(Family, i64, u16); 12] = [
    (Family::A, 1, 0),
    (Family::A, 2, 1),
    (Family::A, 3, 3),
    (Family::B, 0, 2),
    (Family::B, 1, 1),
    (Family::B, 2, 3),
    (Family::B, 3, 2),
    (Family::B, 4, 5),
    (Family::C, -1, 1),
    (Family::C, 0, 3),
    (Family::C, 1, 0),
    (Family::C, 2, 1),
];

/// The initial values of the corrected recurrence in the style of `docs/claims/README.md`: the
/// published ones with `c(2) = 2`.
pub const CORRECTED_INITIAL: [(Family, i64, u16); 12] = {
    let mut v = PUBLISHED_INITIAL;
    v[11] = (Family::C, 2, 2);
    v
};

/// The option values of one line of the published recurrence (`docs/claims/README.md` section 3)
/// at `n`, read literally, with the smaller terms taken from `t` (`a(0) = 1`,
/// `b(-1) = 0`, `c(-1) = 1`). A run `x(p) + y(q), x(p-1) + y(q+1), .., X` steps both
/// indices by one from its first written term while the first index has not passed the
/// first index of the written last term `X`; `X` is included as written. The `b(0) +
/// c(n-4), .., b(n-5) + c(1)` run of the `b` line rises in its first index. Meant for
/// `n >= 4` (`a`), `n >= 5` (`b`), `n >= 3` (`c`), above the published initial values.
///
/// # Panics
/// If a needed term is missing from `t`.
pub fn published_options(family: Family, n: i64, t: &LinkedC4Terms) -> Vec<u16> {
    claims_style_options(family, n, t, false)
}

/// The lines of `docs/claims/README.md` section 3 at `n` ([`published_options`]), either as
/// published (`corrected = false`) or corrected (`corrected = true`): the only change is in the `c`
/// line, whose run `b(n-1)+c(-1), b(n-2)+c(0), ..` goes on to `b(0)+c(n-2)` (instead of
/// stopping at `b(floor(n/2))` with the slipped last term
/// `b(floor(n/2))+c(n-2-floor((n-2)/2))`). The corrected lines are the recurrence of
/// [`terms`] written term by term.
///
/// # Panics
/// If a needed term is missing from `t`.
pub fn claims_style_options(
    family: Family,
    n: i64,
    t: &LinkedC4Terms,
    corrected: bool,
) -> Vec<u16> {
    use Family::{A as FA, B as FB, C as FC};
    let g = |f: Family, k: i64| t.at(f, k);
    // x(p - j) + y(q + j) for j = 0, 1, .. while p - j >= end_p.
    let run = |out: &mut Vec<u16>, x: Family, y: Family, p: i64, q: i64, end_p: i64| {
        let mut j = 0;
        while p - j >= end_p {
            out.push(g(x, p - j) ^ g(y, q + j));
            j += 1;
        }
    };
    let mut o = Vec::new();
    match family {
        FA => {
            o.push(g(FA, n - 1));
            run(&mut o, FA, FB, n - 2, 0, 1);
            o.push(g(FB, n - 3));
            o.push(g(FB, n - 2) ^ 1);
            let h = (n - 4).div_euclid(2);
            run(&mut o, FB, FB, n - 4, 0, n - 4 - h);
            o.push(g(FB, n - 4 - h) ^ g(FB, h));
        }
        FB => {
            o.extend([
                g(FA, n),
                g(FA, n - 1) ^ C_MINUS_1,
                g(FB, n - 1),
                g(FB, n - 2),
                g(FC, n - 2) ^ 1,
                g(FC, n - 3),
                g(FA, 1) ^ g(FC, n - 3),
            ]);
            run(&mut o, FA, FC, n - 2, 0, 2);
            let h = (n - 1).div_euclid(2);
            run(&mut o, FB, FB, n - 2, 0, h);
            o.push(g(FB, h) ^ g(FB, n - 2 - h));
            o.push(g(FB, n - 3) ^ C_MINUS_1);
            o.push(g(FB, n - 4) ^ g(FC, 0));
            for k in 0..=n - 5 {
                o.push(g(FB, k) ^ g(FC, n - 4 - k));
            }
        }
        FC => {
            o.extend([
                g(FC, n - 2),
                g(FB, n - 1) ^ C_MINUS_1,
                g(FB, n),
                g(FC, n - 1),
            ]);
            if corrected {
                run(&mut o, FB, FC, n - 2, 0, 0);
            } else {
                let h = n.div_euclid(2);
                run(&mut o, FB, FC, n - 2, 0, h);
                o.push(g(FB, h) ^ g(FC, n - 2 - (n - 2).div_euclid(2)));
            }
            let h3 = (n - 3).div_euclid(2);
            run(&mut o, FC, FC, n - 3, -1, h3);
            o.push(g(FC, h3) ^ g(FC, n - 4 - h3));
        }
    }
    o
}

/// The published recurrence of `docs/claims/README.md` section 3, read literally
/// ([`published_options`]), from its initial values ([`PUBLISHED_INITIAL`]; `a(0) = 1`
/// for the `b(n-2)+1` term). Wrong: kept to show how it fails (`a(12) = 2`, search
/// gives 5).
pub fn published_terms(n_max: usize) -> LinkedC4Terms {
    claims_style_terms(n_max, &PUBLISHED_INITIAL, false)
}

/// The lines of [`claims_style_options`] (published or corrected) run from the given
/// initial values: each line from the first index above its initial values (`a` from 4,
/// `b` from 5, `c` from 3), `a(0) = 1`. With [`CORRECTED_INITIAL`] and `corrected = true`
/// this is [`terms`], slowly.
pub fn claims_style_terms(
    n_max: usize,
    initial: &[(Family, i64, u16)],
    corrected: bool,
) -> LinkedC4Terms {
    let zeros = vec![0u16; n_max + 1];
    let mut t = LinkedC4Terms {
        a: zeros.clone(),
        b: zeros.clone(),
        c: zeros,
    };
    t.a[0] = 1;
    let first = |f: Family| match f {
        Family::A => 4,
        Family::B => 5,
        Family::C => 3,
    };
    for &(f, k, v) in initial {
        if k >= 0 && k as usize <= n_max {
            set(&mut t, f, k as usize, v);
        }
    }
    for n in 1..=n_max as i64 {
        for f in Family::ALL {
            if n >= first(f) {
                let v = mex::of_values(claims_style_options(f, n, &t, corrected));
                set(&mut t, f, n as usize, v);
            }
        }
    }
    t
}

fn set(t: &mut LinkedC4Terms, f: Family, n: usize, v: u16) {
    match f {
        Family::A => t.a[n] = v,
        Family::B => t.b[n] = v,
        Family::C => t.c[n] = v,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Terms asked for one at a time, out of order, are the plain recurrence's.
    #[test]
    fn terms_computed_as_asked_are_the_reference() {
        let reference = terms_reference(300);
        let mut rec = Recurrence::new(300).unwrap();
        for n in [0, 7, 3, 150, 149, 300, 1] {
            for family in Family::ALL {
                assert_eq!(
                    rec.term(family, n),
                    reference.get(family, n),
                    "{family:?} {n}"
                );
            }
        }
        assert_eq!(terms(300), reference);
    }

    /// More terms than the recurrence can compute are refused with one line before
    /// anything is allocated (99999999999 terms used to ask for 200 GB and abort).
    #[test]
    fn too_many_terms_are_refused() {
        for asked in [MAX_TERMS + 1, 99_999_999_999, usize::MAX] {
            let error = Recurrence::new(asked).err().unwrap();
            assert_eq!(error, TooManyTerms { asked });
            let text = error.to_string();
            assert!(
                !text.contains('\n') && text.contains(&asked.to_string()),
                "{text}"
            );
        }
        assert!(Recurrence::new(MAX_TERMS).is_ok());
    }
}
