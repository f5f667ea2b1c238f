"""Wrong guesses, counted per address, with a growing wait: a table's invite code, the
web gateway's password, the SSH gateway's password.

A few mistakes are free (people mistype); after that every further wrong guess makes
the address wait twice as long as the last one, up to a ceiling, and while it waits
every guess from it is refused unchecked (so even the right one does not get through:
a guesser learns nothing while blocked). An hour without a wrong guess forgets an
address's mistakes; a right guess does not (a right table code is on every list, and a
guesser behind the same address as a member would be let off by each of the member's
logins). Counted per address, not per connection: reconnecting
starts nothing afresh. An IPv6 address counts by its /64, the block one home or one
machine is handed (a single host can use millions of addresses inside it): address_key
is how every per-address limit of the server, the names, the evening and the gateways
counts an address. PerHour is what a key spent in the last hour (claims, disk, ratings).
"""
from __future__ import annotations

import ipaddress
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

FREE = 5  # wrong guesses an address makes before it has to wait
FIRST_WAIT = 1.0  # seconds after the first wrong guess beyond the free ones; doubled after each further one
MAX_WAIT = 300.0  # the longest wait
FORGET = 3600.0  # seconds without a wrong guess after which an address starts afresh
MAX_ADDRESSES = 10_000  # addresses remembered at once (the quietest are forgotten first)
HOUR = 3600.0


def address_key(address: str) -> str:
    """Who guesses: the IPv4 address, or the /64 an IPv6 address lies in."""
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((int(ip) >> 64 << 64, 64)))
    return str(ip)


@dataclass
class _Record:
    wrong: int = 0
    until: float = 0.0  # monotonic time before which this address may not guess
    last: float = 0.0


class Guesses:
    """Wrong guesses per address; `wait(address)` says how long it must wait (0: it may guess)."""

    def __init__(
        self, free: int = FREE, first_wait: float = FIRST_WAIT, max_wait: float = MAX_WAIT,
        forget: float = FORGET, clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.free = free
        self.first_wait = first_wait
        self.max_wait = max_wait
        self.forget = forget
        self.clock = clock
        self._by: dict[str, _Record] = {}

    def _record(self, address: str) -> _Record | None:
        rec = self._by.get(address_key(address))
        if rec is not None and self.clock() - rec.last > self.forget:
            del self._by[address_key(address)]
            return None
        return rec

    def wait(self, address: str) -> float:
        rec = self._record(address)
        return max(0.0, rec.until - self.clock()) if rec is not None else 0.0

    def wrong(self, address: str) -> None:
        key = address_key(address)
        rec = self._record(address) or self._by.setdefault(key, _Record())
        now = self.clock()
        rec.wrong += 1
        rec.last = now
        beyond = rec.wrong - self.free
        if beyond > 0:
            rec.until = now + min(self.max_wait, self.first_wait * 2 ** min(beyond - 1, 30))
        if len(self._by) > MAX_ADDRESSES:  # forget the quietest half
            for k, _ in sorted(self._by.items(), key=lambda kv: kv[1].last)[: MAX_ADDRESSES // 2]:
                del self._by[k]


def wait_text(seconds: float) -> str:
    return f"{max(1, round(seconds))} s"


class PerHour:
    """How much each key spent in the last hour (a rolling window)."""

    def __init__(self) -> None:
        self._spent: dict[Any, deque[tuple[float, int]]] = {}

    def spent(self, key: Any, now: float | None = None) -> int:
        now = time.monotonic() if now is None else now
        items = self._spent.get(key)
        if not items:
            return 0
        while items and now - items[0][0] > HOUR:
            items.popleft()
        if not items:
            del self._spent[key]
            return 0
        return sum(n for _t, n in items)

    def add(self, key: Any, amount: int, now: float | None = None) -> None:
        self._spent.setdefault(key, deque()).append((time.monotonic() if now is None else now, amount))
        if len(self._spent) > 10_000:  # forget the quietest keys
            for old in list(self._spent)[:5_000]:
                del self._spent[old]
