//! The pictures (`kayles moves --svg`, `kayles seq --plot`, drawn by kayles-draw), checked
//! on one list of graphs: each drawing is well-formed XML, names every move of `kayles
//! moves --json` exactly once as a `data-move` with its value, marks exactly the winning
//! moves with the class `win`, and places no vertex name across an edge; a long sequence's
//! plot stays small and its title names the game.

use super::stdout;
use std::collections::BTreeMap;
use std::path::Path;

/// The graphs drawn: (arguments of `kayles moves` after the options, what the case shows).
const PICTURES: &[&[&str]] = &[
    &["grid:4x6"],
    &["--game", "arc", "grid:4x6"],
    &["queens:5"],
    &["--game", "arc", "queens:4"],
    &["--game", "arc", "--after", "r1c1-r2c2", "queens:5"],
    &["petersen:12,5"],
    &["--game", "arc", "petersen:12,5"],
    &["petersen:5,2"],
    &["path:9"],
    &["--game", "arc", "path:9"],
    &["--after", "4", "path:9"],
    &["cycle:8"],
    &["--game", "arc", "cycle:8"],
    &["linked-c4:5"],
    &["--game", "arc", "linked-c4:5"],
    &["linked-c4-c:2"],
    &["star:7"],
    &["Ch"],
    &["--winning", "grid:3x5"],
    &["--winning", "--game", "arc", "petersen:5,2"],
];

fn temp(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("kayles-pictures-{}-{name}", std::process::id()))
}

/// The moves of `kayles moves --json ARGS`: name -> value (`None` under `--winning` for
/// the moves not listed, which the caller adds).
fn json_moves(args: &[&str]) -> BTreeMap<String, u32> {
    let mut full = vec!["--json", "moves"];
    full.extend_from_slice(args);
    let out: serde_json::Value = serde_json::from_str(&stdout(&full)).unwrap();
    out["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            let name = match (&m["label"], &m["move"]) {
                (serde_json::Value::String(label), _) => label.clone(),
                (_, serde_json::Value::Array(ends)) => format!("{}-{}", ends[0], ends[1]),
                (_, v) => v.to_string(),
            };
            (name, m["value"].as_u64().unwrap() as u32)
        })
        .collect()
}

/// A text label's box: the same width estimate as the drawing's (0.6 em per character),
/// centred on the label's middle (its baseline is 0.35 em below).
fn text_box(node: roxmltree::Node<'_, '_>) -> (f64, f64, f64, f64) {
    let num = |a: &str| node.attribute(a).unwrap().parse::<f64>().unwrap();
    let size = num("font-size");
    let (x, y) = (num("x"), num("y") - 0.35 * size);
    let w = 0.6 * size * node.text().unwrap_or("").chars().count() as f64;
    (x - w / 2.0, y - size / 2.0, x + w / 2.0, y + size / 2.0)
}

/// Whether the segment passes through the box (sampled every quarter pixel).
fn crosses(a: (f64, f64), b: (f64, f64), r: (f64, f64, f64, f64)) -> bool {
    let steps = (((b.0 - a.0).hypot(b.1 - a.1)) * 4.0).ceil().max(1.0) as usize;
    (0..=steps).any(|i| {
        let t = i as f64 / steps as f64;
        let (x, y) = (a.0 + t * (b.0 - a.0), a.1 + t * (b.1 - a.1));
        r.0 < x && x < r.2 && r.1 < y && y < r.3
    })
}

/// Checks one picture; returns the number of vertex names checked against the edges.
fn check_picture(args: &[&str], dir: &Path, i: usize) -> usize {
    let path = dir.join(format!("{i}.svg"));
    let mut full = vec!["moves", "--svg", path.to_str().unwrap()];
    full.extend_from_slice(args);
    stdout(&full);
    let text = std::fs::read_to_string(&path).unwrap();
    let doc =
        roxmltree::Document::parse(&text).unwrap_or_else(|e| panic!("{args:?}: not XML: {e}"));
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    let winning = args.contains(&"--winning");
    let expected = json_moves(args);
    // Every move element: name -> (value, wins), mirrors apart.
    let mut shown: BTreeMap<String, (Option<u32>, bool)> = BTreeMap::new();
    let mut mirrors: BTreeMap<String, usize> = BTreeMap::new();
    for g in doc
        .descendants()
        .filter(|n| n.attribute("data-move").is_some())
    {
        let name = g.attribute("data-move").unwrap().to_string();
        let classes: Vec<&str> = g.attribute("class").unwrap_or("").split(' ').collect();
        assert!(
            classes.contains(&"move"),
            "{args:?}: {name} has no class move"
        );
        let value = g.attribute("data-value").map(|v| v.parse::<u32>().unwrap());
        let wins = classes.contains(&"win");
        assert_eq!(
            wins,
            value == Some(0),
            "{args:?}: {name}: class win iff value 0"
        );
        if classes.contains(&"mirror") {
            *mirrors.entry(name).or_default() += 1;
            continue;
        }
        assert!(
            shown.insert(name.clone(), (value, wins)).is_none(),
            "{args:?}: {name} twice"
        );
    }
    if winning {
        // Every legal move is drawn; the winning ones (the JSON's) with value 0, the
        // others without a value.
        for (name, value) in &expected {
            assert_eq!(
                shown.get(name),
                Some(&(Some(*value), true)),
                "{args:?}: {name}"
            );
        }
        for (name, (value, _)) in &shown {
            assert!(
                expected.contains_key(name) || value.is_none(),
                "{args:?}: {name}"
            );
        }
    } else {
        let drawn: BTreeMap<String, u32> = shown
            .iter()
            .map(|(name, (value, _))| (name.clone(), value.expect("every value shown")))
            .collect();
        assert_eq!(drawn, expected, "{args:?}: the moves and values drawn");
    }
    // Mirrors (Arc Kayles on queens): each edge once more, in its other cell.
    if !mirrors.is_empty() {
        assert!(mirrors.values().all(|&c| c == 1), "{args:?}: {mirrors:?}");
        assert_eq!(
            mirrors.keys().collect::<Vec<_>>(),
            shown.keys().collect::<Vec<_>>(),
            "{args:?}: every edge mirrored"
        );
    }
    // No vertex name crosses an edge (names inside their own vertex excepted).
    let num = |n: roxmltree::Node<'_, '_>, a: &str| n.attribute(a).unwrap().parse::<f64>().unwrap();
    let segments: Vec<((f64, f64), (f64, f64))> = doc
        .descendants()
        .filter(|n| {
            n.has_tag_name("line") && n.attribute("class").is_some_and(|c| c.starts_with("edge"))
        })
        .map(|n| ((num(n, "x1"), num(n, "y1")), (num(n, "x2"), num(n, "y2"))))
        .collect();
    let centres: Vec<(f64, f64)> = doc
        .descendants()
        .filter(|n| n.has_tag_name("circle"))
        .map(|n| (num(n, "cx"), num(n, "cy")))
        .collect();
    let mut checked = 0;
    for name in doc
        .descendants()
        .filter(|n| n.has_tag_name("text") && n.attribute("class") == Some("name"))
    {
        let b = text_box(name);
        let middle = ((b.0 + b.2) / 2.0, (b.1 + b.3) / 2.0);
        if centres
            .iter()
            .any(|c| (c.0 - middle.0).abs() < 1.0 && (c.1 - middle.1).abs() < 1.0)
        {
            continue;
        }
        for &(a, e) in &segments {
            assert!(
                !crosses(a, e, b),
                "{args:?}: the name {:?} at {b:?} crosses the edge {a:?}-{e:?}",
                name.text()
            );
        }
        checked += 1;
    }
    checked
}

#[test]
fn pictures_draw_every_move_once_with_its_value_and_names_clear_of_edges() {
    let dir = temp("moves");
    std::fs::create_dir_all(&dir).unwrap();
    let checked: usize = PICTURES
        .iter()
        .enumerate()
        .map(|(i, args)| check_picture(args, &dir, i))
        .sum();
    // The names outside their vertices: all of Node Kayles' on the drawings (Petersen 24
    // and 10, path 9 twice, cycle 8, linked-c4 16 and 11, star 7, Ch 3: 97)..
    assert!(checked >= 97, "only {checked} names checked");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_plot_of_a_long_sequence_is_small_and_names_the_game() {
    let path = temp("a316629.svg");
    let p = path.to_str().unwrap();
    stdout(&[
        "seq",
        "linked-c4",
        "--terms",
        "110949",
        "--method",
        "recurrence",
        "--plot",
        p,
    ]);
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::remove_file(&path).unwrap();
    // The scatter plot of plotters was 10 MB; the binned plot is under 300 kB.
    assert!(text.len() < 300_000, "{} bytes", text.len());
    let doc = roxmltree::Document::parse(&text).unwrap();
    let title = doc
        .descendants()
        .find(|n| n.attribute("class") == Some("title"))
        .and_then(|n| n.text())
        .unwrap();
    assert_eq!(title, "Node Kayles on linked-c4");
}

#[test]
fn plot_points_lie_inside_the_frame_off_its_edges() {
    let path = temp("grid2.svg");
    let p = path.to_str().unwrap();
    stdout(&[
        "seq", "grid:2xN", "--game", "arc", "--terms", "12", "--plot", p,
    ]);
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::remove_file(&path).unwrap();
    let doc = roxmltree::Document::parse(&text).unwrap();
    let title = doc
        .descendants()
        .find(|n| n.attribute("class") == Some("title"));
    assert_eq!(title.and_then(|n| n.text()), Some("Arc Kayles on grid:2xN"));
    let num = |n: roxmltree::Node<'_, '_>, a: &str| n.attribute(a).unwrap().parse::<f64>().unwrap();
    // The frame: the one unfilled rectangle.
    let frame = doc
        .descendants()
        .find(|n| n.has_tag_name("rect") && n.attribute("fill") == Some("none"))
        .unwrap();
    let (top, bottom) = (num(frame, "y"), num(frame, "y") + num(frame, "height"));
    let points: Vec<_> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("term"))
        .collect();
    assert_eq!(points.len(), 12);
    for point in points {
        let (cy, r) = (num(point, "cy"), num(point, "r"));
        assert!(
            top + r < cy && cy + r < bottom,
            "a point at {cy} touches the frame {top}..{bottom}"
        );
    }
}
