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

The vouch also names the address the session really came from (the SSH peer, the
browser tab's remote address), signed together with the person (empty for a session
without a key): the server then counts that connection under that address for every
per-address limit, so the gateway's members no longer share one address's budgets. An
IPv6 address counts by its /64, as guesses.py counts it (one host holds the whole
block). A vouch is a bearer token with no expiry: it is as secret as the key itself
(only the gateway's own child process sees it), and all it can do is make a connection
count as the address it names.
"""
from __future__ import annotations

import hashlib
import hmac
import ipaddress
import json
import os
import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..host.guesses import address_key
from ..host.storage import write_private

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
    """The first vouch, a person alone (gateways of before the address still send it)."""
    return hmac.new(key, f"person:{person}".encode(), hashlib.sha256).hexdigest()


def _mac_with_address(key: bytes, person: str, address: str) -> str:
    # its own prefix and a JSON pair: no vouch of one kind reads as the other's, and no
    # person/address split of the same text signs alike
    message = "vouch2:" + json.dumps([person, address])
    return hmac.new(key, message.encode("utf-8"), hashlib.sha256).hexdigest()


@dataclass(frozen=True)
class Vouched:
    """What a hello's vouch proves: a person (or None) and a real address (or None)."""

    person: str | None = None
    address: str | None = None


def vouch_for(key: bytes, fingerprint: str | None, address: str) -> str:
    """The vouch for a session from `address`, with the holder of the SSH key whose
    fingerprint is given (None: no key, no person), as the gateway hands it to the session."""
    person = hashlib.sha256(fingerprint.encode("utf-8")).hexdigest()[:32] if fingerprint else ""
    return f"{person}:{address}:{_mac_with_address(key, person, address)}"


def vouch_from_env() -> dict[str, str] | None:
    """The vouch this client was handed by its gateway, for its hello: PERSON:ADDRESS:MAC
    (the address may hold colons, the others never), or an old gateway's PERSON:MAC."""
    person, _, rest = (os.environ.get(ENV) or "").partition(":")
    address, two_parts, mac = rest.rpartition(":")
    if not mac or len(person) > 64 or len(address) > 64 or len(mac) > 128:
        return None
    if not two_parts:  # PERSON:MAC
        return {"person": person, "mac": mac} if person else None
    return {"person": person, "address": address, "mac": mac}


def _real_address(text: str) -> str | None:
    """How the limits count the vouched address (guesses.py's key); None if it is none."""
    try:
        ipaddress.ip_address(text.split("%", 1)[0])
    except ValueError:
        return None
    return address_key(text)


def read_vouch(key: bytes | None, vouch: Any) -> Vouched:
    """What a hello's vouch proves, if the gateway key signed it; nothing otherwise."""
    if key is None or not isinstance(vouch, dict):
        return Vouched()
    person, address, mac = vouch.get("person"), vouch.get("address"), vouch.get("mac")
    if not isinstance(person, str) or not isinstance(mac, str) or len(person) > 64 or len(mac) > 128:
        return Vouched()
    given = mac.encode("utf-8", "replace")  # bytes: compare_digest refuses a str that is not ASCII
    if address is None:  # the first kind: a person alone
        ok = bool(person) and hmac.compare_digest(_mac(key, person).encode("ascii"), given)
        return Vouched(person if ok else None)
    if not isinstance(address, str) or len(address) > 64:
        return Vouched()
    if not hmac.compare_digest(_mac_with_address(key, person, address).encode("ascii"), given):
        return Vouched()
    return Vouched(person or None, _real_address(address))
