"""split, run, join, nimber(checkpoint=DIR) and nimber(memo_file=FILE): the same files
and values as `kayles split`, `kayles run`, `kayles join`, `kayles nimber --checkpoint`
and `--memo-file`, each side reading what the other wrote; resume after an interrupted
run; the errors; Ctrl-C."""

import json
import os
import signal
import subprocess
import sys
import time

import networkx as nx
import pytest

import kayles
from test_interrupt import SCRIPT


def manifest(jobs):
    data = json.loads(open(str(jobs) + ".manifest.json").read())
    data.pop("split_seconds")
    return data


def answers(path):
    """The complete `job value` lines of a results file."""
    text = open(path).read()
    complete = text[: text.rfind("\n") + 1]
    return [tuple(map(int, line.split())) for line in complete.splitlines() if line and not line.startswith("#")]


@pytest.mark.parametrize(
    "graph,args",
    [
        ("grid:3x12", {"depth": 2}),
        ("petersen:14,2", {"jobs": 20}),
        ("grid:3x6", {"depth": 1, "game": "arc"}),
        ("queens:6", {"depth": 1, "key": "canonical"}),
    ],
)
def test_the_same_files_and_values_as_the_command_line(cli, tmp_path, graph, args):
    ours, theirs = tmp_path / "ours.g6", tmp_path / "theirs.g6"
    written = kayles.split(graph, ours, **args)
    flags = [f"--{k}={v}" for k, v in args.items()]
    cli("split", graph, "--out", str(theirs), *flags)
    assert ours.read_bytes() == theirs.read_bytes()
    assert manifest(ours) == manifest(theirs)
    written.pop("split_seconds")
    assert written == manifest(ours)
    game = args.get("game", "node")
    direct = kayles.nimber(graph, game=game)
    assert direct == int(cli("nimber", "--game", game, graph))
    # Python runs, the command line joins; and the other way round.
    kayles.run(ours, tmp_path / "r-ours.txt")
    cli("run", str(theirs), "--out", str(tmp_path / "r-theirs.txt"))
    assert int(cli("join", graph, "--jobs", str(ours), "--results", str(tmp_path / "r-ours.txt"))) == direct
    assert kayles.join(graph, theirs, tmp_path / "r-theirs.txt") == direct
    assert kayles.join(graph, ours, [tmp_path / "r-ours.txt", tmp_path / "r-theirs.txt"]) == direct


def test_shards_cover_every_job(tmp_path):
    jobs = tmp_path / "jobs.g6"
    kayles.split("grid:3x13", jobs, depth=2)
    count = manifest(jobs)["jobs"]
    files = []
    for i in range(3):
        out = tmp_path / f"r{i}.txt"
        ran = kayles.run(jobs, out, shard=f"{i}/3" if i else (0, 3))
        assert ran["answered_earlier"] == 0 and ran["answered_now"] == ran["jobs_in_shard"]
        assert all((job - 1) % 3 == i for job, _ in answers(out))
        files.append(out)
    assert sum(len(answers(f)) for f in files) == count
    assert kayles.join("grid:3x13", jobs, files) == kayles.nimber("grid:3x13")
    with pytest.raises(ValueError, match="has no answer"):
        kayles.join("grid:3x13", jobs, files[:2])


def test_an_interrupted_run_resumes(tmp_path):
    """A run cut off after some jobs, in the middle of a line: resume=True cuts the torn
    line off and answers the rest, each job once."""
    jobs, results = tmp_path / "jobs.g6", tmp_path / "results.txt"
    kayles.split("petersen:15,2", jobs, depth=2)
    kayles.run(jobs, results)
    full = results.read_text()
    lines = full.splitlines(keepends=True)
    assert len(lines) > 6
    torn = "".join(lines[:4]) + lines[4][:-2]
    results.write_text(torn)
    with pytest.raises(ValueError, match="unfinished last line"):
        kayles.join("petersen:15,2", jobs, results)
    with pytest.raises(ValueError, match="resume"):
        kayles.run(jobs, results)
    ran = kayles.run(jobs, results, resume=True)
    assert ran["answered_earlier"] == 3 and ran["answered_now"] == ran["jobs_in_shard"] - 3
    ids = [job for job, _ in answers(results)]
    assert sorted(ids) == list(range(1, manifest(jobs)["jobs"] + 1))
    assert kayles.join("petersen:15,2", jobs, results) == kayles.nimber("petersen:15,2")
    # A torn line after a complete run: the join ignores it with a warning.
    results.write_text(full + "1 1")
    with pytest.warns(UserWarning, match="unfinished last line"):
        assert kayles.join("petersen:15,2", jobs, results) == kayles.nimber("petersen:15,2")


def test_nimber_with_a_checkpoint(cli, tmp_path):
    ck = tmp_path / "ck"
    assert kayles.nimber("grid:3x14", checkpoint=ck, checkpoint_jobs=40) == kayles.nimber("grid:3x14")
    results = (ck / "results.txt").read_text()
    assert manifest(ck / "jobs.g6")["jobs"] >= 40
    # Again: nothing left to answer, the same value; the command line reads the directory.
    assert kayles.nimber("grid:3x14", checkpoint=ck) == kayles.nimber("grid:3x14")
    assert (ck / "results.txt").read_text() == results
    out = subprocess.run(
        [cli.path, "nimber", "grid:3x14", "--checkpoint", str(ck), "--stats"], capture_output=True, text=True
    )
    assert out.stdout == cli("nimber", "grid:3x14")
    assert "answered earlier, 0 answered now" in out.stderr
    with pytest.raises(ValueError, match="holds a split of grid:3x14"):
        kayles.nimber("grid:3x15", checkpoint=ck)
    # A networkx graph has no family: canonical codes, named by its graph6 string.
    G = nx.grid_2d_graph(3, 9)
    assert kayles.nimber(G, checkpoint=tmp_path / "nx", checkpoint_jobs=8) == kayles.nimber("grid:3x9")
    assert manifest(tmp_path / "nx" / "jobs.g6")["key"] == "canonical"
    # Arc Kayles.
    assert kayles.nimber("grid:3x6", game="arc", checkpoint=tmp_path / "arc") == kayles.nimber("grid:3x6", game="arc")


def test_nimber_with_a_memo_file(cli, tmp_path):
    memo = tmp_path / "cram.memo"
    want = cli("nimber", "--game", "arc", "grid:4x7")
    assert kayles.nimber("grid:4x7", game="arc", memo_file=memo) == int(want)
    assert memo.stat().st_size > 0
    # The command line loads the file Python wrote, and answers from it.
    out = subprocess.run(
        [cli.path, "nimber", "--game", "arc", "grid:4x7", "--memo-file", str(memo), "--stats"],
        capture_output=True,
        text=True,
    )
    assert out.stdout == want
    assert "loaded" in out.stderr and " 0 positions searched" in out.stderr
    # Another game's search refuses it, with the command line's message.
    with pytest.raises(ValueError, match="is the memo of arc grid:4x7"):
        kayles.nimber("grid:4x7", memo_file=memo)
    with pytest.raises(ValueError, match="checkpoint= does not combine with certificate= or memo_file="):
        kayles.nimber("grid:4x7", memo_file=memo, checkpoint=tmp_path / "ck")


def test_a_certificate_with_a_memo_file(cli, checker, tmp_path):
    """The memo a certificate run saved answers most of the next run's search and proof
    (the proof may ask a few questions the first did not, its memo holding more), and the
    certificate that run writes from it still checks."""
    memo, first, second = tmp_path / "cram.memo", tmp_path / "a.cert", tmp_path / "b.cert"
    assert kayles.nimber("grid:4x7", game="arc", certificate=first, memo_file=memo) == 3
    assert checker("grid:4x7", first, "arc") == (0, "3")

    def searched(*flags):
        out = subprocess.run(
            [cli.path, "nimber", "--game", "arc", "grid:4x7", "--stats", *flags],
            capture_output=True,
            text=True,
        )
        assert out.stdout == "3\n", out.stderr
        return out.stderr, int(out.stderr.split(" positions searched")[0].split()[-1])

    _, fresh = searched("--certificate", str(tmp_path / "fresh.cert"))
    stderr, resumed = searched("--memo-file", str(memo), "--certificate", str(second))
    assert "loaded" in stderr
    assert resumed * 20 < fresh, (resumed, fresh)
    assert checker("grid:4x7", second, "arc") == (0, "3")
    # Beside the memo, the search's winning moves (the proof's first witnesses), which the
    # second run loaded with it.
    assert "of the search's winning moves" in stderr
    assert sorted(os.listdir(tmp_path)) == ["a.cert", "b.cert", "cram.memo", "cram.memo.wins", "fresh.cert"]


def test_errors_are_value_errors_with_the_command_lines_messages(cli, tmp_path):
    jobs = tmp_path / "jobs.g6"
    with pytest.raises(ValueError, match="exactly one of depth= or jobs="):
        kayles.split("grid:3x5", jobs)
    with pytest.raises(ValueError, match="exactly one of depth= or jobs="):
        kayles.split("grid:3x5", jobs, depth=1, jobs=3)
    with pytest.raises(ValueError, match="key 'symmetry': Bw is not a family with a host symmetry"):
        kayles.split("Bw", jobs, depth=1, key="symmetry")
    assert "--key symmetry: Bw is not a family" in cli.error("split", "Bw", "--depth", "1", "--key", "symmetry", "--out", str(jobs))
    with pytest.raises(ValueError, match="unknown key 'shape'"):
        kayles.split("grid:3x5", jobs, depth=1, key="shape")
    with pytest.raises(ValueError, match="unknown family"):
        kayles.split("cube:3", jobs, depth=1)
    kayles.split("grid:3x12", jobs, depth=1)
    with pytest.raises(ValueError, match="out must not be the jobs file"):
        kayles.run(jobs, jobs)
    for shard in ["3/3", "1/0", "x", (2, 1)]:
        with pytest.raises(ValueError, match="bad shard"):
            kayles.run(jobs, tmp_path / "r.txt", shard=shard)
    with pytest.raises(ValueError, match="unknown order"):
        kayles.run(jobs, tmp_path / "r.txt", order="random")
    kayles.run(jobs, tmp_path / "r.txt")
    with pytest.raises(ValueError, match="is not the graph"):
        kayles.join("grid:3x13", jobs, tmp_path / "r.txt")
    with pytest.raises(ValueError, match="reading"):
        kayles.run(tmp_path / "missing.g6", tmp_path / "r.txt")
    # The message is the command line's, option names aside.
    with pytest.raises(ValueError) as caught:
        kayles.join("grid:3x12", jobs, tmp_path / "none.txt")
    assert str(caught.value) == cli.error("join", "grid:3x12", "--jobs", str(jobs), "--results", str(tmp_path / "none.txt"))


def test_a_verified_join_refuses_forged_values(cli, checker, tmp_path):
    """run(certificates=DIR) proves each job's value; join(verify=DIR) checks them with the
    independent checker and refuses a results file with a value changed, naming the job,
    where the unverified join takes it on trust. The files are the command line's: its
    certificates verify from Python and Python's from the command line."""
    jobs, results, certs = tmp_path / "j.g6", tmp_path / "r.txt", tmp_path / "certs"
    kayles.split("grid:3x8", jobs, jobs=5)
    assert kayles.run(jobs, results, certificates=certs)["answered_now"] == 8
    assert sorted(os.listdir(certs)) == [f"job_{i}.cert" for i in sorted(range(1, 9), key=str)]
    line1 = open(jobs).read().splitlines()[0]
    assert checker(line1, certs / "job_1.cert", "node")[0] == 0
    assert kayles.join("grid:3x8", jobs, results, verify=certs) == 2
    out = subprocess.run(
        [cli.path, "join", "grid:3x8", "--jobs", str(jobs), "--results", str(results), "--verify", str(certs)],
        capture_output=True,
        text=True,
    )
    assert out.stdout == "2\n" and out.stderr == ""
    forged = tmp_path / "forged.txt"
    forged.write_text(
        "".join(line if line.startswith("#") else line.split()[0] + " 7\n" for line in open(results).readlines())
    )
    assert kayles.join("grid:3x8", jobs, forged) == 0  # taken on trust: wrong
    with pytest.raises(ValueError, match="job 1: the results give the value 7, but its certificate"):
        kayles.join("grid:3x8", jobs, forged, verify=certs)
    (certs / "job_3.cert").unlink()
    with pytest.raises(ValueError, match="job 3 has no certificate"):
        kayles.join("grid:3x8", jobs, results, verify=certs)
    # resume: only the job without its certificate is searched, no line is written twice.
    before = results.read_text()
    done = kayles.run(jobs, results, resume=True, certificates=certs)
    assert (done["answered_earlier"], done["answered_now"]) == (7, 1)
    assert results.read_text() == before
    assert kayles.join("grid:3x8", jobs, results, verify=certs) == 2


@pytest.mark.parametrize("call", ["checkpoint", "run"])
def test_ctrl_c_stops_a_long_run(tmp_path, call):
    """SIGINT in the middle of a long checkpoint or run (the script of test_interrupt.py):
    KeyboardInterrupt within a second, the interpreter goes on, and the results file holds
    only complete lines."""
    jobs = tmp_path / "jobs.g6"
    if call == "run":
        kayles.split("queens:14", jobs, depth=1)
        results = tmp_path / "r.txt"
        line = f"kayles.run({str(jobs)!r}, {str(results)!r})"
    else:
        results = tmp_path / "ck" / "results.txt"
        line = f"kayles.nimber('queens:13', checkpoint={str(tmp_path / 'ck')!r})"
    script = SCRIPT.format(call=line)
    child = subprocess.Popen([sys.executable, "-c", script, "-"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline().strip() == "started"
        waited = time.monotonic()
        while not results.exists():  # a checkpoint splits first
            assert time.monotonic() - waited < 60, "no results file"
            time.sleep(0.05)
        time.sleep(1.0)
        sent = time.monotonic()
        child.send_signal(signal.SIGINT)
        assert child.stdout.readline().strip() == "interrupted", child.stderr.read()
        assert time.monotonic() - sent < 1.0
        assert child.stdout.readline().startswith("after 3 ")
        child.wait(timeout=30)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    text = results.read_text()
    assert text.startswith("# kayles results v1 jobs ") and text.endswith("\n")
    for job, value in answers(results):
        assert job >= 1 and value >= 0


MEMO_SCRIPT = r"""
import os, signal, sys, time, kayles
signal.signal(signal.SIGINT, signal.default_int_handler)
memo = sys.argv[1]
print("started", flush=True)
try:
    kayles.nimber("grid:6x7", game="arc", memo_file=memo)
    print("finished", flush=True)
except KeyboardInterrupt:
    print("interrupted", flush=True)
waited = time.monotonic()
while not os.path.exists(memo) and time.monotonic() - waited < 60:
    time.sleep(0.05)
print("saved" if os.path.exists(memo) else "not saved", flush=True)
"""


def test_ctrl_c_saves_the_memo_file(tmp_path):
    """SIGINT during nimber(memo_file=): KeyboardInterrupt at once, and the memo is saved
    (by the work's thread, while the interpreter goes on) as a whole file of this search."""
    memo = tmp_path / "cram.memo"
    child = subprocess.Popen(
        [sys.executable, "-c", MEMO_SCRIPT, str(memo)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        assert child.stdout.readline().strip() == "started"
        time.sleep(1.5)
        assert not memo.exists()
        child.send_signal(signal.SIGINT)
        assert child.stdout.readline().strip() == "interrupted", child.stderr.read()
        assert child.stdout.readline().strip() == "saved"
        child.wait(timeout=30)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert memo.stat().st_size > 0
    with pytest.raises(ValueError, match="is the memo of arc grid:6x7"):
        kayles.nimber("grid:6x7", memo_file=memo)
