"""The server's private files: the helpers live in table/private_files.py (the records,
one layer down, write private files too); net/ imports them from here."""
from __future__ import annotations

from ...table.private_files import append_private, private_dir, write_private

__all__ = ["append_private", "private_dir", "write_private"]
