"""The table screen's keys, apart from the screen: the help screen lists them (key_help.py)
without importing the table screen, which opens the help."""
from __future__ import annotations

from textual.binding import Binding

from ..i18n import N_
from .render import END_KEYS, HAND_KEYS

# Textual's names for the keys that choose tiles 11 to 20 (shift and a digit on most keyboards)
KEY_NAMES = {
    "!": "exclamation_mark", "@": "at", "#": "number_sign", "$": "dollar_sign", "%": "percent_sign",
    "^": "circumflex_accent", "&": "ampersand", "*": "asterisk", "(": "left_parenthesis", ")": "right_parenthesis",
}

# The help screen's key table is made from these (key_help.py): a key with a
# description is listed there with its tooltip, so the two cannot drift apart.
CYCLE_TIP = N_("choose among the tiles that fit (they have a heavy border)")
TABLE_BINDINGS = [
    Binding("left", "cycle(-1)", N_("Previous tile"), show=False, tooltip=CYCLE_TIP),
    Binding("right", "cycle(1)", N_("Next tile"), show=False, tooltip=CYCLE_TIP),
    Binding("enter", "play", N_("Play"), key_display="Enter",
            tooltip=N_("play the chosen tile; if it fits several ends, Enter again (← → switch)")),
    # the tile keys' words are never shown as they stand: the help lists them ten to a row in
    # words of its own (key_help.py), and the footer leaves them out
    *[Binding(KEY_NAMES.get(k, k), f"pick({i})", f"Choose tile {i + 1}", show=False, tooltip=f"choose tile {i + 1} of your hand")
      for i, k in enumerate(HAND_KEYS)],
    # listed by their tooltip, one row for the four ends
    *[Binding(key, f"end('{end}')", f"Play on the {end} end", show=False,
              tooltip=N_("play on the left, right, up or down end (the ends are labelled l:3, 3:r)"))
      for end, key in END_KEYS.items()],
    Binding("escape", "cancel", N_("Choose again"), show=False, tooltip=N_("choose again (a played tile cannot be taken back)")),
    Binding("s", "scoresheet", N_("Scores"), tooltip=N_("the scoresheet (also from the round summary and the end screen)")),
    Binding("h", "hint", N_("Hint"),
            tooltip=N_("a hint: a move at once with its reason, then every move's chance to win a moment later")),
    Binding("g", "round_log", N_("Log"), tooltip=N_("the whole round's log")),
    Binding("question_mark,f1", "help", N_("Help"), key_display="?",
            tooltip=N_("this help: the rules of the variant and every key")),
    Binding("t", "speed", N_("Speed"), tooltip=N_("bot speed: instant, normal, slow")),
    Binding("p", "pips", N_("Pips/digits"), show=False, tooltip=N_("pips or digits on the tiles")),
    Binding("m", "memory", N_("Memory aid"), show=False,
            tooltip=N_("the memory aid on or off: numbers each player has shown they lack")),
    Binding("b", "big", N_("Big tiles"), show=False, tooltip=N_("big tiles for a projector: auto (from 160×48), on, off")),
    Binding("w", "theme", N_("Light/dark"), show=False, tooltip=N_("light or dark theme")),
]
