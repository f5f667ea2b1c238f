"""What crosses the wire, spoken by both ends: the messages and their codec, the `say`
templates a client reads in its own language, and the proof of a name."""
