"""What every part of a table server stands on, on the host's machine: the console, every
limit, the counted wrong guesses, pacing, private files, the register of names and one
connection."""
