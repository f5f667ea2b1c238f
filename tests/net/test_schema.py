"""docs/schema/ is written from the types (net/wire/schema.py): the committed files must be
what the types give now, so a changed message or event cannot leave the published schema
behind."""
from __future__ import annotations

import json
from pathlib import Path

from dominoes_tui.engine.log_events import BY_EVENT
from dominoes_tui.net.wire import schema
from dominoes_tui.net.wire.answers import ANSWER_KINDS
from dominoes_tui.net.wire.requests import BY_KIND


def test_the_committed_schema_is_what_the_types_give() -> None:
    assert schema.stale() == [], "python -m dominoes_tui.net.wire.schema write, and commit docs/schema/"


def test_a_schema_that_differs_from_the_types_is_found(tmp_path: Path) -> None:
    schema.write(tmp_path)
    assert schema.main(["check", str(tmp_path)]) == 0
    written = json.loads((tmp_path / "protocol.json").read_text())
    del written["$defs"]["Play"]["properties"]["seat"]  # as if the types had gained a field since
    (tmp_path / "protocol.json").write_text(json.dumps(written))
    assert schema.stale(tmp_path) == ["protocol.json"] and schema.main(["check", str(tmp_path)]) == 1


def test_every_message_and_every_event_is_in_its_schema() -> None:
    for name, kinds, tag in [("protocol.json", BY_KIND, "type"), ("server.json", ANSWER_KINDS, "type"),
                             ("gamelog.json", BY_EVENT, "event")]:
        published = json.loads((schema.FOLDER / name).read_text(encoding="utf-8"))
        assert published["discriminator"]["propertyName"] == tag
        assert set(published["discriminator"]["mapping"]) == set(kinds)
