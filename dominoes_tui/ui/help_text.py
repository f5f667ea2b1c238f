"""The rules of each variant in plain words, for the help screen (from docs/RULES.md).

Each text is marked with N_() and translated as the help is shown (help_markdown): the
language is chosen after this module is imported, and may change while it runs."""
from __future__ import annotations

from ..i18n import N_, _

COMMON = N_("""\
**Tiles and turns.** 28 tiles, 0-0 to 6-6. On your turn lay a tile whose number
matches an open end of the chain; that number is covered, the tile's other number
becomes the new end. A double is laid crosswise and keeps the number showing.
If a tile of yours fits, you must play (passing or drawing is not allowed then).
""")

RULES = {
    "draw": N_("""\
**Draw** (2 to 4 players). 7 tiles each (6 with four players); the rest is the boneyard.

- Round 1 is led by lot with any tile; later the last winner leads.
- Stuck? You draw from the boneyard by yourself until a tile fits, and must then
  play it. With the boneyard empty you pass.
- The round ends when someone plays their last tile (domino), or when nobody can
  play (blocked): then the lowest hand wins, and a tie scores nothing.
- The winner scores everyone else's pips minus their own.
- First to the target with the single highest total wins the match.
"""),
    "block": N_("""\
**Block** (2 to 4 players). 7 tiles each with two players, 5 with three or four.
The other tiles are dead: nobody ever draws.

- Stuck? You pass. The round ends at a domino or when nobody can play.
- After a block the lowest hand wins; a tie scores nothing.
- The winner scores everyone else's pips minus their own. First to the target wins.
"""),
    "allfives": N_("""\
**All Fives** (2 to 4 players). 7 tiles each with two players, 5 with three or four.

- The first double on the table is the **spinner**: it opens to its left and right,
  and once both have a tile, also up and down.
- After every tile you lay, add up the open ends (a double at an end counts both
  halves; the spinner counts itself while a side is empty). If the count is a
  multiple of 5, you score it at once.
- Stuck? You draw until a tile fits, then play it; with the boneyard empty you pass.
- The round winner also gets the others' pips, rounded to the nearest 5.
- First to the target (default 150) with the single highest total wins.
"""),
    "partner": N_("""\
**Partner** (2 against 2). Partners sit opposite: seats 1 and 3 against 2 and 4.
All 28 tiles are dealt, 7 each; nobody draws.

- Round 1: whoever holds 6-6 leads it. Later the player who went out (or made the
  block) leads.
- Stuck? You pass. A partner's domino wins for the whole team.
- The winning team scores the pips left in all four hands. A blocked round goes to
  the team with fewer pips; a tie scores nothing.
- **Capicú**: going out with a tile that fits both ends (may give a bonus).
- The first team at the target wins; a team that never scored lost "zu null".
"""),
    "kozel": N_("""\
**Kozel** (2 to 4 players, the Russian "goat"). 7 tiles each; points are penalties.

- Round 1 is led by the lowest double (1-1 first; 0-0 only if nobody has another).
- Stuck? Draw from the boneyard until a tile fits; with it empty you pass.
- The player who goes out records nothing; everyone else records their pips
  (a lone 0-0 counts 25, a lone 6-6 counts 20). While your account is empty, less
  than 13 is not recorded.
- When someone reaches 101 the match ends: the highest total is the **Kozel** and
  loses; the lowest total wins.
"""),
    "duel": N_("""\
**Classic Duel** (2 players). 7 tiles each; the other 14 are the boneyard.

- Round 1 is led by the highest double (6-6 first). Later the last winner leads.
- Stuck? Draw from the boneyard until a tile fits; with it empty you pass.
- A domino scores the loser's pips (a lone 0-0 counts 10). A fish (nobody can play)
  goes to the lower hand, scoring the difference; a tie scores nothing.
- First to the target wins.
"""),
}

KEYS_HEAD = N_("**Keys at the table.** Everything works from the keyboard; the mouse is a bonus.\n")
REPLAY_KEYS_HEAD = N_("**Keys in the replay viewer.**\n")

# What the table's BINDINGS cannot say: the keys of the other screens.
KEYS_TAIL = N_("""\
**Keys elsewhere.**

- In the settings: Tab or ↓ moves to the next field (↑ back), ← → change a value,
  Enter starts the match (Ctrl+S too), F2 plays the walk-through, Ctrl+R opens the
  club records, Esc asks before quitting.
- Between rounds: Enter (or Esc) for the next round, s for the scores.
- At the end of a match: n for a new match, s for the scores, a to go through the
  match move by move with an analysis, r for the club records, q to quit (Esc asks
  first).
- ? or F1 opens this help at the table, between rounds, at the end of a match and
  in the replay viewer.

Draws and passes happen by themselves when the rules force them, with a notice.
There is no undo: taking a tile back would show hidden tiles.
""")


def help_markdown(variant: str, keys_table: str = "", keys_head: str = KEYS_HEAD) -> str:
    """The variant's rules, then the keys: `keys_table` is made from the screens'
    bindings (key_help.py), under `keys_head` (marked with N_)."""
    return "\n".join([_(RULES[variant]), _(COMMON), _(keys_head), keys_table, "", _(KEYS_TAIL)])
