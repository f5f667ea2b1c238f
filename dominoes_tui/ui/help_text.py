"""The help screen's words: a variant's rules in plain words (its own, engine/rules/, from
docs/RULES.md), what every variant shares, and the keys.

Each text is marked with N_() and translated as the help is shown (help_markdown): the
language is chosen after this module is imported, and may change while it runs."""
from __future__ import annotations

from ..engine import find_variant
from ..i18n import N_, _

COMMON = N_("""\
**Tiles and turns.** 28 tiles, 0-0 to 6-6. On your turn lay a tile whose number
matches an open end of the chain; that number is covered, the tile's other number
becomes the new end. A double is laid crosswise and keeps the number showing.
If a tile of yours fits, you must play (passing or drawing is not allowed then).
""")

KEYS_HEAD = N_("**Keys at the table.** Everything works from the keyboard; the mouse is a bonus.\n")
REPLAY_KEYS_HEAD = N_("**Keys in the replay viewer.**\n")

# What the table's BINDINGS cannot say: the keys of the other screens.
KEYS_TAIL = N_("""\
**Keys elsewhere.**

- In the settings: Tab or ↓ moves to the next field (↑ back), ← → change a value,
  Enter starts the match (Ctrl+S too), F2 plays the walk-through, F3 opens the
  puzzles, Ctrl+R opens the club records, Esc asks before quitting.
- Between rounds: Enter (or Esc) for the next round, s for the scores.
- At the end of a match: n for a new match, s for the scores, a to go through the
  match move by move with an analysis (a match played here; a hosted one is
  analysed from the club records), r for the club records, q to quit (Esc asks
  first).
- In a server's lobby, F3 opens the puzzles while you wait (they run here).
- In the puzzles: n the next puzzle, r retry a missed one, v show the answer, f
  filter by variant and theme, q leave (the rating and streak are kept).
- ? or F1 opens this help at the table, between rounds, at the end of a match and
  in the replay viewer.

Draws and passes happen by themselves when the rules force them, with a notice.
There is no undo: taking a tile back would show hidden tiles.
""")


def help_markdown(variant: str, keys_table: str = "", keys_head: str = KEYS_HEAD) -> str:
    """The variant's rules, then the keys: `keys_table` is made from the screens'
    bindings (key_help.py), under `keys_head` (marked with N_)."""
    return "\n".join([_(find_variant(variant).rules_text), _(COMMON), _(keys_head), keys_table, "", _(KEYS_TAIL)])
