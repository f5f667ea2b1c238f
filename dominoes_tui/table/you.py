"""The person at the keyboard: a seat called You, in the log and the club records, in
every language (a log or a record reads the same wherever it is opened). What a person
reads says it as the language does: You is Du in German."""
from __future__ import annotations

from ..i18n import _


def is_you(name: str) -> bool:
    """The seat of the person at the keyboard, called You (or Du)."""
    return name.strip().lower() in {"you", _("You").lower()}


def shown(name: str) -> str:
    """A seat's name as the language writes it: You is Du in German; others as typed."""
    return _("You") if is_you(name) else name
