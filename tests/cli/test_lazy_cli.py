"""Instant commands: `dominoes --help` imports no subcommand, and each subcommand only
what it needs (asyncio, ssl, multiprocessing and the UI stay out of `bot` and `--help`)."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from dominoes_tui import cli

HEAVY = ("asyncio", "ssl", "multiprocessing", "textual", "rich", "concurrent")


def imported_after(*args: str, stdin: str = "") -> set[str]:
    code = (
        "import sys; from dominoes_tui.cli import main\n"
        "try:\n    main(sys.argv[1:])\nexcept SystemExit:\n    pass\n"
        "import json; print(json.dumps(sorted(sys.modules)), file=sys.stderr)\n"
    )
    done = subprocess.run([sys.executable, "-c", code, *args], input=stdin, capture_output=True, text=True, timeout=60)
    return set(json.loads(done.stderr.strip().splitlines()[-1]))


def test_help_lists_every_command_and_imports_none() -> None:
    done = subprocess.run([sys.executable, "-m", "dominoes_tui", "--help"], capture_output=True, text=True, timeout=60)
    for name in cli.SUBCOMMANDS:
        assert name in done.stdout
    modules = imported_after("--help")
    assert not [m for m in modules if m.startswith("dominoes_tui.commands.")]
    assert not [m for m in modules if m.split(".")[0] in HEAVY]


def test_bot_loads_only_what_it_needs() -> None:
    modules = imported_after("bot", "--level", "easy", stdin='{"type": "hello"}\n{"type": "bye"}\n')
    assert "dominoes_tui.commands.bot" in modules
    assert not [m for m in modules if m.startswith("dominoes_tui.commands.") and m != "dominoes_tui.commands.bot"]
    assert not [m for m in modules if m.split(".")[0] in HEAVY], sorted(m for m in modules if m.split(".")[0] in HEAVY)


def test_a_subcommands_help_imports_only_that_subcommand() -> None:
    modules = imported_after("simulate", "--help")
    commands = {m for m in modules if m.startswith("dominoes_tui.commands.")}
    assert commands <= {"dominoes_tui.commands.simulate", "dominoes_tui.commands.simulate_run"}
    assert "textual" not in modules


def test_a_registered_command_missing_from_the_installation_is_one_clear_line(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(cli.SUBCOMMANDS, "tournament", ("no_such_module_here", "run a tournament"))
    assert cli.main(["tournament"]) == 2
    assert "the tournament command is not part of this installation" in capsys.readouterr().err


def test_adding_a_command_is_one_registration(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(cli.SUBCOMMANDS, "echo", ("bot", "answer the bot protocol under another name"))
    with pytest.raises(SystemExit) as stopped:
        cli.main(["echo", "--help"])
    assert stopped.value.code == 0
    out = capsys.readouterr().out
    assert "answer the bot protocol under another name" in out and "--think-ms" in out
    assert "echo" in cli.build_parser().format_help()
