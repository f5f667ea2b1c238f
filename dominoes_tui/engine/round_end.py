"""The end of a round and of the match, a part of Match (game.py) kept in a file of its
own: All Fives points scored in play, the round's score and the next leader, the log's
round_end and match_end events, and the match's verdict (COM-9, COM-10, docs/RULES.md §3)."""
from __future__ import annotations

from typing import Any

from .bits import PIPS, tile_hands
from .events import EVENT as _EVENT
from .events import ROUND_END as _ROUND_END
from .leads import next_leader
from .moves import Move
from .phases import MATCH_OVER, ROUND_OVER
from .records import RoundRecord, Seat
from .round import Round
from .scoring import MatchVerdict, RoundOutcome, match_verdict, score_round
from .variants import TableConfig


class RoundEnd:
    """Match's methods for ending a round; the attributes are Match's own."""

    config: TableConfig
    n: int
    sides: int
    seats: list[Seat]
    seed: int | str | None
    scores: list[int]
    round_no: int
    phase: str
    verdict: MatchVerdict
    records: list[RoundRecord]
    leader: int
    _round: Round
    _raw: list[Any]
    _legal: list[Move] | None
    _next_leader: int | None
    _variant: str

    def _score_in_play(self, seat: int, count: int) -> bool:
        """FIVES-7: `count` points scored in play (the round has added them to its
        play_points); returns True when the match was won mid-round (FIVES-11)."""
        self.scores[seat] += count
        self._raw.append((_EVENT, {"event": "score", "seat": seat, "points": count, "reason": "ends"}))
        if self.config.option("fives_win_mid_round") == "on" and self.scores[seat] >= self.config.target:
            self.verdict = MatchVerdict(True, seat)
            self.phase = MATCH_OVER
            # No round_end is logged (FIVES-11), but the scoresheet still shows the round.
            self.records.append(
                RoundRecord(
                    self.round_no, "won_in_play", RoundOutcome(seat, seat, 0, [0] * self.sides),
                    tile_hands(self._round.hands), None, None, list(self._round.play_points), list(self.scores),
                )
            )
            self._raw.append((_EVENT, {"event": "match_end", "winner": seat, "scores": list(self.scores)}))
            return True
        return False

    def _end_round(self, went_out: int | None, capicu: bool = False) -> None:
        r = self._round
        blocker = None if went_out is not None else r.last_placer
        hands = tile_hands(r.hands)
        pips = [sum(map(PIPS.__getitem__, h)) for h in r.hands]
        outcome = score_round(self.config, hands, went_out, blocker, self.scores, capicu, pips)
        for side, delta in enumerate(outcome.deltas):
            self.scores[side] += delta
        self._next_leader = next_leader(self.config, self.leader, outcome.winner_seat, went_out, blocker)
        result = "domino" if went_out is not None else "blocked"
        event: dict[str, Any] = {
            "event": "round_end",
            "round": self.round_no,
            "result": result,
            "winner": outcome.winner,
            "points": outcome.points,
            "hands": [h[:] for h in r.hands],  # named when the event is read
            "scores": list(self.scores),
            "blocker": blocker,
        }
        if self._variant == "partner":
            event["capicu"] = outcome.capicu
        self._raw.append((_ROUND_END, event))
        self.records.append(
            RoundRecord(self.round_no, result, outcome, hands, went_out, blocker, list(r.play_points), list(self.scores))
        )
        self._legal = None
        self.verdict = match_verdict(self.config, self.scores)
        if self.verdict.over:
            self.phase = MATCH_OVER
            end: dict[str, Any] = {"event": "match_end", "winner": self.verdict.winner, "scores": list(self.scores)}
            if self._variant == "kozel":
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
