//! The report: one [`ClaimResult`] per claim, rendered as a table ([`Report::table`]) or
//! JSON, and merged across shards ([`merge`]).

use crate::check::{Shard, Tier};
use serde::{Deserialize, Serialize};

/// How a claim came out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// Every instance agreed.
    Pass,
    /// A counterexample was found.
    Fail,
    /// An engine refused an instance.
    Error,
    /// A fixture file is missing or malformed.
    FixtureError,
}

impl Verdict {
    /// The word printed in the table.
    pub fn word(self) -> &'static str {
        match self {
            Verdict::Pass => "PASS",
            Verdict::Fail => "FAIL",
            Verdict::Error => "ERROR",
            Verdict::FixtureError => "FIXTURE ERROR",
        }
    }

    /// The worse of two verdicts.
    fn worst(self, other: Verdict) -> Verdict {
        let rank = |v: Verdict| match v {
            Verdict::Pass => 0,
            Verdict::Fail => 2,
            Verdict::Error => 1,
            Verdict::FixtureError => 3,
        };
        if rank(other) > rank(self) {
            other
        } else {
            self
        }
    }
}

/// The result of one claim.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ClaimResult {
    /// Claim id.
    pub id: String,
    /// Fixture families.
    pub families: String,
    /// Instances checked.
    pub instances: u64,
    /// Positions compared.
    pub positions: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Verdict.
    pub verdict: Verdict,
    /// The counterexample or error, empty on a pass.
    pub detail: String,
}

/// A whole run (or a merge of shard runs).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Report {
    /// The tier.
    pub tier: Tier,
    /// The shards this report covers (one for a single run).
    pub shards: Vec<Shard>,
    /// One entry per claim run.
    pub claims: Vec<ClaimResult>,
}

impl Report {
    /// Whether every claim passed.
    pub fn passed(&self) -> bool {
        self.claims.iter().all(|c| c.verdict == Verdict::Pass)
    }

    /// Whether some fixture was missing or malformed.
    pub fn fixture_error(&self) -> bool {
        self.claims
            .iter()
            .any(|c| c.verdict == Verdict::FixtureError)
    }

    /// The table: claim, families, instances, positions, time, verdict; then the details
    /// of every claim that did not pass.
    pub fn table(&self) -> String {
        let mut rows = vec![[
            "claim".to_string(),
            "families".to_string(),
            "instances".to_string(),
            "positions".to_string(),
            "time".to_string(),
            "verdict".to_string(),
        ]];
        for c in &self.claims {
            rows.push([
                c.id.clone(),
                c.families.clone(),
                c.instances.to_string(),
                c.positions.to_string(),
                format!("{:.1}s", c.seconds),
                c.verdict.word().to_string(),
            ]);
        }
        let (i, p, t) = self.claims.iter().fold((0, 0, 0.0), |(i, p, t), c| {
            (i + c.instances, p + c.positions, t + c.seconds)
        });
        rows.push([
            "total".into(),
            format!("tier {}, shards {}", self.tier, shard_list(&self.shards)),
            i.to_string(),
            p.to_string(),
            format!("{t:.1}s"),
            if self.passed() { "PASS" } else { "FAIL" }.into(),
        ]);
        let widths: Vec<usize> = (0..6)
            .map(|k| rows.iter().map(|r| r[k].chars().count()).max().unwrap_or(0))
            .collect();
        let mut out = String::new();
        for (n, r) in rows.iter().enumerate() {
            let cells: Vec<String> = r
                .iter()
                .enumerate()
                .map(|(k, s)| {
                    if (2..=4).contains(&k) {
                        format!("{s:>w$}", w = widths[k])
                    } else {
                        format!("{s:<w$}", w = widths[k])
                    }
                })
                .collect();
            out.push_str(cells.join("  ").trim_end());
            out.push('\n');
            if n == 0 || n == rows.len() - 2 {
                out.push_str(&"-".repeat(widths.iter().sum::<usize>() + 10));
                out.push('\n');
            }
        }
        for c in self.claims.iter().filter(|c| c.verdict != Verdict::Pass) {
            out.push_str(&format!("\n{} {}: {}\n", c.id, c.verdict.word(), c.detail));
        }
        out
    }

    /// The JSON form.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("reports serialize")
    }
}

fn shard_list(shards: &[Shard]) -> String {
    shards
        .iter()
        .map(Shard::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// Merges shard reports of one tier: counts and times add up, the worst verdict wins, and
/// the shards must be `0/k .. k-1/k` exactly once each (otherwise an error: a merged report
/// never claims more coverage than it has).
pub fn merge(reports: &[Report]) -> Result<Report, String> {
    let first = reports.first().ok_or("nothing to merge")?;
    let mut shards: Vec<Shard> = reports.iter().flat_map(|r| r.shards.clone()).collect();
    shards.sort_by_key(|s| (s.count, s.index));
    let k = shards[0].count;
    let expected: Vec<Shard> = (0..k).map(|index| Shard { index, count: k }).collect();
    if shards != expected {
        return Err(format!(
            "the reports cover shards {}, not 0/{k} .. {}/{k} exactly once",
            shard_list(&shards),
            k - 1
        ));
    }
    if reports.iter().any(|r| r.tier != first.tier) {
        return Err("the reports are of different tiers".into());
    }
    let mut claims: Vec<ClaimResult> = Vec::new();
    for r in reports {
        for c in &r.claims {
            match claims.iter_mut().find(|m| m.id == c.id) {
                Some(m) => {
                    m.instances += c.instances;
                    m.positions += c.positions;
                    m.seconds += c.seconds;
                    m.verdict = m.verdict.worst(c.verdict);
                    if !c.detail.is_empty() && m.detail.is_empty() {
                        m.detail = c.detail.clone();
                    }
                }
                None => claims.push(c.clone()),
            }
        }
    }
    for c in &claims {
        let runs = reports
            .iter()
            .filter(|r| r.claims.iter().any(|x| x.id == c.id))
            .count();
        if runs != reports.len() {
            return Err(format!("claim {} is missing from some shard reports", c.id));
        }
    }
    Ok(Report {
        tier: first.tier,
        shards: expected,
        claims,
    })
}

/// A histogram as `value:count` pairs on one line (snapshots and counterexample reports).
pub(crate) fn histogram_line(h: &[u128]) -> String {
    h.iter()
        .enumerate()
        .map(|(k, c)| format!("{k}:{c}"))
        .collect::<Vec<_>>()
        .join(" ")
}
