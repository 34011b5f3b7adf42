"""The documentation runs: every docstring example of the module, the `>>>` lines of
docs/python.md (the tour, matplotlib optional), and the type stubs name every function."""

import ast
import doctest
import os
import sys
from pathlib import Path

import kayles

HERE = Path(__file__).resolve().parent


def test_docstring_examples(repo, monkeypatch):
    monkeypatch.chdir(repo)
    module = sys.modules[kayles.nimber.__module__]
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    tests = [t for t in finder.find(module, "kayles") if t.examples]
    names = {t.name.split(".")[-1] for t in tests}
    public = {n for n in dir(kayles) if not n.startswith("_") and callable(getattr(kayles, n))}
    assert public - {"Subsets", "kayles"} <= names, "every function has an example"
    for test in tests:
        runner.run(test)
    assert runner.summarize(verbose=False).failed == 0


def test_the_tour(repo, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    text = (repo / "docs" / "python.md").read_text()
    parser = doctest.DocTestParser()
    test = parser.get_doctest(text, {}, "docs/python.md", str(repo / "docs" / "python.md"), 0)
    assert len(test.examples) > 20
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.summarize(verbose=False).failed == 0
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return
    assert (tmp_path / "petersen-histogram.png").stat().st_size > 1000


def test_stubs_cover_the_module():
    stubs = ast.parse((HERE.parent / "kayles.pyi").read_text())
    declared = {n.name for n in stubs.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
    public = {n for n in dir(kayles) if not n.startswith("_") and n != "kayles"}
    assert declared == public
    for node in stubs.body:
        if isinstance(node, ast.FunctionDef):
            stub_args = [a.arg for a in node.args.args]
            signature = getattr(kayles, node.name).__text_signature__.strip("()")
            runtime_args = [p.split("=")[0].strip() for p in signature.split(",") if p.strip()]
            assert stub_args == runtime_args, node.name
