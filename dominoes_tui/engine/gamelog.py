"""The game log of docs/GAMELOG.md: JSON Lines, one event a line; replays, saves and checks.

Reading a log replays it through the engine: deals and placements drive the match, and
every other event (draw, pass, score, round_end, match_end) must be exactly what the
engine produced by itself. So a log that reads back is a log that obeys docs/RULES.md.
"""
from __future__ import annotations

import json
import os
import random
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

from . import jsontext, log_events
from .errors import N_, ConfigError, DominoError, LogError, Phrase, phrase_of
from .files import atomic_write
from .game import Deal, Match, Seat
from .moves import Move
from .tiles import parse_tile, parse_tiles
from .variants import make_config

LOG_VERSION = 1
_KNOWN = set(log_events.BY_EVENT)
# The fields a referee checks; any others are welcome and ignored.
_CHECKED = {
    "draw": ("seat", "tile"),
    "pass": ("seat",),
    "score": ("seat", "points"),
    "round_end": ("round", "result", "winner", "points", "hands", "scores"),
    "match_end": ("winner", "scores"),
}


def _at(number: int, problem: Phrase | BaseException) -> LogError:
    """A LogError that names the line of the log it is about."""
    said = problem if isinstance(problem, Phrase) else phrase_of(problem)
    return LogError(N_("line {number}: {problem}"), number=number, problem=said)


def dumps(events: Iterable[dict[str, Any]]) -> str:
    return "".join(json.dumps(e, separators=(", ", ": ")) + "\n" for e in events)


def write_log(path: str | os.PathLike[str], events: Iterable[dict[str, Any]]) -> None:
    """Write atomically: a crash mid-write never leaves half a save behind."""
    atomic_write(path, dumps(events))


def parse_lines(text: str, torn_tail_ok: bool = False) -> list[tuple[int, dict[str, Any]]]:
    """(line number, event) for every non-blank line; LogError names the first bad line.

    With `torn_tail_ok`, a last line that is cut short (no newline after it, not valid
    JSON: an append that a crash interrupted) is dropped: the log then ends one event
    earlier, which docs/GAMELOG.md allows for a save.
    """
    events = []
    lines = text.splitlines()
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            event = jsontext.loads(line)
        except ValueError as exc:  # any text that is not JSON we read (jsontext.py): one line of error
            if torn_tail_ok and number == len(lines) and not text.endswith("\n"):
                break
            raise _at(number, Phrase(N_("not valid JSON ({reason})"), reason=Phrase(str(exc)))) from None
        if not isinstance(event, dict) or "event" not in event:
            raise _at(number, Phrase(N_("an event is a JSON object with an \"event\" field")))
        if not isinstance(event["event"], str) or event["event"] not in _KNOWN:
            raise _at(number, Phrase(N_("unknown event {event!r}"), event=event["event"]))
        events.append((number, event))
    return events


def split_matches(lines: list[tuple[int, dict[str, Any]]]) -> Iterator[list[tuple[int, dict[str, Any]]]]:
    current: list[tuple[int, dict[str, Any]]] = []
    for item in lines:
        if item[1]["event"] == "match_start" and current:
            yield current
            current = []
        current.append(item)
    if current:
        yield current


def _need(event: dict[str, Any], number: int, *fields: str) -> None:
    for name in fields:
        if name not in event:
            raise _at(number, Phrase(N_("{event} needs a {field!r} field"), event=event["event"], field=name))


def _match_from_start(event: dict[str, Any], number: int) -> Match:
    _need(event, number, "version", "variant", "seats", "options")
    if event["version"] != LOG_VERSION:
        raise _at(number, Phrase(N_("log version {version!r} is not supported (this game reads {supported})"),
            version=event["version"], supported=LOG_VERSION))
    seats_data = event["seats"]
    if not isinstance(seats_data, list) or not seats_data:
        raise _at(number, Phrase(N_("'seats' must be a list of seats")))
    try:
        config = make_config(event["variant"], len(seats_data), options=dict(event["options"] or {}))
        seats = [Seat(str(s.get("name", f"Seat {i}")), str(s.get("kind", "bot")), s.get("level"))
                 for i, s in enumerate(seats_data)]
    except (ConfigError, AttributeError, TypeError, ValueError) as exc:
        raise _at(number, exc) from None
    if "target" in event and event["target"] != config.target:
        raise _at(number, Phrase(N_("target {logged} does not match the options ({target})"),
            logged=event["target"], target=config.target))
    seed = event.get("seed")
    if seed is not None and (not isinstance(seed, (int, str)) or isinstance(seed, bool)):
        raise _at(number, Phrase(N_("seed {seed!r} is not a number"), seed=seed))
    rng = random.Random(seed if seed is not None else 0)
    return Match(config, rng, seats, seed)


def _normal(name: str, value: Any) -> Any:
    """Put a checked field in a form where equal facts compare equal."""
    if name == "tile" and isinstance(value, str):
        return str(parse_tile(value))
    if name == "hands" and isinstance(value, list):
        return [sorted(str(t) for t in parse_tiles(h)) for h in value]
    return value


def _same(logged: dict[str, Any], made: dict[str, Any]) -> bool:
    if logged["event"] != made["event"]:
        return False
    fields = _CHECKED[logged["event"]] + (("loser",) if "loser" in made else ())
    try:
        return all(_normal(f, logged.get(f)) == _normal(f, made.get(f)) for f in fields)
    except (ValueError, TypeError, AttributeError):  # a field of the wrong shape is not the same fact
        return False


# shown each placement of a log being replayed: the match just before it, the mover, the move
BeforePlay = Callable[[Match, int, Move], None]


def replay(lines: list[tuple[int, dict[str, Any]]], before_play: BeforePlay | None = None) -> Match:
    """Rebuild a match from its events; a log cut off anywhere resumes exactly there.
    `before_play`, if given, is shown every placement before it is made (what the
    analysis judges), so one walk both checks the log and visits its moves."""
    if not lines or lines[0][1]["event"] != "match_start":
        raise _at(lines[0][0] if lines else 1, Phrase(N_("a log starts with match_start")))
    _typed(*lines[0])
    match = _match_from_start(lines[0][1], lines[0][0])
    made = len(match.events)  # engine events already matched against the log
    for number, event in lines[1:]:
        _typed(number, event)
        kind = event["event"]
        if "seat" in event:
            _check_seat(event["seat"], number, match.n)
        try:
            if kind in ("round_start", "play"):
                if made < len(match.events):
                    # A log may leave out the passes that show a block; nothing else.
                    while made < len(match.events) and match.events[made]["event"] == "pass":
                        made += 1
                    if made < len(match.events):
                        raise _at(number, Phrase(N_("expected {expected} before this {event}"),
                            expected=_describe(match.events[made]), event=kind))
                if kind == "round_start":
                    _need(event, number, "hands", "boneyard", "leader")
                    deal = _deal_from(event, number, match)
                    match.begin_round(deal)
                else:
                    _need(event, number, "seat", "tile", "end")
                    move = Move.from_json(event)
                    if before_play is not None:
                        before_play(match, event["seat"], move)
                    match.apply(move, seat=event["seat"])
                made += 1  # the event the engine wrote for it
                continue
            if kind == "match_start":
                raise _at(number, Phrase(N_("a second match_start inside one match")))
            while (made < len(match.events) and not _same(event, match.events[made])
                   and match.events[made]["event"] == "pass" and kind != "pass"):
                made += 1
            if made >= len(match.events):
                raise _at(number, Phrase(N_("{event} did not happen here by the rules"), event=kind))
            if not _same(event, match.events[made]):
                raise _at(number, Phrase(N_("the log says {logged}, the rules give {expected}"),
                    logged=_describe(event), expected=_describe(match.events[made])))
            made += 1
        except LogError:
            raise
        except (DominoError, ValueError, TypeError, KeyError, AttributeError) as exc:
            raise _at(number, exc) from None
    # Keep only what the log showed, so that saving again writes the same lines.
    return match


def _typed(number: int, event: dict[str, Any]) -> None:
    """Every field of its event's type (log_events.py), or a LogError naming the line."""
    wrong = log_events.problem(event)
    if wrong is not None:
        raise _at(number, wrong)


def _check_seat(seat: Any, number: int, seats: int) -> None:
    """A seat is a whole number of this match (never null: the engine reads None as
    "whoever acts"; never true, 1.0 or "1", which Python takes for 1 in places)."""
    if type(seat) is not int or not 0 <= seat < seats:
        raise _at(number, Phrase(N_("'seat' {seat} is not a seat of this match (the log counts them 0 to {last})"),
            seat=json.dumps(seat)[:40], last=seats - 1))


def _deal_from(event: dict[str, Any], number: int, match: Match) -> Deal:
    try:
        hands = [parse_tiles(h) for h in event["hands"]]
        boneyard = parse_tiles(event["boneyard"])
    except (ValueError, TypeError, AttributeError) as exc:  # hands of the wrong shape
        raise _at(number, exc) from None
    every = [t for h in hands for t in h] + boneyard
    if len(hands) != match.n or sorted(every) != sorted(set(every)) or len(every) != 28:
        raise _at(number, Phrase(N_("the deal must hold each of the 28 tiles once, in {hands} hands and the boneyard"),
            hands=match.n))
    if any(len(h) != match.config.hand_size for h in hands):
        raise _at(number, Phrase.counted("{variant} deals {count} tile to each hand",
                                         "{variant} deals {count} tiles to each hand", match.config.hand_size,
                                         variant=Phrase(match.config.rules.title), count=match.config.hand_size))
    leader = event["leader"]
    if not isinstance(leader, int) or not 0 <= leader < match.n:
        raise _at(number, Phrase(N_("leader {leader!r} is not a seat"), leader=leader))
    return Deal(hands, boneyard, leader)


def _describe(event: dict[str, Any]) -> str:
    fields = ", ".join(f"{k}={event[k]}" for k in _CHECKED.get(event["event"], ("seat", "tile")) if k in event and k != "hands")
    return f"{event['event']} ({fields})" if fields else event["event"]


def load_matches(text: str, torn_tail_ok: bool = False) -> list[Match]:
    """Every match in a JSON Lines text (simulate --log writes several one after another)."""
    return [replay(chunk) for chunk in split_matches(parse_lines(text, torn_tail_ok))]


def load_match(path: str | os.PathLike[str], torn_tail_ok: bool = False) -> Match:
    """The one (last) match in a log file, resumed where the log ends."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise LogError(N_("cannot read {path}: {reason}"), path=str(path), reason=phrase_of(exc)) from None
    matches = load_matches(text, torn_tail_ok)
    if not matches:
        raise LogError(N_("{path} holds no match"), path=str(path))
    return matches[-1]
