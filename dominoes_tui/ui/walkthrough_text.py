"""The lines of the first-game walk-through: one for each step of its scripted round
(table/walkthrough.py), chosen from what the table shows now. Pure."""
from __future__ import annotations

from ..engine import PlayerView

LEAD = ("Welcome! This is a short round of Draw against Bot 1. In the first round the leader is "
        "chosen by lot, and any tile may lead. Watch the log: it says every move.")
MATCH = ("Matching ends: lay a tile whose number matches an open end. The labels show each end's "
         "number (l:5 is the left end, showing 5); tiles that fit have a heavy border. "
         "Choose with ← → or a number key, Enter plays. h gives a hint.")
BOTH_ENDS = ("This tile fits both ends. Choose where it goes: l or r, or ← → and Enter. "
             "The number on the other half of the tile becomes that end's new number.")
YOU_DREW = ("Forced draw: no tile of yours matched an end, so you drew from the boneyard until one did "
            "(the log lists what you drew). A drawn tile that fits must be played: press Enter.")
BOT_DREW = ("Bot 1 drew too: you see how many tiles, never which. With the boneyard empty it would pass; "
            "when nobody can play, the round is blocked and the lightest hand wins it.")
SCORED = ("How the round is scored: whoever goes out first scores every pip left in the other hands "
          "(after a block, the lightest hand wins and scores the others' pips minus its own). "
          "The summary shows the sum. Then n starts a real match.")


def coach_line(view: PlayerView, mine: bool, choosing_end: bool, drew_now: bool) -> str:
    """One or two lines: the welcome until the person's first tile, then what the step
    on the table teaches."""
    history = view.history
    if view.to_act is None:
        return SCORED
    lines = []
    if not any(e["event"] == "play" and e.get("seat") == view.seat for e in history):
        lines.append(LEAD)
    others = [e for e in history if e.get("seat") not in (None, view.seat)]
    last_turn = []
    for e in reversed(others):  # the other seat's most recent turn: its draws and its move
        if last_turn and e["event"] in ("play", "pass"):
            break
        last_turn.append(e)
    bot_drew = any(e["event"] == "draw" for e in last_turn)
    if mine and choosing_end:
        lines.append(BOTH_ENDS)
    elif mine and drew_now:
        lines.append(YOU_DREW)
        if bot_drew:
            lines.append(BOT_DREW)
    elif bot_drew:
        lines.append(BOT_DREW)
    else:
        lines.append(MATCH)
    return "\n".join(lines)
