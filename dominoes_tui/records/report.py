"""The records as plain data (for --json, --csv and the text report), in one place so
`dominoes stats` and the hosted server's answers agree."""
from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection

from ..engine import VARIANTS
from ..i18n import _
from ..i18n.formats import moment
from . import queries
from .analyses import accuracy_history
from .identity import clean_name, shown_name
from .ratings import OVERALL


def standings(conn: Connection, variant: str = OVERALL, limit: int = 50) -> list[dict[str, Any]]:
    return [
        {"place": s.place, "name": s.name, "kind": s.kind, "rating": s.rating.shown,
         "provisional": s.rating.provisional, "mu": round(s.rating.mu, 3), "sigma": round(s.rating.sigma, 3),
         "matches": s.matches, "wins": s.wins, "player_id": s.player_id}
        for s in queries.leaderboard(conn, variant, limit)
    ]


def player_page(conn: Connection, player_id: int, variant: str = OVERALL, against: int | None = None) -> dict[str, Any]:
    who = queries.player(conn, player_id)
    if who is None:
        return {}
    opponents = queries.versus(conn, player_id)
    page: dict[str, Any] = {
        "player_id": who.id, "name": who.name, "kind": who.kind, "vouched_by": who.key.split(":", 1)[0],
        "variants": [
            {"variant": v.variant, "matches": v.matches, "wins": v.wins, "abandoned": v.abandoned,
             "rating": v.rating.shown if v.rating else None,
             "provisional": v.rating.provisional if v.rating else None}
            for v in queries.by_variant(conn, player_id)
        ],
        "against_bots": [_versus(v) for v in opponents if v.kind == "bot"],
        "against_people": [_versus(v) for v in opponents if v.kind != "bot"],
        "history": [{"at": utc(at).isoformat(), "rating": r.shown, "mu": round(r.mu, 3), "sigma": round(r.sigma, 3)}
                    for at, r in queries.history(conn, player_id, variant)],
        "history_variant": variant,
        "recent": [_recent(m) for m in queries.recent(conn, player_id)],
    }
    # the analysed matches (issue 28): accuracy over time, for the page's plot and column
    page["accuracy"], page["accuracy_unreadable"] = accuracy_history(conn, player_id)
    if against is not None:
        page["head_to_head"] = [_versus(v) for v in queries.versus(conn, player_id, other_id=against)]
    return page


def _versus(v: queries.Versus) -> dict[str, Any]:
    return {"other": v.other, "kind": v.kind, "matches": v.matches, "better": v.better, "worse": v.worse, "even": v.even}


def _recent(m: queries.RecentMatch) -> dict[str, Any]:
    return {"match_id": m.match_id, "variant": m.variant, "ended_at": utc(m.ended_at).isoformat(), "status": m.status,
            "placing": m.placing, "players": m.players, "score": m.score, "others": m.others,
            "opponents": list(m.opponents), "mates": list(m.mates)}


def utc(at: datetime) -> datetime:
    """Every time is recorded in UTC; SQLite hands it back without its zone."""
    return at if at.tzinfo is not None else at.replace(tzinfo=UTC)


def local_time(iso: str) -> str:
    """A recorded time as the person reading it expects: in this machine's zone, to the
    minute, written the way their language writes a date (3 Jan 2026, 08:30 / 03.01.2026, 08:30)."""
    try:
        at = datetime.fromisoformat(iso)
    except ValueError:
        return iso[:16]
    return moment(utc(at).astimezone())


def lists() -> list[str]:
    """The leaderboards: the overall one, then one a variant (the registry's, engine/rules/)."""
    return [OVERALL, *VARIANTS]


def list_title(variant: str) -> str:
    """A leaderboard's name: the overall list, or a variant's."""
    if variant == OVERALL:
        return _("Overall")
    return _(VARIANTS[variant].title) if variant in VARIANTS else variant


def others_words(recent: dict[str, Any]) -> str:
    """A recent match's other players in the reader's words, plain text: You is Du, and a
    Partner team mate is named apart, "(mit Ben)". A server older than the names' lists
    sends only the line `others`, which the records write as "A, B (with C)"."""
    opponents, mates = recent.get("opponents"), recent.get("mates")
    if not isinstance(opponents, list) or not isinstance(mates, list):
        import re

        others = clean_name(str(recent.get("others", "")))
        mate = re.fullmatch(r"(.*) \(with (.*)\)", others, re.S)
        return f"{mate.group(1)} " + _("(with {names})").format(names=mate.group(2)) if mate else others
    names = ", ".join(shown_name(str(n)) for n in opponents)
    if mates:
        names += " " + _("(with {names})").format(names=", ".join(shown_name(str(n)) for n in mates))
    return names


def status_words(status: str) -> str:
    """How a match ended, in the reader's words (the records keep "finished"/"abandoned")."""
    return {"finished": _("finished"), "abandoned": _("abandoned")}.get(status, status)
