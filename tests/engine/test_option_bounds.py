"""docs/RULES.md v1.1 §4: the integer options are bounded, so every match ends; a value
outside the bounds is refused with the allowed range, wherever the table is made."""
from __future__ import annotations

import pytest

from dominoes_tui.engine import ConfigError, make_config
from dominoes_tui.engine.options import OPTIONS, check_option

BOUNDS = [
    ("draw", "target_score", 1, 1000),
    ("block", "target_score", 1, 1000),
    ("allfives", "target_score", 1, 1000),
    ("kozel", "kozel_limit", 1, 1000),
    ("kozel", "kozel_threshold", 0, 30),
    ("kozel", "kozel_lone_00", 0, 100),
    ("kozel", "kozel_lone_66", 0, 100),
]


@pytest.mark.parametrize(("variant", "name", "low", "high"), BOUNDS)
def test_the_bounds_are_allowed_and_one_beyond_is_refused_with_the_range(variant: str, name: str, low: int, high: int) -> None:
    for ok in (low, high, str(high)):
        assert make_config(variant, options={name: ok}).option(name) == int(ok)
    for bad in (low - 1, high + 1, str(high + 1)):
        with pytest.raises(ConfigError, match=f"{name}.*a whole number from {low} to {high}"):
            make_config(variant, options={name: bad})
        with pytest.raises(ConfigError, match=f"from {low} to {high}"):
            check_option(variant, name, bad)


def test_every_integer_option_has_both_bounds() -> None:
    for variant, specs in OPTIONS.items():
        for spec in specs:
            if spec.choices is None:
                assert spec.minimum is not None and spec.maximum is not None, (variant, spec.name)


def test_kozel_threshold_200_no_longer_makes_an_endless_match() -> None:
    with pytest.raises(ConfigError, match="kozel_threshold"):
        make_config("kozel", 2, options={"kozel_threshold": 200})


def test_the_target_argument_is_bounded_too() -> None:
    with pytest.raises(ConfigError, match="from 1 to 1000"):
        make_config("draw", 2, target=1001)
    with pytest.raises(ConfigError, match="from 1 to 1000"):
        make_config("kozel", 3, target=0)


def test_check_option_names_unknown_options() -> None:
    with pytest.raises(ConfigError, match="unknown option 'kozel_limit' for draw"):
        check_option("draw", "kozel_limit", 5)
    assert check_option("partner", "capicu_bonus", "25") == 25
