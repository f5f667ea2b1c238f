"""The play-style fit (bench/play_style_fit.py) recovers a style from its own choices."""
from __future__ import annotations

import math
import random

import pytest

from bench.play_style_fit import collect_round, fit, log_likelihood, main


def _synthetic(weights: list[float], n: int, rng: random.Random) -> list:
    """Decisions between 2-4 options whose choice follows a softmax over `weights`."""
    out = []
    for _ in range(n):
        feats = [tuple(rng.random() for _ in weights) for _ in range(rng.randint(2, 4))]
        scores = [sum(w * f for w, f in zip(weights, fs)) for fs in feats]
        e = [math.exp(s) for s in scores]
        r, acc, chosen = rng.random() * sum(e), 0.0, 0
        for i, x in enumerate(e):
            acc += x
            if r <= acc:
                chosen = i
                break
        out.append((feats, [0.0] * len(feats), chosen))
    return out


def test_the_fit_recovers_the_weights_that_made_the_choices() -> None:
    truth = [3.0, -2.0, 0.0]
    decisions = _synthetic(truth, 1500, random.Random(5))
    w = fit(decisions, steps=300, rate=2.0)
    assert w[0] > 2.0 and w[1] < -1.3 and abs(w[2]) < 0.7
    fitted, _ = log_likelihood(decisions, lambda f, g: sum(a * b for a, b in zip(w, f)))
    uniform, _ = log_likelihood(decisions, lambda f, g: 0.0)
    assert fitted > uniform + 0.1


def test_a_collected_round_keeps_only_real_choices_with_the_move_made() -> None:
    decisions = collect_round(("block", 2, "medium", 3))
    assert decisions, "a Block round has choices"
    for feats, greedy, chosen in decisions:
        assert len(feats) == len(greedy) >= 2 and 0 <= chosen < len(feats)


@pytest.mark.parametrize("argv,said", [(["--variant", "duel", "--players", "3"], "Classic Duel is played by 2"),
                                       (["--bot", "nonsense"], "unknown bot level"),
                                       (["--deals", "0"], "at least 1")])
def test_a_bad_table_or_bot_is_said_in_a_line(argv: list[str], said: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    assert said in capsys.readouterr().out
