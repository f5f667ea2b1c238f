"""Names and the SSH keys that own them, for the SSH gateway (as in ssh-chat and Soft Serve).

The first public key that logs in under a name claims it; later logins under that name
need one of its keys. A login with another key, with the shared password alone, or with
no key is a guest: a fresh folder that is gone when the session ends, and no identity
secret, so it can never reach another person's seat, tokens or name; under the name it
asked for while nobody claimed or uses it, else under a name of its own (`Ana~2`). The
host lists names up front (`dominoes ssh --add-key NAME FILE`), releases them
(`--release NAME`) and sees them all (`--names`).

Kept in `ssh/names.json` (0600). A name's folder is a safe encoding of the exact name:
letters, digits, `-` and `_` stay, every other byte of its UTF-8 becomes `%XX`, so
`Ana!`, `Ana?` and `Ana.` get three folders.
"""
from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ...i18n import _
from ...i18n.os_words import os_words
from ..host.console import tell
from ..host.names import GUEST_MARK, fold, guest_name
from ..host.storage import write_private

if TYPE_CHECKING:
    import asyncssh

log = logging.getLogger("dominoes_tui.ssh")

NAMES_PER_KEY = 5  # names one key may claim by logging in (the host may add more)
MAX_NAMES = 10_000


def name_folder(name: str) -> str:
    """`name` as one folder name, reversible and safe: no `/`, no `..`, no hidden file."""
    out = []
    for ch in name:
        if ch.isascii() and (ch.isalnum() or ch in "-_"):
            out.append(ch)
        else:
            out.extend(f"%{b:02X}" for b in ch.encode("utf-8"))
    return "".join(out) or "%"


class KeyRegister:
    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.names: dict[str, dict[str, Any]] = {}  # folded name -> {"name", "keys": [fingerprint], "since"}
        self.readonly = False
        if path is not None and path.exists():
            try:
                for entry in json.loads(path.read_text(encoding="utf-8")).get("names", []):
                    if isinstance(entry.get("name"), str) and isinstance(entry.get("keys"), list):
                        self.names[fold(entry["name"])] = entry
            except (OSError, ValueError, AttributeError) as exc:
                tell(log, _("Cannot read {path} ({reason}); it is kept as it is, and every login is a guest until it "
                            "is fixed").format(path=path, reason=os_words(exc) if isinstance(exc, OSError) else exc),
                     logging.WARNING)
                self.readonly = True

    def save(self) -> None:
        if self.path is None or self.readonly:
            return
        write_private(self.path, json.dumps({"names": sorted(self.names.values(), key=lambda e: fold(e["name"]))}, indent=1))

    def knows_key(self, fingerprint: str) -> bool:
        return any(fingerprint in e["keys"] for e in self.names.values())

    def login(self, name: str, fingerprint: str | None, in_use: Callable[[str], bool],
              may_claim: Callable[[], bool] = lambda: True) -> tuple[str, bool]:
        """(the name to play under, True if the login owns it) for `name` and the key used;
        `may_claim()` is asked last, once a new name could be claimed (the gateway's budget
        of new names per address: it counts the claim). A guest keeps a name nobody
        claimed and no other session uses (the table server says the same of its own
        guests); only a name held so gets the guest one of its own (`Ana~2`), so being
        renamed always means the name is taken."""
        entry = self.names.get(fold(name))
        if entry is not None and fingerprint is not None and fingerprint in entry["keys"]:
            return entry["name"], True
        free = entry is None and not in_use(name)
        claimable = (
            free and fingerprint is not None and not self.readonly and not GUEST_MARK.search(name)
            and len(self.names) < MAX_NAMES
            and sum(1 for e in self.names.values() if fingerprint in e["keys"]) < NAMES_PER_KEY
            and may_claim()
        )
        if claimable:
            assert fingerprint is not None
            self.names[fold(name)] = {"name": name, "keys": [fingerprint], "since": int(time.time())}
            try:
                self.save()
            except OSError as exc:
                tell(log, _("Cannot save the claim of {name}: {reason}").format(name=name, reason=os_words(exc)),
                     logging.WARNING)
            tell(log, _("The name {name} is claimed now by the key {key}").format(name=name, key=fingerprint))
            return name, True
        if free:
            return name, False
        return guest_name(name, lambda n: fold(n) in self.names or in_use(n)), False

    def add_key(self, name: str, fingerprint: str) -> None:
        entry = self.names.setdefault(fold(name), {"name": name, "keys": [], "since": int(time.time())})
        if fingerprint not in entry["keys"]:
            entry["keys"].append(fingerprint)
        self.save()

    def release(self, name: str) -> bool:
        if self.names.pop(fold(name), None) is None:
            return False
        self.save()
        return True

    def listing(self) -> list[tuple[str, list[str]]]:
        return sorted(((e["name"], list(e["keys"])) for e in self.names.values()), key=lambda x: fold(x[0]))


def load_host_key(path: Path) -> asyncssh.SSHKey:
    """The gateway's host key, made on first use and kept, so clients see the same host
    (written whole or not at all, readable by its user only)."""
    import asyncssh  # the optional extra: only a gateway needs it

    if path.exists():
        return asyncssh.read_private_key(str(path))
    key = asyncssh.generate_private_key("ssh-ed25519")
    write_private(path, key.export_private_key().decode("ascii"))
    return key
