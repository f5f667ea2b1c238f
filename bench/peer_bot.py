"""A seat for abw333's `dominoes` players, speaking our docs/BOT_PROTOCOL.md.

Run by the peer's own Python (its virtual environment has the PyPI `dominoes` package; this
file imports nothing of ours), as an outside bot: `cmd:PEER_PYTHON peer_bot.py alphabeta`.
Each turn message is turned into the peer's Game as the seat sees it: the board and every
move so far (passes included, which is what its search infers lacks from), this seat's
hand, and stand-ins of the right sizes for the hidden hands (its sampler deals the unseen
tiles afresh, so which stand-ins they are tells it nothing). The peer's players then sort
the legal moves and the first is answered.

Players: `heaviest` is its `bota_gorda` (heaviest first); `alphabeta` is its strong
setting as the issue names it: `bota_gorda`, then `probabilistic_alphabeta` with 10 sampled
deals and an exact alpha-beta search over the last 8 plies (start_move = 20 of the 28
tiles' moves, passes counted as the peer counts them).
"""
from __future__ import annotations

import json
import random
import sys
from typing import Any

import dominoes  # type: ignore[import-not-found]  # the peer's package, never ours

ALL = [(a, b) for a in range(7) for b in range(a, 7)]


def _tile(text: str) -> tuple[int, int]:
    a, _, b = text.partition("-")
    x, y = int(a), int(b)
    return (x, y) if x <= y else (y, x)


def peer_game(msg: dict) -> dominoes.Game:
    seat, n = msg["seat"], msg["seats"]
    history = [e for e in msg["history"] if e["event"] in ("play", "pass")]
    board = dominoes.Board()
    moves: list = []
    seen = {_tile(t) for t in msg["hand"]}
    starting = None
    for e in history:
        if e["event"] == "pass":
            moves.append(None)
            continue
        t = _tile(e["tile"])
        seen.add(t)
        if starting is None:
            starting = e["seat"]
        left = e["end"] != "right"
        d = dominoes.Domino(*t)
        board.add(d, left)
        moves.append((d, left))
    unseen = [t for t in ALL if t not in seen]
    random.shuffle(unseen)
    hands = []
    for p in range(n):
        if p == seat:
            hands.append(dominoes.Hand([dominoes.Domino(*_tile(t)) for t in msg["hand"]]))
        else:
            size = msg["hand_sizes"][p]
            hands.append(dominoes.Hand([dominoes.Domino(*t) for t in unseen[:size]]))
            unseen = unseen[size:]
    valid = []
    for m in msg["legal"]:
        move = (dominoes.Domino(*_tile(m["tile"])), m["end"] != "right")
        if move not in valid:
            valid.append(move)
    return dominoes.Game(board, hands, moves, seat, tuple(valid), seat if starting is None else starting, None)


def make_player(kind: str) -> list[Any]:
    if kind == "heaviest":
        return [dominoes.players.bota_gorda]
    if kind == "alphabeta":
        return [dominoes.players.bota_gorda,
                dominoes.players.probabilistic_alphabeta(start_move=20, sample_size=10,
                                                         player=dominoes.players.bota_gorda)]
    raise SystemExit(f"peer_bot: unknown player {kind!r} (heaviest, alphabeta)")


def answer(msg: dict, players: list) -> dict:
    game = peer_game(msg)
    if len(game.valid_moves) > 1:
        for player in players:
            player(game)
    d, left = game.valid_moves[0]
    tile = f"{min(d.first, d.second)}-{max(d.first, d.second)}"
    if not msg["history"] or all(e["event"] != "play" for e in msg["history"]):
        return {"tile": tile, "end": None}
    return {"tile": tile, "end": "left" if left else "right"}


def main() -> int:
    kind = sys.argv[1] if len(sys.argv) > 1 else "alphabeta"
    players = make_player(kind)
    random.seed(int(sys.argv[2]) if len(sys.argv) > 2 else 0)
    for line in sys.stdin:
        msg = json.loads(line)
        if msg.get("type") == "hello":
            print(json.dumps({"name": f"abw333 {kind}"}), flush=True)
        elif msg.get("type") == "turn":
            print(json.dumps(answer(msg, players)), flush=True)
        elif msg.get("type") == "bye":
            break
    return 0


if __name__ == "__main__":
    sys.exit(main())
