"""The club records: the leaderboard, a player's page, and the reader that fetches them
from the database or a server."""
