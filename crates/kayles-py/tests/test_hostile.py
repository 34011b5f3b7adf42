"""Hostile inputs to the Python package, each in its own interpreter under a memory limit.

Every case runs in a fresh child interpreter (`resource.setrlimit(RLIMIT_AS)` before
`import kayles`), in its own temporary folder, and asserts: the interpreter lived (no
abort, no segfault: the child reports and exits normally), no panic crossed into Python
(no `PanicException`, no "panicked" on stderr), the exception is of the documented type
(`ValueError` for bad values, `TypeError` for wrong types) with a message of one line,
a value where one is asked for is the right one, and no path that was not the call's to
replace was replaced (device nodes, links, folders keep their kind and bytes).

The cases are the Python side of `fixtures/hostile/*.toml`: malformed graph6, huge sizes,
negative, huge and non-integer arguments, unknown families, devices, folders and links
as outputs, `/dev/zero` where a file is read, damaged certificates.
"""

import json
import os
import stat
import subprocess
import sys
import textwrap
from dataclasses import dataclass, field
from pathlib import Path
from typing import List, Optional

import pytest

from conftest import known_sequence

ROOT = Path(__file__).resolve().parents[3]
CHAIN = str(ROOT / "fixtures" / "chains" / "path.toml")
ROW = "." * 12
BIG_BOARD = "/".join([ROW] * 12)


@dataclass
class Case:
    """One hostile call. `call` is a Python expression evaluated in the child, in the
    case's folder; `setup` (statements, with `os`, `textwrap` and `kayles` imported) runs
    there first, in an interpreter of its own without the memory limit."""

    name: str
    call: str
    raises: Optional[str] = None  # the exception's type name; None: a value
    contains: str = ""  # a piece of the message
    value: Optional[str] = None  # repr of the value, when one is expected
    setup: str = ""
    memory_mib: int = 512
    unchanged: List[str] = field(default_factory=list)
    absent: List[str] = field(default_factory=list)


V, T = "ValueError", "TypeError"

CASES = [
    # --- malformed graph6 -------------------------------------------------------------
    Case("graph6 with a byte outside 63..126", "kayles.nimber('B!')", V, "outside 63..=126"),
    Case("graph6 bytes that are not ASCII", "kayles.nimber(b'\\xff\\xfe')", V),
    Case("graph6 header of 2^36 - 1 vertices", "kayles.nimber('~~~~~~~~')", V, "68719476735 vertices"),
    Case("graph6 header of 4095 vertices and no data", "kayles.histogram('~?~~')", V, "4095 vertices"),
    Case("graph6 header of 258047 vertices and no data", "kayles.moves('~~~~')", V),
    Case("an empty graph6 string", "kayles.nimber('')", V),
    Case("sparse6 instead of graph6", "kayles.nimber(':Bw')", V, "sparse6"),
    Case("a graph6 line of a megabyte of junk", "kayles.nimber('~' * (1 << 20))", V),
    # --- huge sizes -------------------------------------------------------------------
    Case("queens:223 refused before it is built", "kayles.nimber('queens:223')", V, "queens:223 has 49729 vertices", memory_mib=256),
    Case("complete:50000 refused before it is built", "kayles.nimber('complete:50000')", V, "complete:50000 has 50000 vertices", memory_mib=256),
    Case("a number past 64 bits in a spec", "kayles.nimber('path:99999999999999999999')", V, "is too large", memory_mib=256),
    Case("a grid of 2^64 cells", "kayles.nimber('grid:4294967296x4294967296')", V, "2^64", memory_mib=256),
    Case("moves on a board wider than the search", "kayles.moves('queens:65')", V, "the search takes at most 4096", memory_mib=256),
    Case("a histogram of 200 vertices", "kayles.histogram('path:200')", V, "a table of all subsets takes at most 30", memory_mib=256),
    Case("a histogram of (200, [])", "kayles.histogram((200, []))", V, "a table of all subsets takes at most 30", memory_mib=256),
    Case("subsets of a 100 x 100 board", "list(kayles.subsets('grid:100x100'))", V, memory_mib=256),
    Case("(n, edges) with a million vertices", "kayles.nimber((10**6, []))", V, "more than the supported 16384", memory_mib=256),
    Case("(n, edges) with 10**30 vertices", "kayles.nimber((10**30, []))", V, "too large", memory_mib=256),
    Case("(n, edges) with -1 vertices", "kayles.nimber((-1, []))", V, "must not be negative"),
    Case("(n, edges) with 2.5 vertices", "kayles.nimber((2.5, []))", T, "must be an integer"),
    Case("an edge to vertex 10**30", "kayles.nimber((3, [(0, 10**30)]))", V, "too large"),
    Case("a networkx graph of 20000 nodes", "kayles.nimber(__import__('networkx').empty_graph(20000))", V,
         "more than the supported 16384"),
    Case("split of a board wider than the search", "kayles.split('queens:223', 'j.g6', jobs=5)", V, "the search takes at most 4096",
         absent=["j.g6"], memory_mib=256),
    Case("a huge module", "kayles.blowup_histogram('path:2', modules=['complete:50000', 'A_'])", V, "complete:50000 has 50000 vertices", memory_mib=256),
    Case("blow-up sizes past 64 bits", "kayles.blowup_histogram('path:2', clique=[10**30, 1])", V, memory_mib=256),
    Case("a blow-up to two hundred million vertices", "kayles.blowup_histogram('path:2', clique=[99999999, 99999999])", V, "199999998 vertices", memory_mib=256),
    Case("blow-up sizes that are not integers", "kayles.blowup_histogram('path:2', clique=[1.5, 1])", T),
    Case("modules of a graph too big to build", "kayles.modules('complete:99999999999')", V, "99999999999 vertices", memory_mib=256),
    Case("a weight past 64 bits", "kayles.wak([10**30], [(0, 0)])", V, "too large", memory_mib=256),
    Case("the largest weight", "kayles.wak([2**64 - 1], [(0, 0)])", V, "exceeds the search limit", memory_mib=256),
    Case("a weight that is not an integer", "kayles.wak([1.5], [(0, 0)])", T),
    Case("a weighted graph of 65 vertices", "kayles.wak([1] * 65, [])", V, "at most 64", memory_mib=256),
    Case("a rook board of 144 squares", f"kayles.rooks({BIG_BOARD!r})", V, "at most 128", memory_mib=256),
    # --- terms and other integer arguments ---------------------------------------------
    Case("99999999999 terms of the recurrence", "kayles.sequence('linked-c4', 99999999999, method='recurrence')", V,
         "the recurrence computes at most 10000000 terms", memory_mib=256),
    Case("terms = -1", "kayles.sequence('grid:3xN', -1)", V, "terms must not be negative"),
    Case("terms = 10**30", "kayles.sequence('grid:3xN', 10**30)", V, "terms is too large"),
    Case("terms = 5.0", "kayles.sequence('grid:3xN', 5.0)", T, "terms must be an integer"),
    Case("terms = '5'", "kayles.sequence('grid:3xN', '5')", T, "terms must be an integer"),
    Case("start = -1", "kayles.sequence('grid:3xN', 5, start=-1)", V, "start must not be negative"),
    Case("a search term wider than the search", "kayles.sequence('queens', 100)", V, "queens:100 has 10000 vertices", memory_mib=256),
    Case("a huge search term", "kayles.sequence('path', 2**64 - 1)", V, "the search takes at most 4096", memory_mib=256),
    Case("certificates of a term wider than the search", "kayles.sequence('path', 5000, certificates='certs')", V,
         "the search takes at most 4096", memory_mib=256, absent=["certs"]),
    Case("checkpoint_jobs = -1", "kayles.nimber('grid:3x4', checkpoint='d', checkpoint_jobs=-1)", V, "checkpoint_jobs must not be negative",
         absent=["d"]),
    Case("memo_save_seconds = -5", "kayles.nimber('grid:3x4', memo_file='m', memo_save_seconds=-5)", V, "memo_save_seconds must not be negative",
         absent=["m"]),
    Case("memo_save_seconds = 10**30", "kayles.nimber('grid:3x4', memo_file='m', memo_save_seconds=10**30)", V, "too large",
         absent=["m"]),
    Case("subsets nimber = -1", "kayles.subsets('path:3', nimber=-1)", V, "nimber must not be negative"),
    Case("subsets nimber = 10**30", "kayles.subsets('path:3', nimber=10**30)", V, "nimber is too large"),
    Case("chain terms = -1", f"kayles.chain({CHAIN!r}, -1)", V, "terms must not be negative"),
    Case("chain terms = 10**30", f"kayles.chain({CHAIN!r}, 10**30)", V, "terms is too large"),
    Case("split depth = -1", "kayles.split('grid:3x8', 'j.g6', depth=-1)", V, "depth must not be negative", absent=["j.g6"]),
    Case("split jobs = 10**30", "kayles.split('grid:3x8', 'j.g6', jobs=10**30)", V, "jobs is too large", absent=["j.g6"]),
    Case("run workers = -1", "kayles.run('j.g6', 'r.txt', workers=-1)", V, "workers must not be negative",
         setup="kayles.split('grid:3x8', 'j.g6', jobs=5)", absent=["r.txt"]),
    Case("run shard = (-1, 2)", "kayles.run('j.g6', 'r.txt', shard=(-1, 2))", V, "shard must not be negative",
         setup="kayles.split('grid:3x8', 'j.g6', jobs=5)", absent=["r.txt"]),
    # --- unknown families --------------------------------------------------------------
    Case("an unknown family", "kayles.nimber('cube:3')", V, "unknown family 'cube'"),
    Case("an unknown sequence family", "kayles.sequence('hexagon', 5)", V, "unknown family 'hexagon'"),
    Case("a grid without its x", "kayles.histogram('grid:3y4')", V, "expected RxC"),
    Case("a cycle of two vertices", "kayles.nimber('cycle:2')", V, "N >= 3"),
    # --- devices, folders and links as outputs -----------------------------------------
    Case("a certificate to /dev/full", "kayles.nimber('grid:3x4', certificate='{full}')", V,
         memory_mib=2048, unchanged=["{full}"], absent=["{full}.part"]),
    Case("a certificate to a folder", "kayles.nimber('grid:3x4', certificate='adir')", V,
         setup="os.mkdir('adir')", memory_mib=2048, unchanged=["adir"], absent=["adir.part"]),
    Case("a certificate through a link", "kayles.nimber('grid:3x4', certificate='link.cert')", value="0",
         setup="open('real.cert', 'w').close(); os.symlink('real.cert', 'link.cert')", memory_mib=2048,
         unchanged=["link.cert"]),
    Case("a split to /dev/full", "kayles.split('grid:3x8', '{full}', jobs=5)", V,
         unchanged=["{full}"], absent=["{full}.tmp", "{full}.manifest.json"]),
    Case("a split to a folder", "kayles.split('grid:3x8', 'adir', jobs=5)", V,
         setup="os.mkdir('adir')", unchanged=["adir"], absent=["adir.tmp"]),
    Case("a split over an earlier one", "kayles.split('grid:3x8', 'j.g6', jobs=5)", V, "force",
         setup="kayles.split('grid:3x8', 'j.g6', jobs=3); open('j.g6', 'a').write('')",
         unchanged=["j.g6", "j.g6.manifest.json"]),
    Case("results to /dev/full", "kayles.run('j.g6', '{full}')", V,
         setup="kayles.split('grid:3x8', 'j.g6', jobs=5)", memory_mib=2048, unchanged=["{full}"]),
    Case("a memo file to a folder", "kayles.nimber('grid:3x4', memo_file='adir')", V,
         setup="os.mkdir('adir')", memory_mib=2048, unchanged=["adir"]),
    Case("sequence certificates into a file", "kayles.sequence('path', 3, certificates='afile')", V,
         setup="open('afile', 'w').write('x')", unchanged=["afile"]),
    # --- /dev/zero and folders where a file is read ------------------------------------
    Case("a chain file of /dev/zero", "kayles.chain('/dev/zero', 5)", V, memory_mib=256),
    Case("a chain file that is a folder", "kayles.chain('adir', 5)", V, setup="os.mkdir('adir')"),
    Case("a jobs file of /dev/zero", "kayles.run('/dev/zero', 'r.txt')", V, memory_mib=256, absent=["r.txt"]),
    Case("results of /dev/zero to join", "kayles.join('grid:3x8', 'j.g6', ['/dev/zero'])", V,
         setup="kayles.split('grid:3x8', 'j.g6', jobs=5)", memory_mib=256),
    Case("a jobs file of /dev/zero to join", "kayles.join('grid:3x8', '/dev/zero', ['r.txt'])", V,
         setup="open('r.txt', 'w').close()", memory_mib=256),
    Case("a results file to resume of /dev/zero", "kayles.run('j.g6', 'z', resume=True)", V,
         setup="kayles.split('grid:3x8', 'j.g6', jobs=5); os.symlink('/dev/zero', 'z')", memory_mib=256,
         unchanged=["z"]),
    Case("a memo file of /dev/zero", "kayles.nimber('grid:3x4', memo_file='z')", V,
         setup="os.symlink('/dev/zero', 'z')", memory_mib=2048, unchanged=["z"]),
    # --- damaged certificates ------------------------------------------------------------
    Case("a certificate of junk in a resumed sequence", "kayles.sequence('path', 3, certificates='d', resume=True)", V,
         "not a certificate", setup="os.mkdir('d'); open('d/path_1.cert', 'wb').write(b'junk' * 100)",
         unchanged=["d/path_1.cert"]),
    Case("an empty certificate in a resumed sequence", "kayles.sequence('path', 3, certificates='d', resume=True)", V,
         "not a certificate", setup="os.mkdir('d'); open('d/path_1.cert', 'wb').close()", unchanged=["d/path_1.cert"]),
    Case("a certificate of /dev/zero in a resumed sequence", "kayles.sequence('path', 3, certificates='d', resume=True)", V,
         setup="os.mkdir('d'); os.symlink('/dev/zero', 'd/path_1.cert')", memory_mib=256, unchanged=["d/path_1.cert"]),
    Case("a certificate that is a folder in a resumed sequence", "kayles.sequence('path', 3, certificates='d', resume=True)", V,
         setup="os.makedirs('d/path_1.cert')", unchanged=["d/path_1.cert"]),
    Case("a truncated certificate in a resumed sequence", "kayles.sequence('path', 3, certificates='d', resume=True)", V,
         setup=textwrap.dedent("""\
             kayles.sequence('path', 1, certificates='d')
             data = open('d/path_1.cert', 'rb').read()
             open('d/path_1.cert', 'wb').write(data[:5])"""),
         unchanged=["d/path_1.cert"]),
    Case("a certificate of another graph in a resumed sequence", "kayles.sequence('path', 3, certificates='d', resume=True)", V,
         "not Node Kayles on path:1", setup=textwrap.dedent("""\
             kayles.sequence('path', 2, certificates='d')
             os.replace('d/path_2.cert', 'd/path_1.cert')"""),
         unchanged=["d/path_1.cert"]),
    # --- values that must still be right -------------------------------------------------
    Case("the clique at the build limit", "kayles.nimber('complete:16384')", value="1", memory_mib=1024),
    Case("ten recurrence terms", "list(kayles.sequence('linked-c4', 10, method='recurrence').values())",
         value=str([known_sequence("linked-c4")[n] for n in range(1, 11)]), memory_mib=256),
]

CHILD = """
import json, os, resource, sys, textwrap
limit = {memory} << 20
resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
import kayles
try:
    value = eval({call!r})
    out = {{"value": repr(value)}}
except BaseException as e:  # a PanicException is a BaseException
    out = {{"type": type(e).__name__, "message": str(e)}}
sys.stdout.write(json.dumps(out))
"""


def full_device(folder: Path) -> str:
    """A full-disk device for the case: a copy of /dev/full (character device 1, 7) made in
    the case's folder where this process may make device nodes (as root), so that a
    regression replaces the copy and not the machine's /dev/full; else /dev/full itself
    (which a process that may not make device nodes cannot replace either)."""
    copy = folder / "full"
    try:
        os.mknod(copy, stat.S_IFCHR | 0o666, os.makedev(1, 7))
        return str(copy)
    except (PermissionError, OSError):
        return "/dev/full"


def snapshot(path: Path):
    """What must not change of a path: its kind, a link's target, a device's number, a
    file's bytes (None when it does not exist)."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return None
    if stat.S_ISLNK(st.st_mode):
        return ("link", os.readlink(path))
    if stat.S_ISCHR(st.st_mode) or stat.S_ISBLK(st.st_mode):
        return ("device", st.st_mode, st.st_rdev)
    if stat.S_ISDIR(st.st_mode):
        return ("folder",)
    return ("file", path.read_bytes())


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_hostile_input(case: Case, tmp_path: Path):
    full = full_device(tmp_path) if "{full}" in case.call else "/dev/full"
    call = case.call.replace("{full}", full)
    unchanged = [p.replace("{full}", full) for p in case.unchanged]
    absent = [p.replace("{full}", full) for p in case.absent]
    if case.setup:
        subprocess.run(
            [sys.executable, "-c", "import os, textwrap, kayles\n" + case.setup],
            cwd=tmp_path,
            check=True,
            timeout=120,
        )
    before = {p: snapshot(tmp_path / p) for p in unchanged}
    child = CHILD.format(memory=case.memory_mib, call=call)
    done = subprocess.run(
        [sys.executable, "-c", child],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, f"the interpreter died ({done.returncode}): {done.stderr[-2000:]}"
    assert "panicked" not in done.stderr, done.stderr
    out = json.loads(done.stdout)
    if case.raises is None:
        assert "type" not in out, f"{out['type']}: {out['message']}"
        assert out["value"] == case.value
    else:
        assert out.get("type") == case.raises, out
        message = out["message"]
        assert message.strip() and "\n" not in message, repr(message)
        assert "panicked" not in message and "internal error" not in message, message
        assert case.contains in message, message
    for p in unchanged:
        assert snapshot(tmp_path / p) == before[p], f"{p} was replaced"
    for p in absent:
        assert not os.path.lexists(tmp_path / p), f"{p} was left behind"


def test_the_suite_counts_its_inputs():
    """The hostile inputs of the Python package are counted (and named once each)."""
    names = [c.name for c in CASES]
    assert len(names) == len(set(names))
    assert len(CASES) >= 70, len(CASES)
