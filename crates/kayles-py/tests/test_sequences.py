"""sequence: against `kayles seq` and against the definition on the family graphs."""

import networkx as nx
import pytest

from conftest import known_sequence, known_values
import kayles
from judge import indexed, node_nimber


def seq_lines(cli, *args):
    return {int(n): int(v) for n, v in (line.split() for line in cli("seq", *args).splitlines())}


@pytest.mark.parametrize(
    "family,terms",
    [("path", 20), ("cycle", 14), ("grid:2xN", 9), ("grid:3xN", 7), ("petersen:N,2", 9), ("star", 8), ("linked-c4", 6)],
)
def test_search_against_the_command_line(cli, family, terms):
    assert kayles.sequence(family, terms) == seq_lines(cli, family, "--terms", str(terms))


def test_start_and_undefined_terms(cli):
    """Leading undefined terms are skipped (cycle below 3), as the command line does."""
    assert list(kayles.sequence("cycle", 6)) == [3, 4, 5, 6]
    assert kayles.sequence("path", 9, start=5) == seq_lines(cli, "path", "--terms", "9", "--from", "5")
    assert kayles.sequence("path", 3, start=5) == {}


def test_recurrence_against_the_command_line_and_search(cli):
    for family in ["linked-c4", "linked-c4-b", "linked-c4-c"]:
        fast = kayles.sequence(family, 300, method="recurrence")
        assert fast == seq_lines(cli, family, "--terms", "300", "--method", "recurrence")
        searched = kayles.sequence(family, 10)
        assert searched == {n: fast[n] for n in searched}


def test_terms_are_the_definition():
    graphs = {
        "path": nx.path_graph,
        "cycle": nx.cycle_graph,
        "grid:2xN": lambda n: nx.grid_2d_graph(2, n),
        "star": lambda n: nx.star_graph(n - 1),
        "complete": nx.complete_graph,
    }
    for family, build in graphs.items():
        for n, value in kayles.sequence(family, 10).items():
            assert value == node_nimber(*indexed(build(n))), (family, n)


def test_published_terms():
    """The corpus's sequences (fixtures/known/sequences.txt): Dawson's chess, the 3 x n
    grid, queens, P(n,2) by search, and A316629 by the recurrence, its 90 terms."""
    for template, last in [("path", 33), ("grid:3xN", 12), ("queens", 6), ("petersen:N,2", 12)]:
        want = {n: v for n, v in known_sequence(template).items() if 1 <= n <= last}
        got = kayles.sequence(template, last, start=min(want))
        assert got == want, template
    a = known_sequence("linked-c4")
    assert kayles.sequence("linked-c4", max(a), method="recurrence") == a


@pytest.mark.parametrize("entry", known_values(), ids=lambda e: f"{e['graph']}-{e['game']}")
def test_known_values(entry):
    """Every graph of fixtures/known/values.txt: its nimber and its histogram."""
    g, game = entry["graph"], entry["game"]
    assert kayles.nimber(g, game=game) == entry["nimber"]
    assert kayles.nimber(g, game=game, method="mex") == entry["nimber"]
    hist = kayles.histogram(g, game=game)
    assert [hist[k] for k in range(len(hist))] == entry["histogram"]


@pytest.mark.parametrize("family,terms", [("path", 14), ("cycle", 10), ("grid:2xN", 7), ("petersen:N,1", 6)])
def test_arc_kayles_search_against_the_command_line(cli, family, terms):
    assert kayles.sequence(family, terms, game="arc") == seq_lines(cli, family, "--terms", str(terms), "--game", "arc")


def test_arc_kayles_terms_are_the_definition():
    from judge import arc_table

    for n, value in kayles.sequence("grid:2xN", 5, game="arc").items():
        assert value == arc_table(*indexed(nx.grid_2d_graph(2, n)))[-1]
