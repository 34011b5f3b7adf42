//! Node Kayles sequences (CLAIMS.md section 3). Work in progress.
