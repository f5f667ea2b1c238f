"""Keeping the catalogs: extract every marked sentence, update each language's .po
from it, compile the .mo files the program reads, and check that nothing is missing.

    python -m dominoes_tui.i18n.catalog update   # after changing or adding a sentence
    python -m dominoes_tui.i18n.catalog check    # what the tests check; exit 1 on a gap

It is Babel's extract/update/compile (the same as `pybabel extract|update|compile`
with the options below), run from Python so the options are written once. The catalog
keeps no source locations, so editing a line elsewhere in a file leaves it alone.
"""
from __future__ import annotations

import io
import re
import sys
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po, write_po

from . import DOMAIN, LANGUAGES, LOCALE_DIR, SOURCE

PACKAGE = Path(__file__).resolve().parent.parent
# Babel's own argparse-free extractor: the program's Python files, nothing else
METHODS = [("**/locale/**", "ignore"), ("**.py", "python")]
# gettext's names, and the engine's, which speaks in keys (engine/errors.py): a Phrase
# made with a context or a count is marked as pgettext and ngettext mark theirs
KEYWORDS = {**DEFAULT_KEYWORDS, "in_context": ((1, "c"), 2), "counted": (1, 2)}
EPOCH = datetime(2026, 1, 1, tzinfo=UTC)
FIELD = re.compile(r"\{[^{}]*\}|%\(\w+\)[sdr]|%[sd]")


def po_path(language: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(language: str) -> Path:
    return po_path(language).with_suffix(".mo")


def extract() -> Catalog:
    """Every sentence marked in the package, as a template catalog."""
    # A fixed header: a date that changed on every update would make every branch's
    # catalog differ in its first lines.
    template = Catalog(project="dominoes_tui", version="1", domain=DOMAIN, charset="utf-8",
                       creation_date=EPOCH, revision_date=EPOCH, fuzzy=False,
                       copyright_holder="the dominoes_tui authors", msgid_bugs_address="-",
                       last_translator="the dominoes_tui authors", language_team="-")
    for _file, _line, message, comments, context in extract_from_dir(
        str(PACKAGE), method_map=METHODS, keywords=KEYWORDS, comment_tags=("Translators:",),
    ):
        template.add(message, None, auto_comments=comments, context=context)
    return template


def read(language: str) -> Catalog:
    with po_path(language).open("rb") as f:
        return read_po(f, locale=language, domain=DOMAIN)


def write(catalog: Catalog, language: str) -> None:
    out = io.BytesIO()
    write_po(out, catalog, width=100, no_location=True, sort_output=True, include_previous=False)
    po_path(language).parent.mkdir(parents=True, exist_ok=True)
    po_path(language).write_bytes(out.getvalue())


def compiled(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def update() -> None:
    """The template's sentences into every language's catalog; new ones untranslated,
    gone ones dropped; then compile."""
    template = extract()
    for language in LANGUAGES:
        if language == SOURCE:
            continue
        catalog = read(language) if po_path(language).exists() else Catalog(locale=language, domain=DOMAIN)
        catalog.update(template, no_fuzzy_matching=True, update_header_comment=True)
        for key in ("project", "version", "copyright_holder", "msgid_bugs_address", "last_translator", "language_team"):
            setattr(catalog, key, getattr(template, key))
        catalog.revision_date = catalog.creation_date = EPOCH
        catalog.fuzzy = False
        catalog.obsolete.clear()
        write(catalog, language)
        mo_path(language).write_bytes(compiled(read(language)))


def gaps(language: str) -> list[str]:
    """What is wrong with one language's catalog, one line each: a sentence the code
    marks that the catalog lacks or leaves untranslated, one the code no longer has, a
    placeholder lost in translation, or a compiled .mo older than its .po."""
    found: list[str] = []
    template = extract()
    catalog = read(language)
    wanted = {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in template if m.id}
    have = {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in catalog if m.id}
    found += [f"not in the {language} catalog: {msg!r}" for msg, _ctx in sorted(wanted - have, key=str)]
    found += [f"in the {language} catalog but not in the code: {msg!r}" for msg, _ctx in sorted(have - wanted, key=str)]
    for m in catalog:
        if not m.id:
            continue
        ids = [m.id] if isinstance(m.id, str) else list(m.id)
        strings = [m.string] if isinstance(m.string, str) else list(m.string or ())
        if m.fuzzy or not all(strings):
            found.append(f"untranslated in {language}: {ids[0]!r}")
            continue
        fields = set(FIELD.findall(ids[-1]))
        for s in strings:
            if set(FIELD.findall(s)) != fields and set(FIELD.findall(s)) != set(FIELD.findall(ids[0])):
                found.append(f"placeholders differ in {language}: {ids[0]!r} -> {s!r}")
    shipped = _entries(read_mo(io.BytesIO(mo_path(language).read_bytes())))
    source = _entries(read_mo(io.BytesIO(compiled(catalog))))
    if shipped != source:
        found.append(f"{mo_path(language).relative_to(PACKAGE.parent)} is not compiled from its .po: "
                     "run `python -m dominoes_tui.i18n.catalog update`")
    return found


def _entries(catalog: Catalog) -> dict[tuple[object, str | None], object]:
    """A compiled catalog's sentences, comparable: a plural entry's forms come as lists,
    which are made tuples."""
    def frozen(value: object) -> object:
        return tuple(value) if isinstance(value, list | tuple) else value

    return {(frozen(m.id), m.context): frozen(m.string) for m in catalog if m.id}


def main(argv: list[str]) -> int:
    what = argv[0] if argv else "check"
    if what == "update":
        update()
        what = "check"
    if what != "check":
        print("usage: python -m dominoes_tui.i18n.catalog update|check", file=sys.stderr)
        return 2
    problems = [line for language in LANGUAGES if language != SOURCE for line in gaps(language)]
    for line in problems:
        print(line)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
