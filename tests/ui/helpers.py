"""Driving the app like a person: pressing keys until a match is over."""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from textual import events
from textual.worker import WorkerCancelled

from dominoes_tui.ui.app import DominoesApp
from dominoes_tui.ui.choices import MatchSettings, Prefs, parse_seats
from dominoes_tui.ui.render import END_KEYS, HAND_KEYS
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
