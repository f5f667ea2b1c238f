"""Who a connection is: the table server's register of claimed names.

A client proves a name with a secret it keeps (`$DOMINOES_TUI_HOME/identity`, made on
first use; the SSH gateway keeps one per key-holder's name, see ssh_gateway.py). The
first secret that says hello under a name claims it; later hellos under that name need
the same secret, or the connection is a guest with a name of its own (`Ana~2`). A
hello without a secret is a guest under the name it gave, if nobody claimed that name
and nobody online (or entered in the club evening) uses it: two guests never share a
name, so every browser tab that says "Guest" gets one of its own (`Guest~2`, …).

Names are compared after NFKC folding and casefolding, so `Ana`, `ANA` and a
full-width `Ａｎａ` are one name. The register keeps a hash of each secret, never the
secret, in names.json (readable by the server's user only).
"""
from __future__ import annotations

import hashlib
import hmac
import json
import logging
import re
import time
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..i18n import _
from ..i18n.os_words import os_words
from .console import tell
from .protocol import MAX_NAME
from .storage import write_private

log = logging.getLogger("dominoes_tui.net")

GUEST_MARK = re.compile(r"~\d+$")  # a guest's name: never claimed
MIN_SECRET, MAX_SECRET = 16, 256
DEFAULT_MAX_NAMES = 10_000
DEFAULT_CLAIMS_PER_ADDRESS = 20  # new claims one address may make in an hour


@dataclass(frozen=True)
class Identity:
    """Who sits in a seat, as the records of rated play see it.

    `key` is the stable identity: "name:<claimed name>" for the holder of a claimed
    name's secret, None for a guest (guests are never rated)."""

    name: str
    claimed: bool

    @property
    def key(self) -> str | None:
        return f"name:{self.name}" if self.claimed else None

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "kind": "claimed" if self.claimed else "guest"}


GUEST = Identity("Guest", False)


def fold(name: str) -> str:
    return unicodedata.normalize("NFKC", name).casefold()


def guest_name(base: str, taken: Callable[[str], bool]) -> str:
    """`base~2`, `base~3`, … the first one `taken` says is free, cut to fit MAX_NAME."""
    base = GUEST_MARK.sub("", base) or "Guest"
    n = 2
    while True:
        tail = f"~{n}"
        candidate = base[: MAX_NAME - len(tail)] + tail
        if not taken(candidate):
            return candidate
        n += 1


def _hash(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


class NameRegister:
    def __init__(
        self,
        path: Path | None,
        max_names: int = DEFAULT_MAX_NAMES,
        claims_per_address: int = DEFAULT_CLAIMS_PER_ADDRESS,
    ) -> None:
        self.path = path
        self.max_names = max_names
        self.claims_per_address = claims_per_address
        self.claims: dict[str, dict[str, Any]] = {}  # folded name -> {"name", "secret", "since"}
        self._recent: dict[str, list[float]] = {}  # address -> times of its claims this hour
        self._load()

    def _load(self) -> None:
        if self.path is None or not self.path.exists():
            return
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            for entry in data.get("names", []):
                if isinstance(entry.get("name"), str) and isinstance(entry.get("secret"), str):
                    self.claims[fold(entry["name"])] = entry
        except (OSError, ValueError, AttributeError) as exc:
            tell(log, _("Cannot read the name register {path} ({reason}); it is kept as it is, and nobody is rated "
                        "until it is fixed").format(path=self.path, reason=os_words(exc) if isinstance(exc, OSError) else exc),
                 logging.WARNING)
            self.path = None  # never overwrite a register we could not read

    def _save(self) -> None:
        if self.path is None:
            return
        try:
            write_private(self.path, json.dumps({"names": list(self.claims.values())}, indent=1))
        except OSError as exc:
            tell(log, _("Cannot save the name register: {reason}").format(reason=os_words(exc)), logging.WARNING)

    def is_claimed(self, name: str) -> bool:
        return fold(name) in self.claims

    def identify(self, name: str, secret: str | None, address: str, in_use: Callable[[str], bool]) -> Identity:
        """Who says hello as `name` with `secret` from `address`."""
        entry = self.claims.get(fold(name))
        if entry is not None:
            if secret is not None and hmac.compare_digest(entry["secret"], _hash(secret)):
                return Identity(entry["name"], True)
            return Identity(guest_name(name, lambda n: self.is_claimed(n) or in_use(n)), False)
        if secret is None or GUEST_MARK.search(name) or not self._may_claim(address):
            if in_use(name):
                return Identity(guest_name(name, lambda n: self.is_claimed(n) or in_use(n)), False)
            return Identity(name, False)
        self.claims[fold(name)] = {"name": name, "secret": _hash(secret), "since": int(time.time())}
        self._save()
        tell(log, _("The name {name} is claimed now (from {address})").format(name=name, address=address))
        return Identity(name, True)

    def _may_claim(self, address: str) -> bool:
        if len(self.claims) >= self.max_names:
            return False
        now = time.monotonic()
        recent = [t for t in self._recent.get(address, []) if now - t < 3600]
        if len(recent) >= self.claims_per_address:
            self._recent[address] = recent
            return False
        self._recent[address] = [*recent, now]
        if len(self._recent) > 10_000:  # forget the quietest addresses
            self._recent = dict(list(self._recent.items())[-5_000:])
        return True

    def release(self, name: str) -> bool:
        """The host frees a name (a player lost their key file): the next secret claims it."""
        if self.claims.pop(fold(name), None) is None:
            return False
        self._save()
        return True

    def listing(self) -> list[tuple[str, int]]:
        return sorted((e["name"], int(e.get("since", 0))) for e in self.claims.values())

