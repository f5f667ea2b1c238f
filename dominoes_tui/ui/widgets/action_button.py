"""A one-line button for the settings form, drawn like Textual's compact Button.

Textual's Button carries some 300 lines of style rules (four colour variants, flat and
ASCII looks, borders that press in); the first screen to show one parses them all before
its first frame. These three buttons need a label, focus, a click, Enter and one accent.
"""
from __future__ import annotations

from textual.binding import Binding
from textual.message import Message
from textual.widgets import Static

from ...i18n import N_


class ActionButton(Static, can_focus=True):
    DEFAULT_CSS = """
    ActionButton {
        width: auto; min-width: 16; height: 1;
        text-align: center; text-style: bold;
        color: $button-foreground; background: $surface;
    }
    ActionButton.-primary { color: $button-color-foreground; background: $primary; }
    ActionButton:hover { background: $surface-darken-1; }
    ActionButton.-primary:hover { background: $primary-darken-2; }
    ActionButton:focus { text-style: bold reverse; }
    """
    BINDINGS = [Binding("enter,space", "press", N_("Press"), show=False)]

    class Pressed(Message):
        def __init__(self, button: ActionButton) -> None:
            self.button = button
            super().__init__()

        @property
        def control(self) -> ActionButton:
            return self.button

    def __init__(self, label: str, *, id: str, primary: bool = False) -> None:  # noqa: A002
        # the spaces are part of the label, so focus reverses them too, as on a Button
        super().__init__(f" {label} ", id=id, classes="-primary" if primary else "", markup=False)

    def action_press(self) -> None:
        self.post_message(self.Pressed(self))

    def on_click(self) -> None:
        self.action_press()
