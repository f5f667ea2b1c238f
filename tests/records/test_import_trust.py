"""`dominoes stats --import` believes nothing a log says about who played: a forged
"records" field (identity keys, `seeded`, source) counts under names at this keyboard,
unrated. Only a log this data folder's own records kept, sealed with its key, keeps
its identities and its rating. A line nested too deeply is a one-line error."""
from __future__ import annotations

import json
import os

from sqlalchemy import func, select

from dominoes_tui.engine import Seat, dumps
from dominoes_tui.records import Records, person_identity, record_or_keep, summarize
from dominoes_tui.records.keep import UNRECORDED
from dominoes_tui.records.schema import matches, players, ratings
from tests.records.helpers import run

from .helpers import play


def _forged(seed: int) -> str:
    """A real match, its match_start claiming the server's identities for both seats."""
    match = play("draw", 2, [Seat("Mallory", "human"), Seat("Ana", "human")], seed=seed)
    events = [dict(e) for e in match.events]
    events[0]["records"] = {
        "identities": [{"key": "hosted:name:Mallory", "name": "Mallory", "kind": "person"},
                       {"key": "hosted:name:Ana", "name": "Ana", "kind": "person"}],
        "seeded": False, "source": "hosted", "seal": "0" * 64,
    }
    return dumps(events)


def test_fifteen_forged_logs_count_under_local_names_and_move_no_rating(tmp_path, capsys):
    url = f"sqlite:///{tmp_path / 'records.sqlite'}"
    files = []
    for i in range(15):
        path = tmp_path / f"forged-{i}.jsonl"
        path.write_text(_forged(300 + i))
        files.append(str(path))
    code, out, _ = run(capsys, "stats", "--import", *files, "--db", url)
    assert code == 0 and "15 added" in out and "15 not rated" in out
    with Records.open(url) as records, records.connect() as conn:
        keys = set(conn.scalars(select(players.c.key)))
        assert keys == {"local:mallory", "local:ana"}  # never the server's hosted:name:… keys
        assert conn.scalar(select(func.count()).select_from(ratings)) == 0
        assert set(conn.scalars(select(matches.c.source))) == {"import"}
        assert not any(conn.scalars(select(matches.c.rated)))


def test_only_a_log_kept_here_and_sealed_keeps_its_identities(tmp_path, dominoes_home, capsys):
    """A seeded practice match kept by these records: imported as it was (the people's
    keys, unrated). The same log with `"seeded": false` written in breaks the seal."""
    url = f"sqlite:///{tmp_path / 'records.sqlite'}"
    ids = [person_identity("hosted", "name:Ana", "Ana"), person_identity("hosted", "name:Ben", "Ben")]
    seeded = play("draw", 2, [Seat("Ana", "human"), Seat("Ben", "human")], seed=5)
    fair = play("draw", 2, [Seat("Ana", "human"), Seat("Ben", "human")], seed=6)
    nowhere = f"postgresql://postgres@/nowhere?host={tmp_path / 'no-socket'}&port=11151"
    for match, practice in ((seeded, True), (fair, False)):
        kept = record_or_keep(summarize(match, ids, source="hosted", seeded=practice), dominoes_home, nowhere)
        assert not kept.recorded
    kept_logs = sorted((dominoes_home / UNRECORDED).iterdir())
    assert {oct(os.stat(p).st_mode & 0o777) for p in kept_logs} == {"0o600"}
    edited = []
    for path in kept_logs:
        lines = path.read_text().splitlines()
        start = json.loads(lines[0])
        if start["records"]["seeded"]:
            start["records"]["seeded"] = False  # the forger's one change
            lines[0] = json.dumps(start)
            path.write_text("\n".join(lines) + "\n")
            edited.append(path)
    assert len(edited) == 1
    code, out, _ = run(capsys, "stats", "--import", *map(str, kept_logs), "--db", url)
    assert code == 0 and "2 added" in out and "1 not rated" in out
    with Records.open(url) as records, records.connect() as conn:
        rows = conn.execute(select(matches.c.rated, matches.c.source)).all()
        assert sorted(rows) == [(False, "import"), (True, "hosted")]  # the sealed fair one only
        assert {"hosted:name:Ana", "hosted:name:Ben"} <= set(conn.scalars(select(players.c.key)))


def test_a_line_nested_too_deeply_is_one_line_of_error(tmp_path, capsys):
    deep = tmp_path / "deep.jsonl"
    deep.write_text("[" * 100_000 + "]" * 100_000 + "\n")
    code, out, err = run(capsys, "stats", "--import", str(deep), "--db", f"sqlite:///{tmp_path / 'r.sqlite'}")
    assert code == 2 and "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert "line 1" in err and "nested too deeply" in err
