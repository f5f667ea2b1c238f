"""The end of a round and of the match: what a finished round gives (`settle`, for Match
and for the searching bots' guesses alike), and the part of Match (game.py) kept in a
file of its own that logs it: All Fives points scored in play, the round's score and the
next leader, the log's round_end and match_end events, and the match's verdict (COM-9,
COM-10, docs/RULES.md §3)."""
from __future__ import annotations

from typing import Any

from .bits import PIPS, tile_hands
from .board import Board
from .events import EVENT as _EVENT
from .events import ROUND_END as _ROUND_END
from .moves import Move
from .phases import MATCH_OVER, ROUND_OVER, Phase
from .records import RoundRecord, RoundResult, Seat
from .round import Round, drawable
from .scoring import MatchVerdict, RoundOutcome
from .variants import TableConfig


def win_in_play_at(config: TableConfig) -> int:
    """The total at which play points win the match at once (FIVES-11), -1 where they do not."""
    return config.target if config.option("fives_win_mid_round") == "on" else -1


def new_round(config: TableConfig, hands: list[list[int]], stock: list[int], board: Board, to_act: int,
              scores: list[int], lead: int = -1, journal: list[Any] | None = None) -> Round:
    """A round of this table in play, with every rule of a round that the table's options
    set: drawing and the reserve (COM-5), the stakes (`scores`, the sides' totals before
    the round's play points from here on) and a win in play (FIVES-11). Match deals its
    rounds with it, and a search its guesses."""
    return Round(config.players, config.rules.draws, reserve_of(config), hands, stock,
                 board, to_act, lead, journal, None, scores, win_in_play_at(config))


def reserve_of(config: TableConfig) -> int:
    """The tiles this table leaves undrawn at the bottom of the boneyard (COM-5)."""
    return int(config.option("boneyard_reserve") or 0)


def drawable_at(config: TableConfig, boneyard: int) -> int:
    """Tiles that can still be drawn at this table from a boneyard of `boneyard` tiles."""
    return drawable(config.rules.draws, boneyard, reserve_of(config))


class Settlement:
    """What a finished round gives: its outcome (None when the match was won in play,
    FIVES-11: no round is scored), the sides' totals after it, and the match's verdict."""

    __slots__ = ("outcome", "scores", "verdict")

    def __init__(self, outcome: RoundOutcome | None, scores: list[int], verdict: MatchVerdict) -> None:
        self.outcome = outcome
        self.scores = scores
        self.verdict = verdict


def settle(config: TableConfig, r: Round) -> Settlement:
    """Score the finished round `r` on top of its `scores`: its play points (All Fives,
    FIVES-7), a win in play (FIVES-11), else the variant's round score (DRAW-8, FIVES-9,
    PARTNER-7, KOZEL-8, DUEL-7/8) and the match's verdict (DRAW-10 and the like)."""
    after = list(r.scores)
    for seat, points in enumerate(r.play_points):  # All Fives: no teams, a seat is a side
        if points:
            after[seat] += points
    if r.won_in_play is not None:
        return Settlement(None, after, MatchVerdict(True, r.won_in_play))
    pips = [sum(map(PIPS.__getitem__, h)) for h in r.hands]
    rules = config.rules
    outcome = rules.score(config, tile_hands(r.hands), r.went_out, r.blocker, after, r.capicu, pips)
    for side, delta in enumerate(outcome.deltas):
        after[side] += delta
    return Settlement(outcome, after, rules.verdict(config, after))


class RoundEnd:
    """Match's methods for ending a round; the attributes are Match's own."""

    config: TableConfig
    n: int
    sides: int
    seats: list[Seat]
    seed: int | str | None
    _scores: list[int]  # Match.scores
    round_no: int
    phase: Phase
    verdict: MatchVerdict
    records: list[RoundRecord]
    leader: int
    _round: Round
    _raw: list[Any]
    _legal: list[Move] | None
    _next_leader: int | None

    def _score_in_play(self, seat: int, count: int) -> bool:
        """FIVES-7: `count` points scored in play (the round has added them to its
        play_points); returns True when they won the match mid-round (FIVES-11: the round
        says so)."""
        self._scores[seat] += count
        self._raw.append((_EVENT, {"event": "score", "seat": seat, "points": count, "reason": "ends"}))
        if self._round.won_in_play == seat:
            self.verdict = MatchVerdict(True, seat)
            self.phase = MATCH_OVER
            # No round_end is logged (FIVES-11), but the scoresheet still shows the round.
            self.records.append(
                RoundRecord(
                    self.round_no, RoundResult.WON_IN_PLAY, RoundOutcome(seat, seat, 0, [0] * self.sides),
                    tile_hands(self._round.hands), None, None, list(self._round.play_points), list(self._scores),
                )
            )
            self._raw.append((_EVENT, {"event": "match_end", "winner": seat, "scores": list(self._scores)}))
            return True
        return False

    def _end_round(self) -> None:
        r = self._round
        went_out, blocker = r.went_out, r.blocker
        settled = settle(self.config, r)
        outcome = settled.outcome
        assert outcome is not None  # a round won in play ends in _score_in_play
        self._scores[:] = settled.scores
        hands = tile_hands(r.hands)
        self._next_leader = self.config.rules.next_leader(self.config, self.leader, outcome.winner_seat, went_out, blocker)
        result = RoundResult.DOMINO if went_out is not None else RoundResult.BLOCKED
        event: dict[str, Any] = {
            "event": "round_end",
            "round": self.round_no,
            "result": result,
            "winner": outcome.winner,
            "points": outcome.points,
            "hands": [h[:] for h in r.hands],  # named when the event is read
            "scores": list(self._scores),
            "blocker": blocker,
        }
        if self.config.rules.capicu:
            event["capicu"] = outcome.capicu
        self._raw.append((_ROUND_END, event))
        self.records.append(
            RoundRecord(self.round_no, result, outcome, hands, went_out, blocker, list(r.play_points), list(self._scores))
        )
        self._legal = None
        self.verdict = settled.verdict
        if self.verdict.over:
            self.phase = MATCH_OVER
            end: dict[str, Any] = {"event": "match_end", "winner": self.verdict.winner, "scores": list(self._scores)}
            if self.config.rules.penalties:
                end["loser"] = self.verdict.loser
            if self.config.teams:  # PARTNER-10, an extra field of this program's logs
                end["shutout"] = self.verdict.shutout
            self._raw.append((_EVENT, end))
        else:
            self.phase = ROUND_OVER

    def _match_start_event(self) -> dict[str, Any]:
        return {
            "event": "match_start",
            "version": 1,
            "variant": self.config.variant,
            "players": self.n,
            "seats": [s.to_json(i) for i, s in enumerate(self.seats)],
            "teams": [list(t) for t in self.config.teams] if self.config.teams else None,
            "target": self.config.target,
            "options": dict(self.config.options),
            "seed": self.seed,
        }
