"""A puzzle's themes in the reader's words (training/themes.py names them in the JSON).
No Textual, no rich: `dominoes puzzles` says them too."""
from __future__ import annotations

from ....i18n import pgettext


def theme_word(name: str) -> str:
    """A theme's name in the language in use."""
    return {
        "double": pgettext("theme", "shedding a double"), "block": pgettext("theme", "blocking"),
        "fives": pgettext("theme", "scoring fives"), "kozel": pgettext("theme", "avoiding penalties"),
        "partner": pgettext("theme", "playing for the partner"), "endgame": pgettext("theme", "the last tiles"),
    }.get(name, name)
