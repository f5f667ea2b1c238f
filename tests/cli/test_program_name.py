"""Messages name the command that works from the shell that ran it, not a `dominoes`
that is not on PATH after the README's install line."""
from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

from dominoes_tui.program import program


def fake_script(folder: Path) -> Path:
    script = folder / ".venv" / "bin" / "dominoes"
    script.parent.mkdir(parents=True)
    script.write_text("#!/bin/sh\n")
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return script


def test_a_venv_command_off_path_is_named_by_its_path(tmp_path, monkeypatch) -> None:
    script = fake_script(tmp_path)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PATH", "/usr/bin:/bin")
    assert program(str(script)) == ".venv/bin/dominoes"
    assert program(".venv/bin/dominoes") == ".venv/bin/dominoes"


def test_the_command_on_path_is_named_dominoes(tmp_path, monkeypatch) -> None:
    script = fake_script(tmp_path)
    monkeypatch.setenv("PATH", f"{script.parent}{os.pathsep}/usr/bin")
    assert program(str(script)) == "dominoes"
    assert program("dominoes") == "dominoes"


def test_python_dash_m_is_named_as_such() -> None:
    import dominoes_tui

    path = str(Path(dominoes_tui.__file__).with_name("__main__.py"))  # importing it would run it
    assert program(path).endswith("-m dominoes_tui")


def test_the_quit_message_names_the_venv_command(tmp_path) -> None:
    """The line printed after ctrl+q, from a process started as the README starts it."""
    code = (
        "import sys; sys.argv[0] = sys.argv[1];"
        "from dominoes_tui.program import command; print(command('play'))"
    )
    script = fake_script(tmp_path)
    out = subprocess.run([sys.executable, "-c", code, str(script)], cwd=tmp_path, capture_output=True, text=True,
                         env={**os.environ, "PATH": "/usr/bin:/bin"}, check=True).stdout.strip()
    assert out == ".venv/bin/dominoes play"


def test_the_farewell_after_ctrl_q_gives_the_command_that_works(tmp_path, monkeypatch) -> None:
    from dominoes_tui.commands.play import farewell
    from dominoes_tui.table.local import LocalTable
    from dominoes_tui.ui.choices import MatchSettings, check, parse_seats

    script = fake_script(tmp_path)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PATH", "/usr/bin:/bin")
    monkeypatch.setattr(sys, "argv", [str(script), "play"])
    settings = MatchSettings("draw", 2, parse_seats("Ana", 2), seed=1)
    table = LocalTable.new(check(settings), settings.seats, seed=1, save_to=tmp_path / "current-match.jsonl")
    line = farewell(table)
    assert line is not None and "`.venv/bin/dominoes play`" in line
