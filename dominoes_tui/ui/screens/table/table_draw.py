"""The table's widgets fitted to the terminal: the chain takes the rows it needs, the
move log the rest, the prompt and the walk-through's coach the rows their text wraps
to; and the presenter's lines (`Said`) as rich text."""
from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.css.query import NoMatches
from textual.screen import Screen

from ....engine import PlayerView
from ...chain_render import chain_height
from ...look import Look
from ...widgets.chain import Chain
from ...widgets.footer import Footer
from ...widgets.hand import Hand
from ...widgets.line import TextLine
from ...widgets.move_log import MoveLog
from ...widgets.seats import SeatsPanel
from .presenter import TablePresenter
from .said import Said

LOG_MIN = 3  # the move log keeps at least this many rows while the chain has room


def to_text(said: Said) -> Text:
    """The presenter's line as rich text, part for part (a name stays plain text)."""
    text = Text(style=said.style)
    for part in said.parts:
        if isinstance(part, Said):
            text.append(to_text(part))
        else:
            text.append(part[0], part[1] or None)
    return text


def notices_below(screen: Screen[Any], top: int) -> None:
    """Notices (top right) begin under the seats, whose points and lacks they covered
    with three or four players at 80×24."""
    try:
        rack = screen.query_one("#textual-toastrack")
    except NoMatches:  # notifications off (a test), or not composed yet
        return
    if rack.styles.margin.top != top:
        rack.styles.margin = (top, 0, 0, 0)


def show_coach(screen: Screen[Any], p: TablePresenter, view: PlayerView, mine: bool) -> None:
    """The walk-through's line for this step, at the height its text wraps to: set
    here, not left to the layout, as the chain and log are fitted around it before
    the next layout (a height found only then pushed the hand off an 80×24 screen)."""
    from .walkthrough_text import coach_line

    line = Text(coach_line(view, mine, p.end_cursor is not None, p.drew_now))
    coach = screen.query_one("#coach", TextLine)
    width = max(20, screen.size.width - 2)  # less the padding
    rows = 1 + len(line.wrap(screen.app.console, width))  # and the border above it
    coach.text = line
    if coach.styles.height is None or coach.styles.height.value != rows:
        coach.styles.height = rows


def prompt_rows(screen: Screen[Any], text: Text, most: int, big: bool) -> None:
    """The prompt at the rows its text wraps to, up to `most` (three on a projector)."""
    prompt = screen.query_one("#prompt")
    width = max(20, screen.size.width - 2)  # less the padding
    rows = max(min(most, len(text.wrap(screen.app.console, width))), 3 if big else 1)
    if prompt.styles.height is None or prompt.styles.height.value != rows:
        prompt.styles.height = rows


def fit_log(screen: Screen[Any], view: PlayerView, unseen: int, look: Look, walkthrough: bool,
            heights_were: tuple[int, int] | None) -> tuple[int, int] | None:
    """Give the chain the rows it needs and the log all the rest (never two lines
    while rows stand empty); the log grows to hold every move since the person's
    last turn, the chain going compact if it must. Returns the rows now set."""
    chain, log = screen.query_one(Chain), screen.query_one(MoveLog)
    others = [screen.query_one(q) for q in ("#status", SeatsPanel, Hand, Footer)]
    # the prompt's and the coach's rows as set for this very step (fit_prompt,
    # show_coach), not as last laid out
    coach = screen.query_one("#coach").styles.height
    coach_rows = int(coach.value) if walkthrough and coach is not None else 0
    prompt = screen.query_one("#prompt").styles.height
    prompt_rows = int(prompt.value) if prompt is not None else 1
    free = screen.size.height - sum(w.outer_size.height for w in others) - coach_rows - prompt_rows
    if free <= 2:
        return heights_were
    width = max(20, chain.content_size.width or screen.size.width)
    big = look.big
    # From the largest drawing to the smallest: big tiles (projector), normal ones,
    # compact, and compact with All Fives arms laid sideways. Sized for compact when
    # the arms lay sideways, the chain stood half empty while the log had two lines;
    # without the normal size, a projector's chain fell from big straight to compact.
    sizes = [chain_height(view.layout, width, compact=False, big=big)]
    if big:
        sizes.append(chain_height(view.layout, width, compact=False))
    sizes += [chain_height(view.layout, width, compact=True),
              chain_height(view.layout, width, compact=True, sideways=True)]
    want_log = min(max(LOG_MIN, unseen), max(2, free - sizes[-1]))
    chain_rows = next((rows for rows in sizes if rows + want_log <= free), max(3, free - want_log))
    chain_rows = max(1, min(chain_rows, free - 2))
    heights = (chain_rows, free - chain_rows)
    if heights != heights_were:
        chain.styles.height = heights[0]
        log.styles.height = heights[1]
    return heights
