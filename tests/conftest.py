"""Fixtures every test gets (no test reads or writes the real home folder of whoever runs it), and the
notice spy a test asks for."""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

# The program's data folder is $DOMINOES_TUI_HOME, else $XDG_DATA_HOME/dominoes_tui, else
# ~/.local/share/dominoes_tui; the libraries beneath it (asyncssh, textual) read ~ and the
# other XDG folders. All of them point into a fresh temporary folder for each test.
XDG_FOLDERS = {"XDG_DATA_HOME": ".local/share", "XDG_CONFIG_HOME": ".config",
               "XDG_CACHE_HOME": ".cache", "XDG_STATE_HOME": ".local/state"}


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """`-n auto` (the README's command): one worker more than the cores this process may
    use. A quarter of a worker's time goes to waiting (for its servers, sockets, worker
    processes and timers), and a third worker fills it: in a clean clone on 2 cores, the
    same commit took 339 s with two workers and 287 s with three."""
    import os

    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # no affinity on macOS
        cores = os.cpu_count() or 1
    return cores + 1


@pytest.fixture(autouse=True)
def dominoes_home(tmp_path: Path, tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The program's data folder for this test (not made yet: the program makes it, as on a
    first start); HOME and the XDG folders point at another fresh folder."""
    person = tmp_path_factory.mktemp("person-home")
    monkeypatch.setenv("HOME", str(person))
    for variable, folder in XDG_FOLDERS.items():
        monkeypatch.setenv(variable, str(person / folder))
    home = tmp_path / "dominoes-home"
    monkeypatch.setenv("DOMINOES_TUI_HOME", str(home))
    return home


@pytest.fixture(autouse=True)
def english(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every test starts in English whatever the locale of whoever runs it (a test
    that wants German says so), and leaves the language as it found it."""
    from dominoes_tui import i18n

    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    i18n.use("en")
    yield
    i18n.use("en")


@pytest.fixture(autouse=True)
def no_server_log_left() -> Iterator[None]:
    """A server command run in the test's own process (`main(["web", ...])`) sets up the
    log on the root logger (commands/logs.py), writing to the stderr of that test: taken
    down after it, else a later test's log line goes to a closed stream and logging prints
    its own error into that test's output."""
    import logging

    root = logging.getLogger()
    handlers, level = root.handlers[:], root.level
    yield
    from dominoes_tui.commands.logs import OneLine

    for handler in root.handlers[:]:
        if handler not in handlers and isinstance(handler.formatter, OneLine):
            root.removeHandler(handler)
            handler.close()
    root.setLevel(level)


@pytest.fixture
def notices(monkeypatch: pytest.MonkeyPatch) -> Iterator[object]:
    """A spy on the notices every app of this test shows (tests/ui/helpers.Notices)."""
    from textual.app import App

    from tests.ui.helpers import Notices

    spy = Notices()
    show = App.notify

    def notify(self: App[object], message: object, *args: object, **kw: object) -> None:
        spy.shown.append(str(message))
        show(self, message, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(App, "notify", notify)
    Notices.active = spy
    yield spy
    Notices.active = None
