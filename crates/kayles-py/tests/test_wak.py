"""wak and rooks: against the command line and against the games' definitions."""

import itertools
import random

import pytest

import kayles
from judge import rooks_nimber, wak_nimber


def positions(count=40, seed=5):
    rng = random.Random(seed)
    for _ in range(count):
        n = rng.randint(1, 4)
        pairs = [(u, v) for u in range(n) for v in range(u, n)]
        edges = [e for e in pairs if rng.random() < 0.45]
        weights = [rng.randint(0, 3) for _ in range(n)]
        yield weights, edges


POSITIONS = list(positions())


def cli_form(weights, edges):
    return ",".join(map(str, weights)), ",".join(f"{u}-{v}" for u, v in edges)


@pytest.mark.parametrize("weights,edges", POSITIONS)
def test_wak_is_the_definition(weights, edges):
    assert kayles.wak(weights, edges) == wak_nimber(weights, edges)
    assert kayles.wak(*cli_form(weights, edges)) == wak_nimber(weights, edges)


def test_wak_against_the_command_line(cli):
    for weights, edges in POSITIONS:
        w, e = cli_form(weights, edges)
        assert kayles.wak(weights, edges) == int(cli("wak", "--weights", w, "--edges", e))
        reduced = kayles.wak(weights, edges, reduce=True)
        out = cli("wak", "--weights", w, "--edges", e, "--reduce")
        assert f"{reduced['nimber']}\n{reduced['text']}" == out.rstrip("\n")
        canonical = reduced["canonical"]
        assert reduced["nimber"] == wak_nimber(canonical["weights"], canonical["edges"])
        assert sorted(v for group in reduced["origin"] for v in group) == sorted(
            set(v for group in reduced["origin"] for v in group)
        )


def test_section_5_vectors():
    """The looped edge table of the claims page and the path a(loop)-b-c-d."""
    for a, b in itertools.product(range(8), repeat=2):
        assert kayles.wak([a, b], [(0, 0), (1, 1), (0, 1)]) == (a + b) % 2 + 2 * (min(a, b) % 2)
    vectors = {(1, 1, 1, 1): 0, (2, 1, 1, 1): 1, (0, 2, 3, 2): 1, (1, 2, 3, 2): 0, (3, 1, 2, 0): 2,
               (2, 2, 2, 2): 0, (1, 0, 5, 0): 1, (1, 2, 5, 1): 2, (2, 2, 5, 1): 1, (3, 3, 6, 1): 3}
    for weights, value in vectors.items():
        assert kayles.wak(list(weights), [(0, 0), (0, 1), (1, 2), (2, 3)]) == value


def boards(count=30, seed=9):
    rng = random.Random(seed)
    for _ in range(count):
        h, w = rng.randint(1, 3), rng.randint(1, 4)
        rows = ["".join(rng.choice("...#") for _ in range(w)) for _ in range(h)]
        yield rows


BOARDS = list(boards())


@pytest.mark.parametrize("rows", BOARDS, ids=["/".join(b) for b in BOARDS])
def test_rooks_is_the_definition(rows):
    assert kayles.rooks(rows) == rooks_nimber(rows)
    assert kayles.rooks("/".join(rows)) == rooks_nimber(rows)


def test_rooks_against_the_command_line(cli):
    for rows in BOARDS + [["R..", "...", "..#"], ["....", "....", "....", "...."]]:
        board = "/".join(rows)
        assert kayles.rooks(board) == int(cli("rooks", board))
        assert kayles.rooks(board) == rooks_nimber(rows)
    for n in range(1, 6):
        assert kayles.rooks(["." * n] * n) == n % 2
