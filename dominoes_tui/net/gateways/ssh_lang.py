"""The language of an SSH session's game: the client's own, when it sends one.

OpenSSH sends the client's locale with `SendEnv LANG LC_*` (Debian's and Ubuntu's
ssh_config do so by default); asyncssh keeps what the client sent for the session.
Only the four variables gettext reads are taken, in its order (LANGUAGE, LC_ALL,
LC_MESSAGES, LANG), and only a short value of letters, digits and `_ . - @`
(`de_DE.UTF-8`, `de`, `sr_RS@latin`): anything else a client sends is ignored, and a
session with nothing usable speaks as before (C.UTF-8: English). The terminal's
character set stays UTF-8 whatever the language (LC_CTYPE): the game draws with it.
"""
from __future__ import annotations

import re
from collections.abc import Mapping

from ...i18n import ENVIRONMENT, _, from_environment, speaking

FALLBACK = {"LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"}
_SANE = re.compile(r"[A-Za-z0-9_.@-]{1,40}")


def sane(value: object) -> bool:
    """A locale name we pass on: short, and nothing a shell or a terminal would read."""
    return isinstance(value, str) and _SANE.fullmatch(value) is not None


def client_env(chan: object) -> Mapping[str, str]:
    """What the client sent for the session (an asyncssh channel), or nothing."""
    try:
        return chan.get_environment()  # type: ignore[attr-defined]
    except Exception:  # noqa: BLE001 - no environment is the same as an empty one
        return {}


def session_locale(client_env: Mapping[str, object] | None) -> dict[str, str]:
    """The locale variables for a session's process, from what the client sent."""
    for name in ENVIRONMENT:  # gettext's order: the first usable one decides
        value = (client_env or {}).get(name)
        if sane(value):
            assert isinstance(value, str)
            return {"LANG": value, "LC_CTYPE": "C.UTF-8"}
    return dict(FALLBACK)


def to_client(chan: object, *lines: str) -> bytes:
    """The gateway's own lines (a game that cannot start, no terminal), for the client's
    terminal in the client's language; `lines` are marked with N_ and said here."""
    wanted = {name: value for name, value in client_env(chan).items() if name in ENVIRONMENT and sane(value)}
    with speaking(from_environment(wanted)):
        return "".join(_(line) + "\r\n" for line in lines).encode()
