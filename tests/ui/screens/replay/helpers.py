"""Helpers shared by the tests of this folder."""
from __future__ import annotations

from dominoes_tui.bots.analysis import MatchAnalysis, MoveJudgement, SeatReport, Verdict
from dominoes_tui.engine import dumps
from dominoes_tui.ui.screens.replay.replay import ReplayScreen
from dominoes_tui.ui.screens.replay.replay_moves import MovesList
from dominoes_tui.ui.screens.replay.replay_steps import ReplaySteps
from tests.records.helpers import people, play


def the_match(seed: int = 1, stop_after: int | None = None):
    return play("draw", 2, people("Ana", "Ben"), seed=seed, stop_after=stop_after)


VERDICTS = {3: Verdict.BLUNDER, 6: Verdict.INACCURACY, 10: Verdict.MISTAKE, 15: Verdict.BEST}


def the_steps(seed: int = 1) -> ReplaySteps:
    return ReplaySteps.from_text(dumps(play("draw", 2, people("Ana", "Ben"), seed=seed).events))


def made_up(steps: ReplaySteps) -> MatchAnalysis:
    """An analysis of the match with known verdicts at known moves (the search itself is
    bots/analysis's to test): plies 3 (??), 6 (?!), 10 (?) and 15 (best)."""
    moves = []
    for ply, verdict in VERDICTS.items():
        event = steps.event_at(steps.step_of(ply))
        played = f"{event['tile']} {event['end']}" if event["end"] else event["tile"]
        best = played if verdict == Verdict.BEST else "6-6 right"
        moves.append(MoveJudgement(round=1, seat=event["seat"], ply=ply, played=played, best=best,
                                   loss=0.3, choices=3, verdict=verdict, before=0.62, after=0.31,
                                   options=((best, 0.62), (played, 0.31), ("0-0 left", 0.2))))
    seats = tuple(SeatReport.of(s, n, moves) for s, n in enumerate(("Ana", "Ben")))
    return MatchAnalysis(1, seats, tuple(moves), 4)


class Shelf:
    """The records, as the viewer sees them: what is kept, and what was asked."""

    def __init__(self, kept: str | None = None) -> None:
        self.kept, self.stored = kept, []

    def load(self, key: str) -> str | None:
        return self.kept

    def keep(self, key: str, analysis: dict, guesses: int) -> bool:
        self.stored.append(analysis)
        return True



def marks(screen: ReplayScreen) -> dict[int, str]:
    table = screen.query_one(MovesList)
    return {i: str(table.get_row_at(i)[3]) for i in range(table.row_count) if str(table.get_row_at(i)[3])}
