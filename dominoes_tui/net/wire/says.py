"""What the server says, in a form each client puts in its own language (issue 27).

The server speaks no language: a refusal, an error, a notice or a records error
carries its English text (`reason`, `text` or `error`, for old clients and logs) and
beside it `say`, the English template it was made from, and `args`, the values that
fill it: `{"reason": "line too long (at most 16384 bytes)", "say": "line too long (at
most {limit} bytes)", "args": {"limit": 16384}}`. A client shows `_(say)` filled with
`args` when `say` is one of the templates below (so a server can make a client show
only sentences from our own catalog), else the plain English text.

Every template is marked with N_() here, in one module, so the catalog holds them and
SAYS is the one list a client checks against. Filling never raises and never
evaluates anything a server sent: only plain `{name}` fields of our own templates are
filled, each with a short plain text or a number, never with attribute or index
lookups or format specs (a forged `args` of any shape fills with "?").

The engine's refusals (a move, an option, a variant: engine/says.py) are sent the same
way, as the key and arguments of the engine's phrase; an argument that is words of its
own (an end, a variant's title, "2 or 4") is an object of the same shape, `{"say",
"args"?, "context"?}`, translated too when it is one of ours.
"""
from __future__ import annotations

import math
import string
from collections.abc import Mapping
from typing import Any

from ...engine import VARIANTS, Phrase
from ...engine import Said as EngineSaid
from ...engine import says as engine_says
from ...i18n import N_, _, pgettext
from ...table.plain import plain

# -- the server (connections) --
SERVER_FULL = N_("the server is full; try again later")
TOO_MANY_FROM_ADDRESS = N_("too many connections from your address")
LINE_TOO_LONG = N_("line too long (at most {limit} bytes)")
NO_MESSAGE = N_("no message for {seconds} seconds; goodbye")
NO_HELLO = N_("no hello for {seconds} seconds; goodbye")
TOO_MANY_MESSAGES = N_("too many messages; slow down")
ADDRESS_BUSY = N_("your address asks for too much at once; wait a moment")
SERVER_ERROR = N_("server error: {kind}")
WRONG_PROTOCOL = N_("this server speaks protocol {version}, not {given}")
BAD_SECRET = N_("secret is a string of 16 to 256 characters")
BAD_KEY = N_("key is an Ed25519 public key in base64 (44 characters)")
NO_CHALLENGE = N_("prove answers a challenge: say hello with a key first")
BAD_ID = N_("\"id\" must be a short string or a number")
UNKNOWN_TYPE = N_("unknown message type {kind}")
HELLO_FIRST = N_("say hello first")
HELLO_TWICE = N_("hello was said already")
NOT_AT_TABLE = N_("you are not at a table")
NOT_JSON = N_("not a JSON line ({kind})")
NOT_OBJECT = N_("a message is a JSON object")
NO_TYPE = N_("a message needs a \"type\"")
WRONG_FIELD = N_("{kind}: {field} has the wrong type")
SEAT_TAKEN_BACK = N_("your seat was taken back from another connection")
# -- tables: making, sitting, watching --
WRONG_CODES = N_("too many wrong table codes from your address; try again in {seconds} s")
WHICH_TABLE = N_("which table? give its \"code\"")
NO_SUCH_TABLE = N_("no open table {code}")
LEAVE_FIRST = N_("leave your table first")
TABLES_PER_CONN = N_("you have {count} tables running or waiting (at most {limit})")
TABLES_PER_ADDRESS = N_("your address has {limit} tables running or waiting, the most it may")
SERVER_TABLES_FULL = N_("the server holds as many tables as it can")
DISK_SHARE = N_("the tables your address made have filled their share of the server's disk for this hour; "
                "try again later")
BAD_VARIANT = N_("bad variant or options")
PLAYERS_NUMBER = N_("players is a whole number")
TARGET_NUMBER = N_("target is a whole number")
NO_SEEDS = N_("this server deals every table from a secret random source; it takes no seed "
              "(a host started with --practice allows seeded practice tables)")
SEED_NUMBER = N_("seed is a whole number")
BOT_DELAY = N_("bot_delay is between 0 and 5 seconds")
SIT_SEAT = N_("sit is a seat number, or null")
START_BOOL = N_("start is true or false")
PRIVATE_BOOL = N_("private is true or false")
GIVE_SEATS = N_("give {players} seats")
SEAT_KIND = N_("seat {seat}: kind is \"human\" or \"bot\"")
SEAT_LEVEL = N_("seat {seat}: unknown bot level; allowed: {levels}")
TOKEN_STRING = N_("token is a string")
SEAT_NUMBER = N_("seat is a seat number")
AWAY_TOO_LONG = N_("you were away too long; a bot has your seat now")
TOKEN_NO_SEAT = N_("that token opens no seat at this table")
STARTED_WATCH = N_("the table has started; you can watch it")
NO_FREE_SEAT = N_("no free seat at this table; you can watch it")
SEAT_NOT_FREE = N_("seat {seat} is not free; free seats: {free}")
ONLY_CREATOR_STARTS = N_("only the person who made the table can start it")
# -- playing --
ALREADY_STARTED = N_("the table has already started")
NOT_STARTED = N_("the table has not started yet")
SPECTATORS_CANNOT_PLAY = N_("spectators cannot play")
NOT_YOUR_SEAT = N_("you sit in seat {mine}, not seat {seat}")
NO_ROUND = N_("no round is being played")
NOT_YOUR_TURN = N_("it is {name}'s turn (seat {seat}), not yours")
BAD_MOVE = N_("bad move: {detail}")
# -- notices to a table --
NOT_READY = N_("{names} did not say ready within {seconds} s: the next round begins.")
RAN_OUT_OF_TIME = N_("{name} ran out of time ({seconds} s): a bot played this turn for them.")
TABLE_CLOSED = N_("Table {code} closed: its creator left and it did not start.")
SAVING_AGAIN = N_("The server can save this table again: a restart keeps the match.")
SAVING_STOPPED = N_("The server cannot save this table ({detail}): saving stopped. The match goes on; if "
                    "the server stops before it can save again, the table comes back at the last move saved.")
ROUND_CLOCK_OUT = N_("The round clock has run out: bots finish this match.")
NOT_RATED = N_("This match is kept but not rated: the same people have played {count} rated matches "
               "together in the last hour.")
NOT_RATED_PERSON = N_("This match is kept but not rated: {name} has played {count} rated matches in the last hour.")
NOT_FILED = N_("The server could not file this match (its disk may be full); it still goes to the records.")
# -- the board's last move of a table --
BOARD_PLAYED = N_("{name} played {tile}")
BOARD_PLAYED_LEFT = N_("{name} played {tile} on the left")
BOARD_PLAYED_RIGHT = N_("{name} played {tile} on the right")
BOARD_PLAYED_UP = N_("{name} played {tile} on the top")
BOARD_PLAYED_DOWN = N_("{name} played {tile} on the bottom")
BOARD_DREW = N_("{name} drew")
BOARD_PASSED = N_("{name} passed")
BOARD_DEAL_OVER = N_("deal {n} over")
BOARD_DEALT = N_("deal {n}: tiles dealt")
# -- quick match --
QUICK_WRONG_TYPE = N_("quick match: {key} has the wrong type")
TOO_MANY_SEARCHING = N_("too many people are searching; try again in a moment")
UNKNOWN_VARIANT = N_("unknown variant {variant}; allowed: {allowed}")
PLAYED_BY = N_("{variant} is played by {counts}")
QUICK_WAIT = N_("the wait is {low} to {high} seconds")
# -- the evening (tournament) --
SETTINGS_OBJECT = N_("tournament settings are an object")
SETTING_TYPE = N_("tournament setting {key} has the wrong type")
UNKNOWN_LEVEL = N_("unknown bot level {level}; allowed: {allowed}")
ROUND_CLOCK_RANGE = N_("the round clock is 1 to 600 minutes (or none)")
PARTNER_ROTATES = N_("a hosted Partner evening rotates partners: choose the format rotation")
TOURNAMENT_OVER = N_("the tournament is over")
BOT_NAMES = N_("names starting with {prefix} are kept for bots")
ENTERED_AS = N_("someone else is entered as {name}")
TOURNAMENT_FULL = N_("the tournament is full ({count} entrants)")
ADDRESS_ENTRANTS = N_("your address has entered {count} people, the most it may")
PLACES_KEPT = N_("the last {count} places are kept for people from addresses not entered yet")
ADDRESS_GUESTS = N_("your address has entered {count} guests, the most it may; "
                    "a claimed name (dominoes join keeps its secret) may still enter")
NOT_ENTERED = N_("you are not entered")
TOURNAMENT_STARTED = N_("the tournament has started already")
NOBODY_ENTERED = N_("nobody has entered yet: the tournament starts once people have")
TOO_FEW_ENTERED = N_("too few have entered ({count}): with no bots filling the tables, the tournament starts with "
                     "{least} people at least")
TOO_FAST = N_("too fast: one change to the tournament every {seconds} s; wait a moment")
NO_TOURNAMENT = N_("no tournament is open")
ORGANIZERS_ONLY = N_("only the evening's organizers may do that")
ORGANIZERS_OPEN = N_("only the evening's organizers may open a tournament")
TOURNAMENT_OPEN = N_("a tournament is open already")
NAME_STRING = N_("'name' is a string")
WRONG_ORGANIZER_SECRET = N_("that is not this server's organizer secret")
# -- records --
RECORDS_VARIANT = N_("variant is one of {allowed}")
RECORDS_WHAT = N_("what is \"leaderboard\", \"player\" or \"match\"")
RECORDS_NUMBER = N_("{field} is a positive number")
RECORDS_ONE = N_("one records request at a time")
NO_RECORDS = N_("this server keeps no records")
RECORDS_FAILED = N_("the records failed ({kind})")

# Every template above, and the engine's: the only `say` a client translates
SAYS: frozenset[str] = frozenset(v for k, v in dict(globals()).items() if k.isupper() and isinstance(v, str)) | engine_says.SAYS
NESTED = 2  # how deep an argument that is words may nest ("bad move: {detail}", its detail's "2 or 4")

MAX_TEXT = 2000  # the longest string a client shows from a server (a reason, a notice)
MAX_ARG = 200  # the longest value a client fills in
Arg = str | int | float


def english(say: str, args: Mapping[str, Arg]) -> str:
    """The English text of a template (what `reason`/`text` carry)."""
    return fill(say, args)


def said(key: str, say: str, **args: Arg) -> dict[str, Any]:
    """The fields of a message that says `say`: its English text under `key` ("reason",
    "text", "error"), the template and its arguments."""
    out: dict[str, Any] = {key: english(say, args), "say": say}
    if args:
        out["args"] = dict(args)
    return out


class Said(EngineSaid):
    """An exception whose text is one of the templates: a reply built from it carries
    the template and its arguments (server.py), so the client can translate it. It is
    the engine's Said (a phrase: key and arguments) with a server's templates; an
    engine error's phrase is taken as it is (Refused.again)."""

    @property
    def say(self) -> str | None:
        """The template, where it is one a client translates."""
        return self.phrase.key if self.phrase.key in SAYS else None

    def fields(self, key: str = "reason") -> dict[str, Any]:
        return phrase_fields(key, self.phrase)


def phrase_fields(key: str, phrase: Phrase) -> dict[str, Any]:
    """A message's fields for `phrase`: its English text under `key`, and `say`/`args`
    where a client can translate it."""
    out: dict[str, Any] = {key: phrase.english()}
    if phrase.key in SAYS and phrase.context is None and phrase.plural is None:
        out.update(phrase.to_json())
    return out


def fields_of(exc: BaseException, key: str = "reason") -> dict[str, Any]:
    """`key`: the exception's text, with `say`/`args` when it is a Said (the server's or the engine's)."""
    return phrase_fields(key, exc.phrase) if isinstance(exc, EngineSaid) else {key: str(exc)}


_PARSER = string.Formatter()


def _value(value: object, depth: int = NESTED) -> str:
    if isinstance(value, Mapping):
        return _told(value, depth - 1) or "?" if depth > 0 else "?"
    if isinstance(value, bool) or value is None:
        return "?"
    if isinstance(value, int):
        return str(value) if abs(value) < 10**18 else "?"
    if isinstance(value, float):
        return f"{value:g}" if math.isfinite(value) else "?"
    if isinstance(value, str):
        return plain(value, MAX_ARG)
    return "?"


def fill(template: str, args: object, depth: int = 0) -> str:
    """`template` with its `{name}` fields filled from `args`; never raises. Anything but
    a plain name (`{0}`, `{a.b}`, `{a[0]}`), a format spec, a missing or odd value
    gives "?" (a conversion such as `!r` is the sender's: engine/errors.py's to_json
    sends the value quoted); a value that is words of our own (`{"say", ...}`, at most
    NESTED deep) is translated; a template that is no format at all is returned as it is."""
    given = args if isinstance(args, Mapping) else {}
    try:
        parts = list(_PARSER.parse(template))
    except ValueError:
        return template
    out = []
    for literal, field, _spec, _conversion in parts:
        out.append(literal)
        if field is None:
            continue
        out.append(_value(given.get(field), NESTED - depth) if field.isidentifier() else "?")
    return "".join(out)


def _titles() -> frozenset[str]:
    return frozenset(variant.title for variant in VARIANTS.values())


def _told(phrase: Mapping[str, Any], depth: int) -> str | None:
    """A phrase a server sent (`{"say", "args"?, "context"?}`) in the language in use, if
    it is ours: a template, an engine's word in its context, a variant's title. `depth`:
    how many levels of words its arguments may still hold."""
    say, context = phrase.get("say"), phrase.get("context")
    if not isinstance(say, str) or "plural" in phrase:
        return None
    if context is not None:
        return pgettext(context, say) if (context, say) in engine_says.WORDS else None
    if say in SAYS:
        return fill(_(say), phrase.get("args"), NESTED - depth)
    return _(say) if say in _titles() else None


def spoken(message: Mapping[str, Any], key: str = "reason", fallback: str = "") -> str:
    """What a server's message says, in the language in use, as plain text: the
    translated template when `say` is one of ours, else the plain text under `key`."""
    said = _told(message, NESTED) if "context" not in message else None
    if said is not None:
        return plain(said, MAX_TEXT)
    return plain(message.get(key), MAX_TEXT) or fallback
