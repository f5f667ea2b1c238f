"""At most N hosted analyses at once across a server's sessions (net/gateways/analysis_slots.py):
a slot held is held against every other process, a killed holder frees it, the servers
hand their sessions the slots, and where slots cannot be kept the analysis runs anyway."""
from __future__ import annotations

import errno
import logging
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from dominoes_tui.net.gateways import analysis_slots
from dominoes_tui.net.gateways.analysis_slots import ENV, FOLDER, Slots, from_env, server_env

pytestmark = pytest.mark.each_python  # .ci/run runs these on every Python it finds

HOLDER = textwrap.dedent("""
    import sys, time
    from pathlib import Path
    from dominoes_tui.net.gateways.analysis_slots import Slots
    slot = Slots(Path(sys.argv[1]), int(sys.argv[2])).take()
    print("held" if slot is not None else "none", flush=True)
    time.sleep(60)
""")


def holder(folder: Path, count: int) -> subprocess.Popen[str]:
    """Another session's process holding a slot (it says so first)."""
    proc = subprocess.Popen([sys.executable, "-c", HOLDER, str(folder), str(count)], stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None and proc.stdout.readline().strip() == "held"
    return proc


def test_a_slot_is_held_against_every_other_descriptor(tmp_path: Path) -> None:
    slots = Slots(tmp_path, 2)
    first, second = slots.take(), slots.take()
    assert first is not None and second is not None and {first.index, second.index} == {0, 1}
    assert slots.take() is None  # both held: a third waits
    first.release()
    first.release()  # again: harmless
    again = slots.take()
    assert again is not None and again.index == first.index
    again.release()
    second.release()


def test_another_process_holds_its_slot_until_it_is_killed(tmp_path: Path) -> None:
    proc = holder(tmp_path, 1)
    try:
        assert Slots(tmp_path, 1).take() is None  # the other session's, not ours to take
        proc.send_signal(signal.SIGKILL)  # a session killed mid-analysis: no exit handler runs
        proc.wait(5)
        slot = Slots(tmp_path, 1).take()
        assert slot is not None, "the killed holder's slot stayed held"
        slot.release()
    finally:
        proc.kill()
        proc.wait()


def test_waiting_takes_the_slot_once_it_frees_and_a_cancel_stops_it(tmp_path: Path) -> None:
    slots = Slots(tmp_path, 1)
    held = slots.take()
    assert held is not None
    told: list[int] = []
    got: list[object] = []
    waiter = threading.Thread(target=lambda: got.append(slots.wait(threading.Event(), lambda: told.append(1), every=0.02)))
    waiter.start()
    time.sleep(0.2)
    assert told == [1] and not got  # said once, still waiting
    held.release()
    waiter.join(5)
    slot = got[0]
    assert isinstance(slot, analysis_slots.Slot) and slot.fd is not None
    cancel = threading.Event()
    cancel.set()
    assert slots.wait(cancel, lambda: None, every=0.02) is None
    slot.release()


def test_where_slots_cannot_be_kept_the_analysis_runs_without_one(tmp_path: Path, monkeypatch, caplog) -> None:
    caplog.set_level(logging.WARNING, "dominoes_tui.net")
    a_file = tmp_path / "file"
    a_file.write_text("")
    assert server_env(a_file / FOLDER, 2) == {}  # the server then gives its sessions no count
    assert "cannot be kept" in caplog.text
    passed = Slots(a_file, 2).wait(threading.Event(), lambda: None)
    assert passed is not None and passed.fd is None  # a pass that holds nothing
    passed.release()

    def no_flock(fd: int, how: int) -> None:
        raise OSError(errno.ENOLCK, "No locks available")

    monkeypatch.setattr(analysis_slots.fcntl, "flock", no_flock)
    caplog.clear()
    passed = Slots(tmp_path, 2).wait(threading.Event(), lambda: None)
    assert passed is not None and passed.fd is None and "cannot be used" in caplog.text


def test_the_variable_is_read_or_set_aside(tmp_path: Path) -> None:
    slots = from_env({ENV: f"3:{tmp_path}"})
    assert slots is not None and (slots.count, slots.folder) == (3, tmp_path)
    for bad in ("", "x:/tmp", "0:/tmp", "2:relative", "2"):
        assert from_env({ENV: bad}) is None
    assert from_env({}) is None


async def test_the_gateway_tells_each_session_where_its_slots_are(tmp_path: Path) -> None:
    pytest.importorskip("asyncssh")
    from dominoes_tui.net.gateways.ssh_gateway import GameSession, Gateway

    gateway = Gateway("127.0.0.1:1", tmp_path / "ssh", analyses_at_once=3)
    await gateway.start("127.0.0.1", 0)
    try:
        env = GameSession(gateway, None, "192.0.2.1").environment(tmp_path / "guest", owner=False)
    finally:
        await gateway.close()
    slots = from_env(env)
    assert slots is not None and (slots.count, slots.folder) == (3, tmp_path / "ssh" / FOLDER)
    assert slots.folder.is_dir() and (slots.folder.stat().st_mode & 0o077) == 0  # the gateway's own


def test_the_browser_server_tells_each_tab_where_its_slots_are(tmp_path: Path, monkeypatch) -> None:
    pytest.importorskip("textual_serve")
    from dominoes_tui.net.gateways import web

    monkeypatch.setenv(ENV, "9:/somewhere/else")  # in the web server's own environment: not the tabs'
    server = web.make_web_server("127.0.0.1:1", "127.0.0.1", 0, slots_folder=tmp_path / FOLDER, analyses_at_once=4)
    service = web.VouchingAppService("true", write_bytes=None, write_str=None, close=None, download_manager=None)
    vouch, slots = web._TAB_VOUCH.set(""), web._TAB_SLOTS.set(server.slots)  # as its guard sets them for a tab
    try:
        env = service._build_environment()
    finally:
        web._TAB_SLOTS.reset(slots)
        web._TAB_VOUCH.reset(vouch)
    assert env[ENV] == f"4:{tmp_path / FOLDER}"
    board = web.make_web_server("127.0.0.1:1", "127.0.0.1", 0, board=True, slots_folder=tmp_path / FOLDER)
    assert board.slots == {}  # the board analyses nothing


@pytest.mark.parametrize("command", ["ssh", "web"])
def test_the_option_is_there_and_checked(command: str, capsys) -> None:
    from dominoes_tui.cli import main

    assert main([command, "--analyses-at-once", "0"]) == 2
    assert "--analyses-at-once is 1 or more" in capsys.readouterr().err
