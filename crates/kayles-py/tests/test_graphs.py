"""nimber, histogram and subsets against the command line and against the definition,
on networkx generator graphs (with their own node labels) and random graphs."""

import random

import networkx as nx
import pytest

import kayles
from judge import arc_table, histogram, indexed, node_nimber, node_table


def generator_graphs():
    """Small graphs from networkx generators, some with non-integer labels."""
    yield "path", nx.path_graph(7)
    yield "cycle", nx.cycle_graph(8)
    yield "complete", nx.complete_graph(5)
    yield "star", nx.star_graph(6)
    yield "wheel", nx.wheel_graph(7)
    yield "petersen", nx.petersen_graph()
    yield "ladder", nx.ladder_graph(5)
    yield "grid (tuple labels)", nx.grid_2d_graph(3, 4)
    yield "hypercube (tuple labels)", nx.hypercube_graph(3)
    yield "bull (string labels)", nx.relabel_nodes(nx.bull_graph(), lambda v: f"v{v}")
    yield "barbell", nx.barbell_graph(4, 2)
    yield "lollipop", nx.lollipop_graph(4, 3)
    yield "complete bipartite", nx.complete_bipartite_graph(3, 4)
    yield "circular ladder", nx.circular_ladder_graph(5)
    yield "frucht", nx.frucht_graph()
    yield "empty", nx.empty_graph(4)
    yield "null", nx.null_graph()
    yield "krackhardt kite", nx.krackhardt_kite_graph()
    shuffled = nx.Graph()
    order = [5, "x", (1, 2), 0.5, "a", 9]
    shuffled.add_nodes_from(order)
    shuffled.add_edges_from([(5, "x"), ("x", (1, 2)), ((1, 2), 0.5), (0.5, "a"), ("a", 5), (9, 5)])
    yield "mixed labels", shuffled
    multi = nx.MultiGraph([(0, 1), (0, 1), (1, 2), (2, 3)])
    yield "multigraph", multi


def random_graphs(count=25, seed=13):
    rng = random.Random(seed)
    for i in range(count):
        n = rng.randint(1, 11)
        p = rng.choice([0.2, 0.35, 0.5, 0.7])
        yield f"gnp({n}, {p}) #{i}", nx.gnp_random_graph(n, p, seed=rng.randrange(10**6))


GRAPHS = list(generator_graphs()) + list(random_graphs())
IDS = [name for name, _ in GRAPHS]


def graph6(G):
    """graph6 of G with vertex i the i-th node of G.nodes (the package's order)."""
    n, edges = indexed(G)
    simple = nx.Graph()
    simple.add_nodes_from(range(n))
    simple.add_edges_from(edges)
    return nx.to_graph6_bytes(simple, nodes=range(n), header=False).decode().strip()


@pytest.mark.parametrize("name,G", GRAPHS, ids=IDS)
def test_nimber_is_the_definition(name, G):
    n, edges = indexed(G)
    assert kayles.nimber(G) == node_nimber(n, edges)
    assert kayles.nimber((n, edges)) == node_nimber(n, edges)
    assert kayles.nimber(G, game="arc") == arc_table(n, edges)[-1]


@pytest.mark.parametrize("name,G", GRAPHS, ids=IDS)
def test_histogram_is_the_definition(name, G):
    n, edges = indexed(G)
    assert kayles.histogram(G) == histogram(node_table(n, edges))
    assert kayles.histogram(G, game="arc") == histogram(arc_table(n, edges))


@pytest.mark.parametrize("name,G", GRAPHS, ids=IDS)
def test_subsets_name_the_users_nodes(name, G):
    """Every subset comes once, as a tuple of node labels in G.nodes order, with the
    nimber of the subgraph it induces."""
    nodes = list(G.nodes)
    n, edges = indexed(G)
    table = node_table(n, edges)
    pairs = list(kayles.subsets(G))
    assert len(pairs) == 2**n
    position = {v: i for i, v in enumerate(nodes)}
    for mask, (subset, value) in enumerate(pairs):
        assert subset == tuple(v for i, v in enumerate(nodes) if mask >> i & 1)
        assert [position[v] for v in subset] == sorted(position[v] for v in subset)
        assert value == table[mask]
    for k in range(max(table) + 2):
        only = list(kayles.subsets(G, nimber=k))
        assert only == [(s, v) for s, v in pairs if v == k]
    arc = arc_table(n, edges)
    assert [v for _, v in kayles.subsets(G, game="arc")] == arc


def test_all_inputs_of_one_graph_agree():
    """networkx, graph6 str and bytes, a family spec and (n, edges) name the same graph."""
    G = nx.grid_2d_graph(3, 4)  # rows of 4: node (r, c) is vertex 4r + c, as grid:3x4
    n, edges = indexed(G)
    forms = [G, graph6(G), graph6(G).encode() + b"\n", "grid:3x4", (n, edges), (n, [list(e) for e in edges])]
    assert {kayles.nimber(f) for f in forms} == {node_nimber(n, edges)}
    hists = [kayles.histogram(f) for f in forms]
    assert all(h == hists[0] for h in hists)
    assert [s for s, _ in kayles.subsets("grid:3x4", nimber=0)] == [
        tuple(i for i, v in enumerate(G.nodes) if v in s) for s, _ in kayles.subsets(G, nimber=0)
    ]


def test_against_the_command_line(cli):
    """One call of the command line per function for all the graphs (graph6 in G.nodes
    order): nimbers of both games, histograms, subsets."""
    codes = [graph6(G) for _, G in GRAPHS]
    nonempty = [(c, G) for c, (_, G) in zip(codes, GRAPHS) if G.number_of_nodes() > 0]
    lines = "\n".join(c for c, _ in nonempty) + "\n"
    node = cli("nimber", "-", stdin=lines).split()
    arc = cli("nimber", "--game", "arc", "-", stdin=lines).split()
    for (code, G), a, b in zip(nonempty, node, arc):
        assert (kayles.nimber(G), kayles.nimber(G, game="arc")) == (int(a), int(b)), code
    for code, G in nonempty:
        plain = " ".join(f"{k}:{c}" for k, c in kayles.histogram(G).items())
        assert plain == cli("histogram", code).strip(), code
    for code, G in nonempty[:12]:
        index = {v: i for i, v in enumerate(G.nodes)}
        for k in (None, 0):
            args = ["subsets", code] + ([] if k is None else ["--nimber", str(k)])
            expected = cli(*args).splitlines()
            got = [
                "{" + ",".join(str(index[v]) for v in s) + "} " + str(value)
                for s, value in kayles.subsets(G, nimber=k)
            ]
            assert got == expected, code


def family_graph(spec):
    """(n, edges) of a family spec or graph6 string, built here from the definitions that
    `kayles families` prints (not by the package), for the judges."""
    if ":" not in spec:
        G = nx.from_graph6_bytes(spec.encode())
        return G.number_of_nodes(), list(G.edges())
    family, args = spec.split(":")
    if family == "grid":
        rows, cols = map(int, args.split("x"))
        edges = [(r * cols + c, r * cols + c + 1) for r in range(rows) for c in range(cols - 1)]
        edges += [(r * cols + c, (r + 1) * cols + c) for r in range(rows - 1) for c in range(cols)]
        return rows * cols, edges
    if family == "petersen":
        n, k = map(int, args.split(","))
        outer = [(i, (i + 1) % n) for i in range(n)]
        inner = {tuple(sorted((n + i, n + (i + k) % n))) for i in range(n)}
        return 2 * n, outer + [(i, n + i) for i in range(n)] + sorted(inner)
    if family == "queens":
        n = int(args)
        cells = [divmod(v, n) for v in range(n * n)]
        return n * n, [
            (a, b)
            for a in range(n * n)
            for b in range(a + 1, n * n)
            if cells[a][0] == cells[b][0]
            or cells[a][1] == cells[b][1]
            or abs(cells[a][0] - cells[b][0]) == abs(cells[a][1] - cells[b][1])
        ]
    if family == "linked-c4":
        # u_1..u_{n+1} = 0..n, then v_i = n + 2i - 1, w_i = n + 2i; u_i v_i, v_i w_i, w_i u_{i+1}.
        n = int(args)
        edges = [(i, i + 1) for i in range(n)]
        for i in range(n):
            v, w = n + 1 + 2 * i, n + 2 + 2 * i
            edges += [(i, v), (v, w), (w, i + 1)]
        return 3 * n + 1, edges
    if family == "cycle":
        n = int(args)
        return n, [(i, (i + 1) % n) for i in range(n)]
    if family == "star":
        n = int(args)
        return n, [(0, i) for i in range(1, n)]
    raise ValueError(spec)


@pytest.mark.parametrize(
    "spec", ["grid:3x9", "petersen:9,2", "queens:6", "linked-c4:8", "cycle:17", "star:9", "Bw", "DQc"]
)
def test_family_specs_against_the_definition(cli, spec):
    """Both front ends give the value of the definition (judge.py, on the graph built here
    from the family's definition), not only the same value as each other."""
    want = node_nimber(*family_graph(spec))
    assert kayles.nimber(spec) == want
    assert int(cli("nimber", spec)) == want


@pytest.mark.parametrize(
    "spec,G",
    [("grid:4x4", nx.grid_2d_graph(4, 4)), ("grid:2x7", nx.grid_2d_graph(2, 7)), ("cycle:10", nx.cycle_graph(10))],
)
def test_mirror_strategy_against_search(spec, G):
    """A family spec whose half turn is a mirror strategy is answered without search; the
    same graph from networkx (no name, so searched) agrees, in both games. The 2 x 7
    ladder has no mirror strategy (its half turn swaps the two middle neighbours)."""
    for game in ["node", "arc"]:
        assert kayles.nimber(spec, game=game) == kayles.nimber(G, game=game)


def test_cram_on_even_boards_by_the_mirror_strategy():
    # Searched, the 2 x 66 ladder in Arc Kayles takes many minutes.
    assert kayles.nimber("grid:2x66", game="arc") == 0
    assert kayles.nimber("grid:8x8", game="arc") == 0


@pytest.mark.parametrize(
    "spec",
    ["grid:2x8", "cycle:12", "petersen:6,2", "queens:3", "linked-c4:3", "grid:3x4", "cycle:11", "linked-c4:5", "star:6"],
)
def test_arc_kayles_on_families_against_the_definition(cli, spec):
    want = arc_table(*family_graph(spec))[-1]
    assert kayles.nimber(spec, game="arc") == want
    assert int(cli("nimber", "--game", "arc", spec)) == want


def test_arc_histogram_against_the_command_line(cli):
    """The command line has no Arc Kayles histogram yet: the induced subgraph of every
    subset goes to `kayles nimber --game arc -` instead, and the values are counted."""
    for spec, G in [("grid:2x4", nx.grid_2d_graph(2, 4)), ("petersen:5,2", None)]:
        if G is None:
            G = nx.Graph()
            G.add_nodes_from(range(10))
            G.add_edges_from([(i, (i + 1) % 5) for i in range(5)])
            G.add_edges_from([(i, i + 5) for i in range(5)])
            G.add_edges_from([(5 + i, 5 + (i + 2) % 5) for i in range(5)])
        nodes = list(G.nodes)
        lines = [
            graph6(G.subgraph([v for i, v in enumerate(nodes) if mask >> i & 1]))
            for mask in range(1, 2 ** len(nodes))
        ]
        values = [0] + [int(x) for x in cli("nimber", "--game", "arc", "-", stdin="\n".join(lines) + "\n").split()]
        assert kayles.histogram(spec, game="arc") == histogram(values)
        assert kayles.histogram(G, game="arc") == histogram(values)


def test_works_without_networkx():
    """networkx is optional: the package never imports it."""
    import subprocess
    import sys

    script = (
        "import sys; sys.modules['networkx'] = None\n"
        "import kayles\n"
        "print(kayles.nimber((4, [(0, 1), (1, 2), (2, 3)])), kayles.histogram('path:3'),\n"
        "      list(kayles.subsets(b'Bg', nimber=2)), kayles.sequence('path', 4))\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "0 {0: 2, 1: 5, 2: 1} [((0, 1, 2), 2)] {1: 1, 2: 1, 3: 2, 4: 0}"


def test_families_against_the_command_line(cli):
    import json

    listed = [json.loads(line) for line in cli("--json", "families").splitlines()]
    assert kayles.families() == {f["family"]: f["description"] for f in listed}
    for syntax in kayles.families():
        name = syntax.split(":")[0]
        assert kayles.nimber(f"{name}:{'3,1' if name == 'petersen' else '3x2' if name == 'grid' else 3}") >= 0
