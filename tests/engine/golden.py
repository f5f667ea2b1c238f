"""Seeded bot matches whose logs are kept as fixtures in tests/engine/logs/: the same
seeds must still play exactly the same matches, byte for byte, so a change to the
engine's representation can never change its rules unnoticed.

The seats are played by the two bots with fixed, simple policies, `easy` (a seeded random
legal move) and `heaviest` (the heaviest tile, first legal end on a tie): tuning a
stronger bot changes no fixture. The recipe is GOLDEN and play_golden below;
`python -m tests.engine.golden` writes the logs that are missing (delete one to write it
again, then `git diff` it). Rewrite a log only when a rule is meant to change.
"""
from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from dominoes_tui.bots import make_bot
from dominoes_tui.bots.runner import play_match
from dominoes_tui.engine import dumps, make_config
from dominoes_tui.engine.seeds import derive_seeds

LOGS = Path(__file__).parent / "logs"

# (file stem, variant, players, options, bot levels per seat, matches)
GOLDEN: tuple[tuple[str, str, int, dict[str, Any], tuple[str, ...], int], ...] = (
    ("draw_2p", "draw", 2, {}, ("easy", "heaviest"), 3),
    ("draw_3p", "draw", 3, {}, ("easy", "heaviest", "heaviest"), 2),
    ("draw_4p", "draw", 4, {}, ("easy", "easy", "heaviest", "heaviest"), 2),
    ("draw_2p_reserve_highest", "draw", 2,
     {"boneyard_reserve": 2, "first_lead": "HIGHEST_DOUBLE", "blocked_points": "loser_pips", "target_score": 60},
     ("heaviest", "easy"), 3),
    ("block_2p", "block", 2, {}, ("easy", "heaviest"), 3),
    ("block_3p", "block", 3, {"first_lead": "LOWEST_DOUBLE"}, ("easy", "heaviest", "easy"), 2),
    ("block_4p", "block", 4, {}, ("heaviest", "easy", "heaviest", "easy"), 2),
    ("allfives_2p", "allfives", 2, {}, ("easy", "heaviest"), 2),
    ("allfives_3p", "allfives", 3, {"fives_win_mid_round": "on", "target_score": 100}, ("heaviest", "easy", "heaviest"), 3),
    ("allfives_4p", "allfives", 4, {"boneyard_reserve": 1}, ("heaviest", "heaviest", "easy", "easy"), 2),
    ("partner_4p", "partner", 4, {}, ("easy", "heaviest", "heaviest", "easy"), 3),
    ("partner_4p_fid_capicu", "partner", 4,
     {"partner_lead_rule": "fid", "capicu_bonus": 25, "partner_round_points": "opponents_only",
      "partner_block_winner": "blocker", "target_score": 50},
     ("easy", "easy", "heaviest", "heaviest"), 3),
    ("kozel_2p", "kozel", 2, {}, ("easy", "heaviest"), 2),
    ("kozel_3p", "kozel", 3, {"kozel_threshold_mode": "every_round", "kozel_fish_lead": "blocker"},
     ("easy", "heaviest", "heaviest"), 2),
    ("kozel_4p", "kozel", 4, {"kozel_limit": 60, "kozel_threshold": 0, "first_lead": "HIGHEST_DOUBLE"},
     ("easy", "heaviest", "heaviest", "easy"), 2),
    ("duel_2p", "duel", 2, {}, ("easy", "heaviest"), 3),
    ("duel_2p_lone_pips", "duel", 2,
     {"duel_lone_00": "pips", "blocked_points": "loser_pips", "first_lead": "LOWEST_DOUBLE", "target_score": 50},
     ("heaviest", "easy"), 3),
)


def play_golden(stem: str) -> str:
    """The log text of one fixture's matches, played afresh by today's engine."""
    _, variant, players, options, levels, matches = next(g for g in GOLDEN if g[0] == stem)
    config = make_config(variant, players, options=dict(options))
    text = []
    for match_seed in derive_seeds(sum(map(ord, stem)), matches):
        bots = [make_bot(level, random.Random(f"{match_seed}/{seat}"), f"{level} {seat}")
                for seat, level in enumerate(levels)]
        text.append(dumps(play_match(config, bots, match_seed).match.events))
    return "".join(text)


def main() -> None:
    LOGS.mkdir(exist_ok=True)
    for stem, *_ in GOLDEN:
        path = LOGS / f"{stem}.jsonl"
        if not path.exists():
            path.write_text(play_golden(stem), encoding="utf-8")
            print(f"wrote {path}")


if __name__ == "__main__":
    main()
