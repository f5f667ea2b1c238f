"""Block: no drawing, stuck means pass (docs/RULES.md §3.2, BLOCK-*)."""
from __future__ import annotations

from ..errors import N_
from ..options import BLOCKED, FIRST_LEAD
from .draw import TARGET, Draw

# bench/play_style_fit.py --variant block --players 2 --deals 300 --seed 11 (hard, 200 ms)
STYLE = (1.523, 0.594, 1.465, 1.223, 0.978, 3.358)


class Block(Draw):
    """Scored as Draw is (DRAW-8); only the deal and drawing differ."""

    name = "block"
    title = N_("Block")
    summary = N_("No drawing: stuck means pass; the first out scores the others' pips.")
    rules_text = N_("""\
**Block** (2 to 4 players). 7 tiles each with two players, 5 with three or four.
The other tiles are dead: nobody ever draws.

- Stuck? You pass. The round ends at a domino or when nobody can play.
- After a block the lowest hand wins; a tie scores nothing.
- The winner scores everyone else's pips minus their own. First to the target wins.
""")
    hand_size = {2: 7, 3: 5, 4: 5}
    draws = False
    options = (FIRST_LEAD, BLOCKED, TARGET)
    value_model = {}
    playout_bias = {}
    line_style = {players: STYLE for players in (2, 3, 4)}  # fitted to 2 players, used for all
