"""What the screens and `dominoes stats` ask the records. Plain dataclasses out."""
from __future__ import annotations

import zlib
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Connection, Subquery, and_, case, func, select
from sqlalchemy.orm import aliased

from .identity import spoken_names
from .ratings import OVERALL, SETTLED_SIGMA, Rating
from .schema import match_seats, matches, players, rating_history, ratings
from .summary import FINISHED


@dataclass(frozen=True)
class Standing:
    place: int
    player_id: int
    name: str
    kind: str
    rating: Rating
    matches: int  # rated matches in this list
    wins: int  # rated matches placed first


@dataclass(frozen=True)
class PlayerRef:
    id: int
    name: str
    kind: str
    key: str


@dataclass(frozen=True)
class VariantLine:
    variant: str
    matches: int
    wins: int
    abandoned: int
    rating: Rating | None


@dataclass(frozen=True)
class Versus:
    """How a player did against another (a person or a bot level) at the same tables."""

    other: str
    kind: str
    matches: int
    better: int
    worse: int
    even: int


@dataclass(frozen=True)
class RecentMatch:
    match_id: int
    variant: str
    ended_at: datetime
    status: str
    placing: int | None
    players: int
    score: int
    opponents: tuple[str, ...]  # the seats' names as kept (You, not Du)
    mates: tuple[str, ...]  # a Partner team mate, who played with, not against

    @property
    def others(self) -> str:
        """Opponents and team mate in one line, the same in any language (--json)."""
        others = ", ".join(self.opponents)
        return others + f" (with {', '.join(self.mates)})" if self.mates else others


def leaderboard(conn: Connection, variant: str = OVERALL, limit: int = 50) -> list[Standing]:
    """Settled ratings first (highest first), then the provisional ones. Reads only the
    ratings (wins are counted as matches are recorded): as quick for a club's
    hundred-thousandth match as for its first."""
    settled = case((ratings.c.sigma > SETTLED_SIGMA, 1), else_=0)
    rows = conn.execute(
        select(players.c.id, players.c.name, players.c.kind, ratings.c.mu, ratings.c.sigma, ratings.c.matches,
               ratings.c.wins)
        .select_from(ratings.join(players, players.c.id == ratings.c.player_id))
        .where(ratings.c.variant == variant)
        .order_by(settled, ratings.c.mu.desc(), players.c.name)
        .limit(limit)
    ).all()
    return [
        Standing(i, r.id, r.name, r.kind, Rating(r.mu, r.sigma), r.matches, r.wins)
        for i, r in enumerate(rows, start=1)
    ]


def find_players(conn: Connection, name: str) -> list[PlayerRef]:
    """Everyone who played under this name (case does not matter), as kept or as shown:
    a bot level by `bot:hard`, `hard`, or in the reader's words ("schwer")."""
    wanted = name.strip().casefold()
    rows = conn.execute(select(players.c.id, players.c.name, players.c.kind, players.c.key)).all()
    return [PlayerRef(r.id, r.name, r.kind, r.key) for r in rows if wanted in spoken_names(r.name, r.kind)]


def player(conn: Connection, player_id: int) -> PlayerRef | None:
    r = conn.execute(select(players.c.id, players.c.name, players.c.kind, players.c.key)
                     .where(players.c.id == player_id)).first()
    return PlayerRef(r.id, r.name, r.kind, r.key) if r else None


def _seats_per_match(player_id: int) -> Subquery:
    """One row per match the player sat in, with its best placing: a player in two seats
    (two `medium` bots at one table) played that match once, and won it if either seat did."""
    return (
        select(match_seats.c.match_id, func.min(match_seats.c.placing).label("best"))
        .where(match_seats.c.player_id == player_id)
        .group_by(match_seats.c.match_id)
        .subquery()
    )


def by_variant(conn: Connection, player_id: int) -> list[VariantLine]:
    mine = _seats_per_match(player_id)
    rows = conn.execute(
        select(matches.c.variant,
               func.sum(case((matches.c.status == FINISHED, 1), else_=0)).label("played"),
               func.sum(case((and_(matches.c.status == FINISHED, mine.c.best == 1), 1), else_=0)).label("wins"),
               func.sum(case((matches.c.status != FINISHED, 1), else_=0)).label("abandoned"))
        .select_from(mine.join(matches, matches.c.id == mine.c.match_id))
        .group_by(matches.c.variant).order_by(matches.c.variant)
    ).all()
    rated = {r.variant: Rating(r.mu, r.sigma) for r in conn.execute(
        select(ratings.c.variant, ratings.c.mu, ratings.c.sigma).where(ratings.c.player_id == player_id))}
    lines = [VariantLine(r.variant, int(r.played or 0), int(r.wins or 0), int(r.abandoned or 0), rated.get(r.variant))
             for r in rows]
    if lines:
        lines.append(VariantLine(OVERALL, sum(x.matches for x in lines), sum(x.wins for x in lines),
                                 sum(x.abandoned for x in lines), rated.get(OVERALL)))
    return lines


def versus(conn: Connection, player_id: int, other_id: int | None = None, bots_only: bool = False) -> list[Versus]:
    """Finished matches the player shared with each other player (or one): how often the
    player placed better, worse or the same. Team mates in Partner are not opponents."""
    me, them = aliased(match_seats), aliased(match_seats)
    query = (
        select(players.c.id, players.c.name, players.c.kind, me.c.match_id, me.c.placing.label("mine"),
               them.c.placing.label("theirs"))
        .select_from(me.join(them, and_(them.c.match_id == me.c.match_id, them.c.player_id != me.c.player_id))
                     .join(matches, matches.c.id == me.c.match_id)
                     .join(players, players.c.id == them.c.player_id))
        .where(me.c.player_id == player_id, matches.c.status == FINISHED,
               (me.c.team.is_(None)) | (them.c.team.is_(None)) | (me.c.team != them.c.team))
    )
    if other_id is not None:
        query = query.where(them.c.player_id == other_id)
    if bots_only:
        query = query.where(players.c.kind == "bot")
    # Kept apart by player, not by name: two people may play under one name.
    seen: dict[int, dict[int, tuple[int, int]]] = {}
    who: dict[int, tuple[str, str]] = {}
    for r in conn.execute(query):
        who[r.id] = (r.name, r.kind)
        # One verdict per match and opponent, from the player's best seat against the
        # opponent's best seat (two bots of one level at a table are one opponent).
        mine, theirs = seen.setdefault(r.id, {}).get(r.match_id, (99, 99))
        seen[r.id][r.match_id] = (min(mine, r.mine), min(theirs, r.theirs))
    out = []
    for pid, per_match in sorted(seen.items(), key=lambda item: (who[item[0]][0], item[0])):
        results = list(per_match.values())
        out.append(Versus(*who[pid], len(results), sum(a < b for a, b in results), sum(a > b for a, b in results),
                          sum(a == b for a, b in results)))
    return out


def history(conn: Connection, player_id: int, variant: str = OVERALL) -> list[tuple[datetime, Rating]]:
    rows = conn.execute(
        select(rating_history.c.at, rating_history.c.mu, rating_history.c.sigma)
        .where(rating_history.c.player_id == player_id, rating_history.c.variant == variant)
        .order_by(rating_history.c.id)
    ).all()
    return [(r.at, Rating(r.mu, r.sigma)) for r in rows]


def recent(conn: Connection, player_id: int | None = None, limit: int = 10) -> list[RecentMatch]:
    """The newest matches (of one player, or of everyone: then placing and score are the
    winner's)."""
    query = select(matches.c.id, matches.c.variant, matches.c.ended_at, matches.c.status, matches.c.players)
    if player_id is not None:
        query = query.where(matches.c.id.in_(select(match_seats.c.match_id).where(match_seats.c.player_id == player_id)))
    rows = conn.execute(query.order_by(matches.c.ended_at.desc(), matches.c.id.desc()).limit(limit)).all()
    if not rows:
        return []
    seats = conn.execute(
        select(match_seats.c.match_id, match_seats.c.player_id, match_seats.c.name, match_seats.c.placing,
               match_seats.c.score, match_seats.c.team)
        .where(match_seats.c.match_id.in_([r.id for r in rows])).order_by(match_seats.c.seat)
    ).all()
    out = []
    for r in rows:
        here = [s for s in seats if s.match_id == r.id]
        # The player's best seat (a bot level may sit twice); everyone's best when no player is asked.
        own = [s for s in here if s.player_id == player_id] or here
        mine = min(own, key=lambda s: s.placing or 99)
        rest = [s for s in here if s is not mine and (player_id is None or s.player_id != player_id)]
        # In Partner the team mate played with, not against: named apart.
        mates = tuple(s.name for s in rest if s.team is not None and s.team == mine.team)
        opponents = tuple(s.name for s in rest if s.team is None or s.team != mine.team)
        out.append(RecentMatch(r.id, r.variant, r.ended_at, r.status, mine.placing, r.players, mine.score, opponents,
                               mates))
    return out


def match_log(conn: Connection, match_id: int) -> str | None:
    row = conn.execute(select(matches.c.log).where(matches.c.id == match_id)).first()
    return zlib.decompress(row.log).decode("utf-8") if row else None


def totals(conn: Connection) -> dict[str, int]:
    rows = conn.execute(select(matches.c.status, func.count()).group_by(matches.c.status)).all()
    counts = {status: int(n) for status, n in rows}
    return {"matches": sum(counts.values()), "finished": counts.get(FINISHED, 0),
            "abandoned": sum(n for s, n in counts.items() if s != FINISHED)}
