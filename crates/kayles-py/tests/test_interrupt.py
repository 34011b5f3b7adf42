"""Long calls: Ctrl-C (SIGINT sent to a Python process in the middle of a call) raises
KeyboardInterrupt within a second and the interpreter goes on; the GIL is released, so
other Python threads run meanwhile."""

import os
import signal
import subprocess
import sys
import threading
import time

from pathlib import Path

import pytest

import kayles

CHAINS = Path(__file__).resolve().parents[3] / "fixtures" / "chains"

# Calls that take far longer than the test waits (seconds to hours), one per engine.
LONG_CALLS = {
    "nimber (search)": 'kayles.nimber("queens:15")',
    "nimber (modules)": 'kayles.nimber(("M", None))',  # replaced below
    "nimber arc": 'kayles.nimber("grid:5x8", game="arc")',
    "histogram": 'kayles.histogram("grid:4x7")',
    "histogram arc": 'kayles.histogram("grid:4x7", game="arc")',
    "subsets": 'kayles.subsets("grid:4x7", nimber=0)',
    "sequence": 'kayles.sequence("queens", 16)',
    # The recurrence's terms are computed one at a time, so Ctrl-C stops it between two
    # (3 * 10^6 terms take over an hour).
    "sequence (recurrence)": 'kayles.sequence("linked-c4", 3_000_000, method="recurrence")',
    "certify": 'kayles.certify(["WAK-ROOKS"], tier="full")',
    # The A316629 terms (their values grow, so each term costs a run over the earlier
    # ones): 30000 terms take about a second, a million far longer.
    "chain": f"kayles.chain({str(CHAINS / 'linked-c4.toml')!r}, 10**6, check=False)",
    "wak": "kayles.wak([1] * 42, [(i, i + 1) for i in range(41) if i % 14 != 13] + [(i, i + 14) for i in range(28)])",
}
# A graph with a non-trivial module goes through the modular decomposition: queens:15
# plus a twin of its vertex 0 (same closed neighbourhood).
LONG_CALLS["nimber (modules)"] = (
    "kayles.nimber((226, [tuple(e) for e in __import__('json').loads(open(EDGES).read())]))"
)

# The child installs Python's own Ctrl-C handler first: a process started from a
# background job (`.ci/run &` in a non-interactive shell) inherits SIGINT as ignored, and
# Python then leaves it ignored, so the SIGINT below would never reach the call (the test
# hung that way in a full suite run from such a job, and passed in the foreground).
SCRIPT = r"""
import signal, sys, time, kayles
signal.signal(signal.SIGINT, signal.default_int_handler)
EDGES = sys.argv[1]
print("started", flush=True)
try:
    {call}
    print("finished", flush=True)
except KeyboardInterrupt:
    print("interrupted", flush=True)
print("after", kayles.nimber("path:5"), kayles.histogram("path:3"), flush=True)
"""


@pytest.fixture(scope="module")
def queens_with_twin(tmp_path_factory):
    import json

    import networkx as nx

    n = 15
    G = nx.Graph()
    cells = [(r, c) for r in range(n) for c in range(n)]
    for i, (r1, c1) in enumerate(cells):
        for j, (r2, c2) in enumerate(cells[:i]):
            if r1 == r2 or c1 == c2 or abs(r1 - r2) == abs(c1 - c2):
                G.add_edge(i, j)
    twin = n * n
    G.add_edges_from([(twin, v) for v in G.neighbors(0)] + [(twin, 0)])
    path = tmp_path_factory.mktemp("graphs") / "queens15-twin.json"
    path.write_text(json.dumps([list(e) for e in G.edges()]))
    return str(path)


@pytest.mark.parametrize("name", list(LONG_CALLS))
def test_ctrl_c_stops_a_long_call(name, queens_with_twin):
    script = SCRIPT.format(call=LONG_CALLS[name])
    child = subprocess.Popen(
        [sys.executable, "-c", script, queens_with_twin],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout.readline().strip() == "started"
        time.sleep(0.5)  # well inside the call
        sent = time.monotonic()
        child.send_signal(signal.SIGINT)
        line = child.stdout.readline().strip()
        elapsed = time.monotonic() - sent
        assert line == "interrupted", child.stderr.read()
        assert elapsed < 1.0, f"{name}: KeyboardInterrupt after {elapsed:.2f} s"
        assert child.stdout.readline().strip() == "after 3 {0: 2, 1: 5, 2: 1}"
        child.wait(timeout=30)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()


def test_the_gil_is_released(cli):
    """While one thread is inside a call, the main thread keeps running Python."""
    done = threading.Event()
    result = []

    def work():
        result.append(kayles.nimber("grid:3x21"))
        done.set()

    worker = threading.Thread(target=work)
    start = time.monotonic()
    worker.start()
    ticks, last, longest = 0, time.monotonic(), 0.0
    while not done.is_set():
        time.sleep(0.002)
        now = time.monotonic()
        longest, last, ticks = max(longest, now - last), now, ticks + 1
    worker.join()
    duration = time.monotonic() - start
    assert result == [int(cli("nimber", "grid:3x21"))]
    assert duration > 0.3, "the call was too short to show anything"
    assert ticks > 20 and longest < 0.25, (ticks, longest, duration)


def test_two_calls_run_together(cli):
    """Two threads inside calls at the same time: each started before the other ended
    (with the GIL held, the second could not even start until the first returned)."""
    barrier = threading.Barrier(2)
    spans = {}

    def work(name, spec):
        barrier.wait()
        start = time.monotonic()
        value = kayles.nimber(spec)
        spans[name] = (start, time.monotonic(), value)

    threads = [threading.Thread(target=work, args=(k, s)) for k, s in [("a", "grid:3x21"), ("b", "queens:12")]]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    (a0, a1, va), (b0, b1, vb) = spans["a"], spans["b"]
    assert a0 < b1 and b0 < a1, spans
    assert (va, vb) == (int(cli("nimber", "grid:3x21")), int(cli("nimber", "queens:12")))
