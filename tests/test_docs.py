"""The specs the code and the tests cite are in the repository: every rule ID and worked
example cited anywhere in dominoes_tui/ and tests/ is defined in docs/RULES.md, every
document path the code, the tests and the docs cite exists (tests/test_packaging.py: the
sdist and the wheel carry docs/)."""
from __future__ import annotations

import re
from pathlib import Path

HERE = Path(__file__).resolve()
ROOT = HERE.parent.parent
DOCS = ROOT / "docs"
RULES = DOCS / "RULES.md"

FAMILIES = "COM|DRAW|BLOCK|FIVES|PARTNER|KOZEL|DUEL"
# A rule as the code and tests cite it: `COM-4` in prose, `COM4` in a test name, with the
# letter of a sub-item where one is meant (`FIVES5b`, `FIVES-5(b)`).
CITED_RULE = re.compile(rf"(?<![A-Za-z0-9])({FAMILIES})-?(\d+)(?:\(([a-z])\)|([a-z]*))(?![0-9A-Za-z])")
# A worked example: `E11`, `test_E12ab_…` (parts a and b), `E22_A`; never `E402` (noqa codes).
CITED_EXAMPLE = re.compile(r"(?<![A-Za-z0-9])E(\d{1,2})([a-z]*)(?![0-9A-Za-z])")
CITED_SECTION = re.compile(r"RULES\.md(?: v1\.1)? §(\d+)")
# Where RULES.md defines them: `**COM-4 Obligation to play.**`, `**E11 — …**`.
DEFINED = re.compile(rf"\*\*((?:{FAMILIES})-\d+|E\d+)\b")
DOC_PATH = re.compile(r"(?<![\w./:-])((?:[\w.-]+/)*[\w.-]+\.md)\b")


def _sources() -> list[Path]:
    files = [ROOT / "README.md", *sorted(DOCS.glob("*.md"))]
    for top in ("dominoes_tui", "tests"):
        for path in sorted((ROOT / top).rglob("*")):
            # this file names IDs and paths only as examples of what it looks for
            if path.suffix in (".py", ".md", ".tcss") and "__pycache__" not in path.parts and path != HERE:
                files.append(path)
    return files


def _definitions() -> dict[str, str]:
    """Each rule ID and example of RULES.md with its text (up to the next definition)."""
    text = RULES.read_text(encoding="utf-8")
    found = list(DEFINED.finditer(text))
    return {m.group(1): text[m.start():found[i + 1].start() if i + 1 < len(found) else len(text)]
            for i, m in enumerate(found)}


def _citations(pattern: re.Pattern[str]) -> dict[str, list[str]]:
    """Every match of `pattern` in the sources, with where it was found."""
    cited: dict[str, list[str]] = {}
    for path in _sources():
        if path.parent == DOCS:
            continue  # the docs define the IDs; they are checked as citers of paths below
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            for m in pattern.finditer(line):
                cited.setdefault(m.group(0), []).append(f"{path.relative_to(ROOT)}:{number}")
    return cited


def test_rules_md_defines_every_rule_and_every_example() -> None:
    defined = _definitions()
    for family, count in {"COM": 10, "DRAW": 10, "BLOCK": 7, "FIVES": 11, "PARTNER": 10, "KOZEL": 10, "DUEL": 9}.items():
        assert {f"{family}-{n}" for n in range(1, count + 1)} <= defined.keys(), family
    assert {f"E{n}" for n in range(1, 23)} <= defined.keys()


def test_every_rule_id_cited_in_code_and_tests_is_defined_in_rules_md() -> None:
    defined = _definitions()
    missing = []
    for cite, places in _citations(CITED_RULE).items():
        m = CITED_RULE.fullmatch(cite)
        assert m is not None
        rule = f"{m.group(1)}-{int(m.group(2))}"
        parts = m.group(3) or m.group(4) or ""
        if rule not in defined:
            missing.append(f"{cite} ({rule}) at {places[0]}")
        missing += [f"{cite}: {rule} has no part ({p}), at {places[0]}"
                    for p in parts if f"({p})" not in defined.get(rule, "")]
    assert not missing, "cited but not in docs/RULES.md: " + "; ".join(missing)


def test_every_worked_example_cited_is_in_rules_md() -> None:
    defined = _definitions()
    missing = []
    for cite, places in _citations(CITED_EXAMPLE).items():
        m = CITED_EXAMPLE.fullmatch(cite)
        assert m is not None
        example = f"E{int(m.group(1))}"
        if example not in defined:
            missing.append(f"{cite} at {places[0]}")
        missing += [f"{cite}: {example} has no part ({p}), at {places[0]}"
                    for p in m.group(2) if f"({p})" not in defined.get(example, "")]
    assert not missing, "cited but not in docs/RULES.md: " + "; ".join(missing)


def test_every_section_of_rules_md_cited_exists() -> None:
    text = RULES.read_text(encoding="utf-8")
    missing = [f"§{section} at {places[0]}" for cite, places in _citations(CITED_SECTION).items()
               for section in CITED_SECTION.fullmatch(cite).groups()  # type: ignore[union-attr]
               if not re.search(rf"^## {section}\. ", text, re.MULTILINE)]
    assert not missing, "docs/RULES.md has no such section: " + "; ".join(missing)


def _resolves(citer: Path, cited: str) -> bool:
    """A path is read from the citing file's folder or any folder above it, up to the
    repository's root: `docs/RULES.md` from anywhere, `bench/README.md` from
    dominoes_tui/bots/, `GAMELOG.md` from inside docs/, but a bare `RULES.md` from code not."""
    folder = citer.parent
    while True:
        if (folder / cited).is_file():
            return True
        if folder == ROOT:
            return False
        folder = folder.parent


def test_every_document_cited_exists_in_the_repository() -> None:
    missing = []
    for path in _sources():
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            for cited in DOC_PATH.findall(line):
                if not _resolves(path, cited):
                    missing.append(f"{cited} at {path.relative_to(ROOT)}:{number}")
    assert not missing, "cited but not in the repository: " + "; ".join(missing)


def test_help_says_what_replay_and_bot_do() -> None:
    """`dominoes --help`: replay opens the viewer (only --check checks), and the bot names its protocol."""
    from dominoes_tui import cli

    replay = cli.SUBCOMMANDS["replay"][1]
    assert "viewer" in replay and "--check" in replay
    assert "dominoes docs bots" in cli.SUBCOMMANDS["bot"][1]
