"""A command that needs an optional extra says the line that adds it to this installation
(pipx's venv: `pipx inject`; any other: this interpreter's pip), never a clone's line
to a pipx user; `dominoes docs` reads the documents the help cites from any install."""
from __future__ import annotations

import shlex
import sys
from pathlib import Path

import pytest

from dominoes_tui import install
from dominoes_tui.cli import main
from dominoes_tui.program import short_path


def test_under_pipx_the_extra_is_injected_into_its_venv(tmp_path: Path) -> None:
    venv = tmp_path / "pipx" / "venvs" / "dominoes-tui"
    venv.mkdir(parents=True)
    (venv / "pipx_metadata.json").write_text("{}")
    line = install.add_extra("web", prefix=str(venv))
    assert line.startswith("pipx inject dominoes-tui ")
    wanted = install.requirements("web")  # as the installed metadata writes them
    assert {w.split(">")[0].split("<")[0] for w in wanted} == {"textual-serve", "aiohttp"}
    assert line == "pipx inject dominoes-tui " + " ".join(shlex.quote(w) for w in wanted)


def test_in_a_venv_or_a_clone_this_interpreters_pip_adds_the_requirements(tmp_path: Path) -> None:
    line = install.add_extra("ssh", prefix=str(tmp_path))
    assert line == f"{shlex.quote(short_path(sys.executable))} -m pip install 'asyncssh>=2.14'"  # this interpreter's
    assert install.requirements("postgres") == ["psycopg[binary]>=3.1"]


@pytest.mark.parametrize(("command", "missing"), [("web", "dominoes_tui.net.gateways.web"),
                                                   ("ssh", "dominoes_tui.net.gateways.ssh_gateway")])
def test_a_missing_extra_is_told_with_the_line_for_this_installation(command: str, missing: str,
                                                                      monkeypatch: pytest.MonkeyPatch,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, missing, None)  # as if the extra were not installed: importing it fails
    assert main([command]) == 2
    err = capsys.readouterr().err
    assert "in the clone" not in err and ".venv/bin/pip install '.[" not in err
    assert install.add_extra(command) in err


def test_docs_lists_the_topics_and_prints_one_into_a_pipe(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["docs"]) == 0
    listed = capsys.readouterr().out
    assert all(topic in listed for topic in ("rules", "log", "bots", "protocol", "analysis"))
    assert main(["docs", "rules"]) == 0
    assert "**COM-4" in capsys.readouterr().out
    assert main(["docs", "bots", "--path"]) == 0
    assert Path(capsys.readouterr().out.strip()).match("docs/BOT_PROTOCOL.md")


def test_the_help_cites_no_file_a_wheel_lacks(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["--help"], ["play", "--help"], ["host", "--help"], ["bot", "--help"]):
        with pytest.raises(SystemExit):
            main(argv)
        assert "docs/" not in capsys.readouterr().out, argv
