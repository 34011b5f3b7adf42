//! `cargo xtask oeis`: the folders of `docs/oeis/`, one per OEIS sequence this project
//! extends, as an editor wants to see an extension: the b-file, each term's routes, its
//! certificate (size, facts, SHA-256, the time to make and to check it) and a script that
//! remakes and checks every term.
//!
//! The folders are generated, never edited: the values and routes come from the family
//! tables of docs/results.md (the one home of every term), the committed certificates from
//! `certificates/` (checked again by `kayles-check` on every run), and the certificates too
//! large to commit from each folder's `certificates.tsv`, which `--make DIR` extends by
//! making each missing one with `kayles nimber --threads 1 --certificate` and checking it
//! with `kayles-check`. Without `--write` the command compares the generated files with the
//! committed ones and fails on a difference, so a folder can never drift from the tables.
//!
//! ```text
//! cargo xtask oeis                            # are the folders up to date?
//! cargo xtask oeis --write                    # rewrite them
//! cargo xtask oeis --make DIR [--only A316632] [--max-n N] [--cap SECONDS]
//! ```

use crate::bench_engine::{build_check, build_kayles, workspace_root};
use anyhow::{bail, Context, Result};
use kayles_core::families::term_spec;
use kayles_core::GameKind;
use kayles_solve::certificates::file_name;
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

/// One sequence of the OEIS that the family tables of docs/results.md extend.
struct Sequence {
    /// The A-number.
    number: &'static str,
    /// What a(n) is.
    title: &'static str,
    /// The family template (`kayles seq` and `term_spec`).
    template: &'static str,
    /// The first index of the sequence in the OEIS.
    offset: usize,
    /// The first index no one had published before this project: the extension's start
    /// (`None` when every term here was published first elsewhere).
    first_new: Option<usize>,
    /// Who published which terms, for the README.
    published_by: &'static str,
}

const SEQUENCES: &[Sequence] = &[
    Sequence {
        number: "A316632",
        title: "the Sprague-Grundy value of Node Kayles on the 3 X n grid graph",
        template: "grid:3xN",
        offset: 1,
        first_new: Some(17),
        published_by: "the entry lists n = 1..16",
    },
    Sequence {
        number: "A316533",
        title: "the Sprague-Grundy value of Node Kayles on the generalized Petersen graph P(n,2)",
        template: "petersen:N,2",
        offset: 5,
        first_new: Some(27),
        published_by: "n = 5..26 as listed for this sequence by Max Fan's Rust solver \
                       (github.com/InnovativeInventor/node-kayles); the offset 5 is that \
                       listing's first term (P(5,2), the Petersen graph) and should be \
                       compared with the entry's before submitting",
    },
    Sequence {
        number: "A344227",
        title: "the Sprague-Grundy value of Node Kayles on the n X n queens graph",
        template: "queens",
        offset: 0,
        first_new: None,
        published_by: "the entry lists n = 0..13; queens-nimbers (2026) computed n = 14..17 \
                       first, and the terms here agree with it",
    },
];

const USAGE: &str =
    "usage: cargo xtask oeis [--write] | --make DIR [--only ANUMBER] [--max-n N] [--cap SECONDS]";

/// Entry point. Bad usage is one message with exit status 2; a failure (stale folders, a
/// value or certificate that disagrees) one message with exit status 1.
pub fn run(args: &[String]) -> Result<()> {
    let options = match parse(args) {
        Ok(options) => options,
        Err(e) => {
            eprintln!("error: {e:#}");
            std::process::exit(2);
        }
    };
    if let Err(e) = dispatch(options) {
        eprintln!("error: {e:#}");
        std::process::exit(1);
    }
    Ok(())
}

/// What the command line asks for.
#[derive(Debug, PartialEq)]
struct Options {
    write: bool,
    make: Option<PathBuf>,
    only: Option<String>,
    max_n: usize,
    cap: f64,
}

fn parse(args: &[String]) -> Result<Options> {
    let mut options = Options {
        write: false,
        make: None,
        only: None,
        max_n: usize::MAX,
        cap: f64::INFINITY,
    };
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let mut value = || {
            it.next()
                .with_context(|| format!("{arg} needs a value; {USAGE}"))
        };
        match arg.as_str() {
            "--write" => options.write = true,
            "--make" => options.make = Some(PathBuf::from(value()?)),
            "--only" => options.only = Some(value()?.clone()),
            "--max-n" => options.max_n = value()?.parse().context("--max-n takes a number")?,
            "--cap" => options.cap = value()?.parse().context("--cap takes seconds")?,
            other => bail!("unknown argument '{other}'; {USAGE}"),
        }
    }
    if let Some(only) = &options.only {
        if !SEQUENCES.iter().any(|s| s.number == only) {
            bail!("--only {only}: no such folder (the sequences are A316632, A316533, A344227)");
        }
    }
    Ok(options)
}

fn dispatch(options: Options) -> Result<()> {
    let root = workspace_root();
    if let Some(dir) = options.make {
        for sequence in SEQUENCES {
            if options.only.as_deref().is_none_or(|o| o == sequence.number) {
                make_certificates(&root, sequence, &dir, options.max_n, options.cap)?;
            }
        }
        return write_all(&root);
    }
    if options.write {
        write_all(&root)
    } else {
        let stale = stale_files(&root)?;
        if stale.is_empty() {
            println!("docs/oeis is up to date");
            Ok(())
        } else {
            bail!(
                "docs/oeis differs from docs/results.md and the certificates in: {}; run `cargo xtask oeis --write`",
                stale.join(", ")
            )
        }
    }
}

/// Every generated file: its path under the root and its text.
fn generate(root: &Path) -> Result<Vec<(PathBuf, String)>> {
    let doc = std::fs::read_to_string(root.join("docs/results.md"))?;
    let tables = tables(&doc);
    let mut files = Vec::new();
    let mut index = String::from(INDEX_HEAD);
    for sequence in SEQUENCES {
        let terms = terms(root, &tables, sequence)?;
        let folder = PathBuf::from("docs/oeis").join(sequence.number);
        let last = terms.last().map_or(0, |t| t.n);
        let certified = terms.iter().filter(|t| t.certificate.is_some()).count();
        writeln!(
            index,
            "| [{0}]({0}/README.md) | {1} | {2}..{3} | {4} | {5} of {6} |",
            sequence.number,
            sequence.title,
            sequence.offset,
            last,
            sequence
                .first_new
                .map_or("none".into(), |first| format!("{first}..{last}")),
            certified,
            terms.len()
        )?;
        files.push((folder.join(b_file_name(sequence)), b_file(sequence, &terms)));
        files.push((folder.join("README.md"), readme(sequence, &terms)));
        files.push((folder.join("reproduce.sh"), script(sequence, &terms)));
    }
    files.push((PathBuf::from("docs/oeis/README.md"), index + INDEX_TAIL));
    Ok(files)
}

fn write_all(root: &Path) -> Result<()> {
    for (path, text) in generate(root)? {
        let path = root.join(path);
        std::fs::create_dir_all(path.parent().expect("a folder"))?;
        std::fs::write(&path, text).with_context(|| format!("writing {}", path.display()))?;
    }
    println!("docs/oeis written");
    Ok(())
}

/// The generated files whose committed text differs (or that are missing).
fn stale_files(root: &Path) -> Result<Vec<String>> {
    Ok(generate(root)?
        .into_iter()
        .filter(|(path, text)| std::fs::read_to_string(root.join(path)).ok().as_ref() != Some(text))
        .map(|(path, _)| path.display().to_string())
        .collect())
}

/// A markdown table of docs/results.md: the section it sits in, its header, its rows.
struct Table {
    section: String,
    header: Vec<String>,
    rows: Vec<Vec<String>>,
}

fn cells(line: &str) -> Vec<String> {
    line.trim()
        .trim_matches('|')
        .split('|')
        .map(|c| c.trim().to_string())
        .collect()
}

fn tables(doc: &str) -> Vec<Table> {
    let mut out: Vec<Table> = Vec::new();
    let mut section = String::new();
    let mut in_table = false;
    for line in doc.lines() {
        if let Some(heading) = line.strip_prefix("## ") {
            section = heading.trim().to_string();
            in_table = false;
        } else if line.starts_with('|') {
            if !in_table {
                out.push(Table {
                    section: section.clone(),
                    header: cells(line),
                    rows: Vec::new(),
                });
                in_table = true;
            } else if !line.starts_with("|---") {
                out.last_mut().expect("a table").rows.push(cells(line));
            }
        } else {
            in_table = false;
        }
    }
    out
}

/// A certificate of a term: the file's name, size, SHA-256, facts, and where it is.
struct Certificate {
    file: String,
    bytes: u64,
    sha256: String,
    facts: usize,
    /// "committed", or how it was made (time, peak, commit, date) when not committed.
    made: String,
    /// `kayles-check`'s seconds: docs/results.md's for a committed file, the run's else.
    check_seconds: String,
}

/// One term: its index, value, the routes that computed it, its certificate.
struct Term {
    n: usize,
    spec: String,
    value: u32,
    routes_agreeing: String,
    published: String,
    routes: Vec<String>,
    certificate: Option<Certificate>,
    /// The certificate's size in docs/results.md when no file is at hand.
    documented_size: String,
}

/// The route columns of a family table: everything but the index, the value, the counts
/// and the certificate columns.
fn is_route_column(header: &str) -> bool {
    !matches!(
        header,
        "n" | "nimber"
            | "routes agreeing"
            | "published"
            | "certificate"
            | "check: s"
            | "term"
            | "record"
            | "value"
            | "facts"
    ) && !header.starts_with("check")
        && !header.starts_with("search + certificate")
}

/// A family table's cell that is a route's result: a time, or a proof (the mirror
/// strategy); not a pointer to another table ("outcome, see the third round").
fn is_family_route(cell: &str) -> bool {
    cell.starts_with(|c: char| c.is_ascii_digit()) || cell == "proof"
}

/// The name of the route a records table's cell gives, with the engine its section names
/// ("Records of the third round (the outcome search)"): `None` for a run that did not
/// finish or was not made.
fn record_route(header: &str, cell: &str, section: &str) -> Option<String> {
    if !header.starts_with("route") || cell == "-" {
        return None;
    }
    let engine = section.split_once(" (").map_or(section, |(_, e)| {
        e.trim_end_matches(')').trim_start_matches("the ")
    });
    let name = if cell.contains("route C") {
        "route C, `--canonical-max-order 20`"
    } else if cell.starts_with("not run") || cell.starts_with("stopped") {
        return None;
    } else if cell.contains("--checkpoint") {
        "split into jobs, `--checkpoint`"
    } else {
        header.trim_end_matches(": s (MiB)")
    };
    Some(format!("{name} ({engine})"))
}

fn terms(root: &Path, tables: &[Table], sequence: &Sequence) -> Result<Vec<Term>> {
    let heading = format!("`{}`", sequence.template);
    let family = tables
        .iter()
        .find(|t| t.section.ends_with(&heading) && t.header.first().is_some_and(|h| h == "n"))
        .with_context(|| {
            format!("docs/results.md has no table in a section ending with {heading}")
        })?;
    let column = |name: &str| family.header.iter().position(|h| h == name);
    let (Some(value_at), Some(agreeing_at), Some(published_at)) = (
        column("nimber"),
        column("routes agreeing"),
        column("published"),
    ) else {
        bail!("the table of {heading} lacks a nimber, routes agreeing or published column");
    };
    let made = made_certificates(root, sequence)?;
    let mut out = Vec::new();
    for row in &family.rows {
        let n: usize = row[0]
            .parse()
            .with_context(|| format!("{heading}: row {row:?}"))?;
        if n < sequence.offset {
            continue;
        }
        if out.last().is_some_and(|t: &Term| t.n + 1 != n)
            || (out.is_empty() && n != sequence.offset)
        {
            bail!(
                "{heading}: the terms are not consecutive from {} at n = {n}",
                sequence.offset
            );
        }
        let spec = term_spec(sequence.template, n);
        let value = row[value_at]
            .trim_matches('*')
            .parse()
            .with_context(|| format!("{heading}: the value of n = {n}"))?;
        let mut routes: Vec<String> = family
            .header
            .iter()
            .zip(row)
            .filter(|(h, c)| is_route_column(h) && is_family_route(c))
            .map(|(h, _)| h.trim_end_matches(": s (MiB)").to_string())
            .collect();
        // The records tables: rows whose first cell is this term's spec.
        for table in tables.iter().filter(|t| t.header[0] == "term") {
            for record in table.rows.iter().filter(|r| r[0] == format!("`{spec}`")) {
                routes.extend(
                    table
                        .header
                        .iter()
                        .zip(record)
                        .filter_map(|(h, c)| record_route(h, c, &table.section)),
                );
            }
        }
        let file = file_name(&spec, GameKind::Node);
        let committed = root.join("certificates").join(&file);
        let documented_check = column("check: s").map_or("-".into(), |c| row[c].clone());
        let certificate = if committed.exists() {
            Some(committed_certificate(
                &committed,
                &spec,
                value,
                &file,
                documented_check,
            )?)
        } else if let Some(m) = made.get(&n) {
            if m.value != value {
                bail!(
                    "{}: a({n}) = {} in its certificates.tsv, {value} in docs/results.md",
                    sequence.number,
                    m.value
                );
            }
            Some(m.certificate(&file))
        } else {
            None
        };
        let documented_size = column("certificate").map_or("-".into(), |c| row[c].clone());
        out.push(Term {
            n,
            spec,
            value,
            routes_agreeing: row[agreeing_at].clone(),
            published: row[published_at].clone(),
            routes,
            certificate,
            documented_size,
        });
    }
    Ok(out)
}

fn sha256_of(path: &Path) -> Result<String> {
    let bytes = std::fs::read(path).with_context(|| format!("reading {}", path.display()))?;
    Ok(Sha256::digest(&bytes)
        .iter()
        .fold(String::new(), |mut s, b| {
            let _ = write!(s, "{b:02x}");
            s
        }))
}

/// A committed certificate, checked again: it must prove the table's value.
fn committed_certificate(
    path: &Path,
    spec: &str,
    value: u32,
    file: &str,
    check_seconds: String,
) -> Result<Certificate> {
    let verified = kayles_check::check(spec, std::fs::File::open(path)?)
        .map_err(|e| anyhow::anyhow!("certificates/{file}: rejected: {e:?}"))?;
    if verified.nimber != value {
        bail!(
            "certificates/{file} proves {} where docs/results.md says {value}",
            verified.nimber
        );
    }
    Ok(Certificate {
        file: file.to_string(),
        bytes: std::fs::metadata(path)?.len(),
        sha256: sha256_of(path)?,
        facts: verified.facts,
        made: "committed".into(),
        check_seconds,
    })
}

/// A row of a folder's `certificates.tsv`: a certificate made by `--make`, kept outside
/// the repository.
struct Made {
    value: u32,
    bytes: u64,
    sha256: String,
    facts: usize,
    make_seconds: f64,
    peak_mib: f64,
    check_seconds: f64,
    commit: String,
    date: String,
}

impl Made {
    fn certificate(&self, file: &str) -> Certificate {
        Certificate {
            file: file.to_string(),
            bytes: self.bytes,
            sha256: self.sha256.clone(),
            facts: self.facts,
            made: format!(
                "made in {:.1} s ({:.0} MiB peak) by commit {} on {}",
                self.make_seconds, self.peak_mib, self.commit, self.date
            ),
            check_seconds: format!("{:.2}", self.check_seconds),
        }
    }
}

const TSV_HEADER: &str =
    "n\tvalue\tbytes\tsha256\tfacts\tmake_seconds\tpeak_mib\tcheck_seconds\tcommit\tdate";

fn tsv_path(root: &Path, sequence: &Sequence) -> PathBuf {
    root.join("docs/oeis")
        .join(sequence.number)
        .join("certificates.tsv")
}

fn made_certificates(root: &Path, sequence: &Sequence) -> Result<BTreeMap<usize, Made>> {
    let path = tsv_path(root, sequence);
    let Ok(text) = std::fs::read_to_string(&path) else {
        return Ok(BTreeMap::new());
    };
    let mut out = BTreeMap::new();
    for (i, line) in text.lines().enumerate().skip(1) {
        let f: Vec<&str> = line.split('\t').collect();
        let bad = || format!("{}: line {} is malformed", path.display(), i + 1);
        if f.len() != 10 {
            bail!("{}", bad());
        }
        let made = Made {
            value: f[1].parse().with_context(bad)?,
            bytes: f[2].parse().with_context(bad)?,
            sha256: f[3].to_string(),
            facts: f[4].parse().with_context(bad)?,
            make_seconds: f[5].parse().with_context(bad)?,
            peak_mib: f[6].parse().with_context(bad)?,
            check_seconds: f[7].parse().with_context(bad)?,
            commit: f[8].to_string(),
            date: f[9].to_string(),
        };
        out.insert(f[0].parse().with_context(bad)?, made);
    }
    Ok(out)
}

/// Makes and checks the certificates of the terms that have none (not committed, not in
/// `certificates.tsv`), in order, appending a row per certificate as soon as it is checked.
fn make_certificates(
    root: &Path,
    sequence: &Sequence,
    dir: &Path,
    max_n: usize,
    cap: f64,
) -> Result<()> {
    let doc = std::fs::read_to_string(root.join("docs/results.md"))?;
    let tables = tables(&doc);
    let kayles = build_kayles()?;
    let check = build_check()?;
    std::fs::create_dir_all(dir)?;
    let tsv = tsv_path(root, sequence);
    std::fs::create_dir_all(tsv.parent().expect("a folder"))?;
    if !tsv.exists() {
        std::fs::write(&tsv, format!("{TSV_HEADER}\n"))?;
    }
    let commit = git(root, &["rev-parse", "--short=12", "HEAD"])?;
    // The folders themselves change as certificates are made: only the rest counts.
    let dirty = !git(
        root,
        &[
            "status",
            "--porcelain",
            "--untracked-files=no",
            "--",
            ".",
            ":!docs/oeis",
        ],
    )?
    .is_empty();
    let commit = if dirty {
        format!("{commit}+changes")
    } else {
        commit
    };
    for term in terms(root, &tables, sequence)? {
        if term.n > max_n || term.certificate.is_some() {
            continue;
        }
        let file = dir.join(file_name(&term.spec, GameKind::Node));
        eprintln!(
            "{} a({}) = {}: making {}",
            sequence.number,
            term.n,
            term.value,
            file.display()
        );
        let output = Command::new(&kayles)
            .args(["nimber", "--threads", "1", "--json", "--certificate"])
            .arg(&file)
            .arg(&term.spec)
            .output()?;
        if !output.status.success() {
            bail!(
                "kayles nimber {}: {}",
                term.spec,
                String::from_utf8_lossy(&output.stderr).trim()
            );
        }
        let json: serde_json::Value = serde_json::from_slice(&output.stdout)?;
        let made_value = json["nimber"].as_u64().context("the JSON's nimber")?;
        if made_value != u64::from(term.value) {
            bail!(
                "DISAGREE: kayles nimber {} gave {made_value}, docs/results.md {}",
                term.spec,
                term.value
            );
        }
        let start = Instant::now();
        let checked = Command::new(&check).arg(&term.spec).arg(&file).output()?;
        let check_seconds = start.elapsed().as_secs_f64();
        let stdout = String::from_utf8_lossy(&checked.stdout);
        let verified: Option<u32> = stdout
            .split_whitespace()
            .next()
            .and_then(|v| v.parse().ok());
        if !checked.status.success() || verified != Some(term.value) {
            bail!(
                "kayles-check {} {}: {}",
                term.spec,
                file.display(),
                String::from_utf8_lossy(&checked.stderr).trim()
            );
        }
        let stderr = String::from_utf8_lossy(&checked.stderr);
        let facts = stderr
            .split('(')
            .nth(1)
            .and_then(|s| s.split_whitespace().next())
            .and_then(|s| s.parse::<usize>().ok())
            .context("kayles-check's count of facts")?;
        let row = format!(
            "{}\t{}\t{}\t{}\t{}\t{:.2}\t{:.0}\t{:.2}\t{}\t{}\n",
            term.n,
            term.value,
            std::fs::metadata(&file)?.len(),
            sha256_of(&file)?,
            facts,
            json["seconds"].as_f64().unwrap_or(f64::NAN),
            json["peak_rss_kib"].as_f64().unwrap_or(f64::NAN) / 1024.0,
            check_seconds,
            commit,
            today()?,
        );
        let mut text = std::fs::read_to_string(&tsv)?;
        text.push_str(&row);
        std::fs::write(&tsv, text)?;
        if json["seconds"].as_f64().is_some_and(|s| s > cap) {
            eprintln!(
                "{} a({}) took over {cap} s; the next terms are left",
                sequence.number, term.n
            );
            break;
        }
    }
    Ok(())
}

fn git(root: &Path, args: &[&str]) -> Result<String> {
    let out = Command::new("git").args(args).current_dir(root).output()?;
    if !out.status.success() {
        bail!("git {args:?} failed");
    }
    Ok(String::from_utf8(out.stdout)?.trim().to_string())
}

fn today() -> Result<String> {
    let out = Command::new("date").arg("-u").arg("+%Y-%m-%d").output()?;
    Ok(String::from_utf8(out.stdout)?.trim().to_string())
}

fn b_file_name(sequence: &Sequence) -> String {
    format!("b{}.txt", &sequence.number[1..])
}

fn b_file(sequence: &Sequence, terms: &[Term]) -> String {
    let mut out = format!(
        "# {}: {}, n = {}..{}.\n# Computed by kayles (docs/results.md); see README.md for each term's routes and certificate.\n",
        sequence.number,
        sequence.title,
        sequence.offset,
        terms.last().map_or(0, |t| t.n)
    );
    for t in terms {
        let _ = writeln!(out, "{} {}", t.n, t.value);
    }
    out
}

fn human_bytes(bytes: u64) -> String {
    match bytes {
        b if b < 1000 => format!("{b} B"),
        b if b < 1_000_000 => format!("{:.1} KB", b as f64 / 1e3),
        b => format!("{:.2} MB", b as f64 / 1e6),
    }
}

fn readme(sequence: &Sequence, terms: &[Term]) -> String {
    let last = terms.last().map_or(0, |t| t.n);
    let b = b_file_name(sequence);
    let mut out = format!(
        "# {number}: an extension to n = {last}\n\n\
         a(n) is {title} (`kayles` family `{template}`, Node Kayles). Generated by `cargo xtask\n\
         oeis --write` from [docs/results.md](../../results.md) and the certificates; do not edit.\n\n\
         - **b-file**: [{b}]({b}), n = {offset}..{last}. Published: {published_by}.{new}\n\
         - **Routes**: every term is computed by each route named below, each a separate\n  \
           process with its own memo; \"routes agreeing\" counts them (all agree; a\n  \
           disagreement would be printed as DISAGREE). Times and memory are in docs/results.md.\n\
         - **Certificates**: `kayles-check` (crates/kayles-check, which links nothing of the\n  \
           engine) verifies each by the game's definition and prints the value. \"committed\"\n  \
           files are in `certificates/`; the others are remade by the command below (one\n  \
           thread: the same commit writes the same bytes, so the SHA-256 identifies the file).\n\
         - **Reproduce and check every term**: `sh docs/oeis/{number}/reproduce.sh [MAX_N]`\n  \
           (`KAYLES`, `KAYLES_CHECK` name the binaries, `OUT` the folder for certificates);\n  \
           per term it runs\n\n      \
           kayles nimber --threads 1 --certificate FILE SPEC     # prints a(n)\n      \
           kayles-check SPEC FILE                                # prints \"a(n) node\"\n\n  \
           and stops at the first value that differs from the b-file.\n\n\
         | n | a(n) | published | routes agreeing | routes | certificate | facts | size | SHA-256 | made | check s |\n\
         |---|---|---|---|---|---|---|---|---|---|---|\n",
        number = sequence.number,
        title = sequence.title,
        template = sequence.template,
        offset = sequence.offset,
        published_by = sequence.published_by,
        new = sequence.first_new.map_or(String::new(), |first| {
            format!(" The terms from n = {first} on are new here.")
        }),
    );
    for t in terms {
        let routes = if t.routes.is_empty() {
            "-".to_string()
        } else {
            t.routes.join("; ")
        };
        let cert = match &t.certificate {
            Some(c) => format!(
                "`{}` | {} | {} | `{}` | {} | {}",
                c.file,
                c.facts,
                human_bytes(c.bytes),
                c.sha256,
                c.made,
                c.check_seconds
            ),
            None if t.documented_size == "-" => "none | - | - | - | - | -".into(),
            None => format!(
                "not kept | - | {} in docs/results.md | - | remade by `reproduce.sh` | -",
                t.documented_size
            ),
        };
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} | {} |",
            t.n, t.value, t.published, t.routes_agreeing, routes, cert
        );
    }
    out
}

fn script(sequence: &Sequence, terms: &[Term]) -> String {
    let mut out = format!(
        "#!/bin/sh\n\
         # {number}: remakes every term of {b} and its certificate, and checks both.\n\
         # Generated by `cargo xtask oeis --write`; do not edit.\n\
         # usage: sh reproduce.sh [MAX_N]   (KAYLES, KAYLES_CHECK: the binaries; OUT: where\n\
         # the certificates go, default the current folder). Exit 1 at the first term whose\n\
         # value or certificate differs from the b-file.\n\
         set -eu\n\
         max=${{1:-{last}}}\n\
         kayles=${{KAYLES:-kayles}}\n\
         check=${{KAYLES_CHECK:-kayles-check}}\n\
         here=$(cd \"$(dirname \"$0\")\" && pwd)\n\
         out=${{OUT:-.}}\n\
         term() {{\n  \
           [ \"$1\" -le \"$max\" ] || return 0\n  \
           want=$(awk -v n=\"$1\" '$1 == n {{ print $2 }}' \"$here/{b}\")\n  \
           rm -f \"$out/$3\"\n  \
           got=$(\"$kayles\" nimber --threads 1 --certificate \"$out/$3\" \"$2\") || got=failed\n  \
           verified=$(\"$check\" \"$2\" \"$out/$3\" 2>/dev/null) || verified=rejected\n  \
           if [ \"$got\" != \"$want\" ] || [ \"$verified\" != \"$want node\" ]; then\n    \
             echo \"{number}: a($1) is $want in {b}; kayles nimber $2 gave $got, kayles-check $verified\" >&2\n    \
             exit 1\n  \
           fi\n  \
           echo \"a($1) = $got ($2), certificate $out/$3 verified\"\n\
         }}\n",
        number = sequence.number,
        b = b_file_name(sequence),
        last = terms.last().map_or(0, |t| t.n),
    );
    for t in terms {
        let _ = writeln!(
            out,
            "term {} {} {}",
            t.n,
            t.spec,
            file_name(&t.spec, GameKind::Node)
        );
    }
    out
}

const INDEX_HEAD: &str = "# OEIS extensions\n\n\
One folder per OEIS sequence whose terms docs/results.md extends, generated by `cargo xtask\n\
oeis --write` (and checked against the tables by the tests): the b-file, every term's\n\
routes and certificate, and `reproduce.sh`, which remakes and checks every term.\n\
`cargo xtask oeis --make DIR` makes the certificates too large to commit, checks them and\n\
records their size and SHA-256 in the folder's `certificates.tsv`.\n\n\
| sequence | a(n) | b-file | new terms | terms with a certificate |\n\
|---|---|---|---|---|\n";

const INDEX_TAIL: &str = "\nA term without a certificate is listed as such in its folder;\n\
its value rests on the searches that agree on it (the \"routes agreeing\" column).\n";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_oeis_folders_are_generated_from_the_tables() {
        let root = workspace_root();
        let stale = stale_files(&root).unwrap();
        assert!(
            stale.is_empty(),
            "run `cargo xtask oeis --write`: {stale:?} differ from docs/results.md"
        );
    }

    #[test]
    fn the_command_line_is_read_or_refused() {
        let args = |a: &[&str]| a.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let options = parse(&args(&[
            "--make", "out", "--only", "A344227", "--max-n", "16",
        ]))
        .unwrap();
        assert_eq!(options.make, Some(PathBuf::from("out")));
        assert_eq!(options.only.as_deref(), Some("A344227"));
        assert_eq!(options.max_n, 16);
        assert!(!options.write && options.cap.is_infinite());
        for (bad, why) in [
            (&["--frobnicate"][..], "unknown argument"),
            (&["--make"][..], "needs a value"),
            (&["--max-n", "many"][..], "--max-n takes a number"),
            (&["--cap", "-"][..], "--cap takes seconds"),
            (&["--only", "A000045"][..], "no such folder"),
        ] {
            let e = parse(&args(bad)).expect_err(why);
            assert!(e.to_string().contains(why), "{bad:?}: {e}");
        }
    }

    #[test]
    fn a_gap_in_a_family_table_is_an_error() {
        let doc = "## 3 x n grid, `grid:3xN`\n\n| n | nimber | routes agreeing | published |\n|---|---|---|---|\n| 1 | 2 | 1 | - |\n| 3 | 1 | 1 | - |\n";
        let err = terms(Path::new("/nonexistent"), &tables(doc), &SEQUENCES[0])
            .err()
            .expect("n = 2 is missing");
        assert!(err.to_string().contains("not consecutive"), "{err}");
    }
}
