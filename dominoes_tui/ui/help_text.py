"""The rules of each variant in plain words, for the help screen (from docs/RULES.md)."""
from __future__ import annotations

COMMON = """\
**Tiles and turns.** 28 tiles, 0-0 to 6-6. On your turn lay a tile whose number
matches an open end of the chain; that number is covered, the tile's other number
becomes the new end. A double is laid crosswise and keeps the number showing.
If a tile of yours fits, you must play (passing or drawing is not allowed then).
"""

RULES = {
    "draw": """\
**Draw** (2 to 4 players). 7 tiles each (6 with four players); the rest is the boneyard.

- Round 1 is led by lot with any tile; later the last winner leads.
- Stuck? You draw from the boneyard by yourself until a tile fits, and must then
  play it. With the boneyard empty you pass.
- The round ends when someone plays their last tile (domino), or when nobody can
  play (blocked): then the lowest hand wins, and a tie scores nothing.
- The winner scores everyone else's pips minus their own.
- First to the target with the single highest total wins the match.
""",
    "block": """\
**Block** (2 to 4 players). 7 tiles each with two players, 5 with three or four.
The other tiles are dead: nobody ever draws.

- Stuck? You pass. The round ends at a domino or when nobody can play.
- After a block the lowest hand wins; a tie scores nothing.
- The winner scores everyone else's pips minus their own. First to the target wins.
""",
    "allfives": """\
**All Fives** (2 to 4 players). 7 tiles each with two players, 5 with three or four.

- The first double on the table is the **spinner**: it opens to its left and right,
  and once both have a tile, also up and down.
- After every tile you lay, add up the open ends (a double at an end counts both
  halves; the spinner counts itself while a side is empty). If the count is a
  multiple of 5, you score it at once.
- Stuck? You draw until a tile fits, then play it; with the boneyard empty you pass.
- The round winner also gets the others' pips, rounded to the nearest 5.
- First to the target (default 150) with the single highest total wins.
""",
    "partner": """\
**Partner** (2 against 2). Partners sit opposite: seats 1 and 3 against 2 and 4.
All 28 tiles are dealt, 7 each; nobody draws.

- Round 1: whoever holds 6-6 leads it. Later the player who went out (or made the
  block) leads.
- Stuck? You pass. A partner's domino wins for the whole team.
- The winning team scores the pips left in all four hands. A blocked round goes to
  the team with fewer pips; a tie scores nothing.
- **Capicú**: going out with a tile that fits both ends (may give a bonus).
- The first team at the target wins; a team that never scored lost "zu null".
""",
    "kozel": """\
**Kozel** (2 to 4 players, the Russian "goat"). 7 tiles each; points are penalties.

- Round 1 is led by the lowest double (1-1 first; 0-0 only if nobody has another).
- Stuck? Draw from the bazaar until a tile fits; with it empty you pass.
- The player who goes out records nothing; everyone else records their pips
  (a lone 0-0 counts 25, a lone 6-6 counts 20). While your account is empty, less
  than 13 is not recorded.
- When someone reaches 101 the match ends: the highest total is the **Kozel** and
  loses; the lowest total wins.
""",
    "duel": """\
**Classic Duel** (2 players). 7 tiles each; 14 form the market.

- Round 1 is led by the highest double (6-6 first). Later the last winner leads.
- Stuck? Draw from the market until a tile fits; with it empty you pass.
- A domino scores the loser's pips (a lone 0-0 counts 10). A fish (nobody can play)
  goes to the lower hand, scoring the difference; a tie scores nothing.
- First to the target wins.
""",
}

KEYS = """\
**Keys.** Everything works from the keyboard; the mouse is a bonus.

| key | what it does |
|---|---|
| ← → | choose among the tiles that fit |
| 1 … 9, 0 | choose tile 1 … 10 of your hand |
| Enter | play the chosen tile (asks for the end if it fits more than one) |
| l r u d | play on the left, right, up or down end (shown as `l:3`) |
| Esc | take back the choice of tile (a played tile cannot be taken back) |
| s | the scoresheet |
| t | bot speed: instant, normal, slow |
| p | pips or digits on the tiles |
| m | the memory aid: numbers each player has shown they lack |
| ? or F1 | this help |
| ctrl+q | quit; the match is saved and offered again next time |

In the settings: Tab moves to the next field, Enter opens a list, ctrl+s starts
the match, Esc quits. Between rounds: Enter for the next round, s for the scores.
At the end of a match: n for a new match, q to quit.

Draws and passes happen by themselves when the rules force them, with a notice.
There is no undo: taking a tile back would show hidden tiles.
"""


def help_markdown(variant: str) -> str:
    return "\n".join([RULES[variant], COMMON, KEYS])
