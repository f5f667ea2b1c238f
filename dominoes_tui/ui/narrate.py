"""Plain-words lines for what just happened at the table ("Bot 2 drew 3 and passed").

Pure: reads the public history of a PlayerView, so it tells only what the seat may know
(another seat's drawn tiles arrive here as `None` and are counted, never named).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

END_WORDS = {"left": "on the left", "right": "on the right", "up": "on the top", "down": "on the bottom"}


@dataclass(frozen=True)
class LogEntry:
    """One line of the move log: one turn (draws folded in), or how the round ended."""

    text: str
    seat: int | None  # who moved; None for the round's end
    last: int  # index in the history of the entry's last event
    points: int = 0  # All Fives: what the play scored, shown beside it


def _placed(event: dict[str, Any]) -> str:
    if event.get("end") is None:
        return f"led {event['tile']}"
    return f"played {event['tile']} {END_WORDS.get(event['end'], event['end'])}"


def _drew(tiles: list[str | None]) -> str:
    known = [t for t in tiles if t]
    return f"drew {', '.join(known)}" if known and len(known) == len(tiles) else f"drew {len(tiles)}"


def log_entries(history: Sequence[dict[str, Any]], names: Sequence[str], variant: str = "draw") -> list[LogEntry]:
    """One entry per turn, oldest first. Draws are folded into the move that ended them;
    All Fives points stand beside the play that scored them (never instead of it)."""
    entries: list[LogEntry] = []
    drawn: dict[int, tuple[list[str | None], int]] = {}

    def who(seat: Any) -> str:
        return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"

    for index, event in enumerate(history):
        kind = event["event"]
        seat = event.get("seat")
        if kind == "draw":
            if isinstance(seat, int):  # every draw names its seat
                tiles = drawn[seat][0] if seat in drawn else []
                tiles.append(event.get("tile"))
                drawn[seat] = (tiles, index)
            continue
        prefix = ""
        if kind in ("play", "pass") and seat in drawn:
            tiles, _ = drawn.pop(seat)
            prefix = _drew(tiles) + " and "
        if kind == "play":
            entries.append(LogEntry(f"{who(seat)} {prefix}{_placed(event)}", seat, index))
        elif kind == "pass":
            entries.append(LogEntry(f"{who(seat)} {prefix}passed", seat, index))
        elif kind == "score":
            points = int(event.get("points", 0))
            if entries and entries[-1].seat == seat and not entries[-1].points:
                e = entries[-1]
                entries[-1] = LogEntry(f"{e.text}: the ends count {points}, +{points}", seat, index, points)
            else:
                entries.append(LogEntry(f"{who(seat)} scored {points}", seat, index, points))
        elif kind == "round_end":
            if event.get("result") == "domino":
                how = "domino!"
            elif variant in ("kozel", "duel"):
                how = "a fish: nobody could play."
            else:
                how = "blocked: nobody could play."
            entries.append(LogEntry("The round is over: " + how, None, index))
    for seat, (tiles, index) in drawn.items():  # draws not yet followed by a move
        entries.append(LogEntry(f"{who(seat)} {_drew(tiles)}", seat, index))
    entries.sort(key=lambda e: e.last)
    return entries


def describe(history: Sequence[dict[str, Any]], names: Sequence[str], variant: str = "draw") -> list[str]:
    """The log as plain lines, oldest first."""
    return [e.text for e in log_entries(history, names, variant)]


def own_draws_since_last_move(history: Sequence[dict[str, Any]], seat: int) -> list[str]:
    """Tiles `seat` was made to draw since it last acted (shown as a notice on its turn)."""
    tiles: list[str] = []
    for event in reversed(history):
        if event.get("seat") != seat:
            continue
        if event["event"] == "draw":
            tiles.append(str(event.get("tile")))
        elif event["event"] in ("play", "pass"):
            break
    return list(reversed(tiles))


def last_own_move(history: Sequence[dict[str, Any]], seat: int) -> int:
    """Index of `seat`'s last play or pass this round, -1 if none: what came after it
    is news to the person at that seat."""
    return max((i for i, e in enumerate(history) if e.get("seat") == seat and e["event"] in ("play", "pass")), default=-1)


def last_placed(history: Sequence[dict[str, Any]]) -> list[str]:
    """The tiles of the last two plays, newest first (highlighted on the chain)."""
    return [str(e["tile"]) for e in reversed(history) if e["event"] == "play"][:2]
