"""Driving the app like a person: pressing keys until a match is over."""
from __future__ import annotations

import random
import re
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from typing import Any

from textual import events
from textual.worker import WorkerCancelled

from dominoes_tui.engine import Match, Move, Seat, make_config, parse_tile
from dominoes_tui.table.client import SeatInfo
from dominoes_tui.table.local import report_from
from dominoes_tui.ui.app import DominoesApp
from dominoes_tui.ui.choices import MatchSettings, Prefs, parse_seats
from dominoes_tui.ui.render import END_KEYS, HAND_KEYS
from dominoes_tui.ui.screens.help import HelpScreen
from dominoes_tui.ui.screens.table.handover import HandoverScreen
from dominoes_tui.ui.screens.table.summary import MatchEndScreen, RoundSummaryScreen
from dominoes_tui.ui.screens.table.table import TableScreen


def make_app(
    variant: str, players: int | None = None, seats: str = "Ana", target: int | None = None, seed: int = 1, **options: object
) -> DominoesApp:
    from dominoes_tui.engine import VARIANTS

    players = players or VARIANTS[variant].players[0]
    settings = MatchSettings(variant, players, parse_seats(seats, players), target, dict(options), seed=seed)
    # bot seats named by level in `seats`; the rest are "random" so tests are fast and stable
    settings.seats = [s if s.is_human or s.level != "medium" else type(s)(s.name, "bot", "random") for s in settings.seats]
    return DominoesApp(settings, Prefs(speed="instant"), start_now=True)


async def leave_unfinished(variant: str, **kw: Any) -> None:
    """Start a match and quit it at once (Ctrl+Q): it stays saved, unfinished, in this
    copy's slot, for the next app to offer to resume."""
    app = make_app(variant, **kw)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        await press(pilot, "ctrl+q")


@dataclass
class Played:
    moves: int = 0
    ends_chosen: int = 0
    rounds: int = 0
    keys: list[str] = field(default_factory=list)


def send_key(app: DominoesApp, key: str) -> None:
    """Type one key as a terminal does, and go on at once: the app handles it in its own
    time, as it does a person's keys typed faster than it redraws."""
    char = key if len(key) == 1 else None
    event = events.Key(key, char)
    event.set_sender(app)
    app._driver.send_message(event)  # the same path a real terminal's keys take


async def press(pilot, *keys: str) -> None:
    """Press keys like `pilot.press`, without its wait for the whole process to go idle
    after each key (which made a whole match take half a minute)."""
    for key in keys:
        send_key(pilot.app, key)
        await settle(pilot.app, pilot)


async def settle(app: DominoesApp, pilot) -> None:
    await pilot.pause(0)
    try:
        await app.workers.wait_for_complete()
    except WorkerCancelled:  # the key quit the app: its workers were cancelled, nothing to wait for
        return
    await pilot.pause(0)


async def next_turn(app: DominoesApp, pilot, steps: int = 60) -> TableScreen | None:
    """The person's next turn, through round summaries; None when the match is over."""
    for _ in range(steps):
        await settle(app, pilot)
        if isinstance(app.screen, MatchEndScreen):
            return None
        if isinstance(app.screen, RoundSummaryScreen):
            await press(pilot, "enter")
        elif isinstance(app.screen, TableScreen) and app.screen.my_turn():
            return app.screen
    raise AssertionError("never the person's turn")


async def play_through(app: DominoesApp, pilot, max_steps: int = 4000, finish: bool = True) -> Played:
    """Press keys as a person would until the match-end screen shows."""
    played = Played()
    for step in range(max_steps):
        await settle(app, pilot)
        screen = app.screen
        if isinstance(screen, MatchEndScreen):
            return played
        if isinstance(screen, (RoundSummaryScreen, HandoverScreen)):
            if isinstance(screen, RoundSummaryScreen):
                played.rounds += 1
            await press(pilot, "enter")
            continue
        if not isinstance(screen, TableScreen) or not screen.my_turn():
            continue
        playable = screen.playable()
        # vary the way tiles are chosen: number keys, arrows, or the preselection
        if step % 3 == 0 and playable[-1] < len(HAND_KEYS):
            await press(pilot, HAND_KEYS[playable[-1]])
        elif step % 3 == 1:
            await press(pilot, "right")
        moves = screen.moves_for(screen.selected)
        if len(moves) > 1:
            played.ends_chosen += 1
            if step % 2:
                await press(pilot, "enter", "right", "enter")  # ask for the ends, move to the next, play
            else:
                await press(pilot, END_KEYS[moves[-1].end])  # the end's own key
        else:
            await press(pilot, "enter")
        played.moves += 1
    raise AssertionError("the match did not end")


def screen_lines(app: Any) -> list[str]:
    """The screen as a person reads it, a line a row (what the compositor drew last)."""
    return ["".join(seg.text for seg in strip).rstrip() for strip in app.screen._compositor.render_strips()]


class Notices:
    """Every notice an app showed (App.notify, the one way a notice is made), in order and
    as a person reads it, kept after its toast has gone: a test reads them here, not in
    Textual's private list of toasts, which also drops a toast once its time is up. Made
    by the `notices` fixture (tests/conftest.py) for one test; `Notices.active` is that
    test's, for helpers that report what the person was told when a wait fails."""

    active: Notices | None = None

    def __init__(self) -> None:
        self.shown: list[str] = []

    def __iter__(self) -> Iterator[str]:
        return iter(list(self.shown))

    def containing(self, words: str) -> list[str]:
        return [message for message in self.shown if words in message]


async def my_turn(app: DominoesApp, pilot, steps: int = 60) -> TableScreen:
    for _ in range(steps):
        await settle(app, pilot)
        if isinstance(app.screen, TableScreen) and app.screen.my_turn():
            return app.screen
    raise AssertionError("never the person's turn")


def _view(variant: str, moves: list[tuple[str, str | None]], hand: tuple[str, ...], legal: list[Move]):
    from dominoes_tui.engine import PlayerView

    layout = play(variant, moves)
    return PlayerView(
        seat=0, variant=variant, players=2, teams=None, options={}, target=100, names=("Ana", "Bob"), round=1,
        phase="playing", leader=1, to_act=0, hand=tuple(parse_tile(t) for t in hand), layout=layout,
        hand_sizes=(len(hand), 5), boneyard=5, drawable=5, scores=(0, 0), legal=tuple(legal), history=(),
        lacks=(frozenset(), frozenset()),
    )


async def my_turns(app: DominoesApp, pilot, turns: int = 60) -> AsyncIterator[TableScreen]:
    """Each of the person's turns until the match is over; after each, the offered tile is
    played (and the end offered, where it fits two)."""
    for _ in range(turns):
        screen = await next_turn(app, pilot)
        if screen is None:
            return
        yield screen
        await press(pilot, "enter")
        if screen.end_cursor is not None:
            await press(pilot, "enter")


def on_screen(app: DominoesApp, within: str | None = None) -> str:
    """The screen's words in reading order, borders left out: a wrapped paragraph reads
    as one line. `within`: only what shows inside that widget of the top screen."""
    rows = screen_lines(app)
    if within is not None:
        region = app.screen.query_one(within).region
        rows = [row[region.x : region.right] for row in rows[region.y : region.bottom]]
    rows = [re.sub(r"[\u2500-\u257f]", " ", row) for row in rows]
    return " ".join(" ".join(row.split()) for row in rows)


def quiet(app: DominoesApp) -> None:
    """Toasts come and go with time; a snapshot must not depend on when it was taken."""
    app.clear_notifications()


def no_toasts(app: DominoesApp) -> DominoesApp:
    app.notify = lambda *args, **kwargs: None  # type: ignore[method-assign]
    return app


def play_moves(count: int):
    async def run_before(pilot) -> None:
        app = pilot.app
        played = 0
        for _ in range(200):
            await settle(app, pilot)
            screen = app.screen
            if played >= count and isinstance(screen, TableScreen) and screen.my_turn():
                break
            if isinstance(screen, TableScreen) and screen.my_turn():
                await press(pilot, "enter")
                if screen.end_cursor is not None:
                    await press(pilot, "enter")
                played += 1
        await settle(app, pilot)
        quiet(app)
        await pilot.pause(0)

    return run_before


def hinted_turns(count: int):
    """Play the hinted move on each of the person's turns, `count` times (Enter again
    where the tile fits two ends), and stop at the next turn."""
    async def run_before(pilot) -> None:
        app = pilot.app
        for _ in range(count):
            screen = await next_turn(app, pilot)
            assert screen is not None
            await press(pilot, "h", "enter")
            if screen.end_cursor is not None:
                await press(pilot, "enter")
        await next_turn(app, pilot)
        quiet(app)
        await pilot.pause(0)

    return run_before


def play(variant: str, moves: list[tuple[str, str | None]], players: int = 2):
    """A layout built from explicit moves (whoever holds the tile plays it)."""
    from dominoes_tui.engine import parse_tile
    from dominoes_tui.engine.layout import Layout

    layout = Layout(spinner_allowed=variant == "allfives")
    for name, end in moves:
        layout.place(parse_tile(name), end)
    from dominoes_tui.engine.view import LayoutView

    return LayoutView(tuple(layout.line), layout.spinner_index, tuple(layout.up), tuple(layout.down),
                      tuple(layout.open_ends()), layout.count())


SEATS = (SeatInfo("Ana", "human"), SeatInfo("Bob", "bot", "random"), SeatInfo("Cleo", "bot", "random"),
         SeatInfo("Dan", "bot", "random"))


def finished(variant: str, players: int, seed: int, **options: object):
    config = make_config(variant, players, options=options or None)
    m = Match(config, random.Random(seed), [Seat(s.name, s.kind, s.level) for s in SEATS[:players]], seed)
    m.begin_round()
    while m.phase == "playing":
        m.apply(m.legal_moves()[0])
    return config, report_from(m.records[-1], m, last=True)


async def wait_for(pilot, condition, tries: int = 600) -> None:
    """Wait for a condition (a worker filling a table, the viewer's analysis), never a fixed sleep."""
    for _ in range(tries):
        if condition():
            return
        await pilot.pause(0.02)
    raise AssertionError("the screen never got there")


async def shown_help(pilot) -> HelpScreen:
    """Press ? and return the help it shows."""
    await press(pilot, "question_mark")
    screen = pilot.app.screen
    assert isinstance(screen, HelpScreen), screen
    return screen


def markdown_of(screen: Any) -> str:
    """A help screen's text in one line (its Markdown as given, spaces folded)."""
    return " ".join(screen.query_one("Markdown")._markdown.split())


async def match_end(app: DominoesApp, pilot, variant: str, players: int, seed: int) -> MatchEndScreen:
    """A match's end over the table, pushed as the table pushes it (round_end.py: its answer
    goes to the table), from a match played out by `finished`: for a test of the end screen,
    not of the match played to it by keys."""
    config, report = finished(variant, players, seed)
    await settle(app, pilot)
    table = app.screen
    assert isinstance(table, TableScreen), table
    await app.push_screen(MatchEndScreen(report, config, SEATS[:players]), table.dismiss)
    await settle(app, pilot)
    assert isinstance(app.screen, MatchEndScreen)
    return app.screen
