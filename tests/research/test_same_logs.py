"""`python -m bench same-logs`: two builds' logs of the same seeds compared byte for byte,
the first difference named, a refusal both builds give alike told apart from a failure.
Stand-in builds write what the test says, so no match is played."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from bench.same_logs import first_difference, main

# A stand-in for `dominoes simulate`: a two-line log for its --variant, whose play is `tile`
# in the variant `odd`; the variant `refuse` refused as simulate refuses a bad option.
FAKE = """#!{python}
import sys
args = sys.argv[1:]
variant, log = args[args.index("--variant") + 1], args[args.index("--log") + 1]
if variant == {refuse!r}:
    print("dominoes simulate: option target_score: 1 is not allowed", file=sys.stderr)
    sys.exit(2)
text = '{{"event": "match_start", "variant": "%s"}}\\n{{"event": "play", "tile": "%s"}}\\n' % (
    variant, {tile!r} if variant == {odd!r} else "6-6")
open(log, "w").write(text)
"""


def fake(tmp_path: Path, name: str, odd: str = "", tile: str = "6-6", refuse: str = "") -> str:
    path = tmp_path / name
    path.write_text(FAKE.format(python=sys.executable, odd=odd, tile=tile, refuse=refuse), encoding="utf-8")
    path.chmod(0o755)
    return str(path)


def run(tmp_path: Path, before: str, after: str, *variants: str) -> tuple[int, dict[str, str]]:
    out = tmp_path / "rows.json"
    picked = [arg for v in variants for arg in ("--variant", v)]
    status = main(["--before", before, "--after", after, "--kinds", "search", "--search-target", "1", "--search-matches", "1",
                   "--json", str(out), "--keep", str(tmp_path / "logs"), *picked])
    rows = json.loads(out.read_text())["rows"]
    return status, {f"{r['variant']} {r['players']}p {r['mix']}": r["result"] for r in rows}


def test_the_same_logs_are_identical(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, results = run(tmp_path, fake(tmp_path, "old"), fake(tmp_path, "new"), "duel", "partner")
    assert status == 0
    assert set(results.values()) == {"identical"} and len(results) == 6  # 2 tables, 3 searching mixes each
    assert "6 of 6 matches identical in 6 runs; 0 differ" in capsys.readouterr().out


def test_a_changed_byte_is_named_by_line_and_the_run_fails(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, results = run(tmp_path, fake(tmp_path, "old"), fake(tmp_path, "new", odd="partner", tile="6-5"),
                          "duel", "partner")
    assert status == 1
    assert {k for k, v in results.items() if v == "differs"} == {
        "partner 4p hard:0,easy", "partner 4p medium,expert:0", "partner 4p hard:0,heaviest,expert:0,medium"}
    out = capsys.readouterr().out
    assert "differs: line 2, byte 30: before b'{\"event\": \"play\", \"tile\": \"6-6\"}'; after b'{" in out


def test_a_refusal_both_builds_give_alike_is_no_failure(tmp_path: Path) -> None:
    status, results = run(tmp_path, fake(tmp_path, "old", refuse="duel"), fake(tmp_path, "new", refuse="duel"), "duel")
    assert status == 0 and set(results.values()) == {"both refused"}
    status, results = run(tmp_path, fake(tmp_path, "old2"), fake(tmp_path, "new2", refuse="duel"), "duel")
    assert status == 1 and set(results.values()) == {"failed"}


def test_first_difference_quotes_both_sides_where_they_part() -> None:
    assert first_difference(b"a\nbcd\n", b"a\nbXd\n").startswith("line 2, byte 2: before b'bcd'; after b'bXd'")
    assert first_difference(b"a\nb\n", b"a\nb\nc\n") == "one log is a prefix of the other: 2 lines before, 3 after"
