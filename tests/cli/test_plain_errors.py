"""Bad input on the command line: one plain line, never a traceback or a raw errno."""
from __future__ import annotations


def test_a_missing_log_is_one_plain_line(tmp_path, capsys) -> None:
    from dominoes_tui.cli import main

    assert main(["replay", "--check", str(tmp_path / "missing.jsonl")]) == 2
    err = capsys.readouterr().err
    assert err.strip() == f"dominoes replay: cannot read {tmp_path / 'missing.jsonl'}: no such file or folder"
