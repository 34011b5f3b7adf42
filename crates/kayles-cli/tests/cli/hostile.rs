//! The hostile-input suite: every case of every `fixtures/hostile/*.toml` file, run
//! against the `kayles` or `kayles-check` binary in a fresh temporary folder under a memory
//! limit (`ulimit -v`), with the outcome asserted: the exit status, one line on stderr, no
//! panic and no abort, no file replaced that was not the tool's to replace, and no value
//! printed that is wrong. The corpus is data (fixtures/hostile/README.md gives its format),
//! so a new hostile input is a few lines of TOML, not a new test.
//!
//! `KAYLES_HOSTILE=TEXT` runs only the cases whose name contains TEXT.

use serde::Deserialize;
use std::collections::BTreeMap;
use std::fs::{self, File};
use std::io::Read;
use std::os::unix::fs::{FileTypeExt, MetadataExt};
use std::os::unix::io::FromRawFd;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// One file of the corpus.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CorpusFile {
    case: Vec<Case>,
}

/// One hostile input and what must come of it.
#[derive(Deserialize, Clone)]
#[serde(deny_unknown_fields)]
struct Case {
    name: String,
    #[serde(default = "default_program")]
    program: String,
    args: Vec<String>,
    #[serde(default)]
    setup: Option<String>,
    #[serde(default)]
    stdin: Option<String>,
    #[serde(default)]
    stdin_text: Option<String>,
    #[serde(default)]
    stdout: Option<String>,
    #[serde(default = "default_exit")]
    exit: i32,
    #[serde(default)]
    stderr: Option<String>,
    #[serde(default)]
    stderr_contains: Option<String>,
    #[serde(default)]
    stdout_is: Option<String>,
    #[serde(default = "default_memory_mib")]
    memory_mib: u64,
    #[serde(default = "default_timeout_seconds")]
    timeout_seconds: u64,
    #[serde(default)]
    unchanged: Vec<String>,
    #[serde(default)]
    absent: Vec<String>,
    #[serde(default)]
    exists: Vec<String>,
}

fn default_program() -> String {
    "kayles".into()
}
fn default_exit() -> i32 {
    2
}
fn default_memory_mib() -> u64 {
    2048
}
fn default_timeout_seconds() -> u64 {
    60
}

/// The repository's root (two folders above this crate).
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .expect("the repository root")
}

/// The `kayles-check` binary: beside `kayles` in the same target folder, built there with
/// the same profile when `cargo test -p kayles-cli` did not build it.
pub(super) fn checker_binary() -> PathBuf {
    let kayles = PathBuf::from(env!("CARGO_BIN_EXE_kayles"));
    let checker = kayles.with_file_name("kayles-check");
    if !checker.exists() {
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        let status = Command::new(cargo)
            .args([
                "build",
                "--quiet",
                "-p",
                "kayles-check",
                "--bin",
                "kayles-check",
            ])
            .arg("--manifest-path")
            .arg(root().join("Cargo.toml"))
            .status()
            .expect("cargo runs");
        assert!(status.success(), "could not build kayles-check");
    }
    assert!(checker.exists(), "no kayles-check at {}", checker.display());
    checker
}

/// What a path is, in enough detail to tell whether a run replaced or changed it.
#[derive(Debug, PartialEq, Eq)]
enum Snapshot {
    Absent,
    File(Vec<u8>),
    Folder,
    Link(PathBuf),
    Device { block: bool, rdev: u64 },
    Fifo,
    Other(u32),
}

fn snapshot(path: &Path) -> Snapshot {
    let Ok(meta) = fs::symlink_metadata(path) else {
        return Snapshot::Absent;
    };
    let kind = meta.file_type();
    if kind.is_symlink() {
        Snapshot::Link(fs::read_link(path).unwrap_or_default())
    } else if kind.is_dir() {
        Snapshot::Folder
    } else if kind.is_file() {
        Snapshot::File(fs::read(path).unwrap_or_default())
    } else if kind.is_char_device() || kind.is_block_device() {
        Snapshot::Device {
            block: kind.is_block_device(),
            rdev: meta.rdev(),
        }
    } else if kind.is_fifo() {
        Snapshot::Fifo
    } else {
        Snapshot::Other(meta.mode())
    }
}

/// A pipe whose reading end is already closed: a writer gets EPIPE at once.
fn closed_pipe() -> Stdio {
    let mut fds = [0; 2];
    // SAFETY: `fds` has room for the two descriptors `pipe` writes.
    assert_eq!(unsafe { libc::pipe(fds.as_mut_ptr()) }, 0, "pipe");
    // SAFETY: both descriptors were just made by `pipe` and are owned here alone.
    unsafe {
        libc::close(fds[0]);
        Stdio::from(File::from_raw_fd(fds[1]))
    }
}

/// A path of a case: relative to the case's folder unless absolute.
fn resolve(dir: &Path, path: &str) -> PathBuf {
    let path = Path::new(path);
    if path.is_absolute() {
        path.to_path_buf()
    } else {
        dir.join(path)
    }
}

/// Reads a child's pipe to its end on a thread of its own.
fn drain(pipe: Option<impl Read + Send + 'static>) -> std::thread::JoinHandle<Vec<u8>> {
    std::thread::spawn(move || {
        let mut bytes = Vec::new();
        if let Some(mut pipe) = pipe {
            let _ = pipe.read_to_end(&mut bytes);
        }
        bytes
    })
}

/// Waits for the child until the deadline; kills it past the deadline.
fn wait(child: &mut Child, timeout: Duration) -> Option<ExitStatus> {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().expect("wait") {
            return Some(status);
        }
        if start.elapsed() > timeout {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Runs one case in `dir` and returns what went wrong (nothing when it held).
fn run_case(case: &Case, dir: &Path, binaries: &BTreeMap<&str, PathBuf>) -> Vec<String> {
    let mut failures = Vec::new();
    let root = root();
    let substitute = |text: &str| {
        let mut text = text.replace("{root}", &root.to_string_lossy());
        for (name, path) in binaries {
            text = text.replace(&format!("{{{name}}}"), &path.to_string_lossy());
        }
        text
    };
    if let Some(setup) = &case.setup {
        let out = Command::new("sh")
            .arg("-c")
            .arg(substitute(setup))
            .current_dir(dir)
            .output()
            .expect("sh runs");
        if !out.status.success() {
            return vec![format!(
                "setup failed: {}",
                String::from_utf8_lossy(&out.stderr).trim()
            )];
        }
    }
    let before: Vec<Snapshot> = case
        .unchanged
        .iter()
        .map(|p| snapshot(&resolve(dir, p)))
        .collect();

    let Some(program) = binaries.get(case.program.as_str()) else {
        return vec![format!("unknown program {:?}", case.program)];
    };
    let mut command = Command::new("sh");
    command
        .arg("-c")
        .arg(format!(
            "ulimit -v {} && exec \"$0\" \"$@\"",
            case.memory_mib * 1024
        ))
        .arg(program)
        .args(case.args.iter().map(|a| substitute(a)))
        .current_dir(dir)
        .stderr(Stdio::piped());
    let text_stdin = case.stdin_text.is_some();
    match (case.stdin.as_deref(), text_stdin) {
        (Some("zero"), false) => {
            command.stdin(File::open("/dev/zero").expect("/dev/zero"));
        }
        (None | Some("empty"), false) => {
            command.stdin(Stdio::null());
        }
        (None, true) => {
            command.stdin(Stdio::piped());
        }
        (other, _) => {
            return vec![format!(
                "bad stdin {other:?} (with stdin_text: {text_stdin})"
            )]
        }
    }
    match case.stdout.as_deref() {
        None | Some("pipe") => {
            command.stdout(Stdio::piped());
        }
        Some("full") => {
            command.stdout(
                fs::OpenOptions::new()
                    .write(true)
                    .open("/dev/full")
                    .expect("/dev/full"),
            );
        }
        Some("closed") => {
            command.stdout(closed_pipe());
        }
        Some(other) => return vec![format!("bad stdout {other:?}")],
    }
    let mut child = command.spawn().expect("the program starts");
    let stdin_writer = case.stdin_text.clone().map(|text| {
        let mut pipe = child.stdin.take().expect("stdin piped");
        std::thread::spawn(move || {
            use std::io::Write;
            let _ = pipe.write_all(text.as_bytes());
        })
    });
    let stdout = drain(child.stdout.take());
    let stderr = drain(child.stderr.take());
    let status = wait(&mut child, Duration::from_secs(case.timeout_seconds));
    let stdout = String::from_utf8_lossy(&stdout.join().unwrap()).into_owned();
    let stderr = String::from_utf8_lossy(&stderr.join().unwrap()).into_owned();
    if let Some(writer) = stdin_writer {
        let _ = writer.join();
    }

    let Some(status) = status else {
        return vec![format!("still running after {} s", case.timeout_seconds)];
    };
    match status.code() {
        Some(code) if code == case.exit => {}
        Some(code) => failures.push(format!("exit status {code}, expected {}", case.exit)),
        None => {
            use std::os::unix::process::ExitStatusExt;
            failures.push(format!("killed by signal {:?}", status.signal()));
        }
    }
    for bad in ["panicked", "internal error", "memory allocation of"] {
        if stderr.contains(bad) {
            failures.push(format!("stderr has {bad:?}"));
        }
    }
    match case.stderr.as_deref() {
        None | Some("one-line") => {
            let lines: Vec<&str> = stderr.lines().filter(|l| !l.trim().is_empty()).collect();
            if lines.len() != 1 {
                failures.push(format!("{} lines on stderr, expected one", lines.len()));
            }
        }
        Some("any") => {}
        Some(other) => failures.push(format!("bad stderr mode {other:?}")),
    }
    if let Some(needle) = &case.stderr_contains {
        if !stderr.contains(needle.as_str()) {
            failures.push(format!("stderr lacks {needle:?}"));
        }
    }
    if let Some(expected) = &case.stdout_is {
        if &stdout != expected {
            failures.push(format!("stdout {stdout:?}, expected {expected:?}"));
        }
    }
    for (path, before) in case.unchanged.iter().zip(&before) {
        let after = snapshot(&resolve(dir, path));
        if &after != before {
            let show = |s: &Snapshot| match s {
                Snapshot::File(bytes) => format!("a file of {} bytes", bytes.len()),
                other => format!("{other:?}"),
            };
            failures.push(format!(
                "{path} changed: was {}, now {}",
                show(before),
                show(&after)
            ));
        }
    }
    for path in &case.absent {
        if fs::symlink_metadata(resolve(dir, path)).is_ok() {
            failures.push(format!("{path} was left behind"));
        }
    }
    for path in &case.exists {
        if fs::symlink_metadata(resolve(dir, path)).is_err() {
            failures.push(format!("{path} does not exist"));
        }
    }
    if !failures.is_empty() {
        failures.push(format!("stderr was: {}", stderr.trim_end()));
    }
    failures
}

/// Every case of the corpus, with the file it came from.
fn corpus() -> Vec<(String, Case)> {
    let folder = root().join("fixtures/hostile");
    let mut files: Vec<PathBuf> = fs::read_dir(&folder)
        .expect("fixtures/hostile")
        .map(|entry| entry.expect("an entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    let mut cases = Vec::new();
    for file in files {
        let text = fs::read_to_string(&file).expect("a corpus file");
        let parsed: CorpusFile =
            toml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let stem = file.file_stem().unwrap().to_string_lossy().into_owned();
        cases.extend(parsed.case.into_iter().map(|case| (stem.clone(), case)));
    }
    cases
}

#[test]
fn hostile_inputs() {
    let cases = corpus();
    let mut names = std::collections::BTreeSet::new();
    for (file, case) in &cases {
        assert!(
            names.insert(case.name.clone()),
            "{file}: the case name {:?} is used twice",
            case.name
        );
    }
    let filter = std::env::var("KAYLES_HOSTILE").unwrap_or_default();
    let cases: Vec<(String, Case)> = cases
        .into_iter()
        .filter(|(_, case)| case.name.contains(&filter))
        .collect();
    assert!(!cases.is_empty(), "no hostile case matches {filter:?}");
    let mut binaries = BTreeMap::new();
    binaries.insert("kayles", PathBuf::from(env!("CARGO_BIN_EXE_kayles")));
    if cases.iter().any(|(_, c)| {
        c.program == "kayles-check" || c.setup.as_deref().unwrap_or("").contains("{kayles-check}")
    }) {
        binaries.insert("kayles-check", checker_binary());
    }

    let scratch = std::env::temp_dir().join(format!("kayles-hostile-{}", std::process::id()));
    let _ = fs::remove_dir_all(&scratch);
    let next = AtomicUsize::new(0);
    let failures = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some((file, case)) = cases.get(i) else {
                    break;
                };
                let dir = scratch.join(format!("case-{i}"));
                fs::create_dir_all(&dir).expect("a case folder");
                let found = run_case(case, &dir, &binaries);
                if !found.is_empty() {
                    failures.lock().unwrap().push(format!(
                        "{file}: {:?} ({} {:?}):\n    {}",
                        case.name,
                        case.program,
                        case.args,
                        found.join("\n    ")
                    ));
                }
                let _ = fs::remove_dir_all(&dir);
            });
        }
    });
    let _ = fs::remove_dir_all(&scratch);
    let failures = failures.into_inner().unwrap();
    eprintln!(
        "hostile inputs: {} cases run, {} failed",
        cases.len(),
        failures.len()
    );
    assert!(
        failures.is_empty(),
        "{} of {} hostile cases failed:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}
