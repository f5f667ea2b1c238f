"""The table: the chain, your hand, the other seats, and the turn loop.

The screen is a client of a table (`TableClient`): it renders the view of the seat
playing here and sends back moves. Bot moves are awaited in a worker, so the screen
stays responsive while they think and while their moves are paced.
"""
from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType

from ....engine import MATCH_OVER, ROUND_OVER, IllegalMove, Move
from ....i18n import _, told
from ...narrate import own_draws_since_last_move
from ...table_keys import TABLE_BINDINGS
from ...widgets.chain import Chain
from ...widgets.footer import Footer
from ...widgets.hand import Hand
from ...widgets.line import TextLine
from ...widgets.move_log import MoveLog
from ...widgets.seats import SeatsPanel
from ...widgets.too_small import TooSmall
from ...words import end_name
from .table_actions import TableDisplayActions

TILE_ACTIONS = {"cycle", "pick", "play", "end", "cancel"}


class TableScreen(TableDisplayActions):
    """Dismisses with "new" (a new match was asked for) or "quit". Its state, drawing
    and display actions are the layers below (table_state.py, table_words.py,
    table_actions.py); here are the turn loop and the moves."""

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
    #chain { height: 5; }  /* both set to what fits after every move (fit_log) */
    """

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

            def handed_over(_result: object) -> None:
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
        self.notice = _("No tile fitted, so you drew until {tile} did.").format(tile=drawn[-1]) if drawn else ""
        self.notice_brief = _("{tile} fits after the draw.").format(tile=drawn[-1]) if drawn else ""
        if self.prefs.bell:
            self.app.bell()
        self.redraw()

    def show_round_end(self) -> None:
        from .summary import MatchEndScreen, RoundSummaryScreen
        from .walkthrough_text import CLOSING, SCORED

        report = self.client.last_round()
        if report is None:
            return
        self.selected = None
        self.summed_up = True
        self.redraw()  # the prompt line under the summary stops saying the round is being counted
        if report.match_over and not self.walkthrough and hasattr(self.app, "record_finished"):
            self.app.record_finished(self.client)  # into the club records: results and ratings

        def after_summary(_result: object) -> None:
            if report.match_over:
                label = getattr(self.app, "after_match", lambda: "New match")()  # English: translated where shown
                closing = _(CLOSING) if self.walkthrough else ""
                end = MatchEndScreen(report, self.client.config, self.client.seats, label, closing, not self.walkthrough)
                self.app.push_screen(end, self.dismiss)
                return
            self.summed_up = False
            self.client.next_round()
            if self.hotseat:
                self.hidden = True
            self.redraw()
            self.drive()

        # A spectator follows the table; a person reads the summary at their own pace.
        follow = self.client.moved_on if not self.client.human_seats else None
        note = _(SCORED) if self.walkthrough else ""  # the walk-through's last lesson, where the eyes are
        # the walk-through's target of 1 only ends the match after one round: no rule to show
        summary = RoundSummaryScreen(report, self.client.config, self.client.seats, follow, note, not self.walkthrough)
        self.app.push_screen(summary, after_summary)

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
                index = parameters[0]
                return isinstance(index, int) and index < len(self.view_.hand)
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
            self.notify(_("{tile} fits no open end.").format(tile=tile), timeout=3)
        self.redraw()

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
            value = self.view_.layout.end_value(end)
            hand = self.view_.hand
            what = str(hand[self.selected]) if self.selected is not None and self.selected < len(hand) else _("No tile")
            said = _("{tile} does not fit the {end} end ({value}).").format(tile=what, end=end_name(end), value=value)
            self.notify(said, timeout=3)
            return
        self.send(moves[0])

    def action_cancel(self) -> None:
        self.end_cursor = None
        self.redraw()

    def send(self, move: Move) -> None:
        try:
            self.client.play(self.viewer, move)
        except IllegalMove as exc:  # should not happen: only legal moves are offered
            self.notify(told(exc), severity="error", markup=False)
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
