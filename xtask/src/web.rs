//! `cargo xtask web`: builds the web explorer (crates/kayles-web) into a folder that any
//! static host serves: the engine compiled to `wasm32-unknown-unknown`, its JavaScript
//! bindings made by `wasm-bindgen --target web` (under `pkg/`), and the page's static files
//! (`crates/kayles-web/www`). `--node DIR` also makes the bindings for Node.js (the tests
//! that compare the wasm engine with the native one).

use crate::bench_engine::workspace_root;
use anyhow::{bail, Context, Result};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The stack the wasm module is linked with (the default is 1 MiB): the searches recurse
/// once per move, and the page takes graphs of up to 128 vertices.
const WASM_STACK_BYTES: usize = 32 << 20;

/// The version of the `wasm-bindgen` crate in Cargo.lock: wasm-bindgen-cli must be this one.
fn locked_wasm_bindgen_version(root: &Path) -> Result<String> {
    let lock = std::fs::read_to_string(root.join("Cargo.lock")).context("reading Cargo.lock")?;
    let mut lines = lock.lines();
    while let Some(line) = lines.next() {
        if line == "name = \"wasm-bindgen\"" {
            if let Some(version) = lines.next().and_then(|l| l.strip_prefix("version = \"")) {
                return Ok(version.trim_end_matches('"').to_string());
            }
        }
    }
    bail!("Cargo.lock has no wasm-bindgen package")
}

fn run(command: &mut Command) -> Result<()> {
    let status = command
        .status()
        .with_context(|| format!("running {command:?}"))?;
    if !status.success() {
        bail!("{command:?} failed ({status})");
    }
    Ok(())
}

/// `cargo xtask web [--out DIR] [--node DIR]`.
pub fn run_web(args: &[String]) -> Result<()> {
    let root = workspace_root();
    let mut out = root.join("target/web");
    let mut node: Option<PathBuf> = None;
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--out" => out = PathBuf::from(args.next().context("--out needs a folder")?),
            "--node" => node = Some(PathBuf::from(args.next().context("--node needs a folder")?)),
            other => bail!(
                "unknown argument '{other}' (usage: cargo xtask web [--out DIR] [--node DIR])"
            ),
        }
    }
    let version = locked_wasm_bindgen_version(&root)?;
    let found = Command::new("wasm-bindgen").arg("--version").output();
    let found = match found {
        Ok(output) if output.status.success() => String::from_utf8_lossy(&output.stdout).trim().to_string(),
        _ => bail!(
            "wasm-bindgen (the command) is missing: install it with `cargo install wasm-bindgen-cli --version ={version} --locked`, and the target with `rustup target add wasm32-unknown-unknown`"
        ),
    };
    if found != format!("wasm-bindgen {version}") {
        bail!(
            "{found} does not match the wasm-bindgen crate of Cargo.lock ({version}): install it with `cargo install wasm-bindgen-cli --version ={version} --locked --force`"
        );
    }
    run(Command::new(env!("CARGO"))
        .current_dir(&root)
        .args([
            "build",
            "--release",
            "--target",
            "wasm32-unknown-unknown",
            "-p",
            "kayles-web",
        ])
        .env(
            "CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS",
            format!("-C link-arg=-zstack-size={WASM_STACK_BYTES}"),
        ))?;
    let wasm = root.join("target/wasm32-unknown-unknown/release/kayles_web.wasm");
    if out.exists() {
        std::fs::remove_dir_all(&out).with_context(|| format!("emptying {}", out.display()))?;
    }
    std::fs::create_dir_all(&out).with_context(|| format!("making {}", out.display()))?;
    run(Command::new("wasm-bindgen")
        .args(["--target", "web", "--no-typescript", "--out-dir"])
        .arg(out.join("pkg"))
        .arg(&wasm))?;
    let www = root.join("crates/kayles-web/www");
    for entry in std::fs::read_dir(&www).with_context(|| format!("reading {}", www.display()))? {
        let entry = entry?;
        if entry.file_type()?.is_file() {
            std::fs::copy(entry.path(), out.join(entry.file_name()))
                .with_context(|| format!("copying {}", entry.path().display()))?;
        }
    }
    if let Some(node) = node {
        run(Command::new("wasm-bindgen")
            .args(["--target", "nodejs", "--no-typescript", "--out-dir"])
            .arg(&node)
            .arg(&wasm))?;
    }
    let size = std::fs::metadata(out.join("pkg/kayles_web_bg.wasm"))?.len();
    println!(
        "the explorer is in {} (engine {:.1} MiB); open it with: python3 -m http.server -d {} 8000, then http://localhost:8000/",
        out.display(),
        size as f64 / (1 << 20) as f64,
        out.display()
    );
    Ok(())
}
