# Type stubs of the `kayles` extension module (crates/kayles-py). The docstrings, each
# with an example, are on the functions themselves: help(kayles.nimber).
from os import PathLike
from typing import Any, Dict, Hashable, Iterable, Iterator, List, Literal, Optional, Sequence, Tuple, Union

__version__: str

# A graph: a networkx graph (vertex i is the i-th node of G.nodes), a graph6 str or bytes,
# a family spec such as "grid:3x4", or (n, edges) with vertices 0..n-1.
GraphLike = Union[Any, str, bytes, Tuple[int, Iterable[Tuple[int, int]]]]
Game = Literal["node", "arc"]

def nimber(
    g: GraphLike,
    game: Game = "node",
    checkpoint: Optional[Union[str, PathLike[str]]] = None,
    checkpoint_jobs: int = 64,
    method: Literal["outcome", "mex"] = "outcome",
    certificate: Optional[Union[str, PathLike[str]]] = None,
    memo_file: Optional[Union[str, PathLike[str]]] = None,
    memo_save_seconds: int = 600,
) -> int: ...
def histogram(g: GraphLike, game: Game = "node") -> Dict[int, int]: ...

class Subsets(Iterator[Tuple[Tuple[Hashable, ...], int]]):
    def __iter__(self) -> "Subsets": ...
    def __next__(self) -> Tuple[Tuple[Hashable, ...], int]: ...

def subsets(g: GraphLike, nimber: Optional[int] = None, game: Game = "node") -> Subsets: ...
def sequence(
    family: str,
    terms: int,
    method: Literal["search", "recurrence", "outcome", "mex"] = "search",
    start: int = 1,
    game: Game = "node",
    certificates: Optional[Union[str, PathLike[str]]] = None,
    resume: bool = False,
) -> Dict[int, int]: ...
def families() -> Dict[str, str]: ...
def moves(
    g: GraphLike,
    game: Game = "node",
    winning: bool = False,
    after: Optional[Union[str, Iterable[Union[Hashable, Tuple[Hashable, Hashable]]]]] = None,
) -> Dict[Union[Hashable, Tuple[Hashable, Hashable]], int]: ...
def blowup_histogram(
    base: GraphLike,
    modules: Optional[Sequence[GraphLike]] = None,
    clique: Optional[Union[Sequence[int], str]] = None,
    independent: Optional[Union[Sequence[int], str]] = None,
) -> Dict[int, int]: ...
def modules(g: GraphLike) -> Dict[str, Any]: ...
def wak(
    weights: Union[Sequence[int], str],
    edges: Union[Iterable[Tuple[int, int]], str],
    reduce: bool = False,
) -> Union[int, Dict[str, Any]]: ...
def rooks(board: Union[str, Sequence[str]]) -> int: ...
def chain(
    path_or_dict: Union[str, PathLike[str], Dict[str, Any]],
    terms: int,
    period: bool = False,
    game: Game = "node",
    check: bool = True,
) -> Dict[str, Any]: ...
def certify(
    claims: Optional[Sequence[str]] = None,
    tier: Literal["quick", "full"] = "quick",
    fixtures: Optional[Union[str, PathLike[str]]] = None,
) -> List[Dict[str, Any]]: ...
def split(
    g: GraphLike,
    out: Union[str, PathLike[str]],
    depth: Optional[int] = None,
    jobs: Optional[int] = None,
    game: Game = "node",
    key: Literal["auto", "symmetry", "canonical"] = "auto",
    force: bool = False,
) -> Dict[str, Any]: ...
def run(
    jobs: Union[str, PathLike[str]],
    out: Union[str, PathLike[str]],
    shard: Optional[Union[str, Tuple[int, int]]] = None,
    resume: bool = False,
    workers: int = 1,
    order: Literal["auto", "smallest", "largest"] = "auto",
    method: Literal["outcome", "mex"] = "outcome",
    certificates: Optional[Union[str, PathLike[str]]] = None,
) -> Dict[str, int]: ...
def join(
    g: GraphLike,
    jobs: Union[str, PathLike[str]],
    results: Union[str, PathLike[str], Sequence[Union[str, PathLike[str]]]],
    verify: Optional[Union[str, PathLike[str]]] = None,
) -> int: ...
