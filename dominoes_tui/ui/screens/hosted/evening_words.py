"""The club evening's words shared by the evening screen and the projector board."""
from __future__ import annotations

from ....i18n import _
from ....table.plain import plain
from ....tournament.model import FORMAT_NAMES


def format_words(name: object) -> str:
    """A format the protocol names (swiss, roundrobin) as the language says it (Swiss,
    round robin; Schweizer System); one we do not know, as plain text."""
    word = FORMAT_NAMES.get(name) if isinstance(name, str) else None
    return _(word) if word else plain(name, 20)
