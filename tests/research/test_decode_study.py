"""The decode study (bench/decode_study.py) races two readers of a client's line; the
race means something only while both read the same moves from the same lines."""
from __future__ import annotations

import json

import pytest

from bench import decode_study


def test_both_readers_read_the_same_moves(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    plain, typed = decode_study.plain(), decode_study.typed()
    plays = [line for line in decode_study.LINES if b'"play"' in line]
    assert plays and [typed(line) for line in plays] == [plain(line) for line in plays]
    monkeypatch.setattr("sys.argv", ["decode", "--messages", "60", "--runs", "1"])
    decode_study.main()
    out = json.loads(capsys.readouterr().out)
    assert out["messages"] == 60 and out["plain_per_s"] > 0 and out["typed_per_s"] > 0
