//! Bad chain files: one-line errors naming what is wrong.

use kayles_chains::spec::{self, SpecError};

fn error(text: &str) -> String {
    let e = spec::parse(text).expect_err("must be refused");
    let s = e.to_string();
    assert_eq!(s.lines().count(), 1, "one line: {s}");
    s
}

#[test]
fn bad_files_are_refused_with_one_line() {
    let cases: &[(&str, &str)] = &[
        ("name = \"x\"\n", "missing [gadget]"),
        (
            "[gadget]\norder = 2\nedges = [[0, 2]]\n",
            "vertex 2 is not below 2",
        ),
        ("[gadget]\norder = 2\nedges = [[1, 1]]\n", "self-loop"),
        (
            "[gadget]\norder = 2\nlinks = [[0, 5, 1]]\n",
            "vertex 5 is not below 2",
        ),
        ("[gadget]\norder = 2\nlinks = [[0, 1, 0]]\n", "reach d = 0"),
        (
            "[gadget]\norder = 2\nlinks = [[0, 1, 99]]\n",
            "reach d = 99",
        ),
        ("[gadget]\norder = 0\n", "order 0 is out of range"),
        (
            "[gadget]\norder = 1\ncolour = 3\n",
            "unknown field `colour`",
        ),
        (
            "[gadget]\norder = 1\n[middle]\norder = 1\n",
            "unknown field `middle`",
        ),
        ("[gadget]\norder = -1\n", "line 2"),
        (
            "[gadget]\norder = 1\nedges = [[0, 1, 2]]\n",
            "edge [0, 1, 2] must be [x, y]",
        ),
        (
            "[gadget]\norder = 1\nlinks = [[0, 0]]\n",
            "link [0, 0] must be [x, y, d]",
        ),
        ("[gadget]\norder = 1\nedges = [[0, \"a\"]]\n", "line 3"),
        ("[gadget\norder = 1\n", "line 1"),
        (
            "[gadget]\norder = 2\n[left]\norder = 1\nlinks = [[1, 0, 1]]\n",
            "[left] link [1, 0, 1]: vertex 1 is not below 1",
        ),
        (
            "[gadget]\norder = 2\n[right]\norder = 1\nlinks = [[2, 0, 1]]\n",
            "[right] link [2, 0, 1]: vertex 2 is not below 2",
        ),
        (
            "[gadget]\norder = 2\nedges = [[0, 1], [1, 0]]\n",
            "[gadget] edge [1, 0] is written twice ([0, 1] is the same edge)",
        ),
        (
            "[gadget]\norder = 2\nlinks = [[0, 1, 1], [1, 0, 1], [0, 1, 1]]\n",
            "[gadget] link [0, 1, 1] is written twice",
        ),
        (
            "[gadget]\norder = 1\n[left]\norder = 2\nedges = [[0, 1], [0, 1]]\n",
            "[left] edge [0, 1] is written twice",
        ),
        (
            "[gadget]\norder = 1\n[right]\norder = 1\nlinks = [[0, 0, 2], [0, 0, 2]]\n",
            "[right] link [0, 0, 2] is written twice",
        ),
    ];
    for (text, want) in cases {
        let got = error(text);
        assert!(got.contains(want), "{text:?}: {got}");
    }
    assert_eq!(spec::parse("name = \"x\"\n"), Err(SpecError::MissingGadget));
}

#[test]
fn caps_read_as_documented() {
    let c = spec::parse(
        "[gadget]\norder = 3\nedges = [[0, 1], [1, 2]]\nlinks = [[0, 0, 1], [2, 0, 1]]\n\
         [left]\norder = 2\nedges = [[0, 1]]\nlinks = [[1, 0, 1]]\n\
         [right]\norder = 1\nlinks = [[0, 0, 1], [2, 0, 1]]\n",
    )
    .unwrap();
    // linked-c4-c's left cap u_(-1) u_0 and linked-c4's right cap u_(n+1).
    let g = kayles_chains::segment::chain_graph(&c, 2);
    // 2 + 6 + 1 vertices; edges: cap 1 + attach 1 + copies 2*2 + links 2 + right 2.
    assert_eq!((g.order(), g.size()), (9, 10));
    assert_eq!(
        g,
        kayles_core::Graph::from_edges(
            9,
            &[
                (0, 1),
                (1, 2),
                (2, 3),
                (3, 4),
                (2, 5),
                (4, 5),
                (5, 6),
                (6, 7),
                (5, 8),
                (7, 8)
            ]
        )
    );
}
