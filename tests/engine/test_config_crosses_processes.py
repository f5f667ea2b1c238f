"""A table's settings cross to worker processes, which are started fresh, never forked
(dominoes_tui/workers.py): they pickle, and come back as read-only as they went."""
from __future__ import annotations

import pickle

import pytest

from dominoes_tui.engine import make_config

pytestmark = pytest.mark.each_python  # .ci/run runs these on every Python it finds


def test_a_config_pickles_and_stays_read_only() -> None:
    config = make_config("partner", 4, target=150, options={"capicu_bonus": 25})
    back = pickle.loads(pickle.dumps(config))
    assert back == config and back.target == 150 and back.hand_size == config.hand_size
    with pytest.raises(TypeError):
        back.options["capicu_bonus"] = 0  # type: ignore[index]
