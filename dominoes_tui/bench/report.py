"""The bench's figures as a table, and the issue's targets with whether each is met."""
from __future__ import annotations

import math
from typing import Any

from ..bots.registry import level_word
from ..bots.search import HARD_THINK_MS as DEFAULT_THINK_MS
from ..i18n import N_, _

FEW = 20  # fewer decisions than this: the largest is shown, not a p95
NOT_MEASURED = N_("not measured")


def _row(template: str, fields: dict[str, Any], target: str, measured: str, met: bool | None) -> dict[str, Any]:
    """A target's row: `what` in English for --json, and its template and fields to say
    it in the reader's language (format_targets)."""
    return {"what": template.format(**fields), "say": template, "fields": fields, "target": target,
            "measured": measured, "met": met}


def targets(out: dict[str, Any]) -> list[dict[str, Any]]:
    """The issue's targets, each with the figure measured and whether it is met."""
    rows: list[dict[str, Any]] = []
    for t in out.get("timing", []):
        hard, medium = t["levels"].get("hard", {}), t["levels"].get("medium", {})
        table = {"variant": t["variant"], "players": t["players"]}
        if hard.get("decisions") and hard["decisions"] >= FEW:
            rows.append(_row(N_("hard p95 decision time, {variant} {players}p"), table, "<= 250 ms",
                             f"{hard['p95_ms']:.1f} ms", hard["p95_ms"] <= 250))
        if medium.get("decisions"):
            rows.append(_row(N_("medium median decision time, {variant} {players}p"), table, "< 1 ms",
                             f"{medium['median_ms']:.3f} ms", medium["median_ms"] < 1))
    for t in out.get("two_at_once", []):
        limit = t["think_ms"] + 10
        if t["decisions"] >= FEW:
            rows.append(_row(N_("hard p99, two thinking at once, {variant} {players}p"),
                             {"variant": t["variant"], "players": t["players"]}, f"<= {limit:g} ms",
                             f"{t['p99_ms']:.1f} ms", t["p99_ms"] <= limit))
    for s in out.get("speed", []):
        if s["variant"] == "draw" and s["players"] == 2:
            rows.append(_row(N_("random 2-player Draw rounds per second"), {}, ">= 2000",
                             f"{s['rounds_per_second']:.0f}", s["rounds_per_second"] >= 2000))
    peer = out.get("peer")
    if peer is not None:
        if peer.get("measured"):
            rows.append(_row(N_("random Partner rounds/s, ours / PyPI dominoes (median of {pairs} pairs)"),
                             {"pairs": peer["pairs"]}, ">= 3.00", f"{peer['median_ratio']:.2f}", peer["median_ratio"] >= 3.0))
        else:
            rows.append(_row(N_("random Partner rounds per second vs PyPI dominoes"), {}, "peer", NOT_MEASURED, None))
    a = out.get("analysis")
    if a:
        rows.append(_row(N_("a whole 2-player Draw match analysed (median)"), {}, f"<= {a.get('target_s', 60):g} s",
                         f"{a['median_s']:.1f} s", a["median_s"] <= a.get("target_s", 60)))
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
    label = _("first screens: settings / table")
    return [f"  {label:<40} {settings / table:>7.2f} × ("
            + _("{ms} ms; started in turn, 80×24, fresh data folders").format(ms=f"{(settings - table) * 1000:+.0f}") + ")"]


def _speed(out: dict[str, Any]) -> list[str]:
    lines = ["", _("Engine speed: random-vs-random complete rounds per second (best and median of the runs)"),
             "  " + _("engine core: {core}; 'sources': the same engine uncompiled (DOMINOES_PURE=1), measured right after")
             .format(core=out.get("core") or _("not recorded")), ""]
    heads = [_("table"), _("rounds"), _("seconds"), _("best/s"), _("median/s"), _("sources/s")]
    lines.append(f"  {heads[0]:<14} {heads[1]:>8} {heads[2]:>8} {heads[3]:>10} {heads[4]:>10} {heads[5]:>10} {'×':>6}")
    for s in out["speed"]:
        pure = s.get("pure") or {}
        versus = (f" {pure['rounds_per_second']:>10.0f} {s['rounds_per_second'] / pure['rounds_per_second']:>6.2f}"
                  if pure.get("measured") else f" {'—':>10} {'—':>6}")
        lines.append(f"  {s['variant'] + ' ' + str(s['players']) + 'p':<14} {s['rounds']:>8} {s['seconds']:>8.2f}"
                     f" {s['rounds_per_second']:>10.0f} {s['median_rounds_per_second']:>10.0f}" + versus)
    peer = out.get("peer", {})
    if peer.get("measured"):
        w, c = peer["ratio_spread"], peer["cpu_ratio_spread"]
        lines += ["", "  " + _("Side by side with PyPI dominoes {version}: random Partner rounds, {pairs} alternating pairs "
                               "of {seconds} s each").format(version=peer.get("version") or "", pairs=peer["pairs"],
                                                             seconds=f"{peer['pair_seconds']:g}"), ""]
        lines.append("  " + _("ours {ours}/s, peer {peer}/s (medians)").format(
            ours=f"{peer['ours_rounds_per_second']:.0f}", peer=f"{peer['rounds_per_second']:.0f}"))
        for label, spread in ((_("ours / peer, wall time:"), w), (_("ours / peer, CPU time:"), c)):
            lines.append(f"  {label:<24}" + _("median {median} (quartiles {q1}–{q3}, range {low}–{high})").format(
                median=f"{spread['median']:.2f}", q1=f"{spread['q1']:.2f}", q3=f"{spread['q3']:.2f}",
                low=f"{spread['min']:.2f}", high=f"{spread['max']:.2f}"))
    else:
        lines.append("  " + _("partner 4p, PyPI dominoes: not measured ({why})").format(why=peer.get("why", "")))
    return lines


def _timing(out: dict[str, Any]) -> list[str]:
    lines = ["", _("Decision time per level (ms; hard budget {ms} ms; samples = deals played per decision that had a "
                   "choice)").format(ms=f"{out['think_ms']:g}"),
             "  " + _("the bots' search (sim.py, search/): {core}").format(core=out.get("search_core") or _("not recorded")), ""]
    heads = [_("table"), _("level"), _("median")]
    lines.append(f"  {heads[0]:<12} {heads[1]:<9} {'n':>4} {heads[2]:>9} {'p95':>13} {'max':>9}  " + _("samples med (min–max)"))
    for t in out["timing"]:
        for level, st in t["levels"].items():
            if not st.get("decisions"):
                continue
            p95 = (f"{st['p95_ms']:>9.3f}    " if st["decisions"] >= FEW
                   else _("max of {n}").format(n=f"{st['decisions']:>2}") + "  ")
            samples = (f"  {st['samples_median']:g} ({st['samples_min']}–{st['samples_max']})"
                       if "samples_median" in st else "")
            lines.append(f"  {t['variant'] + ' ' + str(t['players']) + 'p':<12} {level:<9} {st['decisions']:>4}"
                         f" {st['median_ms']:>9.3f} {p95:>13} {st['max_ms']:>9.3f}{samples}")
    for t in out.get("two_at_once", []):
        lines += ["", "  " + _("Two {level} bots thinking at once ({ms} ms budget), {variant} {players}p, {n} decisions: "
                               "median {median}, p99 {p99}, max {max} ms; samples median {samples} ({low}–{high})").format(
            level=level_word(t["level"]), ms=f"{t['think_ms']:g}", variant=t["variant"], players=t["players"],
            n=t["decisions"], median=f"{t['median_ms']:.1f}", p99=f"{t['p99_ms']:.1f}", max=f"{t['max_ms']:.1f}",
            samples=f"{t.get('samples_median', 0):g}", low=t.get("samples_min", 0), high=t.get("samples_max", 0))]
    return lines


def format_report(out: dict[str, Any]) -> str:
    machine = _("seed {seed}, Python {python}, {cores} cores, load {load}").format(
        seed=out["seed"], python=out["machine"]["python"], cores=out["machine"]["cores"], load=out["machine"].get("load", "?"))
    lines = [f"dominoes bench{' --quick' if out['quick'] else ''} ({machine})"]
    if "speed" in out:
        lines += _speed(out)
    if "timing" in out:
        lines += _timing(out)
    if "pairing" in out:
        lines += ["", _("Tournament: pairing and seating one round (rounds 2-5, made-up results;"),
                  "  " + _("'hosted': a table server pairs, deals and files every table of the round)"), ""]
        heads = [_("format"), _("entrants"), _("median ms"), _("max ms")]
        lines.append(f"  {heads[0]:<24} {heads[1]:>8} {heads[2]:>10} {heads[3]:>10}")
        for r in out["pairing"]:
            name = f"{r['variant']} {r['format']}" + (f" {r['players']}p" if r["players"] else "")
            lines.append(f"  {name:<24} {r['entrants']:>8} {r['median_ms']:>10.1f} {r['max_ms']:>10.1f}")
    if out.get("startup"):
        lines += ["", _("Start-up (median of fresh starts)"), ""]
        for s in out["startup"]:
            spread = _("min {low}, max {high}").format(low=f"{s['min_s'] * 1000:.0f}", high=f"{s['max_s'] * 1000:.0f}")
            lines.append(f"  {s['what']:<40} {s['median_s'] * 1000:>7.0f} ms ({spread})")
        lines += _first_screens_side_by_side(out["startup"])
    if "records" in out:
        from .records import format_records

        lines += format_records(out["records"])
    if "analysis" in out:
        from .analysis import format_analysis

        lines += format_analysis(out["analysis"])
    lines += format_targets(out.get("targets"))
    lines += ["", "  " + _("bench took {seconds} s").format(seconds=f"{out['seconds']:.1f}")]
    return "\n".join(lines)


def format_targets(targets: list[dict[str, Any]] | None) -> list[str]:
    """The targets table, each row met, MISSED or not judged ("-"); nothing without targets."""
    if not targets:
        return []
    lines = ["", _("Targets"), ""]
    for row in targets:
        mark = {True: _("met"), False: _("MISSED"), None: "-"}[row["met"]]
        said = _(row["say"]).format(**row["fields"]) if "say" in row else row["what"]
        measured = _(NOT_MEASURED) if row["measured"] == NOT_MEASURED else row["measured"]
        lines.append(f"  {said:<62} {row['target']:>10} {measured:>14}  {mark}")
    return lines


__all__ = ["DEFAULT_THINK_MS", "format_report", "targets"]
