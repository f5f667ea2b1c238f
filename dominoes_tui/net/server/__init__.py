"""The table server: connections and their opening, seating, quick matching and the views
built once for many clients."""
