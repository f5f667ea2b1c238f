"""`python -m bench`: list the research studies; `python -m bench STUDY [OPTIONS]` runs one.

Run from the repository's root (the package is the checkout's bench/, never installed).
Each study's own options: `python -m bench STUDY --help`. What each found: bench/README.md.
"""
from __future__ import annotations

import importlib
import sys
import textwrap
from collections.abc import Callable

# name -> (module, its entry point, one line on what it measures); each entry point reads
# its options from sys.argv, as when its module is run on its own
STUDIES: dict[str, tuple[str, str, str]] = {
    "strength": ("bench.strength_study", "main",
                 "the levels head to head (medium vs easy and heaviest, hard vs medium), seats swapped on the "
                 "same deals; with --peer-python, hard against the PyPI `dominoes` package's players"),
    "search": ("bench.search_report", "main_search",
               "expert and hard against the other levels in every variant, hard against the flat sampler "
               "it replaced, and the sees-all player against hard (the ceiling)"),
    "ismcts": ("bench.search_report", "main_ismcts",
               "our levels against OpenSpiel's ISMCTS in Partner (needs --peer-python: a Python with OpenSpiel)"),
    "ismcts-local": ("bench.ismcts_local", "main",
                     "the same ISMCTS in our own process, by simulation count: a quick stand-in for tuning"),
    "analysis": ("bench.analysis_study", "main",
                 "does match analysis rank the levels? mean loss per move of easy, medium and hard over whole "
                 "matches, with 95% intervals"),
    "exact": ("bench.exact_cost", "main",
              "what an exact ending costs (nodes, ms) by tiles in play, every table: where the search's guesses "
              "are solved rather than played out"),
    "bias": ("bench.analysis_bias", "main",
             "how far the search's playouts are off, against exact solutions: the margin an estimated loss "
             "carries beside the guesses' noise"),
    "decode": ("bench.decode_study", "main",
               "how fast the server reads a client's line: the plain JSON reading and hand checks it had "
               "against its typed requests (msgspec)"),
    "encode": ("bench.encode_study", "main",
               "how fast the server writes a state and a client reads one: the dicts it builds against the "
               "server's messages as types (net/wire/answers.py)"),
    "puzzles": ("bench.puzzle_yield", "main",
                "why some variants give puzzles slowly: the decisions the harvest tries, per table (default "
                "and short targets) and per reason they were admitted or refused"),
    "same-logs": ("bench.same_logs", "main",
                  "two builds' `dominoes simulate` logs of the same seeds compared byte for byte: every table, "
                  "option set and bot mix, the searching levels clockless"),
    "play-style": ("bench.play_style_fit", "main",
                   "fit a searching player's style (a conditional logit over its placements) to its own choices"),
}


def usage() -> str:
    width = max(map(len, STUDIES))
    lines = ["usage: python -m bench STUDY [OPTIONS]   (from the repository's root)", "",
             "Research studies of the bots' strength and of the search; the figures measured",
             "so far are in bench/README.md. `python -m bench STUDY --help` gives a study's",
             "options; most take --quick.", "",
             "studies:"]
    for name, (_module, _function, summary) in STUDIES.items():
        wrapped = textwrap.wrap(summary, 76 - width, break_on_hyphens=False)
        lines += [f"  {name:<{width}}  {wrapped[0]}", *(f"  {'':<{width}}  {more}" for more in wrapped[1:])]
    lines += ["", "Engine speed, bot decision times and start-up of an installed program:",
              "`dominoes bench`."]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if not args or args[0] in ("-h", "--help", "help"):
        print(usage())
        return 0
    name, rest = args[0], args[1:]
    if name not in STUDIES:
        print(f"python -m bench: unknown study {name!r}; studies: {', '.join(STUDIES)}", file=sys.stderr)
        return 2
    module, function, _summary = STUDIES[name]
    entry: Callable[[], int | None] = getattr(importlib.import_module(module), function)
    sys.argv = [f"python -m bench {name}", *rest]
    return entry() or 0


if __name__ == "__main__":
    raise SystemExit(main())
