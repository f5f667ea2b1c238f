"""The table: the screen a match is played at, what it says and shows, its actions and
hints, the walkthrough's words, the handover between people, the round's log and the
match-end summary."""
