"""How long `dominoes analyze` takes over a whole match: 2-player Draw to 100.

The matches are played by a medium and an easy bot (a player's match has about as many
decisions), then each is analysed as `dominoes analyze` would (the default guesses, on
every core); the figure is the median over the matches, in seconds a match.
"""
from __future__ import annotations

import os
import random
import statistics
import time
from typing import Any

from ..bots.analysis import GUESSES, analyse_match
from ..bots.base import Bot
from ..bots.easy import EasyBot
from ..bots.medium import MediumBot
from ..bots.runner import play_match
from ..engine import make_config
from ..engine.seeds import derive_seeds
from ..i18n import _

TARGET_S = 30.0  # a whole match analysed within half a minute on two cores


def _cpu() -> float:
    """CPU seconds of this process and of its finished children (the workers, once
    joined): what the analysis cost whatever else the machine was doing."""
    try:
        import resource
    except ImportError:  # not on Windows: no figure
        return float("nan")
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def analysis_times(matches: int, seed: int, jobs: int | None = None, guesses: int = GUESSES) -> dict[str, Any]:
    jobs = jobs or os.cpu_count() or 1
    config = make_config("draw", 2)
    seconds: list[float] = []
    cpu: list[float] = []
    judged: list[int] = []
    solved: list[int] = []
    for match_seed in derive_seeds(seed, matches):
        bots: list[Bot] = [MediumBot(random.Random(match_seed), "medium"), EasyBot(random.Random(match_seed + 1), "easy")]
        match = play_match(config, bots, match_seed).match
        started, used = time.perf_counter(), _cpu()
        analysis = analyse_match(match, guesses=guesses, seed=seed, jobs=jobs)
        seconds.append(time.perf_counter() - started)
        cpu.append(_cpu() - used)
        judged.append(len(analysis.moves))
        solved.append(sum(m.exact for m in analysis.moves))
    return {"variant": "draw", "players": 2, "target": config.target, "matches": matches, "jobs": jobs,
            "guesses": guesses, "median_s": statistics.median(seconds), "min_s": min(seconds), "max_s": max(seconds),
            "decisions_median": statistics.median(judged), "solved_median": statistics.median(solved),
            "cpu_s_median": statistics.median(cpu),
            "ms_per_decision": 1000 * sum(seconds) / max(1, sum(judged)), "target_s": TARGET_S}


def format_analysis(row: dict[str, Any]) -> list[str]:
    labels = [_("seconds a match, median"), _("CPU seconds a match, median"), _("decisions judged a match, median"),
              _("ms a decision (wall, all processes)")]
    return ["", _("Match analysis (dominoes analyze): {variant} {players}p to {target}, medium against easy, {n} matches, "
                  "{guesses} guesses a decision, {jobs} processes").format(
                variant=row["variant"], players=row["players"], target=row["target"], n=row["matches"],
                guesses=row["guesses"], jobs=row["jobs"]), "",
            f"  {labels[0]:<40} {row['median_s']:>7.1f} ("
            + _("min {low}, max {high}").format(low=f"{row['min_s']:.1f}", high=f"{row['max_s']:.1f}") + ")",
            f"  {labels[1]:<40} {row['cpu_s_median']:>7.1f} ("
            + _("÷ {jobs} processes: {seconds} s on an idle machine").format(
                jobs=row["jobs"], seconds=f"{row['cpu_s_median'] / row['jobs']:.1f}") + ")",
            f"  {labels[2]:<40} {row['decisions_median']:>7g} ("
            + _("{n} of them solved exactly").format(n=f"{row.get('solved_median', 0):g}") + ")",
            f"  {labels[3]:<40} {row['ms_per_decision']:>7.0f}"]
