"""Learn from your mistakes (lichess's mode of that name), as plain data: no widgets.

A lesson takes one seat of an analysed match and goes through that seat's own marked
moves (inaccuracy, mistake, blunder: bots/analysis verdicts), oldest first. Each question
is the position just before the move, rebuilt from the log as the replay viewer rebuilds
a step (a cut log replays to exactly that moment), and shown from the seat's own view:
its hand, the chain, the counts, the round's moves so far; never another hand.

A move tried is judged with the analysis's own figures (every legal move's win chance,
kept with the analysis): the best one (or one as good) solves it; one that loses less
than an inaccuracy does is a good move and solves it too, as lichess counts a move
within a few points of the best; anything else, the move played in the match among
them, is told how much it still loses (named as the move played was, by its loss less
the estimate's margin), and the question stays open for another try.
The solution can be shown instead, or the question skipped. Each question ends as
found at the first try, found after retries, shown, or skipped; the lesson's progress
is those results and the failed tries so far (learn_progress.py keeps them).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from ....bots.analysis import MatchAnalysis, MoveJudgement, Verdict, move_words, verdict_for
from ....engine import Match, Move, PlayerView, view_for
from ....engine.gamelog import replay
from ..replay.replay_steps import ReplaySteps

MARKED = (Verdict.INACCURACY, Verdict.MISTAKE, Verdict.BLUNDER)
SEVERITY = [Verdict.BEST, Verdict.GOOD, Verdict.INACCURACY, Verdict.MISTAKE, Verdict.BLUNDER]
MAX_TRIES = 1_000  # failed tries a progress file may claim for one question


class Result(StrEnum):
    """How a question ended."""

    FIRST = "first"      # found at the first try
    RETRIED = "retried"  # found after one failed try or more
    SHOWN = "shown"      # the solution was shown
    SKIPPED = "skipped"


class Kind(StrEnum):
    """What a move tried was."""

    BEST = "best"      # the best, or as good as it
    GOOD = "good"      # below an inaccuracy's loss: solved
    WORSE = "worse"    # still an inaccuracy, a mistake or a blunder
    PLAYED = "played"  # the very move played in the match


@dataclass(frozen=True)
class Question:
    judgement: MoveJudgement
    match: Match         # the match just before the move, as it stood
    view: PlayerView     # what the seat saw then
    played: Move
    best: Move

    @property
    def ply(self) -> int:
        return self.judgement.ply

    def move(self, words: str) -> Move | None:
        """The legal move the analysis writes so ("3-5 left", a lead "6-6")."""
        return next((m for m in self.view.legal if move_words(m) == words), None)


@dataclass(frozen=True)
class Answer:
    move: Move
    kind: Kind
    verdict: Verdict     # the legend's name for what the move loses
    before: float        # the win chance with the best move
    after: float         # ... with the move tried
    exact: bool          # the figures are solved, not estimated

    @property
    def solved(self) -> bool:
        return self.kind in (Kind.BEST, Kind.GOOD)


@dataclass(frozen=True)
class Summary:
    total: int
    first: int
    retried: int
    shown: int
    skipped: int


@dataclass
class Lesson:
    """One seat's marked moves of an analysed match, and how far the learner got."""

    seat: int
    name: str
    questions: list[Question]
    results: dict[int, Result] = field(default_factory=dict)   # by ply
    tries: dict[int, int] = field(default_factory=dict)        # failed tries, by ply
    index: int = 0                                             # the question on show
    answer: Answer | None = None   # the last move tried on it (None: none yet)
    shown: bool = False            # its solution is on show
    unusable: int = 0              # marked moves the log does not bear out (a forged analysis)

    # -- building ------------------------------------------------------------------
    @classmethod
    def build(cls, steps: ReplaySteps, analysis: MatchAnalysis, seat: int) -> Lesson:
        """The lesson of `seat`: its marked moves in play order, each position checked
        against the log (the seat to move, the move played, the best move legal)."""
        names = [s.name for s in steps.whole.seats]
        if not 0 <= seat < len(names):
            raise ValueError(f"seat {seat}: the match has seats 0 to {len(names) - 1}")
        questions, unusable = [], 0
        marked = sorted((m for m in analysis.moves if m.seat == seat and m.verdict in MARKED), key=lambda m: m.ply)
        for judgement in marked:
            question = _question(steps, judgement)
            if question is None:
                unusable += 1
            else:
                questions.append(question)
        return cls(seat, names[seat], questions, unusable=unusable)

    # -- where it stands -------------------------------------------------------------
    @property
    def current(self) -> Question | None:
        return self.questions[self.index] if self.index < len(self.questions) else None

    @property
    def solving(self) -> bool:
        """A move may be tried now: a question on show, not yet found nor shown."""
        return self.current is not None and self.current.ply not in self.results

    @property
    def done(self) -> bool:
        return self.current is None

    def summary(self) -> Summary:
        counts = {r: sum(1 for q in self.questions if self.results.get(q.ply) == r) for r in Result}
        return Summary(len(self.questions), counts[Result.FIRST], counts[Result.RETRIED], counts[Result.SHOWN],
                       counts[Result.SKIPPED])

    # -- the learner's doing ---------------------------------------------------------
    def judge(self, question: Question, move: Move) -> Answer:
        """What `move` is worth at `question`, by the analysis's figures."""
        j = question.judgement
        chances = dict(j.options)
        best = max(chances.values())
        chance = chances[move_words(move)]
        loss = max(0.0, best - chance)
        if move == question.played:
            kind = Kind.PLAYED
        elif loss <= 0.0:
            kind = Kind.BEST
        else:
            kind = Kind.GOOD if verdict_for(loss, 0.0, False) == Verdict.GOOD else Kind.WORSE
        if kind == Kind.PLAYED:
            verdict = j.verdict
        elif kind == Kind.WORSE:
            # named as the move played was, less the same margin (only its own is kept), so
            # no retry is called worse than the played move that lost more; yet never less
            # than the inaccuracy its loss makes it
            verdict = max(verdict_for(loss, j.error, False), Verdict.INACCURACY, key=SEVERITY.index)
        else:
            verdict = verdict_for(loss, 0.0, kind == Kind.BEST)
        return Answer(move, kind, verdict, best, chance, j.exact)

    def try_move(self, move: Move) -> Answer:
        """Try `move` on the question on show; ValueError if none is open or it is not legal there."""
        question = self.current
        if question is None or not self.solving:
            raise ValueError("no question is open")
        if move not in question.view.legal:
            raise ValueError(f"{move} is not legal here")
        answer = self.answer = self.judge(question, move)
        if answer.solved:
            self.results[question.ply] = Result.RETRIED if self.tries.get(question.ply) else Result.FIRST
        else:
            self.tries[question.ply] = min(MAX_TRIES, self.tries.get(question.ply, 0) + 1)
        return answer

    def show_solution(self) -> Move:
        """The best move of the question on show; counted as shown unless already found."""
        question = self.current
        if question is None:
            raise ValueError("no question is open")
        self.results.setdefault(question.ply, Result.SHOWN)
        self.shown = True
        return question.best

    def skip(self) -> None:
        question = self.current
        if question is not None:
            self.results.setdefault(question.ply, Result.SKIPPED)
        self.next()

    def next(self) -> None:
        """On to the next question not yet ended (or to the end)."""
        self.answer, self.shown = None, False
        later = [i for i, q in enumerate(self.questions) if i > self.index and q.ply not in self.results]
        earlier = [i for i, q in enumerate(self.questions) if q.ply not in self.results]
        self.index = later[0] if later else (earlier[0] if earlier else len(self.questions))

    def again(self) -> None:
        """Every question open again, from the first (lichess's "Do it again")."""
        self.results.clear()
        self.tries.clear()
        self.index, self.answer, self.shown = 0, None, False

    # -- progress ---------------------------------------------------------------------
    def progress(self) -> dict[str, Any]:
        return {"results": {str(p): str(r) for p, r in sorted(self.results.items())},
                "tries": {str(p): n for p, n in sorted(self.tries.items()) if n}}

    def resume(self, data: dict[str, Any]) -> None:
        """Take up kept progress (learn_progress.read checked it): on at the first question
        not yet ended. Plies this lesson does not ask about are left out."""
        asked = {q.ply for q in self.questions}
        self.results = {int(p): Result(r) for p, r in data.get("results", {}).items() if int(p) in asked}
        self.tries = {int(p): int(n) for p, n in data.get("tries", {}).items() if int(p) in asked}
        self.index, self.answer, self.shown = -1, None, False
        self.next()


def _question(steps: ReplaySteps, judgement: MoveJudgement) -> Question | None:
    """The position of a judged move, or None where the log does not bear the judgement
    out (another seat moved there, another move was played, its moves are not legal)."""
    if not 0 <= judgement.ply < len(steps.play_steps) or not judgement.options:
        return None
    cut = steps.cuts[steps.play_steps[judgement.ply]]
    match = replay(steps.lines[: cut - 1])  # the log up to the move, not the move
    if match.to_act != judgement.seat:
        return None
    view = view_for(match, judgement.seat)
    event = steps.lines[cut - 1][1]
    played = Move.from_json(event)
    words = {move_words(m) for m in view.legal}
    if played not in view.legal or move_words(played) != judgement.played or not words <= {w for w, _c in judgement.options}:
        return None
    best = next((m for m in view.legal if move_words(m) == judgement.best), None)
    if best is None:
        return None
    # the best by the figures themselves: a kept `best` that is not their best is damage
    top = max(c for _w, c in judgement.options)
    if dict(judgement.options)[judgement.best] < top:
        return None
    return Question(judgement, match, view, played, best)
