"""The chain on the table; a click on an open end's label chooses that end."""
from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual import events
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from ...engine import LayoutView
from ..chain_render import render_chain
from ..render import Look


class Chain(Widget):
    """Its reactive attributes are set by the screen; a change repaints it."""

    DEFAULT_CSS = """
    Chain { height: 1fr; min-height: 1; }
    """

    @dataclass
    class EndChosen(Message):
        end: str

    layout_view: reactive[LayoutView | None] = reactive(None, init=False)
    targets: reactive[tuple[str, ...]] = reactive((), init=False)  # the ends the chosen tile fits
    look: reactive[Look] = reactive(Look(), init=False)
    highlight: reactive[tuple[str, ...]] = reactive((), init=False)  # the newest tiles

    def __init__(self, id: str | None = None) -> None:  # noqa: A002
        super().__init__(id=id)
        self._hot: dict[str, tuple[int, int, int]] = {}

    def show(self, layout: LayoutView, targets: tuple[str, ...], look: Look, highlight: tuple[str, ...] = ()) -> None:
        """All at once, as the replay sets them."""
        self.layout_view, self.targets, self.look, self.highlight = layout, targets, look, highlight

    def render(self) -> Text:
        if self.layout_view is None:
            return Text("")
        width, height = self.content_size.width, self.content_size.height
        picture = render_chain(self.layout_view, self.look, max(20, width), max(1, height), self.targets, self.highlight)
        lines = picture.lines
        while len(lines) > 1 and not lines[-1].plain.strip():
            lines = lines[:-1]
        # Centre the chain in its area, as tiles sit in the middle of a table.
        top = max(0, (height - len(lines)) // 2)
        self._hot = {end: (x, y + top, w) for end, (x, y, w) in picture.hot.items()}
        lines = ([Text("")] * top + lines)[: max(1, height)]
        return Text("\n").join(lines)

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        for end, (x, y, w) in self._hot.items():
            if offset.y == y and x <= offset.x < x + w:
                self.post_message(self.EndChosen(end))
                return
