"""Match analysis: every decision of a logged match judged from the mover's own view.

Pure (bots layer: engine and bots/search only). See docs/ANALYSIS.md for what the
numbers mean; `dominoes analyze` (commands/analyze.py) prints them.
"""
from .analyse import SERVER_JOBS, SERVER_NICE, Decision, analyse_hosted, analyse_match, decisions, judge_decision, log_matches
from .judge import GUESSES, Cancelled, Judgement, Weighing, judge, judge_view
from .report import MatchAnalysis, MoveJudgement, SeatReport, move_words
from .verdicts import NOISE_Z, THRESHOLDS, VERDICT_MARKS, Verdict, accuracy, move_accuracy, verdict_for

__all__ = [
    "GUESSES", "NOISE_Z", "SERVER_JOBS", "SERVER_NICE", "THRESHOLDS", "VERDICT_MARKS", "Cancelled", "Decision",
    "Judgement", "MatchAnalysis", "MoveJudgement", "SeatReport", "Verdict", "Weighing", "accuracy", "analyse_hosted",
    "analyse_match", "decisions", "judge", "judge_decision", "judge_view", "log_matches", "move_accuracy", "move_words",
    "verdict_for",
]
