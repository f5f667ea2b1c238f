"""What every study's command line shares: the common options, the header line, the output."""
from __future__ import annotations

import argparse
import json
import os
import platform
import sys
from typing import Any

from dominoes_tui.engine.files import atomic_write


def parser(study: str, description: str) -> argparse.ArgumentParser:
    """A parser for `python -m bench STUDY`, with the options every study takes."""
    p = argparse.ArgumentParser(prog=f"python -m bench {study}", description=description)
    p.add_argument("--quick", action="store_true", help="a smoke run: small budgets and few games, in a minute or two")
    p.add_argument("--seed", type=int, default=1, help="seed of the whole run (default 1)")
    p.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1),
                   help="processes playing at once (default: 2, or the machine's cores if fewer)")
    p.add_argument("--json", metavar="FILE", default=None, help="also write every figure as JSON to FILE ('-': stdout)")
    return p


def machine() -> dict[str, Any]:
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    return {"python": platform.python_version(), "cores": os.cpu_count(), "platform": platform.platform(),
            "load": None if load is None else round(load, 2)}


def header(study: str, out: dict[str, Any]) -> str:
    """The first line: which study, its seed and the machine (a busy machine's figures are
    not comparable with a quiet one's)."""
    m = out["machine"]
    return (f"python -m bench {study}{' --quick' if out['quick'] else ''} (seed {out['seed']}, "
            f"Python {m['python']}, {m['cores']} cores, load {m.get('load', '?')})")


def emit(study: str, out: dict[str, Any], lines: list[str], json_path: str | None) -> int:
    """Print the report; write the figures as JSON if asked."""
    print("\n".join([header(study, out), *lines]))
    if json_path:
        text = json.dumps(out, indent=2, default=str)
        if json_path == "-":
            print(text)
        else:
            try:
                atomic_write(json_path, text + "\n")
            except OSError as exc:
                print(f"python -m bench {study}: cannot write {json_path}: {exc.strerror or exc}", file=sys.stderr)
                return 1
    return 0
