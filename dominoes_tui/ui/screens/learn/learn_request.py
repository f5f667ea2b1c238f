"""The message a screen posts to open a lesson (learn.py) of an analysed match: the app
opens it (SpeakingApp). The replay viewer cannot import the lesson's screen itself: the
lesson is the table screen, which leads, by the match-end screen, back to the viewer."""
from __future__ import annotations

from typing import TYPE_CHECKING

from textual.message import Message

if TYPE_CHECKING:
    from ....bots.analysis import MatchAnalysis
    from ...choices import Prefs
    from ..replay.replay_steps import ReplaySteps


class LearnRequested(Message):
    """Learn from the mistakes of `analysis` (of the match `steps`): the seat `viewer`'s,
    or, with None, the keyboard's (learn.learner_seat)."""

    def __init__(self, steps: ReplaySteps, analysis: MatchAnalysis, viewer: int | None, prefs: Prefs | None) -> None:
        super().__init__()
        self.steps, self.analysis, self.viewer, self.prefs = steps, analysis, viewer, prefs
