"""Shared fixtures of the kayles Python tests: the `kayles`, `kayles-check` and `xtask`
binaries of this source tree (built with cargo once per session), and helpers to run
them."""

import os
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]


def _binary(name, package):
    """The debug binary `name` of this workspace, built now (a no-op when up to date)."""
    env_name = f"KAYLES_TEST_{name.upper()}"
    if os.environ.get(env_name):
        return os.environ[env_name]
    subprocess.run(
        ["cargo", "build", "--quiet", "-p", package, "--bin", name],
        cwd=REPO,
        check=True,
    )
    target = Path(os.environ.get("CARGO_TARGET_DIR", REPO / "target"))
    return str(target / "debug" / name)


class Cli:
    """Runs `kayles ARGS` and returns standard output, or the error line and status."""

    def __init__(self, path):
        self.path = path

    def __call__(self, *args, stdin=None):
        done = subprocess.run(
            [self.path, *args], input=stdin, capture_output=True, text=True
        )
        assert done.returncode == 0, f"kayles {args}: {done.stderr}"
        return done.stdout

    def error(self, *args, stdin=None):
        """The one-line message of a failing command, without the `kayles: error: `."""
        done = subprocess.run(
            [self.path, *args], input=stdin, capture_output=True, text=True
        )
        assert done.returncode == 2, f"kayles {args} should fail: {done.stdout}"
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1, done.stderr
        prefix = "kayles: error: "
        assert lines[0].startswith(prefix), lines[0]
        return lines[0][len(prefix):]


@pytest.fixture(scope="session")
def cli():
    return Cli(_binary("kayles", "kayles-cli"))


def _checker(path):
    def check(graph, certificate, game):
        """`kayles-check --game GAME GRAPH CERTIFICATE`: (exit status, the value it prints).
        It prints the value and the game (`5 node`): the game must be the one asked for."""
        done = subprocess.run(
            [path, "--game", game, graph, str(certificate)], capture_output=True, text=True
        )
        if done.returncode != 0:
            return done.returncode, done.stdout.strip()
        value, printed = done.stdout.split()
        assert printed == game, done.stdout
        return done.returncode, value

    return check


@pytest.fixture(scope="session")
def checker():
    """Runs the independent checker on a certificate."""
    return _checker(_binary("kayles-check", "kayles-check"))


@pytest.fixture(scope="session")
def xtask():
    return _binary("xtask", "xtask")


@pytest.fixture(scope="session")
def repo():
    return REPO


# The corpus of known values (fixtures/known/, plain text), the one loader of the Python
# tests; fixtures/known/known.rs is the Rust one.
KNOWN = REPO / "fixtures" / "known"


def _known_lines(name):
    """The data lines of fixtures/known/NAME, each split at " | " into trimmed fields (a
    graph6 string may hold "|", never a space)."""
    rows = []
    for line in (KNOWN / name).read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            rows.append([field.strip() for field in line.split(" | ")])
    assert rows, f"{name}: no data lines"
    return rows


def known_values():
    """Every graph of values.txt: dicts with graph, game, nimber, histogram, source."""
    out = []
    for head, histogram, source in _known_lines("values.txt"):
        graph, game, nimber = head.split()
        histogram = [int(x) for x in histogram.split()]
        out.append(dict(graph=graph, game=game, nimber=int(nimber), histogram=histogram, source=source))
    return out


def known_sequence(template, game="node"):
    """The terms of sequences.txt for TEMPLATE in GAME, as {n: term}."""
    for head, terms, source in _known_lines("sequences.txt"):
        name, kind, first = head.split()
        if (name, kind) == (template, game):
            return {int(first) + i: int(t) for i, t in enumerate(terms.split())}
    raise KeyError(f"fixtures/known/sequences.txt has no {template} ({game})")
