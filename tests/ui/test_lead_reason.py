"""Why the leader leads is said once for the round and stays: the log's first line must
not change its reason when the round ends ("won the last round" became "next in turn
after the last round" behind the summary)."""
from __future__ import annotations

import random

from dominoes_tui.bots import make_bot
from dominoes_tui.engine import PLAYING, Match, Seat, make_config, view_for
from dominoes_tui.table.client import SeatInfo
from dominoes_tui.ui.words import lead_reason


def test_the_leaders_reason_is_the_same_during_the_round_and_after_it() -> None:
    checked = 0
    for seed in range(12):
        config = make_config("draw", 2, 500)
        match = Match(config, random.Random(seed), [Seat("You", "human"), Seat("Bot 2", "bot", "easy")], seed)
        bots = [make_bot("easy", random.Random(f"{seed}/{i}")) for i in range(2)]
        seats = (SeatInfo("You", "human"), SeatInfo("Bot 2", "bot", "easy"))
        for _round in range(3):
            match.begin_round()
            during = lead_reason(view_for(match, 0), seats)
            while match.phase == PLAYING:
                match.apply(bots[match.to_act].choose(view_for(match, match.to_act)), match.to_act)
            after = lead_reason(view_for(match, 0), seats)
            assert after == during, (seed, match.round_no, during, after)
            checked += match.round_no > 1
            if match.is_over:
                break
    assert checked >= 12  # later rounds, where the last round's winner leads
