//! Reading `fixtures/`: every file starts with `#` comment lines, one of which is
//! `# count: N`, the number of data lines that follow. A missing file, a bad line or a count
//! that does not match is a [`FixtureError`] naming the file and the line: a check never
//! passes on fewer instances than the fixture holds.
//!
//! Files (see each header for how it was generated, by `cargo xtask fixtures`):
//! `graphs/graphs-nN.g6` (geng), `modules/blowups.txt`, `modules/signature.txt`,
//! `wak/weighted.txt` and `rooks/boards.txt` (generator specs), `wak/lemmas.txt`,
//! `sequences/ranges.txt`.

use itertools::Itertools;
use kayles_core::{graph6, Graph};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::path::{Path, PathBuf};
use wak_reduce::{rooks::Board, WeightedGraph};

/// How much to check.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Tier {
    /// All graphs on 1..7 vertices, small weights and boards: a couple of minutes.
    Quick,
    /// Adds all graphs on 8 and 9 vertices, bigger weights and boards: under an hour.
    Full,
}

impl Tier {
    /// Parses `quick` or `full`.
    pub fn parse(s: &str) -> Option<Tier> {
        match s {
            "quick" => Some(Tier::Quick),
            "full" => Some(Tier::Full),
            _ => None,
        }
    }

    /// Whether a fixture line of tier `line_tier` (`quick` or `full`) runs in this tier:
    /// quick lines run in both tiers, full lines in the full tier only.
    pub fn includes(self, line_tier: &str) -> bool {
        line_tier == "quick" || (self == Tier::Full && line_tier == "full")
    }
}

impl fmt::Display for Tier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Tier::Quick => "quick",
            Tier::Full => "full",
        })
    }
}

/// A missing or malformed fixture file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FixtureError {
    /// The file.
    pub file: PathBuf,
    /// The 1-based line, when one line is at fault.
    pub line: Option<usize>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for FixtureError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(l) => write!(f, "{}:{l}: {}", self.file.display(), self.message),
            None => write!(f, "{}: {}", self.file.display(), self.message),
        }
    }
}

impl std::error::Error for FixtureError {}

/// The committed `fixtures/` directory of the workspace.
pub fn default_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures")
}

/// One data line of a fixture file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// 1-based line number in the file.
    pub number: usize,
    /// The text, trimmed.
    pub text: String,
}

/// Reads the data lines of `dir/rel`, checking them against the `# count: N` header.
pub fn read_lines(dir: &Path, rel: &str) -> Result<Vec<Line>, FixtureError> {
    let file = dir.join(rel);
    let err = |line: Option<usize>, message: String| FixtureError {
        file: file.clone(),
        line,
        message,
    };
    let text = std::fs::read_to_string(&file)
        .map_err(|e| err(None, format!("cannot read the fixture file: {e}")))?;
    let mut count: Option<(usize, usize)> = None;
    let mut lines = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let number = i + 1;
        let t = raw.trim();
        if let Some(comment) = t.strip_prefix('#') {
            if let Some(c) = comment.trim().strip_prefix("count:") {
                let c = c
                    .trim()
                    .parse::<usize>()
                    .map_err(|_| err(Some(number), format!("bad count header '{t}'")))?;
                count = Some((c, number));
            }
            continue;
        }
        if t.is_empty() {
            return Err(err(Some(number), "empty line in the data".into()));
        }
        lines.push(Line {
            number,
            text: t.to_string(),
        });
    }
    match count {
        None => Err(err(None, "no '# count: N' header".into())),
        Some((c, at)) if c != lines.len() => Err(err(
            Some(at),
            format!(
                "the header announces {c} data lines, the file has {}",
                lines.len()
            ),
        )),
        Some(_) => Ok(lines),
    }
}

fn line_error(dir: &Path, rel: &str, line: &Line, message: String) -> FixtureError {
    FixtureError {
        file: dir.join(rel),
        line: Some(line.number),
        message: format!("{message} (line: '{}')", line.text),
    }
}

/// A graph of a fixture, with its graph6 string.
#[derive(Clone, Debug)]
pub struct GraphEntry {
    /// The graph6 string as written in the file.
    pub g6: String,
    /// The graph.
    pub graph: Graph,
}

fn parse_graph(dir: &Path, rel: &str, line: &Line, g6: &str) -> Result<GraphEntry, FixtureError> {
    let graph = graph6::parse(g6).map_err(|e| line_error(dir, rel, line, e.to_string()))?;
    Ok(GraphEntry {
        g6: g6.to_string(),
        graph,
    })
}

/// All graphs on `n` vertices (`graphs/graphs-nN.g6`).
pub fn graphs(dir: &Path, n: usize) -> Result<Vec<GraphEntry>, FixtureError> {
    let rel = format!("graphs/graphs-n{n}.g6");
    let lines = read_lines(dir, &rel)?;
    lines
        .iter()
        .map(|l| {
            let e = parse_graph(dir, &rel, l, &l.text)?;
            if e.graph.order() != n {
                return Err(line_error(
                    dir,
                    &rel,
                    l,
                    format!("a graph on {} vertices in the list of {n}", e.graph.order()),
                ));
            }
            Ok(e)
        })
        .collect()
}

/// The largest graph order of a tier's graph families: 7 (quick) or 9 (full).
pub fn max_order(tier: Tier) -> usize {
    match tier {
        Tier::Quick => 7,
        Tier::Full => 9,
    }
}

/// All graphs on `1..=max_order(tier)` vertices, by increasing order.
pub fn tier_graphs(dir: &Path, tier: Tier) -> Result<Vec<GraphEntry>, FixtureError> {
    let mut out = Vec::new();
    for n in 1..=max_order(tier) {
        out.extend(graphs(dir, n)?);
    }
    Ok(out)
}

fn fields<'a>(
    dir: &Path,
    rel: &str,
    line: &'a Line,
    n: usize,
) -> Result<Vec<&'a str>, FixtureError> {
    let f: Vec<&str> = line.text.split_whitespace().collect();
    if f.len() != n {
        return Err(line_error(
            dir,
            rel,
            line,
            format!("expected {n} fields, found {}", f.len()),
        ));
    }
    Ok(f)
}

fn tier_field(dir: &Path, rel: &str, line: &Line, t: &str) -> Result<(), FixtureError> {
    if t == "quick" || t == "full" {
        Ok(())
    } else {
        Err(line_error(dir, rel, line, format!("unknown tier '{t}'")))
    }
}

/// The lines of the tiered fixture file `rel` (`TIER FIELD...`, `count` fields in all) that
/// run in `tier`, each with what `parse` made of its other fields. Every line is parsed
/// and checked, whatever its tier.
fn tiered<T>(
    dir: &Path,
    rel: &str,
    tier: Tier,
    count: usize,
    mut parse: impl FnMut(&Line, &[&str]) -> Result<T, FixtureError>,
) -> Result<Vec<(Line, T)>, FixtureError> {
    let mut out = Vec::new();
    for line in read_lines(dir, rel)? {
        let f = fields(dir, rel, &line, count)?;
        tier_field(dir, rel, &line, f[0])?;
        let value = parse(&line, &f[1..])?;
        if tier.includes(f[0]) {
            out.push((line, value));
        }
    }
    Ok(out)
}

fn number<T: std::str::FromStr>(
    dir: &Path,
    rel: &str,
    line: &Line,
    t: &str,
) -> Result<T, FixtureError> {
    t.parse()
        .map_err(|_| line_error(dir, rel, line, format!("'{t}' is not a number")))
}

/// A base graph with module sizes (`modules/blowups.txt`).
#[derive(Clone, Debug)]
pub struct Blowup {
    /// The base graph.
    pub base: GraphEntry,
    /// `m_i` for base vertex `i`.
    pub sizes: Vec<usize>,
}

/// The blow-ups of the tier.
pub fn blowups(dir: &Path, tier: Tier) -> Result<Vec<Blowup>, FixtureError> {
    let rel = "modules/blowups.txt";
    let lines = tiered(dir, rel, tier, 3, |line, f| {
        let base = parse_graph(dir, rel, line, f[0])?;
        let sizes: Vec<usize> = f[1]
            .split(',')
            .map(|s| number(dir, rel, line, s))
            .collect::<Result<_, _>>()?;
        if sizes.len() != base.graph.order() || sizes.contains(&0) {
            let message = "one positive size per base vertex expected".into();
            return Err(line_error(dir, rel, line, message));
        }
        Ok(Blowup { base, sizes })
    })?;
    Ok(lines.into_iter().map(|(_, b)| b).collect())
}

/// A base graph with one module graph per base vertex (`modules/signature.txt`).
#[derive(Clone, Debug)]
pub struct ModuleFamily {
    /// The base graph.
    pub base: GraphEntry,
    /// The module of each base vertex.
    pub modules: Vec<GraphEntry>,
}

/// The module families of the tier.
pub fn module_families(dir: &Path, tier: Tier) -> Result<Vec<ModuleFamily>, FixtureError> {
    let rel = "modules/signature.txt";
    let lines = tiered(dir, rel, tier, 3, |line, f| {
        let base = parse_graph(dir, rel, line, f[0])?;
        let modules: Vec<GraphEntry> = f[1]
            .split(',')
            .map(|s| parse_graph(dir, rel, line, s))
            .collect::<Result<_, _>>()?;
        if modules.len() != base.graph.order() || modules.iter().any(|m| m.graph.order() == 0) {
            let message = "one non-empty module per base vertex expected".into();
            return Err(line_error(dir, rel, line, message));
        }
        Ok(ModuleFamily { base, modules })
    })?;
    Ok(lines.into_iter().map(|(_, m)| m).collect())
}

/// The weighted positions of the tier, expanded from `wak/weighted.txt`: for each line
/// `TIER N LO HI`, every graph on `N` vertices, every loop set, every weight vector in
/// `0..=HI` whose largest weight is at least `LO`.
pub fn weighted_positions(dir: &Path, tier: Tier) -> Result<Vec<WeightedGraph>, FixtureError> {
    let rel = "wak/weighted.txt";
    let lines = tiered(dir, rel, tier, 4, |line, f| {
        let n: usize = number(dir, rel, line, f[0])?;
        let lo: u64 = number(dir, rel, line, f[1])?;
        let hi: u64 = number(dir, rel, line, f[2])?;
        if n == 0 || n > 9 || lo > hi {
            return Err(line_error(
                dir,
                rel,
                line,
                "need 1 <= N <= 9, LO <= HI".into(),
            ));
        }
        Ok((n, lo, hi))
    })?;
    let mut out = Vec::new();
    for (line, (n, lo, hi)) in lines {
        for g in graphs(dir, n)? {
            let edges = g.graph.edges();
            for loops in 0..1u64 << n {
                let mut all = edges.clone();
                all.extend((0..n).filter(|v| loops >> v & 1 == 1).map(|v| (v, v)));
                for w in (0..n).map(|_| 0..=hi).multi_cartesian_product() {
                    if w.iter().copied().max().unwrap_or(0) < lo {
                        continue;
                    }
                    let p = WeightedGraph::new(&w, &all)
                        .map_err(|e| line_error(dir, rel, &line, e.to_string()))?;
                    out.push(p);
                }
            }
        }
    }
    Ok(out)
}

/// A rook board of `rooks/boards.txt`.
#[derive(Clone, Debug)]
pub struct BoardEntry {
    /// The board.
    pub board: Board,
    /// For a board without holes from an `empty` line, the claimed value `n mod 2`.
    pub claimed: Option<u32>,
}

/// The rook boards of the tier.
pub fn boards(dir: &Path, tier: Tier) -> Result<Vec<BoardEntry>, FixtureError> {
    let rel = "rooks/boards.txt";
    let lines = tiered(dir, rel, tier, 3, |line, f| {
        let (r, c) = f[1]
            .split_once('x')
            .ok_or_else(|| line_error(dir, rel, line, "expected RxC".into()))?;
        let (r, c): (usize, usize) = (number(dir, rel, line, r)?, number(dir, rel, line, c)?);
        if r == 0 || c == 0 || r * c > 64 {
            return Err(line_error(dir, rel, line, "boards of 1..64 squares".into()));
        }
        let holes = match f[0] {
            "holes" if r * c <= 25 => true,
            "empty" if r == c => false,
            _ => {
                let message = "expected 'holes RxC' (at most 25 squares) or 'empty NxN'";
                return Err(line_error(dir, rel, line, message.into()));
            }
        };
        Ok((r, c, holes))
    })?;
    let mut out = Vec::new();
    for (line, (r, c, holes)) in lines {
        let masks = if holes { 0..1u64 << (r * c) } else { 0..1 };
        for mask in masks {
            let text = (0..r)
                .map(|i| {
                    (0..c)
                        .map(|j| {
                            if mask >> (i * c + j) & 1 == 1 {
                                '#'
                            } else {
                                '.'
                            }
                        })
                        .collect::<String>()
                })
                .join("/");
            let board =
                Board::parse(&text).map_err(|e| line_error(dir, rel, &line, e.to_string()))?;
            out.push(BoardEntry {
                board,
                claimed: (!holes).then_some((r % 2) as u32),
            });
        }
    }
    Ok(out)
}

/// A range line: `NAME TIER LO HI` (`wak/lemmas.txt`, `sequences/ranges.txt`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RangeLine {
    /// The claim (with its variant, `WAK-DEPTH2-TREE:2`).
    pub name: String,
    /// Lower end.
    pub lo: u64,
    /// Upper end (inclusive).
    pub hi: u64,
}

/// The ranges of `rel` named `name` (exactly) that run in the tier; an error if the file
/// has no line for `name` at all.
pub fn ranges(
    dir: &Path,
    rel: &str,
    tier: Tier,
    name: &str,
) -> Result<Vec<RangeLine>, FixtureError> {
    let mut out = Vec::new();
    let mut named = false;
    for line in read_lines(dir, rel)? {
        let f = fields(dir, rel, &line, 4)?;
        tier_field(dir, rel, &line, f[1])?;
        named |= f[0] == name;
        let (lo, hi): (u64, u64) = (
            number(dir, rel, &line, f[2])?,
            number(dir, rel, &line, f[3])?,
        );
        if lo > hi {
            return Err(line_error(dir, rel, &line, "LO > HI".into()));
        }
        if f[0] == name && tier.includes(f[1]) {
            out.push(RangeLine {
                name: f[0].to_string(),
                lo,
                hi,
            });
        }
    }
    if !named {
        return Err(FixtureError {
            file: dir.join(rel),
            line: None,
            message: format!("no range line for {name}"),
        });
    }
    Ok(out)
}

/// A fixture chain of `chains/chains.txt`: the chain file, the game, the `m` bound of each
/// tier, and the period and preperiod its own sequence must have (if any).
#[derive(Clone, Debug)]
pub struct ChainEntry {
    /// The file name in `fixtures/chains/`.
    pub file: String,
    /// The game.
    pub game: kayles_core::GameKind,
    /// Largest `m` checked in the quick tier.
    pub quick: usize,
    /// Largest `m` checked in the full tier.
    pub full: usize,
    /// `(period, preperiod)` of the chain's own sequence, `n >= 1`.
    pub period: Option<(usize, usize)>,
    /// The parsed chain.
    pub chain: kayles_chains::spec::Chain,
}

/// The fixture chains (`chains/chains.txt` and the chain files it names).
pub fn chains(dir: &Path) -> Result<Vec<ChainEntry>, FixtureError> {
    let rel = "chains/chains.txt";
    read_lines(dir, rel)?
        .iter()
        .map(|l| {
            let bad = |m: String| line_error(dir, rel, l, m);
            let f: Vec<&str> = l.text.split_whitespace().collect();
            let [file, game, quick, full, p, n0] = f[..] else {
                return Err(bad("expected FILE GAME QUICK FULL PERIOD PREPERIOD".into()));
            };
            let num = |t: &str| {
                t.parse::<usize>()
                    .map_err(|_| bad(format!("bad number '{t}'")))
            };
            let period = match (p, n0) {
                ("-", "-") => None,
                (p, n0) => Some((num(p)?, num(n0)?)),
            };
            let text = std::fs::read_to_string(dir.join("chains").join(file))
                .map_err(|e| bad(format!("cannot read the chain file {file}: {e}")))?;
            let chain =
                kayles_chains::spec::parse(&text).map_err(|e| bad(format!("{file}: {e}")))?;
            Ok(ChainEntry {
                file: file.to_string(),
                game: game.parse().map_err(bad)?,
                quick: num(quick)?,
                full: num(full)?,
                period,
                chain,
            })
        })
        .collect()
}
