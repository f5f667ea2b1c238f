"""One hosted table: its turn loop, seats, files, the bots behind it, and its keeping on
disk between runs."""
