# Type stubs of the `kayles` extension module (crates/kayles-py). The docstrings, each
# with an example, are on the functions themselves: help(kayles.nimber).
from os import PathLike
from typing import Any, Dict, Hashable, Iterable, Iterator, List, Literal, Optional, Sequence, Tuple, Union

__version__: str

# A graph: a networkx graph (vertex i is the i-th node of G.nodes), a graph6 str or bytes,
# a family spec such as "grid:3x4", or (n, edges) with vertices 0..n-1.
GraphLike = Union[Any, str, bytes, Tuple[int, Iterable[Tuple[int, int]]]]
Game = Literal["node", "arc"]

def nimber(g: GraphLike, game: Game = "node") -> int: ...
def histogram(g: GraphLike, game: Game = "node") -> Dict[int, int]: ...

class Subsets(Iterator[Tuple[Tuple[Hashable, ...], int]]):
    def __iter__(self) -> "Subsets": ...
    def __next__(self) -> Tuple[Tuple[Hashable, ...], int]: ...

def subsets(g: GraphLike, nimber: Optional[int] = None, game: Game = "node") -> Subsets: ...
def sequence(
    family: str,
    terms: int,
    method: Literal["search", "recurrence"] = "search",
    start: int = 1,
    game: Game = "node",
) -> Dict[int, int]: ...
def families() -> Dict[str, str]: ...
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
