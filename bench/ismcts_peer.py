"""Our levels against OpenSpiel's ISMCTS, in Partner, through the peer's own Python.

The driver (ismcts_driver.py) runs in a separate virtual environment that has OpenSpiel
(`--peer-python`, never a dependency of ours) and seats our level as `dominoes bot`
programs speaking docs/BOT_PROTOCOL.md. A *unit* is one deal played twice, our level holding
seats 0 and 2 and then 1 and 3, so the luck of the deal cancels; the share of games won
and its 95% interval are taken over units. Both sides' decision times are reported, and
the ISMCTS simulations per move.

The hand is one hand of Partner where a win is all that counts: our bots are told so
through the public score (99 to 99, target 100: whoever wins this hand wins the match).
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from bench.strength import _mean_ci

DRIVER = Path(__file__).with_name("ismcts_driver.py")
PROBE = "import open_spiel, pyspiel, importlib.metadata as m; print(m.version('open_spiel'))"


def peer_version(python: str | None) -> tuple[str | None, str]:
    """OpenSpiel's version under `python`, or None and why not."""
    if not python:
        return None, "no --peer-python given"
    if not os.path.exists(python):
        return None, f"{python} does not exist"
    try:
        out = subprocess.run([python, "-c", PROBE], capture_output=True, text=True, timeout=120)
    except (OSError, subprocess.SubprocessError) as exc:
        return None, f"{python} did not run: {exc}"
    if out.returncode:
        return None, f"OpenSpiel is not installed for {python}"
    return out.stdout.strip(), ""


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))]


def versus_ismcts(python: str, level: str, think_ms: float | None, units: int, seed: int, jobs: int = 1,
                  sims: int | None = None, peer_ms: float | None = None, rollouts: int = 8,
                  uct_c: float = 1.0) -> dict[str, Any]:
    """Play `units` seat-swapped deals of `level` against ISMCTS (a simulation count or a
    time a move), on `jobs` driver processes at once."""
    our_argv = [sys.executable, "-m", "dominoes_tui", "bot", "--level", level]
    if think_ms is not None:
        our_argv += ["--think-ms", f"{think_ms:g}"]
    all_units = [seed * 100_000 + u for u in range(units)]
    jobs = max(1, min(jobs, units))
    procs = []
    for j in range(jobs):
        cfg = {"units": all_units[j::jobs], "our_argv": our_argv, "sims": sims, "peer_ms": peer_ms,
               "rollouts": rollouts, "uct_c": uct_c, "seed": seed, "target": 100, "scores": [99, 99]}
        procs.append(subprocess.Popen([python, str(DRIVER), json.dumps(cfg)], stdout=subprocess.PIPE,
                                      stderr=subprocess.PIPE, text=True))
    games: list[dict[str, Any]] = []
    errors = []
    for p in procs:
        out, err = p.communicate()
        for line in out.splitlines():
            try:
                row = json.loads(line)
            except ValueError:
                continue
            if "unit" in row:
                games.append(row)
        if p.returncode:
            # the traceback's last lines, which name the failure and where it happened
            errors.append(" | ".join(err.strip().splitlines()[-4:]) if err.strip() else f"exit status {p.returncode}")
    by_unit: dict[int, list[float]] = {}
    for g in games:
        by_unit.setdefault(g["unit"], []).append(g["win"])
    shares = [sum(v) / len(v) for v in by_unit.values()]
    m, lo, hi = _mean_ci(shares) if shares else (float("nan"),) * 3
    ours = [t for g in games for t in g["times"]["ours"]]
    peer = [t for g in games for t in g["times"]["peer"]]
    peer_sims = [s for g in games for s in g["sims"]]
    return {
        "level": level, "think_ms": think_ms, "peer_sims": sims, "peer_ms": peer_ms, "rollouts": rollouts,
        "uct_c": uct_c, "units": len(by_unit), "games": len(games), "wins": sum(g["win"] for g in games),
        "share": m, "ci": [lo, hi],
        "ours_median_ms": 1000 * _percentile(ours, 0.5), "ours_p95_ms": 1000 * _percentile(ours, 0.95),
        "peer_median_ms": 1000 * _percentile(peer, 0.5), "peer_p95_ms": 1000 * _percentile(peer, 0.95),
        "peer_median_sims": _percentile([float(s) for s in peer_sims], 0.5),
        "errors": errors,
    }


def format_rows(rows: list[dict[str, Any]]) -> list[str]:
    lines = [f"  {'our level':<18} {'ISMCTS':<16} {'games':>5} {'our wins':>8} {'95% CI':>13}"
             f" {'ours med/p95 ms':>16} {'ISMCTS med ms':>13} {'sims':>6}"]
    for r in rows:
        ours = r["level"] + (f" ({r['think_ms']:g} ms)" if r["think_ms"] is not None else "")
        peer = f"{r['peer_sims']} sims" if r["peer_sims"] else f"{r['peer_ms']:g} ms"
        ci = "n/a" if r["ci"][0] != r["ci"][0] else f"{r['ci'][0]:.1%}–{r['ci'][1]:.1%}"
        lines.append(f"  {ours:<18} {peer:<16} {r['games']:>5} {r['share']:>8.1%} {ci:>13}"
                     f" {r['ours_median_ms']:>7.0f}/{r['ours_p95_ms']:<8.0f} {r['peer_median_ms']:>13.0f}"
                     f" {r['peer_median_sims']:>6.0f}")
        for e in r["errors"]:
            lines.append(f"    a driver failed: {e}")
    return lines
