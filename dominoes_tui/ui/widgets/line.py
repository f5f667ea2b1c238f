"""A fixed-height text area that repaints without asking for a new layout.

`Static.update` always relayouts the screen; the table changes its status, log and
prompt after every move, and relayouting for each made the screen sluggish.
"""
from __future__ import annotations

from rich.text import Text
from textual.widget import Widget


class TextLine(Widget):
    def __init__(self, id: str | None = None) -> None:  # noqa: A002
        super().__init__(id=id)
        self._text: Text = Text()

    def show(self, text: Text | str) -> None:
        # A str is plain text, never markup: the lines here carry players' names.
        text = Text(text) if isinstance(text, str) else text
        if text != self._text:
            self._text = text
            self.refresh()

    def render(self) -> Text:
        return self._text
