"""An outside program in a seat (`cmd:PROGRAM ARGS`), spoken to by docs/BOT_PROTOCOL.md.

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
import struct
import subprocess
import time

try:  # to ask how much of a turn message the program has not read yet (POSIX)
    import fcntl
    import termios
except ImportError:  # pragma: no cover - Windows
    fcntl = termios = None  # type: ignore[assignment]

from ..engine import Move, PlayerView
from ..i18n import N_, _, ngettext, told
from .protocol import BYE, HELLO, encode, parse_move, turn_message

DEFAULT_TIME_LIMIT = 10.0
MAX_LINE = 1 << 20
# How long an answer that is no legal move waits for a line after it: a line sent unasked
# for the last turn can arrive after this turn was sent, just before the real answer. A
# program that has sent lines unasked before is given longer (a busy machine may be slow
# to run it); a program that is merely wrong loses only a moment a turn.
FOLLOW_UP_WAIT = 0.05
FOLLOW_UP_WAIT_CHATTY = 1.0
# What went wrong, as the notes say it (the keys of `failures` stay English).
KIND_WORDS = {"crash": N_("crash"), "timeout": N_("timeout"), "garbage": N_("garbage"), "illegal": N_("illegal")}


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
        self._strays = 0  # lines it sent that nobody asked for
        self.proc: subprocess.Popen[bytes] | None = None
        self._buf = b""
        self._starts = 0
        self._given_up = False
        self._start()

    # -- process handling ------------------------------------------------------------
    def _start(self, where: str | None = None) -> bool:
        where = where or _("at the start")
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
                raise ValueError(_("no name"))
        except ValueError:
            self._note("garbage", _("{where}: answered hello with {line}, not {{\"name\": ...}}").format(
                where=where, line=_short(line)))
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

    def _read_line(self, deadline: float, quiet: bool = False) -> str:
        assert self.proc is not None and self.proc.stdout is not None
        fd = self.proc.stdout.fileno()
        with selectors.DefaultSelector() as sel:
            sel.register(fd, selectors.EVENT_READ)
            while b"\n" not in self._buf:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise _Gone(_("no answer within {seconds} s").format(seconds=f"{self.time_limit:g}"), crashed=False)
                if not sel.select(left):
                    if quiet:
                        raise _Gone(_("no further line"), crashed=False)
                    continue
                chunk = os.read(fd, 65536)
                if not chunk:
                    raise _Gone(self._exit_text(), crashed=True)
                self._buf += chunk
                if len(self._buf) > MAX_LINE:
                    self._buf = b""
                    return _("<a line longer than 1 MiB>")
        line, _sep, self._buf = self._buf.partition(b"\n")
        return line.decode("utf-8", "replace").strip()

    def _unread_by_program(self) -> int | None:
        """Bytes of our messages still in the program's input pipe (None: cannot tell)."""
        if fcntl is None or self.proc is None or self.proc.stdin is None:
            return None
        try:
            return struct.unpack("i", fcntl.ioctl(self.proc.stdin.fileno(), termios.FIONREAD, b"\0\0\0\0"))[0]
        except (OSError, ValueError):
            return None

    def _answer(self, where: str, deadline: float) -> str:
        """The next line that can be the answer to the turn just sent. A line that comes
        while the program has not even read that turn was written for an earlier one."""
        while True:
            line = self._read_line(deadline)
            if self._unread_by_program():
                self._unasked(where, 1, line)
                continue
            return line

    def _follow_up(self, deadline: float) -> str | None:
        """A line that arrives soon after an answer that was no legal move, if any."""
        try:
            wait = FOLLOW_UP_WAIT_CHATTY if self._strays else FOLLOW_UP_WAIT
            return self._read_line(min(deadline, time.monotonic() + wait), quiet=True)
        except _Gone:
            return None

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
            self._unasked(where, len(extra), extra[0])
        self._buf = b""

    def _unasked(self, where: str, count: int, first: str) -> None:
        self._strays += count
        self._note("garbage", ngettext("{where}: ignored {count} line sent unasked: {first}",
                                        "{where}: ignored {count} lines sent unasked, first {first}", count).format(
            where=where, count=count, first=_short(first)))

    def _exit_text(self) -> str:
        if self.proc is None:
            return _("stopped")
        try:
            code = self.proc.wait(timeout=1)
        except subprocess.TimeoutExpired:
            return _("closed its output")
        return _("exited with code {code}").format(code=code)

    # -- notes ---------------------------------------------------------------------
    def _note(self, kind: str, text: str) -> None:
        self.failures[kind] = self.failures.get(kind, 0) + 1
        label = f"{self.name}" + (f" ({self.announced})" if self.announced and self.announced != self.name else "")
        self.notes.append(f"{label}: {_(KIND_WORDS.get(kind, kind))}: {text}")

    def _fail(self, kind: str, text: str, fallback: Move | None) -> None:
        """The program crashed or hung: stop it; it is started afresh next turn."""
        self._stop()
        if self._starts > self.max_restarts:
            self._given_up = True
            text += _("; given up after {starts} starts, its moves are made for it from now on").format(
                starts=self._starts)
        self._note(kind, text + (_("; played {move} for it").format(move=told(fallback)) if fallback else ""))

    # -- the Bot interface -------------------------------------------------------------
    def choose(self, view: PlayerView) -> Move:
        fallback = view.legal[0]
        where = _("seat {seat}, round {round}").format(seat=view.seat, round=view.round)
        if self.proc is None:
            if self._given_up or not self._start(where):
                return fallback
        try:
            self._drain(where)
            self._send(turn_message(view))
            deadline = time.monotonic() + self.time_limit
            line = self._answer(where, deadline)
        except _Gone as exc:
            self._fail("crash" if exc.crashed else "timeout", f"{where}: {exc}", fallback)
            return fallback
        move, problem = _judge(line, view)
        if problem is not None:
            # Perhaps a line meant for the last turn that came late: if a legal move follows
            # at once, that was the answer and this line was sent unasked.
            follow = self._follow_up(deadline)
            if follow is not None:
                later, later_problem = _judge(follow, view)
                if later_problem is None:
                    self._unasked(where, 1, line)
                    return later  # type: ignore[return-value]
                self._buf = (follow + "\n").encode() + self._buf  # not this turn's: the next drain notes it
            kind, text = problem
            self._note(kind, f"{where}: {text}" + _("; played {move} for it").format(move=told(fallback)))
            return fallback
        return move  # type: ignore[return-value]

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


def _judge(line: str, view: PlayerView) -> tuple[Move | None, tuple[str, str] | None]:
    """The move a line gives, or what is wrong with it as an answer to this view."""
    try:
        move = parse_move(line)
    except ValueError as exc:
        return None, ("garbage", _("answered {line} ({reason})").format(line=_short(line), reason=told(exc)))
    if move not in view.legal:
        return None, ("illegal", _("{move} is not a legal move").format(move=told(move)))
    return move, None


def _short(line: str) -> str:
    return repr(line if len(line) <= 60 else line[:57] + "...")
