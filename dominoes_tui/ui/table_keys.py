"""The table screen's keys, apart from the screen: the help screen lists them (key_help.py)
without importing the table screen, which opens the help."""
from __future__ import annotations

from textual.binding import Binding

from .render import END_KEYS, HAND_KEYS

# Textual's names for the keys that choose tiles 11 to 20 (shift and a digit on most keyboards)
KEY_NAMES = {
    "!": "exclamation_mark", "@": "at", "#": "number_sign", "$": "dollar_sign", "%": "percent_sign",
    "^": "circumflex_accent", "&": "ampersand", "*": "asterisk", "(": "left_parenthesis", ")": "right_parenthesis",
}

# The help screen's key table is made from these (key_help.py): a key with a
# description is listed there with its tooltip, so the two cannot drift apart.
CYCLE_TIP = "choose among the tiles that fit (they have a heavy border)"
TABLE_BINDINGS = [
    Binding("left", "cycle(-1)", "Previous tile", show=False, tooltip=CYCLE_TIP),
    Binding("right", "cycle(1)", "Next tile", show=False, tooltip=CYCLE_TIP),
    Binding("enter", "play", "Play", key_display="Enter",
            tooltip="play the chosen tile; if it fits several ends, Enter again (← → switch)"),
    *[Binding(KEY_NAMES.get(k, k), f"pick({i})", f"Choose tile {i + 1}", show=False, tooltip=f"choose tile {i + 1} of your hand")
      for i, k in enumerate(HAND_KEYS)],
    *[Binding(key, f"end('{end}')", f"Play on the {end} end", show=False,
              tooltip="play on the left, right, up or down end (the ends are labelled l:3, 3:r)")
      for end, key in END_KEYS.items()],
    Binding("escape", "cancel", "Choose again", show=False, tooltip="choose again (a played tile cannot be taken back)"),
    Binding("s", "scoresheet", "Scores", tooltip="the scoresheet (also from the round summary and the end screen)"),
    Binding("h", "hint", "Hint", tooltip="a hint: the move the medium bot would play, and why"),
    Binding("g", "round_log", "Log", tooltip="the whole round's log"),
    Binding("question_mark,f1", "help", "Help", key_display="?", tooltip="this help: the rules of the variant and every key"),
    Binding("t", "speed", "Speed", tooltip="bot speed: instant, normal, slow"),
    Binding("p", "pips", "Pips/digits", show=False, tooltip="pips or digits on the tiles"),
    Binding("m", "memory", "Memory aid", show=False, tooltip="the memory aid on or off: numbers each player has shown they lack"),
    Binding("b", "big", "Big tiles", show=False, tooltip="big tiles for a projector: auto (from 160×48), on, off"),
    Binding("w", "theme", "Light/dark", show=False, tooltip="light or dark theme"),
]
