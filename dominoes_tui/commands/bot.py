"""`dominoes bot`: one of the game's own bots speaking docs/BOT_PROTOCOL.md on stdin/stdout."""
from __future__ import annotations

import argparse
import json
import random
import sys
from typing import TextIO

from ..bots.protocol import ProtocolError, encode, view_from_turn
from ..bots.registry import BotSpecError, make_bot
from ..i18n import _, told

LEVEL_CHOICES = ("easy", "random", "medium", "hard", "heaviest", "expert")


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--level", default="medium", choices=LEVEL_CHOICES, help=_("which bot answers (default medium)"))
    p.add_argument("--think-ms", type=float, default=None, metavar="MS",
                   help=_("hard and expert: time budget per move in milliseconds (default 200; expert 1000)"))
    p.add_argument("--seed", type=int, default=0, help=_("seed of the bot's random choices (default 0)"))
    p.add_argument("--name", default=None, help=_("the name to announce (default: Dominoes <level>)"))


def serve(level: str, seed: int, think_ms: float | None, name: str | None,
          stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    spec = f"{level}:{think_ms:g}" if level in ("hard", "expert") and think_ms is not None else level
    bot = make_bot(spec, random.Random(seed), name or f"Dominoes {level}")
    try:
        for line in stdin:
            if not line.strip():
                continue
            try:
                msg = json.loads(line)
            except json.JSONDecodeError as exc:
                print(_("dominoes bot: ignoring a line that is not JSON ({why})").format(why=exc.msg), file=stderr)
                continue
            kind = msg.get("type") if isinstance(msg, dict) else None
            if kind == "hello":
                stdout.write(encode({"name": bot.name}))
            elif kind == "turn":
                try:
                    view = view_from_turn(msg)
                    move = bot.choose(view)
                except (ProtocolError, IndexError) as exc:
                    print(_("dominoes bot: {why}").format(why=told(exc)), file=stderr)
                    legal = msg.get("legal") or [None]
                    stdout.write(encode(legal[0] if isinstance(legal[0], dict) else {"tile": None, "end": None}))
                else:
                    stdout.write(encode(move.to_json()))
            elif kind == "bye":
                break
            else:
                print(_("dominoes bot: ignoring a message of type {kind!r}").format(kind=kind), file=stderr)
            stdout.flush()
    finally:
        bot.close()
    return 0


def run(args: argparse.Namespace) -> int:
    try:
        return serve(args.level, args.seed, args.think_ms, args.name, sys.stdin, sys.stdout, sys.stderr)
    except BotSpecError as exc:  # pragma: no cover - choices already checked
        print(_("dominoes bot: {why}").format(why=told(exc)), file=sys.stderr)
        return 2
    except KeyboardInterrupt:  # pragma: no cover
        return 130
