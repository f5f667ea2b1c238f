"""What one client may make the server do for everyone, paced.

`Coalesced`: a push sent at most once every so many seconds, with the last state (an
evening's standings, the lobby, a table's seats): a storm of changes costs one push per
period, not one per change. `Allowance`: a token bucket per key (a connection, an
address): `burst` at once, then `per_second`; a key over it is refused until it refills.
"""
from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Hashable, MutableMapping
from typing import Any

MAX_KEYS = 10_000  # buckets kept at once; full ones (nothing spent lately) are forgotten first


class Coalesced:
    """Call `send` `every` seconds after the first `due()`, once for all the `due()`s meanwhile."""

    def __init__(self, every: float, send: Callable[[], None]) -> None:
        self.every, self.send = every, send
        self.pending = False

    def due(self) -> None:
        if self.pending:
            return
        try:
            asyncio.get_running_loop().call_later(self.every, self._fire)
        except RuntimeError:  # no loop (loading from disk): nobody to tell
            return
        self.pending = True

    def _fire(self) -> None:
        self.pending = False
        self.send()


class Allowance:
    """A token bucket per key."""

    def __init__(self, burst: float, per_second: float, clock: Callable[[], float] = time.monotonic,
                 store: MutableMapping[Any, tuple[float, float]] | None = None) -> None:
        """`store`: where the buckets are kept (a WeakKeyDictionary for connections, so
        one goes with its connection); a dict by default."""
        self.burst, self.per_second, self.clock = float(burst), per_second, clock
        self._left: MutableMapping[Any, tuple[float, float]] = {} if store is None else store  # key -> (tokens, when)

    def left(self, key: Hashable) -> float:
        """The tokens `key` has now (a fresh key: the whole burst)."""
        now = self.clock()
        tokens, since = self._left.get(key, (self.burst, now))
        return min(self.burst, tokens + (now - since) * self.per_second)

    def spend(self, key: Hashable, amount: float = 1.0) -> None:
        self._left[key] = (self.left(key) - amount, self.clock())
        if len(self._left) > MAX_KEYS:
            for k in [k for k in self._left if self.left(k) >= self.burst][: MAX_KEYS // 2]:
                del self._left[k]

    def take(self, key: Hashable) -> bool:
        """Spend one token if `key` has one; False (nothing spent) if it has not."""
        if self.left(key) < 1:
            return False
        self.spend(key)
        return True
