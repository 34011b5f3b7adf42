//! Modules for Node Kayles (CLAIMS.md section 2). Work in progress.
