//! Weighted Arc-Kayles (CLAIMS.md section 4). Work in progress.
