"""Finished hosted matches: what the server keeps of them, and their filing in the club
records."""
