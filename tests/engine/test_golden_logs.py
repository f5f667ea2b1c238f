"""The fixture logs still replay, and the same seeds still play exactly the same matches:
the engine's representation may change, its rules may not."""
from __future__ import annotations

import pytest

from dominoes_tui.engine import dumps, load_matches

from .golden import GOLDEN, LOGS, play_golden

STEMS = [g[0] for g in GOLDEN]


def test_every_variant_and_player_count_has_a_fixture() -> None:
    from dominoes_tui.engine import VARIANTS

    covered = {(g[1], g[2]) for g in GOLDEN}
    assert covered == {(name, n) for name, v in VARIANTS.items() for n in v.players}


def test_only_the_fixed_policy_bots_play_the_fixtures() -> None:
    """Tuning a stronger bot must never change an engine fixture."""
    assert {level for g in GOLDEN for level in g[4]} == {"easy", "heaviest"}


@pytest.mark.parametrize("stem", STEMS)
def test_old_log_replays_through_the_engine(stem: str) -> None:
    text = (LOGS / f"{stem}.jsonl").read_text(encoding="utf-8")
    matches = load_matches(text)
    assert matches and all(m.is_over for m in matches)
    assert "".join(dumps(m.events) for m in matches) == text


@pytest.mark.parametrize("stem", STEMS)
def test_same_seeds_play_the_same_matches_byte_for_byte(stem: str) -> None:
    assert play_golden(stem) == (LOGS / f"{stem}.jsonl").read_text(encoding="utf-8")
