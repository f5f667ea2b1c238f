"""The table: the chain, your hand, the other seats, and the turn loop.

The screen is a client of a table (`TableClient`): it renders the view of the seat
playing here and sends back moves. Bot moves are awaited in a worker, so the screen
stays responsive while they think and while their moves are paced.
"""
from __future__ import annotations

from textual.app import ComposeResult
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widgets import Footer

from ...engine import MATCH_OVER, ROUND_OVER, IllegalMove, Move, PlayerView
from ...table.client import TableClient
from ..choices import Prefs
from ..narrate import last_placed, own_draws_since_last_move
from ..render import END_KEYS, Look
from ..table_keys import TABLE_BINDINGS
from ..widgets.chain import Chain
from ..widgets.hand import Hand
from ..widgets.line import TextLine
from ..widgets.move_log import MoveLog
from ..widgets.seats import SeatsPanel
from ..widgets.too_small import MIN_HEIGHT, MIN_WIDTH, TooSmall
from .table_actions import TableDisplayActions
from .table_words import TableWords

END_BY_KEY = {key: end for end, key in END_KEYS.items()}
TILE_ACTIONS = {"cycle", "pick", "play", "end", "cancel"}
BIG_WIDTH, BIG_HEIGHT = 160, 48  # projector mode by itself from this size up


class TableScreen(TableWords, TableDisplayActions, Screen[str]):
    """Dismisses with "new" (a new match was asked for) or "quit"."""

    BINDINGS = TABLE_BINDINGS

    DEFAULT_CSS = """
    TableScreen { layout: vertical; }
    #status { height: 1; padding: 0 1; background: $panel; }
    #log { height: 3; padding: 0 1; }
    #prompt { height: 1; padding: 0 1; background: $boost; }
    #coach { display: none; height: auto; padding: 0 1; border-top: solid $accent; text-style: italic; }
    TableScreen.-walkthrough #coach { display: block; }
    /* projector mode: the prompt and the scores grow with the tiles */
    TableScreen.-big #prompt, TableScreen.-big #status { height: 3; content-align: left middle; text-style: bold; }
    #chain { height: 5; }  /* both set to what fits after every move (fit_log) */
    """

    def __init__(self, client: TableClient, prefs: Prefs, walkthrough: bool = False) -> None:
        super().__init__()
        self.walkthrough = walkthrough
        self.client = client
        self.prefs = prefs
        humans = client.human_seats
        self.hotseat = len(humans) > 1
        self.viewer: int = humans[0] if humans else 0
        self.hidden = self.hotseat  # with several people at one keyboard, hands start hidden
        self.selected: int | None = None
        self.end_cursor: int | None = None  # while choosing among several ends
        self.view_: PlayerView = client.view(self.viewer)
        self.busy = False  # a bot is moving
        self._noticed = (self.view_.round, len(self.view_.history))
        self._binding_state: tuple | None = None
        self.notice = ""  # what the rules just did for the person here (a forced draw or pass)
        self.notice_brief = ""  # the same in a few words, when the prompt line is short
        self.passed_notice = False  # the notice says a person passed (gone at the next move)
        self.drew_now = False  # the notice is about tiles drawn for this turn: Enter plays the one that fits
        self._notes_seen = len(client.notes)
        self._heights: tuple[int, int] | None = None  # chain and log rows as last set
        self.seen_upto: dict[int, tuple[int, int]] = {}  # per seat: (round, history entries seen on its turn)
        self.hint_text = ""

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

    @property
    def look(self) -> Look:
        return Look(ascii=self.prefs.ascii, pips=self.prefs.pips, big=self.big)

    def on_mount(self) -> None:
        self.set_class(self.walkthrough, "-walkthrough")
        self.redraw()
        # before the first layout the hand and footer have no height yet, and the chain
        # was fitted as if they took none: fit again once they have it
        self.call_after_refresh(self.redraw)
        self.drive()

    def on_resize(self) -> None:
        self.call_after_refresh(self.redraw)  # the log shows as many lines as now fit

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
        if self.hotseat and (self.hidden or self.viewer != seat):
            from .handover import HandoverScreen

            self.hidden = True
            self.redraw()

            def handed_over(_: object) -> None:
                self.viewer, self.hidden = seat, False
                self.begin_turn()

            self.app.push_screen(HandoverScreen(self.client.seats[seat].name), handed_over)
            return
        self.viewer = seat
        self.begin_turn()

    def begin_turn(self) -> None:
        self.view_ = self.client.view(self.viewer)
        playable = self.playable()
        self.selected = min(playable) if playable else None
        self.end_cursor = None
        self.hint_text = ""
        # A pass belongs to the turn it happened on (the log keeps it); only tiles drawn
        # for this turn are news on the prompt. The log line lists them; this says why.
        drawn = own_draws_since_last_move(self.view_.history, self.viewer)
        self.drew_now, self.passed_notice = bool(drawn), False
        self.notice = f"No tile fitted, so you drew until {drawn[-1]} did." if drawn else ""
        self.notice_brief = f"{drawn[-1]} fits after the draw." if drawn else ""
        if self.prefs.bell:
            self.app.bell()
        self.redraw()

    def show_round_end(self) -> None:
        from ..walkthrough_text import CLOSING, SCORED
        from .summary import MatchEndScreen, RoundSummaryScreen

        report = self.client.last_round()
        if report is None:
            return
        self.selected = None
        if report.match_over and not self.walkthrough and hasattr(self.app, "record_finished"):
            self.app.record_finished(self.client)  # into the club's records: results and ratings

        def after_summary(_: object) -> None:
            if report.match_over:
                label = getattr(self.app, "after_match", lambda: "New match")()
                self.app.push_screen(
                    MatchEndScreen(report, self.client.config, self.client.seats, label, note=CLOSING if self.walkthrough else ""),
                    self.dismiss)
                return
            self.client.next_round()
            if self.hotseat:
                self.hidden = True
            self.redraw()
            self.drive()

        # A spectator follows the table; a person reads the summary at their own pace.
        follow = self.client.moved_on if not self.client.human_seats else None
        note = SCORED if self.walkthrough else ""  # the walk-through's last lesson, where the eyes are
        self.app.push_screen(RoundSummaryScreen(report, self.client.config, self.client.seats, follow, note), after_summary)

    # -- what the seat here may do ------------------------------------------------
    def my_turn(self) -> bool:
        return (
            not self.busy
            and not self.hidden
            and self.client.waiting_for() == self.viewer
            and self.client.seats[self.viewer].is_human
        )

    def playable(self) -> list[int]:
        legal_tiles = {m.tile for m in self.view_.legal}
        return [i for i, t in enumerate(self.view_.hand) if t in legal_tiles]

    def moves_for(self, index: int | None) -> list[Move]:
        if index is None or index >= len(self.view_.hand):
            return []
        tile = self.view_.hand[index]
        return [m for m in self.view_.legal if m.tile == tile]

    def too_small(self) -> bool:
        width, height = self.app.size
        return width < MIN_WIDTH or height < MIN_HEIGHT

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.too_small():
            return False  # the "too small" notice covers the table: no key may play a tile nobody sees
        if action == "hint":
            return self.my_turn() and bool(self.view_.legal)
        if action in TILE_ACTIONS:
            if not self.my_turn():
                return False
            if action == "cancel":
                return self.end_cursor is not None
            if action == "play":
                return bool(self.moves_for(self.selected))
            if action == "end":
                return str(parameters[0]) in dict(self.view_.layout.ends)
            if action == "pick":
                return int(parameters[0]) < len(self.view_.hand)  # type: ignore[call-overload]
        return True

    # -- actions -------------------------------------------------------------------
    def action_cycle(self, step: int) -> None:
        if self.end_cursor is not None:
            ends = self.target_ends()
            self.end_cursor = (self.end_cursor + step) % len(ends)
            self.redraw()
            return
        playable = self.playable()
        if not playable:
            return
        if self.selected not in playable:
            self.selected = playable[0] if step > 0 else playable[-1]
        else:
            self.selected = playable[(playable.index(self.selected) + step) % len(playable)]
        self.redraw()

    def action_pick(self, index: int) -> None:
        self.choose_tile(index)

    def choose_tile(self, index: int) -> None:
        if index >= len(self.view_.hand):
            return
        self.selected, self.end_cursor = index, None
        if not self.moves_for(index):
            tile = self.view_.hand[index]
            self.notify(f"{tile} fits no open end.", timeout=3)
        self.redraw()

    def target_ends(self) -> list[str]:
        return [m.end for m in self.moves_for(self.selected) if m.end is not None]

    def action_play(self) -> None:
        moves = self.moves_for(self.selected)
        if not moves:
            return
        if len(moves) == 1:
            self.send(moves[0])
            return
        if self.end_cursor is None:  # fits several ends: ask which
            self.end_cursor = 0
            self.redraw()
            return
        self.send(moves[self.end_cursor])

    def action_end(self, end: str) -> None:
        moves = [m for m in self.moves_for(self.selected) if m.end == end]
        if not moves:
            value = dict(self.view_.layout.ends).get(end)
            what = str(self.view_.hand[self.selected]) if self.selected is not None and self.selected < len(self.view_.hand) else "No tile"
            self.notify(f"{what} does not fit the {end} end ({value}).", timeout=3)
            return
        self.send(moves[0])

    def action_cancel(self) -> None:
        self.end_cursor = None
        self.redraw()

    def send(self, move: Move) -> None:
        try:
            self.client.play(self.viewer, move)
        except IllegalMove as exc:  # should not happen: only legal moves are offered
            self.notify(str(exc), severity="error", markup=False)
            return
        self.selected, self.end_cursor = None, None
        self.notice, self.drew_now, self.hint_text = "", False, ""
        seen = self.client.view(self.viewer)
        self.seen_upto[self.viewer] = (seen.round, len(seen.history))
        if self.hotseat:
            self.hidden = True
        self.redraw()
        self.drive()

    # -- messages from the widgets ----------------------------------------------------
    def on_hand_tile_chosen(self, message: Hand.TileChosen) -> None:
        if self.my_turn():
            self.choose_tile(message.index)

    def on_hand_play_requested(self, message: Hand.PlayRequested) -> None:
        if self.my_turn():
            self.selected = message.index
            self.action_play()

    def on_chain_end_chosen(self, message: Chain.EndChosen) -> None:
        if self.my_turn():
            self.action_end(message.end)

    # -- drawing -------------------------------------------------------------------
    def redraw(self) -> None:
        try:
            self._redraw()
        except NoMatches:  # a bot's move landed while the app was closing: nothing left to draw on
            pass

    @property
    def big(self) -> bool:
        """Projector mode: double-size tiles, by choice or from 160×48 up."""
        if self.prefs.projector == "auto":
            width, height = self.app.size
            return width >= BIG_WIDTH and height >= BIG_HEIGHT
        return self.prefs.projector == "on"

    def _redraw(self) -> None:
        self.view_ = view = self.client.view(self.viewer)
        self.announce(view)
        self.tell_notes()
        look = self.look
        self.set_class(look.big, "-big")
        mine = self.my_turn()
        targets: tuple[str, ...] = ()
        if mine and self.selected is not None:
            ends = self.target_ends()
            targets = (ends[self.end_cursor],) if self.end_cursor is not None and ends else tuple(ends)
        if self.walkthrough:
            self.show_coach(view, mine)  # before fitting: the chain and log take what it leaves
        prompt = self.prompt_text(view, mine)
        self.fit_prompt(prompt)  # before fitting: a long hint takes a second row
        lines = self.log_lines(view)
        self.fit_log(view, len(lines) - self.unseen_from(view, lines))
        self.query_one(Chain).show(view.layout, targets, look, tuple(last_placed(view.history)))
        playable = set(self.playable()) if mine else set()
        self.query_one(Hand).show(view.hand, playable, self.selected if mine else None, self.hidden, look)
        self.query_one(SeatsPanel).show(view, self.client.seats, None if self.hidden else self.viewer, look, self.prefs.show_lacks)
        self.query_one("#status", TextLine).show(self.status_text(view))
        self.show_log(view, lines)
        self.query_one("#prompt", TextLine).show(prompt)
        # The footer rebuilds itself on every refresh_bindings, which is slow: only ask
        # for it when what the keys may do has changed.
        state = (mine, bool(self.moves_for(self.selected)), self.too_small())
        if state != self._binding_state:
            self._binding_state = state
            self.refresh_bindings()
