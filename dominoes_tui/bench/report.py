"""The bench's figures as a table, and the issue's targets with whether each is met."""
from __future__ import annotations

import math
from typing import Any

from ..bots.search import HARD_THINK_MS as DEFAULT_THINK_MS

FEW = 20  # fewer decisions than this: the largest is shown, not a p95


def targets(out: dict[str, Any]) -> list[dict[str, Any]]:
    """The issue's targets, each with the figure measured and whether it is met."""
    rows: list[dict[str, Any]] = []
    for t in out.get("timing", []):
        hard, medium = t["levels"].get("hard", {}), t["levels"].get("medium", {})
        if hard.get("decisions") and hard["decisions"] >= FEW:
            rows.append({"what": f"hard p95 decision time, {t['variant']} {t['players']}p", "target": "<= 250 ms",
                         "measured": f"{hard['p95_ms']:.1f} ms", "met": hard["p95_ms"] <= 250})
        if medium.get("decisions"):
            rows.append({"what": f"medium median decision time, {t['variant']} {t['players']}p", "target": "< 1 ms",
                         "measured": f"{medium['median_ms']:.3f} ms", "met": medium["median_ms"] < 1})
    for t in out.get("two_at_once", []):
        limit = t["think_ms"] + 10
        if t["decisions"] >= FEW:
            rows.append({"what": f"hard p99, two thinking at once, {t['variant']} {t['players']}p",
                         "target": f"<= {limit:g} ms", "measured": f"{t['p99_ms']:.1f} ms", "met": t["p99_ms"] <= limit})
    for s in out.get("speed", []):
        if s["variant"] == "draw" and s["players"] == 2:
            rows.append({"what": "random 2-player Draw rounds per second", "target": ">= 2000",
                         "measured": f"{s['rounds_per_second']:.0f}", "met": s["rounds_per_second"] >= 2000})
    peer = out.get("peer")
    if peer is not None:
        if peer.get("measured"):
            rows.append({"what": f"random Partner rounds/s, ours / PyPI dominoes (median of {peer['pairs']} pairs)",
                         "target": ">= 3.00", "measured": f"{peer['median_ratio']:.2f}", "met": peer["median_ratio"] >= 3.0})
        else:
            rows.append({"what": "random Partner rounds per second vs PyPI dominoes", "target": "peer",
                         "measured": "not measured", "met": None})
    a = out.get("analysis")
    if a:
        rows.append({"what": "a whole 2-player Draw match analysed (median)", "target": f"<= {a.get('target_s', 60):g} s",
                     "measured": f"{a['median_s']:.1f} s", "met": a["median_s"] <= a.get("target_s", 60)})
    for s in out.get("startup", []):
        if "target_s" not in s:  # the first screens are compared with each other, not with a target
            continue
        rows.append({"what": s["what"], "target": f"< {s['target_s'] * 1000:.0f} ms",
                     "measured": f"{s['median_s'] * 1000:.0f} ms", "met": s["median_s"] < s["target_s"]})
    return rows


def _first_screens_side_by_side(startup: list[dict[str, Any]]) -> list[str]:
    """The settings screen against the table: a player waits for both, so the two should take about as long."""
    medians = {s["what"]: s["median_s"] for s in startup}
    settings, table = medians.get("dominoes: settings screen drawn"), medians.get("dominoes play: table drawn")
    if not settings or not table or math.isnan(settings) or math.isnan(table):
        return []
    return [f"  {'first screens: settings / table':<40} {settings / table:>7.2f} ×"
            f" ({(settings - table) * 1000:+.0f} ms; started in turn, 80×24, fresh data folders)"]


def _speed(out: dict[str, Any]) -> list[str]:
    lines = ["", "Engine speed: random-vs-random complete rounds per second (best and median of the runs)",
             f"  engine core: {out.get('core', 'not recorded')}; 'sources': the same engine uncompiled (DOMINOES_PURE=1),"
             " measured right after", ""]
    lines.append(f"  {'table':<14} {'rounds':>8} {'seconds':>8} {'best/s':>10} {'median/s':>10} {'sources/s':>10} {'×':>6}")
    for s in out["speed"]:
        pure = s.get("pure") or {}
        versus = (f" {pure['rounds_per_second']:>10.0f} {s['rounds_per_second'] / pure['rounds_per_second']:>6.2f}"
                  if pure.get("measured") else f" {'—':>10} {'—':>6}")
        lines.append(f"  {s['variant'] + ' ' + str(s['players']) + 'p':<14} {s['rounds']:>8} {s['seconds']:>8.2f}"
                     f" {s['rounds_per_second']:>10.0f} {s['median_rounds_per_second']:>10.0f}" + versus)
    peer = out.get("peer", {})
    if peer.get("measured"):
        w, c = peer["ratio_spread"], peer["cpu_ratio_spread"]
        lines += ["", f"  Side by side with PyPI dominoes {peer.get('version') or ''}: random Partner rounds, "
                  f"{peer['pairs']} alternating pairs of {peer['pair_seconds']:g} s each", ""]
        lines.append(f"  ours {peer['ours_rounds_per_second']:.0f}/s, peer {peer['rounds_per_second']:.0f}/s (medians)")
        lines.append(f"  ours / peer, wall time: median {w['median']:.2f} (quartiles {w['q1']:.2f}–{w['q3']:.2f},"
                     f" range {w['min']:.2f}–{w['max']:.2f})")
        lines.append(f"  ours / peer, CPU time:  median {c['median']:.2f} (quartiles {c['q1']:.2f}–{c['q3']:.2f},"
                     f" range {c['min']:.2f}–{c['max']:.2f})")
    else:
        lines.append(f"  partner 4p, PyPI dominoes: not measured ({peer.get('why', '')})")
    return lines


def _timing(out: dict[str, Any]) -> list[str]:
    lines = ["", f"Decision time per level (ms; hard budget {out['think_ms']:g} ms; samples = deals played per"
             " decision that had a choice)",
             f"  the bots' search (sim.py, search/): {out.get('search_core', 'not recorded')}", ""]
    lines.append(f"  {'table':<12} {'level':<9} {'n':>4} {'median':>9} {'p95':>13} {'max':>9}  samples med (min–max)")
    for t in out["timing"]:
        for level, st in t["levels"].items():
            if not st.get("decisions"):
                continue
            p95 = f"{st['p95_ms']:>9.3f}    " if st["decisions"] >= FEW else f"max of {st['decisions']:>2}  "
            samples = (f"  {st['samples_median']:g} ({st['samples_min']}–{st['samples_max']})"
                       if "samples_median" in st else "")
            lines.append(f"  {t['variant'] + ' ' + str(t['players']) + 'p':<12} {level:<9} {st['decisions']:>4}"
                         f" {st['median_ms']:>9.3f} {p95:>13} {st['max_ms']:>9.3f}{samples}")
    for t in out.get("two_at_once", []):
        lines += ["", f"  Two {t['level']} bots thinking at once ({t['think_ms']:g} ms budget), {t['variant']} {t['players']}p,"
                  f" {t['decisions']} decisions: median {t['median_ms']:.1f}, p99 {t['p99_ms']:.1f}, max {t['max_ms']:.1f} ms;"
                  f" samples median {t.get('samples_median', 0):g} ({t.get('samples_min', 0)}–{t.get('samples_max', 0)})"]
    return lines


def format_report(out: dict[str, Any]) -> str:
    lines = [f"dominoes bench{' --quick' if out['quick'] else ''} (seed {out['seed']}, "
             f"Python {out['machine']['python']}, {out['machine']['cores']} cores, load {out['machine'].get('load', '?')})"]
    if "speed" in out:
        lines += _speed(out)
    if "timing" in out:
        lines += _timing(out)
    if "pairing" in out:
        lines += ["", "Tournament: pairing and seating one round (rounds 2-5, made-up results;",
                  "  'hosted': a table server pairs, deals and files every table of the round)", ""]
        lines.append(f"  {'format':<24} {'entrants':>8} {'median ms':>10} {'max ms':>10}")
        for r in out["pairing"]:
            name = f"{r['variant']} {r['format']}" + (f" {r['players']}p" if r["players"] else "")
            lines.append(f"  {name:<24} {r['entrants']:>8} {r['median_ms']:>10.1f} {r['max_ms']:>10.1f}")
    if out.get("startup"):
        lines += ["", "Start-up (median of fresh starts)", ""]
        for s in out["startup"]:
            lines.append(f"  {s['what']:<40} {s['median_s'] * 1000:>7.0f} ms"
                         f" (min {s['min_s'] * 1000:.0f}, max {s['max_s'] * 1000:.0f})")
        lines += _first_screens_side_by_side(out["startup"])
    if "records" in out:
        from .records import format_records

        lines += format_records(out["records"])
    if "analysis" in out:
        from .analysis import format_analysis

        lines += format_analysis(out["analysis"])
    lines += format_targets(out.get("targets"))
    lines += ["", f"  bench took {out['seconds']:.1f} s"]
    return "\n".join(lines)


def format_targets(targets: list[dict[str, Any]] | None) -> list[str]:
    """The targets table, each row met, MISSED or not judged ("-"); nothing without targets."""
    if not targets:
        return []
    lines = ["", "Targets", ""]
    for row in targets:
        mark = {True: "met", False: "MISSED", None: "-"}[row["met"]]
        lines.append(f"  {row['what']:<62} {row['target']:>10} {row['measured']:>14}  {mark}")
    return lines


__all__ = ["DEFAULT_THINK_MS", "format_report", "targets"]
