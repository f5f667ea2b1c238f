"""The club evening: its entrants and rounds, the host that runs it, who organizes it, and
the projector board's feed."""
