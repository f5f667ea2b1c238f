"""The club evening's words shared by the evening screen and the projector board."""
from __future__ import annotations

from ..i18n import N_, _
from ..table.plain import plain

# The tournament formats the protocol names (tournament/model.py FORMATS), in the players'
# words; English keeps the names themselves, as the screens always showed them
FORMAT_WORDS = {"swiss": N_("swiss"), "roundrobin": N_("roundrobin"), "rotation": N_("rotation")}


def format_words(name: object) -> str:
    """A format as the language says it; one we do not know, as plain text."""
    word = FORMAT_WORDS.get(name) if isinstance(name, str) else None
    return _(word) if word else plain(name, 20)
