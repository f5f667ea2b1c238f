"""The research bench: studies of the bots' strength and of the search, run from a checkout.

Not part of the installed package (pyproject.toml packages only dominoes_tui): run
`python -m bench` from the repository's root to list the studies. The figures measured
so far, and how each was run, are in bench/README.md. What a player or a host measures
of their own machine (engine speed, decision times, start-up) is `dominoes bench`.
"""
