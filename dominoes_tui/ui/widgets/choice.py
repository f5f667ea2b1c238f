"""A one-line choice among a few values: ← → (or Enter, space, a click) step through them.

The settings screen used Textual's `Select`, which builds five widgets and an option
list per field; with a dozen fields the screen took most of a second longer to appear
than the table, and every change of Players rebuilt them all. This is one widget that
only draws a line, and its focus is shown by shape as well as colour (reverse video and
arrows), so it is unmistakable in every colour depth, under NO_COLOR and in ASCII mode.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.message import Message
from textual.widget import Widget


class Choice(Widget, can_focus=True):
    BINDINGS = [
        Binding("right,enter,space", "step(1)", "Next choice", show=False),
        Binding("left", "step(-1)", "Previous choice", show=False),
        Binding("home", "first", "First choice", show=False),
    ]
    DEFAULT_CSS = """
    Choice { height: 1; width: 1fr; }
    Choice:focus { text-style: bold reverse; }
    Choice:disabled { text-style: dim; }
    """

    @dataclass
    class Changed(Message):
        choice: "Choice"
        value: Any

        @property
        def control(self) -> "Choice":
            return self.choice

    def __init__(
        self,
        options: Sequence[tuple[str, Any]],
        value: Any = None,
        *,
        id: str | None = None,  # noqa: A002 - Textual's name
        classes: str | None = None,
        disabled: bool = False,
    ) -> None:
        super().__init__(id=id, classes=classes, disabled=disabled)
        self._options = list(options)
        values = [v for _, v in self._options]
        self._index = values.index(value) if value in values else 0

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
        self.action_step(-1 if event.x <= 1 else 1)

    def render(self) -> Text:
        left, right = ("<", ">") if self.app.has_class("-ascii") else ("◀", "▶")
        if self.has_focus:
            # arrows and brackets say "this one, and it can change" without colour
            return Text(f"{left} {self.label} {right}")
        return Text(f"  {self.label}  ")
