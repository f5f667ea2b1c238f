"""What `dominoes host` prints about the organizer secret must be a command that works on
this machine: `dominoes join --organizer` alone reads the default server's folder on the
default port, so a host on another port or folder (or keeping nothing on disk) must say
what to run instead."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def host_banner(tmp: Path, *args: str) -> str:
    """Start `dominoes host` on a free port, read its banner up to the secret's line, stop it."""
    env = {**os.environ, "DOMINOES_TUI_HOME": str(tmp / "home")}
    proc = subprocess.Popen([sys.executable, "-P", "-m", "dominoes_tui", "host", "--port", "0", *args],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    lines = []
    try:
        assert proc.stdout is not None
        for line in proc.stdout:  # the banner is printed at once, flushed; EOF if the host died
            lines.append(line)
            if "organizer secret" in line:
                break
    finally:
        proc.terminate()
        proc.wait(30)
    return "".join(lines)


def port_of(banner: str) -> str:
    return banner.split("serving on ", 1)[1].split()[0]


def test_a_host_on_another_port_names_it_in_the_organizer_command(tmp_path: Path) -> None:
    banner = host_banner(tmp_path)
    assert f"`dominoes join {port_of(banner)} --organizer` reads it itself" in banner, banner


def test_a_host_with_its_own_folder_names_the_secret_file(tmp_path: Path) -> None:
    data = tmp_path / "club"
    banner = host_banner(tmp_path, "--data-dir", str(data))
    secret = data / "organizer-secret"
    assert f"`dominoes join {port_of(banner)} --organizer {secret}`" in banner, banner
    assert banner.split("organizer secret: ")[1].split()[0] == secret.read_text().strip()


def test_a_host_that_keeps_nothing_says_the_secret_must_go_in_a_file(tmp_path: Path) -> None:
    banner = host_banner(tmp_path, "--no-save")
    assert "reads it itself" not in banner, banner
    assert f"`dominoes join {port_of(banner)} --organizer FILE`" in banner, banner
