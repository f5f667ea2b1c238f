"""`dominoes tournament`: whole tournaments with bots in every seat, to the end."""
from __future__ import annotations

import json
from collections import Counter

import pytest

from dominoes_tui.cli import main


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["tournament", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_swiss_of_eight_bots_over_four_rounds(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--variant", "draw", "--format", "swiss", "--rounds", "4", "--seed", "7", "--json",
            "--entrants", "easy,medium,heaviest,random,easy,medium,heaviest,random"]
    code, out, err = _run(capsys, *args, "--jobs", "2")
    assert code == 0, err
    data = json.loads(out)
    assert len(data["rounds"]) == 4
    names = [s["name"] for s in data["standings"]]
    assert sorted(names) == sorted(["easy", "medium", "heaviest", "random", "easy 2", "medium 2", "heaviest 2", "random 2"])
    met: Counter[frozenset[str]] = Counter()
    points: Counter[str] = Counter()
    for tables in data["rounds"]:
        assert len(tables) == 4 and sorted(e for t in tables for e in t["entrants"]) == sorted(names)
        for t in tables:
            met[frozenset(t["entrants"])] += 1
            winner = max(t["results"], key=lambda r: r["score"])
            assert winner["score"] >= 100, "every match was played to its target"
            for r in t["results"]:
                points[r["entrant"]] += r["points"]
    assert max(met.values()) == 1, "no pair met twice"
    assert {s["name"]: s["points"] for s in data["standings"]} == dict(points)
    assert sum(points.values()) == 16
    # the same seed on one process gives the same tournament, table for table
    code, again, _ = _run(capsys, *args, "--jobs", "1")
    assert code == 0 and again == out


def test_twelve_person_rotating_partner_evening_over_three_rounds(capsys: pytest.CaptureFixture[str], tmp_path) -> None:
    people = ",".join(["Ana", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ida", "Jo", "Kai", "Lu"])
    log = tmp_path / "evening.jsonl"
    code, out, err = _run(capsys, "--variant", "partner", "--format", "rotation", "--rounds", "3",
                          "--entrants", people, "--seed", "3", "--log", str(log))
    assert code == 0, err
    assert out.count("Round ") == 3 and "Final standings after 3 rounds" in out
    rows = [line.split() for line in out.split("Final standings")[1].splitlines() if line.strip()[:1].isdigit()]
    assert len(rows) == 12 and {r[1] for r in rows} == set(people.split(","))
    assert sum(float(r[2]) for r in rows) == 18  # 3 rounds x 3 tables x 2 winners
    assert all(int(r[5]) == 3 for r in rows), "everyone played every round"
    events = [json.loads(line) for line in log.read_text().splitlines()]
    assert sum(e["event"] == "match_start" for e in events) == 9
    assert sum(e["event"] == "match_end" for e in events) == 9


def test_fixed_pairs_partner_swiss(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(capsys, "--variant", "partner", "--format", "swiss", "--rounds", "2", "--json",
                          "--entrants", "Ana+Bo,Cy+Di,easy,random,medium,heaviest", "--seed", "2")
    assert code == 0, err
    data = json.loads(out)
    assert [s["name"] for s in data["standings"]].count("Ana & Bo") == 1
    # nobody here has a rating (nothing reads the records): no made-up 0.0 for everyone
    assert all("rating" not in s for s in data["standings"])
    for tables in data["rounds"]:
        for t in tables:
            if t.get("bye"):
                continue
            assert len(t["players"]) == 4 and len(t["entrants"]) == 2


@pytest.mark.parametrize("args, says", [
    (["--variant", "chess", "--entrants", "a,b"], "unknown variant"),
    (["--format", "knockout", "--entrants", "a,b"], "unknown format"),
    (["--variant", "duel", "--format", "rotation", "--entrants", "a,b,c"], "played by two only"),
    (["--entrants", "Ana"], "at least 2"),
    (["--entrants", "Ana,Ana"], "listed twice"),
    (["--variant", "partner", "--entrants", "a,b,c"], "without a partner"),
    (["--entrants", "a,b", "--rounds", "0"], "rounds must be"),
    (["--entrants", "a,b", "--target", "-5"], "dominoes tournament:"),
    (["--entrants", "a,b", "--option", "nonsense"], "NAME=VALUE"),
    (["--entrants", "a,b", "--jobs", "0"], "--jobs"),
])
def test_bad_input_gets_one_clear_line(capsys: pytest.CaptureFixture[str], args: list[str], says: str) -> None:
    code, out, err = _run(capsys, *args)
    assert code == 2 and says in err and "Traceback" not in err and out == ""


def test_bench_times_pairing_for_a_field(capsys: pytest.CaptureFixture[str]) -> None:
    from dominoes_tui.bench.pairing import pairing_times
    from dominoes_tui.commands.bench import format_report

    row = pairing_times("draw", "swiss", None, 12, 3, 1)
    assert row["rounds_timed"] == 2 and 0 < row["median_ms"] <= row["max_ms"]
    text = format_report({"quick": False, "seed": 1, "machine": {"python": "3", "cores": 2}, "pairing": [row], "seconds": 1.0})
    assert "draw swiss" in text and "12" in text


def test_bench_times_a_hosted_round_on_a_server_in_process() -> None:
    from dominoes_tui.bench.hosted_round import hosted_round_times
    from dominoes_tui.commands.bench import format_report

    row = hosted_round_times(entrants=10, rounds=3, seed=2)
    assert row["rounds_timed"] == 2 and 0 < row["median_ms"] <= row["max_ms"]
    text = format_report({"quick": False, "seed": 1, "machine": {"python": "3", "cores": 2}, "pairing": [row], "seconds": 1.0})
    assert "draw swiss hosted" in text and "a table server pairs, deals and files" in text


def test_bench_hosts_more_entrants_than_one_address_may_enter() -> None:
    """`dominoes bench` times a hosted round of 100 entrants: more than the server lets one
    address enter (a gateway's players share it), so each comes from a machine of its own."""
    from dominoes_tui.bench.hosted_round import hosted_round_times
    from dominoes_tui.net.evening.evening import ENTRANTS_PER_ADDRESS

    row = hosted_round_times(entrants=ENTRANTS_PER_ADDRESS + 1, rounds=2, seed=2)
    assert row["entrants"] == ENTRANTS_PER_ADDRESS + 1 and row["rounds_timed"] == 1
