"""The steps of a replay: a finished match's log, cut after each deal and each move.

Pure (no textual): the viewer asks for step k and gets the engine's Match as it stood
then, rebuilt by the game log reader, which resumes a log cut off anywhere.
"""
from __future__ import annotations

from typing import Any

from ....engine import Match
from ....engine.gamelog import parse_lines, replay, split_matches

_DRIVING = ("round_start", "play")


class ReplaySteps:
    def __init__(self, lines: list[tuple[int, dict[str, Any]]]) -> None:
        self.lines = lines
        # Step k shows the match after the first cuts[k] lines of the log. The first step
        # is the first deal: the match before it (every hand empty) shows nothing.
        self.cuts = [i + 1 for i, (_n, e) in enumerate(lines) if e["event"] in _DRIVING] or [1]
        if self.cuts[-1] < len(lines):
            self.cuts.append(len(lines))  # the end: round_end, match_end
        self.round_steps = [k for k, cut in enumerate(self.cuts) if lines[cut - 1][1]["event"] == "round_start"]
        # The step that shows each placement, in play order: an analysis numbers moves so (its `ply`).
        self.play_steps = [k for k, cut in enumerate(self.cuts) if lines[cut - 1][1]["event"] == "play"]
        self._ply_of = {k: ply for ply, k in enumerate(self.play_steps)}
        self.whole = replay(lines)  # checks the whole log once, up front: LogError if it is wrong
        self._cache: tuple[int, Match] | None = None

    @classmethod
    def from_text(cls, text: str, index: int = 0) -> ReplaySteps:
        """The index-th match of a log text (LogError if the log breaks the rules)."""
        chunks = list(split_matches(parse_lines(text)))
        if not chunks:
            from ....engine import LogError

            raise LogError("the log holds no match")
        return cls(chunks[min(max(index, 0), len(chunks) - 1)])

    @property
    def count(self) -> int:
        return len(self.cuts)

    def at(self, step: int) -> Match:
        step = min(max(step, 0), self.count - 1)
        if self._cache is not None and self._cache[0] == step:
            return self._cache[1]
        match = self.whole if step == self.count - 1 else replay(self.lines[: self.cuts[step]])
        self._cache = (step, match)
        return match

    def event_at(self, step: int) -> dict[str, Any]:
        """The log line that step k has just shown."""
        return self.lines[self.cuts[min(max(step, 0), self.count - 1)] - 1][1]

    @property
    def events(self) -> list[dict[str, Any]]:
        return [e for _n, e in self.lines]

    def ply_of(self, step: int) -> int | None:
        """The placement (0-based, in play order) that step k has just shown, if it shows one."""
        return self._ply_of.get(step)

    def step_of(self, ply: int) -> int:
        """The step that shows placement `ply`."""
        return self.play_steps[min(max(ply, 0), len(self.play_steps) - 1)] if self.play_steps else 0

    def next_round(self, step: int) -> int:
        later = [k for k in self.round_steps if k > step]
        return later[0] if later else self.count - 1

    def previous_round(self, step: int) -> int:
        """The start of this round, or of the one before when already at a start."""
        earlier = [k for k in self.round_steps if k < step]
        return earlier[-1] if earlier else 0
