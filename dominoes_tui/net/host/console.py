"""The host's console: every line a server writes for the person running it goes
through `tell`, in the host's language (the catalog, `_()` at the call) and in
sentences, never Python's reprs. How a line is dressed and where it goes (the time in
front, a level, a file) is the logging setup's (commands/host.py); what it says is this
module's callers'.

Names in these sentences came from the network and were cleaned on arrival
(table/plain.py); a reason from the system is said with os_words."""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from ...engine import Match
from ...i18n import _, ngettext, pgettext
from ...table.sides import team_words
from ...table.titles import variant_title
from ...table.you import shown
from ...tournament.model import FORMAT_NAMES

if TYPE_CHECKING:
    from ..evening.evening import EveningSettings


def tell(log: logging.Logger, sentence: str, level: int = logging.INFO, trace: bool | BaseException = False) -> None:
    """One line for the host: `sentence` already in the host's language; `trace` adds
    the traceback of the exception being handled, or of the one given (a bug's, for
    whoever fixes it)."""
    log.log(level, sentence, exc_info=trace)


def seat_kind(kind: str, level: str | None = None) -> str:
    """ "person", or "bot, medium": what sits in a seat, in the host's words."""
    from ...bots.registry import level_word

    if kind == "bot":
        return _("bot, {level}").format(level=level_word(level)) if level else pgettext("level", "bot")
    return pgettext("level", "person")


def scores_words(match: Match) -> str:
    """ "Ana 103, Bot 1 12", or by team "team A (Ana & Cleo) 103, team B (Ben & Dan) 40"."""
    names = [s.name for s in match.seats]
    if match.config.teams:
        return ", ".join(f"{team_words(i, names[a], names[b])} {match.scores[i]}"
                         for i, (a, b) in enumerate(match.config.teams))
    return ", ".join(f"{shown(n)} {s}" for n, s in zip(names, match.scores))


def evening_words(settings: EveningSettings) -> str:
    """A club evening's settings in a line: "Draw, Swiss, 3 rounds, target 100"."""
    parts = [variant_title(settings.variant), _(FORMAT_NAMES.get(settings.format, settings.format)),
             ngettext("{n} round", "{n} rounds", settings.rounds).format(n=settings.rounds)]
    if settings.target is not None:
        parts.append(_("target {n}").format(n=settings.target))
    if settings.round_minutes:
        parts.append(_("{minutes} minutes a round").format(minutes=f"{settings.round_minutes:g}"))
    return ", ".join(parts)


def phase_words(phase: str) -> str:
    """A table's phase as the host reads it."""
    words = {"waiting": _("waiting for players"), "playing": _("in play"), "round_over": _("between rounds"),
             "match_over": _("the match is over")}
    return words.get(phase, phase)
