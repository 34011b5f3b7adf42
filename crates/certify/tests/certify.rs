//! The certify test binary: the quick tier's claims (`claims`), fault injection through
//! test-only engines (`faults`), fixture errors (`fixture_errors`), shard reports
//! (`report`) and the histogram snapshots (`snapshots`, insta, in `tests/snapshots/`).

#[path = "certify/claims.rs"]
mod claims;
#[path = "certify/faults.rs"]
mod faults;
#[path = "certify/fixture_errors.rs"]
mod fixture_errors;
#[path = "certify/report.rs"]
mod report;
#[path = "certify/snapshots.rs"]
mod snapshots;
