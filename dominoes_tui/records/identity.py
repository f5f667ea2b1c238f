"""Who sat in a seat, as the records know them.

A person is known by what vouched for the name: the keyboard of this machine
("local:Ana"), an SSH key ("ssh:SHA256:…") or the secret `dominoes join` keeps
("join:…"). A guest is a name nobody vouched for: kept, never rated. Every bot level is a
player of its own ("bot:hard"), so people can see where they stand against it.
"""
from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from ..engine import Seat
from ..i18n import N_, _
from ..table.you import shown

PERSON, BOT, GUEST = "person", "bot", "guest"
BOT_PREFIX = "bot:"  # a bot level's name and key in the records: bot:hard
MAX_NAME = 100
# What vouched for a name, in words for people (the player page, `dominoes stats`);
# translated where shown
VOUCHED = {"local": N_("a name at this keyboard"), "hosted": N_("the name they claimed on the server"),
           "ssh": N_("an SSH key"), "join": N_("a dominoes join secret"), "bot": N_("a bot level"),
           "guest": N_("nothing (a guest's name)")}
KINDS = {PERSON: N_("person"), BOT: N_("bot"), GUEST: N_("guest")}


def vouched_words(scheme: str) -> str:
    return _(VOUCHED[scheme]) if scheme in VOUCHED else scheme


def kind_words(kind: str) -> str:
    """What kind of player, in the reader's words (the records keep "person", "bot", "guest")."""
    return _(KINDS[kind]) if kind in KINDS else kind


def clean_name(text: str) -> str:
    """A name as plain text: control and format characters (escapes, bidi tricks) gone."""
    kept = "".join(ch for ch in str(text) if unicodedata.category(ch)[0] != "C")
    return kept.strip()[:MAX_NAME] or "?"


def shown_name(text: str, kind: str = PERSON) -> str:
    """A recorded name as a reader sees it: plain text, the keyboard's You said as the
    language does (Du), and a bot level in the reader's words ("Bot (mittel)"); the
    records keep You and bot:medium whatever the language. Only a bot's own row is worded
    as a bot: a person who typed "bot:hard" as their name is shown as typed."""
    name = clean_name(text)
    level = _bot_level(name, kind)
    return shown(name) if level is None else _("Bot ({level})").format(level=_level_word(level))


def spoken_names(name: str, kind: str) -> set[str]:
    """What a reader may type to find this player (casefolded): the name as kept, as
    shown, and a bot's level alone in either language ("hard", "schwer")."""
    said = {clean_name(name).casefold(), shown_name(name, kind).casefold()}
    level = _bot_level(clean_name(name), kind)
    if level is not None:
        said |= {level.casefold(), _level_word(level).casefold()}
    return said


def _bot_level(name: str, kind: str) -> str | None:
    """The level of a bot's own row (bot:hard -> hard); None for anyone else."""
    return name[len(BOT_PREFIX):] if kind == BOT and name.startswith(BOT_PREFIX) else None


def _level_word(level: str) -> str:
    from ..bots.registry import level_word  # the bots' words, loaded only where a bot is shown

    return level_word(level)


@dataclass(frozen=True)
class Identity:
    key: str
    name: str
    kind: str  # PERSON, BOT or GUEST

    @property
    def identified(self) -> bool:
        return self.kind != GUEST


def bot_identity(level: str | None) -> Identity:
    name = f"{BOT_PREFIX}{clean_name(level or 'random')}"
    return Identity(name[:200], name, BOT)


def person_identity(scheme: str, proof: str, name: str) -> Identity:
    return Identity(f"{scheme}:{proof}"[:200], clean_name(name), PERSON)


def guest_identity(name: str) -> Identity:
    return Identity(f"guest:{clean_name(name)}"[:200], clean_name(name), GUEST)


def local_identity(seat: Seat) -> Identity:
    """At this machine the names at the keyboard are the people (hotseat included)."""
    if seat.kind == "human":
        name = clean_name(seat.name)
        return person_identity("local", name.casefold(), name)
    return bot_identity(seat.level)
