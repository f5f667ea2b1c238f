"""Each hosted client's own language: an SSH session gets the client's LANG (OpenSSH's
`SendEnv LANG`), checked; `dominoes web --lang de` gives every tab's command `--lang de`."""
from __future__ import annotations

import pytest

from dominoes_tui.net.gateways.ssh_lang import FALLBACK, client_env, session_locale


@pytest.mark.parametrize(("sent", "expected"), [
    ({"LANG": "de_DE.UTF-8"}, "de_DE.UTF-8"),
    ({"LANG": "en_GB.UTF-8"}, "en_GB.UTF-8"),
    ({"LC_ALL": "de_AT.utf8", "LANG": "en_US.UTF-8"}, "de_AT.utf8"),  # gettext's order: LC_ALL before LANG
    ({"LANGUAGE": "de", "LC_ALL": "en_US.UTF-8"}, "de"),
    ({"LC_MESSAGES": "sr_RS@latin"}, "sr_RS@latin"),
    ({"LANGUAGE": "de:en", "LANG": "de_CH.UTF-8"}, "de_CH.UTF-8"),  # a list is not a locale name: the next one
])
def test_the_clients_language_is_passed_on(sent: dict[str, str], expected: str) -> None:
    env = session_locale(sent)
    assert env["LANG"] == expected
    assert "LC_ALL" not in env  # it would decide over the language chosen here
    assert env["LC_CTYPE"] == "C.UTF-8"  # the terminal stays UTF-8 whatever the language


@pytest.mark.parametrize("sent", [
    {}, None, {"LANG": ""}, {"LANG": "de_DE.UTF-8; rm -rf /"}, {"LANG": "$(reboot)"}, {"LANG": "de\x1b[31m"},
    {"LANG": "a" * 41}, {"LANG": "de DE"}, {"LANG": "../../etc/passwd"}, {"LANG": "de\nLC_ALL=C"},
    {"TERM": "de_DE.UTF-8", "LD_PRELOAD": "/tmp/evil.so", "PYTHONPATH": "/tmp"},  # never taken, whatever they hold
    {"LANG": 5},
])
def test_anything_else_is_the_old_c_utf8(sent) -> None:
    assert session_locale(sent) == FALLBACK == {"LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"}


def test_a_channel_without_an_environment_is_an_empty_one() -> None:
    class Channel:
        def get_environment(self) -> dict[str, str]:
            raise RuntimeError("not started")

    assert client_env(Channel()) == {}
    assert client_env(None) == {}


def test_the_gateway_runs_each_session_with_the_clients_language(monkeypatch, tmp_path) -> None:
    """The session's process gets the LANG its client sent (SessionStarted is not needed:
    the environment is read where the process is started)."""
    pytest.importorskip("asyncssh")
    import asyncio

    from dominoes_tui.net.gateways import ssh_gateway
    from dominoes_tui.net.gateways.ssh_gateway import GameSession, Gateway

    started: list[dict[str, str]] = []

    async def fake_exec(*cmd, env, **kw):
        started.append(env)
        raise OSError("not really")

    monkeypatch.setattr(ssh_gateway.asyncio, "create_subprocess_exec", fake_exec)

    class Channel:
        def get_environment(self) -> dict[str, str]:
            return {"LANG": "de_DE.UTF-8", "LD_PRELOAD": "/tmp/evil.so"}

        def get_extra_info(self, name: str, default=None):
            return {"username": "Ana", "sockname": ("127.0.0.1", 2222)}.get(name, default)

        def write(self, data) -> None: ...
        def exit(self, status: int) -> None: ...
        def close(self) -> None: ...

    gateway = Gateway("127.0.0.1:1", tmp_path / "ssh")
    session = GameSession(gateway)
    session.connection_made(Channel())  # type: ignore[arg-type]
    asyncio.run(session._run())
    assert started and started[0]["LANG"] == "de_DE.UTF-8" and "LC_ALL" not in started[0]
    assert "LD_PRELOAD" not in started[0]


def test_web_lang_reaches_every_tabs_command(monkeypatch) -> None:
    pytest.importorskip("textual_serve")
    from dominoes_tui.cli import main
    from dominoes_tui.net.gateways import web

    assert web.join_command("127.0.0.1:7788", "Ana", python="/p", lang="de").endswith(
        " join 127.0.0.1:7788 --name Ana --forget-tokens --lang de")
    assert web.board_command("127.0.0.1:7788", python="/p", lang="en").endswith(" board 127.0.0.1:7788 --lang en")
    assert "--lang" not in web.join_command("127.0.0.1:7788", "Ana", python="/p")
    for bad in ("de; rm -rf /", "xx", "--help", ""):
        with pytest.raises(ValueError):
            web.join_command("127.0.0.1:7788", "Ana", lang=bad)
    served: list[str] = []
    monkeypatch.setattr(web.GuardedWebServer, "serve", lambda self, *a, **k: served.append(self.command))
    assert main(["web", "--lang", "de", "--port", "7901"]) == 0
    assert main(["web", "--board", "--lang", "en", "--port", "7902"]) == 0
    assert served[0].endswith("--forget-tokens --lang de") and served[1].endswith(" board 127.0.0.1:7788 --lang en")
    with pytest.raises(SystemExit) as refused:  # argparse refuses it before anything starts
        main(["web", "--lang", "xx", "--port", "7903"])
    assert refused.value.code == 2 and len(served) == 2
