"""How fast the server reads a client's line: today's path against msgspec's typed decode.

Today (net/protocol.py decode, then what the handler checks of a `play`): the strict JSON
reading (engine/jsontext.py) into a dict, the `type` and `id` checks, and for a play the
seat's type and Move.from_json. The candidate: one msgspec.json.decode into a tagged
union of Structs, which checks the same fields' types in the same step. Each is timed
over the same lines (a typical mix of plays, pings and readies), best of several runs,
decoded messages per second. msgspec is not a dependency of the package: this study
imports it only when it runs (`pip install msgspec`).
"""
# no `from __future__ import annotations`: msgspec reads the Structs' annotations, made inside typed()

import argparse
import json
import time
from collections.abc import Callable
from typing import Any

LINES = [
    b'{"type":"play","move":{"tile":"3-5","end":"left"},"seat":1,"id":17}\n',
    b'{"type":"play","move":{"tile":"6-6","end":null},"id":"m18"}\n',
    b'{"type":"ping","id":19}\n',
    b'{"type":"ready","id":20}\n',
    b'{"type":"play","move":{"tile":"0-4","end":"up"},"seat":0,"id":21}\n',
    b'{"type":"list"}\n',
]


def today() -> Callable[[bytes], Any]:
    from dominoes_tui.engine import Move
    from dominoes_tui.net.wire import protocol as P

    def read(line: bytes) -> Any:
        data = P.decode(line)
        msg_id = data.get("id")
        if type(msg_id) not in (int, str, type(None)) or (isinstance(msg_id, str) and len(msg_id) > 64):
            raise ValueError("bad id")
        if data["type"] == "play":
            seat = data.get("seat", 0)
            if type(seat) is not int:
                raise ValueError("bad seat")
            return Move.from_json(data.get("move"))
        return data

    return read


def typed() -> Callable[[bytes], Any]:
    import msgspec

    from dominoes_tui.engine import End, Move, parse_tile

    Id = int | str | None

    class MoveIn(msgspec.Struct):
        tile: str
        end: End | None = None

    class Play(msgspec.Struct, tag_field="type", tag="play"):
        move: MoveIn
        seat: int | None = None
        id: Id = None

    class Ping(msgspec.Struct, tag_field="type", tag="ping"):
        id: Id = None

    class Ready(msgspec.Struct, tag_field="type", tag="ready"):
        id: Id = None

    class List(msgspec.Struct, tag_field="type", tag="list"):
        id: Id = None

    decoder = msgspec.json.Decoder(Play | Ping | Ready | List)

    def read(line: bytes) -> Any:
        msg = decoder.decode(line)
        if isinstance(msg, Play):
            return Move(parse_tile(msg.move.tile), msg.move.end)
        return msg

    return read


def rate(read: Callable[[bytes], Any], lines: list[bytes], runs: int) -> float:
    best = 0.0
    for _ in range(runs):
        started = time.perf_counter()
        for line in lines:
            read(line)
        best = max(best, len(lines) / (time.perf_counter() - started))
    return best


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench decode", description=__doc__.splitlines()[0])
    parser.add_argument("--messages", type=int, default=60_000, help="lines decoded a run (default 60,000)")
    parser.add_argument("--runs", type=int, default=7, help="runs, the best counted (default 7)")
    args = parser.parse_args()
    lines = (LINES * (args.messages // len(LINES) + 1))[: args.messages]
    out = {"messages": len(lines), "runs": args.runs, "today_per_s": round(rate(today(), lines, args.runs))}
    try:
        candidate = typed()
        for line in LINES:  # both read the same moves, or the race means nothing
            mine = candidate(line)
            if "play" in line.decode() and mine != today()(line):
                raise SystemExit(f"the decoders disagree on {line!r}")
        out["msgspec_per_s"] = round(rate(candidate, lines, args.runs))
        out["ratio"] = round(out["msgspec_per_s"] / out["today_per_s"], 2)
    except ImportError:
        out["msgspec_per_s"] = "not installed"
    print(json.dumps(out))


if __name__ == "__main__":
    main()
