"""The table screen's state and what the seat here may do. The table screen is built in
layers, one file each so each stays readable, every layer typed against the one below:
this state, the drawing (table_words.py), the display actions (table_actions.py), and
the turn loop with the moves (table.py, `TableScreen`)."""
from __future__ import annotations

from textual.screen import Screen

from ....engine import Move, PlayerView
from ....table.client import TableClient
from ...choices import Prefs
from ...render import Look
from ...widgets.too_small import MIN_HEIGHT, MIN_WIDTH

BIG_WIDTH, BIG_HEIGHT = 160, 48  # projector mode by itself from this size up


class TableState(Screen[str]):
    """The view of the seat playing here, the tile and end chosen, and the notices."""

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
        self._binding_state: tuple[bool, bool, bool] | None = None
        self.notice = ""  # what the rules just did for the person here (a forced draw or pass)
        self.notice_brief = ""  # the same in a few words, when the prompt line is short
        self.passed_notice = False  # the notice says a person passed (gone at the next move)
        self.drew_now = False  # the notice is about tiles drawn for this turn: Enter plays the one that fits
        self._notes_seen = len(client.notes)
        self._heights: tuple[int, int] | None = None  # chain and log rows as last set
        self.seen_upto: dict[int, tuple[int, int]] = {}  # per seat: (round, history entries seen on its turn)
        self.hint_text = ""
        self.summed_up = False  # the round's summary is up (or was, at the match's end): nothing left to count

    @property
    def look(self) -> Look:
        return Look(ascii=self.prefs.ascii, pips=self.prefs.pips, big=self.big)

    @property
    def big(self) -> bool:
        """Projector mode: double-size tiles, by choice or from 160×48 up."""
        if self.prefs.projector == "auto":
            width, height = self.app.size
            return width >= BIG_WIDTH and height >= BIG_HEIGHT
        return self.prefs.projector == "on"

    def too_small(self) -> bool:
        width, height = self.app.size
        return width < MIN_WIDTH or height < MIN_HEIGHT

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

    def target_ends(self) -> list[str]:
        return [m.end for m in self.moves_for(self.selected) if m.end is not None]
