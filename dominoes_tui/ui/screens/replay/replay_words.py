"""The analysis in the replay viewer, in words: a move, its verdict, the best move beside
it, the win chance before and after, each seat's accuracy. Pure (no widgets).

The analysis writes moves language-neutrally ("3-5 left", a lead "6-6": bots/analysis
move_words); they are put in the reader's language here, the end's word translated.
"""
from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.text import Text

from ....bots.analysis import THRESHOLDS, Verdict
from ....bots.analysis.verdicts import held_back
from ....engine.layout import END_NAMES
from ....i18n import N_, _, ngettext
from ....i18n.formats import percent
from ...words import end_name, shown

VERDICT_WORDS = {
    "best": N_("best move"), "good": N_("good move"), "inaccuracy": N_("inaccuracy"),
    "mistake": N_("mistake"), "blunder": N_("blunder"),
}
# what the loss alone would be named, where the margin holds the mark back
NOT_SURELY = {"inaccuracy": N_("not surely an inaccuracy"), "mistake": N_("not surely a mistake"),
              "blunder": N_("not surely a blunder")}
VERDICT_STYLES = {"inaccuracy": "bold yellow", "mistake": "bold dark_orange", "blunder": "bold red"}
MARKS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}  # as bots/analysis VERDICT_MARKS
BAD = ("mistake", "blunder")  # what n and p step to


def move_text(words: str) -> str:
    """ "3-5 left" in the reader's language; a lead ("6-6") as it is."""
    tile, _sep, end = words.partition(" ")
    return f"{tile} {end_name(end)}" if end in END_NAMES else words


def event_words(event: dict[str, Any]) -> str:
    """A log's play event written as the analysis writes moves."""
    return f"{event['tile']} {event['end']}" if event.get("end") else str(event["tile"])


def chance(value: float, exact: bool = False) -> str:
    """A win chance: an estimate marked ≈, a solved position's exact value as it is."""
    return percent(value) if exact else f"≈ {percent(value)}"


def margin_words(judgement: Any, short: bool = False) -> str:
    """Where the margin of an estimate keeps a move from the mark its loss alone would
    earn, the words that say so (the legend names marks by the loss); else nothing.
    `short`: only what it is not surely, for a line with no room for the figures."""
    named = held_back(judgement.loss, judgement.error)
    if named is None:
        return ""
    if short:
        return _(NOT_SURELY[str(named)])
    return _("a loss of {loss} ± {error}: {not_surely}").format(
        loss=percent(judgement.loss, 1), error=percent(judgement.error, 1), not_surely=_(NOT_SURELY[str(named)]))


def judged_line(judgement: Any, name: str, width: int = 10_000) -> Text:
    """What the viewer says of a judged move: mark and verdict, the best move beside a
    worse one, the mover's win chance before and after, where the margin held back a mark,
    that it did, then as many of the other moves as fit `width` ("… 2 more": at 80
    columns the list ran past the edge)."""
    verdict = str(judgement.verdict)
    text = Text()
    text.append(f"{name}: ")  # a name from the log: plain text
    text.append(move_text(judgement.played), "bold")
    mark = MARKS.get(verdict, "")
    if mark:
        text.append(f" {mark}", VERDICT_STYLES[verdict])
    text.append(f" {_(VERDICT_WORDS[verdict])}", VERDICT_STYLES.get(verdict, "green" if verdict == "best" else ""))
    if judgement.best != judgement.played and verdict != "best":
        text.append(" · " + _("best: {move}").format(move=move_text(judgement.best)), "bold")
    text.append("\n")
    exact = judgement.exact
    second = _("Win chance {before} → {after}").format(before=chance(judgement.before, exact),
                                                       after=chance(judgement.after, exact))
    text.append(second)
    held = margin_words(judgement)
    if held and cell_len(f"{second} ({held})") > width:
        held = margin_words(judgement, short=True)  # at 80 columns German cut "nicht sicher ein Patzer"
    if held:
        second += f" ({held})"
        text.append(f" ({held})", "dim")
    others = [f"{move_text(m)} {chance(c, exact)}" for m, c in judgement.options
              if m not in (judgement.played, judgement.best)]
    for count in range(len(others), 0, -1):
        listed = others[:count] + ([_("{n} more").format(n=len(others) - count)] if count < len(others) else [])
        tail = " · " + ", ".join(listed)
        if cell_len(second + tail) <= width:
            text.append(tail, "dim")
            break
    return text


def unjudged_line(event: dict[str, Any], name: str) -> Text:
    return Text.assemble(f"{name}: ", (move_text(event_words(event)), "bold"), " ",
                         (_("no choice to judge"), "dim"))


def seats_line(analysis: Any) -> Text:
    """Each seat's accuracy and its mistakes, for the steps that show no move."""
    text = Text(_("Accuracy") + ": ", "bold")
    for i, seat in enumerate(analysis.seats):
        if i:
            text.append(" · ")
        text.append(f"{shown(seat.name)} {percent(seat.accuracy / 100)}")  # a name from the log: plain text
        counts = [(seat.blunders, "??"), (seat.mistakes, "?"), (seat.inaccuracies, "?!")]
        marks = " ".join(f"{n}{mark}" for n, mark in counts if n)
        if marks:
            text.append(f" ({marks})", "dim")
    text.append("\n")
    judged = len(analysis.moves)
    text.append(ngettext("{n} move judged", "{n} moves judged", judged).format(n=judged), "dim")
    text.append("  " + _("n/p: next/previous mistake, l: learn from yours"), "dim")  # l is not in the footer
    return text


def marks_legend() -> str:
    """What each mark says and the loss it takes, as the analysis names them."""
    least = {v: percent(t) for v, t in THRESHOLDS}
    return _("?! inaccuracy (a loss of {inaccuracy} or more), ? mistake ({mistake}), ?? blunder ({blunder})").format(
        inaccuracy=least[Verdict.INACCURACY], mistake=least[Verdict.MISTAKE], blunder=least[Verdict.BLUNDER])


def estimate_legend() -> str:
    return _("≈ an estimate, marked by what it surely lost (the loss less its ± margin); no ≈: solved exactly")


def legend_markdown() -> str:
    """The replay help's part on the analysis's marks."""
    head = "**" + _("The analysis's marks (a analyses the match).") + "**"
    return "\n".join(["", head, "", f"- {marks_legend()}", f"- {estimate_legend()}"])
