"""The projector board drawn from a `board` message: pure, text in and text out.

Large screens (120×40 and up) get the featured table big (projector-size tiles when they
fit), a column of standings, this round's tables, recent results and the club
leaderboard, and a row of miniatures of every live table; an 80×24 terminal gets the
same facts in brief. Every name is shown as plain text.
"""
from __future__ import annotations

import textwrap
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from rich.text import Text

from ....engine import VARIANTS
from ....i18n import _, ngettext
from ....net.wire.protocol import view_from_json
from ....net.wire.says import spoken
from ....table.plain import plain
from ...chain_render import render_chain
from ...narrate import last_placed
from ...render import Canvas, Look
from ...words import table_title, variant_title
from .board_puzzle import draw_puzzle
from .evening_words import format_words as _format_words

LARGE = (120, 40)
SIDE_WIDTH = 46
RECENT_MAX = 8  # results listed; older ones are in the standings already
CLUB_MIN = 4  # leaderboard rows worth showing (its header and the top three), else none
MINI_W, MINI_H = 30, 7  # a miniature's cell (4 seats: code, 4 sides, last move) and a gap


def last_words(t: dict[str, Any]) -> str:
    """A table's last move in the language in use (the server sends it as says.py's
    template and arguments; an old server only its English)."""
    return spoken({"reason": t.get("last"), "say": t.get("last_say"), "args": t.get("last_args")})


def plain_text(value: object, limit: int = 40) -> str:
    """Whatever the network sent, as printable text (no control or escape characters);
    the board is drawn as rich Text, so `[b]` in a name stays two brackets and a b."""
    return plain(value, limit)


def _sides(t: dict[str, Any]) -> list[tuple[str, int]]:
    out = []
    for i, side in enumerate(t["sides"]):
        names = " & ".join(plain_text(t["seats"][s]["name"], 14) for s in side)
        out.append((names, t["scores"][i]))
    return out


def _turn(t: dict[str, Any]) -> str:
    if t["to_act"] is None:
        return _("between deals") if t["phase"] != "match_over" else _("finished")
    return _("to play: {name}").format(name=plain_text(t["seats"][t["to_act"]]["name"], 14))


def mini_rows(t: dict[str, Any], width: int, height: int = MINI_H - 1) -> list[str]:
    """A live table in a few lines: code and rules, each side with its score, turn, last move."""
    # a match's "round" is a deal here: "round" on this board is the tournament's
    title = table_title(t["variant"], t["title"])
    rows = [(f"{t['code']}  " + _("{title} · deal {n}").format(title=title, n=t["round"]))[:width]]
    for i, (names, score) in enumerate(_sides(t)):
        mark = ">" if t["to_act"] is not None and t["to_act"] in t["sides"][i] else " "
        rows.append(f"{mark}{names[: width - 6]:<{width - 6}}{score:>5}")
    # over the rows the sides leave: cut at the card's width it read "Guest played 1-5 on the righ"
    room = max(1, height - len(rows))
    last = textwrap.wrap(plain_text(last_words(t), 200), width) or [""]
    if len(last) > room:
        last = [*last[: room - 1], textwrap.shorten(" ".join(last[room - 1:]), width, placeholder="…")]
    return rows + last


def _standings_rows(tour: dict[str, Any] | None, count: int, width: int) -> list[str]:
    if not tour:
        return []
    name, pts, opp = _("name"), _("pts"), _("opp")  # each the width of its column, in every language
    rows = [f"{'#':>3} {name:<{width - 17}} {pts:>5} {opp:>6}"]
    for s in tour["standings"][:count]:
        name = plain_text(s["name"], width - 17) + (_(" (out)") if s["withdrawn"] else "")
        rows.append(f"{s['rank']:>3} {name[: width - 17]:<{width - 17}} {s['shown']:>5} {s['opponents_score']:>6g}")
    return rows


def _round_rows(tour: dict[str, Any] | None, width: int) -> list[str]:
    if not tour:
        return []
    rows = []
    for tb in tour["tables"]:
        sides = _(" v ").join(plain_text(" + ".join(side), 30) for side in tb["sides"])
        result = "-".join(str(x) for x in tb["scores"]) if tb["scores"] else (tb["code"] or "")
        rows.append(f"{tb['table']:>2} {sides[: width - 12]:<{width - 12}} {result:>8}")
    for name in tour["byes"]:
        rows.append(" - " + _("{name} (bye)").format(name=plain_text(name, width - 12)))
    return rows


def _recent_rows(tour: dict[str, Any] | None, width: int) -> list[str]:
    if not tour:
        return []
    rows = []
    for r in reversed(tour["recent"]):
        sides = [f"{plain_text(' + '.join(s), 20)} {sc}" for s, sc in zip(r["sides"], r["scores"])]
        rows.append(_("r{n}").format(n=r["round"]) + " " + _(" v ").join(sides))
    return [r[:width] for r in rows]


def leaderboard_title(club: dict[str, Any]) -> str:
    variant = club["variant"]
    which = _("all variants") if variant == "all" else variant_title(variant) if variant in VARIANTS else plain_text(variant, 12)
    return _("Club leaderboard ({which})").format(which=which)


def leaderboard_rows(club: dict[str, Any] | None, width: int) -> list[str]:
    """The club's rated players, best first; a provisional rating is marked with `?`."""
    if club is None:
        return []
    rows = club.get("rows")
    if rows is None:
        return [_("reading the records…")]
    if not rows:
        return [_("no rated matches yet")]
    from ....records.identity import shown_name  # the records' words, only where a leaderboard is shown

    name_w = max(8, width - 21)
    name, rating_word, won = _("name"), _("rating"), _("won")
    out = [f"{'#':>3} {name:<{name_w}} {rating_word:>7} {won:>7}"]
    for r in rows:
        rating = f"{r['rating']}{'?' if r['provisional'] else ' '}"
        name = shown_name(str(r["name"]), str(r.get("kind", "")))  # You is Du, bot:medium is Bot (mittel)
        out.append(f"{r['place']:>3} {plain_text(name, name_w):<{name_w}} {rating:>7} "
                   f"{str(r['wins']) + '/' + str(r['matches']):>7}")
    return [row[:width] for row in out]


def _side_column(c: Canvas, x: int, width: int, height: int, board: dict[str, Any], large: bool) -> None:
    """Standings, this round, recent results and the club leaderboard, top to bottom; the
    leaderboard only where it fits whole (after the evening's own facts)."""
    tour = board.get("tournament")
    sections: list[tuple[str, list[str]]] = []
    if tour and tour["state"] == "registering":  # the field so far; nothing played yet
        names = [plain_text(e["name"], width - 4) for e in tour["entrants"] if not e["withdrawn"]]
        sections.append((_("Entered ({n})").format(n=len(names)), [f"  {n}" for n in names] or ["  " + _("nobody yet")]))
    elif tour:
        sections.append((_("Standings"), _standings_rows(tour, 16 if large else 6, width)))
        sections.append((_("Round {n}").format(n=tour["round"]), _round_rows(tour, width)))
    else:
        sections.append((_("No tournament tonight"), []))
    club = leaderboard_rows(board.get("leaderboard"), width)
    recent = _recent_rows(tour, width)
    y = 2
    for title, rows in sections:
        if y >= height - 1:
            return
        c.put(x, y, title, "bold")
        shown = rows[: max(0, height - y - 1)]
        c.block(x, y + 1, shown)
        y += len(shown) + 2 if rows else 2
    if recent and y < height - 2:  # the evening's own results come before the club's
        c.put(x, y, _("Recent results"), "bold")
        shown = recent[: min(RECENT_MAX, height - y - 2)]
        c.block(x, y + 1, shown)
        y += len(shown) + 2
    if club and (height - y - 1 >= min(len(club), CLUB_MIN)):
        c.put(x, y, leaderboard_title(board["leaderboard"]), "bold")
        c.block(x, y + 1, club[: height - y - 1])


def headline(board: dict[str, Any], where: str, width: int = 10_000) -> str:
    """The top line at `width`, never cut inside a word: where it does not fit, the tables
    counted go first (each is on the board anyway), then the address; the evening's state,
    what a room reads the projector for, stays whole."""
    tour = board.get("tournament")
    live = len(board["tables"])
    counted = ngettext("{n} table live", "{n} tables live", live).format(n=live)
    evening: list[str] = []
    if tour:
        s = tour["settings"]
        if tour["state"] == "registering":
            evening.append(_("tournament open for registration: {n} entered").format(n=len(tour["entrants"])))
        elif tour["state"] == "playing":
            rules = variant_title(s["variant"]) if s["variant"] in VARIANTS else plain_text(s["variant"])
            evening.append(_("{rules}, {format}, round {round} of {rounds}").format(
                rules=rules, format=_format_words(s["format"]), round=tour["round"], rounds=s["rounds"]))
        else:
            evening.append(_("tournament over: final standings"))
    named = _("dominoes board {where}").format(where=where)
    choices = (
        "  ·  ".join([named, counted, *evening]),
        " · ".join([named, counted, *evening]),
        " · ".join([named, *evening]),
        " · ".join(evening or [counted]),
    )
    fitting = next((line for line in choices if len(line) <= width), choices[-1])
    return fitting if len(fitting) <= width else textwrap.shorten(fitting, width, placeholder="…")


def _featured_header(t: dict[str, Any], auto: bool, width: int = 10_000) -> list[str]:
    """The featured table's lines at `width`, each whole: where a line does not fit, the
    least needed part goes first (how it was chosen), then a line is wrapped, never cut."""
    how = _("auto: the closest game") if auto else _("picked")
    first = _("Table {code} ({how}) · {title}, deal {n}, target {target}").format(
        code=t["code"], how=how, title=table_title(t["variant"], t["title"]), n=t["round"], target=t["target"])
    if len(first) > width:
        first = _("Table {code} · {title}, deal {n}, target {target}").format(
            code=t["code"], title=table_title(t["variant"], t["title"]), n=t["round"], target=t["target"])
    sides = "   ".join(f"{names} {score}" for names, score in _sides(t))
    hands = [f"{plain_text(seat['name'], 14)} {n}" for seat, n in zip(t["seats"], t["hand_sizes"])]
    held = _("in hand: {hands}").format(hands=", ".join(hands))
    if t["boneyard"]:
        held += " · " + _("boneyard {n}").format(n=t["boneyard"])
    turn, last = _turn(t), plain_text(last_words(t), 60)
    moves = [f"{turn} · {last}"] if len(turn) + 3 + len(last) <= width else [turn, last]
    return [row for line in (first, sides, *moves, held) for row in textwrap.wrap(line, width) or [""]]


def _points(shown: str) -> str:
    return _("1 pt") if shown == "1" else _("{n} pts").format(n=shown)


def _idle_rows(board: dict[str, Any]) -> list[str]:
    """The big area with no table in play: the evening's state in words (who won it, at
    the end), else that nothing is being played."""
    tour = board.get("tournament")
    if tour and tour["state"] == "over" and tour["standings"]:
        top = tour["standings"]
        rows = [_("The evening is over. {name} wins it ({points}).").format(name=plain_text(top[0]["name"]),
                                                                           points=_points(top[0]["shown"])), ""]
        for s in top[:3]:
            opponents = _("opponents' score {n}").format(n=f"{s['opponents_score']:g}")
            rows.append(f"  {s['rank']}. {plain_text(s['name'])}  {_points(s['shown'])}, {opponents}")
        return rows
    if tour and tour["state"] == "registering":
        count = sum(1 for e in tour["entrants"] if not e["withdrawn"])
        return [_("A tournament is open: {n} entered so far. Join the server's lobby and press t to enter; "
                  "{name} starts it.").format(n=count, name=plain_text(tour["organizer"]))]
    if tour and tour["state"] == "playing":
        return [_("Round {n} is over at every table; the next round is being paired.").format(n=tour["round"])]
    return [_("No table is being played right now.")]


def render_board(board: dict[str, Any], width: int, height: int, look: Look, where: str = "") -> list[Text]:
    c = Canvas(width, height)
    c.put(0, 0, headline(board, where, width).ljust(width), "reverse")
    tables: Sequence[dict[str, Any]] = board["tables"]
    featured = next((t for t in tables if t["code"] == board.get("featured")), None)
    large = width >= LARGE[0] and height >= LARGE[1]
    side_w = SIDE_WIDTH if large else min(38, width // 2)
    main_w = width - side_w - 1
    # the column on the right: standings, this round, recent results, the club leaderboard
    _side_column(c, main_w + 1, side_w, height, board, large)
    for row in range(1, height):
        c.put(main_w, row, "|" if look.ascii else "│", "dim")
    if board.get("puzzle") and board.get("auto"):  # between rounds: the puzzle of the evening takes the big area
        draw_puzzle(c, 1, 2, main_w - 2, height - 2, board["puzzle"], look)
        return c.lines()
    others = [t for t in tables if featured is None or t["code"] != featured["code"]]
    minis = _minis_layout(others, main_w - 1, height, large)
    # the featured table, large
    y = 2
    if featured is None:
        c.block(1, y, [part for row in _idle_rows(board) for part in (textwrap.wrap(row, main_w - 2) or [""])])
    else:
        # whole lines: at 80 columns "Tisch DFGL (automatisch: …) · D" lost its variant
        header = _featured_header(featured, bool(board.get("auto")), main_w - 2)
        for i, said in enumerate(header):
            c.put(1, y + i, said, "bold" if i == 0 else None)
        y += max(5, len(header) + 1)
        chain_h = max(3, height - y - minis.height - 1)
        if "view" in board:
            view = view_from_json(board["view"])
            # projector-size tiles wherever they fit (render_chain falls back to small ones)
            picture = render_chain(view.layout, replace(look, big=True), main_w - 2, chain_h,
                                   highlight=last_placed(view.history))
            for i, line in enumerate(picture.lines[:chain_h]):
                _put_text(c, 1, y + i, line, main_w - 2)
    # every other live table: miniatures (large) or one line each, along the bottom
    y = height - minis.height if featured is not None else y + 1
    for i, t in enumerate(others[: minis.shown]):
        if large:
            row, col = divmod(i, minis.per_row)
            c.block(1 + col * (MINI_W + 1), y + row * MINI_H, mini_rows(t, MINI_W - 2))
        else:
            sides = _(" v ").join(f"{n} {s}" for n, s in _sides(t))
            c.put(1, y + i, f"{t['code']} {sides}"[: main_w - 2])
    if len(others) > minis.shown:
        more = len(others) - minis.shown
        c.put(1, height - 1, _("… and {n} more table(s): ←/→ show them large").format(n=more)[: main_w - 2], "dim")
    return c.lines()


class _Minis:
    """Where the other live tables go: how many are shown, in rows of `per_row`."""

    def __init__(self, shown: int, per_row: int, height: int) -> None:
        self.shown, self.per_row, self.height = shown, per_row, height


def _minis_layout(others: Sequence[dict[str, Any]], width: int, height: int, large: bool) -> _Minis:
    """Miniatures in as many rows as the featured table can spare (it keeps at least
    half the screen), one line a table on a small screen; a last line says how many
    are left out."""
    if not others:
        return _Minis(0, 1, 0)
    if large:
        per_row = max(1, (width + 1) // (MINI_W + 1))
        rows = min(-(-len(others) // per_row), max(1, (height // 2) // MINI_H))
        shown = min(len(others), rows * per_row)
        return _Minis(shown, per_row, rows * MINI_H + (1 if shown < len(others) else 0))
    shown = min(len(others), 6)
    shown = shown if shown == len(others) else shown - 1
    return _Minis(shown, 1, shown + 1 + (1 if shown < len(others) else 0))


def _put_text(c: Canvas, x: int, y: int, line: Text, width: int) -> None:
    """Copy a styled line into the canvas, clipped to `width`."""
    text = line.plain[:width]
    c.put(x, y, text, line.style or None)
    for span in line.spans:
        c.put(x + span.start, y, text[span.start: span.end], span.style)
