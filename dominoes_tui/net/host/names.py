"""Who a connection is: the table server's register of claimed names.

A client proves a name with a key pair it keeps (`$DOMINOES_TUI_HOME/identity.key`, made
on first use; the SSH gateway keeps one per key-holder's name, see ssh_gateway.py): it
signs this server's challenge for this connection (proof.py). The first key that proves
itself under a name claims it, and the register pins its public half; later hellos
under that name need a signature by the same key, or the connection is a guest with a
name of its own (`Ana~2`). A hello without a proof is a guest under the name it gave,
if nobody claimed that name and nobody online (or entered in the club evening) uses
it: two guests never share a name, so every browser tab that says "Guest" gets one of
its own (`Guest~2`, …).

Names claimed before keys hold a hash of a secret. An old client's hello that brings
that secret still proves such a name, until the first key login that also proves the
secret (proof.secret_proof) moves the claim to the key: from then on the secret alone is
a guest. A secret never claims a new name.

Names are compared after NFKC folding and casefolding, so `Ana`, `ANA` and a
full-width `Ａｎａ` are one name. The register keeps public keys and hashes of old
secrets, never a secret, in names.json (readable by the server's user only).
"""
from __future__ import annotations

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

from ...i18n import _
from ...i18n.os_words import os_words
from ..wire import proof
from ..wire.protocol import MAX_NAME
from .console import tell
from .storage import write_private

log = logging.getLogger("dominoes_tui.net")

GUEST_MARK = re.compile(r"~\d+$")  # a guest's name: never claimed
# The name a session's login asked for, where a gateway gave it another (`Ana~2`, Ana
# being taken): in the session's environment, so its lobby says why (ui/remote_app.py)
ASKED_NAME = "DOMINOES_ASKED_NAME"
MIN_SECRET, MAX_SECRET = 16, 256
DEFAULT_MAX_NAMES = 10_000
DEFAULT_CLAIMS_PER_ADDRESS = 20  # new claims one address may make in an hour

# Who a new claim counts against: an address; or, for a person a gateway vouches for,
# the person and the address he really came from (fresh SSH keys make fresh persons,
# so the person alone would let one address claim without end), or the person alone
# when the gateway names no address (vouch.py).
Budget = str | tuple[str, ...]


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


def credential(entry: dict[str, Any]) -> str:
    """What proves a claim now: its key, or (before it moved to one) its secret's hash."""
    return str(entry.get("key") or entry.get("secret"))


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
        # folded name -> {"name", "key", "since"}; a claim from before keys: {"name", "secret", "since"},
        # and once moved to a key it keeps the old hash as "old", with "moved" (when) and "moved_from"
        self.claims: dict[str, dict[str, Any]] = {}
        self._recent: dict[str, list[float]] = {}  # address or person -> times of its claims this hour
        self._load()

    def _load(self) -> None:
        if self.path is None or not self.path.exists():
            return
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            for entry in data.get("names", []):
                if isinstance(entry.get("name"), str) and (proof.well_formed_key(entry.get("key"))
                                                           or isinstance(entry.get("secret"), str)):
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

    def _guest(self, name: str, in_use: Callable[[str], bool]) -> Identity:
        """A guest under `name`, or under a name of its own if that one is held."""
        if self.is_claimed(name) or in_use(name):
            return Identity(guest_name(name, lambda n: self.is_claimed(n) or in_use(n)), False)
        return Identity(name, False)

    def identify(self, name: str, secret: str | None, address: str, in_use: Callable[[str], bool]) -> Identity:
        """Who says hello as `name` with an old client's `secret` (or none) from `address`.
        A secret proves only a claim made by it that has not moved to a key yet."""
        entry = self.claims.get(fold(name))
        if (entry is not None and secret is not None and "key" not in entry
                and hmac.compare_digest(str(entry.get("secret")), proof.secret_hash(secret))):
            return Identity(entry["name"], True)
        if entry is not None and secret is not None and "key" in entry:
            tell(log, _("An old secret was given for {name}, whose claim is held by a key now (from {address})").format(
                name=name, address=address))
        return self._guest(name, in_use)

    def needs_old_proof(self, name: str, public: str) -> bool:
        """Does a proof of the old secret matter for `name` and this key: the claim has not
        moved to a key yet, or it moved to another key (then the proof tells the host that
        the old secret is in a second hand)?"""
        entry = self.claims.get(fold(name))
        return entry is not None and ("key" not in entry or ("old" in entry and entry["key"] != public))

    def prove(self, name: str, public: str, signed: bytes, signature: Any, old_mac: Any, budget: Budget,
              in_use: Callable[[str], bool]) -> Identity:
        """Who signed `signed` (this connection's proof.message) as `name` with `public`; a
        new claim counts against every one of `budget` (Budget)."""
        address = budget if isinstance(budget, str) else " ".join(budget)  # for the log and moved_from
        if not proof.verify(public, signed, signature):
            tell(log, _("A wrong proof for {name} (from {address})").format(name=name, address=address))
            return self._guest(name, in_use)
        entry = self.claims.get(fold(name))
        if entry is None:
            if GUEST_MARK.search(name) or not self._may_claim(budget):
                return self._guest(name, in_use)
            self.claims[fold(name)] = {"name": name, "key": public, "since": int(time.time())}
            self._save()
            tell(log, _("The name {name} is claimed now (from {address})").format(name=name, address=address))
            return Identity(name, True)
        if "key" in entry:
            if hmac.compare_digest(str(entry["key"]), public):
                return Identity(entry["name"], True)
            if isinstance(entry.get("old"), str) and proof.secret_proof_holds(entry["old"], signed, old_mac):
                # Someone else holds the old secret too: the first to move the claim may
                # have stolen it. Only the host can tell who is who (docs/PROTOCOL.md).
                tell(log, _("The old secret of {name} was proved again, with another key (from {address}), after the "
                            "claim moved to a key (from {moved_from}); if that was not its owner, "
                            "`dominoes host --release` frees it").format(
                    name=entry["name"], address=address, moved_from=entry.get("moved_from", "?")), logging.WARNING)
            return self._guest(name, in_use)
        if not proof.secret_proof_holds(str(entry.get("secret")), signed, old_mac):
            return self._guest(name, in_use)
        self.claims[fold(name)] = {"name": entry["name"], "key": public, "since": entry.get("since", 0),
                                   "old": entry.get("secret"), "moved": int(time.time()), "moved_from": address}
        self._save()
        tell(log, _("The name {name} moved from its old secret to a key (from {address})").format(
            name=entry["name"], address=address), logging.WARNING)
        return Identity(entry["name"], True)

    def _may_claim(self, budgets: Budget) -> bool:
        if len(self.claims) >= self.max_names:
            return False
        now = time.monotonic()
        keys = (budgets,) if isinstance(budgets, str) else budgets
        recent = {k: [t for t in self._recent.get(k, []) if now - t < 3600] for k in keys}
        self._recent.update(recent)
        if any(len(times) >= self.claims_per_address for times in recent.values()):
            return False
        for k, times in recent.items():
            self._recent[k] = [*times, now]
        if len(self._recent) > 10_000:  # forget the quietest addresses
            self._recent = dict(list(self._recent.items())[-5_000:])
        return True

    def release(self, name: str) -> bool:
        """The host frees a name (a player lost their key file): the next key claims it."""
        if self.claims.pop(fold(name), None) is None:
            return False
        self._save()
        return True

    def listing(self) -> list[tuple[str, int]]:
        return sorted((e["name"], int(e.get("since", 0))) for e in self.claims.values())

