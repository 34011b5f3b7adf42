"""`kayles.chain`: the same answers as `kayles chain` (terms, recurrence, period, error
messages), the chain's own graphs by the definition of the games for small n, and a dict
and a chain file of the same schema give the same."""

import json
from functools import lru_cache

import pytest

import kayles
from judge import mex, node_nimber

# Chains written as dicts (the chain file's schema), with caps on either side and links of
# reach 1 to 3. Each splits, under the games listed.
CHAINS = {
    "path": ({"name": "path", "gadget": {"order": 1, "edges": [], "links": [[0, 0, 1]]}}, ["node", "arc"]),
    "three-path": ({"gadget": {"order": 1, "links": [[0, 0, 1], [0, 0, 3]]}}, ["node"]),
    "comb": ({"gadget": {"order": 2, "edges": [[0, 1]], "links": [[0, 0, 1]]}}, ["node", "arc"]),
    "linked-c4": (
        {
            "name": "linked-c4",
            "gadget": {"order": 3, "edges": [[0, 1], [1, 2]], "links": [[0, 0, 1], [2, 0, 1]]},
            "right": {"order": 1, "edges": [], "links": [[0, 0, 1], [2, 0, 1]]},
        },
        ["node"],
    ),
    "linked-diamonds": (
        {
            "gadget": {"order": 3, "edges": [[0, 1], [0, 2]], "links": [[0, 0, 1], [0, 1, 1], [0, 2, 1]]},
            "left": {"order": 1, "links": [[0, 0, 1], [0, 1, 1], [0, 2, 1]]},
        },
        ["node"],
    ),
    "capped-comb": (
        {
            "name": "capped-comb",
            "gadget": {"order": 2, "edges": [[0, 1]], "links": [[0, 0, 1]]},
            "left": {"order": 2, "edges": [[0, 1]], "links": [[1, 0, 1]]},
            "right": {"order": 1, "links": [[0, 0, 1], [0, 0, 2]]},
        },
        ["node", "arc"],
    ),
}
CASES = [(name, game) for name, (_, games) in CHAINS.items() for game in games]


def chain_graph(chain, n):
    """C(n) as (order, edges), from the schema: the left cap, copies 1..n of the gadget
    (link [x, y, d]: vertex x of copy i ~ vertex y of copy i + d), the right cap (left
    link [x, y, d]: cap vertex x ~ vertex y of copy d; right link [x, y, d]: vertex x of
    copy n + 1 - d ~ cap vertex y). Links to copies that do not exist are left out."""
    gadget = chain["gadget"]
    k = gadget["order"]
    left, right = chain.get("left", {"order": 0}), chain.get("right", {"order": 0})
    base = left["order"]

    def copy(i, v):
        return base + (i - 1) * k + v

    def cap(v):
        return base + n * k + v

    edges = [(x, y) for x, y in left.get("edges", [])]
    edges += [(x, copy(d, y)) for x, y, d in left.get("links", []) if d <= n]
    for i in range(1, n + 1):
        edges += [(copy(i, x), copy(i, y)) for x, y in gadget.get("edges", [])]
        edges += [(copy(i, x), copy(i + d, y)) for x, y, d in gadget["links"] if i + d <= n]
    edges += [(cap(x), cap(y)) for x, y in right.get("edges", [])]
    edges += [(copy(n + 1 - d, x), cap(y)) for x, y, d in right.get("links", []) if d <= n]
    return base + n * k + right["order"], edges


def arc_nimber(n, edges):
    """Arc Kayles on the whole graph: mex over the edges uv inside S of g(S - {u, v})."""
    edges = sorted({(min(u, v), max(u, v)) for u, v in edges})

    @lru_cache(maxsize=None)
    def g(s):
        return mex(g(s & ~(1 << u) & ~(1 << v)) for u, v in edges if s >> u & 1 and s >> v & 1)

    return g((1 << n) - 1)


def to_toml(chain):
    """The dict as a chain file (its tables hold ints and arrays of int arrays)."""
    lines = [f'name = "{chain["name"]}"'] if "name" in chain else []
    for part in ("gadget", "left", "right"):
        if part in chain:
            lines.append(f"[{part}]")
            lines += [f"{key} = {json.dumps(value)}" for key, value in chain[part].items()]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("name,game", CASES, ids=[f"{n}-{g}" for n, g in CASES])
def test_terms_by_the_definition_of_the_game(name, game):
    chain, _ = CHAINS[name]
    judge = node_nimber if game == "node" else arc_nimber
    sizes = [chain_graph(chain, n)[0] for n in range(1, 40)]
    n_max = max(n for n, order in enumerate(sizes, 1) if order <= 18)
    want = [judge(*chain_graph(chain, n)) for n in range(1, n_max + 1)]
    assert len(want) >= 5
    assert kayles.chain(chain, n_max, game=game)["terms"] == want
    # Unchecked, the terms come from the same recurrence.
    assert kayles.chain(chain, n_max, game=game, check=False)["terms"] == want


@pytest.mark.parametrize("name,game", CASES, ids=[f"{n}-{g}" for n, g in CASES])
def test_a_dict_and_a_chain_file_give_the_same(name, game, tmp_path):
    chain, _ = CHAINS[name]
    path = tmp_path / f"{name}.toml"
    path.write_text(to_toml(chain))
    from_dict = kayles.chain(chain, 100, period=True, game=game)
    assert kayles.chain(str(path), 100, period=True, game=game) == from_dict
    assert kayles.chain(path, 100, period=True, game=game) == from_dict  # a PathLike
    assert len(from_dict["terms"]) == 100


def cli_chain(cli, path, game, terms):
    """`kayles chain PATH --terms N --recurrence --period --json`, split into its parts."""
    lines = cli("chain", str(path), "--game", game, "--terms", str(terms), "--recurrence", "--period", "--json")
    rows = [json.loads(line) for line in lines.splitlines()]
    assert len(rows) == terms + 2
    recurrence, period = rows[0]["recurrence"], rows[-1]
    assert [r["n"] for r in rows[1:-1]] == list(range(1, terms + 1))
    return [r["nimber"] for r in rows[1:-1]], recurrence, period


def fixture_rows(repo):
    rows = (repo / "fixtures" / "chains" / "chains.txt").read_text().splitlines()
    return [r.split()[:2] for r in rows if r.strip() and not r.startswith("#")]


def test_the_path_as_the_command_line_gives_it(cli, repo):
    """`kayles chain fixtures/chains/path.toml --terms 200 --period --json`."""
    path = repo / "fixtures" / "chains" / "path.toml"
    rows = [json.loads(line) for line in cli("chain", str(path), "--terms", "200", "--period", "--json").splitlines()]
    result = kayles.chain(str(path), 200, period=True)
    assert result["terms"] == [r["nimber"] for r in rows[:-1]]
    assert result["period"] == rows[-1]
    assert (result["period"]["period"], result["period"]["preperiod"]) == (34, 52)  # Dawson's chess
    assert result["check"] == {"types": 1, "to": 40, "values": 41}


def test_every_fixture_chain_as_the_command_line_gives_it(cli, repo):
    rows = fixture_rows(repo)
    assert len(rows) == 12
    for file, game in rows:
        path = repo / "fixtures" / "chains" / file
        terms, recurrence, period = cli_chain(cli, path, game, 60)
        result = kayles.chain(str(path), 60, period=True, game=game)
        assert result["terms"] == terms, (file, game)
        assert result["recurrence"] == recurrence, (file, game)
        assert result["period"] == period, (file, game)
        assert result["check"]["values"] == 41 * len(recurrence["types"])
    assert kayles.chain(str(path), 5, check=False)["check"] is None


BAD_CHAINS = {
    "bad index": "[gadget]\norder = 2\nlinks = [[0, 5, 1]]\n",
    "unknown key": "[gadget]\norder = 1\nlinks = [[0, 0, 1]]\ncolour = 3\n",
    "no gadget": 'name = "x"\n',
    "self-loop": "[gadget]\norder = 2\nedges = [[1, 1]]\nlinks = [[0, 0, 1]]\n",
    "reach": "[gadget]\norder = 1\nlinks = [[0, 0, 0]]\n",
    "does not split": "[gadget]\norder = 4\nedges = [[0, 1], [1, 2], [2, 3], [3, 0]]\n"
    "links = [[0, 0, 1], [1, 1, 1], [2, 2, 1], [3, 3, 1]]\n",
}
BAD_DICTS = {
    "bad index": {"gadget": {"order": 2, "links": [[0, 5, 1]]}},
    "unknown key": {"gadget": {"order": 1, "links": [[0, 0, 1]], "colour": 3}},
    "no gadget": {"name": "x"},
    "self-loop": {"gadget": {"order": 2, "edges": [[1, 1]], "links": [[0, 0, 1]]}},
    "reach": {"gadget": {"order": 1, "links": [[0, 0, 0]]}},
    "does not split": {
        "gadget": {"order": 4, "edges": [[0, 1], [1, 2], [2, 3], [3, 0]], "links": [[0, 0, 1], [1, 1, 1], [2, 2, 1], [3, 3, 1]]}
    },
}


@pytest.mark.parametrize("what", list(BAD_CHAINS))
def test_bad_chains_raise_the_command_lines_message(what, cli, tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text(BAD_CHAINS[what])
    message = cli.error("chain", str(path), "--terms", "3")
    with pytest.raises(ValueError) as caught:
        kayles.chain(str(path), 3)
    assert str(caught.value) == message
    # The dict: the same message without the file name (and without the line number,
    # which a dict has not).
    without_file = message.removeprefix(f"{path}: ")
    assert without_file != message
    if without_file.startswith("line "):
        without_file = without_file.split(": ", 1)[1]
    with pytest.raises(ValueError) as caught:
        kayles.chain(BAD_DICTS[what], 3)
    assert str(caught.value) == without_file
    assert kayles.chain(CHAINS["path"][0], 4)["terms"] == [1, 1, 2, 0]  # still usable


def test_python_side_errors(cli, tmp_path):
    missing = str(tmp_path / "none.toml")
    with pytest.raises(ValueError) as caught:
        kayles.chain(missing, 3)
    assert str(caught.value) == cli.error("chain", missing, "--terms", "3")
    with pytest.raises(ValueError, match='unknown game "chess"'):
        kayles.chain(CHAINS["path"][0], 3, game="chess")
    with pytest.raises(TypeError, match="expected the path of a chain file or a dict"):
        kayles.chain(42, 3)
    with pytest.raises(TypeError, match=r"the chain\[\"gadget\"\]\[\"order\"\]: a chain dict holds"):
        kayles.chain({"gadget": {"order": None}}, 3)
    with pytest.raises(ValueError, match="does not fit in 64 bits"):
        kayles.chain({"gadget": {"order": 2**70}}, 3)
    with pytest.raises(ValueError, match=r"^\[gadget\] order 0 is out of range"):
        kayles.chain({"gadget": {"order": 0, "links": [[0, 0, 1]]}}, 3)
    with pytest.raises(ValueError, match="more than can be allocated"):
        kayles.chain(CHAINS["path"][0], 2**62, check=False)
