"""A throwaway PostgreSQL for the store's tests: started in a temporary data directory on
127.0.0.1 (a free port, trust authentication, fsync off), stopped at the end.

Used when ``WHIST_TUTOR_TEST_PG`` gives no server and ``pg_ctl`` is installed (Debian's
``postgresql`` package, which ``.ci/run`` installs). PostgreSQL refuses to run as root, and CI
runs as root: then the server runs as the ``postgres`` user (``runuser -u postgres``), which the
Debian package creates.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time
import uuid
from pathlib import Path

__all__ = ["PgServer", "find_pg_bin", "fresh_database", "drop_database"]

ENV = "WHIST_TUTOR_TEST_PG"


def find_pg_bin() -> Path | None:
    """The folder of ``pg_ctl`` and ``initdb``, or None when PostgreSQL is not installed."""
    for candidate in ["/usr/local/bin/pg_ctl", *sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"), reverse=True),
                      shutil.which("pg_ctl") or ""]:
        if candidate and os.path.exists(candidate):
            real = Path(os.path.realpath(candidate)).parent
            if (real / "initdb").exists():
                return real
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class PgServer:
    """A PostgreSQL cluster in a temporary folder; ``url`` names its ``postgres`` database."""

    def __init__(self, bin_dir: Path) -> None:
        self.bin = bin_dir
        self.dir = Path(tempfile.mkdtemp(prefix="whist-pg-"))
        self.data = self.dir / "data"
        self.port = _free_port()
        self.as_root = os.geteuid() == 0
        self.url = f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/postgres"

    def _run(self, *cmd: str) -> subprocess.CompletedProcess[str]:
        full = [str(self.bin / cmd[0]), *cmd[1:]]
        if self.as_root:
            full = ["runuser", "-u", "postgres", "--", *full]
        return subprocess.run(full, capture_output=True, text=True, timeout=120, check=False)

    def start(self) -> None:
        if self.as_root:
            shutil.chown(self.dir, "postgres", "postgres")
        os.chmod(self.dir, 0o700)
        done = self._run("initdb", "-D", str(self.data), "-U", "postgres", "--auth=trust", "-E", "UTF8",
                         "--no-sync")
        if done.returncode != 0:
            raise RuntimeError(f"initdb failed: {done.stderr.strip()}")
        opts = (f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.dir} -c fsync=off "
                "-c synchronous_commit=off -c full_page_writes=off -c max_connections=200")
        done = self._run("pg_ctl", "-D", str(self.data), "-o", opts, "-l", str(self.dir / "log"), "-w", "start")
        if done.returncode != 0:
            log = (self.dir / "log").read_text() if (self.dir / "log").exists() else ""
            raise RuntimeError(f"pg_ctl start failed: {done.stderr.strip()} {log[-500:]}")

    def stop(self) -> None:
        self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")
        shutil.rmtree(self.dir, ignore_errors=True)


def _admin(url: str) -> str:
    return url.replace("postgresql+psycopg://", "postgresql://")


def fresh_database(url: str, template: str | None = None) -> str:
    """A new database on the server of ``url``: empty, or a copy of the database ``template``
    (which nobody may be connected to); its URL."""
    import psycopg

    name = "t_" + uuid.uuid4().hex[:12]
    with psycopg.connect(_admin(url), autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"' + (f' TEMPLATE "{template}"' if template else ""))
    base, _, _ = url.rpartition("/")
    return f"{base}/{name}"


def drop_database(url: str) -> None:
    import psycopg

    base, _, name = url.rpartition("/")
    for _ in range(3):
        try:
            with psycopg.connect(_admin(f"{base}/postgres"), autocommit=True) as conn:
                conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            return
        except psycopg.Error:  # pragma: no cover - a connection still closing
            time.sleep(0.2)
