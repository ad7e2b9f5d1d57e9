"""The progress file on disk, looked at without writing to it: where it is by default, whether
it is a SQLite database of ours (its header, its tables, its schema version), a read-only
connection to it, and the ``tutor db check`` / ``tutor db backup`` of it.

Why apart from the transactions (:mod:`tutor.storage.database`): every look here must leave a
file that is not ours -- another program's database, a damaged copy, a text file -- exactly as
it was, so nothing here opens a connection that could write, or switch the file to WAL.
"""

from __future__ import annotations

import os
import sqlite3
import tempfile
import urllib.parse
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import column, func, select, table
from sqlalchemy.dialects import sqlite as sqlite_dialect
from sqlalchemy.sql import Select

from tutor.storage import SCHEMA_VERSION, is_url
from tutor.storage import models as T
from tutor.storage.errors import ProgressError, StoreBusy, StoreUnavailable

__all__ = ["BUSY_TIMEOUT_MS", "StoreCheck", "check_store", "backup_store", "default_db_target", "default_db_path",
           "inspect_file", "connect_ro", "writable", "errname"]

#: Busy timeout in milliseconds: how long a write waits for another tab's transaction.
BUSY_TIMEOUT_MS = 10_000
#: The first 16 bytes of every SQLite 3 database file.
_SQLITE_MAGIC = b"SQLite format 3\x00"
#: Alembic's own table: the revision a database is at.
_ALEMBIC = table("alembic_version", column("version_num"))
#: SQLite's own catalogue of a file's tables and indexes.
_MASTER = table("sqlite_master", column("name"), column("type"))
#: The tables ``tutor db check`` counts.
_COUNTED = (T.learners, T.attempts, T.lessons_done, T.reviews, T.reports, T.drafts, T.classes)


def default_db_target() -> str:
    """``$WHIST_TUTOR_DB`` as given (a file or a database URL), else the default file."""
    env = os.environ.get("WHIST_TUTOR_DB", "").strip()
    return env if env and is_url(env) else str(default_db_path())


def default_db_path() -> Path:
    """``$WHIST_TUTOR_DB``, else the user's data dir (``$XDG_DATA_HOME`` or ``~/.local/share``)."""
    env = os.environ.get("WHIST_TUTOR_DB")
    if env:
        return Path(env).expanduser()
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "whist-tutor" / "progress.db"


def errname(exc: sqlite3.Error) -> str:
    """SQLite's name of the error (``SQLITE_BUSY``...), "" when the driver gives none."""
    return str(getattr(exc, "sqlite_errorname", "") or "")


def writable(p: Path) -> bool:
    """Whether we may write the file: the system allows it and someone left a write bit on.

    The write bits are asked too because root may write anything: a teacher who made the file
    read-only (``chmod a-w``) means it, whoever runs the server.
    """
    try:
        mode = p.stat().st_mode
    except OSError:
        return False
    return bool(mode & 0o222) and os.access(p, os.W_OK) and os.access(p.parent, os.W_OK)


def _rows(conn: sqlite3.Connection, statement: Select[Any]) -> sqlite3.Cursor:
    """A Core statement run on a plain sqlite3 connection: the looks here use the driver's own
    connection (see :func:`inspect_file`), the statements are still Core's."""
    compiled = statement.compile(dialect=sqlite_dialect.dialect())
    params = compiled.params
    return conn.execute(str(compiled), [params[k] for k in compiled.positiontup or ()])


def _first(conn: sqlite3.Connection, statement: Select[Any]) -> Any:
    """The first row of :func:`_rows` (None when there is none)."""
    return _rows(conn, statement).fetchone()


def inspect_file(p: Path) -> tuple[int, str | None, bool]:
    """The schema version (and Alembic revision, None before Alembic) of an existing file, and
    whether it is in WAL mode, read without writing; refuse a file that is not a SQLite
    database, not ours, or damaged.

    The file is read through SQLite whenever a connection may be open on it (its ``-wal`` file
    exists): closing a descriptor of our own (``open()``/``close()``) would cancel every POSIX
    lock this process holds on the file, including the shared lock each pooled WAL connection
    keeps, and another process closing its last connection would then believe it was the last
    one anywhere, checkpoint and delete the ``-wal`` and ``-shm`` files under our open
    connections: the next store opened in this process read "disk I/O error" (SQLite's "How To
    Corrupt" notes, 2.2). SQLite itself defers such closes while locks are held. Without a
    ``-wal`` file no WAL connection is open anywhere, so the header may be read directly.
    """
    live = Path(str(p) + "-wal").exists()
    wal = False
    if not live:
        wal = _check_header(p)
    try:
        conn = connect_ro(p, inspect=True)
        try:
            tables = {r[0] for r in _rows(conn, select(_MASTER.c.name).where(_MASTER.c.type == "table"))}
            check = conn.execute("PRAGMA quick_check(1)").fetchone()[0]
            row = (_first(conn, select(T.meta.c.value).where(T.meta.c.key == "schema_version"))
                   if "meta" in tables else None)
            rev = _first(conn, select(_ALEMBIC.c.version_num)) if "alembic_version" in tables else None
            if live:  # a mode=ro connection reads the journal mode from the header
                wal = str(conn.execute("PRAGMA journal_mode").fetchone()[0]).lower() == "wal"
        finally:
            conn.close()
    except (sqlite3.Error, ValueError) as exc:  # ValueError: text that is not UTF-8 in the schema
        if isinstance(exc, sqlite3.Error) and errname(exc) in ("SQLITE_BUSY", "SQLITE_LOCKED"):
            raise StoreBusy(f"the progress file {p} is locked by another program; try again") from None
        if live:  # SQLite refuses the file: say why from its header (no connection can hold it)
            _check_header(p)
        raise StoreUnavailable("damaged", p, f"the progress file {p} is damaged ({exc}); "
                               "it is left untouched: restore a backup or move it aside") from None
    if check != "ok":
        raise StoreUnavailable("damaged", p, f"the progress file {p} is damaged ({check}); "
                               "it is left untouched: restore a backup or move it aside")
    if not tables:
        return 0, None, wal  # an empty SQLite file: ours to set up
    try:
        version = int(row[0]) if row is not None else -1
    except (TypeError, ValueError):
        version = -1
    if version < 1 or not {"learners", "attempts"} <= tables:
        shown = ", ".join(sorted(tables)[:5])
        raise StoreUnavailable("foreign", p, f"{p} is the SQLite database of another program (tables: {shown}); "
                               "Whist Tutor leaves it untouched (point WHIST_TUTOR_DB at another file)")
    return version, (str(rev[0]) if rev else None), wal


def _check_header(p: Path) -> bool:
    """Refuse a file whose first 100 bytes are not a SQLite header; whether they say WAL mode
    (bytes 18 and 19 are 2). Only for a file no connection of this process may hold: see
    :func:`inspect_file`."""
    try:
        with open(p, "rb") as fh:
            header = fh.read(100)
    except OSError as exc:
        raise StoreUnavailable("unreadable", p, f"cannot read the progress file {p}: "
                               f"{(exc.strerror or str(exc)).lower()}") from None
    if not header.startswith(_SQLITE_MAGIC):
        raise StoreUnavailable("foreign", p, f"{p} is not a SQLite database; Whist Tutor leaves it untouched "
                               "(point WHIST_TUTOR_DB at another file)")
    if len(header) < 100:
        raise StoreUnavailable("damaged", p, f"the progress file {p} is damaged (cut short); "
                               "it is left untouched: restore a backup or move it aside")
    return header[18] == 2 and header[19] == 2


def connect_ro(p: Path, *, inspect: bool = False) -> sqlite3.Connection:
    """A connection that cannot write, even a journal: ``mode=ro``; where the folder is not
    writable either (no ``-shm`` can be made), ``immutable=1``.

    ``inspect``: a look at a file not yet known to be ours. Without a ``-wal`` file beside it
    there is nothing but the file to read, and ``immutable=1`` reads it without creating the
    ``-wal``/``-shm`` files that ``mode=ro`` makes for a WAL database: the folder stays as it was.
    """
    uri = "file:" + urllib.parse.quote(str(p.resolve())) + "?mode=ro"
    if inspect and not Path(str(p) + "-wal").exists():
        return sqlite3.connect(uri + "&immutable=1", uri=True, isolation_level=None)
    conn = sqlite3.connect(uri, uri=True, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None)
    try:
        _first(conn, select(func.count()).select_from(_MASTER))
    except sqlite3.OperationalError as exc:
        if errname(exc) != "SQLITE_CANTOPEN":
            conn.close()
            raise
        conn.close()
        conn = sqlite3.connect(uri + "&immutable=1", uri=True, isolation_level=None)
    return conn


@dataclass(frozen=True)
class StoreCheck:
    """What ``tutor db check`` found: ``ok`` when the file is ours, whole and usable."""

    path: Path
    ok: bool
    version: int | None
    read_only: str | None
    problem: str | None
    reason: str | None
    counts: dict[str, int]

    def to_json(self) -> dict[str, Any]:
        return {"path": str(self.path), "ok": self.ok, "schema_version": self.version,
                "read_only": self.read_only, "problem": self.problem, "reason": self.reason,
                "counts": dict(self.counts)}


def refuse_special(p: Path) -> None:
    """A device, a named pipe or a socket is no progress file: ``/dev/null`` read as an empty
    store was "ok, schema 0" to ``db check`` and "disk I/O error" to the store. Both now say
    this (the store is not opened on it; ``db check`` does not read it, and a pipe would block)."""
    if p.exists() and not p.is_file():
        raise StoreUnavailable("foreign", p, f"{p} is not a file (a device, a named pipe or a socket): "
                               "it cannot be a progress file; Whist Tutor leaves it untouched")


def check_store(path: str | os.PathLike[str]) -> StoreCheck:
    """Check a progress file without writing to it: ours, whole (``PRAGMA integrity_check``),
    which schema, how many learners and attempts. A missing file or a folder raises."""
    p = Path(path).expanduser()
    if not str(path).strip():
        raise ProgressError("the progress file's path is empty")
    if p.is_dir():
        raise StoreUnavailable("folder", p, f"the progress file {p} is a folder; give a file name in it")
    if not p.exists():
        raise StoreUnavailable("no-file", p, f"there is no progress file at {p}")
    try:
        refuse_special(p)
    except StoreUnavailable as exc:
        return StoreCheck(p, False, None, None, str(exc), exc.reason, {})
    read_only = None if writable(p) else "file"
    if p.stat().st_size == 0:
        return StoreCheck(p, True, 0, read_only, None, None, {})
    try:
        version, _, _ = inspect_file(p)
        conn = connect_ro(p, inspect=True)
        try:
            rows = conn.execute("PRAGMA integrity_check(20)").fetchall()
            counts = {}
            for table in _COUNTED:
                try:
                    counts[table.name] = int(_first(conn, select(func.count()).select_from(table))[0])
                except sqlite3.OperationalError:
                    pass
        finally:
            conn.close()
    except StoreUnavailable as exc:
        return StoreCheck(p, False, None, read_only, str(exc), exc.reason, {})
    except (sqlite3.Error, ValueError) as exc:
        return StoreCheck(p, False, None, read_only, f"the progress file {p} is damaged ({exc})", "damaged", {})
    messages = [r[0] for r in rows]
    if messages != ["ok"]:
        return StoreCheck(p, False, version, read_only,
                          f"the progress file {p} is damaged: " + "; ".join(messages[:3]), "damaged", counts)
    if version > SCHEMA_VERSION:
        read_only = "newer"
    return StoreCheck(p, True, version, read_only, None, None, counts)


def backup_store(path: str | os.PathLike[str], dest: Path) -> StoreCheck:
    """Copy the progress file to ``dest`` with SQLite's online backup (consistent even while the
    app writes), through a temporary file renamed into place; the source is only read."""
    report = check_store(path)
    if not report.ok:
        raise StoreUnavailable(report.reason or "damaged", report.path, report.problem or "cannot back up")
    fd, tmp = tempfile.mkstemp(dir=dest.parent, prefix=f".{dest.name}.", suffix=".tmp")
    os.close(fd)
    try:
        src = connect_ro(report.path)
        try:
            dst = sqlite3.connect(tmp)
            try:
                src.backup(dst)
            finally:
                dst.close()
        finally:
            src.close()
        with open(tmp, "rb+") as fh:
            os.fsync(fh.fileno())
        os.replace(tmp, dest)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    return check_store(dest)
