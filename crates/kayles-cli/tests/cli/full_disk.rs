//! Writes on a full disk: every command that writes a file, run against a tiny tmpfs
//! filled to the last byte, fails with one line and exit status 2, leaves no temporary
//! file (`X.part`, `X.PID.tmp`) behind, and leaves a file it would have replaced as it
//! was. Mounting needs root (as in containers and CI); where `mount` is refused the tests
//! say so on stderr and check nothing.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A tmpfs of a few pages, filled, unmounted when dropped.
struct FullDisk {
    dir: PathBuf,
}

impl FullDisk {
    /// Mounts and fills it after `before` has put its files there; `None` (with a note)
    /// where mounting is not allowed.
    fn new(name: &str, before: impl FnOnce(&Path)) -> Option<FullDisk> {
        let dir = std::env::temp_dir().join(format!("kayles-full-{name}-{}", std::process::id()));
        let _ = Command::new("umount").arg(&dir).output();
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let mounted = Command::new("mount")
            .args(["-t", "tmpfs", "-o", "size=64k", "tmpfs"])
            .arg(&dir)
            .output()
            .is_ok_and(|o| o.status.success());
        if !mounted {
            eprintln!("full_disk {name}: cannot mount a tmpfs here (not root?): not checked");
            let _ = std::fs::remove_dir(&dir);
            return None;
        }
        let disk = FullDisk { dir };
        before(&disk.dir);
        // Fill it: the write fails when no block is left.
        let fill = disk.dir.join("fill");
        let block = vec![7u8; 4096];
        let mut file = std::fs::File::create(&fill).unwrap();
        use std::io::Write;
        while file.write_all(&block).is_ok() {}
        let _ = file.write_all(&[7]);
        Some(disk)
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }

    /// The names in the folder, except the filler.
    fn names(&self) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(&self.dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n != "fill")
            .collect();
        names.sort();
        names
    }
}

impl Drop for FullDisk {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.dir).output();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn kayles(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kayles"))
        .args(args)
        .output()
        .expect("kayles runs")
}

/// Exit status 2 and one line on stderr that names `path` and the full disk.
fn assert_one_line_error(out: &Output, path: &Path) {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains(&*path.display().to_string()), "{stderr}");
    assert!(stderr.contains("No space left on device"), "{stderr}");
}

#[test]
fn a_certificate_on_a_full_disk_is_an_error_and_leaves_nothing() {
    let Some(disk) = FullDisk::new("cert", |_| {}) else {
        return;
    };
    let cert = disk.path("g.cert");
    let out = kayles(&[
        "nimber",
        "grid:3x12",
        "--certificate",
        cert.to_str().unwrap(),
    ]);
    assert_one_line_error(&out, &cert);
    assert_eq!(disk.names(), Vec::<String>::new());
}

#[test]
fn a_split_on_a_full_disk_leaves_the_earlier_split_as_it_was() {
    let Some(disk) = FullDisk::new("split", |dir| {
        std::fs::write(dir.join("j.g6"), "earlier\n").unwrap();
    }) else {
        return;
    };
    let jobs = disk.path("j.g6");
    let out = kayles(&[
        "split",
        "grid:3x10",
        "--depth",
        "3",
        "--force",
        "--out",
        jobs.to_str().unwrap(),
    ]);
    assert_one_line_error(&out, &jobs);
    assert_eq!(std::fs::read_to_string(&jobs).unwrap(), "earlier\n");
    assert_eq!(disk.names(), ["j.g6"]);
}

#[test]
fn terms_plots_pictures_and_results_on_a_full_disk_are_errors() {
    let Some(disk) = FullDisk::new("terms", |dir| {
        // A split to run, made before the disk is full.
        let jobs = dir.join("j.g6");
        let made = kayles(&[
            "split",
            "grid:3x8",
            "--jobs",
            "5",
            "--out",
            jobs.to_str().unwrap(),
        ]);
        assert!(made.status.success());
    }) else {
        return;
    };
    let terms = disk.path("t.txt");
    let out = kayles(&[
        "seq",
        "path",
        "--terms",
        "3",
        "--out",
        terms.to_str().unwrap(),
    ]);
    assert_one_line_error(&out, &terms);
    let plot = disk.path("p.svg");
    let out = kayles(&[
        "seq",
        "path",
        "--terms",
        "3",
        "--plot",
        plot.to_str().unwrap(),
    ]);
    assert_one_line_error(&out, &plot);
    let svg = disk.path("m.svg");
    let out = kayles(&["moves", "grid:3x4", "--svg", svg.to_str().unwrap()]);
    assert_one_line_error(&out, &svg);
    let results = disk.path("r.txt");
    let jobs = disk.path("j.g6");
    let out = kayles(&[
        "run",
        jobs.to_str().unwrap(),
        "--out",
        results.to_str().unwrap(),
    ]);
    assert_one_line_error(&out, &results);
    let certs = disk.path("certs");
    let out = kayles(&[
        "seq",
        "grid:3xN",
        "--terms",
        "3",
        "--certificates",
        certs.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&out.stderr).lines().count(), 1);
    // The files appended to are there (empty: nothing fitted); nothing else is.
    let left: Vec<String> = disk.names();
    for name in &left {
        assert!(
            ["j.g6", "j.g6.manifest.json", "t.txt", "r.txt", "certs"].contains(&name.as_str()),
            "left behind: {name} ({left:?})"
        );
    }
    if certs.exists() {
        assert_eq!(
            std::fs::read_dir(&certs).unwrap().count(),
            0,
            "certs/ is not empty"
        );
    }
}

#[test]
fn a_memo_file_on_a_full_disk_is_reported_and_the_value_kept() {
    let Some(disk) = FullDisk::new("memo", |_| {}) else {
        return;
    };
    let memo = disk.path("m.memo");
    let out = kayles(&["nimber", "grid:3x12", "--memo-file", memo.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "5\n");
    assert!(stderr.contains("not saved"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(disk.names(), Vec::<String>::new());
}
