"""Finding English on a German screen: the German walk test's eyes.

Two ways a sentence escapes translation, and one check for each:
- the code looks it up and the catalog lacks it: `i18n.record_misses()` notes the id;
- the code never looks it up (a plain string, or `_()` forgotten): the screen shows
  English. `english_on()` finds it by the catalog's own English (fragments of every
  msgid whose German differs, cut at its placeholders) and by common English words that
  are no German words.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from rich.cells import cell_len

from dominoes_tui.i18n.catalog import read

# Shorter fragments ("Round 3", "Next") would match German by chance or be too common.
FRAGMENT_MIN = 12
# Words of English that German does not use: one on a German screen, in a German help or
# console line, is English left over. The list is written by hand, not taken from the
# catalog, so it sees what the catalog's assumptions would miss (a sentence never marked,
# a library's own words, a value shown raw). Not here: words German shares or uses as
# they are ("Hand", "Start", "Team", "Code", "Bot", "Bots", "Lobby", "Rating", "Pass",
# "Server", "Host", "Port", "Seed", "Status", "Format", "Option", "Person", "Name",
# "Domino", "Spinner", "Capicú", "Kozel", "Online", "Version", "Level", "Log"), German
# words spelt like English ones ("die", "will", "war", "was", "hat", "also", "man", "bin",
# "fast", "rot", "kind", "art", "rang", "last", "mist", "hell", "so", "in", "an", "am",
# "um", "not"), the variant names (Draw, Block, All Fives, Partner) and the names of keys
# (Enter, Esc, Tab, Home, End).
ENGLISH_WORDS = frozenset("""
the and or but if then than that this these those there here where when which who whom whose what why how
with without within from into onto upon of to for by about above below after before again against any
both each few more most other some such nor only own same too very can could should would shall may might
must does did done doing has have having had is are were been being its it they them their we us our you
your yours he she him her his hers me my mine myself yourself themselves itself not yes it's don't can't
isn't won't doesn't you're
round rounds tile tiles press pressed score scores scored points point turn turns match matches play plays
played playing draws drew drawn passes passed wins won lost lose loses losing next back close closes closed
quit new boneyard market bazaar double doubles pips pip target leader blocked settings seat seats player
players hint hints rules help scroll page table tables chosen choose none walk through records record
leaderboard overview scoresheet replay waiting watch watching join joins leave leaves nobody everyone
each ends end left right goes went leads led holds yet game games shown show shows hide hidden open opens
opened search searching found connected connecting connection disconnected reconnect retry again later soon
now tonight evening tournament entered entrants withdraw withdrawn register registered bye byes standings
rank rated unrated provisional accuracy mistake mistakes blunder blunders inaccuracy best good worse better
move moves mover judged analysis analysing analyze guess guesses deal dealt deals decision decisions
chance win winner loser goat fish keep kept save saved saving load loaded file files folder data full read
write written unknown allowed default options arguments required usage error warning invalid
expected value values number numbers seconds minutes hours time times people guest names claimed secret
password keys language off on out up down top bottom less first one two three four five six free away
person's player's
""".split())
_FIELD = re.compile(r"\{[^{}]*\}|%\(\w+\)[sdr]|%[sd]")
_MARKUP = re.compile(r"\[/?[a-z@#][^\[\]]*\]")  # rich markup: [b], [/], [@click=...]
_WORD = re.compile(r"[A-Za-zÄÖÜäöüßéú']+")
# What a program reads, not a person, and so stays as it is in every language: an option
# (--seat), a command (dominoes replay), a variable ($LANG), a quoted value ('foo',
# „what“, `dominoes join`), a choice list ({instant,normal,slow}), a file, path, address
# or key with a dot, slash, colon, @ or underscore in it (records.sqlite, match_start), a
# list of values as it is typed (speed,timing,startup) or offered (debug|info|warning), a
# document `dominoes docs` shows (dominoes docs rules), a code or secret of twelve or more
# letters and digits (an organizer's secret held 'By' and was read as English)
_PROGRAM_WORDS = re.compile(
    r"(?<![\w-])(?=[\w-]*\d)(?=[\w-]*[A-Za-z])[\w-]{12,}(?![\w-])"
    r"|--?[\w-]+|dominoes docs [a-z]+|dominoes(?: [a-z]+)?|\$\w+|'[^'\n]*'|„[^“\n]*“|`[^`\n]*`|\{[^{}\n]*\}"
    r"|%\(\w+\)[sdr]|\S*[\w.]*[./:@_][\w./:@_~-]+\S*|\w+(?:,\w+)+|\w+(?:\|\w+)+|\w+/")


def program_words_out(line: str) -> str:
    """The line with what a program reads taken out: what is left is for a person."""
    return _PROGRAM_WORDS.sub(" ", line)


# The chain's right end label (chain_render.end_label, "◀3:r"): drawn whole against the
# screen's edge when the chain takes every column, not a word cut there.
CHAIN_RIGHT_END = re.compile(r"\d:r$")
_BOX = re.compile(r"[\u2500-\u259f\u25a0-\u25ff▁-█]")


def _fragments(text: str) -> list[str]:
    text = _MARKUP.sub(" ", text)
    return [" ".join(part.split()) for part in _FIELD.split(text)]


@cache
def english_fragments() -> tuple[str, ...]:
    """The English of the German catalog that must not be seen: every msgid (and plural)
    whose German differs, cut at its placeholders, pieces of FRAGMENT_MIN letters or
    more that no German sentence of the catalog contains."""
    german_texts: list[str] = []
    english: set[str] = set()
    for m in read("de"):
        if not m.id:
            continue
        ids = [m.id] if isinstance(m.id, str) else list(m.id)
        strings = [m.string] if isinstance(m.string, str) else list(m.string or ())
        german_texts.extend(s for s in strings if s)
        if not any(strings) or set(ids) == set(strings):
            continue
        for msgid in ids:
            english.update(f for f in _fragments(msgid) if len(f) >= FRAGMENT_MIN)
    german = "\n".join(german_texts)
    return tuple(sorted(f for f in english if f not in german))


def english_on(lines: Sequence[str], allowed: Iterable[str] = ()) -> list[str]:
    """What on these screen lines is English: "fragment: ..." for a catalog msgid seen
    as it is, "word: ..." for an English word; `allowed` are words or names the screen
    may show (the players' names, a file's name)."""
    allowed_words = {w.lower() for a in allowed for w in _WORD.findall(a)}
    found: list[str] = []
    whole = [" ".join(_BOX.sub(" ", line).split()) for line in lines]
    text = " ".join(whole)  # reading order, a wrapped paragraph as one line: each line is in it whole
    for fragment in english_fragments():
        if fragment in text:
            found.append(f"fragment: {fragment!r}")
    for line in whole:
        for word in _WORD.findall(program_words_out(line)):
            w = word.lower().strip("'")
            if w in ENGLISH_WORDS and w not in allowed_words:
                found.append(f"word: {word!r} in {line!r}")
    return found


def screen_cells(app: Any) -> list[list[str]]:
    """The screen a cell at a time (a wide character takes its two), row by row."""
    rows = []
    for strip in app.screen._compositor.render_strips():
        row: list[str] = []
        for segment in strip:
            for ch in segment.text:
                row.append(ch)
                if cell_len(ch) == 2:
                    row.append("")
        rows.append(row)
    return rows


def _skipped(widget: Any) -> bool:
    """Widgets whose words are not the oracle's to check: drawings (the chain, the hand),
    what scrolls into view (a list, a table, a field being typed in), the notices
    themselves (drawn on top: what they cover is what is checked)."""
    from textual.widgets import DataTable, Input, OptionList
    from textual.widgets._footer import Footer
    from textual.widgets._toast import Toast

    from dominoes_tui.ui.widgets.chain import Chain
    from dominoes_tui.ui.widgets.hand import Hand
    from dominoes_tui.ui.widgets.too_small import TooSmall

    if isinstance(widget, DataTable | Input | OptionList | Toast | Chain | Hand | TooSmall):
        return True
    for ancestor in widget.ancestors:
        if isinstance(ancestor, Footer):
            return False  # the footer scrolls sideways only when its keys do not fit: a cut
        if isinstance(ancestor, Toast | TooSmall) or (getattr(ancestor, "is_scrollable", False)
                                                     and (ancestor.allow_vertical_scroll or ancestor.allow_horizontal_scroll)):
            return True
    return False


def cut_words(app: Any, rows: list[list[str]]) -> list[str]:
    """Words a widget means to show that are not whole on the screen in its own place:
    cut at a region's edge, pushed past the screen's, or covered by a notice. The words
    come from each widget's own text, the screen from what the compositor drew (`rows`,
    screen_cells): the two agree only where nothing is hidden."""
    height = len(rows)
    found = []
    for widget in app.screen.walk_children():
        if not widget.display or not widget.visible or widget.children or _skipped(widget):
            continue
        try:
            plain = getattr(widget.render(), "plain", None)
        except Exception:  # noqa: BLE001 - a widget that cannot render outside its paint: nothing to compare
            continue
        region = widget.content_region
        if not isinstance(plain, str) or not plain.strip() or region.width <= 0 or region.height <= 0:
            continue
        shown = ["".join(rows[y][region.x:region.right]) for y in range(region.y, min(region.bottom, height))]
        spaced, folded = " ".join(shown), "".join(line.rstrip() for line in shown)
        for word in plain.split():
            if any(ch.isalpha() for ch in word) and word not in spaced and word not in folded:
                found.append(f"cut: {word!r} of {type(widget).__name__} {plain[:60]!r}")
    for y, row in enumerate(rows[:-1]):  # the last row is the footer's, checked above
        if row and row[-1].isalpha() and not CHAIN_RIGHT_END.search("".join(row)):
            found.append(f"cut: a letter at the right edge in {''.join(row).strip()[-40:]!r} (row {y + 1})")
    return found


@dataclass
class Walk:
    """What one walk saw: every screen it stopped at, and the English on each."""

    allowed: tuple[str, ...] = ()
    seen: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    cuts: bool = True  # at 80×24: no word cut or covered either

    def look(self, app: Any, where: str) -> list[str]:
        """Read the screen now showing; note any English on it, and any word cut or
        covered, under `where`."""
        rows = screen_cells(app)  # drawn once, read twice: as lines and a cell at a time
        lines = ["".join(row).rstrip() for row in rows]  # as screen_lines reads them
        self.seen.append(where)
        found = english_on(lines, self.allowed)
        if self.cuts and tuple(app.size) == (80, 24):
            found += cut_words(app, rows)
        for item in dict.fromkeys(found):  # once each, in order
            self.problems.append(f"{where} ({type(app.screen).__name__}): {item}")
        return lines

    def verdict(self, missed: set[str]) -> str:
        """'' when the walk met no English; else what it met, for the failure message."""
        parts = []
        if missed:
            parts.append("looked up, missing from the German catalog:\n  " + "\n  ".join(sorted(missed)))
        if self.problems:
            parts.append("On the German screens, English or a word cut or covered:\n  " + "\n  ".join(self.problems))
        return "\n".join(parts)
