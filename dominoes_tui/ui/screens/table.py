"""The table: the chain, your hand, the other seats, and the turn loop.

The screen is a client of a table (`TableClient`): it renders the view of the seat
playing here and sends back moves. Bot moves are awaited in a worker, so the screen
stays responsive while they think and while their moves are paced.
"""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.css.query import NoMatches
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer

from ...engine import MATCH_OVER, ROUND_OVER, IllegalMove, Move, PlayerView, VARIANTS
from ...table.client import TableClient
from ...table.local import SPEEDS
from ..choices import Prefs
from ..narrate import describe, own_draws_since_last_move
from ..render import END_KEYS, Look
from ..widgets.chain import Chain
from ..widgets.hand import Hand
from ..widgets.line import TextLine
from ..widgets.seats import TEAM_LETTERS, SeatsPanel
from ..widgets.too_small import TooSmall
from ..words import side_name

END_BY_KEY = {key: end for end, key in END_KEYS.items()}
SPEED_ORDER = list(SPEEDS)
TILE_ACTIONS = {"cycle", "pick", "play", "end", "cancel"}


class TableScreen(Screen[str]):
    """Dismisses with "new" (a new match was asked for) or "quit"."""

    BINDINGS = [
        Binding("left", "cycle(-1)", "Previous tile", show=False),
        Binding("right", "cycle(1)", "Next tile", show=False),
        Binding("enter", "play", "Play", key_display="Enter"),
        *[Binding(k, f"pick({i})", f"Choose tile {i + 1}", show=False) for i, k in enumerate("1234567890")],
        Binding("l", "end('left')", "Play on the left end", show=False),
        Binding("r", "end('right')", "Play on the right end", show=False),
        Binding("u", "end('up')", "Play on the up end", show=False),
        Binding("d", "end('down')", "Play on the down end", show=False),
        Binding("escape", "cancel", "Choose again", show=False),
        Binding("s", "scoresheet", "Scores"),
        Binding("question_mark,f1", "help", "Help", key_display="?"),
        Binding("t", "speed", "Speed"),
        Binding("p", "pips", "Pips/digits", show=False),
        Binding("m", "memory", "Memory aid", show=False),
    ]

    DEFAULT_CSS = """
    TableScreen { layout: vertical; }
    #status { height: 1; padding: 0 1; background: $panel; }
    #log { height: 2; padding: 0 1; color: $text-muted; }
    TableScreen.-roomy #log { height: 5; }  /* a taller terminal keeps more of the story */
    #prompt { height: 1; padding: 0 1; background: $boost; }
    """

    def __init__(self, client: TableClient, prefs: Prefs) -> None:
        super().__init__()
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
        self._notes_seen = len(client.notes)

    # -- building ---------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield TooSmall()
        yield TextLine(id="status")
        yield SeatsPanel(id="seats")
        yield Chain(id="chain")
        yield TextLine(id="log")
        yield TextLine(id="prompt")
        yield Hand(id="hand")
        yield Footer()

    @property
    def look(self) -> Look:
        return Look(ascii=self.prefs.ascii, pips=self.prefs.pips)

    def on_mount(self) -> None:
        self.redraw()
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
        self.notice = ""
        history = self.view_.history
        last_play = max((i for i, e in enumerate(history) if e["event"] == "play" and e.get("seat") == self.viewer), default=-1)
        if any(e["event"] == "pass" and e.get("seat") == self.viewer for e in history[last_play + 1 :]):
            self.notice = "You had no tile for the ends and passed."
        drawn = own_draws_since_last_move(history, self.viewer)
        self.notice_brief = ""
        if drawn:  # COM-5 drew for this person: say so where the eyes are, on the prompt
            self.notice += f" No tile fitted: you drew {', '.join(drawn)}; {drawn[-1]} fits."
            self.notice_brief = f"You drew {len(drawn)}; {drawn[-1]} fits."  # the log line lists them
        self.notice = self.notice.strip()
        self.redraw()

    def show_round_end(self) -> None:
        from .summary import MatchEndScreen, RoundSummaryScreen

        report = self.client.last_round()
        if report is None:
            return
        self.selected = None
        if report.match_over and hasattr(self.app, "record_finished"):
            self.app.record_finished(self.client)  # the club records (issue 11)

        def after_summary(_: object) -> None:
            if report.match_over:
                self.app.push_screen(MatchEndScreen(report, self.client.config, self.client.seats), self.dismiss)
                return
            self.client.next_round()
            if self.hotseat:
                self.hidden = True
            self.redraw()
            self.drive()

        # A spectator follows the table; a person reads the summary at their own pace.
        follow = self.client.moved_on if not self.client.human_seats else None
        self.app.push_screen(RoundSummaryScreen(report, self.client.config, self.client.seats, follow), after_summary)

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

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
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
        self.notice = ""
        if self.hotseat:
            self.hidden = True
        self.redraw()
        self.drive()

    def action_scoresheet(self) -> None:
        from .scoresheet import ScoresheetScreen

        self.app.push_screen(ScoresheetScreen(self.client.rounds(), self.client.config, self.client.seats, self.view_))

    def action_help(self) -> None:
        from .help import HelpScreen

        self.app.push_screen(HelpScreen(self.client.config.variant))

    def action_speed(self) -> None:
        self.prefs.speed = SPEED_ORDER[(SPEED_ORDER.index(self.prefs.speed) + 1) % len(SPEED_ORDER)]
        if hasattr(self.client, "bot_delay"):
            self.client.bot_delay = SPEEDS[self.prefs.speed]  # type: ignore[attr-defined]
        self.notify(f"Bot speed: {self.prefs.speed}", timeout=2)
        self.redraw()

    def action_pips(self) -> None:
        self.prefs.pips = not self.prefs.pips
        self.redraw()

    def action_memory(self) -> None:
        self.prefs.show_lacks = not self.prefs.show_lacks
        self.notify("Memory aid " + ("on: numbers each seat lacks are shown" if self.prefs.show_lacks else "off"), timeout=2)
        self.redraw()

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

    def _redraw(self) -> None:
        self.view_ = view = self.client.view(self.viewer)
        self.announce(view)
        self.tell_notes()
        look = self.look
        mine = self.my_turn()
        targets: tuple[str, ...] = ()
        if mine and self.selected is not None:
            ends = self.target_ends()
            targets = (ends[self.end_cursor],) if self.end_cursor is not None and ends else tuple(ends)
        self.query_one(Chain).show(view.layout, targets, look)
        playable = set(self.playable()) if mine else set()
        self.query_one(Hand).show(view.hand, playable, self.selected if mine else None, self.hidden, look)
        self.query_one(SeatsPanel).show(view, self.client.seats, None if self.hidden else self.viewer, look, self.prefs.show_lacks)
        self.query_one("#status", TextLine).show(self.status_text(view))
        log = self.query_one("#log", TextLine)
        lines = describe(view.history, view.names)[-max(2, log.size.height) :]
        self.query_one("#log", TextLine).show(Text("\n".join(lines) if lines else "New round: the first tile leads."))  # names: plain
        self.query_one("#prompt", TextLine).show(self.prompt_text(view, mine))
        # The footer rebuilds itself on every refresh_bindings, which is slow: only ask
        # for it when what the keys may do has changed.
        state = (mine, bool(self.moves_for(self.selected)))
        if state != self._binding_state:
            self._binding_state = state
            self.refresh_bindings()

    def tell_notes(self) -> None:
        """What went wrong at the table (a save that failed, a bot that misbehaved) is
        told, not only kept: a person must know when their match is not being saved."""
        notes = self.client.notes
        for note in notes[self._notes_seen :]:
            self.notify(note, title="Table", severity="warning", timeout=8, markup=False)
        self._notes_seen = len(notes)

    def status_text(self, view: PlayerView) -> Text:
        config = self.client.config
        rules = VARIANTS[config.variant]
        dot = self.look.dot
        text = Text()
        text.append(rules.title, "bold")
        text.append(f" {dot} round {view.round}")
        text.append(f" {dot} {'loses at' if rules.penalties else 'target'} {config.target}")
        if rules.draws:
            text.append(f" {dot} boneyard {view.boneyard}")
        if config.variant == "allfives" and view.layout.line:
            text.append(f" {dot} count {view.layout.count}")
        if config.teams:
            for side in (0, 1):
                name = side_name(config, self.client.seats, side)
                text.append(f" {dot} {TEAM_LETTERS[side]} {name} {view.scores[side]}", "bold")
        return text

    def prompt_text(self, view: PlayerView, mine: bool) -> Text:
        text = self._prompt(view, mine)
        if self.notice and not self.hidden and self.end_cursor is None:  # the notice was seen by now
            notice = self.notice
            room = self.query_one("#prompt").size.width  # the content width, inside the padding
            if len(notice) + 2 + len(text) > room and self.notice_brief:
                notice = self.notice_brief
            return Text.assemble((notice + " ", "bold reverse"), " ", text)
        return text

    def _prompt(self, view: PlayerView, mine: bool) -> Text:
        seats = self.client.seats
        if self.hidden:
            return Text("Hands are hidden: the next person takes the keyboard.", "italic")
        if view.to_act is None:
            return Text("The round is over.")
        if not mine:
            who = seats[view.to_act]
            if who.kind == "bot":
                waiting = f"{who.name} is thinking..."
            elif who.level == "away":  # a person on another device who dropped
                waiting = f"{who.name} is away: a bot plays for them until they are back."
            else:
                waiting = f"Waiting for {who.name}."
            watching = "Watching. " if not self.client.human_seats else ""
            return Text(watching + waiting, "italic")
        name = seats[self.viewer].name
        you = "Your" if name.lower() == "you" else f"{name}, your"
        if self.end_cursor is not None and self.selected is not None:
            ends = self.target_ends()
            end = ends[self.end_cursor]
            keys = "/".join(END_KEYS[e] for e in ends)
            return Text(
                f"{view.hand[self.selected]} fits {len(ends)} ends. On the {end}? Enter plays {self.look.dot} "
                f"{self.look.left_right} switch {self.look.dot} {keys} {self.look.dot} Esc back",
                "bold",
            )
        if not view.layout.line:
            return Text(f"{you} lead: choose any marked tile ({self.look.left_right} or 1-9), Enter plays.", "bold")
        if self.notice:
            return Text(f"{you} turn: Enter plays it.", "bold")
        return Text(f"{you} turn: choose a marked tile ({self.look.left_right} or 1-9), Enter plays.", "bold")

    def announce(self, view: PlayerView) -> None:
        """Notices for what the rules did by themselves: a person's forced draws and passes."""
        round_no, seen = self._noticed
        if view.round != round_no:
            seen = 0
        fresh = view.history[seen:]
        self._noticed = (view.round, len(view.history))
        humans = set(self.client.human_seats)
        for e in fresh:
            if e["event"] == "pass" and e["seat"] in humans:
                who = view.names[e["seat"]]
                self.notice = f"{'You' if who.lower() == 'you' else who} had no tile for the open ends and passed."
        if view.round != round_no:
            self.notice = ""
