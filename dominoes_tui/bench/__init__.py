"""`dominoes bench`: what a player or a host may want to know of their machine, measured.

speed.py times random rounds (and, given another interpreter, a peer engine),
timing.py times each level's decisions on positions from real play, startup.py times
start-up and the first screens, pairing.py and hosted_round.py a tournament round of 100
entrants, records.py the club records; report.py turns the figures into a table. The
research studies (bot strength, the search levels, OpenSpiel's ISMCTS, style fitting)
are the checkout's bench/, not part of the package.
"""
