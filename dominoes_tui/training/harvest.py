"""Puzzles found in a match: its log replayed, each real decision tried for admission.

Where the positions come from (lichess-puzzler does the same with its games): a logged
match, from the club records or from bots playing each other (selfplay.py). Every
decision with a choice is a candidate, the marked ones of an analysed match first (a
move someone got wrong is worth practising), and a cheap look first (SCREEN_GUESSES)
spares the full admission where no move stands out. A match gives at most `most`
puzzles, so a set is spread over many matches rather than a few long ones.

A puzzle's log is the match's lines up to the position, the mover to play; who played
is not part of it: the seats are named by letter, and the records' seal is left out.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from ..bots.analysis import Decision, decisions, judge, move_words
from ..bots.search.pimc import Search
from ..engine import PlayerView
from ..engine.seeds import seeded
from .admit import ESTIMATE_GAP, GUESSES, Admission, admit
from .puzzle import Puzzle
from .themes import themes

Lines = list[tuple[int, dict[str, Any]]]
SCREEN_GUESSES = 40  # a first look at an estimated decision ...
SCREEN_GAP = 0.6 * ESTIMATE_GAP  # ... whose two best moves are this far apart at least, else not admitted
SEAT_NAMES = "ABCD"
TRIES = 12  # decisions of a match looked at, at most
NEAR_END = 0.6  # a score this share of the target or more: the match is near its end


def neutral_start(event: dict[str, Any]) -> dict[str, Any]:
    """The match_start without who played: seats named by letter, no seed, no records' seal."""
    out = {k: v for k, v in event.items() if k not in ("records", "seed")}
    out["seed"] = None
    out["seats"] = [{"seat": i, "name": SEAT_NAMES[i], "kind": s.get("kind", "bot"),
                     **({"level": s["level"]} if s.get("level") else {})}
                    for i, s in enumerate(event.get("seats", []))]
    return out


def log_before(lines: Lines, ply: int) -> tuple[dict[str, Any], ...]:
    """The match's events before its `ply`-th placement (0-based), the start made neutral."""
    out: list[dict[str, Any]] = []
    plays = 0
    for _number, event in lines:
        if event["event"] == "play":
            if plays == ply:
                break
            plays += 1
        out.append(neutral_start(event) if event["event"] == "match_start" else dict(event))
    return tuple(out)


def _screened(decision: Decision, seed: int) -> bool:
    """Worth the full admission: solved ones always; an estimated one only where its two
    best moves are clearly apart on a quick look."""
    j = judge(decision.view, seeded(seed, "puzzle", "screen", decision.ply), guesses=SCREEN_GUESSES)
    return j.exact or (len(j.chances) > 1 and j.chances[0] - j.chances[1] >= SCREEN_GAP)


def puzzle_of(lines: Lines, decision: Decision, found: Admission) -> Puzzle:
    view = decision.view
    start = lines[0][1]
    return Puzzle(variant=view.variant, players=view.players, options=dict(start.get("options") or {}),
                  seat=decision.seat, log=log_before(lines, decision.ply),
                  answer=tuple(move_words(m) for m in found.answer), solved=found.solved,
                  theme=themes(view, found.answer))


def harvest(lines: Lines, seed: int, *, most: int = 2, first: Iterable[int] = (), guesses: int = GUESSES,
            tries: int = TRIES, stop: Callable[[], bool] | None = None) -> list[Puzzle]:
    """Up to `most` puzzles of one match (its parsed lines: gamelog.split_matches), from
    at most `tries` of its decisions: those at the plies in `first` before the rest, then
    those near the match's end; among each the solved ones, then the latest in their round
    (cheap to judge, proved in every deal more often than estimated). LogError for a log
    that breaks the rules. `stop()` true: the puzzles found so far."""
    return [p for p, _how in harvest_admitted(lines, seed, most=most, first=first, guesses=guesses, tries=tries,
                                              stop=stop)]


def harvest_admitted(lines: Lines, seed: int, *, most: int = 2, first: Iterable[int] = (), guesses: int = GUESSES,
                     tries: int = TRIES, stop: Callable[[], bool] | None = None) -> list[tuple[Puzzle, Admission]]:
    """harvest()'s puzzles, each with its admission (how sure, by how much it is best):
    what a choice among them (the club evening's clearest) is made on."""
    _match, found = decisions(lines)
    marked = set(first)
    seeded(seed, "puzzle", "order").shuffle(found)  # anywhere in the match, not its first round only
    found.sort(key=lambda d: (d.ply not in marked, not _at_stake(d.view), _cost(d.view)))
    out: list[tuple[Puzzle, Admission]] = []
    for decision in found[:tries]:
        if len(out) >= most or (stop is not None and stop()):
            break
        if not _screened(decision, seed):
            continue
        admitted = admit(decision.view, seeded(seed, "puzzle", decision.ply).randrange(2**31), guesses)
        if admitted is not None:
            out.append((puzzle_of(lines, decision, admitted), admitted))
    return out


def _at_stake(view: PlayerView) -> bool:
    """Near the match's end, where a round decides it: there one move is most often
    clearly best in win chance (early on a round moves the chances little)."""
    return max(view.scores) >= NEAR_END * view.target


def _cost(view: PlayerView) -> int:
    """0 for a solved position, else the tiles in play (the order they are tried in): the
    latest first, where a move most often decides the round and few deals remain, so the
    answer is proved in every deal rather than estimated (Block's dead tiles and All
    Fives' boneyard leave few positions solved outright)."""
    search = Search(view, seeded(0, "puzzle", "cost"))
    return 0 if search.determined else search.in_play
