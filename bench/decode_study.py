"""How fast the server reads a client's line: the plain reading it had against its typed one.

The plain reading (before the requests were typed): the strict JSON reading
(engine/jsontext.py, net/wire/protocol.py decode) into a dict, the `type` and `id`
checks, and for a play the seat's type and Move.from_json. The typed one (the server's
now, protocol.read_request): msgspec reads every value, then decodes the line into the
tagged union of net/wire/requests.py, which checks every field's type in the same step.
Each is timed over the same lines (a typical mix of plays, pings and readies), best of
several runs, decoded messages per second.
"""

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


def plain() -> Callable[[bytes], Any]:
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
    """The server's reading now (net/wire/protocol.py read_request): every value read, then
    the typed requests of net/wire/requests.py, checked in the same step."""
    from dominoes_tui.engine import Move, parse_tile
    from dominoes_tui.net.wire import protocol as P
    from dominoes_tui.net.wire.requests import Play

    def read(line: bytes) -> Any:
        msg = P.read_request(line)
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
    out: dict[str, Any] = {"messages": len(lines), "runs": args.runs,
                           "plain_per_s": round(rate(plain(), lines, args.runs))}
    candidate = typed()
    for line in LINES:  # both read the same moves, or the race means nothing
        mine = candidate(line)
        if "play" in line.decode() and mine != plain()(line):
            raise SystemExit(f"the decoders disagree on {line!r}")
    out["typed_per_s"] = round(rate(candidate, lines, args.runs))
    out["ratio"] = round(out["typed_per_s"] / out["plain_per_s"], 2)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
