"""The hand of the seat playing at this screen: tiles, playable marks, the selection."""
from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual import events
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from ...engine import Tile
from ..render import Look, hand_height, hand_index_at, render_hand


class Hand(Widget):
    """Draws the tiles; a click selects a tile, a click on the selected one plays it.
    Its reactive attributes are set by the screen; a change repaints it, and a new
    layout is asked for only when the hand may need other rows (`_watch_tiles`)."""

    DEFAULT_CSS = """
    Hand { height: auto; min-height: 4; padding: 0 1; }
    """

    @dataclass
    class TileChosen(Message):
        index: int

    @dataclass
    class PlayRequested(Message):
        index: int

    tiles: reactive[tuple[Tile, ...]] = reactive((), init=False)
    playable: reactive[frozenset[int]] = reactive(frozenset(), init=False)
    selected: reactive[int | None] = reactive(None, init=False)
    hidden: reactive[bool] = reactive(False, init=False)
    look: reactive[Look] = reactive(Look(), init=False)

    def __init__(self, id: str | None = None) -> None:  # noqa: A002 - Textual's name
        super().__init__(id=id)

    def _watch_tiles(self, old: tuple[Tile, ...], new: tuple[Tile, ...]) -> None:
        if len(old) != len(new):
            self.refresh(layout=True)

    def _watch_look(self, old: Look, new: Look) -> None:
        if old.big != new.big:
            self.refresh(layout=True)

    def show(
        self, tiles: tuple[Tile, ...], playable: set[int], selected: int | None, hidden: bool, look: Look
    ) -> None:
        """All at once, as the replay sets them."""
        self.tiles, self.playable, self.selected, self.hidden, self.look = tiles, frozenset(playable), selected, hidden, look

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return hand_height(len(self.tiles), max(1, width), self.look)

    def render(self) -> Text:
        width = max(1, self.content_size.width)
        lines = render_hand(self.tiles, self.look, width, self.playable, self.selected, self.hidden)
        return Text("\n").join(lines)

    def on_click(self, event: events.Click) -> None:
        if self.hidden:
            return
        offset = event.get_content_offset(self)
        if offset is None:
            return
        index = hand_index_at(offset.x, offset.y, len(self.tiles), max(1, self.content_size.width), self.look)
        if index is None:
            return
        if index == self.selected:
            self.post_message(self.PlayRequested(index))
        else:
            self.post_message(self.TileChosen(index))
