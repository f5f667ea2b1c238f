"""How fast the server writes a `state` (every move, to every seat and once for the
spectators), and how fast a client reads one: the dicts it builds now against its types.

Encoding, per message, on a seeded table mid-round:
  dicts        what the server does now: the dict (protocol.view_to_json) and json.dumps
  dicts+msgspec the same dict, encoded by msgspec (not the same bytes: UTF-8 where
               json.dumps escapes every letter beyond ASCII)
  types        the message built as the types of net/wire/answers.py and encoded by msgspec
Reading, per message, a client's end:
  plain        what the client did before: strict JSON reading and plain text (protocol.py)
  typed        answers.read_answer: the same, then checked against its type
Best of several runs, messages per CPU second of this process (the machine may be busy).
"""

import argparse
import functools
import random
import time
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any


def _table() -> Any:
    from dominoes_tui.engine import PLAYING, Match, Seat, make_config, view_for
    from dominoes_tui.net.tables.table import Slot, Table

    config = make_config("draw", 4, 100)
    names = ["Ana", "Ben", "Chloé", "Dörte"]
    host = SimpleNamespace(tables_dir=None, default_level="random", limits=SimpleNamespace(turn_time=None))
    table = Table(host, "KXMP", config, [Slot(n, "human", None, "tok") for n in names], 5, 0.0)
    match = Match(config, random.Random(5), [Seat(n, "human") for n in names], 5)
    match.begin_round()
    for _ in range(8):  # mid-round: a layout and a history to write
        if match.phase != PLAYING:
            break
        match.apply(view_for(match, match.to_act).legal[0], match.to_act)
    table.match = match
    return table


def as_types(table: Any, seat: int) -> Any:
    """The state for `seat` built as the types (what the server would do instead of dicts)."""
    from dominoes_tui.engine import view_for
    from dominoes_tui.net.wire import answers as A
    from dominoes_tui.net.wire import server_parts as W

    view = view_for(table.match, seat)
    lay = view.layout

    def placed(p: Any) -> tuple[str, int, int]:
        return (str(p.tile), p.first, p.second)

    wire = W.ViewWire(
        seat=view.seat, variant=view.variant, players=view.players,
        teams=[list(t) for t in view.teams] if view.teams else None, options=dict(view.options), target=view.target,
        names=list(view.names), round=view.round, phase=view.phase, leader=view.leader, to_act=view.to_act,
        hand=[str(t) for t in view.hand],
        layout=W.LayoutWire(line=[placed(p) for p in lay.line], spinner_index=lay.spinner_index,
                            up=[placed(p) for p in lay.up], down=[placed(p) for p in lay.down],
                            ends=[(name, value) for name, value in lay.ends], count=lay.count),
        hand_sizes=list(view.hand_sizes), boneyard=view.boneyard, drawable=view.drawable, scores=list(view.scores),
        legal=[W.MoveWire(tile=str(m.tile), end=m.end) for m in view.legal], history=[dict(e) for e in view.history],
        lacks=[sorted(s) for s in view.lacks], scoresheet=[],
    )
    seats = [W.SeatPublic(**s.public(i)) for i, s in enumerate(table.slots)]
    return A.State(code=table.code, seq=table.seq, at=0.0, view=wire, seats=seats, ready=sorted(table.ready))


def encoders(table: Any) -> dict[str, Callable[[], bytes]]:
    import msgspec

    from dominoes_tui.net.wire import protocol as P

    encode = msgspec.json.Encoder()
    return {
        "dicts": lambda: P.encode(table.state_for(0)),
        "dicts+msgspec": lambda: encode.encode(table.state_for(0)) + b"\n",
        "types": lambda: encode.encode(as_types(table, 0)) + b"\n",
    }


def readers() -> dict[str, Callable[[bytes], Any]]:
    from dominoes_tui.net.wire import answers as A
    from dominoes_tui.net.wire import protocol as P

    return {
        "plain": lambda line: P.plain_message(P.decode(line)),
        "typed": A.read_answer,
    }


def best_rate(work: Callable[[], Any], n: int, runs: int) -> float:
    best = float("inf")
    for _ in range(runs):
        start = time.process_time()  # CPU seconds: the machine is shared
        for _ in range(n):
            work()
        best = min(best, time.process_time() - start)
    return n / best


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench encode", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--n", type=int, default=2000, help="messages a run (default 2000)")
    parser.add_argument("--runs", type=int, default=5, help="runs; the best counts (default 5)")
    args = parser.parse_args()
    table = _table()
    line = encoders(table)["dicts"]()
    print(f"a state of {len(line)} bytes (four seats, mid-round)")
    for name, work in encoders(table).items():
        print(f"encode {name:14} {best_rate(work, args.n, args.runs):>10,.0f} messages/s")
    for name, read in readers().items():
        rate = best_rate(functools.partial(read, line), args.n, args.runs)
        print(f"read   {name:14} {rate:>10,.0f} messages/s")


if __name__ == "__main__":
    main()
