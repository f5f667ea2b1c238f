"""The table: the chain, your hand, the other seats, and the turn loop.

The screen is a client of a table (`TableClient`): it renders the view of the seat
playing here and sends back moves. What it shows and what each key does to that is
the presenter's (presenter.py, plain Python, its words presenter_words.py); the screen
sends the moves, awaits the bots in a worker (so it stays responsive while they think
and while their moves are paced), and sets its widgets from the presenter after each
step (table_draw.py). Screens built on it (the lesson, the puzzles) override a few of
its methods: `drive`, `send`, `my_turn`, `check_action`, `status_text`, `prompt_text`,
`fit_prompt`.
"""
from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.css.query import NoMatches
from textual.screen import Screen

from ....engine import MATCH_OVER, ROUND_OVER, Move, PlayerView
from ....i18n import _
from ....table.client import TableClient
from ...choices import Prefs
from ...look import Look
from ...narrate import last_placed
from ...table_keys import TABLE_BINDINGS
from ...widgets.chain import Chain
from ...widgets.footer import Footer
from ...widgets.hand import Hand
from ...widgets.line import TextLine
from ...widgets.move_log import MoveLog
from ...widgets.seats import SeatsPanel
from ...widgets.too_small import MIN_HEIGHT, MIN_WIDTH, TooSmall
from . import presenter_words as words
from . import table_draw
from .presenter import Change, TablePresenter
from .table_face import PresenterFace


class TableScreen(PresenterFace, Screen[str]):
    """Dismisses with "new" (a new match was asked for) or "quit"."""

    BINDINGS: ClassVar[list[BindingType]] = [*TABLE_BINDINGS]

    DEFAULT_CSS = """
    TableScreen { layout: vertical; }
    #status { height: 1; padding: 0 1; background: $panel; }
    #log { height: 3; padding: 0 1; }
    #prompt { height: 1; padding: 0 1; background: $boost; }
    #coach { display: none; height: auto; padding: 0 1; border-top: solid $accent; text-style: italic; }
    TableScreen.-walkthrough #coach { display: block; }
    /* projector mode: the prompt and the scores grow with the tiles */
    TableScreen.-big #prompt, TableScreen.-big #status { height: 3; content-align: left middle; text-style: bold; }
    #chain { height: 5; }  /* both set to what fits after every move (table_draw.fit_log) */
    """

    def __init__(self, client: TableClient, prefs: Prefs, walkthrough: bool = False) -> None:
        super().__init__()
        self.presenter = TablePresenter(client, prefs, walkthrough)
        self._binding_state: tuple[bool, bool, bool] | None = None
        self._heights: tuple[int, int] | None = None  # chain and log rows as last set

    # -- building ---------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield TooSmall()
        yield TextLine(id="status")
        yield SeatsPanel(id="seats")
        yield Chain(id="chain")
        yield MoveLog(id="log")
        yield TextLine(id="coach")
        yield TextLine(id="prompt")
        yield Hand(id="hand")
        yield Footer()

    def on_mount(self) -> None:
        self.set_class(self.walkthrough, "-walkthrough")
        self.redraw()
        # before the first layout the hand and footer have no height yet, and the chain
        # was fitted as if they took none: fit again once they have it
        self.call_after_refresh(self.redraw)
        self.drive()

    def on_resize(self) -> None:
        self.call_after_refresh(self.redraw)  # the log shows as many lines as now fit

    @property
    def look(self) -> Look:
        self.presenter.screen_size = (self.app.size.width, self.app.size.height)
        return self.presenter.look

    def too_small(self) -> bool:
        width, height = self.app.size
        return width < MIN_WIDTH or height < MIN_HEIGHT

    # -- showing the presenter ------------------------------------------------------
    def redraw(self) -> None:
        """The widgets set from the presenter (they repaint what changed)."""
        try:
            self._draw()
        except NoMatches:  # a bot's move landed while the app was closing: nothing left to draw on
            return
        # The footer rebuilds itself on every refresh_bindings, which is slow: only ask
        # for it when what the keys may do has changed.
        state = (self.my_turn(), bool(self.moves_for(self.selected)), self.too_small())
        if state != self._binding_state:
            self._binding_state = state
            self.refresh_bindings()

    def _draw(self) -> None:
        p = self.presenter
        view = p.update()
        self.tell_notes()
        look = self.look
        self.set_class(look.big, "-big")
        mine = self.my_turn()
        if p.walkthrough:  # before fitting: the chain and log take what it leaves
            table_draw.show_coach(self, p, view, mine)
        prompt = self.prompt_text(view, mine)
        self.fit_prompt(prompt)  # before fitting: a long hint takes a second row
        lines = words.log_lines(p, view)
        unseen = words.unseen_from(p, view, lines)
        self._heights = table_draw.fit_log(self, view, len(lines) - unseen, look, p.walkthrough, self._heights)
        chain = self.query_one(Chain)
        chain.layout_view, chain.targets, chain.look = view.layout, p.marked_ends(mine), look
        chain.highlight = tuple(last_placed(view.history))
        hand = self.query_one(Hand)
        hand.tiles, hand.look, hand.hidden = view.hand, look, p.hidden
        hand.playable = frozenset(p.playable()) if mine else frozenset()
        hand.selected = p.selected if mine else None
        self.query_one(SeatsPanel).shown = (view, p.client.seats, p.shown_seat(), look, p.prefs.show_lacks)
        table_draw.notices_below(self, (3 if look.big else 1) + len(p.client.seats))
        self.query_one("#status", TextLine).text = self.status_text(view)
        log = self.query_one(MoveLog)
        log.lines, log.first_new = tuple(table_draw.to_text(line) for line, _last in lines), unseen
        log.arrow, log.empty = look.arrow("right"), table_draw.to_text(words.empty_log(p, view, lines))
        self.query_one("#prompt", TextLine).text = prompt

    def apply(self, change: Change) -> None:
        """What an action of the presenter came to: a notice, the move sent, the table shown."""
        if change.note:
            self.notify(change.note, timeout=3)
        if change.move is not None:
            self.send(change.move)
        elif change.shown:
            self.redraw()

    def tell_notes(self) -> None:
        """What went wrong at the table (a bot that misbehaved) is told, not only kept."""
        for note in self.presenter.fresh_notes():
            self.notify(note, title=_("Table"), severity="warning", timeout=8, markup=False)

    def status_text(self, view: PlayerView) -> Text:
        return table_draw.to_text(words.status(self.presenter, view))

    def prompt_text(self, view: PlayerView, mine: bool) -> Text:
        room = self.query_one("#prompt").size.width  # the content width, inside the padding
        return table_draw.to_text(words.prompt(self.presenter, view, mine, room))

    def _prompt(self, view: PlayerView, mine: bool) -> Text:
        """The turn's own words, without a hint or a notice before them."""
        return table_draw.to_text(words.turn_prompt(self.presenter, view, mine))

    def fit_prompt(self, text: Text) -> None:
        """One row for the prompt (three on a projector), two when its text needs them
        (a hint's reason ran past the edge of an 80-column screen), three for a hint with
        its numbers (ui/screens/table/hints.py fits it to them)."""
        most = 2
        if self.hint_text and "≈" in self.hint_text:  # only then: the hints module is not light
            from .hints import HINT_ROWS

            most = HINT_ROWS
        table_draw.prompt_rows(self, text, most, self.look.big)

    def log_lines(self, view: PlayerView) -> list[tuple[Text, int]]:
        """The round's moves as lines, each with the history index it ends at."""
        return [(table_draw.to_text(line), last) for line, last in words.log_lines(self.presenter, view)]

    # -- the turn loop ----------------------------------------------------------
    def drive(self) -> None:
        self.run_worker(self._drive(), exclusive=True, group="drive")

    async def _drive(self) -> None:
        while True:
            phase = self.client.phase
            if phase in (ROUND_OVER, MATCH_OVER):
                self.redraw()
                self.show_round_end()
                return
            seat = self.client.waiting_for()
            if seat is None:
                return
            if self.client.seats[seat].is_human:
                self.human_turn(seat)
                return
            self.busy = True
            self.redraw()
            moved = await self.client.advance()
            self.busy = False
            if not moved:
                self.redraw()
                return

    def human_turn(self, seat: int) -> None:
        if self.presenter.hand_over(seat):
            from .handover import HandoverScreen

            self.redraw()

            def handed_over(_result: object) -> None:
                self.presenter.handed_over(seat)
                self.begin_turn()

            self.app.push_screen(HandoverScreen(self.client.seats[seat].name), handed_over)
            return
        self.begin_turn()

    def begin_turn(self) -> None:
        self.presenter.begin_turn()
        if self.prefs.bell:
            self.app.bell()
        self.redraw()

    def show_round_end(self) -> None:
        from .round_end import show_round_end

        show_round_end(self.app, self.presenter, self.redraw, self.drive, self.dismiss)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.too_small():
            return False  # the "too small" notice covers the table: no key may play a tile nobody sees
        return self.presenter.may(action, parameters, self.my_turn())

    # -- the person's keys ---------------------------------------------------------
    def action_cycle(self, step: int) -> None:
        self.apply(self.presenter.cycle(step))

    def action_pick(self, index: int) -> None:
        self.choose_tile(index)

    def choose_tile(self, index: int) -> None:
        self.apply(self.presenter.pick(index))

    def action_play(self) -> None:
        self.apply(self.presenter.play())

    def action_end(self, end: str) -> None:
        self.apply(self.presenter.choose_end(end))

    def action_cancel(self) -> None:
        self.apply(self.presenter.cancel())

    def send(self, move: Move) -> None:
        change = self.presenter.send(move)
        if change.note:  # should not happen: only legal moves are offered
            self.notify(change.note, severity="error", markup=False)
            return
        self.redraw()
        self.drive()

    # -- messages from the widgets ----------------------------------------------------
    def on_hand_tile_chosen(self, message: Hand.TileChosen) -> None:
        if self.my_turn():
            self.choose_tile(message.index)

    def on_hand_play_requested(self, message: Hand.PlayRequested) -> None:
        if self.my_turn():
            self.apply(self.presenter.play(message.index))

    def on_chain_end_chosen(self, message: Chain.EndChosen) -> None:
        if self.my_turn():
            self.action_end(message.end)

    # -- the keys that change the display, not the match ------------------------------
    def action_scoresheet(self) -> None:
        from ..scoresheet import ScoresheetScreen

        self.app.push_screen(ScoresheetScreen(self.client.rounds(), self.client.config, self.client.seats, self.view_))

    def action_help(self) -> None:
        from ..help import open_help

        open_help(self.app, self.client.config.variant)

    def action_speed(self) -> None:
        self.notify(words.speed_said(self.presenter.next_speed()), timeout=2)
        self.redraw()

    def action_pips(self) -> None:
        self.presenter.toggle_pips()
        self.redraw()

    def action_memory(self) -> None:
        self.notify(words.lacks_said(self.presenter.toggle_lacks()), timeout=2)
        self.redraw()

    def action_hint(self) -> None:
        from ..replay.replay_analysis import on_a_server
        from .hints import hint, hint_line, weigh_in_background

        advice = hint(self.view_)
        if advice is None:
            return
        move, reason = advice
        self.presenter.hinted(move, hint_line(move, reason))
        self.redraw()
        # then each move's win chance (ui/screens/table/hints.py); on a server, behind its live tables
        weigh_in_background(self, self.view_, self.hint_text, hosted=on_a_server(self.app))

    def action_round_log(self) -> None:
        from .round_log import RoundLogScreen

        view = self.view_
        self.app.push_screen(RoundLogScreen(self.log_lines(view), _("Round {n}: every move").format(n=view.round)))

    def action_big(self) -> None:
        self.notify(words.projector_said(self.presenter.next_projector()), timeout=2)
        self._heights = None
        self.redraw()
        # the hand, prompt and status take other heights only at the next layout: fit the
        # chain and the log again then, or the hand is pushed off the screen until a move
        self.call_after_refresh(self.redraw)

    def action_theme(self) -> None:
        from ...choices import THEMES

        self.prefs.theme = "light" if self.prefs.theme == "dark" else "dark"
        self.app.theme = THEMES[self.prefs.theme]
