"""A fixed-height text area that repaints without asking for a new layout.

`Static.update` always relayouts the screen; the table changes its status, log and
prompt after every move, and relayouting for each made the screen sluggish.
"""
from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget


class TextLine(Widget):
    text: reactive[Text] = reactive(Text, init=False)  # repaints when it changes, never a new layout

    def __init__(self, id: str | None = None) -> None:  # noqa: A002
        super().__init__(id=id)

    def show(self, text: Text | str) -> None:
        # A str is plain text, never markup: the lines here carry players' names.
        self.text = Text(text) if isinstance(text, str) else text

    def render(self) -> Text:
        return self.text
