"""A gateway vouches for its people to the table server.

Every SSH session reaches the table server from the gateway's own address, so a limit
kept per address (new name claims: 20 an hour) would be shared by all of the gateway's
members: after twenty new members, the next one's name would be his at the gateway and
a guest's at the table server. The server therefore keeps a gateway key (`gateway.key`
in its data folder, 0600, made on first start); a gateway on the same machine reads
it. For a member logged in with a key, the gateway hands the session's client a vouch:
a person id (a hash of the SSH key's fingerprint, never the fingerprint) and an HMAC
of it under the gateway key. The client sends it with its hello, and the server counts
that hello's claim against the person, not the address. A vouch proves only "one of the
gateway's key-holders": it gives no name, seat or rights, and a forged one is ignored
(the claim then counts against the address, as any other).
"""
from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from pathlib import Path
from typing import Any

from .storage import write_private

KEY_FILE = "gateway.key"
ENV = "DOMINOES_VOUCH"  # how a gateway hands its session's client the vouch


def gateway_key(data_dir: Path) -> bytes:
    """The server's gateway key, made on first use."""
    path = data_dir / KEY_FILE
    try:
        text = path.read_text(encoding="utf-8").strip()
        if len(text) >= 32:
            return text.encode("ascii")
    except (OSError, UnicodeDecodeError):
        pass
    text = secrets.token_hex(32)
    write_private(path, text + "\n")
    return text.encode("ascii")


def read_gateway_key(path: Path) -> bytes | None:
    """A gateway's copy of the key (None when there is none: no vouching then)."""
    try:
        text = path.read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return text.encode("ascii", "replace") if len(text) >= 32 else None


def _mac(key: bytes, person: str) -> str:
    return hmac.new(key, f"person:{person}".encode("utf-8"), hashlib.sha256).hexdigest()


def vouch_for(key: bytes, fingerprint: str) -> str:
    """The vouch for the holder of an SSH key, as the gateway hands it to the session."""
    person = hashlib.sha256(fingerprint.encode("utf-8")).hexdigest()[:32]
    return f"{person}:{_mac(key, person)}"


def vouch_from_env() -> dict[str, str] | None:
    """The vouch this client was handed by its gateway, for its hello."""
    person, _, mac = (os.environ.get(ENV) or "").partition(":")
    if not (person and mac) or len(person) > 64 or len(mac) > 128:
        return None
    return {"person": person, "mac": mac}


def vouched_person(key: bytes | None, vouch: Any) -> str | None:
    """The person a hello's vouch names, if the gateway key signed it."""
    if key is None or not isinstance(vouch, dict):
        return None
    person, mac = vouch.get("person"), vouch.get("mac")
    if not isinstance(person, str) or not isinstance(mac, str) or not 0 < len(person) <= 64 or len(mac) > 128:
        return None
    return person if hmac.compare_digest(_mac(key, person), mac) else None
