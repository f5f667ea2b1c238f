"""Secrets a gateway hands the session process it starts (a private table's code is its
invite), never on its command line: any local user reads that with `ps`. They go
through a pipe the child inherits: the parent writes them as one JSON object and closes
its end, the child (`dominoes join --secrets-fd N`) reads them once and closes its end,
and nothing is left in a file or in /proc."""
from __future__ import annotations

import json
import os

MAX_HANDED = 4096  # bytes: a few short strings


def hand_over(secrets: dict[str, str]) -> int:
    """A pipe's read end holding `secrets`, for the child (pass_fds); close it in the parent
    once the child is started."""
    data = json.dumps(secrets).encode("utf-8")
    if len(data) > MAX_HANDED:
        raise ValueError("too much to hand over")
    read_end, write_end = os.pipe()
    try:
        os.write(write_end, data)  # far below a pipe's buffer: never blocks
    finally:
        os.close(write_end)
    return read_end


def take(fd: int) -> dict[str, str]:
    """What the gateway handed over on `fd` (closed after); {} if it holds nothing usable."""
    got = b""
    try:
        while len(got) <= MAX_HANDED:
            chunk = os.read(fd, MAX_HANDED + 1)
            if not chunk:
                break
            got += chunk
    except OSError:
        return {}
    finally:
        try:
            os.close(fd)
        except OSError:
            pass
    try:
        data = json.loads(got[:MAX_HANDED].decode("utf-8"))
    except ValueError:
        return {}
    return {str(k): v for k, v in data.items() if isinstance(v, str)} if isinstance(data, dict) else {}
