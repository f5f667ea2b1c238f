"""`dominoes stats`, `stats --import` and `simulate --record`, run as a person would."""
from __future__ import annotations

import json

import pytest

from dominoes_tui.engine import dumps
from dominoes_tui.records import Records, summarize
from tests.records.helpers import run

from .helpers import people, play


def test_simulate_record_then_stats_shows_hard_above_easy(db_url, capsys, monkeypatch):
    # The command the README gives. The hard bot thinks 5 ms a move here instead of 200
    # (it is still the hard bot): the suite has no three minutes to spare. On one process,
    # this test's: worker processes would not see the shorter think time. 24 matches: at
    # 5 ms hard wins about 85 % of them (15 to 18 of 20 measured), so it ends below easy
    # about once in ten thousand runs.
    monkeypatch.setattr("dominoes_tui.bots.search.HARD_THINK_MS", 5.0)
    code, _out, err = run(capsys, "simulate", "--variant", "draw", "--players", "2", "--bots", "hard,easy",
                          "--matches", "24", "--jobs", "1", "--record", "--db", db_url)
    assert code == 0 and "recorded 24 matches" in err
    code, out, _err = run(capsys, "stats", "--json", "--db", db_url)
    data = json.loads(out)
    assert code == 0 and data["matches"] == 24 and data["finished"] == 24
    names = [s["name"] for s in data["leaderboard"]]
    assert names == ["bot:hard", "bot:easy"]
    hard, easy = data["leaderboard"]
    assert hard["rating"] > easy["rating"] and hard["matches"] == easy["matches"] == 24
    # the same seed plays the same matches: recording its first three again adds nothing
    # (three, not all: each is looked up on its own, and the hard bot's moves cost CPU seconds)
    code, _out, err = run(capsys, "simulate", "--variant", "draw", "--players", "2", "--bots", "hard,easy",
                          "--matches", "3", "--jobs", "1", "--record", "--db", db_url)
    assert "recorded 0 matches" in err and "3 were already there" in err


def test_import_adds_logs_once_and_refuses_a_bad_one(db_url, tmp_path, capsys):
    logs = tmp_path / "three.jsonl"
    played = [play("allfives", 3, people("Ana", "Ben", "medium"), seed=s) for s in (1, 2, 3)]
    logs.write_text("".join(dumps(m.events) for m in played))
    code, out, _ = run(capsys, "stats", "--import", str(logs), "--db", db_url)
    assert code == 0 and "3 matches read: 3 added" in out
    code, out, _ = run(capsys, "stats", "--import", str(logs), "--db", db_url)
    assert "0 added, 3 already in the records" in out
    bad = tmp_path / "bad.jsonl"
    lines = dumps(played[0].events).splitlines()
    end = json.loads(lines[-1])
    end["scores"] = [s + 1 for s in end["scores"]]  # a final score the rules do not give
    lines[-1] = json.dumps(end)
    bad.write_text("\n".join(lines) + "\n")
    code, _, err = run(capsys, "stats", "--import", str(bad), "--db", db_url)
    assert code == 2 and f"line {len(lines)}" in err and "nothing was imported" in err
    code, _, err = run(capsys, "stats", "--import", str(tmp_path / "missing.jsonl"), "--db", db_url)
    assert code == 2 and "cannot read" in err


def test_player_page_text_csv_and_head_to_head(db_url, tmp_path, capsys):
    # recorded as the app records a match played here (an import from a file is never rated)
    with Records.open(db_url) as records:
        for s in (1, 2):
            records.record(summarize(play("draw", 2, people("Ana", "Ben"), seed=s)))
    code, out, _ = run(capsys, "stats", "--player", "ana", "--against", "Ben", "--db", db_url)
    assert code == 0 and out.startswith("Ana (person, known by a name at this keyboard)")
    assert "head to head with Ben" in out and "of 2" in out
    code, out, _ = run(capsys, "stats", "--csv", "--db", db_url)
    assert out.splitlines()[0] == "place,name,kind,rating,provisional,matches,wins,mu,sigma"
    assert len(out.splitlines()) == 3
    code, out, _ = run(capsys, "stats", "--player", "Ana", "--csv", "--db", db_url)
    assert out.splitlines()[0] == "name,variant,matches,wins,abandoned,rating,provisional"
    code, _, err = run(capsys, "stats", "--player", "Nobody", "--db", db_url)
    assert code == 1 and "nobody called 'Nobody'" in err


def test_names_with_escapes_are_printed_as_plain_text(db_url, capsys, tmp_path):
    with Records.open(db_url) as records:
        records.record(summarize(play("draw", 2, people("Ana\x1b[31m\x07", "easy"), seed=1)))
    code, out, _ = run(capsys, "stats", "--db", db_url)
    assert "\x1b" not in out and "\x07" not in out and "Ana[31m" in out


@pytest.mark.parametrize("argv", [["stats", "--variant", "chess"], ["stats", "--db", "mysql://x@y/z"]])
def test_bad_arguments_get_one_line(argv, capsys):
    code, _, err = run(capsys, *argv)
    assert code == 2 and err.startswith("dominoes stats:") and "Traceback" not in err
