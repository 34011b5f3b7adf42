//! The parts of a certificate written by the ranks of a search spread over MPI
//! (docs/certificates.md, "Certificates from a search over MPI"): rank K of N writes
//! `FILE.rank-K-of-N.log` (`kayles_cert::search_parts`); [`merge`] finds them beside
//! FILE, checks that they fit, and writes FILE from them (`kayles nimber` on rank 0 after
//! the search, and `kayles merge-certificate`). With `--memo-file`, a run killed and
//! started again goes on with the parts it left ([`resumed_run`], [`open_part`]).

use crate::certificates::{part_path, put_in_place, remove_if_there, suffixed};
use crate::config::SearchOptions;
use crate::graphs::Named;
use anyhow::{bail, Context, Result};
use kayles_cert::search_parts::PartSet;
pub use kayles_cert::search_parts::{PartHeader, PartWriter, ResumePoint};
use kayles_cert::search_proof::SearchProofStats;
use kayles_cert::Summary;
use kayles_core::game::GameSolver;
use kayles_core::{GameKind, Graph};
use std::fs::File;
use std::io::{BufWriter, Seek, SeekFrom};
use std::path::{Path, PathBuf};

/// The file of rank `rank` of `ranks` beside `file`, `FILE.rank-K-of-N` then `suffix`:
/// a rank's part of `--memo-file FILE` (no suffix) and of the certificate FILE (`.log`).
pub fn rank_path(file: &Path, rank: usize, ranks: usize, suffix: &str) -> PathBuf {
    suffixed(file, &format!(".rank-{rank}-of-{ranks}{suffix}"))
}

/// The part of rank `rank` of `ranks` for the certificate `file`: `FILE.rank-K-of-N.log`.
pub fn rank_part_path(file: &Path, rank: usize, ranks: usize) -> PathBuf {
    rank_path(file, rank, ranks, ".log")
}

/// The ranks' files beside `file` (`FILE.rank-K-of-N` then `suffix`, as [`rank_path`]
/// names them), as (K, N, path), sorted; none when `file` has no name.
///
/// # Errors
/// When the folder cannot be read.
pub fn rank_files(file: &Path, suffix: &str) -> std::io::Result<Vec<(usize, usize, PathBuf)>> {
    let Some(name) = file.file_name().and_then(|n| n.to_str()) else {
        return Ok(Vec::new());
    };
    let dir = match file.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let prefix = format!("{name}.rank-");
    let mut found: Vec<(usize, usize, PathBuf)> = std::fs::read_dir(dir)?
        .flatten()
        .filter_map(|e| {
            let entry = e.file_name();
            let rest = entry
                .to_str()?
                .strip_prefix(&prefix)?
                .strip_suffix(suffix)?;
            let (k, n) = rest.split_once("-of-")?;
            let (k, n) = (k.parse::<usize>().ok()?, n.parse::<usize>().ok()?);
            Some((k, n, dir.join(&entry)))
        })
        .collect();
    found.sort();
    Ok(found)
}

/// The parts beside the certificate `path` (`FILE.rank-K-of-N.log`), with their rank and
/// number of ranks, by rank; only those of `ranks` ranks when given.
///
/// # Errors
/// When the folder cannot be read, or (with `ranks` None) it holds the parts of runs of
/// different numbers of ranks.
pub fn find(path: &Path, ranks: Option<usize>) -> Result<Vec<(usize, usize, PathBuf)>> {
    if path.file_name().and_then(|n| n.to_str()).is_none() {
        bail!("{}: not a file name", path.display());
    }
    let mut found = rank_files(path, ".log")
        .with_context(|| format!("reading the folder of {}", path.display()))?;
    found.retain(|(_, n, _)| ranks.map_or(true, |r| r == *n));
    let mut sizes: Vec<usize> = found.iter().map(|p| p.1).collect();
    sizes.dedup();
    if sizes.len() > 1 {
        let sizes: Vec<String> = sizes.iter().map(usize::to_string).collect();
        bail!(
            "{}: beside it are the parts of runs of {} ranks: keep those of one run",
            path.display(),
            sizes.join(" and ")
        );
    }
    Ok(found)
}

/// Refuses `option`'s `path` when its folder holds the rank files (`FILE.rank-K-of-M`
/// then `suffix`, M not `size`) of a run of another number of ranks than `size`: a memo's
/// parts (`--memo-file`, no suffix), which another number of ranks would not find where
/// it looks, or a certificate's (`--certificate`, `.log`), which would never be merged
/// with this run's. `files` says what they are and how they came ("rank files were
/// saved").
///
/// # Errors
/// That refusal, in one line, naming the least other number of ranks.
pub fn refuse_other_sizes(
    option: &str,
    path: &Path,
    suffix: &str,
    files: &str,
    size: usize,
) -> Result<()> {
    let Ok(found) = rank_files(path, suffix) else {
        return Ok(());
    };
    if let Some(m) = found.iter().map(|f| f.1).filter(|&m| m != size).min() {
        bail!(
            "{option} {}: its {files} by a run of {m} ranks ({}.rank-K-of-{m}{suffix}), and \
             this run has {size}: run it with {m} ranks, or remove those files",
            path.display(),
            path.display()
        );
    }
    Ok(())
}

/// Rank 0 of `size`, before the run starts: the id of the run whose part of the
/// certificate `path` it finds (`FILE.rank-0-of-N.log`, the run started again goes on
/// with it and keeps its id: `kayles_mpi::Options::run`), or None when there is none.
///
/// # Errors
/// When rank 0's part is not there but another rank's is (its run cannot be resumed: its
/// id is lost), or rank 0's part's header is cut short or damaged; in one line.
pub fn resumed_run(path: &Path, size: usize) -> Result<Option<u64>> {
    let part = rank_part_path(path, 0, size);
    // The part is this run's to write: what is not a regular file is refused before it
    // is opened (a FIFO would block the read).
    let file = match File::open(crate::output_file::resolve(&part)?) {
        Ok(file) => file,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            if let Some(other) = (1..size)
                .map(|k| rank_part_path(path, k, size))
                .find(|p| p.exists())
            {
                bail!(
                    "{}: rank 0's part of the run that left it is missing ({}): remove the \
                     parts, or put it back",
                    other.display(),
                    part.display()
                );
            }
            return Ok(None);
        }
        Err(e) => return Err(e).with_context(|| format!("reading {}", part.display())),
    };
    Ok(Some(
        PartHeader::read(file, &part.display().to_string())?.run,
    ))
}

/// This rank's part of the certificate `path` (`FILE.rank-K-of-N.log`, the rank and run
/// of `header`), for a search of `host` by `solver` (set up for it): with `resume` and
/// the part there, the part a killed run left, checked to be `header`'s (its graph, game,
/// ranks, rank and run: [`ResumePoint::of`]) and cut back to its last whole record, which
/// the writer goes on from (the point is returned); else a new part, its header written.
///
/// # Errors
/// The part another's, in one line; reading and writing it.
pub fn open_part(
    path: &Path,
    header: &PartHeader,
    solver: &mut GameSolver,
    host: &Graph,
    resume: bool,
) -> Result<(PartWriter<File>, Option<ResumePoint>)> {
    let shown = rank_part_path(path, header.rank as usize, header.ranks as usize);
    let label = shown.display().to_string();
    // What is not a regular file (a FIFO, a device, a folder) is refused before it is
    // read or replaced, and a link is followed: the part is written where it points.
    let name = crate::output_file::resolve(&shown)?;
    if resume {
        match std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .open(&name)
        {
            Ok(mut file) => {
                let point = ResumePoint::of(&mut file, &label, header, solver, host)?;
                file.set_len(point.length)
                    .and_then(|()| file.seek(SeekFrom::End(0)))
                    .with_context(|| format!("cutting {label} back to its last record"))?;
                return Ok((PartWriter::resume(file, &point), Some(point)));
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(e).with_context(|| format!("reading {label}")),
        }
    }
    let _ = std::fs::remove_file(&name);
    let file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&name)
        .with_context(|| format!("creating {label}"))?;
    let part = PartWriter::create(file, header, solver, host)
        .with_context(|| format!("writing {label}"))?;
    Ok((part, None))
}

/// The ranks of `ranks` whose parts of the certificate `path` are not there.
pub fn missing(path: &Path, ranks: usize) -> Vec<usize> {
    (0..ranks)
        .filter(|&k| !rank_part_path(path, k, ranks).exists())
        .collect()
}

/// The line that says what a merge wrote: `GRAPH: certificate FILE: SUMMARY (from R
/// records of N parts, M marked, Q questions to a fresh solver)`, for `kayles nimber`
/// under mpirun and `kayles merge-certificate` alike.
pub fn merged_line(
    graph: &str,
    path: &Path,
    summary: &Summary,
    stats: &SearchProofStats,
    parts: usize,
) -> String {
    format!(
        "{graph}: certificate {}: {summary} (from {} records of {parts} parts, {} marked, {} \
         questions to a fresh solver)",
        path.display(),
        stats.concluded,
        stats.marked,
        stats.oracle_queries
    )
}

/// The command that merges the parts of the certificate `path` of `graph` in `game`.
pub fn merge_command(graph: &str, game: GameKind, path: &Path) -> String {
    let game = match game {
        GameKind::Node => "",
        GameKind::Arc => "--game arc ",
    };
    format!("kayles merge-certificate {game}{graph} {}", path.display())
}

/// Finds the parts of the certificate `path` of `graph` in `game` (those of `ranks`
/// ranks when given), checks that they fit (`kayles_cert::search_parts::PartSet::open`:
/// each rank's part once, of one run, graph and game, none cut short), then writes the
/// certificate to `path` (through `FILE.part`, renamed when whole), its records merged in
/// `FILE.part.log`, a solver of `search`'s options asked for whatever no record covers;
/// the parts are removed once the certificate is whole. Nothing is written when the parts
/// do not fit.
///
/// # Errors
/// The parts' refusal, in one line; reading and writing the files; the builder's.
pub fn merge(
    graph: &Named,
    game: GameKind,
    search: &SearchOptions,
    path: &Path,
    ranks: Option<usize>,
) -> Result<(Summary, SearchProofStats)> {
    // Only a regular file (or nothing yet) is ours to write: a device node is refused,
    // a link is written through (crate::output_file); the parts are beside `path`.
    let target = crate::output_file::resolve(path)?;
    let found = find(path, ranks)?;
    if found.is_empty() {
        bail!(
            "{}: no parts of it ({}.rank-K-of-N.log) to merge",
            path.display(),
            path.display()
        );
    }
    // Every rank's part, by its file name (the parts' headers are checked below).
    let ranks = found[0].1;
    let lacking = missing(path, ranks);
    if let Some(&k) = lacking.first() {
        let names: Vec<String> = lacking.iter().map(usize::to_string).collect();
        bail!(
            "{}: the parts of rank {} of {ranks} are missing (such as {})",
            path.display(),
            names.join(", "),
            rank_part_path(path, k, ranks).display()
        );
    }
    let mut files = Vec::new();
    for (_, _, part) in &found {
        let file = File::open(part).with_context(|| format!("reading {}", part.display()))?;
        files.push((part.display().to_string(), file));
    }
    let parts = PartSet::open(&graph.graph, &graph.name, game, files)?;
    let writing = part_path(&target);
    let scratch = suffixed(&writing, ".log");
    remove_if_there(&[&writing, &scratch])?;
    let create = |p: &Path| {
        std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .create_new(true)
            .open(p)
            .with_context(|| format!("creating {}", p.display()))
    };
    let out = BufWriter::new(create(&writing)?);
    let written = create(&scratch).and_then(|log| {
        let mut solver = search.solver_for(game, Some(&graph.name));
        parts
            .certify(&graph.graph, &graph.name, &mut solver, out, log)
            .with_context(|| format!("writing {}", path.display()))
    });
    let _ = std::fs::remove_file(&scratch);
    let finished = written.and_then(|(out, summary, stats)| {
        put_in_place(out, &writing, &target)?;
        Ok((summary, stats))
    });
    match finished {
        Ok(done) => {
            for (_, _, part) in &found {
                let _ = std::fs::remove_file(part);
            }
            Ok(done)
        }
        Err(e) => {
            let _ = std::fs::remove_file(&writing);
            Err(e)
        }
    }
}
