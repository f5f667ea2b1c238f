"""Makes the analysed match the learn tests go through (match.jsonl, analysis.json here):
2-player Draw to 30, seed 2, You played by the random bot against medium, analysed at 100
guesses a decision, seed 0 (four marked moves of You's: two ?!, two ??). Kept as files so
the tests need no search, and stay the same when the bots change.

    python -m tests.ui.learn.make_fixture
"""
from __future__ import annotations

import json
import random
from pathlib import Path

from dominoes_tui.bots import make_bot
from dominoes_tui.bots.analysis import analyse_match
from dominoes_tui.engine import PLAYING, Match, Seat, dumps, make_config, view_for

HERE = Path(__file__).parent
SEED, TARGET, GUESSES = 2, 30, 100


def play() -> Match:
    config = make_config("draw", 2, target=TARGET)
    match = Match(config, random.Random(SEED), [Seat("You", "human"), Seat("medium", "bot", "medium")], SEED)
    bots = [make_bot("random", random.Random(f"{SEED}/0")), make_bot("medium", random.Random(f"{SEED}/1"))]
    while not match.is_over:
        match.begin_round()
        while match.phase == PLAYING:
            seat = match.to_act
            match.apply(bots[seat].choose(view_for(match, seat)), seat)
    return match


def main() -> None:
    text = dumps(play().events)
    analysis = analyse_match(text, 1, guesses=GUESSES, seed=0, jobs=2)
    (HERE / "match.jsonl").write_text(text, encoding="utf-8")
    (HERE / "analysis.json").write_text(json.dumps(analysis.to_json(full=True), indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
