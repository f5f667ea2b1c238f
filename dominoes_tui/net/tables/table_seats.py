"""The parts of a hosted table that hold no match loop: its seats. (What a spectator
may see is the engine's public_view.)"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..host.connection import Conn
from ..wire.protocol import same_secret


@dataclass
class Slot:
    name: str
    kind: str  # "human" or "bot"
    level: str | None = None
    token: str | None = None  # set once a person sat here
    conn: Conn | None = None
    left_at: float | None = None
    creator: bool = False
    identity: str | None = None  # names.Identity.key of the person who sat here (None: guest or bot)
    address: str | None = None  # where the person who sat here connected from (rated play's bound per address)

    @property
    def taken(self) -> bool:
        return self.token is not None

    def public(self, i: int) -> dict[str, Any]:
        return {
            "seat": i, "name": self.name, "kind": self.kind, "level": self.level,
            "taken": self.taken, "connected": self.conn is not None,
        }

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name, "kind": self.kind, "level": self.level, "token": self.token, "creator": self.creator,
            "identity": self.identity, "address": self.address,
        }


def seat_of_token(slots: list[Slot], token: str | None) -> int | None:
    """The seat whose person was given `token` (compared in constant time), if any."""
    if not token:
        return None
    for i, slot in enumerate(slots):
        if slot.token is not None and same_secret(token, slot.token):
            return i
    return None
