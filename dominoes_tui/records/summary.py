"""What the records keep of one match, worked out from the engine's Match and its log.

Pure: no database here. Placings go by final score with ties shared, teams as one
side in Partner, the Kozel last.
"""
from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from enum import StrEnum
from typing import Any

from ..engine import Match
from .identity import Identity, local_identity


class MatchStatus(StrEnum):
    """How a recorded match ended: played out, or left before its end (the records'
    `status` column holds the word)."""

    FINISHED = "finished"
    ABANDONED = "abandoned"


FINISHED, ABANDONED = MatchStatus.FINISHED, MatchStatus.ABANDONED
# A log kept because the records could not take it carries, in its match_start, who was
# who (identity keys), so an import later credits the right people. Not part of the key.
RECORDS_FIELD = "records"


@dataclass(frozen=True)
class SeatSummary:
    seat: int
    name: str
    identity: Identity
    team: int | None
    score: int  # the side's final score
    placing: int | None  # 1 = best, shared on ties; None when the match was abandoned


@dataclass(frozen=True)
class MatchSummary:
    key: str
    variant: str
    players: int
    options: dict[str, Any]
    target: int
    status: MatchStatus
    rounds: int
    seats: tuple[SeatSummary, ...]
    teams: tuple[tuple[int, ...], ...] | None
    seeded: bool
    source: str
    started_at: datetime
    ended_at: datetime
    log: str = field(repr=False)
    # False: nobody this program trusts vouches for the result (a log imported from
    # elsewhere, a match over the server's bound for one address): kept, never rated.
    vouched: bool = True

    @property
    def rated(self) -> bool:
        """Only a finished match between identified people (and bots), not a seeded
        practice table, moves ratings; and it takes two different players."""
        return (
            self.status == FINISHED
            and self.vouched
            and not self.seeded
            and all(s.identity.identified for s in self.seats)
            and len({s.identity.key for s in self.seats}) > 1
        )


def match_key(events: Sequence[dict[str, Any]]) -> str:
    """The same match always gets the same key: its start and its first deal, which a
    resumed match or a log imported twice share, and two different matches do not."""
    head = [{k: v for k, v in e.items() if k != RECORDS_FIELD}
            for e in events[:2] if e.get("event") in ("match_start", "round_start")]
    text = json.dumps(head, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def placings(match: Match) -> list[int]:
    """The place of each side (seat, or team in Partner): 1 is best, equal scores share."""
    scores = list(match.scores)
    kozel = match.config.rules.penalties
    losers = match.verdict.loser if kozel else None
    last = set(losers if isinstance(losers, list) else [] if losers is None else [losers])

    def rank_key(side: int) -> tuple[int, int]:
        # Kozel counts penalties: fewer is better, and the Kozel is last whatever happens.
        return (1 if side in last else 0, scores[side] if kozel else -scores[side])

    keys = [rank_key(s) for s in range(len(scores))]
    return [1 + sum(1 for other in keys if other < mine) for mine in keys]


def summarize(
    match: Match,
    identities: Sequence[Identity] | None = None,
    *,
    source: str = "local",
    seeded: bool = False,
    started_at: datetime | None = None,
    ended_at: datetime | None = None,
    abandoned: bool = False,
    vouched: bool = True,
) -> MatchSummary:
    from ..engine import dumps

    now = datetime.now(UTC)
    ids = list(identities) if identities is not None else [local_identity(s) for s in match.seats]
    if len(ids) != match.n:
        raise ValueError(f"{len(ids)} identities for {match.n} seats")
    finished = match.is_over and not abandoned
    places = placings(match) if finished else None
    teams = match.config.teams
    seats = []
    for i, seat in enumerate(match.seats):
        side = match.side_of(i)
        seats.append(SeatSummary(
            seat=i, name=seat.name, identity=ids[i],
            team=side if teams else None,
            score=match.scores[side],
            placing=places[side] if places else None,
        ))
    return MatchSummary(
        key=match_key(match.events),
        variant=match.config.variant,
        players=match.n,
        options=dict(match.config.options),
        target=match.config.target,
        status=FINISHED if finished else ABANDONED,
        rounds=len(match.records),
        seats=tuple(seats),
        teams=tuple(tuple(t) for t in teams) if teams else None,
        seeded=seeded,
        source=source,
        started_at=started_at or now,
        ended_at=ended_at or now,
        log=dumps(match.events),
        vouched=vouched,
    )
