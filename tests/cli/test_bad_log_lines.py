"""A game log line that cannot be decoded, or a seat that is not a seat, is one line of
error wherever a log is read: `replay --check`, `analyze` and `stats --import` (the
replay viewer opens only a log that `replay` checked). A null seat once passed the
check (the engine read it as "whoever acts") and then crashed `analyze` and the viewer."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from dominoes_tui.cli import main
from dominoes_tui.engine import dumps
from tests.cli.helpers import events, with_first_play

COMMANDS = {
    "replay": lambda log, tmp: ["replay", "--check", str(log)],
    "analyze": lambda log, tmp: ["analyze", str(log), "--guesses", "2", "--jobs", "1"],
    "import": lambda log, tmp: ["stats", "--import", str(log), "--db", f"sqlite:///{tmp / 'r.sqlite'}"],
}


BAD_LOGS = {
    "4300-digits": lambda: dumps(events()).replace('"target": ', '"big": ' + "9" * 5000 + ', "target": ', 1),
    "nan": lambda: with_first_play(lambda p: p.update(points=float("nan"))),
    "1e999": lambda: dumps(events()).replace('"target": ', '"big": 1e999, "target": ', 1),
    "seat-null": lambda: with_first_play(lambda p: p.update(seat=None)),
    "seat-true": lambda: with_first_play(lambda p: p.update(seat=True if p["seat"] == 1 else False)),
    "seat-float": lambda: with_first_play(lambda p: p.update(seat=float(p["seat"]))),
    "seat-string": lambda: with_first_play(lambda p: p.update(seat=str(p["seat"]))),
    "seat-negative": lambda: with_first_play(lambda p: p.update(seat=-1)),
    "seat-too-big": lambda: with_first_play(lambda p: p.update(seat=10**30)),
}


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("bad", BAD_LOGS)
def test_a_bad_line_is_one_line_of_error(tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str,
                                         bad: str) -> None:
    log = tmp_path / "bad.jsonl"
    log.write_text(BAD_LOGS[bad]())
    assert main(COMMANDS[command](log, tmp_path)) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    assert "line " in err


def test_a_good_log_still_reads(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "good.jsonl"
    log.write_text(dumps(events()))
    assert main(["replay", "--check", str(log)]) == 0
    assert json.loads(log.read_text().splitlines()[1])["event"] == "round_start"
