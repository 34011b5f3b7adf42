"""moves against the definition (every move's value is the value of the position after
it, by the judges' tables), against `kayles moves --json`, and its bad input."""

import json

import networkx as nx
import pytest

import kayles
from judge import arc_table, indexed, node_table
from test_graphs import GRAPHS, IDS


def expected(G, game, winning=False):
    """{move: value} by definition, with networkx's labels, in vertex (edge) order."""
    n, edges = indexed(G)
    nodes = list(G.nodes)
    full = (1 << n) - 1
    if game == "node":
        table = node_table(n, edges)
        closed = [1 << v for v in range(n)]
        for u, v in edges:
            closed[u] |= 1 << v
            closed[v] |= 1 << u
        moves = {nodes[v]: table[full & ~closed[v]] for v in range(n)}
    else:
        table = arc_table(n, edges)
        pairs = sorted({(min(u, v), max(u, v)) for u, v in edges if u != v})
        moves = {(nodes[u], nodes[v]): table[full & ~(1 << u) & ~(1 << v)] for u, v in pairs}
    if winning:
        moves = {m: v for m, v in moves.items() if v == 0}
    return moves


SMALL = [(name, G) for name, G in GRAPHS if G.number_of_nodes() <= 12]


@pytest.mark.parametrize("game", ["node", "arc"])
@pytest.mark.parametrize("name,G", SMALL, ids=[n for n, G in SMALL])
def test_every_move_against_the_definition(name, G, game):
    got = kayles.moves(G, game=game)
    want = expected(G, game)
    assert got == want
    assert list(got) == list(want), "the moves in vertex (edge) order"
    assert kayles.moves(G, game=game, winning=True) == expected(G, game, winning=True)
    # The position's nimber is the mex of the values.
    values = set(got.values())
    mex = next(k for k in range(len(values) + 1) if k not in values)
    assert mex == kayles.nimber(G, game=game)


@pytest.mark.parametrize("game", ["node", "arc"])
@pytest.mark.parametrize("spec", ["grid:3x4", "queens:4", "petersen:6,2", "path:9", "Bw"])
def test_same_as_the_command_line(cli, spec, game):
    line = json.loads(cli("moves", "--json", "--game", game, spec))
    want = {}
    for m in line["moves"]:
        mv = tuple(m["move"]) if game == "arc" else m["move"]
        want[mv] = m["value"]
    assert kayles.moves(spec, game=game) == want
    winning = json.loads(cli("moves", "--json", "--winning", "--game", game, spec))
    assert kayles.moves(spec, game=game, winning=True) == {
        (tuple(m["move"]) if game == "arc" else m["move"]): 0 for m in winning["moves"]
    }


def test_labels_and_edges_by_labels():
    G = nx.relabel_nodes(nx.path_graph(4), {0: "a", 1: "b", 2: "c", 3: "d"})
    assert kayles.moves(G) == {"a": 1, "b": 1, "c": 1, "d": 1}
    assert kayles.moves(G, game="arc") == {("a", "b"): 1, ("b", "c"): 0, ("c", "d"): 1}
    assert kayles.moves(nx.empty_graph(3), game="arc") == {}
    assert kayles.moves(nx.null_graph()) == {}


def test_bad_input():
    with pytest.raises(ValueError, match="unknown game"):
        kayles.moves("path:3", game="chess")
    with pytest.raises(ValueError, match="unknown family 'cube'"):
        kayles.moves("cube:3")
    with pytest.raises(TypeError):
        kayles.moves(3)


@pytest.mark.parametrize(
    "spec,game,after",
    [
        ("grid:3x4", "node", "r1c1"),
        ("grid:3x4", "node", "r2c2,r1c4"),
        ("grid:3x4", "arc", "r1c1-r1c2,r3c3-r3c4"),
        ("path:9", "node", "0,4"),
        ("path:9", "arc", "0-1 5-6"),
        ("petersen:6,2", "arc", "0-1"),
    ],
)
def test_after_same_as_the_command_line(cli, spec, game, after):
    """`after` starts where `kayles moves --after` does: the same moves and values, with the
    moves given as the command line's string, as a list of those names, or as a list of
    the result's own keys."""
    line = json.loads(cli("moves", "--json", "--game", game, "--after", after, spec))
    want = {(tuple(m["move"]) if game == "arc" else m["move"]): m["value"] for m in line["moves"]}
    assert kayles.moves(spec, game=game, after=after) == want
    names = after.replace(",", " ").split()
    assert kayles.moves(spec, game=game, after=names) == want
    winning = json.loads(
        cli("moves", "--json", "--winning", "--game", game, "--after", after, spec)
    )
    assert kayles.moves(spec, game=game, winning=True, after=after) == {
        (tuple(m["move"]) if game == "arc" else m["move"]): 0 for m in winning["moves"]
    }


@pytest.mark.parametrize("game", ["node", "arc"])
def test_after_by_labels_against_the_definition(game):
    """On a labelled graph, `after` names moves by labels, and the values are those of the
    position left, by the definition (the graph with the deleted vertices removed)."""
    G = nx.relabel_nodes(nx.petersen_graph(), {v: f"v{v}" for v in range(10)})
    first = next(iter(kayles.moves(G, game=game)))
    H = G.copy()
    H.remove_nodes_from([first] if game == "node" else list(first))
    if game == "node":
        H.remove_nodes_from(list(G.neighbors(first)))
    want = expected(H, game)
    assert kayles.moves(G, game=game, after=[first]) == want
    assert kayles.moves(G, game=game, after=()) == kayles.moves(G, game=game)


def test_after_bad_moves():
    with pytest.raises(ValueError, match=r"after: move 2 of the list: 1 is gone"):
        kayles.moves("path:5", after=[0, 1])
    with pytest.raises(ValueError, match=r"after: move 1 of the list: .*r9c9"):
        kayles.moves("grid:3x4", after="r9c9")
    with pytest.raises(ValueError, match="after: move 1 of the list: 'z' is not a vertex"):
        kayles.moves(nx.path_graph(3), after=["z"])
    with pytest.raises(ValueError, match="after: move 1 of the list"):
        kayles.moves("path:5", game="arc", after=[(0, 2)])
    with pytest.raises(TypeError, match="after is a list of moves"):
        kayles.moves("path:5", after=3)
    with pytest.raises(TypeError, match="an edge is a pair"):
        kayles.moves("path:5", game="arc", after=[0])
