"""A server's log as a host reads it under nohup or systemd: one line per event, each
with an ISO 8601 time and its level; --log-level and --log-file; the browser server's
request log comes the same way, not drawn by Rich at 80 columns."""
from __future__ import annotations

import argparse
import logging
import os
import re
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from dominoes_tui.commands import logs

ISO_LINE = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d (INFO|WARNING|ERROR|DEBUG) [\w.-]+: ")


@pytest.fixture
def parsed() -> Iterator[argparse.ArgumentParser]:
    parser = argparse.ArgumentParser()
    logs.add_arguments(parser)
    level = logging.getLogger().level
    yield parser
    root = logging.getLogger()
    for handler in root.handlers[:]:
        if isinstance(handler.formatter, logs.OneLine):
            root.removeHandler(handler)
            handler.close()
    root.setLevel(level)


def test_a_log_file_gets_one_iso_dated_line_per_event_at_the_level_asked(parsed: argparse.ArgumentParser,
                                                                         tmp_path: Path) -> None:
    path = tmp_path / "host.log"
    assert logs.start(parsed.parse_args(["--log-file", str(path), "--log-level", "warning"])) is None
    net = logging.getLogger("dominoes_tui.net")
    net.info("table WZQB started")  # below the level asked: not written
    net.warning("a bot failed (%s)", "first line\nsecond line")
    try:
        raise ValueError("broken")
    except ValueError:
        net.exception("a table could not be kept")
    lines = path.read_text().splitlines()
    assert len(lines) == 2, lines  # the traceback stays on its event's line
    assert all(ISO_LINE.match(line) for line in lines), lines
    assert "first line\\nsecond line" in lines[0] and "WARNING dominoes_tui.net:" in lines[0]
    assert "Traceback" in lines[1] and "ValueError: broken" in lines[1]


def test_the_default_is_info_on_stderr(parsed: argparse.ArgumentParser, capsys: pytest.CaptureFixture[str]) -> None:
    assert logs.start(parsed.parse_args([])) is None
    logging.getLogger("dominoes_tui.net").info("table WZQB started")
    logging.getLogger("dominoes_tui.net").debug("not shown")
    (line,) = capsys.readouterr().err.splitlines()
    assert ISO_LINE.match(line) and line.endswith("INFO dominoes_tui.net: table WZQB started")


def test_a_log_file_that_cannot_be_written_is_one_line(parsed: argparse.ArgumentParser, tmp_path: Path) -> None:
    wrong = logs.start(parsed.parse_args(["--log-file", str(tmp_path / "no" / "such" / "folder" / "host.log")]))
    assert wrong is not None and "cannot write" in wrong and "\n" not in wrong


@pytest.mark.parametrize("command", ["host", "ssh", "web"])
def test_every_server_takes_the_log_options(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    from dominoes_tui.cli import main

    with pytest.raises(SystemExit):
        main([command, "--help"])
    out = capsys.readouterr().out
    assert "--log-level" in out and "--log-file" in out


def test_the_browser_servers_request_log_is_one_iso_line_a_request() -> None:
    """textual-serve's own log drew aiohttp's request lines with Rich, wrapped at 80 columns."""
    pytest.importorskip("textual_serve")
    port = 47531  # this helper's range; nothing is served on the table server's address
    env = {**os.environ, "COLUMNS": "80"}
    web = subprocess.Popen([sys.executable, "-m", "dominoes_tui", "web", "--port", str(port), "--server", "127.0.0.1:9"],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        assert web.stdout is not None
        assert web.stdout.readline().startswith("dominoes web:")
        for _ in range(50):
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/?from=a-test-with-a-long-query-" + "x" * 60,
                                            timeout=5) as page:
                    assert page.status == 200
                break
            except OSError:
                time.sleep(0.1)
    finally:
        web.terminate()
        _out, err = web.communicate(timeout=20)
    requests = [line for line in err.splitlines() if "aiohttp.access" in line]
    assert len(requests) == 1, err
    assert ISO_LINE.match(requests[0]) and '"GET /?from=a-test' in requests[0]
    assert not [line for line in err.splitlines() if line and not ISO_LINE.match(line)], err  # nothing wrapped
