"""`dominoes puzzles` as a user runs it: export's JSON, import of good and forged files,
a broken file of one's own kept aside, Ctrl-C keeping what --generate found."""
from __future__ import annotations

import gzip
import json
import re
import sys
from pathlib import Path

import pytest

from dominoes_tui.cli import main
from dominoes_tui.training.puzzle import Puzzle
from dominoes_tui.training.store import STARTER, read_puzzles, write_puzzles
from dominoes_tui.ui.screens.puzzles.puzzle_files import starter_puzzles
from tests.ctrl_c import interrupted_when

FIELDS = ["id", "variant", "players", "options", "theme", "seat", "log", "answer", "solved", "rating"]


@pytest.fixture(scope="module")
def starter() -> tuple[Puzzle, ...]:
    """The starter set as the program has it (checked once a run: each read replays every
    puzzle's log); a Puzzle cannot be changed."""
    return tuple(starter_puzzles())


def test_export_json_has_the_issue_shape(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["puzzles", "export", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert list(data) == ["puzzles"] and data["puzzles"]
    for p in data["puzzles"]:
        assert list(p) == FIELDS
        assert isinstance(p["solved"], bool) and p["log"][0]["event"] == "match_start"
        assert all(isinstance(a, str) for a in p["answer"])


def test_the_summary_counts_the_variants_named(capsys: pytest.CaptureFixture[str]) -> None:
    every = json.loads(gzip.decompress(STARTER.read_bytes()))["puzzles"]  # counted without the checks: quicker
    assert main(["puzzles", "--variant", "block", "--variant", "allfives"]) == 0
    out = capsys.readouterr().out
    wanted = sum(p["variant"] in ("block", "allfives") for p in every)
    assert out.splitlines()[0] == f"{wanted} puzzles" and "Block" in out and "All Fives" in out
    assert "Draw" not in out and "Partner" not in out


def test_import_adds_checked_puzzles_once(tmp_path: Path, dominoes_home: Path, starter: tuple[Puzzle, ...],
                                          capsys: pytest.CaptureFixture[str]) -> None:
    some = list(starter[:2])
    write_puzzles(tmp_path / "mine.json", some)
    assert main(["puzzles", "import", str(tmp_path / "mine.json")]) == 0
    assert "2 new puzzles imported" in capsys.readouterr().out
    assert main(["puzzles", "import", str(tmp_path / "mine.json")]) == 0
    assert "0 new puzzles imported" in capsys.readouterr().out
    assert [p.id for p in read_puzzles(dominoes_home / "puzzles.json")] == [p.id for p in some]


def test_a_forged_file_is_refused_with_one_line_and_nothing_is_kept(
        tmp_path: Path, dominoes_home: Path, starter: tuple[Puzzle, ...], capsys: pytest.CaptureFixture[str]) -> None:
    real = starter[0].to_json()
    real["answer"] = ["6-6 up"]
    (tmp_path / "forged.json").write_text(json.dumps({"puzzles": [real]}))
    assert main(["puzzles", "import", str(tmp_path / "forged.json")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "was not imported: puzzle 1:" in err and "Traceback" not in err
    assert not (dominoes_home / "puzzles.json").exists()
    assert main(["puzzles", "import", str(tmp_path / "missing.json")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_a_broken_file_of_ones_own_is_kept_aside_not_written_over(
        tmp_path: Path, dominoes_home: Path, starter: tuple[Puzzle, ...], capsys: pytest.CaptureFixture[str]) -> None:
    dominoes_home.mkdir(parents=True)
    (dominoes_home / "puzzles.json").write_text('{"puzzles": [')
    write_puzzles(tmp_path / "mine.json", starter[:1])
    assert main(["puzzles", "import", str(tmp_path / "mine.json")]) == 0
    assert "could not be read" in capsys.readouterr().err
    aside = list(dominoes_home.glob("puzzles.unreadable-*.json"))
    assert len(aside) == 1 and aside[0].read_text() == '{"puzzles": ['
    assert len(read_puzzles(dominoes_home / "puzzles.json")) == 1


def test_ctrl_c_keeps_the_puzzles_found(tmp_path: Path) -> None:
    out_file = tmp_path / "found.json"
    argv = [sys.executable, "-m", "dominoes_tui", "puzzles", "--generate", "200", "--variant", "duel", "--jobs", "1",
            "--out", str(out_file)]
    proc, out, err = interrupted_when(argv, "found in", cwd=Path(__file__).resolve().parents[2])
    assert proc.returncode == 130, err
    assert "stopped (Ctrl-C)" in err and "Traceback" not in err, err
    kept = read_puzzles(out_file)  # written even when none was found yet
    said = re.search(r"the (\d+) puzzles? found (is|are) kept in", err)
    assert said and len(kept) == int(said.group(1))  # every puzzle it had found is kept
    assert all(p.variant == "duel" for p in kept)


def test_the_records_analysed_matches_are_read_with_their_marked_moves(tmp_path: Path) -> None:
    from datetime import UTC, datetime

    from dominoes_tui.bots import make_bot
    from dominoes_tui.bots.arena import result_of
    from dominoes_tui.bots.runner import play_match
    from dominoes_tui.commands.puzzles_sources import from_records
    from dominoes_tui.engine import make_config
    from dominoes_tui.engine.seeds import seeded
    from dominoes_tui.records import Records
    from dominoes_tui.records.analyses import keep_analysis
    from dominoes_tui.records.importing import summaries_from_log

    bots = [make_bot("easy", seeded(9, s), f"easy {s}") for s in range(2)]
    log = result_of(play_match(make_config("duel", 2), bots, 9), True).log or ""
    url = f"sqlite:///{tmp_path / 'records.sqlite'}"
    with Records.open(url) as records:
        summaries = summaries_from_log(log, datetime.now(UTC))
        records.record_many(summaries)
        moves = [{"ply": 7, "verdict": "blunder"}, {"ply": 3, "verdict": "good"}, {"ply": "x", "verdict": "mistake"}]
        assert keep_analysis(records, summaries[0].key, {"match": 1, "seats": [], "moves": moves}, 10)
    found = from_records(url)
    assert len(found) == 1 and found[0].marked == (7,)
    assert found[0].lines[0][1]["variant"] == "duel"



def test_a_log_that_breaks_the_rules_is_refused_before_any_search(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "bad.jsonl").write_text('{"event": "match_start"}\n')
    assert main(["puzzles", "--generate", "3", "--from", str(tmp_path / "bad.jsonl"), "--jobs", "1"]) == 2
    err = capsys.readouterr().err
    assert "is not a valid game log: line 1" in err and err.count("\n") == 1


class _Terminal:
    """stdin and stdout as a terminal's: `dominoes puzzles` then opens the trainer."""

    def isatty(self) -> bool:
        return True

    def write(self, text: str) -> int:
        return len(text)

    def flush(self) -> None:
        pass


def test_in_a_terminal_it_opens_the_trainer_and_count_prints_the_counts(
        monkeypatch: pytest.MonkeyPatch, starter: tuple[Puzzle, ...], capsys: pytest.CaptureFixture[str]) -> None:
    from dominoes_tui.ui import records_app

    opened: list[tuple[int, str | None]] = []
    monkeypatch.setattr(records_app.PuzzlesApp, "run",
                        lambda self: opened.append((len(self.puzzles or []), self.variant)))
    monkeypatch.setattr(sys, "stdin", _Terminal())
    monkeypatch.setattr(sys, "stdout", _Terminal())
    assert main(["puzzles", "--variant", "kozel"]) == 0
    assert opened == [(len(starter), "kozel")]
    monkeypatch.undo()
    assert main(["puzzles", "--count"]) == 0
    assert re.match(r"\d+ puzzles\n", capsys.readouterr().out)
    assert len(opened) == 1
