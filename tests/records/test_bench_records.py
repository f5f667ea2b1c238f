"""The records part of `dominoes bench` works on tiny sizes (figures are the bench's
business, never asserted here)."""
from __future__ import annotations

from dominoes_tui.bench.records import format_records, records_bench
from dominoes_tui.commands.bench import PARTS


def test_records_bench_reports_recording_and_the_leaderboard():
    out = records_bench(record_count=6, board_count=300, seed=2)
    assert out["recording"]["matches"] == 6 and out["recording"]["decisions"] == 6
    assert out["leaderboard"]["matches"] == 300
    assert out["leaderboard"]["all"]["rows"] == 50 and out["leaderboard"]["draw"]["decisions"] == 20
    text = "\n".join(format_records(out))
    assert "recording 6 matches" in text and "leaderboard (Overall) over 300 matches" in text
    assert "records" in PARTS
