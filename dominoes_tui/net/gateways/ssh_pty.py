"""The pseudo-terminal side of an SSH session's game (ssh_gateway.py): its window size,
the terminal the game's process takes, and signals to the game's process group."""
from __future__ import annotations

import fcntl
import os
import signal
import struct
import termios


def set_size(fd: int, width: int, height: int) -> None:
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", max(1, height), max(1, width), 0, 0))


def take_terminal() -> None:  # runs in the child between fork and exec
    # A hang-up ends the game, as it ends any program whose terminal closes. A gateway
    # started under `nohup` ignores hang-ups, and a child inherits that: its games then
    # outlived their players, each spinning on a dead terminal.
    signal.signal(signal.SIGHUP, signal.SIG_DFL)
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


def signal_group(pid: int, sig: int) -> None:
    try:
        os.killpg(pid, sig)
    except (ProcessLookupError, PermissionError):
        pass
