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
from ..i18n import _, ngettext, pgettext, told
from ..i18n.os_words import os_words

if TYPE_CHECKING:  # the records pull in the database: imported when a command needs them
    from ..records import Records

def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--player", default=None, metavar=pgettext("metavar", "NAME"),
                   help=_("one player's page (a person, or a bot level: bot:hard)"))
    p.add_argument("--against", default=None, metavar=pgettext("metavar", "NAME"),
                   help=_("with --player: head to head against this player"))
    p.add_argument("--variant", default="all",
                   help=_("the list to show: all (default) or one of {variants}").format(variants=", ".join(VARIANTS)))
    shape = p.add_mutually_exclusive_group()
    shape.add_argument("--json", action="store_true", help=_("print JSON"))
    shape.add_argument("--csv", action="store_true", help=_("print CSV"))
    p.add_argument("--import", dest="imports", nargs="+", default=None, metavar=pgettext("metavar", "LOG"),
                   help=_("add the matches in these game logs to the records"))
    p.add_argument("--db", default=None, metavar="URL",
                   help=_("the records: a SQLite file (sqlite:///PATH) or PostgreSQL (postgresql://USER@HOST/DB); "
                          "default: records.sqlite in the data folder, or $DOMINOES_TUI_DB"))


def run(args: argparse.Namespace) -> int:
    from ..records import Records, RecordsUnavailable
    from ..records.report import lists
    from ..records.store import chosen_url
    from ..table.saves import home

    if args.variant not in lists():
        print(_("dominoes stats: unknown variant {variant!r}; allowed: {allowed}").format(
            variant=args.variant, allowed=", ".join(lists())), file=sys.stderr)
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
            print(_("dominoes simulate: not recorded: {why}").format(why=self.failed), file=sys.stderr)
            return False
        recorded, already = self.counts["recorded"], self.counts["already recorded"]
        line = ngettext("recorded {n} match in {where}", "recorded {n} matches in {where}", recorded).format(
            n=recorded, where=self.where)
        if already:
            line += " " + ngettext("({n} was already there: the same seed plays the same matches)",
                                   "({n} were already there: the same seed plays the same matches)",
                                   already).format(n=already)
        print(line, file=sys.stderr)
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
            print(_("dominoes stats: cannot read {file}: {why}").format(
                file=name, why=os_words(exc)), file=sys.stderr)
            return 2
        except LogError as exc:
            print(_("dominoes stats: {file}: {why}; nothing was imported").format(file=name, why=told(exc)), file=sys.stderr)
            return 2
        summaries += found
    counts = records.record_many(summaries)
    unrated = sum(1 for s in summaries if not s.vouched)
    line = ngettext("{n} match read: {added} added, {already} already in the records, {completed} completed",
                    "{n} matches read: {added} added, {already} already in the records, {completed} completed",
                    len(summaries)).format(n=len(summaries), added=counts["recorded"],
                                           already=counts["already recorded"], completed=counts["completed"])
    if unrated:
        line += "; " + _("{n} not rated (a log from elsewhere counts under names at this keyboard, unrated)").format(
            n=unrated)
    print(line)
    return 0


def _show(records: Records, args: argparse.Namespace) -> int:
    from ..records import queries, report

    with records.connect() as conn:
        if args.player is None:
            data: dict[str, Any] = {"database": records.where, "variant": args.variant, **queries.totals(conn),
                                    "leaderboard": report.standings(conn, args.variant)}
        else:
            found = queries.find_players(conn, args.player)  # as kept or as shown: Du finds the keyboard's You
            if not found:
                print(_("dominoes stats: nobody called {name!r} is in the records").format(name=args.player),
                      file=sys.stderr)
                return 1
            against = None
            if args.against:
                others = queries.find_players(conn, args.against)
                if not others:
                    print(_("dominoes stats: nobody called {name!r} is in the records").format(name=args.against),
                          file=sys.stderr)
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
    """The records as a person reads them, in their language (--json and --csv stay as they are)."""
    if "leaderboard" in data:
        return _leaderboard_text(data)
    return _players_text(data)


def _leaderboard_text(data: dict[str, Any]) -> str:
    from ..records.identity import shown_name
    from ..records.report import list_title

    head = ngettext("Records at {where}: {n} match ({finished} finished, {abandoned} abandoned)",
                    "Records at {where}: {n} matches ({finished} finished, {abandoned} abandoned)",
                    data["matches"]).format(where=data["database"], n=data["matches"], finished=data["finished"],
                                            abandoned=data["abandoned"])
    lines = [head, "", _("Leaderboard, {list}:").format(list=list_title(data["variant"]))]
    if not data["leaderboard"]:
        lines.append("  " + _("nobody is rated yet"))
    for s in data["leaderboard"]:
        counts = _("{rated} rated, {won} won").format(rated=f"{s['matches']:>4}", won=f"{s['wins']:>4}")
        lines.append(f"  {s['place']:>3}. {shown_name(s['name'], s['kind'])[:24]:<24} {_rating(s['rating'], s['provisional']):>6}"
                     f"   {counts}")
    lines += ["", _("A rating with ? is provisional: it has not settled yet.")]
    return "\n".join(lines)


def _columns(cells: list[tuple[str, int]]) -> str:
    """A row of right-aligned cells (the first left-aligned), each at least as wide as
    its heading in the language in use."""
    first, width = cells[0]
    return "  " + f"{first:<{width}}" + "".join(f" {text:>{w}}" for text, w in cells[1:])


def _players_text(data: dict[str, Any]) -> str:
    from ..records.identity import kind_words, shown_name, vouched_words
    from ..records.report import list_title, local_time, others_words, status_words

    lines = []
    headings = [_("variant"), _("matches"), _("won"), _("abandoned"), _("rating")]
    titles = [list_title(v["variant"]) for p in data["players"] for v in p["variants"]]
    widths = [max(12, len(headings[0]), *map(len, titles)), *(max(6, len(h)) for h in headings[1:])]
    for p in data["players"]:
        lines += [_("{name} ({kind}, known by {vouched})").format(
                      name=shown_name(p["name"], p["kind"]), kind=kind_words(p["kind"]), vouched=vouched_words(p["vouched_by"])),
                  _columns(list(zip(headings, widths, strict=True)))]
        for v in p["variants"]:
            row = [list_title(v["variant"]), str(v["matches"]), str(v["wins"]), str(v["abandoned"]),
                   _rating(v["rating"], v["provisional"])]
            lines.append(_columns(list(zip(row, widths, strict=True))))
        if p["against_bots"]:
            lines.append("  " + _("against bots (placed better / worse / same):"))
            bots = [shown_name(v["other"], v["kind"]) for v in p["against_bots"]]
            name_w = max(16, *map(len, bots))  # a column as wide as its longest name, in any language
            lines += [f"    {bot:<{name_w}} {v['better']:>3} / {v['worse']:>3} / {v['even']:>3}  "
                      + _("of {n}").format(n=v["matches"]) for bot, v in zip(bots, p["against_bots"], strict=True)]
        for v in p.get("head_to_head", []):
            lines.append("  " + _("head to head with {name}: better {better}, worse {worse}, same {even} of {n}").format(
                name=shown_name(v["other"], v["kind"]), better=v["better"], worse=v["worse"], even=v["even"], n=v["matches"]))
        if p["recent"]:
            lines.append("  " + _("recent matches:"))
            rows = [(local_time(m["ended_at"]), list_title(m["variant"]),
                     _("placed {n}").format(n=m["placing"]) if m["placing"] else status_words(m["status"]),
                     _("against {names}").format(names=others_words(m)[:40])) for m in p["recent"]]
            wide = [max(len(r[c]) for r in rows) for c in range(3)]  # columns that line up in any language
            lines += [f"    {when:<{wide[0]}} {variant:<{wide[1]}} {place:<{wide[2]}} {others}"
                      for when, variant, place, others in rows]
        lines.append("")
    return "\n".join(lines).rstrip()

