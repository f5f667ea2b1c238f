"""An exact solver of Partner (2 vs 2) endings with every hand known, written for the tests
from docs/RULES.md alone: it shares no code with the engine or the bots' search.

What it follows: COM-3 (a tile fits an end showing one of its numbers), PARTNER-4 (no
drawing: a player who cannot place passes), PARTNER-5 (the last tile placed ends the
round; when nobody can place it is blocked, its blocker the last to place), PARTNER-6
(the team of whoever went out wins; a block goes to the team with fewer raw pips, both
partners added, equal totals to nobody; with `partner_block_winner = blocker` to the
blocker's team), PARTNER-7 (the winners score every pip still held, or the losing team's
only with `opponents_only`) and PARTNER-8 (going out with a mixed tile whose two numbers
are the two different end values adds `capicu_bonus`). Seats 0 and 2 are team 0.

`move_values` gives each legal placement's value to the mover's team under best play by
both teams, by the yardstick the caller gives (the team totals after the round -> a
number), each team making it as large (the mover's) or as small (the other) as it can.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .draw_endgame import CARRY, SET, mask_pips, mask_placements

Hands = tuple[int, int, int, int]


class PartnerEnding:
    def __init__(self, options: dict[str, Any], scores: list[int], team: int,
                 yardstick: Callable[[list[int]], float]) -> None:
        self.options, self.scores, self.team, self.yardstick = options, scores, team, yardstick
        self.memo: dict[tuple[Hands, int, int, int, int, int], float] = {}

    def _scored(self, hands: Hands, winner: int | None, capicu: bool) -> float:
        after = list(self.scores)
        if winner is not None:
            if self.options.get("partner_round_points") == "opponents_only":
                points = sum(mask_pips(hands[s]) for s in range(4) if s % 2 != winner)
            else:
                points = sum(mask_pips(h) for h in hands)
            if capicu:
                points += int(self.options.get("capicu_bonus", 0))
            after[winner] += points
        return self.yardstick(after)

    def _blocked(self, hands: Hands, blocker: int) -> float:
        if self.options.get("partner_block_winner") == "blocker":
            return self._scored(hands, blocker % 2, False)
        a = mask_pips(hands[0]) + mask_pips(hands[2])
        b = mask_pips(hands[1]) + mask_pips(hands[3])
        return self._scored(hands, 0 if a < b else 1 if b < a else None, False)

    def solve(self, hands: Hands, left: int, right: int, to_act: int, passes: int, last: int) -> float:
        key = (hands, min(left, right), max(left, right), to_act, passes, last)
        known = self.memo.get(key)
        if known is not None:
            return known
        mover = hands[to_act]
        if not mover & (CARRY[left] | CARRY[right]):
            if passes == 3:  # the other three passed too: nobody can place
                value = self._blocked(hands, last)
            else:
                value = self.solve(hands, left, right, (to_act + 1) % 4, passes + 1, last)
        else:
            values = self._placements(hands, left, right, to_act).values()
            value = max(values) if to_act % 2 == self.team else min(values)
        self.memo[key] = value
        return value

    def _placements(self, hands: Hands, left: int, right: int, to_act: int) -> dict[str, float]:
        out: dict[str, float] = {}
        for bit, words, new_left, new_right in mask_placements(hands[to_act], left, right):
            after = list(hands)
            after[to_act] ^= bit
            rest: Hands = (after[0], after[1], after[2], after[3])
            if not after[to_act]:
                a, b = SET[bit.bit_length() - 1]
                capicu = a != b and left != right and {a, b} == {left, right}
                out[words] = self._scored(rest, to_act % 2, capicu)
            else:
                out[words] = self.solve(rest, new_left, new_right, (to_act + 1) % 4, 0, to_act)
        return out

    def move_values(self, hands: Hands, left: int, right: int, to_act: int) -> dict[str, float]:
        return self._placements(hands, left, right, to_act)


def deals(unseen: list[tuple[int, int]], sizes: dict[int, int], lacks: dict[int, set[int]],
          most: int) -> list[dict[int, set[tuple[int, int]]]]:
    """Every way (up to `most` + 1 of them) the unseen tiles go into the hidden hands at
    their sizes, no hand holding a number its seat has passed on; what is left over lies
    aside (Block's dead tiles)."""
    seats = sorted(sizes)
    aside = len(unseen) - sum(sizes.values())
    found: list[dict[int, set[tuple[int, int]]]] = []
    hands: dict[int, set[tuple[int, int]]] = {s: set() for s in seats}

    def place(i: int, left_aside: int) -> None:
        if len(found) > most:
            return
        if i == len(unseen):
            if all(len(hands[s]) == sizes[s] for s in seats):
                found.append({s: set(h) for s, h in hands.items()})
            return
        for s in seats:
            if len(hands[s]) < sizes[s] and not (set(unseen[i]) & lacks[s]):
                hands[s].add(unseen[i])
                place(i + 1, left_aside)
                hands[s].discard(unseen[i])
        if left_aside:
            place(i + 1, left_aside - 1)

    if aside >= 0:
        place(0, aside)
    return found
