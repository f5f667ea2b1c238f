"""One match: rounds, turns, forced draws and passes, scoring (COM-1 … COM-10).

The state changes only through `apply(move)` (and `begin_round()` between rounds, which
deals). Draws and passes are made by the engine itself exactly when the rules force
them (COM-5, COM-6), so the seat to act always has at least one legal move.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Sequence

from .errors import IllegalMove
from .knowledge import LackTracker
from .layout import Layout
from .leads import first_round_lead, next_leader
from .moves import Move, legal_moves
from .scoring import MatchVerdict, RoundOutcome, match_verdict, score_round
from .tiles import ALL_TILES, TILE_NAME, Tile
from .variants import TableConfig

NEW, PLAYING, ROUND_OVER, MATCH_OVER = "new", "playing", "round_over", "match_over"


@dataclass(frozen=True)
class Seat:
    name: str
    kind: str = "bot"  # "human" or "bot"
    level: str | None = None

    def to_json(self, seat: int) -> dict[str, Any]:
        data: dict[str, Any] = {"seat": seat, "name": self.name, "kind": self.kind}
        if self.level is not None:
            data["level"] = self.level
        return data


@dataclass(frozen=True)
class Deal:
    """A round's hands and boneyard (top first), and optionally its leader (from a log)."""

    hands: list[list[Tile]]
    boneyard: list[Tile]
    leader: int | None = None


@dataclass(frozen=True)
class RoundRecord:
    """A finished round as the scoresheet and summaries show it."""

    round: int
    result: str  # "domino" or "blocked"
    outcome: RoundOutcome
    hands: list[list[Tile]]
    went_out: int | None
    blocker: int | None
    play_points: list[int]  # All Fives: points scored in play this round, per seat
    scores: list[int]


class Match:
    def __init__(
        self,
        config: TableConfig,
        rng: random.Random,
        seats: Sequence[Seat] | None = None,
        seed: int | None = None,
    ) -> None:
        self.config = config
        self.rng = rng
        self.n = config.players
        self.seats = list(seats) if seats else [Seat(f"Seat {i}") for i in range(self.n)]
        if len(self.seats) != self.n:
            raise ValueError(f"{len(self.seats)} seats given for {self.n} players")
        self.seed = seed
        self.sides = 2 if config.teams else self.n
        self._draws = config.rules.draws
        self._spinner = config.rules.spinner
        self._reserve = int(config.option("boneyard_reserve") or 0)
        self.scores = [0] * self.sides
        self.round_no = 0
        self.phase = NEW
        self.events: list[dict[str, Any]] = []
        self.records: list[RoundRecord] = []
        self.verdict = MatchVerdict(False)
        self._next_leader: int | None = None
        # the round in progress
        self.hands: list[list[Tile]] = [[] for _ in range(self.n)]
        self._stock: list[Tile] = []  # boneyard, top tile last so a draw is a pop()
        self.layout = Layout(config.rules.spinner)
        self.leader = 0
        self.lead_tile: Tile | None = None
        self.to_act = 0
        self.last_placer: int | None = None
        self.round_start_index = 0
        self.play_points = [0] * self.n
        self.knowledge = LackTracker(self.n)
        self._legal: list[Move] | None = None
        self._passes = 0
        self.events.append(self._match_start_event())

    # -- public reading ----------------------------------------------------------
    @property
    def boneyard(self) -> list[Tile]:
        """Top first, as the log lists it."""
        return self._stock[::-1]

    @property
    def boneyard_size(self) -> int:
        return len(self._stock)

    @property
    def drawable(self) -> int:
        if not self._draws:
            return 0
        return max(0, len(self._stock) - self._reserve)

    @property
    def lacks(self) -> list[set[int]]:
        """Numbers each seat has shown it cannot hold (public knowledge, COM-6)."""
        return self.knowledge.lacks

    @property
    def is_over(self) -> bool:
        return self.phase == MATCH_OVER

    def side_of(self, seat: int) -> int:
        return seat % 2 if self.config.teams else seat

    def legal_moves(self) -> list[Move]:
        """The moves open to the seat to act (empty between rounds)."""
        if self.phase != PLAYING:
            return []
        if self._legal is None:
            self._legal = legal_moves(self.hands[self.to_act], self.layout, self.lead_tile)
        return self._legal

    def round_events(self) -> list[dict[str, Any]]:
        """This round's events after round_start (what the table has seen happen)."""
        return self.events[self.round_start_index + 1 :]

    # -- changing the state ------------------------------------------------------
    def begin_round(self, deal: Deal | None = None) -> None:
        """Shuffle and deal the next round (COM-1); a `deal` from a log replaces the shuffle."""
        if self.phase not in (NEW, ROUND_OVER):
            raise IllegalMove("a round can only be dealt before the match or after a round")
        tiles = list(ALL_TILES)
        self.rng.shuffle(tiles)  # always drawn, so a replayed log leaves the RNG where play left it
        size = self.config.hand_size
        hands = [tiles[i * size : (i + 1) * size] for i in range(self.n)]
        boneyard = tiles[self.n * size :]
        if deal is not None:
            hands, boneyard = [list(h) for h in deal.hands], list(deal.boneyard)
        self.round_no += 1
        if self.round_no == 1:
            leader, lead_tile = first_round_lead(self.config, hands, self.rng)
        else:
            leader, lead_tile = self._next_leader, None  # type: ignore[assignment]
        if deal is not None and deal.leader is not None and deal.leader != leader:
            if lead_tile is not None or self.round_no > 1:
                raise IllegalMove(f"seat {deal.leader} cannot lead round {self.round_no}; the rules say seat {leader}")
            leader = deal.leader  # a lot: the log's record of it stands
        self.hands, self._stock = hands, boneyard[::-1]
        self.layout = Layout(self.config.rules.spinner)
        self.leader, self.lead_tile, self.to_act = leader, lead_tile, leader
        self.last_placer = None
        self.play_points = [0] * self.n
        self.knowledge = LackTracker(self.n)
        self._legal, self._passes = None, 0
        self.phase = PLAYING
        self.round_start_index = len(self.events)
        self.events.append(
            {
                "event": "round_start",
                "round": self.round_no,
                "hands": [[TILE_NAME[t] for t in h] for h in hands],
                "boneyard": [TILE_NAME[t] for t in boneyard],
                "leader": leader,
            }
        )

    def apply(self, move: Move, seat: int | None = None) -> None:
        """Play `move` for the seat to act. An illegal move raises IllegalMove and changes nothing."""
        if self.phase != PLAYING:
            raise IllegalMove("no round is being played" if self.phase != MATCH_OVER else "the match is over")
        if seat is not None and seat != self.to_act:
            raise IllegalMove(f"it is seat {self.to_act}'s turn, not seat {seat}'s")
        if move not in self.legal_moves():
            raise IllegalMove(self._why_illegal(move))
        mover = self.to_act
        going_out = len(self.hands[mover]) == 1
        ends_before = [v for _, v in self.layout.open_ends()] if going_out else []
        self.hands[mover].remove(move.tile)
        self.knowledge.played(mover)
        self.layout.place(move.tile, move.end)
        self.lead_tile = None
        self.last_placer = mover
        self._legal, self._passes = None, 0
        self.events.append({"event": "play", "seat": mover, "tile": TILE_NAME[move.tile], "end": move.end})
        if self._spinner and self._score_in_play(mover):
            return
        if going_out:
            self._end_round(went_out=mover, capicu=self._is_capicu(move.tile, ends_before))
            return
        self._advance((mover + 1) % self.n)

    def pass_turn(self) -> None:
        """A request to pass or draw: always refused, because the engine passes and
        draws by itself exactly when the rules force it (COM-4, COM-5, COM-6)."""
        if self.phase != PLAYING:
            raise IllegalMove("no round is being played")
        fits = ", ".join(sorted({str(m.tile) for m in self.legal_moves()}))
        raise IllegalMove(f"seat {self.to_act} holds a tile that fits ({fits}) and must play it")

    # -- internals -------------------------------------------------------------
    def _why_illegal(self, move: Move) -> str:
        seat = self.to_act
        if move.tile not in self.hands[seat]:
            return f"seat {seat} does not hold {move.tile}"
        if self.layout.is_empty:
            if move.end is not None:
                return f"the lead takes no end; lead {move.tile} with end null"
            return f"this round must be led with {self.lead_tile}"
        if move.end is None:
            return f"{move.tile} needs an end: the layout is not empty"
        value = self.layout.end_value(move.end)
        if value is None:
            return f"the {move.end} end is not open"
        return f"{move.tile} does not match the {move.end} end, which shows {value}"

    def _score_in_play(self, seat: int) -> bool:
        """FIVES-7; returns True when the match was won mid-round (FIVES-11)."""
        count = self.layout.count()
        if count <= 0 or count % 5:
            return False
        self.scores[seat] += count
        self.play_points[seat] += count
        self.events.append({"event": "score", "seat": seat, "points": count, "reason": "ends"})
        if self.config.option("fives_win_mid_round") == "on" and self.scores[seat] >= self.config.target:
            self.verdict = MatchVerdict(True, seat)
            self.phase = MATCH_OVER
            # No round_end is logged (FIVES-11), but the scoresheet still shows the round.
            self.records.append(
                RoundRecord(
                    self.round_no, "won_in_play", RoundOutcome(seat, seat, 0, [0] * self.sides),
                    [list(h) for h in self.hands], None, None, list(self.play_points), list(self.scores),
                )
            )
            self.events.append({"event": "match_end", "winner": seat, "scores": list(self.scores)})
            return True
        return False

    def _is_capicu(self, tile: Tile, ends_before: list[int]) -> bool:
        """PARTNER-8: out with a mixed tile whose numbers are the two different end values."""
        if tile.is_double or len(set(ends_before)) != 2:
            return False
        return {tile.low, tile.high} == set(ends_before)

    def _advance(self, seat: int) -> None:
        """Hand the turn on, drawing and passing for every seat that must (COM-5, COM-6)."""
        hands, n, events = self.hands, self.n, self.events
        ends = {v for _, v in self.layout.open_ends()}  # draws and passes leave them as they are
        while True:
            hand = hands[seat]
            for t in hand:
                if t.low in ends or t.high in ends:
                    self.to_act = seat
                    return
            if self._draws and len(self._stock) > self._reserve:
                tile = self._stock.pop()
                hand.append(tile)
                self.knowledge.drew(seat, ends)
                events.append({"event": "draw", "seat": seat, "tile": TILE_NAME[tile]})
                continue
            self.knowledge.passed(seat, ends)
            events.append({"event": "pass", "seat": seat})
            self._passes += 1
            if self._passes >= n:  # a whole lap of passes: nobody can play (COM-7 b)
                self._end_round(went_out=None)
                return
            seat = (seat + 1) % n

    def _end_round(self, went_out: int | None, capicu: bool = False) -> None:
        blocker = None if went_out is not None else self.last_placer
        outcome = score_round(self.config, self.hands, went_out, blocker, self.scores, capicu)
        for side, delta in enumerate(outcome.deltas):
            self.scores[side] += delta
        self._next_leader = next_leader(self.config, self.leader, outcome.winner_seat, went_out, blocker)
        result = "domino" if went_out is not None else "blocked"
        hands = [list(h) for h in self.hands]
        event: dict[str, Any] = {
            "event": "round_end",
            "round": self.round_no,
            "result": result,
            "winner": outcome.winner,
            "points": outcome.points,
            "hands": [[TILE_NAME[t] for t in h] for h in hands],
            "scores": list(self.scores),
            "blocker": blocker,
        }
        if self.config.variant == "partner":
            event["capicu"] = outcome.capicu
        self.events.append(event)
        self.records.append(
            RoundRecord(self.round_no, result, outcome, hands, went_out, blocker, list(self.play_points), list(self.scores))
        )
        self._legal = None
        self.verdict = match_verdict(self.config, self.scores)
        if self.verdict.over:
            self.phase = MATCH_OVER
            end: dict[str, Any] = {"event": "match_end", "winner": self.verdict.winner, "scores": list(self.scores)}
            if self.config.variant == "kozel":
                end["loser"] = self.verdict.loser
            if self.config.teams:  # PARTNER-10, an extra field of this program's logs
                end["shutout"] = self.verdict.shutout
            self.events.append(end)
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
