"""The bench report: the peer ratio as a median of pairs with its spread, the hard bot's
samples per decision, a few decisions shown as a maximum (not a p95), two bots at once."""
from __future__ import annotations

from dominoes_tui.bench.report import format_report, targets
from dominoes_tui.bench.timing import summarize_times, two_at_once


def _out(decisions: int) -> dict:
    spread = {"median": 3.1, "min": 2.8, "max": 3.4, "q1": 3.0, "q3": 3.2}
    hard = summarize_times([0.19 + 0.001 * i for i in range(decisions)], [120 + i for i in range(decisions)])
    return {
        "quick": decisions < 20, "seed": 1, "think_ms": 200.0, "plan": {"strength_think_ms": 200.0}, "seconds": 1.0,
        "machine": {"python": "3.11", "cores": 2, "load": 1.5},
        "speed": [{"variant": "draw", "players": 2, "rounds": 10, "seconds": 1.0, "rounds_per_second": 9000.0,
                   "median_rounds_per_second": 8000.0}],
        "peer": {"measured": True, "version": "6.1.0", "pairs": 9, "pair_seconds": 2.0, "rounds_per_second": 2800.0,
                 "ours_rounds_per_second": 8700.0, "median_ratio": 3.1, "ratio_spread": spread,
                 "cpu_median_ratio": 3.2, "cpu_ratio_spread": spread},
        "timing": [{"variant": "partner", "players": 4, "levels": {"hard": hard}}],
        "two_at_once": [{**summarize_times([0.2] * 30, [90] * 30), "variant": "partner", "players": 4,
                         "level": "hard", "think_ms": 200.0}],
    }


def test_full_report_shows_median_of_pairs_spread_samples_and_p99() -> None:
    out = _out(40)
    out["targets"] = targets(out)
    text = format_report(out)
    assert "9 alternating pairs of 2 s each" in text
    assert "median 3.10 (quartiles 3.00–3.20, range 2.80–3.40)" in text
    assert "CPU time" in text
    assert "139.5 (120–159)" in text  # samples per decision: median (min–max)
    assert any(r["what"].startswith("hard p99, two thinking at once") and r["met"] for r in out["targets"])
    assert any("median of 9 pairs" in r["what"] and r["met"] for r in out["targets"])


def test_a_few_decisions_show_their_maximum_not_a_p95() -> None:
    out = _out(5)
    out["targets"] = targets(out)
    text = format_report(out)
    assert "max of  5" in text
    assert not any(r["what"].startswith("hard p95") for r in out["targets"])


def test_two_hard_bots_at_once_report_samples() -> None:
    result = two_at_once("draw", 2, 2, 3, 20.0)
    assert result["decisions"] == 4 and result["samples_min"] <= result["samples_median"] <= result["samples_max"]
