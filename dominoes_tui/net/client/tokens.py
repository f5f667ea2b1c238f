"""What a client keeps between runs, readable by its owner only (0600, folder 0700):

- the seat tokens, so a person can take a seat back after a drop or a crash
  ($DOMINOES_TUI_HOME/tokens.json, by server address, table code and the name joined as);
- the identity key (`identity.key`, an Ed25519 private key), which claims this player's
  name on a server the first time and proves it afterwards by signing that server's
  challenge (proof.py; docs/PROTOCOL.md, "Identity");
- the identity secret of older versions (`identity`), never sent again: it only proves,
  bound to one server's challenge, a name it claimed there before keys, once, so that
  the server moves the claim to the key.
"""
from __future__ import annotations

import json
from pathlib import Path

from ...table import saves
from ..host.storage import write_private
from ..wire.proof import PlayerKey

TOKENS_NAME = "tokens.json"
IDENTITY_NAME = "identity"
KEY_NAME = "identity.key"
KEEP = 50  # the newest tokens kept; older tables are long over


def _path() -> Path:
    return saves.home() / TOKENS_NAME


def _key(host: str, port: int, code: str, name: str) -> str:
    # by name too: two people who join from one data folder (one login, two terminals)
    # must not take each other's seats
    return f"{host}:{port}/{code.upper()}/{name}"


def _read() -> dict[str, str]:
    try:
        data = json.loads(_path().read_text(encoding="utf-8"))
        return {str(k): str(v) for k, v in data.items()} if isinstance(data, dict) else {}
    except (OSError, ValueError):
        return {}


def _write(data: dict[str, str]) -> None:
    try:
        write_private(_path(), json.dumps(data, indent=1))
    except OSError:
        pass


def get(host: str, port: int, code: str, name: str) -> str | None:
    return _read().get(_key(host, port, code, name))


def put(host: str, port: int, code: str, name: str, token: str) -> None:
    data = _read()
    data.pop(_key(host, port, code, name), None)
    data[_key(host, port, code, name)] = token
    _write(dict(list(data.items())[-KEEP:]))


def forget(host: str, port: int, code: str, name: str) -> None:
    data = _read()
    if data.pop(_key(host, port, code, name), None) is not None:
        _write(data)


def old_identity_secret() -> str | None:
    """The secret an older version made (never made now); None if there is none."""
    try:
        text = (saves.home() / IDENTITY_NAME).read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return text if 16 <= len(text) <= 256 else None


def identity_key() -> PlayerKey | None:
    """This player's key, made on first use; None if it can be neither read nor made
    (the player is then a guest, which is safe)."""
    path = saves.home() / KEY_NAME
    try:
        return PlayerKey.from_pem(path.read_bytes())
    except (OSError, ValueError):
        pass
    if path.exists():
        return None  # a file we cannot use: never overwrite it (it may be someone's only proof)
    key = PlayerKey.generate()
    try:
        write_private(path, key.pem())
    except OSError:
        return None
    return key
