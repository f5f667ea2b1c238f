"""What the engine says when it refuses a move, a tile, an option or a table: each
sentence a key (its English template, marked for the catalog) that an error carries with
its arguments (errors.py). A hosted table sends a refusal built from one of these to each
client as key and arguments, and SAYS is the list a client translates them from
(net/wire/says.py), as it does the server's own templates. The game log's and the JSON
reader's words (gamelog.py, jsontext.py) never go to a client and stay where they are said.
"""
from __future__ import annotations

from types import MappingProxyType

from .errors import N_, Phrase

# -- a move --
DEAL_BETWEEN = N_("a round can only be dealt before the match or after a round")
WRONG_LEADER = N_("seat {seat} cannot lead round {round}; the rules say seat {leader}")
NO_ROUND = N_("no round is being played")
MATCH_IS_OVER = N_("the match is over")
NOT_SEATS_TURN = N_("it is seat {mover}'s turn, not seat {seat}'s")
MUST_PLAY = N_("seat {seat} holds a tile that fits ({fits}) and must play it")
NOT_HELD = N_("seat {seat} does not hold {tile}")
LEAD_TAKES_NO_END = N_("the lead takes no end; lead {tile} with end null")
LEAD_WITH = N_("this round must be led with {tile}")
NEEDS_END = N_("{tile} needs an end: the layout is not empty")
END_NOT_OPEN = N_("the {end} end is not open")
NO_MATCH = N_("{tile} does not match the {end} end, which shows {value}")
MOVE_ON = N_("{tile} on {end}")
# -- a move or a tile as text --
MOVE_SHAPE = N_("a move is an object with 'tile' and 'end', not {data!r}")
MOVE_TILE = N_("a move needs a 'tile'")
BAD_END = N_("end {end!r} is not one of {ends} or null")
NO_SUCH_TILE = N_("no tile {a}-{b} in a double-six set")
NOT_A_TILE = N_("{text!r} is not a tile (write it like \"3-5\", numbers 0 to 6)")
NOT_TILES = N_("{items!r} is not a list of tiles")
# -- a table's variant and options --
UNKNOWN_VARIANT = N_("unknown variant {variant!r}; allowed: {allowed}")
PLAYED_BY = N_("{variant} is played by {allowed} players, not {players}")
UNKNOWN_OPTION = N_("unknown option {name!r} for {variant}; allowed: {allowed}")
OPTION_NOT_ALLOWED = N_("option {name}: {raw!r} is not allowed; allowed: {allowed}")
WHOLE_FROM_TO = N_("a whole number from {lowest} to {highest}")
WHOLE_FROM = N_("a whole number >= {lowest}")
WHOLE = N_("a whole number")
EITHER = N_("{some} or {last}")

# The ends as a sentence names them (END_NAMES stay English in logs and JSON): the
# spinner's arms are the top and the bottom, as the move log says them.
END_WORDS = MappingProxyType({
    "left": Phrase.in_context("end", "left"), "right": Phrase.in_context("end", "right"),
    "up": Phrase.in_context("end", "top"), "down": Phrase.in_context("end", "bottom"),
})

# Every template above: what a client translates of an engine's refusal
SAYS: frozenset[str] = frozenset(v for k, v in dict(globals()).items() if k.isupper() and isinstance(v, str))
WORDS: frozenset[tuple[str | None, str]] = frozenset((w.context, w.key) for w in END_WORDS.values())


def end_phrase(end: str | None) -> Phrase | str:
    """An end's name in a sentence (the end's own name where it is none of ours)."""
    return END_WORDS.get(end or "", str(end))


def either(items: list[str]) -> Phrase | str:
    """ "2, 3 or 4": the last of several choices joined as the reader's language does."""
    if len(items) < 2:
        return "".join(items)
    return Phrase(EITHER, some=", ".join(items[:-1]), last=items[-1])
