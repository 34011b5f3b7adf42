"""blowup_histogram and modules: against the command line and against the definition
(the blown-up graph expanded here and every subset solved; the tree's nodes checked to be
modules of the kinds they claim)."""

import itertools
import random

import networkx as nx
import pytest

import kayles
from judge import histogram, indexed, node_table


def expand(base, modules):
    """B[H_1..H_k] by its definition: (n, edges) with module i's vertices in a block."""
    bn, bedges = base
    offsets, edges, total = [], [], 0
    for hn, hedges in modules:
        offsets.append(total)
        edges += [(total + u, total + v) for u, v in hedges]
        total += hn
    for i, j in bedges:
        for u in range(modules[i][0]):
            for v in range(modules[j][0]):
                edges.append((offsets[i] + u, offsets[j] + v))
    return total, edges


def clique(m):
    return m, list(itertools.combinations(range(m), 2))


def independent(m):
    return m, []


BASES = [(2, [(0, 1)]), (3, [(0, 1), (1, 2)]), (3, [(0, 1), (1, 2), (0, 2)]), (4, [(0, 1), (1, 2), (2, 3)]), (4, [(0, 1), (2, 3)])]


def base_code(base):
    G = nx.Graph()
    G.add_nodes_from(range(base[0]))
    G.add_edges_from(base[1])
    return nx.to_graph6_bytes(G, nodes=range(base[0]), header=False).decode().strip()


@pytest.mark.parametrize("base", BASES)
def test_cliques_and_independent_sets(cli, base):
    rng = random.Random(base[0] * 7 + len(base[1]))
    for _ in range(4):
        sizes = [rng.randint(1, 3) for _ in range(base[0])]
        for kind, make in (("clique", clique), ("independent", independent)):
            got = kayles.blowup_histogram(base, **{kind: sizes})
            assert got == histogram(node_table(*expand(base, [make(m) for m in sizes])))
            assert got == kayles.blowup_histogram(base, **{kind: ",".join(map(str, sizes))})
            line = cli("histogram", "--blowup", kind, "--sizes", ",".join(map(str, sizes)), base_code(base))
            assert " ".join(f"{k}:{c}" for k, c in got.items()) == line.strip()


@pytest.mark.parametrize("base", BASES)
def test_module_graphs(cli, base):
    rng = random.Random(len(base[1]))
    for _ in range(3):
        modules = [nx.gnp_random_graph(rng.randint(1, 3), 0.5, seed=rng.randrange(999)) for _ in range(base[0])]
        got = kayles.blowup_histogram(base, modules=modules)
        assert got == histogram(node_table(*expand(base, [indexed(h) for h in modules])))
        args = ["histogram"]
        for h in modules:
            args += ["--module", nx.to_graph6_bytes(h, header=False).decode().strip()]
        assert " ".join(f"{k}:{c}" for k, c in got.items()) == cli(*args, base_code(base)).strip()


def test_far_beyond_enumeration():
    hist = kayles.blowup_histogram("grid:3x4", clique=[5] * 12)
    assert sum(hist.values()) == 2**60
    assert sum(kayles.blowup_histogram("petersen:5,2", independent=[6] * 10).values()) == 2**60


def check_tree(G, node):
    """Every node is a module of the kind it claims, and its children partition it."""
    vertices = set(node["vertices"])
    for x in set(G.nodes) - vertices:
        adjacent = {v for v in vertices if G.has_edge(x, v)}
        assert adjacent in (set(), vertices), (x, node["vertices"])
    if node["kind"] == "vertex":
        assert len(vertices) == 1 and node["children"] == []
        return
    parts = [set(c["vertices"]) for c in node["children"]]
    assert set().union(*parts) == vertices and sum(map(len, parts)) == len(vertices)
    cross = [
        [any(G.has_edge(u, v) for u in a for v in b) for b in parts] for a in parts
    ]
    full = [[all(G.has_edge(u, v) for u in a for v in b) for b in parts] for a in parts]
    pairs = [(i, j) for i in range(len(parts)) for j in range(len(parts)) if i != j]
    if node["kind"] == "parallel":
        assert not any(cross[i][j] for i, j in pairs)
    elif node["kind"] == "series":
        assert all(full[i][j] for i, j in pairs)
    else:
        assert node["kind"] == "prime" and len(parts) >= 4
    for c in node["children"]:
        check_tree(G, c)


GRAPHS = [
    nx.path_graph(5),
    nx.complete_multipartite_graph(2, 3, 1),
    nx.disjoint_union(nx.path_graph(4), nx.complete_graph(3)),
    nx.relabel_nodes(nx.petersen_graph(), lambda v: f"p{v}"),
    nx.grid_2d_graph(2, 3),
    nx.complement(nx.path_graph(6)),
] + [nx.gnp_random_graph(9, p, seed=s) for s, p in enumerate([0.2, 0.4, 0.6, 0.8])]


@pytest.mark.parametrize("G", GRAPHS)
def test_modules_against_the_definition_and_the_command_line(cli, G):
    d = kayles.modules(G)
    check_tree(G, d["tree"])
    code = nx.to_graph6_bytes(nx.convert_node_labels_to_integers(G), header=False).decode().strip()
    assert d["text"] == cli("modules", code).rstrip()
    assert d["dot"] == cli("modules", "--dot", code).rstrip("\n") + "\n"
    primes = []
    stack = [d["tree"]]
    while stack:
        node = stack.pop()
        primes += [len(node["children"])] if node["kind"] == "prime" else []
        stack += node["children"]
    assert d["modular_width"] == max(primes, default=0)


def test_modules_of_the_empty_graph():
    assert kayles.modules((0, []))["tree"] is None
