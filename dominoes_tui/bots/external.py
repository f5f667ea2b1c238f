"""An outside program in a seat (`cmd:PROGRAM ARGS`), spoken to by BOT_PROTOCOL.md.

The table side of the protocol: start the program, say hello, send a turn message
whenever the seat must place a tile, read one line back. What goes wrong is handled
as the protocol says: a program that crashes, hangs past the time limit, or answers
something that is not JSON or not a legal move has its move made for it (the first
legal move), and a note says why; the match goes on. A program that crashed or hung
is stopped and started afresh at its next turn (every turn message carries all the
seat may know, so nothing is lost); after `max_restarts` fresh starts it is left
stopped and the table plays its seat's first legal move for the rest of the match.
"""
from __future__ import annotations

import json
import os
import selectors
import subprocess
import time

from ..engine import Move, PlayerView
from .protocol import BYE, HELLO, encode, parse_move, turn_message

DEFAULT_TIME_LIMIT = 10.0
MAX_LINE = 1 << 20


class ExternalBot:
    level = "cmd"

    def __init__(self, argv: list[str], name: str | None = None, time_limit: float = DEFAULT_TIME_LIMIT,
                 max_restarts: int = 3) -> None:
        self.argv = list(argv)
        self.name = name or self.argv[0]
        self.announced: str | None = None
        self.time_limit = time_limit
        self.max_restarts = max_restarts
        self.notes: list[str] = []
        self.failures: dict[str, int] = {}
        self.proc: subprocess.Popen[bytes] | None = None
        self._buf = b""
        self._starts = 0
        self._given_up = False
        self._start()

    # -- process handling ------------------------------------------------------------
    def _start(self, where: str = "at the start") -> bool:
        self._starts += 1
        self._buf = b""
        self.proc = subprocess.Popen(
            self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0,
        )
        try:
            self._send(HELLO)
            line = self._read_line(time.monotonic() + self.time_limit)
        except _Gone as exc:
            self._fail("crash" if exc.crashed else "timeout", f"{where}: {exc}", None)
            return False
        try:
            answer = json.loads(line)
            if isinstance(answer, dict) and isinstance(answer.get("name"), str):
                self.announced = answer["name"]
            else:
                raise ValueError("no name")
        except ValueError:
            self._note("garbage", f"{where}: answered hello with {_short(line)}, not {{\"name\": ...}}")
        return True

    def _stop(self) -> None:
        proc, self.proc = self.proc, None
        if proc is None:
            return
        try:
            if proc.poll() is None:
                proc.kill()
            proc.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):  # pragma: no cover - best effort
            pass
        for stream in (proc.stdin, proc.stdout):
            try:
                if stream:
                    stream.close()
            except OSError:  # pragma: no cover
                pass

    def _send(self, message: dict) -> None:
        assert self.proc is not None and self.proc.stdin is not None
        try:
            self.proc.stdin.write(encode(message).encode())
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            raise _Gone(self._exit_text(), crashed=True) from None

    def _read_line(self, deadline: float) -> str:
        assert self.proc is not None and self.proc.stdout is not None
        fd = self.proc.stdout.fileno()
        with selectors.DefaultSelector() as sel:
            sel.register(fd, selectors.EVENT_READ)
            while b"\n" not in self._buf:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise _Gone(f"no answer within {self.time_limit:g} s", crashed=False)
                if not sel.select(left):
                    continue
                chunk = os.read(fd, 65536)
                if not chunk:
                    raise _Gone(self._exit_text(), crashed=True)
                self._buf += chunk
                if len(self._buf) > MAX_LINE:
                    self._buf = b""
                    return "<a line longer than 1 MiB>"
        line, _, self._buf = self._buf.partition(b"\n")
        return line.decode("utf-8", "replace").strip()

    def _drain(self, where: str) -> None:
        """Drop lines nobody asked for (a second answer, a late one), so they are never
        taken for the answer to the next turn."""
        assert self.proc is not None and self.proc.stdout is not None
        fd = self.proc.stdout.fileno()
        with selectors.DefaultSelector() as sel:
            sel.register(fd, selectors.EVENT_READ)
            while sel.select(0):
                chunk = os.read(fd, 65536)
                if not chunk:
                    raise _Gone(self._exit_text(), crashed=True)
                self._buf += chunk
        if self._buf.strip():
            extra = self._buf.decode("utf-8", "replace").strip().splitlines()
            self._note("garbage", f"{where}: ignored {len(extra)} line(s) sent unasked, first {_short(extra[0])}")
        self._buf = b""

    def _exit_text(self) -> str:
        if self.proc is None:
            return "stopped"
        try:
            code = self.proc.wait(timeout=1)
        except subprocess.TimeoutExpired:
            return "closed its output"
        return f"exited with code {code}"

    # -- notes ---------------------------------------------------------------------
    def _note(self, kind: str, text: str) -> None:
        self.failures[kind] = self.failures.get(kind, 0) + 1
        label = f"{self.name}" + (f" ({self.announced})" if self.announced and self.announced != self.name else "")
        self.notes.append(f"{label}: {kind}: {text}")

    def _fail(self, kind: str, text: str, fallback: Move | None) -> None:
        """The program crashed or hung: stop it; it is started afresh next turn."""
        self._stop()
        if self._starts > self.max_restarts:
            self._given_up = True
            text += f"; given up after {self._starts} starts, its moves are made for it from now on"
        self._note(kind, text + (f"; played {fallback} for it" if fallback else ""))

    # -- the Bot interface -------------------------------------------------------------
    def choose(self, view: PlayerView) -> Move:
        fallback = view.legal[0]
        where = f"seat {view.seat}, round {view.round}"
        if self.proc is None:
            if self._given_up or not self._start(where):
                return fallback
        try:
            self._drain(where)
            self._send(turn_message(view))
            line = self._read_line(time.monotonic() + self.time_limit)
        except _Gone as exc:
            self._fail("crash" if exc.crashed else "timeout", f"{where}: {exc}", fallback)
            return fallback
        try:
            move = parse_move(line)
        except ValueError as exc:
            self._note("garbage", f"{where}: answered {_short(line)} ({exc}); played {fallback} for it")
            return fallback
        if move not in view.legal:
            self._note("illegal", f"{where}: {move} is not a legal move; played {fallback} for it")
            return fallback
        return move

    def close(self) -> None:
        if self.proc is None:
            return
        try:
            self._send(BYE)
            assert self.proc.stdin is not None
            self.proc.stdin.close()
            self.proc.wait(timeout=2)
        except (_Gone, OSError, subprocess.TimeoutExpired):
            pass
        self._stop()


class _Gone(Exception):
    def __init__(self, text: str, crashed: bool) -> None:
        super().__init__(text)
        self.crashed = crashed


def _short(line: str) -> str:
    return repr(line if len(line) <= 60 else line[:57] + "...")
