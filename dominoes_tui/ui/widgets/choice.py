"""A one-line choice among a few values: ← → (or space, a click) step through them.

Enter does not: on a form it is the key people press to go ahead, and a value that
changed under it (Draw became Block) went unnoticed. A choice of one value cannot
change, so it is not focusable and shows no arrows.

The settings screen used Textual's `Select`, which builds five widgets and an option
list per field; with a dozen fields the screen took most of a second longer to appear
than the table, and every change of Players rebuilt them all. This is one widget that
only draws a line, and its focus is shown by shape as well as colour (reverse video and
arrows), so it is unmistakable in every colour depth, under NO_COLOR and in ASCII mode.

Given a `label` (and a `help` text), one Choice draws the whole settings row itself: the
label column, the field and the help beside or below it. A row of three or four widgets
(a container, a Label, the field, a Static) cost the settings screen a Textual node each
to mount and to restyle at every focus change; one node a row is what let it appear as
fast as the table does.
"""
from __future__ import annotations

import textwrap
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.geometry import Size
from textual.message import Message
from textual.widget import Widget

from ...i18n import N_

LABEL_WIDTH = 21  # the label column of a settings row, its one-cell gap included
HELP_GAP = 2  # between a fixed-width field and the help beside it
FOCUSED = "bold reverse"


class Choice(Widget, can_focus=True):
    BINDINGS = [
        Binding("right,space", "step(1)", N_("Next choice"), show=False),
        Binding("left", "step(-1)", N_("Previous choice"), show=False),
        Binding("home", "first", N_("First choice"), show=False),
    ]
    DEFAULT_CSS = """
    Choice { height: 1; width: 1fr; }
    Choice:focus { text-style: bold reverse; }
    Choice:disabled { text-style: dim; }
    /* a labelled row reverses its label and field itself, not its help */
    Choice.-labelled { height: auto; }
    Choice.-labelled:focus { text-style: none; }
    Choice > .choice--help { color: $text-muted; }
    """
    COMPONENT_CLASSES = {"choice--help"}

    @dataclass
    class Changed(Message):
        choice: Choice
        value: Any

        @property
        def control(self) -> Choice:
            return self.choice

    def __init__(
        self,
        options: Sequence[tuple[str, Any]],
        value: Any = None,
        *,
        label: str | None = None,
        help: str = "",  # noqa: A002 - what the row says about itself
        field_width: int | None = None,
        help_below: bool = False,
        id: str | None = None,  # noqa: A002 - Textual's name
        classes: str | None = None,
        disabled: bool = False,
    ) -> None:
        if label is not None:  # given with the others: a class added later restyles the widget
            classes = f"{classes or ''} -labelled".strip()
        super().__init__(id=id, classes=classes, disabled=disabled)
        self._options = list(options)
        values = [v for _, v in self._options]
        self._index = values.index(value) if value in values else 0
        self._label = label
        self._help = help
        self._help_below = help_below
        # wide enough for the longest choice with its arrows, so the row never jumps
        self._field_width = field_width or max(len(text) for text, _ in self._options) + 4
        self.can_focus = len(self._options) > 1  # nothing to change: Tab passes it by

    @property
    def options(self) -> list[tuple[str, Any]]:
        return list(self._options)

    @property
    def value(self) -> Any:
        return self._options[self._index][1]

    @value.setter
    def value(self, value: Any) -> None:
        values = [v for _, v in self._options]
        if value not in values:
            raise ValueError(f"{value!r} is not one of the choices")
        self._select(values.index(value))

    @property
    def label(self) -> str:
        return self._options[self._index][0]

    @property
    def help_text(self) -> str:
        return self._help

    @help_text.setter
    def help_text(self, text: str) -> None:
        self._help = text
        self.refresh(layout=True)  # the help may take another number of lines

    def _select(self, index: int) -> None:
        if index == self._index:
            return
        self._index = index
        self.refresh()
        self.post_message(self.Changed(self, self.value))

    def action_step(self, step: int) -> None:
        self._select((self._index + step) % len(self._options))

    def action_first(self) -> None:
        self._select(0)

    def on_click(self, event: events.Click) -> None:
        self.focus()
        start = LABEL_WIDTH if self._label is not None else 0
        if start <= event.x < start + self._field_width:  # the field itself, not its label or help
            self.action_step(-1 if event.x <= start + 1 else 1)

    # -- drawing ------------------------------------------------------------------
    def field(self) -> str:
        left, right = ("<", ">") if self.app.has_class("-ascii") else ("◀", "▶")
        if self.has_focus and len(self._options) > 1:
            # arrows and brackets say "this one, and it can change" without colour
            return f"{left} {self.label} {right}"
        return f"  {self.label}  "

    def _current_row(self) -> bool:
        """Focus in this row: on the field, or on a name field beside it (settings rows)."""
        parent = self.parent
        return self.has_focus or (isinstance(parent, Widget) and parent.has_class("-current"))

    def row_text(self, width: int) -> Text:
        """The labelled row at `width` cells: label, field, and the help wrapped beside or below."""
        assert self._label is not None
        text = Text(no_wrap=True, end="")
        text.append(self._label[: LABEL_WIDTH - 1].ljust(LABEL_WIDTH - 1), FOCUSED if self._current_row() else "")
        text.append(" ")
        field = self.field().ljust(self._field_width)
        text.append(field, FOCUSED if self.has_focus else "")
        if not self._help:
            return text
        beside = LABEL_WIDTH + self._field_width + HELP_GAP
        if not self._help_below and width - beside >= 24:  # room for the help beside the field
            indent = beside
            text.append(" " * HELP_GAP)
        else:  # below it, under the field
            indent = LABEL_WIDTH
            text.append("\n" + " " * indent)
        muted = self.get_component_rich_style("choice--help")
        lines = textwrap.wrap(self._help, max(width - indent, 10)) or [""]
        text.append(lines[0], muted)
        for line in lines[1:]:
            text.append("\n" + " " * indent)
            text.append(line, muted)
        return text

    def render(self) -> Text:
        if self._label is None:
            return Text(self.field())
        return self.row_text(self.content_region.width or self.app.size.width)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        if self._label is None:
            return self._field_width
        return LABEL_WIDTH + self._field_width

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        if self._label is None:
            return 1
        return len(self.row_text(width).plain.split("\n"))
