"""The search's hot modules, compiled by mypyc at install time as a group of their own.

The hard and expert levels spend their time playing guessed deals out on plain
integers (sim.py, search/): compiled, they play about twice as many guesses in the same
budget. The group is built and chosen like the engine's core (engine/core.py): all of
it compiled or all of it sources; an in-place build edited since, or DOMINOES_PURE=1,
means the sources. It is compiled in the engine's mypyc run, so that every placement
and every look at the board in a guess is a native call into the round core, not a trip
through Python's attribute lookup (which cost the search about a tenth of its guesses):
so it runs compiled only where the engine does. The bots' classes (search/expert.py and
the levels) stay interpreted: they meet the rest of the program. Like engine/core.py,
this file imports nothing, so setup.py can read the list.
"""
from __future__ import annotations

COMPILED = (
    "sim", "sampler",
    "search.state", "search.rollout", "search.exact", "search.deals",
    "search.inference", "search.value", "search.pimc", "search.play_style",
)
PACKAGE = "dominoes_tui.bots"
