"""The games by their definitions, written again here as the judges of the tests: plain
recursions with a memo, nothing shared with the engines under test."""

from functools import lru_cache


def mex(values):
    values = set(values)
    k = 0
    while k in values:
        k += 1
    return k


def closed_masks(n, edges):
    closed = [1 << v for v in range(n)]
    for u, v in edges:
        closed[u] |= 1 << v
        closed[v] |= 1 << u
    return closed


def node_table(n, edges):
    """Node Kayles on every subset S (bit v = vertex v): mex of T[S - N[v]], v in S."""
    closed = closed_masks(n, edges)
    table = [0] * (1 << n)
    for s in range(1, 1 << n):
        table[s] = mex(table[s & ~closed[v]] for v in range(n) if s >> v & 1)
    return table


def arc_table(n, edges):
    """Arc Kayles on every subset S: mex of T[S - {u, v}], uv an edge inside S."""
    table = [0] * (1 << n)
    for s in range(1, 1 << n):
        table[s] = mex(
            table[s & ~(1 << u) & ~(1 << v)]
            for u, v in edges
            if s >> u & 1 and s >> v & 1
        )
    return table


def histogram(table):
    """{k: count} for every k from 0 to the largest value (zeros included)."""
    counts = [0] * (max(table) + 1)
    for value in table:
        counts[value] += 1
    return dict(enumerate(counts))


def node_nimber(n, edges):
    """Node Kayles on the whole graph, memoized over vertex sets (for larger graphs)."""
    closed = closed_masks(n, edges)

    @lru_cache(maxsize=None)
    def g(s):
        return mex(g(s & ~closed[v]) for v in range(n) if s >> v & 1)

    return g((1 << n) - 1)


def indexed(G):
    """A networkx graph as (n, edges) with vertex i the i-th node of G.nodes."""
    index = {v: i for i, v in enumerate(G.nodes)}
    return len(index), [(index[u], index[v]) for u, v in G.edges()]


def wak_nimber(weights, edges):
    """Weighted Arc-Kayles by definition: an edge uv (u != v) lowers both counters, a
    loop vv lowers w(v), each only where the counters are at least 1."""

    @lru_cache(maxsize=None)
    def g(w):
        options = []
        for u, v in edges:
            if w[u] >= 1 and w[v] >= 1:
                x = list(w)
                x[u] -= 1
                if u != v:
                    x[v] -= 1
                options.append(g(tuple(x)))
        return mex(options)

    return g(tuple(weights))


def rooks_nimber(rows):
    """The rook game by definition: place a rook on a free square that no rook attacks
    (attacks run along rows and columns up to a hole or the edge)."""
    h, w = len(rows), len(rows[0])

    def attacked(rooks, r, c):
        for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            y, x = r + dr, c + dc
            while 0 <= y < h and 0 <= x < w and rows[y][x] != "#":
                if (y, x) in rooks:
                    return True
                y, x = y + dr, x + dc
        return False

    start = frozenset((r, c) for r in range(h) for c in range(w) if rows[r][c] == "R")

    @lru_cache(maxsize=None)
    def g(rooks):
        return mex(
            g(rooks | {(r, c)})
            for r in range(h)
            for c in range(w)
            if rows[r][c] == "." and (r, c) not in rooks and not attacked(rooks, r, c)
        )

    return g(start)
