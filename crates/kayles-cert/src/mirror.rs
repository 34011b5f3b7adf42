//! Mirror strategies the builder can write as facts (docs/certificates.md, tag 4): for a
//! grid host, the half turn of a position's bounding box when it maps the position onto
//! itself; for a family graph whose half turn is a mirror strategy (even cycles, P(n,k)
//! for even n, boards with two even sides), that map on the whole graph. Each map is
//! checked here as the checker will check it, so a map that is no mirror strategy is never
//! offered.

use kayles_core::symmetry::{is_mirror_strategy, HostSymmetry};
use kayles_core::{families, Graph, VertexSet};

/// Where the builder finds mirror strategies of positions of one host.
#[derive(Debug, Clone, Default)]
pub struct Mirrors {
    /// The host's lattice symmetry (grids), for the half turns of bounding boxes.
    lattice: Option<HostSymmetry>,
    /// A mirror strategy of the whole host.
    whole: Option<Vec<u32>>,
}

impl Mirrors {
    /// The mirror strategies `name` (a family spec, or anything else: then none) gives on
    /// `host`.
    ///
    /// ```
    /// use kayles_cert::mirror::Mirrors;
    /// use kayles_core::families;
    /// let board = families::build("grid:3x4").unwrap();
    /// let mirrors = Mirrors::new(&board, "grid:3x4");
    /// // The two middle cells of the middle row turn onto each other: no mirror strategy.
    /// assert_eq!(mirrors.of(&board, &(0..12).collect::<Vec<u32>>()), None);
    /// // The top left 2 x 2 square: its half turn swaps the diagonals' ends.
    /// assert_eq!(mirrors.of(&board, &[0, 1, 4, 5]), Some(vec![3, 2, 1, 0]));
    /// assert_eq!(mirrors.of(&board, &[0, 1, 2, 3]), None); // the top row: 1 and 2 swap
    /// ```
    pub fn new(host: &Graph, name: &str) -> Self {
        let lattice = families::host_symmetry(name)
            .ok()
            .flatten()
            .filter(|s| s.is_host(host));
        Mirrors {
            lattice,
            whole: families::mirror_strategy_of(name, host),
        }
    }

    /// A mirror strategy of the connected position `set` (increasing), as positions in
    /// `set` (`set[j]` goes to `set[images[j]]`), or `None`.
    pub fn of(&self, host: &Graph, set: &[u32]) -> Option<Vec<u32>> {
        let images = match &self.whole {
            Some(map) if set.len() == host.order() => map.clone(),
            _ => self.lattice.as_ref()?.box_half_turn_images(set)?,
        };
        let positions: Vec<u32> = images
            .iter()
            .map(|w| set.binary_search(w).map(|p| p as u32))
            .collect::<Result<_, _>>()
            .ok()?;
        // The subgraph `set` induces, numbered as `positions` is (in increasing order).
        let (induced, _) = host.induced_subgraph(&VertexSet::from_vertices(
            host.order(),
            set.iter().map(|&v| v as usize),
        ));
        is_mirror_strategy(&induced, &positions).then_some(positions)
    }
}
