"""`python -m bench same-logs`: two builds play the same seeded bot matches and must
write the same logs, byte for byte.

Each build's `dominoes simulate` (a checkout's .venv/bin/dominoes, or any program named)
plays every table (variant and player count) with the same seeds, the two logs are
compared byte for byte, and the first line that differs is named. The bot mixes without
search (easy, medium, heaviest first) play each table's default options and every option
set the golden logs pin (tests/engine/golden.py) to the variant's own target. The mixes
with a searching level play the defaults to the table's shortest target (1 where the
rules allow it: the first round that scores decides), as the puzzles' self-play does: a
searching decision costs a fraction of a second where the others cost microseconds.

The searching levels play clockless, `hard:0` (150 guesses a decision) and `expert:0`
(300): the only budget under which a seed plays the same moves on every run. With their
clocks (`hard`, `expert`) two runs of the same build differ with the machine's load, so
they cannot be compared; `--timed` plays one timed table twice with the after build and
says whether its two logs differ.

    python -m bench same-logs --before ../before-checkout           # everything
    python -m bench same-logs --before OLD --kinds search --variant kozel --jobs 2
"""
from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench.study import emit, machine
from dominoes_tui.engine import VARIANTS
from dominoes_tui.engine.seeds import derive_seeds
from dominoes_tui.training.selfplay import short_targets
from tests.engine.golden import GOLDEN

# Seat levels, given to the seats in turn (three seats of "easy,heaviest": easy, heaviest, easy).
PLAIN_MIXES = ("easy,heaviest", "medium,easy", "heaviest,medium", "medium")
SEARCH_MIXES = ("hard:0,easy", "medium,expert:0", "hard:0,heaviest,expert:0,medium")
KINDS = ("plain", "search")


@dataclass(frozen=True)
class Job:
    variant: str
    players: int
    options: tuple[tuple[str, str], ...]
    mix: str
    matches: int
    target: int | None
    seed: int

    @property
    def label(self) -> str:
        options = " ".join(f"{k}={v}" for k, v in self.options) or "defaults"
        target = f" to {self.target}" if self.target is not None else ""
        return f"{self.variant} {self.players}p [{options}]{target} {self.mix}"

    def argv(self, log: Path) -> list[str]:
        seats = self.mix.split(",")
        bots = ",".join(seats[i % len(seats)] for i in range(self.players))
        args = ["simulate", "--variant", self.variant, "--players", str(self.players), "--bots", bots,
                "--matches", str(self.matches), "--seed", str(self.seed), "--log", str(log), "--jobs", "1",
                "--lang", "en"]
        if self.target is not None:
            args += ["--target", str(self.target)]
        for name, value in self.options:
            args += ["--option", f"{name}={value}"]
        return args


def option_sets(variant: str) -> list[tuple[tuple[str, str], ...]]:
    """The defaults, then each option set the golden logs pin for the variant."""
    sets: list[tuple[tuple[str, str], ...]] = [()]
    for _stem, name, _players, options, _levels, _matches in GOLDEN:
        chosen = tuple((k, str(v)) for k, v in options.items())
        if name == variant and chosen and chosen not in sets:
            sets.append(chosen)
    return sets


def plan(args: argparse.Namespace) -> list[Job]:
    tables = [(name, players) for name, variant in sorted(VARIANTS.items()) for players in variant.players
              if (not args.variant or name in args.variant) and (not args.players or players in args.players)]
    shapes: list[tuple[str, int, tuple[tuple[str, str], ...], str, int, int | None]] = []
    for name, players in tables:
        if "plain" in args.kinds:
            shapes += [(name, players, options, mix, args.matches, None)
                       for options in option_sets(name) for mix in PLAIN_MIXES]
        if "search" in args.kinds:
            target = args.search_target or min(short_targets(name, players), default=None)
            shapes += [(name, players, (), mix, args.search_matches, target) for mix in SEARCH_MIXES]
    seeds = derive_seeds(args.seed, len(shapes))
    return [Job(*shape, seed=seed) for shape, seed in zip(shapes, seeds)]


def program(where: str) -> list[str]:
    """The command that runs a build: a checkout (its .venv's dominoes) or a program."""
    path = Path(where)
    if path.is_dir():
        path = path / ".venv" / "bin" / "dominoes"
    if not path.exists():
        raise SystemExit(f"python -m bench same-logs: no dominoes program at {path}")
    return [str(path)]


def first_difference(before: bytes, after: bytes) -> str:
    """Where two logs part: the line number and the start of each side's line."""
    old, new = before.splitlines(keepends=True), after.splitlines(keepends=True)
    for number, (a, b) in enumerate(zip(old, new), start=1):
        if a != b:
            at = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
            return (f"line {number}, byte {at + 1}: before {a[max(0, at - 40):at + 80].rstrip()!r}; "
                    f"after {b[max(0, at - 40):at + 80].rstrip()!r}")
    return f"one log is a prefix of the other: {len(old)} lines before, {len(new)} after"


def play(command: list[str], job: Job, log: Path) -> tuple[int, str]:
    """(exit status, the last line it said when it failed)."""
    done = subprocess.run([*command, *job.argv(log)], capture_output=True, text=True)
    said = (done.stderr.strip() or done.stdout.strip()).splitlines()
    return done.returncode, said[-1] if done.returncode and said else ""


def compare(job: Job, before: list[str], after: list[str], folder: Path, keep: bool) -> dict[str, Any]:
    started = time.perf_counter()
    logs = {side: folder / f"{side}-{job.seed}.jsonl" for side in ("before", "after")}
    ran = {side: play(command, job, logs[side]) for side, command in (("before", before), ("after", after))}
    row: dict[str, Any] = {"job": job.label, "variant": job.variant, "players": job.players,
                           "options": dict(job.options), "mix": job.mix, "target": job.target, "seed": job.seed,
                           "matches": job.matches, "seconds": round(time.perf_counter() - started, 1)}
    (rc_b, said_b), (rc_a, said_a) = ran["before"], ran["after"]
    if rc_b or rc_a:
        same = rc_b == rc_a and said_b == said_a
        row.update(result="both refused" if same else "failed", before=said_b, after=said_a)
        return row
    old, new = logs["before"].read_bytes(), logs["after"].read_bytes()
    row.update(bytes=len(new), lines=new.count(b"\n"))
    if old == new:
        row["result"] = "identical"
        if not keep:
            for log in logs.values():
                log.unlink()
    else:
        row.update(result="differs", first=first_difference(old, new))
    return row


def timed_runs_differ(after: list[str], folder: Path, seed: int) -> dict[str, Any]:
    """The same timed table twice with one build: do the clocks change the play?"""
    job = Job("draw", 2, (), "hard,medium", 3, 30, seed)
    logs = [folder / f"timed-{n}.jsonl" for n in (1, 2)]
    for log in logs:
        rc, said = play(after, job, log)
        if rc:
            return {"job": job.label, "result": "failed", "after": said}
    one, two = (log.read_bytes() for log in logs)
    return {"job": job.label, "result": "identical" if one == two else "differs",
            "first": "" if one == two else first_difference(one, two)}


def report(rows: list[dict[str, Any]]) -> list[str]:
    lines = [f"{'table':<62}{'matches':>8}  result"]
    for row in rows:
        detail = row.get("first") or " / ".join(filter(None, (row.get("before"), row.get("after"))))
        lines.append(f"{row['job']:<62}{row['matches']:>8}  {row['result']}{': ' + detail if detail else ''}")
    compared = [r for r in rows if r["result"] in ("identical", "differs")]
    same = sum(r["matches"] for r in compared if r["result"] == "identical")
    lines.append(f"{same} of {sum(r['matches'] for r in compared)} matches identical in {len(compared)} runs; "
                 f"{sum(r['result'] == 'differs' for r in rows)} differ, "
                 f"{sum(r['result'] == 'failed' for r in rows)} failed, "
                 f"{sum(r['result'] == 'both refused' for r in rows)} refused alike by both builds")
    return lines


def run_all(jobs: list[Job], before: list[str], after: list[str], folder: Path, args: argparse.Namespace
            ) -> Iterator[dict[str, Any]]:
    pool = ThreadPoolExecutor(args.jobs)
    try:
        yield from pool.map(lambda job: compare(job, before, after, folder, args.keep), jobs)
    finally:  # Ctrl-C: the runs not begun are dropped, not waited for
        pool.shutdown(wait=False, cancel_futures=True)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench same-logs",
                                description="two builds' `dominoes simulate` logs of the same seeds, byte for byte")
    p.add_argument("--before", required=True, help="the older build: a checkout with .venv, or its dominoes program")
    p.add_argument("--after", default=".", help="the newer build, the same way (default: this checkout)")
    p.add_argument("--seed", type=int, default=1, help="seed of the whole run (default 1)")
    p.add_argument("--jobs", type=int, default=1, help="comparisons at once, each build playing on one core (default 1)")
    p.add_argument("--matches", type=int, default=80, help="matches of each plain mix, table and option set (default 80)")
    p.add_argument("--search-matches", type=int, default=4, help="matches of each searching mix and table (default 4)")
    p.add_argument("--search-target", type=int, default=None,
                   help="the searching mixes' target (default: each table's shortest, as the puzzles' self-play has it)")
    p.add_argument("--kinds", type=lambda s: s.split(","), default=list(KINDS), help="plain,search (default both)")
    p.add_argument("--variant", action="append", default=None, help="only these variants (repeat it)")
    p.add_argument("--players", type=int, action="append", default=None, help="only these player counts (repeat it)")
    p.add_argument("--timed", action="store_true", help="also play a timed table twice with the after build")
    p.add_argument("--keep", default=None, help="keep every log in this folder (default: only logs that differ)")
    p.add_argument("--json", metavar="FILE", default=None, help="also write the rows as JSON to FILE ('-': stdout)")
    args = p.parse_args(argv)
    if unknown := set(args.kinds) - set(KINDS):
        p.error(f"unknown kind {sorted(unknown)[0]!r}; kinds: {', '.join(KINDS)}")
    before, after = program(args.before), program(args.after)
    folder = Path(args.keep or tempfile.mkdtemp(prefix="same-logs-"))
    folder.mkdir(parents=True, exist_ok=True)
    jobs = plan(args)
    print(f"{len(jobs)} runs of {sum(j.matches for j in jobs)} matches each build; logs in {folder}", file=sys.stderr)
    rows: list[dict[str, Any]] = []
    try:
        for row in run_all(jobs, before, after, folder, args):
            rows.append(row)
            print(report([row])[1], file=sys.stderr, flush=True)
    except KeyboardInterrupt:
        print("python -m bench same-logs: stopped; the report covers the runs that finished", file=sys.stderr)
    out: dict[str, Any] = {"seed": args.seed, "quick": False, "machine": machine(), "before": before, "after": after,
                           "rows": rows}
    if args.timed:
        out["timed"] = timed_runs_differ(after, folder, args.seed)
    lines = report(rows)
    if args.timed:
        t = out["timed"]
        lines.append(f"timed, the after build twice: {t['job']}: {t['result']}{': ' + t['first'] if t.get('first') else ''}")
    if not args.keep and not any(folder.iterdir()):
        shutil.rmtree(folder)
    status = emit("same-logs", out, lines, args.json)
    return status or int(any(r["result"] in ("differs", "failed") for r in rows))


if __name__ == "__main__":
    raise SystemExit(main())
