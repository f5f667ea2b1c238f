"""The seat tokens a client keeps, so a person can take a seat back after a drop or a
crash: $DOMINOES_TUI_HOME/tokens.json, by server address and table code."""
from __future__ import annotations

import json
from pathlib import Path

from ..table import saves

TOKENS_NAME = "tokens.json"
KEEP = 50  # the newest tokens kept; older tables are long over


def _path() -> Path:
    return saves.home() / TOKENS_NAME


def _key(host: str, port: int, code: str) -> str:
    return f"{host}:{port}/{code.upper()}"


def _read() -> dict[str, str]:
    try:
        data = json.loads(_path().read_text(encoding="utf-8"))
        return {str(k): str(v) for k, v in data.items()} if isinstance(data, dict) else {}
    except (OSError, ValueError):
        return {}


def get(host: str, port: int, code: str) -> str | None:
    return _read().get(_key(host, port, code))


def put(host: str, port: int, code: str, token: str) -> None:
    data = _read()
    data.pop(_key(host, port, code), None)
    data[_key(host, port, code)] = token
    data = dict(list(data.items())[-KEEP:])
    try:
        path = _path()
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(data, indent=1), encoding="utf-8")
        tmp.replace(path)
    except OSError:
        pass


def forget(host: str, port: int, code: str) -> None:
    data = _read()
    if data.pop(_key(host, port, code), None) is not None:
        try:
            _path().write_text(json.dumps(data, indent=1), encoding="utf-8")
        except OSError:
            pass
