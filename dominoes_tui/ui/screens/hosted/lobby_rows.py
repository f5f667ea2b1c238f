"""What a row of the lobby says of a table, in the language in use: its columns, its
seats in brief (people by name, the rest counted) and its status (lobby.py shows them)."""
from __future__ import annotations

from collections.abc import Sequence

from ....bots.registry import level_word
from ....i18n import _, ngettext, pgettext
from ....net.wire.server_parts import SeatPublic, TableInfo


def level_words(level: object) -> str:
    """A bot level as the language says it; one we do not know, as the server said it."""
    if not level:
        return _("bot")
    return level_word(level) if isinstance(level, str) else str(level)


def seat_words(seat: SeatPublic, me: int | None) -> str:
    if seat.kind == "bot":
        return _("{name} (bot, {level})").format(name=seat.name, level=level_words(seat.level))
    if not seat.taken:
        return _("free")
    you = _(" (you)") if seat.seat == me else ""
    away = "" if seat.connected else _(" (away)")
    return f"{seat.name}{you}{away}"


# The lobby's columns (their keys) and widths: fixed, as auto-sized columns that grew
# after the first paint left a stale header over an SSH session; the seats take the rest
# (the variant's name whole: "Klassisches Duell"; a status with "(dein Platz)")
COLUMNS: tuple[tuple[str, int | None], ...] = (("Code", 4), ("Game", 17), ("Status", 20), ("Watch", 5), ("Seats", None))
FIXED = sum(width + 2 for _key, width in COLUMNS if width)  # each cell padded by one on either side


def column_label(key: str) -> str:
    """A column's heading in the language in use ("Watch" counts spectators here)."""
    return {
        "Code": pgettext("lobby column", "Code"), "Game": pgettext("lobby column", "Game"),
        "Status": pgettext("lobby column", "Status"), "Watch": pgettext("lobby column", "Watch"),
        "Seats": pgettext("lobby column", "Seats"),
    }.get(key, key)


def seats_in_brief(seats: Sequence[SeatPublic], room: int = 10_000) -> str:
    """The seats in a lobby row: people by name, free seats and bots counted; where the
    names do not fit `room` cells, the last are counted too ("Anke, 2 more, 1 bot"), never
    cut ("Anke, Ben (away), 1 bo")."""
    people = [seat_words(s, None) for s in seats if s.kind == "human" and s.taken]
    free = sum(1 for s in seats if s.kind == "human" and not s.taken)
    bots = sum(1 for s in seats if s.kind == "bot")
    counted = []
    if free:
        counted.append(ngettext("{n} free", "{n} free", free).format(n=free))
    if bots:
        counted.append(ngettext("{n} bot", "{n} bots", bots).format(n=bots))
    for named in range(len(people), -1, -1):
        more = len(people) - named
        # with no name before it, "2 more people" read as two seats still to be taken
        counting = ngettext("{n} more person", "{n} more people", more) if named else ngettext("{n} person", "{n} people", more)
        rest = [counting.format(n=more)] if more else []
        said = ", ".join([*people[:named], *rest, *counted])
        if len(said) <= room or named == 0:
            return said
    return ""


def status_words(table: TableInfo) -> str:
    practice = _("practice, ") if table.practice else ""  # seeded: its maker may know every deal
    if table.phase == "waiting":
        free = len(table.free)
        return practice + (_("waiting") if free else _("starting"))
    if table.phase == "match_over":
        return practice + _("over")
    return practice + _("round {n}").format(n=table.round)
