"""The SSH gateway behind `dominoes ssh`: `ssh -p 2222 NAME@HOST` lands in the lobby as NAME.

A public key is who you are (ssh_names.py): the first key to log in under a name claims
it, and only that key plays under it again; anyone else (another key, the shared
password alone, no key) is a guest under a name of its own. `keys_only` turns away
logins without a key. Sessions are limited in total, per key and per address, and so
are connections and logins under way (ssh_admission.py). Each
session runs `dominoes join` in a process of its own on a
pseudo-terminal of its own, so keys, colours and window resizes behave as in a local
terminal and a crashed session touches no other. Sessions without a terminal are told
how to connect and closed. The host key is made once and kept in the data folder.

Needs the optional extra `asyncssh`.
"""
from __future__ import annotations

import asyncio
import logging
import os
import secrets
import shutil
import signal
import sys
from collections.abc import Mapping
from pathlib import Path

import asyncssh

from ...i18n import N_, _
from ..host.console import tell
from ..host.guesses import Guesses, address_key
from ..host.names import ASKED_NAME, fold
from ..host.storage import private_dir
from ..wire import protocol as P
from ..wire.protocol import clean_name
from . import analysis_slots
from .handed import hand_over
from .ssh_admission import ACCEPT_BACKLOG, Admission, Doorman
from .ssh_lang import client_env, session_locale, to_client
from .ssh_login import GatewayServer
from .ssh_names import KeyRegister, load_host_key, name_folder
from .ssh_pty import set_size, signal_group, take_terminal
from .vouch import ENV as VOUCH_ENV
from .vouch import read_gateway_key, vouch_for

log = logging.getLogger("dominoes_tui.ssh")

NO_TERMINAL = (N_("Dominoes is played in a terminal, and this session has none."),
               N_("Connect with a terminal, e.g.:  ssh -t -p PORT NAME@HOST"))
# A game told its player hung up gets this long to end before it is killed.
KILL_AFTER = 3.0
MAX_SESSIONS = 64
SESSIONS_PER_KEY = 3
SESSIONS_PER_ADDRESS = 8
WRONG_PASSWORDS = 5  # wrong passwords an address may try before it must wait (1 s, doubling to 300 s)


class Gateway:
    def __init__(
        self,
        server_addr: str,
        home: Path,
        password: str | None = None,
        command: list[str] | None = None,
        keys_only: bool = False,
        max_sessions: int = MAX_SESSIONS,
        sessions_per_key: int = SESSIONS_PER_KEY,
        sessions_per_address: int = SESSIONS_PER_ADDRESS,
        wrong_passwords: int = WRONG_PASSWORDS,
        vouch_key: Path | None = None,
        analyses_at_once: int = analysis_slots.DEFAULT,
        admission: Admission | None = None,
    ) -> None:
        self.server_addr = server_addr  # HOST:PORT of the table server
        # the table server's gateway key (vouch.py): the members' name claims count per person
        # there, and their limits at the address each really came from
        self.vouch_key = vouch_key
        self.home = home  # the gateway's folder: host key, names and keys, per-name homes (tokens, identity)
        self.password = password
        self.keys_only = keys_only
        self.max_sessions = max_sessions
        self.sessions_per_key = sessions_per_key
        self.sessions_per_address = sessions_per_address
        self.keys = KeyRegister(home / "names.json")
        self.doorman = Doorman(admission, max_sessions)  # connections and logins, per address and in total
        self.wrong_passwords = Guesses(free=wrong_passwords)  # per address, across connections
        # -P: the game's package comes from where this gateway's came from, never from a
        # dominoes_tui folder that happens to lie in the working directory
        self.command = command or [sys.executable, "-P", "-m", "dominoes_tui"]
        self.sessions: set[GameSession] = set()  # counted for the limits until their game ends
        self.analyses_at_once = analyses_at_once  # across all sessions (analysis_slots.py)
        self.slots_env: dict[str, str] = {}  # where the sessions find those slots, once started
        self._acceptor: asyncssh.SSHAcceptor | None = None
        self.port = 0

    async def start(self, host: str = "127.0.0.1", port: int = 2222, host_key: Path | None = None) -> int:
        private_dir(self.home)
        self.doorman.start()
        self.slots_env = analysis_slots.server_env(self.home / analysis_slots.FOLDER, self.analyses_at_once)
        key = load_host_key(host_key or self.home / "ssh_host_ed25519_key")
        # asyncssh accepts up to `backlog` connections at once (100 by default) before the
        # doorman can refuse one: kept under the open files held in reserve, a flood's burst
        # of accepts never runs the gateway out of them
        self._acceptor = await asyncssh.create_server(
            lambda: GatewayServer(self), host, port, backlog=ACCEPT_BACKLOG, server_host_keys=[key], encoding=None,
            login_timeout=30, keepalive_interval=30, line_editor=False,  # keys go straight to the game
        )
        self.port = self._acceptor.sockets[0].getsockname()[1]
        return self.port

    def session(self, fingerprint: str | None, address: str) -> GameSession:
        """A game for a login that may start one (ssh_login.py)."""
        return GameSession(self, fingerprint, address)

    async def close(self) -> None:
        for s in list(self.sessions):
            s.stop()
        games = [s.proc for s in self.sessions if s.proc is not None and s.proc.returncode is None]
        if games:  # hung up on above; killed by then at the latest
            try:
                await asyncio.wait_for(asyncio.gather(*(p.wait() for p in games)), KILL_AFTER + 2)
            except TimeoutError:
                pass
        if self._acceptor is not None:
            self._acceptor.close()
            try:
                await asyncio.wait_for(self._acceptor.wait_closed(), 5)
            except TimeoutError:
                pass


class GameSession(asyncssh.SSHServerSession[bytes]):  # bytes: the gateway listens with encoding=None
    def __init__(self, gateway: Gateway, fingerprint: str | None = None, address: str = "?") -> None:
        self.gateway = gateway
        self.fingerprint = fingerprint
        self.address = address  # where the client came from (the vouch names it)
        self.source = address_key(address)  # the same as the limits count it
        self.name = ""  # the name it plays under, once it runs
        self.asked = ""  # ... and the one its login asked for
        self.chan: asyncssh.SSHServerChannel[bytes] | None = None  # asyncssh hands it over first thing
        self.term_type: str | None = None
        self.size = (80, 24)
        self.master: int | None = None
        self.proc: asyncio.subprocess.Process | None = None
        self.task: asyncio.Task[None] | None = None
        self.table_code: str | None = None  # `ssh -t HOST CODE` goes straight to that table
        self._killer: asyncio.TimerHandle | None = None
        self.lost = False  # the client has gone

    @property
    def channel(self) -> asyncssh.SSHServerChannel[bytes]:
        assert self.chan is not None, "asyncssh calls connection_made before anything else"
        return self.chan

    # -- what the client asks for -------------------------------------------------------
    def connection_made(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        self.chan = chan
        self.gateway.sessions.add(self)

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int], term_modes: Mapping[int, int]) -> bool:
        self.term_type = term_type or "xterm-256color"
        if term_size[0] and term_size[1]:
            self.size = (term_size[0], term_size[1])
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str | bytes) -> bool:
        """Any command plays the game too (or is refused politely without a terminal); a
        table code as the command (the invite's `ssh -t -p PORT HOST CODE`) sits at it."""
        if isinstance(command, bytes):
            command = command.decode("utf-8", "replace")
        word = "".join(command.split()).replace("-", "").upper()
        if len(word) in (P.CODE_LENGTH, P.PRIVATE_CODE_LENGTH) and all(ch in P.CODE_ALPHABET for ch in word):
            self.table_code = word
        return True

    def subsystem_requested(self, subsystem: str) -> bool:
        return False

    def session_started(self) -> None:
        if self.term_type is None:
            self.channel.write(to_client(self.channel, *NO_TERMINAL))
            self.channel.exit(1)
            return
        self.task = asyncio.get_running_loop().create_task(self._run())

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        if width and height:
            self.size = (width, height)
            if self.master is not None:
                try:
                    set_size(self.master, width, height)  # the kernel tells the game (SIGWINCH)
                except OSError:
                    pass

    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        if self.master is None:
            return
        try:
            os.write(self.master, data)
        except BlockingIOError:
            pass  # the game is not reading: drop the keys rather than block everyone
        except OSError:
            self.stop()

    def eof_received(self) -> bool:
        self.stop()
        return False

    def break_received(self, msec: int) -> bool:
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        self.lost = True
        self.stop()
        if self.task is None or self.task.done():
            self.gateway.sessions.discard(self)
        # else its game (starting or running) still counts against the limits until _run ends

    # -- the game's process ---------------------------------------------------------------
    def _who(self) -> tuple[str, Path, bool]:
        """(name, home folder, owner?): a key-holder's own folder, or a fresh guest's."""
        gw = self.gateway
        wanted = clean_name(self.channel.get_extra_info("username"))
        in_use = {fold(s.name) for s in gw.sessions if s is not self}  # `ana` and `Ana` are one name
        name, owner = gw.keys.login(wanted, self.fingerprint, lambda n: fold(n) in in_use,
                                    may_claim=lambda: gw.doorman.may_claim_name(self.source))
        self.name, self.asked = name, wanted
        if owner:
            return name, private_dir(gw.home / "users" / name_folder(name)), True
        return name, private_dir(gw.home / "guests" / secrets.token_hex(8)), False

    def _invite(self) -> str:
        """The command a friend types to come to a table through this gateway, at the
        address this session reached it by (the table server itself may be loopback-only)."""
        sock = self.chan.get_extra_info("sockname") if self.chan is not None else None
        host = str(sock[0]) if sock else "HOST"
        if host in ("0.0.0.0", "::"):
            host = "HOST"
        port = self.gateway.port or 22
        return f"ssh -t -p {port} {host}" if port != 22 else f"ssh -t {host}"

    def environment(self, home: Path, owner: bool) -> dict[str, str]:  # the game's: nothing else of ours
        env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": os.environ.get("HOME", "/"),
            "TERM": self.term_type or "xterm-256color",
            **session_locale(client_env(self.chan)),  # the client's language (SendEnv LANG), checked
            "COLORTERM": "truecolor",
            "DOMINOES_TUI_HOME": str(home),
            "DOMINOES_INVITE": self._invite(),
            **self.gateway.slots_env,
        }
        if self.asked and self.asked != self.name:  # the lobby says why it is not the name asked for
            env[ASKED_NAME] = self.asked
        key = read_gateway_key(self.gateway.vouch_key) if self.gateway.vouch_key is not None else None
        if key is not None:  # every session: the table server counts it at the address it came from
            env[VOUCH_ENV] = vouch_for(key, self.fingerprint if owner else None, self.address)
        return env

    async def _run(self) -> None:
        name, home, owner = self._who()
        env = self.environment(home, owner)
        master, slave = os.openpty()
        self.master = master
        set_size(slave, *self.size)
        os.set_blocking(master, False)
        cmd = [*self.gateway.command, "join", self.gateway.server_addr, "--name", name]
        # a private table's code is its invite: through a pipe, never on the command line (handed.py)
        handed = hand_over({"code": self.table_code}) if self.table_code is not None else -1
        if handed >= 0:
            cmd += ["--secrets-fd", str(handed)]
        if not owner:
            cmd.append("--forget-tokens")  # a guest keeps no tokens and proves no name
        loop = asyncio.get_running_loop()
        status = 1
        try:
            self.proc = await asyncio.create_subprocess_exec(
                *cmd, stdin=slave, stdout=slave, stderr=slave, env=env,
                start_new_session=True, preexec_fn=take_terminal, close_fds=True, cwd=home,
                pass_fds=(handed,) if handed >= 0 else (),
            )
            os.close(slave)
            slave = -1
            if self.lost:  # the client left while the game was starting
                self.stop()
            loop.add_reader(master, self._readable)
            status = await self.proc.wait()
            if self._killer is not None:
                self._killer.cancel()
            await asyncio.sleep(0.05)  # let the last screen reach the client
            self._readable()
        except Exception as exc:  # noqa: BLE001 - one session's trouble is its own
            tell(log, _("The session of {name} failed: {reason}").format(name=name, reason=exc), logging.WARNING)
            try:
                self.channel.write(to_client(self.channel, N_("The game could not start here.")))
            except Exception:  # noqa: BLE001 - the client may be gone: the session ends anyway
                pass
        finally:
            if slave >= 0:
                os.close(slave)
            if handed >= 0:
                os.close(handed)
            try:
                loop.remove_reader(master)
            except Exception:  # noqa: BLE001 - never added, or the loop closing: nothing left to remove
                pass
            os.close(master)
            self.master = None
            if self.lost:
                self.gateway.sessions.discard(self)
            if not owner:
                shutil.rmtree(home, ignore_errors=True)
            try:
                self.channel.exit(status if isinstance(status, int) and status >= 0 else 1)
            except Exception:  # noqa: BLE001 - the client may be gone: the session ends anyway
                pass

    def _readable(self) -> None:
        if self.master is None:
            return
        try:
            data = os.read(self.master, 65536)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:  # EIO: the game's side of the terminal is closed
            data = b""
        if not data:
            try:
                asyncio.get_running_loop().remove_reader(self.master)
            except Exception:  # noqa: BLE001 - the loop closing: nothing left to remove
                pass
            return
        try:
            self.channel.write(data)
        except Exception:  # noqa: BLE001 - a channel the client closed may fail any way: hang up on the game
            self.stop()

    def stop(self) -> None:
        """Hang up on the game; kill it if it has not ended `KILL_AFTER` seconds later (a
        game that ignores a hang-up must not outlive its player: someone connecting and
        dropping again and again would otherwise pile up processes)."""
        proc = self.proc
        if proc is None or proc.returncode is not None:
            return
        signal_group(proc.pid, signal.SIGHUP)
        if self._killer is None:
            try:
                self._killer = asyncio.get_running_loop().call_later(KILL_AFTER, self._kill)
            except RuntimeError:  # no loop left (shutting down): kill now
                self._kill()

    def _kill(self) -> None:
        proc = self.proc
        if proc is not None and proc.returncode is None:
            signal_group(proc.pid, signal.SIGKILL)
