"""What every app of the game does in the person's language beyond its own screens: the
footer names keys as the keyboard prints them (Strg+P, Leertaste), and the command
palette, Textual's own commands included, speaks the language (ui/palette.py)."""
from __future__ import annotations

from typing import TypeVar

from textual.app import App
from textual.binding import Binding
from textual.command import CommandPalette

from ..i18n import SOURCE, language
from .key_names import key_name
from .palette import GameCommands, Palette
from .screens.learn.learn_request import LearnRequested

R = TypeVar("R")


class SpeakingApp(App[R]):
    COMMANDS = {GameCommands}

    def get_key_display(self, binding: Binding) -> str:
        """English keeps Textual's way (^p, esc); another language names the key as its
        keyboards print it, unless the binding chose a symbol of its own (⏎, ?, ←)."""
        if language() == SOURCE:
            return super().get_key_display(binding)
        if binding.key_display:
            return binding.key_display
        return key_name(binding.key)

    def on_learn_requested(self, message: LearnRequested) -> None:
        """A lesson of an analysed match, asked for by the replay viewer (learn_request.py)."""
        from .screens.learn.learn import learn_from

        learn_from(self, message.steps, message.analysis, message.viewer, message.prefs)

    def action_command_palette(self) -> None:
        if self.use_command_palette and not CommandPalette.is_open(self):  # type: ignore[arg-type]  # App[R] is an App
            self.push_screen(Palette())
