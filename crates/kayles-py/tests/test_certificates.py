"""nimber(certificate=FILE), sequence(certificates=DIR) and method= on nimber, sequence
and run: certificates that the independent checker `kayles-check` accepts with the value
returned, named as `kayles seq --certificates` names them; both search methods give the
same values as each other and as the command line; the errors."""

import os

import networkx as nx
import pytest

import kayles


@pytest.mark.parametrize(
    "graph,game",
    [
        ("grid:3x8", "node"),
        ("queens:6", "node"),
        ("petersen:9,2", "node"),
        ("grid:3x5", "arc"),
        (nx.petersen_graph(), "node"),
        ((6, [(0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 0), (0, 3)]), "arc"),
    ],
)
def test_certificates_check(cli, checker, tmp_path, graph, game):
    path = tmp_path / "g.cert"
    value = kayles.nimber(graph, game=game, certificate=str(path))
    assert value == kayles.nimber(graph, game=game)
    # The checker is given the family spec, else the graph's graph6 (what the header names).
    name = graph if isinstance(graph, str) else nx.to_graph6_bytes(
        graph if isinstance(graph, nx.Graph) else nx.Graph(graph[1]), header=False
    ).decode().strip()
    assert checker(name, path, game) == (0, str(value))
    # The command line's certificate of the same graph proves the same value.
    theirs = tmp_path / "theirs.cert"
    cli("nimber", "--game", game, name, "--certificate", str(theirs))
    assert checker(name, theirs, game) == (0, str(value))
    # A certificate of another graph is rejected.
    assert checker("path:3", path, game)[0] == 1
    # Nor does it prove the other game's value.
    assert checker(name, path, {"node": "arc", "arc": "node"}[game])[0] == 1


def test_a_certificate_is_a_path_like(checker, tmp_path):
    path = tmp_path / "q.cert"
    assert kayles.nimber("queens:5", certificate=path) == 3
    assert checker("queens:5", path, "node") == (0, "3")


@pytest.mark.parametrize(
    "graph,game",
    [(g, "node") for g in ["grid:3x9", "queens:7", "petersen:11,3", "K_sPq?pm]?G?"]]
    # Arc Kayles on queens:7 (over 400 edges) takes minutes by the mex method: queens:4.
    + [(g, "arc") for g in ["grid:3x9", "queens:4", "petersen:11,3", "K_sPq?pm]?G?"]],
)
def test_both_methods_agree_with_each_other_and_the_command_line(cli, graph, game):
    outcome = kayles.nimber(graph, game=game, method="outcome")
    assert kayles.nimber(graph, game=game, method="mex") == outcome
    assert kayles.nimber(graph, game=game) == outcome
    assert int(cli("nimber", "--game", game, "--method", "mex", graph)) == outcome


def test_sequence_methods(cli):
    for family, game in [("grid:3xN", "node"), ("queens", "node"), ("grid:3xN", "arc")]:
        search = kayles.sequence(family, 8, game=game)
        assert kayles.sequence(family, 8, game=game, method="outcome") == search
        assert kayles.sequence(family, 8, game=game, method="mex") == search
        lines = cli("seq", family, "--terms", "8", "--game", game, "--method", "mex")
        assert {int(n): int(v) for n, v in (l.split() for l in lines.splitlines())} == search


def test_run_methods(cli, tmp_path):
    jobs = tmp_path / "jobs.g6"
    kayles.split("grid:3x12", jobs, depth=2)
    kayles.run(jobs, tmp_path / "outcome.txt", method="outcome")
    kayles.run(jobs, tmp_path / "mex.txt", method="mex")
    read = lambda p: sorted(open(p).read().splitlines())
    assert read(tmp_path / "outcome.txt") == read(tmp_path / "mex.txt")
    assert kayles.join("grid:3x12", jobs, tmp_path / "mex.txt") == 5


def test_sequence_certificates_are_named_and_checked_like_the_command_lines(cli, checker, tmp_path):
    ours, theirs = tmp_path / "ours", tmp_path / "theirs"
    values = kayles.sequence("petersen:N,2", 9, certificates=str(ours))
    cli("seq", "petersen:N,2", "--terms", "9", "--certificates", str(theirs))
    assert sorted(os.listdir(ours)) == sorted(os.listdir(theirs))
    assert sorted(os.listdir(ours)) == [f"petersen_{n}_2.cert" for n in range(4, 10)]
    for n, value in values.items():
        assert checker(f"petersen:{n},2", ours / f"petersen_{n}_2.cert", "node") == (0, str(value))
    arc = kayles.sequence("grid:3xN", 5, game="arc", certificates=ours)
    for n, value in arc.items():
        assert checker(f"grid:3x{n}", ours / f"arc_grid_3x{n}.cert", "arc") == (0, str(value))


def test_sequence_resume_skips_terms_already_certified(tmp_path):
    kayles.sequence("queens", 5, certificates=tmp_path)
    stamps = {name: os.stat(tmp_path / name).st_mtime_ns for name in os.listdir(tmp_path)}
    values = kayles.sequence("queens", 7, certificates=tmp_path, resume=True)
    assert values == kayles.sequence("queens", 7)
    for name, stamp in stamps.items():
        assert os.stat(tmp_path / name).st_mtime_ns == stamp, name
    assert sorted(os.listdir(tmp_path)) == [f"queens_{n}.cert" for n in range(1, 8)]


def test_errors(cli, tmp_path):
    with pytest.raises(ValueError, match="unknown method 'guess' \\(expected outcome, mex\\)"):
        kayles.nimber("path:3", method="guess")
    with pytest.raises(ValueError, match="unknown method 'guess' \\(expected outcome, mex\\)"):
        kayles.run(tmp_path / "none.g6", tmp_path / "r.txt", method="guess")
    with pytest.raises(ValueError, match="unknown method 'x' \\(expected search, recurrence, outcome, mex\\)"):
        kayles.sequence("path", 3, method="x")
    with pytest.raises(ValueError, match="checkpoint= does not combine with certificate= or memo_file="):
        kayles.nimber("path:3", checkpoint=tmp_path / "c", certificate=tmp_path / "c.cert")
    with pytest.raises(ValueError, match="resume=True continues certificates=DIR"):
        kayles.sequence("path", 3, resume=True)
    with pytest.raises(ValueError) as caught:
        kayles.sequence("linked-c4", 3, method="recurrence", certificates=tmp_path / "d")
    assert str(caught.value) == "certificates needs the terms searched: method 'recurrence' proves none of them"
    assert not (tmp_path / "d").exists()
    # The same messages as the command line's where the input is the same.
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    for call, args in [
        (
            lambda: kayles.nimber("grid:3x4", certificate="/nonexistent-dir/x.cert"),
            ["nimber", "grid:3x4", "--certificate", "/nonexistent-dir/x.cert"],
        ),
        (
            lambda: kayles.sequence("path", 3, certificates=blocker / "certs"),
            ["seq", "path", "--terms", "3", "--certificates", str(blocker / "certs")],
        ),
    ]:
        with pytest.raises(ValueError) as caught:
            call()
        assert str(caught.value) == cli.error(*args)
