"""Plain-words lines for what just happened at the table ("Bot 2 drew 3 and passed").

Pure: reads the public history of a PlayerView, so it tells only what the seat may know
(another seat's drawn tiles arrive here as `None` and are counted, never named).
"""
from __future__ import annotations

from typing import Any, Sequence

END_WORDS = {"left": "on the left", "right": "on the right", "up": "on the top", "down": "on the bottom"}


def _placed(event: dict[str, Any]) -> str:
    if event.get("end") is None:
        return f"led {event['tile']}"
    return f"played {event['tile']} {END_WORDS.get(event['end'], event['end'])}"


def describe(history: Sequence[dict[str, Any]], names: Sequence[str]) -> list[str]:
    """One line per turn, oldest first. Draws are folded into the move that ended them."""
    lines: list[str] = []
    drawn: dict[int, list[str | None]] = {}
    for event in history:
        kind = event["event"]
        seat = event.get("seat")
        who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"
        if kind == "draw":
            drawn.setdefault(seat, []).append(event.get("tile"))  # type: ignore[arg-type]
            continue
        prefix = ""
        if kind in ("play", "pass") and seat in drawn:
            tiles = drawn.pop(seat)  # type: ignore[arg-type]
            known = [t for t in tiles if t]
            prefix = f"drew {', '.join(known)}" if known and len(known) == len(tiles) else f"drew {len(tiles)}"
            prefix += " and "
        if kind == "play":
            lines.append(f"{who} {prefix}{_placed(event)}")
        elif kind == "pass":
            lines.append(f"{who} {prefix}passed")
        elif kind == "score":
            lines.append(f"{who} scored {event['points']} (the ends count {event['points']})")
        elif kind == "round_end":
            lines.append("The round is over: " + ("domino!" if event.get("result") == "domino" else "blocked."))
    for seat, tiles in drawn.items():  # draws not yet followed by a move
        who = names[seat] if 0 <= seat < len(names) else "?"
        known = [t for t in tiles if t]
        lines.append(f"{who} drew {', '.join(known) if known and len(known) == len(tiles) else len(tiles)}")
    return lines


def own_draws_since_last_move(history: Sequence[dict[str, Any]], seat: int) -> list[str]:
    """Tiles `seat` was made to draw since it last acted (shown as a notice on its turn)."""
    tiles: list[str] = []
    for event in reversed(history):
        if event.get("seat") != seat:
            if event["event"] in ("play", "pass"):
                continue
            continue
        if event["event"] == "draw":
            tiles.append(str(event.get("tile")))
        elif event["event"] in ("play", "pass"):
            break
    return list(reversed(tiles))
