"""The lines of the first-game walk-through: one for each step of its scripted round
(table/walkthrough.py), chosen from what the table shows now. Pure.

One paragraph at a time, at most three lines at 80 columns: with more, the coach pushed
the hand off an 80×24 screen just as the prompt said "Enter plays it" (in every language).

The lines are marked with N_() and translated where shown: coach_line() returns them
in the language in use; SCORED and CLOSING are translated by the screens showing them."""
from __future__ import annotations

from typing import Any

from ....engine import PlayerView
from ....i18n import N_, _

COACH_WIDTH = 78  # an 80-column screen less the coach's padding
COACH_LINES = 3  # the most the coach may take there, so the hand always shows

# {left}: the left end's number on the table now ("l:1 is the left end, showing 1")
WELCOME = N_("Welcome to a short round of Draw against Bot 2, who led by lot. Lay a tile whose number "
              "matches an open end (l:{left} is the left end, showing {left}); tiles that fit have a heavy "
              "border. ← → or a number key chooses, Enter plays, h hints.")
MATCH = N_("Matching ends: lay a tile whose number matches an open end (l:{left} is the left end, showing "
            "{left}). Tiles that fit have a heavy border. ← → or a number key chooses, Enter plays, h hints.")
BOTH_ENDS = N_("This tile fits both ends. Choose where it goes: l or r, or ← → and Enter. "
                "The number on the other half of the tile becomes that end's new number.")
YOU_DREW = N_("Forced draw: no tile of yours matched an end, so you drew from the boneyard until one did "
               "(the log lists what you drew). A drawn tile that fits must be played: press Enter.")
BOTH_DREW = N_("Forced draw: nothing of yours fitted, so you drew until a tile did; it must be played: "
                "press Enter. Bot 2 drew too: you see how many tiles, never which. With the boneyard "
                "empty, a player passes.")
BOT_DREW = N_("Bot 2 drew: you see how many tiles, never which. With the boneyard empty a player passes; "
               "when nobody can play, the round is blocked and the lightest hand wins it.")
# shown in the round summary and at the match's end, where the person's eyes are then
SCORED = N_("How a round is scored: whoever goes out first scores every pip left in the other hands "
             "(after a block, the lightest hand wins, scoring the others' pips minus its own).")
CLOSING = N_("That was the walk-through. n opens the settings for a real match; q quits.")
COUNTING = N_("The round is over: the summary shows every hand and the sum.")


def coach_line(view: PlayerView, mine: bool, choosing_end: bool, drew_now: bool) -> str:
    """What the step on the table teaches, in the language in use, its example the left
    end as it is now (it said l:5 when the ends were l:1 and 3:r)."""
    step = coach_step(view, mine, choosing_end, drew_now)
    left = view.layout.end_value("left")
    return _(step).format(left="?" if left is None else left) if step in (WELCOME, MATCH) else _(step)


def coach_step(view: PlayerView, mine: bool, choosing_end: bool, drew_now: bool) -> str:
    """Which line the step on the table teaches (its English text): the welcome with the
    first move, then one explanation a step."""
    history = view.history
    if view.to_act is None:
        return COUNTING
    others = [e for e in history if e.get("seat") not in (None, view.seat)]
    last_turn: list[dict[str, Any]] = []
    for e in reversed(others):  # the other seat's most recent turn: its draws and its move
        if last_turn and e["event"] in ("play", "pass"):
            break
        last_turn.append(e)
    bot_drew = any(e["event"] == "draw" for e in last_turn)
    if mine and choosing_end:
        return BOTH_ENDS
    if mine and drew_now:
        return BOTH_DREW if bot_drew else YOU_DREW
    if bot_drew:
        return BOT_DREW
    if not any(e["event"] == "play" and e.get("seat") == view.seat for e in history):
        return WELCOME
    return MATCH
