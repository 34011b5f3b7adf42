//! A chain family as written in a chain file (TOML; the format is in docs/chains.md, "The
//! chain file"), validated into a [`Chain`]: the gadget, its links `[x, y, d]` and the
//! optional caps.
//!
//! ```
//! let chain = kayles_chains::spec::parse(
//!     "name = \"path\"\n[gadget]\norder = 1\nedges = []\nlinks = [[0, 0, 1]]\n",
//! )
//! .unwrap();
//! assert_eq!((chain.order, chain.reach()), (1, 1));
//! ```

use serde::Deserialize;
use std::fmt;

/// The widest reach `d` a link may have.
pub const MAX_REACH: usize = 16;
/// The largest order of a gadget or a cap.
pub const MAX_ORDER: usize = 64;

/// A chain file as written (`deny_unknown_fields`: a misspelt key is an error).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct ChainFile {
    name: Option<String>,
    gadget: Option<PartFile>,
    left: Option<PartFile>,
    right: Option<PartFile>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct PartFile {
    order: usize,
    #[serde(default)]
    edges: Vec<Vec<usize>>,
    #[serde(default)]
    links: Vec<Vec<usize>>,
}

/// A link `(x, y, d)` of the gadget: vertex `x` of copy `i` is adjacent to vertex `y` of
/// copy `i + d`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub struct Link {
    /// Vertex of the earlier copy.
    pub x: usize,
    /// Vertex of the later copy.
    pub y: usize,
    /// How many copies later (`d >= 1`).
    pub d: usize,
}

/// An attachment of an end vertex to a whole copy: end vertex `vertex` is adjacent to
/// gadget vertex `copy_vertex` of the copy at `depth` from that end (depth 1 is the copy
/// next to the end: copy 1 for a left end, copy `m` for a right end of a segment with `m`
/// copies).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub struct Attach {
    /// The end's vertex.
    pub vertex: usize,
    /// The gadget vertex of the copy.
    pub copy_vertex: usize,
    /// Depth of the copy from the end, `>= 1`.
    pub depth: usize,
}

/// An end of a segment: a small graph attached to the whole copies next to it. The caps
/// of a chain file are ends, and so is everything a move leaves of the copies beside it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, serde::Serialize)]
pub struct End {
    /// Vertices `0..order`.
    pub order: usize,
    /// Edges among them, each `(u, v)` with `u < v`, sorted.
    pub edges: Vec<(usize, usize)>,
    /// Attachments to the copies, sorted.
    pub attach: Vec<Attach>,
}

impl End {
    /// The end with no vertices.
    pub fn empty() -> End {
        End::default()
    }

    /// The deepest copy an attachment reaches (0 if none).
    pub fn reach(&self) -> usize {
        self.attach.iter().map(|a| a.depth).max().unwrap_or(0)
    }

    /// Sorts and deduplicates edges and attachments (the normal form).
    pub fn normalize(&mut self) {
        for e in &mut self.edges {
            if e.0 > e.1 {
                *e = (e.1, e.0);
            }
        }
        self.edges.sort_unstable();
        self.edges.dedup();
        self.attach.sort_unstable();
        self.attach.dedup();
    }
}

/// A validated chain: gadget on vertices `0..order`, links, and the two caps (the empty
/// end where the file has none).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chain {
    /// The `name` of the file (empty if none).
    pub name: String,
    /// Gadget order `k`.
    pub order: usize,
    /// Gadget edges, `(u, v)` with `u < v`, sorted.
    pub edges: Vec<(usize, usize)>,
    /// Links, sorted, without repeats.
    pub links: Vec<Link>,
    /// The left cap (`[left]`): attachments at depth `d` go to copy `d`.
    pub left: End,
    /// The right cap (`[right]`): attachments at depth `d` go to copy `n + 1 - d`.
    pub right: End,
}

impl Chain {
    /// The widest link `D` (0 without links).
    pub fn reach(&self) -> usize {
        self.links.iter().map(|l| l.d).max().unwrap_or(0)
    }

    /// The chain with other caps.
    pub fn with_caps(&self, left: End, right: End) -> Chain {
        Chain {
            left,
            right,
            ..self.clone()
        }
    }
}

/// Why a chain file was refused. Displayed on one line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    /// The TOML does not parse or does not fit the schema (unknown key, wrong type...).
    #[error("{0}")]
    Toml(String),
    /// There is no `[gadget]` table.
    #[error("missing [gadget] table (the graph repeated along the chain)")]
    MissingGadget,
    /// An order outside `1..=MAX_ORDER` (0 is allowed for caps).
    #[error("[{part}] order {order} is out of range (1..={MAX_ORDER})")]
    Order {
        /// `gadget`, `left` or `right`.
        part: &'static str,
        /// The order given.
        order: usize,
    },
    /// A vertex index not below the order it refers to.
    #[error("[{part}] {what} {item}: vertex {vertex} is not below {bound} ({of})")]
    BadIndex {
        /// `gadget`, `left` or `right`.
        part: &'static str,
        /// `edge` or `link`.
        what: &'static str,
        /// The entry as written.
        item: String,
        /// The bad vertex.
        vertex: usize,
        /// The order it must be below.
        bound: usize,
        /// Which order: `the gadget order`, `the cap order`.
        of: &'static str,
    },
    /// An edge `[x, x]`.
    #[error("[{part}] edge [{vertex}, {vertex}] is a self-loop")]
    SelfLoop {
        /// `gadget`, `left` or `right`.
        part: &'static str,
        /// The vertex.
        vertex: usize,
    },
    /// An edge that is not `[x, y]` or a link that is not `[x, y, d]`.
    #[error("[{part}] {what} {item} must be {shape}")]
    Shape {
        /// `gadget`, `left` or `right`.
        part: &'static str,
        /// `edge` or `link`.
        what: &'static str,
        /// The entry as written.
        item: String,
        /// `[x, y]` or `[x, y, d]`.
        shape: &'static str,
    },
    /// An edge or a link written twice (`[0, 1]` and `[1, 0]` are one edge; links are
    /// directed: `[0, 1, 1]` and `[1, 0, 1]` are two).
    #[error("[{part}] {what} {item} is written twice ({first} is the same {what})")]
    Repeated {
        /// `gadget`, `left` or `right`.
        part: &'static str,
        /// `edge` or `link`.
        what: &'static str,
        /// The second entry as written.
        item: String,
        /// The first entry as written.
        first: String,
    },
    /// A link with `d = 0` or `d > MAX_REACH`.
    #[error("[{part}] link {item}: reach d = {d} must be in 1..={MAX_REACH}")]
    Reach {
        /// `gadget`, `left` or `right`.
        part: &'static str,
        /// The entry as written.
        item: String,
        /// The reach given.
        d: usize,
    },
}

/// One line from a TOML error: its message and the line it points at.
fn toml_error(text: &str, e: &toml::de::Error) -> SpecError {
    let message = e.message().trim().replace('\n', " ");
    match e.span() {
        Some(span) => {
            let line = text[..span.start.min(text.len())].matches('\n').count() + 1;
            SpecError::Toml(format!("line {line}: {message}"))
        }
        None => SpecError::Toml(message),
    }
}

struct Item<'a>(&'a [usize]);

impl fmt::Display for Item<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self.0.iter().map(|v| v.to_string()).collect();
        write!(f, "[{}]", parts.join(", "))
    }
}

fn check_index(
    part: &'static str,
    what: &'static str,
    item: &[usize],
    vertex: usize,
    bound: usize,
    of: &'static str,
) -> Result<(), SpecError> {
    if vertex < bound {
        Ok(())
    } else {
        Err(SpecError::BadIndex {
            part,
            what,
            item: Item(item).to_string(),
            vertex,
            bound,
            of,
        })
    }
}

fn check_shape(part: &'static str, file: &PartFile) -> Result<(), SpecError> {
    let bad = |what, item: &[usize], shape| SpecError::Shape {
        part,
        what,
        item: Item(item).to_string(),
        shape,
    };
    if let Some(e) = file.edges.iter().find(|e| e.len() != 2) {
        return Err(bad("edge", e, "[x, y]"));
    }
    if let Some(l) = file.links.iter().find(|l| l.len() != 3) {
        return Err(bad("link", l, "[x, y, d]"));
    }
    Ok(())
}

/// The first entry of `items` whose key an earlier entry has, as [`SpecError::Repeated`].
fn check_repeats<K: Ord>(
    part: &'static str,
    what: &'static str,
    items: &[Vec<usize>],
    key: impl Fn(&[usize]) -> K,
) -> Result<(), SpecError> {
    let mut seen = std::collections::BTreeMap::new();
    for item in items {
        if let Some(first) = seen.insert(key(item), item) {
            return Err(SpecError::Repeated {
                part,
                what,
                item: Item(item).to_string(),
                first: Item(first).to_string(),
            });
        }
    }
    Ok(())
}

fn check_edges(part: &'static str, file: &PartFile) -> Result<Vec<(usize, usize)>, SpecError> {
    check_shape(part, file)?;
    let mut edges = Vec::new();
    for e in &file.edges {
        for &v in e {
            check_index(part, "edge", e, v, file.order, "its order")?;
        }
        if e[0] == e[1] {
            return Err(SpecError::SelfLoop { part, vertex: e[0] });
        }
        edges.push((e[0].min(e[1]), e[0].max(e[1])));
    }
    check_repeats(part, "edge", &file.edges, |e| {
        (e[0].min(e[1]), e[0].max(e[1]))
    })?;
    check_repeats(part, "link", &file.links, |l| (l[0], l[1], l[2]))?;
    edges.sort_unstable();
    Ok(edges)
}

fn check_reach(part: &'static str, l: &[usize]) -> Result<(), SpecError> {
    if (1..=MAX_REACH).contains(&l[2]) {
        Ok(())
    } else {
        Err(SpecError::Reach {
            part,
            item: Item(l).to_string(),
            d: l[2],
        })
    }
}

fn check_order(part: &'static str, order: usize, min: usize) -> Result<(), SpecError> {
    if (min..=MAX_ORDER).contains(&order) {
        Ok(())
    } else {
        Err(SpecError::Order { part, order })
    }
}

/// Parses and validates a chain file.
///
/// # Errors
/// A [`SpecError`] for malformed TOML, unknown keys, a missing gadget, bad vertex indices,
/// self-loops, edges or links written twice, or reaches outside `1..=MAX_REACH`.
pub fn parse(text: &str) -> Result<Chain, SpecError> {
    validate(toml::from_str(text).map_err(|e| toml_error(text, &e))?)
}

/// [`parse`] for a chain file already read as a TOML table (the Python package turns a
/// dict into one). The errors are those of [`parse`], without a line number for a key
/// that does not fit the schema.
///
/// ```
/// use kayles_chains::spec;
/// let text = "[gadget]\norder = 1\nlinks = [[0, 0, 1]]\n";
/// let table: toml::Table = toml::from_str(text).unwrap();
/// assert_eq!(spec::from_table(table).unwrap(), spec::parse(text).unwrap());
/// let bad: toml::Table = toml::from_str("[gadget]\norder = 1\ncolour = 3\n").unwrap();
/// let e = spec::from_table(bad).unwrap_err().to_string();
/// assert!(e.starts_with("unknown field `colour`"), "{e}");
/// ```
///
/// # Errors
/// As [`parse`].
pub fn from_table(table: toml::Table) -> Result<Chain, SpecError> {
    let file: ChainFile = table
        .try_into()
        .map_err(|e| SpecError::Toml(e.message().trim().replace('\n', " ")))?;
    validate(file)
}

/// The checks of [`parse`] on a file that fits the schema.
fn validate(file: ChainFile) -> Result<Chain, SpecError> {
    let gadget = file.gadget.ok_or(SpecError::MissingGadget)?;
    let k = gadget.order;
    check_order("gadget", k, 1)?;
    let edges = check_edges("gadget", &gadget)?;
    let mut links = Vec::new();
    for l in &gadget.links {
        check_index("gadget", "link", l, l[0], k, "the gadget order")?;
        check_index("gadget", "link", l, l[1], k, "the gadget order")?;
        check_reach("gadget", l)?;
        links.push(Link {
            x: l[0],
            y: l[1],
            d: l[2],
        });
    }
    links.sort_unstable();
    let cap = |part: &'static str, file: &Option<PartFile>| -> Result<End, SpecError> {
        let Some(p) = file else {
            return Ok(End::empty());
        };
        check_order(part, p.order, 0)?;
        let edges = check_edges(part, p)?;
        let mut attach = Vec::new();
        for l in &p.links {
            // Left: cap vertex x ~ vertex y of copy d. Right: vertex x of copy n+1-d ~ cap
            // vertex y.
            let (cap_vertex, copy_vertex) = if part == "left" {
                check_index(part, "link", l, l[0], p.order, "the cap order")?;
                check_index(part, "link", l, l[1], k, "the gadget order")?;
                (l[0], l[1])
            } else {
                check_index(part, "link", l, l[0], k, "the gadget order")?;
                check_index(part, "link", l, l[1], p.order, "the cap order")?;
                (l[1], l[0])
            };
            check_reach(part, l)?;
            attach.push(Attach {
                vertex: cap_vertex,
                copy_vertex,
                depth: l[2],
            });
        }
        let mut end = End {
            order: p.order,
            edges,
            attach,
        };
        end.normalize();
        Ok(end)
    };
    Ok(Chain {
        name: file.name.unwrap_or_default(),
        order: k,
        edges,
        links,
        left: cap("left", &file.left)?,
        right: cap("right", &file.right)?,
    })
}

/// The chain written back as a chain file (caps only when they have vertices).
pub fn to_toml(chain: &Chain) -> String {
    let pairs = |e: &[(usize, usize)]| {
        e.iter()
            .map(|(u, v)| format!("[{u}, {v}]"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut s = String::new();
    if !chain.name.is_empty() {
        s += &format!("name = {:?}\n", chain.name);
    }
    let links: Vec<String> = chain
        .links
        .iter()
        .map(|l| format!("[{}, {}, {}]", l.x, l.y, l.d))
        .collect();
    s += &format!(
        "[gadget]\norder = {}\nedges = [{}]\nlinks = [{}]\n",
        chain.order,
        pairs(&chain.edges),
        links.join(", ")
    );
    for (part, end) in [("left", &chain.left), ("right", &chain.right)] {
        if end.order == 0 {
            continue;
        }
        let links: Vec<String> = end
            .attach
            .iter()
            .map(|a| {
                if part == "left" {
                    format!("[{}, {}, {}]", a.vertex, a.copy_vertex, a.depth)
                } else {
                    format!("[{}, {}, {}]", a.copy_vertex, a.vertex, a.depth)
                }
            })
            .collect();
        s += &format!(
            "[{part}]\norder = {}\nedges = [{}]\nlinks = [{}]\n",
            end.order,
            pairs(&end.edges),
            links.join(", ")
        );
    }
    s
}
