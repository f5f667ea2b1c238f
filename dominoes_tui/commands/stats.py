"""`dominoes stats`: the club records: leaderboard, a player's page, importing logs."""
from __future__ import annotations

import argparse
import csv
import io
import json
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..engine import VARIANTS

if TYPE_CHECKING:  # the records pull in the database: imported when a command needs them
    from ..records import Records

LISTS = ["all", *VARIANTS]


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--player", default=None, metavar="NAME", help="one player's page (a person, or a bot level: bot:hard)")
    p.add_argument("--against", default=None, metavar="NAME", help="with --player: head to head against this player")
    p.add_argument("--variant", default="all", help=f"the list to show: all (default) or one of {', '.join(VARIANTS)}")
    shape = p.add_mutually_exclusive_group()
    shape.add_argument("--json", action="store_true", help="print JSON")
    shape.add_argument("--csv", action="store_true", help="print CSV")
    p.add_argument("--import", dest="imports", nargs="+", default=None, metavar="LOG",
                   help="add the matches in these game logs to the records")
    p.add_argument("--db", default=None, metavar="URL",
                   help="the records: a SQLite file (sqlite:///PATH) or PostgreSQL (postgresql://USER@HOST/DB); "
                        "default: records.sqlite in the data folder, or $DOMINOES_TUI_DB")


def run(args: argparse.Namespace) -> int:
    from ..records import Records, RecordsUnavailable
    from ..records.store import chosen_url
    from ..table.saves import home

    if args.variant not in LISTS:
        print(f"dominoes stats: unknown variant {args.variant!r}; allowed: {', '.join(LISTS)}", file=sys.stderr)
        return 2
    try:
        records = Records.open(chosen_url(args.db, home()))
    except RecordsUnavailable as exc:
        print(f"dominoes stats: {exc}", file=sys.stderr)
        return 2
    with records:
        try:
            if args.imports:
                return _import(records, args.imports)
            return _show(records, args)
        except RecordsUnavailable as exc:
            print(f"dominoes stats: {exc}", file=sys.stderr)
            return 2


class SimulationRecorder:
    """`simulate --record`: each match goes into the records as it finishes, a batch at a
    time, so a long run stays in flat memory; says so on stderr, so --json output stays clean."""

    BATCH = 500

    def __init__(self, db: str | None) -> None:
        self.db = db
        self.pending: list[Any] = []
        self.counts = {"recorded": 0, "already recorded": 0}
        self.where = ""
        self.failed: str | None = None

    def add(self, log: str) -> None:
        from ..engine.gamelog import parse_lines, replay
        from ..records import summarize

        if self.failed is None:
            # Rated whatever the run's seed: a seed is an advantage only to a person who
            # knows the deal, and bots never read it (README, Club records).
            self.pending.append(summarize(replay(parse_lines(log)), source="simulate", seeded=False))
            if len(self.pending) >= self.BATCH:
                self._flush()

    def _flush(self) -> None:
        from ..records import Records, RecordsUnavailable
        from ..records.store import chosen_url
        from ..table.saves import home

        batch, self.pending = self.pending, []
        try:
            with Records.open(chosen_url(self.db, home())) as records:
                counts = records.record_many(batch)
                self.where = records.where
        except RecordsUnavailable as exc:
            self.failed = str(exc)
            return
        for key in self.counts:
            self.counts[key] += counts.get(key, 0)

    def finish(self) -> bool:
        if self.pending and self.failed is None:
            self._flush()
        if self.failed is not None:
            print(f"dominoes simulate: not recorded: {self.failed}", file=sys.stderr)
            return False
        print(f"recorded {self.counts['recorded']} matches in {self.where}"
              + (f" ({self.counts['already recorded']} were already there: the same seed plays the same matches)"
                 if self.counts["already recorded"] else ""), file=sys.stderr)
        return True


def _import(records: Records, files: list[str]) -> int:
    from ..engine import LogError
    from ..records.importing import summaries_from_log
    from ..table.saves import home

    summaries = []
    for name in files:
        path = Path(name)
        try:
            text = path.read_text(encoding="utf-8")
            when = datetime.fromtimestamp(path.stat().st_mtime, UTC)
            found = summaries_from_log(text, when, home())
        except (OSError, UnicodeDecodeError) as exc:
            print(f"dominoes stats: cannot read {name}: {getattr(exc, 'strerror', None) or exc}", file=sys.stderr)
            return 2
        except LogError as exc:
            print(f"dominoes stats: {name}: {exc}; nothing was imported", file=sys.stderr)
            return 2
        summaries += found
    counts = records.record_many(summaries)
    unrated = sum(1 for s in summaries if not s.vouched)
    print(f"{len(summaries)} match{'es' if len(summaries) != 1 else ''} read: {counts['recorded']} added, "
          f"{counts['already recorded']} already in the records, {counts['completed']} completed"
          + (f"; {unrated} not rated (a log from elsewhere counts under names at this keyboard, unrated)"
             if unrated else ""))
    return 0


def _show(records: Records, args: argparse.Namespace) -> int:
    from ..records import queries, report

    with records.connect() as conn:
        if args.player is None:
            data: dict[str, Any] = {"database": records.where, "variant": args.variant, **queries.totals(conn),
                                    "leaderboard": report.standings(conn, args.variant)}
        else:
            found = queries.find_players(conn, args.player)
            if not found:
                print(f"dominoes stats: nobody called {args.player!r} is in the records", file=sys.stderr)
                return 1
            against = None
            if args.against:
                others = queries.find_players(conn, args.against)
                if not others:
                    print(f"dominoes stats: nobody called {args.against!r} is in the records", file=sys.stderr)
                    return 1
                against = others[0].id
            data = {"database": records.where,
                    "players": [report.player_page(conn, p.id, args.variant, against) for p in found]}
    if args.json:
        print(json.dumps(data, indent=2))
    elif args.csv:
        sys.stdout.write(_csv(data))
    else:
        print(_text(data))
    return 0


def _csv(data: dict[str, Any]) -> str:
    out = io.StringIO()
    if "leaderboard" in data:
        fields = ["place", "name", "kind", "rating", "provisional", "matches", "wins", "mu", "sigma"]
        rows = data["leaderboard"]
    else:
        fields = ["name", "variant", "matches", "wins", "abandoned", "rating", "provisional"]
        rows = [{"name": p["name"], **v} for p in data["players"] for v in p["variants"]]
    writer = csv.DictWriter(out, fields, extrasaction="ignore", lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()


def _rating(value: int | None, provisional: bool | None) -> str:
    return "-" if value is None else f"{value}{'?' if provisional else ''}"


def _text(data: dict[str, Any]) -> str:
    from ..records.identity import clean_name, vouched_words
    from ..records.report import local_time

    if "leaderboard" in data:
        title = "overall" if data["variant"] == "all" else VARIANTS[data["variant"]].title
        lines = [f"Records at {data['database']}: {data['matches']} matches "
                 f"({data['finished']} finished, {data['abandoned']} abandoned)", "", f"Leaderboard, {title}:"]
        if not data["leaderboard"]:
            lines.append("  nobody is rated yet")
        for s in data["leaderboard"]:
            lines.append(f"  {s['place']:>3}. {clean_name(s['name'])[:24]:<24} {_rating(s['rating'], s['provisional']):>6}"
                         f"   {s['matches']:>4} rated, {s['wins']:>4} won")
        lines += ["", "A rating with ? is provisional: it has not settled yet."]
        return "\n".join(lines)
    lines = []
    for p in data["players"]:
        lines += [f"{clean_name(p['name'])} ({p['kind']}, known by {vouched_words(p['vouched_by'])})",
                  "  variant      matches  won  abandoned  rating"]
        for v in p["variants"]:
            lines.append(f"  {v['variant']:<12} {v['matches']:>7} {v['wins']:>4} {v['abandoned']:>10}  "
                         f"{_rating(v['rating'], v['provisional']):>6}")
        if p["against_bots"]:
            lines.append("  against bots (placed better / worse / same):")
            lines += [f"    {clean_name(v['other']):<16} {v['better']:>3} / {v['worse']:>3} / {v['even']:>3}"
                      f"  of {v['matches']}" for v in p["against_bots"]]
        for v in p.get("head_to_head", []):
            lines.append(f"  head to head with {clean_name(v['other'])}: better {v['better']}, worse {v['worse']}, "
                         f"same {v['even']} of {v['matches']}")
        if p["recent"]:
            lines.append("  recent matches:")
            for m in p["recent"]:
                place = f"placed {m['placing']}" if m["placing"] else m["status"]
                lines.append(f"    {local_time(m['ended_at'])}  {m['variant']:<9} {place:<10} "
                             f"against {clean_name(m['others'])[:40]}")
        lines.append("")
    return "\n".join(lines).rstrip()
