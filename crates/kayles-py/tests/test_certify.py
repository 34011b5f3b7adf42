"""certify: the report rows against `cargo xtask certify --json`, and the counts of the
subset claims against the fixture files read here."""

import json
import subprocess

import kayles

QUICK = ["NK-XOR", "MOD-CLIQUE", "MOD-NIMBER-NOT-ENOUGH", "SEQ-LINKED-C4-ALT", "WAK-LOOP"]


def test_rows_against_xtask(xtask, repo, tmp_path):
    out = tmp_path / "report.json"
    args = [xtask, "certify", "--json", str(out)]
    for claim in QUICK:
        args += ["--claim", claim]
    subprocess.run(args, cwd=repo, check=True, capture_output=True)
    report = json.loads(out.read_text())["claims"]
    rows = kayles.certify(QUICK)
    assert [r["id"] for r in rows] == QUICK
    for row, expected in zip(rows, report):
        for key in ("id", "families", "instances", "positions", "verdict", "detail"):
            assert row[key] == expected[key], (row["id"], key)
        assert row["verdict"] == "pass"


def test_positions_are_every_subset_of_every_graph(repo):
    """NK-XOR compares every starting subset of every graph on 1..7 vertices."""
    subsets = 0
    for n in range(1, 8):
        lines = (repo / "fixtures" / "graphs" / f"graphs-n{n}.g6").read_text().splitlines()
        subsets += 2**n * sum(1 for line in lines if line and not line.startswith("#"))
    (row,) = kayles.certify(["nk-xor"])
    assert row["positions"] == subsets


def test_claim_ids_and_missing_fixtures(tmp_path):
    rows = kayles.certify(["NK-XOR"], fixtures=tmp_path)
    assert rows[0]["verdict"] == "fixture-error"
    assert "graphs-n1.g6" in rows[0]["detail"]
