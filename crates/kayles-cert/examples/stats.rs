//! What a certificate is made of, for docs/certificates.md:
//!
//!     cargo run --release -p kayles-cert --example stats -- FILE
//!
//! Prints the facts (and how many are mirror strategies and table facts), the vertices their sets list, the
//! moves and result proofs, and the references by kind (computed, same set, in-order map,
//! explicit map with its entries).

use kayles_cert::format::{Certificate, Evidence, Map, Ref};

#[derive(Default)]
struct Counts {
    refs: usize,
    computed: usize,
    same: usize,
    in_order: usize,
    positions: usize,
    entries: usize,
}

impl Counts {
    fn add(&mut self, r: &Ref) {
        self.refs += 1;
        match r {
            Ref::Computed => self.computed += 1,
            Ref::Fact { map: Map::Same, .. } => self.same += 1,
            Ref::Fact {
                map: Map::InOrder, ..
            } => self.in_order += 1,
            Ref::Fact {
                map: Map::Positions(p),
                ..
            } => {
                self.positions += 1;
                self.entries += p.len();
            }
        }
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args().nth(1).ok_or("usage: stats FILE")?;
    let raw = zstd::stream::decode_all(std::fs::File::open(path)?)?;
    let cert = Certificate::decode(&raw)?;
    let (mut vertices, mut moves, mut results, mut mirrors) = (0, 0, 0, 0);
    let (mut tables, mut table_wins) = (0, 0);
    let mut counts = Counts::default();
    for f in &cert.facts {
        vertices += f.set.len();
        match &f.evidence {
            Evidence::Moves(proofs) => {
                moves += proofs.len();
                results += proofs.len();
                proofs.iter().flatten().for_each(|r| counts.add(r));
            }
            Evidence::Witness(_, refs) => {
                results += 1;
                refs.iter().for_each(|r| counts.add(r));
            }
            Evidence::ByEq(r) => counts.add(r),
            Evidence::Mirror(_) => mirrors += 1,
            Evidence::Table => tables += 1,
            Evidence::TableWin => table_wins += 1,
        }
    }
    let c = counts;
    println!(
        "{} facts ({mirrors} by a mirror strategy, {tables} EQ and {table_wins} NE by a table; \
         {} raw bytes), {vertices} set vertices, {moves} moves, {results} result \
         proofs, {} references: {} computed, {} same set, {} in-order map, {} explicit map \
         ({} entries)",
        cert.facts.len(),
        raw.len(),
        c.refs,
        c.computed,
        c.same,
        c.in_order,
        c.positions,
        c.entries
    );
    Ok(())
}
