"""`dominoes bench`: engine speed, bot decision time and bot strength, measured.

speed.py times random rounds (and, given another interpreter, a peer engine),
timing.py times each level's decisions on positions from real play, strength.py plays
seat-swapped head-to-head matches, report.py turns the figures into a table.
"""
