"""`dominoes completion bash|zsh|fish`: a script that completes every command and every
option; sourced in a real bash, `dominoes ho` + Tab becomes `dominoes host`."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from dominoes_tui.cli import SUBCOMMANDS, main
from dominoes_tui.commands.completion import SHELLS, script

pytestmark = pytest.mark.each_python  # argparse's insides, which shtab reads, change between Pythons

# Completes the words after `dominoes` as bash would at Tab, and prints what it offers.
DRIVE = """
source "$1"; shift
fn=$(complete -p dominoes | sed -E 's/.*-F ([^ ]+).*/\\1/')
COMP_WORDS=(dominoes "$@"); COMP_CWORD=$#; COMP_LINE="dominoes $*"; COMP_POINT=${#COMP_LINE}
"$fn" dominoes "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
printf '%s\\n' "${COMPREPLY[@]}"
"""


def offered(tmp_path: Path, *words: str) -> list[str]:
    completion = tmp_path / "dominoes.bash"
    completion.write_text(script("bash"))
    drive = tmp_path / "drive.sh"
    drive.write_text(DRIVE)
    done = subprocess.run(["bash", "--norc", "--noprofile", str(drive), str(completion), *words],
                          capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


@pytest.mark.skipif(shutil.which("bash") is None, reason="no bash here")
def test_bash_completes_a_command_an_option_and_a_choice(tmp_path: Path) -> None:
    assert offered(tmp_path, "ho") == ["host"]
    assert offered(tmp_path, "host", "--max-c") == ["--max-conns"]
    assert offered(tmp_path, "docs", "ru") == ["rules"]
    assert offered(tmp_path, "play", "--lang", "d") == ["de"]


@pytest.mark.parametrize("shell", SHELLS)
def test_every_shells_script_names_every_command(shell: str) -> None:
    text = script(shell)
    missing = [name for name in SUBCOMMANDS if name not in text]
    assert not missing
    assert "--max-conns" in text and "--analyses-at-once" in text  # the options of commands not run


def test_the_command_prints_the_script(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["completion", "bash"]) == 0
    assert "_shtab_dominoes" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["completion", "tcsh"])
