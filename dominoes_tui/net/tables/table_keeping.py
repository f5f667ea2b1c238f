"""Hosted tables on disk beyond one run: brought back when the server starts again,
filed in finished/ when their match is over, set aside in broken/ when they cannot be
read (never overwritten or lost)."""
from __future__ import annotations

import json
import logging
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ...engine import MATCH_OVER, NEW, ConfigError, LogError, make_config
from ...i18n import _
from ...i18n.os_words import os_words
from ..host.console import tell
from ..host.storage import private_dir, write_private
from .table import Slot, Table, TableHost
from .table_files import read_log

log = logging.getLogger("dominoes_tui.net")


def file_away(tables_dir: Path, table: Table, extra: dict[str, Any] | None = None) -> Path | None:
    """The finished match's log and who played it (identities, for rated play; `extra`
    beside them) go to finished/, synced, before the table's own files go: the `.json`
    filed (None if it could not be, and then the table's files stay for a restart)."""
    assert table.match is not None
    try:
        done = private_dir(tables_dir.parent / "finished")
        stem = f"{table.code}-{int(time.time())}"
        write_private(done / f"{stem}.jsonl", "".join(json.dumps(e, separators=(", ", ": ")) + "\n" for e in table.match.events))
        write_private(done / f"{stem}.json", json.dumps({**match_record(table), **(extra or {})}))
        (tables_dir / f"{table.code}.jsonl").unlink(missing_ok=True)
        (tables_dir / f"{table.code}.json").unlink(missing_ok=True)
    except OSError as exc:
        tell(log, _("Cannot file table {code}: {reason}").format(code=table.code, reason=os_words(exc)), logging.WARNING)
        return None
    return done / f"{stem}.json"


def match_record(table: Table) -> dict[str, Any]:
    """Who played a finished match: the seats' names, kinds and identities (names.py)."""
    return {
        "code": table.code, "variant": table.config.variant, "practice": table.practice,
        "seats": [
            {"seat": i, "name": s.name, "kind": s.kind, "level": s.level, "identity": ident}
            for i, (s, ident) in enumerate(zip(table.slots, table.identities()))
        ],
    }


def restored_tables(host: TableHost, tables_dir: Path | None) -> Iterator[Table]:
    """Every table the last run left in `tables_dir`, as it was (a finished one too, for the
    caller to file away); one never sat at is dropped, one that cannot be read set aside."""
    if tables_dir is None or not tables_dir.is_dir():
        return
    for meta_path in sorted(tables_dir.glob("*.json")):
        try:
            table = _restored(host, tables_dir, meta_path)
        except (OSError, ValueError, KeyError, TypeError, LogError, ConfigError) as exc:
            set_aside(meta_path, exc)
            continue
        if table is not None:
            yield table


def _restored(host: TableHost, tables_dir: Path, meta_path: Path) -> Table | None:
    meta = json.loads(meta_path.read_text(encoding="utf-8"))
    config = make_config(meta["variant"], meta["players"], options=meta["options"])
    slots = [
        Slot(s["name"], s["kind"], s.get("level"), s.get("token"), None, None, bool(s.get("creator")), s.get("identity"),
             s.get("address"))
        for s in meta["slots"]
    ]
    seed = meta.get("seed")
    table = Table(host, meta["code"], config, slots, None if seed is None else int(seed), float(meta["bot_delay"]),
                  meta.get("bot_seed"))
    log_path = tables_dir / f"{table.code}.jsonl"
    if not meta.get("started") and not any(s.taken for s in slots):
        meta_path.unlink(missing_ok=True)  # made, never sat at: nobody will miss it
        return None
    if meta.get("started") and log_path.exists():
        table.match = read_log(log_path)  # a torn end (a crash, a full disk) is cut back
        table.resumed()
        if table.match.phase == MATCH_OVER:
            return table
        now = time.time()
        for s in slots:
            if s.kind == "human":
                s.left_at = now
        if table.match.phase == NEW:
            table.match.begin_round()
            table.save()
    return table


def set_aside(meta_path: Path, exc: Exception) -> None:
    """A table that cannot be read back is moved to broken/, never overwritten or lost."""
    broken = meta_path.parent.parent / "broken"
    tell(log, _("Cannot bring back {file} ({reason}); it is kept in {folder}").format(
        file=meta_path.name, reason=os_words(exc), folder=broken), logging.WARNING)
    try:
        private_dir(broken)
        for path in (meta_path, meta_path.with_suffix(".jsonl")):
            if path.exists():
                path.replace(broken / f"{path.stem}-{int(time.time())}{path.suffix}")
    except OSError as move_exc:
        tell(log, _("Cannot move {file} aside: {reason}").format(file=meta_path.name, reason=os_words(move_exc)),
             logging.WARNING)
