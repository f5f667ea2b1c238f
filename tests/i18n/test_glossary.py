"""The German catalog against docs/TRANSLATING.md's glossary: one word for one thing.

A row with a "never" column is checked: every German sentence whose English names the
thing uses the word set in bold (where one is) and none of the "never" words, which
match as a word's beginning ("eröffn" is eröffnen and eröffnet), in any case."""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from dominoes_tui.i18n.catalog import read

GLOSSARY = Path(__file__).resolve().parents[2] / "docs/TRANSLATING.md"


@dataclass
class Row:
    english: list[str]  # the English words that name the thing
    chosen: list[str]  # the German words in bold: one of them must be there
    never: list[str]  # German words that must not name it


def _english_terms(cell: str) -> list[str]:
    quoted = re.findall(r'"([^"]+)"', cell)
    outside = re.sub(r"\([^)]*\)", "", cell)
    return [t.strip() for t in re.split(r"[,;]", outside) if t.strip()] + quoted


def glossary() -> list[Row]:
    text = GLOSSARY.read_text(encoding="utf-8")
    table = text[text.index("| English | Deutsch | never |"):].split("\n\n")[0].splitlines()[2:]
    rows = []
    for line in table:
        english, german, never = (c.strip() for c in line.strip().strip("|").split("|"))
        if never:
            chosen = [w for bold in re.findall(r"\*\*([^*]+)\*\*", german) for w in bold.split("/")]
            rows.append(Row(_english_terms(english), chosen, [w.strip() for w in never.split(",")]))
    return rows


def messages() -> list[tuple[str, str]]:
    """(English, German) of every translated sentence, each plural form with its own."""
    out = []
    for m in read("de"):
        if not m.id:
            continue
        ids = [m.id] if isinstance(m.id, str) else list(m.id)
        strings = [m.string] if isinstance(m.string, str) else list(m.string or ())
        for i, german in enumerate(strings):
            if german:
                out.append((ids[min(i, len(ids) - 1)], german))
    return out


# What in an English sentence is no word for a thing: a placeholder ({seat}), a command
# (dominoes replay) or an option (--seat)
_NOT_WORDS = re.compile(r"\{[^{}]*\}|dominoes [a-z]+|--[\w-]+")


def names(english: str, term: str) -> bool:
    prose = _NOT_WORDS.sub(" ", english)
    return re.search(rf"(?<![\w-]){re.escape(term)}(?![\w-])", prose, re.IGNORECASE) is not None


def test_the_glossary_is_read_and_checks_what_it_says() -> None:
    rows = glossary()
    boneyard = next(r for r in rows if "boneyard" in r.english)
    assert boneyard.chosen == ["Talon"] and "Markt" in boneyard.never and {"market", "bazaar"} <= set(boneyard.english)
    assert len(rows) >= 8


def test_the_german_catalog_says_one_thing_with_one_word() -> None:
    problems = []
    catalog = messages()
    for row in glossary():
        never = re.compile(r"(?<!\w)(" + "|".join(re.escape(w) for w in row.never) + ")", re.IGNORECASE)
        for english, german in catalog:
            if not any(names(english, term) for term in row.english):
                continue
            if row.chosen and not any(word.lower() in german.lower() for word in row.chosen):
                problems.append(f"{row.english[0]}: {german[:90]!r} lacks {' or '.join(row.chosen)}")
            if found := never.search(german):
                problems.append(f"{row.english[0]}: {german[:90]!r} says {found.group(0)!r}")
    assert problems == [], "\n".join(problems)


def test_a_word_never_used_for_a_thing_is_never_in_the_german_catalog() -> None:
    """Some "never" words are wrong anywhere, whatever the English says (a synonym slips
    in through a sentence about something else): the boneyard's, the quick match's."""
    never_anywhere = [w for row in glossary() for w in row.never
                      if any(t in ("boneyard", "quick match", "mover") for t in row.english)]
    pattern = re.compile(r"(?<!\w)(" + "|".join(map(re.escape, never_anywhere)) + ")", re.IGNORECASE)
    found = [german for _english, german in messages() if pattern.search(german)]
    assert found == []
