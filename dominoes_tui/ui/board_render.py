"""The projector board drawn from a `board` message: pure, text in and text out.

Large screens (120×40 and up) get the featured table big, a column of standings, this
round's tables and recent results, and a row of miniatures of every live table; an 80×24
terminal gets the same facts in brief. Every name is shown as plain text.
"""
from __future__ import annotations

from typing import Any, Sequence

from rich.text import Text

from ..net.protocol import view_from_json
from .chain_render import render_chain
from .render import Canvas, Look

LARGE = (120, 40)
SIDE_WIDTH = 46
MINI_W, MINI_H = 30, 7


def plain_text(value: object, limit: int = 40) -> str:
    """Whatever the network sent, as printable text (no control or escape characters)."""
    return "".join(ch for ch in str(value) if ch.isprintable())[:limit]


def _sides(t: dict[str, Any]) -> list[tuple[str, int]]:
    out = []
    for i, side in enumerate(t["sides"]):
        names = " & ".join(plain_text(t["seats"][s]["name"], 14) for s in side)
        out.append((names, t["scores"][i]))
    return out


def _turn(t: dict[str, Any]) -> str:
    if t["to_act"] is None:
        return "between rounds" if t["phase"] != "match_over" else "finished"
    return f"to play: {plain_text(t['seats'][t['to_act']]['name'], 14)}"


def mini_rows(t: dict[str, Any], width: int) -> list[str]:
    """A live table in a few lines: code and rules, each side with its score, turn, last move."""
    rows = [f"{t['code']}  {t['title']} r{t['round']}"[:width]]
    for i, (names, score) in enumerate(_sides(t)):
        mark = ">" if t["to_act"] is not None and t["to_act"] in t["sides"][i] else " "
        rows.append(f"{mark}{names[: width - 6]:<{width - 6}}{score:>5}")
    rows.append(plain_text(t["last"], width))
    return rows


def _standings_rows(tour: dict[str, Any] | None, count: int, width: int) -> list[str]:
    if not tour:
        return []
    rows = [f"{'#':>3} {'name':<{width - 17}} {'pts':>5} {'opp':>6}"]
    for s in tour["standings"][:count]:
        name = plain_text(s["name"], width - 17) + (" (out)" if s["withdrawn"] else "")
        rows.append(f"{s['rank']:>3} {name[: width - 17]:<{width - 17}} {s['shown']:>5} {s['opponents_score']:>6g}")
    return rows


def _round_rows(tour: dict[str, Any] | None, width: int) -> list[str]:
    if not tour:
        return []
    rows = []
    for tb in tour["tables"]:
        sides = " v ".join(plain_text(" + ".join(side), 30) for side in tb["sides"])
        result = "-".join(str(x) for x in tb["scores"]) if tb["scores"] else (tb["code"] or "")
        rows.append(f"{tb['table']:>2} {sides[: width - 12]:<{width - 12}} {result:>8}")
    for name in tour["byes"]:
        rows.append(f" - {plain_text(name, width - 12)} (bye)")
    return rows


def _recent_rows(tour: dict[str, Any] | None, width: int) -> list[str]:
    if not tour:
        return []
    rows = []
    for r in reversed(tour["recent"]):
        sides = [f"{plain_text(' + '.join(s), 20)} {sc}" for s, sc in zip(r["sides"], r["scores"])]
        rows.append(f"r{r['round']} " + " v ".join(sides))
    return [r[:width] for r in rows]


def headline(board: dict[str, Any], where: str) -> str:
    tour = board.get("tournament")
    live = len(board["tables"])
    parts = [f"dominoes board {where}", f"{live} table{'s' if live != 1 else ''} live"]
    if tour:
        s = tour["settings"]
        if tour["state"] == "registering":
            parts.append(f"tournament open for registration: {len(tour['entrants'])} entered")
        elif tour["state"] == "playing":
            parts.append(f"{s['variant']} {s['format']}, round {tour['round']} of {s['rounds']}")
        else:
            parts.append("tournament over: final standings")
    return "  ·  ".join(parts)


def _featured_header(t: dict[str, Any], auto: bool) -> list[str]:
    how = "auto: the closest game" if auto else "picked"
    first = f"Table {t['code']} ({how}) · {t['title']}, round {t['round']}, target {t['target']}"
    sides = "   ".join(f"{names} {score}" for names, score in _sides(t))
    return [first, sides, f"{_turn(t)} · {plain_text(t['last'], 60)}"]


def render_board(board: dict[str, Any], width: int, height: int, look: Look, where: str = "") -> list[Text]:
    c = Canvas(width, height)
    c.put(0, 0, headline(board, where)[:width].ljust(width), "reverse")
    tour = board.get("tournament")
    tables: Sequence[dict[str, Any]] = board["tables"]
    featured = next((t for t in tables if t["code"] == board.get("featured")), None)
    large = width >= LARGE[0] and height >= LARGE[1]
    side_w = SIDE_WIDTH if large else min(38, width // 2)
    main_w = width - side_w - 1
    # the column on the right: standings, this round, recent results
    y = 2
    if tour:
        c.put(main_w + 1, y, "Standings", "bold")
        rows = _standings_rows(tour, 16 if large else 6, side_w)
        c.block(main_w + 1, y + 1, rows)
        y += len(rows) + 2
        this_round = _round_rows(tour, side_w)
        if this_round and y < height - 2:
            c.put(main_w + 1, y, f"Round {tour['round']}" if tour["state"] != "registering" else "Entered", "bold")
            c.block(main_w + 1, y + 1, this_round[: max(0, height - y - 3)])
            y += len(this_round) + 2
        recent = _recent_rows(tour, side_w)
        if recent and y < height - 2:
            c.put(main_w + 1, y, "Recent results", "bold")
            c.block(main_w + 1, y + 1, recent[: max(0, height - y - 2)])
    else:
        c.put(main_w + 1, y, "No tournament tonight", "bold")
    for row in range(1, height):
        c.put(main_w, row, "|" if look.ascii else "│", "dim")
    # the featured table, large
    y = 2
    if featured is None:
        c.put(1, y, "No table is being played right now." if not tables else "")
    else:
        for i, row in enumerate(_featured_header(featured, bool(board.get("auto")))):
            c.put(1, y + i, row[: main_w - 2], "bold" if i == 0 else None)
        y += 4
        minis_h = MINI_H + 1 if large and len(tables) > 1 else (min(len(tables), 6) + 1 if len(tables) > 1 else 0)
        chain_h = max(3, height - y - minis_h - 1)
        if "view" in board:
            layout = view_from_json(board["view"]).layout
            picture = render_chain(layout, look, main_w - 2, chain_h)
            for i, line in enumerate(picture.lines[:chain_h]):
                _put_text(c, 1, y + i, line, main_w - 2)
        y = height - minis_h
    # every other live table: miniatures (large) or one line each
    others = [t for t in tables if featured is None or t["code"] != featured["code"]]
    if others and y < height:
        if large:
            x = 1
            for t in others:
                if x + MINI_W > main_w:
                    break
                c.block(x, y, mini_rows(t, MINI_W - 2))
                x += MINI_W + 1
        else:
            for i, t in enumerate(others[: height - y]):
                sides = " v ".join(f"{n} {s}" for n, s in _sides(t))
                c.put(1, y + i, f"{t['code']} {sides}"[: main_w - 2])
    return c.lines()


def _put_text(c: Canvas, x: int, y: int, line: Text, width: int) -> None:
    """Copy a styled line into the canvas, clipped to `width`."""
    text = line.plain[:width]
    c.put(x, y, text, line.style or None)
    for span in line.spans:
        c.put(x + span.start, y, text[span.start: span.end], span.style)
