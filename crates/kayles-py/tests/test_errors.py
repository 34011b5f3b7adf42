"""Bad input: a ValueError with the command line's one-line message (a TypeError for an
argument of the wrong type), never a crash; the interpreter goes on."""

import os

import networkx as nx
import pytest

import kayles

# (the Python call, the same input on the command line)
SAME_AS_CLI = [
    (lambda: kayles.nimber("B!"), ["nimber", "B!"]),
    (lambda: kayles.nimber(b"B!"), ["nimber", "B!"]),
    (lambda: kayles.nimber("cube:3"), ["nimber", "cube:3"]),
    (lambda: kayles.nimber("grid:3y4"), ["nimber", "grid:3y4"]),
    (lambda: kayles.nimber("cycle:2"), ["nimber", "cycle:2"]),
    (lambda: kayles.nimber("path:-1"), ["nimber", "path:-1"]),
    (lambda: kayles.nimber("path:99999999"), ["nimber", "path:99999999"]),
    (lambda: kayles.nimber("Bw extra"), ["nimber", "Bw extra"]),
    (lambda: kayles.histogram("path:31"), ["histogram", "path:31"]),
    (lambda: kayles.subsets("grid:6x6"), ["subsets", "grid:6x6"]),
    (lambda: kayles.sequence("cube", 5), ["seq", "cube", "--terms", "5"]),
    (lambda: kayles.blowup_histogram("path:3", clique=[1, 2]), ["histogram", "--blowup", "clique", "--sizes", "1,2", "path:3"]),
    (lambda: kayles.blowup_histogram("path:2", clique=[1, -2]), ["histogram", "--blowup", "clique", "--sizes", "1,-2", "path:2"]),
    (lambda: kayles.blowup_histogram("path:2", modules=["path:2", "empty:0"]), ["histogram", "--module", "path:2", "--module", "empty:0", "path:2"]),
    (lambda: kayles.wak([1, -2], []), ["wak", "--weights", "1,-2"]),
    (lambda: kayles.wak([1, 1], [(0, 5)]), ["wak", "--weights", "1,1", "--edges", "0-5"]),
    (lambda: kayles.wak([1, 1], [(0, 1), (1, 0)]), ["wak", "--weights", "1,1", "--edges", "0-1,1-0"]),
    (lambda: kayles.wak("1,x", ""), ["wak", "--weights", "1,x"]),
    (lambda: kayles.rooks("../."), ["rooks", "../."]),
    (lambda: kayles.rooks(["..", ".x"]), ["rooks", "../.x"]),
    (lambda: kayles.rooks("R./.R/R."), ["rooks", "R./.R/R."]),
    (lambda: kayles.rooks(""), ["rooks", ""]),
]


@pytest.mark.parametrize("call,args", SAME_AS_CLI, ids=[" ".join(a) for _, a in SAME_AS_CLI])
def test_value_error_with_the_command_lines_message(cli, call, args):
    with pytest.raises(ValueError) as caught:
        call()
    assert str(caught.value) == cli.error(*args)
    assert kayles.nimber("path:4") == 0  # still usable


PYTHON_ONLY = [
    (lambda: kayles.nimber(nx.DiGraph([(0, 1)])), ValueError, "directed graphs are not supported"),
    (lambda: kayles.nimber(nx.Graph([(0, 0), (0, 1)])), ValueError, "self-loop at node 0"),
    (lambda: kayles.nimber((3, [(0, 3)])), ValueError, "edge 0-3 names vertex 3, but the graph has vertices 0..2"),
    (lambda: kayles.nimber((3, [(1, 1)])), ValueError, "self-loop at vertex 1"),
    (lambda: kayles.nimber((-1, [])), ValueError, "the number of vertices must not be negative, got -1"),
    (lambda: kayles.nimber((10**6, [])), ValueError, "a graph on 1000000 vertices is more than the supported 16384"),
    (lambda: kayles.nimber((3, [(0, 1, 2)])), TypeError, "an edge is a pair of vertices (u, v), got (0, 1, 2)"),
    (lambda: kayles.nimber((3, [("a", 1)])), TypeError, "a vertex must be an integer, got 'a'"),
    (lambda: kayles.nimber(42), TypeError, "expected a graph"),
    (lambda: kayles.nimber(b"\xff"), ValueError, "graph6 bytes must be ASCII"),
    (lambda: kayles.nimber("path:3", game="chess"), ValueError, 'unknown game "chess" (expected node or arc)'),
    (lambda: kayles.subsets("path:3", nimber=-1), ValueError, "nimber must not be negative, got -1"),
    (lambda: kayles.sequence("path", 5, method="guess"), ValueError, "unknown method 'guess'"),
    (lambda: kayles.sequence("path", 5, method="recurrence"), ValueError, "method 'recurrence' knows linked-c4"),
    (lambda: kayles.sequence("linked-c4", 5, method="recurrence", game="arc"), ValueError, "method 'recurrence' is the Node Kayles recurrence"),
    (lambda: kayles.blowup_histogram("path:2"), ValueError, "give exactly one of modules=, clique= or independent="),
    (lambda: kayles.blowup_histogram("path:2", clique=[1, 1], independent=[1, 1]), ValueError, "give exactly one"),
    (lambda: kayles.blowup_histogram("path:2", clique=["a", 1]), TypeError, "module sizes are a list of integers"),
    (lambda: kayles.wak([1], [(0,)]), TypeError, "an edge is a pair of vertices"),
    (lambda: kayles.rooks(5), TypeError, "a board is a str or a list of row strings"),
    (lambda: kayles.certify(["NK-XOR", "NO-SUCH"]), ValueError, "unknown claim 'NO-SUCH' (the claims are NK-XOR, "),
    (lambda: kayles.certify(tier="huge"), ValueError, "unknown tier 'huge' (expected quick or full)"),
    (lambda: kayles.nimber("grid:3x4", memo_save_seconds=0), ValueError, "memo_save_seconds must be at least 1"),
]


@pytest.mark.parametrize("call,kind,message", PYTHON_ONLY, ids=[m for _, _, m in PYTHON_ONLY])
def test_python_side_errors(call, kind, message):
    with pytest.raises(kind) as caught:
        call()
    assert str(caught.value).startswith(message) or message in str(caught.value)
    assert kayles.nimber("path:4") == 0


# Output files and bounded reads: the package writes and reads files through
# the same kayles-solve code as the command line (kayles_solve::output_file, ::lines).


def test_outputs_that_are_folders_or_devices_are_refused_and_leave_nothing(tmp_path):
    adir = tmp_path / "adir"
    adir.mkdir()
    calls = [
        lambda out: kayles.nimber("grid:3x4", certificate=out),
        lambda out: kayles.nimber("grid:3x4", memo_file=out),
        lambda out: kayles.split("grid:3x8", out, jobs=5),
    ]
    for call in calls:
        with pytest.raises(ValueError, match="is a folder, not a regular file"):
            call(str(adir))
        with pytest.raises(ValueError, match="not a regular file"):
            call("/dev/null")
    # A term's certificate that is a link to a device.
    certs = tmp_path / "certs"
    certs.mkdir()
    os.symlink("/dev/null", certs / "grid_3x1.cert")
    with pytest.raises(ValueError, match="not a regular file"):
        kayles.sequence("grid:3xN", 2, certificates=str(certs))
    assert sorted(os.listdir(tmp_path)) == ["adir", "certs"]
    assert os.listdir(adir) == []
    assert os.listdir(certs) == ["grid_3x1.cert"]
    assert os.path.islink(certs / "grid_3x1.cert")
    assert kayles.nimber("path:4") == 0


def test_a_certificate_through_a_link_writes_the_file_and_keeps_the_link(tmp_path):
    (tmp_path / "real.cert").write_text("old")
    link = tmp_path / "link.cert"
    os.symlink("real.cert", link)
    assert kayles.nimber("grid:3x4", certificate=str(link)) == 0
    assert os.path.islink(link)
    assert (tmp_path / "real.cert").read_bytes() != b"old"
    assert sorted(os.listdir(tmp_path)) == ["link.cert", "real.cert"]


def test_a_read_only_output_is_left_as_it_is(tmp_path):
    ro = tmp_path / "ro.cert"
    ro.write_text("keep")
    ro.chmod(0o444)
    with pytest.raises(ValueError, match="read-only"):
        kayles.nimber("grid:3x4", certificate=str(ro))
    assert ro.read_text() == "keep"


def test_split_does_not_replace_an_earlier_split_without_force(tmp_path):
    jobs = str(tmp_path / "j.g6")
    kayles.split("grid:3x8", jobs, jobs=5)
    before = open(jobs).read(), open(jobs + ".manifest.json").read()
    with pytest.raises(ValueError, match="already exists.*give force to replace it"):
        kayles.split("grid:3x8", jobs, depth=2)
    assert (open(jobs).read(), open(jobs + ".manifest.json").read()) == before
    kayles.split("grid:3x8", jobs, depth=2, force=True)
    assert open(jobs).read() != before[0]


def test_reads_of_dev_zero_are_bounded(tmp_path):
    with pytest.raises(ValueError, match="larger than 16 MiB"):
        kayles.chain("/dev/zero", 3)
    jobs = str(tmp_path / "j.g6")
    kayles.split("grid:3x8", jobs, jobs=5)
    with pytest.raises(ValueError, match="longer than 64 KiB"):
        kayles.join("grid:3x8", jobs, "/dev/zero")
    with pytest.raises(ValueError, match="not a regular file"):
        kayles.run(jobs, "/dev/zero")
    zeros = tmp_path / "r.txt"
    zeros.write_bytes(bytes(1 << 20))
    with pytest.raises(ValueError, match="longer than 64 KiB"):
        kayles.run(jobs, str(zeros), resume=True)
    assert zeros.read_bytes() == bytes(1 << 20)
