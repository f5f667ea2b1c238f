"""A throwaway PostgreSQL server for the tests: the real server binary, started with
initdb + pg_ctl in a temporary folder, listening on a unix socket only (no port to
collide on). Without the binary the PostgreSQL tests are skipped, never faked; a
binary that is there but does not start is a failure, so CI notices.
"""
from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
import uuid
from pathlib import Path

PORT = 11150  # names the socket file only; nothing listens on TCP


def find_bin(name: str) -> str | None:
    found = shutil.which(name)
    if found:
        return found
    candidates = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), reverse=True)
    return candidates[0] if candidates else None


def available() -> bool:
    return find_bin("initdb") is not None and find_bin("pg_ctl") is not None


class PgServer:
    def __init__(self) -> None:
        self.root = Path(tempfile.mkdtemp(prefix="i11-pg-"))
        self.data = self.root / "data"
        self.socket_dir = self.root
        self.as_root = os.geteuid() == 0
        self._seq = 0

    def _run(self, *argv: str) -> None:
        command = list(argv)
        if self.as_root:  # initdb refuses to run as root; the server runs as postgres
            command = ["runuser", "-u", "postgres", "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            raise RuntimeError(f"{' '.join(command)} failed: {done.stdout}{done.stderr}")

    def start(self) -> None:
        if self.as_root:
            shutil.chown(self.root, "postgres", "postgres")
        self._run(find_bin("initdb") or "initdb", "-D", str(self.data), "-U", "postgres", "--auth=trust",
                  "--no-sync", "-E", "UTF8", "--locale=C")
        options = f"-c listen_addresses='' -c unix_socket_directories={self.socket_dir} -p {PORT} -c fsync=off"
        self._run(find_bin("pg_ctl") or "pg_ctl", "-D", str(self.data), "-o", options, "-w", "-t", "60",
                  "-l", str(self.root / "log"), "start")

    def stop(self) -> None:
        try:
            self._run(find_bin("pg_ctl") or "pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql+psycopg://postgres@/{database}?host={self.socket_dir}&port={PORT}"

    def new_database(self) -> str:
        """A fresh, empty database for one test; its URL."""
        import psycopg

        name = f"t_{uuid.uuid4().hex[:12]}"
        with psycopg.connect(host=str(self.socket_dir), port=PORT, user="postgres", dbname="postgres",
                             autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)
