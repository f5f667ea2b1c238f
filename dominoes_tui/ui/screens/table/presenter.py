"""What the table screen shows and what the person at it may do, in plain Python.

`TablePresenter` holds the view of the seat playing here, the tile and end chosen, the
hands' cover in hotseat and the notices; every key the person presses is a method here
that changes that state and returns what came of it (`Change`: a move to send, a short
notice). The screen (table.py) sends the moves, awaits the bots and sets its widgets
from what the presenter holds; the words it shows are presenter_words.py's. Nothing
here imports textual or rich, so a whole match can be played through it in a test.
"""
from __future__ import annotations

from dataclasses import dataclass

from ....engine import IllegalMove, Move, PlayerView
from ....i18n import _, told
from ....table.client import TableClient
from ....table.local import SPEEDS, LocalTable
from ...choices import Prefs
from ...look import Look
from ...narrate import own_draws_since_last_move
from ...words import is_you

BIG_WIDTH, BIG_HEIGHT = 160, 48  # projector mode by itself from this size up
TILE_ACTIONS = {"cycle", "pick", "play", "end", "cancel"}
SPEED_ORDER = list(SPEEDS)
PROJECTOR_ORDER = ["auto", "on", "off"]


@dataclass(frozen=True)
class Change:
    """What an action came to: `move` for the screen to send, `note` to tell in a notice
    (a tile that fits nowhere), `shown` False when nothing on the table changed."""

    move: Move | None = None
    note: str = ""
    shown: bool = True


UNCHANGED = Change(shown=False)


class TablePresenter:
    """The table from the view of the seat playing here."""

    def __init__(self, client: TableClient, prefs: Prefs, walkthrough: bool = False) -> None:
        self.walkthrough = walkthrough
        self.client = client
        self.prefs = prefs
        humans = client.human_seats
        self.hotseat = len(humans) > 1
        self.viewer: int = humans[0] if humans else 0
        self.hidden = self.hotseat  # with several people at one keyboard, hands start hidden
        self.selected: int | None = None
        self.end_cursor: int | None = None  # while choosing among several ends
        self.view: PlayerView = client.view(self.viewer)
        self.busy = False  # a bot is moving
        self.noticed = (self.view.round, len(self.view.history))
        self.notice = ""  # what the rules just did for the person here (a forced draw or pass)
        self.notice_brief = ""  # the same in a few words, when the prompt line is short
        self.passed_notice = False  # the notice says a person passed (gone at the next move)
        self.drew_now = False  # the notice is about tiles drawn for this turn: Enter plays the one that fits
        self.notes_seen = len(client.notes)
        self.seen_upto: dict[int, tuple[int, int]] = {}  # per seat: (round, history entries seen on its turn)
        self.hint_text = ""
        self.summed_up = False  # the round's summary is up (or was, at the match's end): nothing left to count
        self.screen_size = (80, 24)  # the terminal's, for big tiles by themselves

    # -- what is shown ------------------------------------------------------------------
    @property
    def look(self) -> Look:
        return Look(ascii=self.prefs.ascii, pips=self.prefs.pips, big=self.big)

    @property
    def big(self) -> bool:
        """Projector mode: double-size tiles, by choice or from 160×48 up."""
        if self.prefs.projector == "auto":
            width, height = self.screen_size
            return width >= BIG_WIDTH and height >= BIG_HEIGHT
        return self.prefs.projector == "on"

    def update(self) -> PlayerView:
        """Take the table's newest view of the seat here, and what the rules did since."""
        self.view = view = self.client.view(self.viewer)
        self.announce(view)
        return view

    def fresh_notes(self) -> list[str]:
        """What went wrong at the table since last asked (a bot that misbehaved). A failed
        save is not told after every move: the status line says it, once."""
        notes = self.client.notes
        fresh = [n for n in notes[self.notes_seen :] if not n.startswith("could not save the match")]
        self.notes_seen = len(notes)
        return fresh

    def announce(self, view: PlayerView) -> None:
        """Notices for what the rules did by themselves: a person's forced pass, shown
        until the next move (a notice is about the newest event; the log keeps it)."""
        round_no, seen = self.noticed
        if view.round != round_no:
            seen = 0
        fresh = view.history[seen:]
        self.noticed = (view.round, len(view.history))
        humans = set(self.client.human_seats)
        for e in fresh:
            if e["event"] == "pass" and e["seat"] in humans:
                who = view.names[e["seat"]]
                if is_you(who):
                    self.notice = _("You had no tile for the open ends and passed.")
                else:
                    self.notice = _("{name} had no tile for the open ends and passed.").format(name=who)
                self.drew_now, self.passed_notice = False, True
            elif e["event"] in ("play", "pass", "round_end") and self.passed_notice:
                self.notice, self.passed_notice = "", False  # someone moved since: old news
        if view.round != round_no:
            self.notice, self.passed_notice = "", False

    def my_turn(self) -> bool:
        return (
            not self.busy
            and not self.hidden
            and self.client.waiting_for() == self.viewer
            and self.client.seats[self.viewer].is_human
        )

    def playable(self) -> list[int]:
        legal_tiles = {m.tile for m in self.view.legal}
        return [i for i, t in enumerate(self.view.hand) if t in legal_tiles]

    def moves_for(self, index: int | None) -> list[Move]:
        if index is None or index >= len(self.view.hand):
            return []
        tile = self.view.hand[index]
        return [m for m in self.view.legal if m.tile == tile]

    def target_ends(self) -> list[str]:
        return [m.end for m in self.moves_for(self.selected) if m.end is not None]

    def marked_ends(self, mine: bool) -> tuple[str, ...]:
        """The ends the chosen tile fits, or the one being asked about."""
        if not mine or self.selected is None:
            return ()
        ends = self.target_ends()
        return (ends[self.end_cursor],) if self.end_cursor is not None and ends else tuple(ends)

    def shown_seat(self) -> int | None:
        """Whose hand is face up here: none while the hands are covered."""
        return None if self.hidden else self.viewer

    def may(self, action: str, parameters: tuple[object, ...], mine: bool | None = None) -> bool:
        """Whether a key of the table may do its work now (the screen hides the rest);
        `mine`: whether it is the person's turn, when a screen built on the table says."""
        mine = self.my_turn() if mine is None else mine
        if action == "hint":
            return mine and bool(self.view.legal)
        if action not in TILE_ACTIONS:
            return True
        if not mine:
            return False
        if action == "cancel":
            return self.end_cursor is not None
        if action == "play":
            return bool(self.moves_for(self.selected))
        if action == "end":
            return str(parameters[0]) in dict(self.view.layout.ends)
        if action == "pick":
            index = parameters[0]
            return isinstance(index, int) and index < len(self.view.hand)
        return True

    # -- the turn ------------------------------------------------------------------------
    def begin_turn(self) -> None:
        """The seat here is to move: the first playable tile chosen, the draws said."""
        self.view = self.client.view(self.viewer)
        playable = self.playable()
        self.selected = min(playable) if playable else None
        self.end_cursor = None
        self.hint_text = ""
        # A pass belongs to the turn it happened on (the log keeps it); only tiles drawn
        # for this turn are news on the prompt. The log line lists them; this says why.
        drawn = own_draws_since_last_move(self.view.history, self.viewer)
        self.drew_now, self.passed_notice = bool(drawn), False
        self.notice = _("No tile fitted, so you drew until {tile} did.").format(tile=drawn[-1]) if drawn else ""
        self.notice_brief = _("{tile} fits after the draw.").format(tile=drawn[-1]) if drawn else ""

    def hand_over(self, seat: int) -> bool:
        """A person's turn: True when the hands must be covered and handed over first."""
        if self.hotseat and (self.hidden or self.viewer != seat):
            self.hidden = True
            return True
        self.viewer = seat
        return False

    def handed_over(self, seat: int) -> None:
        self.viewer, self.hidden = seat, False

    # -- the person's keys ---------------------------------------------------------------
    def cycle(self, step: int) -> Change:
        if self.end_cursor is not None:
            ends = self.target_ends()
            self.end_cursor = (self.end_cursor + step) % len(ends)
            return Change()
        playable = self.playable()
        if not playable:
            return UNCHANGED
        if self.selected not in playable:
            self.selected = playable[0] if step > 0 else playable[-1]
        else:
            self.selected = playable[(playable.index(self.selected) + step) % len(playable)]
        return Change()

    def pick(self, index: int) -> Change:
        if index >= len(self.view.hand):
            return UNCHANGED
        self.selected, self.end_cursor = index, None
        if not self.moves_for(index):
            return Change(note=_("{tile} fits no open end.").format(tile=self.view.hand[index]))
        return Change()

    def play(self, index: int | None = None) -> Change:
        """Enter (or a click on the chosen tile): the move, or the question which end."""
        if index is not None:
            self.selected = index
        moves = self.moves_for(self.selected)
        if not moves:
            return UNCHANGED
        if len(moves) == 1:
            return Change(move=moves[0])
        if self.end_cursor is None:  # fits several ends: ask which
            self.end_cursor = 0
            return Change()
        return Change(move=moves[self.end_cursor])

    def choose_end(self, end: str) -> Change:
        from ...words import end_name

        moves = [m for m in self.moves_for(self.selected) if m.end == end]
        if moves:
            return Change(move=moves[0])
        value = self.view.layout.end_value(end)
        hand = self.view.hand
        what = str(hand[self.selected]) if self.selected is not None and self.selected < len(hand) else _("No tile")
        said = _("{tile} does not fit the {end} end ({value}).").format(tile=what, end=end_name(end), value=value)
        return Change(note=said, shown=False)

    def cancel(self) -> Change:
        self.end_cursor = None
        return Change()

    def send(self, move: Move) -> Change:
        """Play the move at the table; what the engine refused is told, nothing changes."""
        try:
            self.client.play(self.viewer, move)
        except IllegalMove as exc:  # should not happen: only legal moves are offered
            return Change(note=told(exc), shown=False)
        self.played()
        return Change()

    def played(self) -> None:
        """After the person's move: nothing chosen, the log seen up to here, hands covered
        in hotseat until the next person takes the keyboard."""
        self.selected, self.end_cursor = None, None
        self.notice, self.drew_now, self.hint_text = "", False, ""
        seen = self.client.view(self.viewer)
        self.seen_upto[self.viewer] = (seen.round, len(seen.history))
        if self.hotseat:
            self.hidden = True

    def hinted(self, move: Move, line: str) -> None:
        """A hint's move offered (chosen) and its line shown on the prompt."""
        hand = self.view.hand
        self.selected = hand.index(move.tile) if move.tile in hand else self.selected
        self.end_cursor = None
        self.hint_text = line

    # -- the round's end -----------------------------------------------------------------
    def summing_up(self) -> None:
        self.selected = None
        self.summed_up = True

    def next_round(self) -> None:
        self.summed_up = False
        self.client.next_round()
        if self.hotseat:
            self.hidden = True

    # -- the display keys ----------------------------------------------------------------
    def next_speed(self) -> str:
        self.prefs.speed = SPEED_ORDER[(SPEED_ORDER.index(self.prefs.speed) + 1) % len(SPEED_ORDER)]
        if isinstance(self.client, LocalTable):  # a hosted table's pace is the host's
            self.client.bot_delay = SPEEDS[self.prefs.speed]
        return self.prefs.speed

    def toggle_pips(self) -> None:
        self.prefs.pips = not self.prefs.pips

    def toggle_lacks(self) -> bool:
        self.prefs.show_lacks = not self.prefs.show_lacks
        return self.prefs.show_lacks

    def next_projector(self) -> str:
        self.prefs.projector = PROJECTOR_ORDER[(PROJECTOR_ORDER.index(self.prefs.projector) + 1) % 3]
        return self.prefs.projector
