"""Learning from one's own mistakes in an analysed match: the lesson (plain Python), its progress file and its screens."""
