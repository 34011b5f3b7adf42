//! `cargo xtask bench engine`: the `kayles` command (a release build, as a user runs it) on
//! its cases (`CASES`, each with its target ratio to C), each beside the plain C solver
//! `../shared/baselines/nk.c` compiled with `cc -O3 -march=native` in the same run. Every
//! run is a child process measured by `wait4`, so its wall time and peak resident memory
//! are its own; the median of `runs` is reported. Values must agree across routes, or the benchmark fails.

use anyhow::{bail, Context, Result};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

/// A program with its arguments, what it reads on stdin, how long it may run, and how its
/// output names the value it computed.
pub(crate) struct Invocation {
    pub(crate) program: PathBuf,
    pub(crate) args: Vec<String>,
    pub(crate) stdin: Option<String>,
    /// Seconds after which the run is stopped and reported as not finished.
    pub(crate) cap: Option<f64>,
    /// Reads the value from the program's standard output.
    pub(crate) value: fn(&str) -> Option<u64>,
}

impl Invocation {
    /// `program args...` printing the value as its first word, with no cap.
    pub(crate) fn new(program: &Path, args: &[&str]) -> Invocation {
        Invocation {
            program: program.to_path_buf(),
            args: args.iter().map(|a| a.to_string()).collect(),
            stdin: None,
            cap: None,
            value: first_word,
        }
    }
}

/// The value as the first word of the output (`kayles nimber`, `nk`, `nko`).
pub(crate) fn first_word(out: &str) -> Option<u64> {
    out.split_whitespace().next()?.parse().ok()
}

pub(crate) fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask sits in the workspace")
        .to_path_buf()
}

pub(crate) fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map_or_else(|| workspace_root().join("target"), PathBuf::from)
}

/// What a finished child left: wall time from spawn to exit, peak memory from its
/// rusage, and its standard output.
pub(crate) struct Finished {
    pub(crate) seconds: f64,
    pub(crate) peak_kib: u64,
    pub(crate) stdout: String,
}

/// Runs `program args` as a child (in `dir` when given, `stdin` written to it), stopped
/// after `cap` seconds when there is one: `None` when the cap stopped it, an error when
/// it failed.
pub(crate) fn run_child(
    program: &Path,
    args: &[String],
    stdin: Option<&str>,
    cap: Option<f64>,
    dir: Option<&Path>,
) -> Result<Option<Finished>> {
    let start = Instant::now();
    let mut command = Command::new(program);
    command
        .args(args)
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::null());
    if let Some(dir) = dir {
        command.current_dir(dir);
    }
    let mut child = command
        .spawn()
        .with_context(|| format!("starting {}", program.display()))?;
    if let Some(text) = stdin {
        let mut pipe = child.stdin.take().context("child stdin")?;
        pipe.write_all(text.as_bytes())?;
    }
    let mut stdout = child.stdout.take().context("child stdout")?;
    let reader = std::thread::spawn(move || {
        let mut out = String::new();
        stdout.read_to_string(&mut out).map(|_| out)
    });
    let pid = child.id() as libc::pid_t;
    let mut status = 0;
    // SAFETY: an all-zero rusage is a valid value of that plain C struct.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let mut stopped = false;
    loop {
        let options = if cap.is_some() { libc::WNOHANG } else { 0 };
        // SAFETY: `pid` is our own child, not yet waited for; both pointers are valid.
        let waited = unsafe { libc::wait4(pid, &mut status, options, &mut usage) };
        if waited == pid {
            break;
        }
        if waited != 0 {
            bail!("waiting for {} failed", program.display());
        }
        if cap.is_some_and(|cap| start.elapsed().as_secs_f64() > cap) && !stopped {
            // SAFETY: signalling our own child, which has not been reaped yet.
            unsafe { libc::kill(pid, libc::SIGKILL) };
            stopped = true;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let seconds = start.elapsed().as_secs_f64();
    let stdout = reader.join().expect("reader thread")?;
    if stopped {
        return Ok(None);
    }
    if !libc::WIFEXITED(status) || libc::WEXITSTATUS(status) != 0 {
        bail!("{} {args:?} failed (status {status})", program.display());
    }
    Ok(Some(Finished {
        seconds,
        peak_kib: usage.ru_maxrss as u64,
        stdout,
    }))
}

/// Runs `inv` once; wall time from spawn to exit, peak memory from the child's rusage,
/// and the value it printed as the result. `None` when the run reached its cap and was
/// stopped.
pub(crate) fn run_once(inv: &Invocation) -> Result<Option<Sample>> {
    let Some(run) = run_child(&inv.program, &inv.args, inv.stdin.as_deref(), inv.cap, None)? else {
        return Ok(None);
    };
    let result = (inv.value)(&run.stdout).with_context(|| {
        format!(
            "{} printed {:?}, no value in it",
            inv.program.display(),
            run.stdout.chars().take(200).collect::<String>()
        )
    })?;
    Ok(Some(Sample {
        seconds: run.seconds,
        peak_kib: run.peak_kib,
        result,
    }))
}

/// The first field of `/proc/loadavg` (the load average over the last minute), `?` where
/// there is none.
pub(crate) fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .unwrap_or_default()
        .split_whitespace()
        .next()
        .unwrap_or("?")
        .to_string()
}

/// The median of `runs` runs of `inv`; `None` as soon as one run reaches the cap.
pub(crate) fn median_capped(inv: &Invocation, runs: usize) -> Result<Option<Sample>> {
    let label = format!("{} {:?}", inv.program.display(), inv.args);
    let mut samples = Vec::new();
    for _ in 0..runs {
        match run_once(inv)? {
            Some(sample) => samples.push(sample),
            None => return Ok(None),
        }
    }
    let mut samples = samples.into_iter();
    median_of(&label, runs, || {
        Ok(samples.next().expect("one sample per run"))
    })
    .map(Some)
}

fn median(inv: &Invocation, runs: usize) -> Result<Sample> {
    Ok(median_capped(inv, runs)?.expect("uncapped runs always finish"))
}

/// Builds the release `kayles` binary (what a user installs) and returns its path.
pub(crate) fn build_kayles() -> Result<PathBuf> {
    build_release("kayles-cli", "kayles")
}

/// Builds the release `kayles-check`.
pub(crate) fn build_check() -> Result<PathBuf> {
    build_release("kayles-check", "kayles-check")
}

/// Builds `package` in release and returns the path of its binary `binary`.
fn build_release(package: &str, binary: &str) -> Result<PathBuf> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let ok = Command::new(cargo)
        .args(["build", "--release", "--quiet", "-p", package])
        .current_dir(workspace_root())
        .status()?
        .success();
    if !ok {
        bail!("cargo build --release -p {package} failed");
    }
    Ok(target_dir().join("release").join(binary))
}

/// Compiles `../shared/baselines/nk.c`, or says why the C column is skipped.
pub(crate) fn build_c_baseline(name: &str) -> Result<PathBuf, String> {
    let source = workspace_root().join(format!("../shared/baselines/{name}.c"));
    if !source.exists() {
        return Err(format!("{} not found", source.display()));
    }
    let dir = target_dir().join("bench-baselines");
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let binary = dir.join(name);
    let status = Command::new("cc")
        .args(["-O3", "-march=native", "-o"])
        .arg(&binary)
        .arg(&source)
        .status()
        .map_err(|e| format!("cc: {e}"))?;
    if !status.success() {
        return Err(format!("cc -O3 -march=native {name}.c failed"));
    }
    Ok(binary)
}

/// A benchmark case: the graph, the game and the C solver's input (the graph, or its line
/// graph for Arc Kayles).
struct Case {
    spec: &'static str,
    game: &'static str,
    /// Thread counts to run `kayles` with.
    threads: &'static [usize],
    /// Runs of the C solver (1 for the slow ones).
    c_runs: usize,
    /// The target ratio to C, per thread count, for the table (docs/performance.md, "The
    /// budgets").
    target: &'static str,
}

const CASES: &[Case] = &[
    Case {
        spec: "grid:3x21",
        game: "node",
        threads: &[1, 2],
        c_runs: 3,
        target: ">= 10x on 1 thread, >= 15x on 2",
    },
    Case {
        spec: "grid:21x3",
        game: "node",
        threads: &[1],
        c_runs: 0,
        target: "as fast as grid:3x21",
    },
    Case {
        spec: "queens:10",
        game: "node",
        threads: &[1, 2],
        c_runs: 3,
        target: ">= 5x on 2 threads",
    },
    Case {
        spec: "petersen:27,2",
        game: "node",
        threads: &[1, 2],
        c_runs: 1,
        target: "-",
    },
    Case {
        spec: "grid:3x12",
        game: "arc",
        threads: &[1, 2],
        c_runs: 1,
        target: ">= 10x (C on the line graph)",
    },
];

pub(crate) fn c_input(spec: &str, game: &str) -> Result<String> {
    let g = kayles_core::families::build(spec)?;
    let g = if game == "arc" { g.line_graph().0 } else { g };
    Ok(format!("{}\n", kayles_core::graph6::write(&g)))
}

fn kayles_run(binary: &Path, case: &Case, threads: usize, runs: usize) -> Result<Sample> {
    let inv = Invocation {
        program: binary.to_path_buf(),
        args: vec![
            "nimber".into(),
            "--game".into(),
            case.game.into(),
            "--threads".into(),
            threads.to_string(),
            case.spec.into(),
        ],
        stdin: None,
        cap: None,
        value: first_word,
    };
    median(&inv, runs)
}

pub(crate) fn cell(run: &Sample) -> String {
    format!("{:.2} s, {} MiB", run.seconds, run.peak_kib / 1024)
}

pub fn run(runs: usize, compare: Option<&str>) -> Result<()> {
    let kayles = build_kayles()?;
    let c = build_c_baseline("nk");
    println!(
        "\n## Engine: the `kayles` command against the plain C solver (median of {runs}; \
         wall time, peak memory)\n"
    );
    if let Err(why) = &c {
        println!("C baseline skipped: {why}.\n");
    }
    let old_header = if compare.is_some() {
        " | --compare binary | ratio to it"
    } else {
        ""
    };
    println!(
        "| case | game | threads | kayles | C baseline (nk.c) | ratio to C{old_header} | target |"
    );
    println!(
        "|---|---|---|---|---|---|---{}",
        if compare.is_some() { "|---|---|" } else { "|" }
    );
    for case in CASES {
        let c_run = match (&c, case.c_runs) {
            (Ok(nk), n) if n > 0 => {
                let inv = Invocation {
                    stdin: Some(c_input(case.spec, case.game)?),
                    ..Invocation::new(nk, &[])
                };
                Some(median(&inv, n)?)
            }
            _ => None,
        };
        for &threads in case.threads {
            let ours = kayles_run(&kayles, case, threads, runs)?;
            if let Some(c) = &c_run {
                if c.result != ours.result {
                    bail!(
                        "{} ({}): kayles says {}, the C solver {}",
                        case.spec,
                        case.game,
                        ours.result,
                        c.result
                    );
                }
            }
            let (c_cell, ratio) = match &c_run {
                Some(c) => (cell(c), format!("{:.1}x", c.seconds / ours.seconds)),
                None => ("-".into(), "-".into()),
            };
            let old = match compare {
                Some(path) => {
                    let theirs = kayles_run(Path::new(path), case, threads, runs)?;
                    if theirs.result != ours.result {
                        bail!(
                            "{}: the --compare binary says {}, this build {}",
                            case.spec,
                            theirs.result,
                            ours.result
                        );
                    }
                    format!(
                        " | {} | {:.2}x",
                        cell(&theirs),
                        theirs.seconds / ours.seconds
                    )
                }
                None => String::new(),
            };
            println!(
                "| {} | {} | {threads} | {} | {c_cell} | {ratio}{old} | {} |",
                case.spec,
                case.game,
                cell(&ours),
                case.target
            );
        }
    }
    Ok(())
}

/// One measured run: wall time, peak resident memory, and the value computed (runs of one
/// case must agree on it).
#[derive(Clone, Copy)]
pub(crate) struct Sample {
    pub(crate) seconds: f64,
    pub(crate) peak_kib: u64,
    pub(crate) result: u64,
}

/// The run of median time among `runs` runs of `measure`, which must all compute the same
/// value (`label` names them in the error).
pub(crate) fn median_of(
    label: &str,
    runs: usize,
    mut measure: impl FnMut() -> Result<Sample>,
) -> Result<Sample> {
    let mut samples: Vec<Sample> = (0..runs).map(|_| measure()).collect::<Result<_>>()?;
    samples.sort_by(|a, b| a.seconds.total_cmp(&b.seconds));
    let results: Vec<u64> = samples.iter().map(|s| s.result).collect();
    if results.windows(2).any(|w| w[0] != w[1]) {
        bail!("{label}: runs disagree: {results:?}");
    }
    Ok(samples.swap_remove(runs / 2))
}
