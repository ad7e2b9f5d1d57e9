"""The store's connection and transactions: opening a SQLite file or a server database
defensively, migrating it, and running each call as one short read or write transaction --
with this process's writers of a file sharing commits, a write that met another server's
deadlock tried again, and every database failure turned into one of our errors, in words.

Why every call is one short transaction: the app is served to several browser tabs and app
servers at once, and an attempt must never be lost or counted twice. On SQLite a write takes
the file's lock up front (``BEGIN IMMEDIATE``, WAL mode, a busy timeout); on PostgreSQL the rows
it changes are locked as they are read (:func:`locked`). Nothing shared is kept in the process.
"""

from __future__ import annotations

import os
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NoReturn, TypeVar, cast

from sqlalchemy import Table, select
from sqlalchemy import inspect as sa_inspect
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import ArgumentError, DBAPIError, OperationalError
from sqlalchemy.sql import Select

from tutor.storage import (
    SCHEMA_VERSION,
    WRITE,
    current_revision,
    files,
    is_known_revision,
    is_url,
    migrate,
    safe_url,
    schema_number,
    sqlite_engine,
    url_engine,
)
from tutor.storage import models as T
from tutor.storage.errors import ProgressError, StoreBusy, StoreReadOnly, StoreUnavailable
from tutor.storage.writers import GROUP_COMMIT_MAX, Batch, Writers, writers_of

__all__ = ["Database", "locked", "insert_or", "SQLITE_SYNCHRONOUS", "RETRIES"]

#: SQLite's ``synchronous`` setting: FULL waits for the disk at every commit, so an answer
#: survives even a power cut; NORMAL (safe from corruption in WAL mode, but the last answers may
#: be lost in a power cut) is several times faster on a slow disk (bench/bench_store.py).
SQLITE_SYNCHRONOUS = "FULL"
#: A write that met a deadlock or a serialization failure (PostgreSQL) is tried this often.
RETRIES = 8

_R = TypeVar("_R")
_S = TypeVar("_S", bound=Select[*tuple[Any, ...]])


def locked(statement: _S) -> _S:
    """``SELECT … FOR UPDATE``: on PostgreSQL the rows read are locked until the write commits;
    SQLite renders nothing (its IMMEDIATE transaction already holds the file's one write lock)."""
    return statement.with_for_update()


def insert_or(conn: Connection, table: Table) -> postgresql.Insert | sqlite.Insert:
    """``INSERT`` in the dialect of ``conn``, so that ``ON CONFLICT … DO NOTHING / DO UPDATE``
    (an upsert: both SQLite and PostgreSQL have it, spelt alike) can follow."""
    if conn.dialect.name == "postgresql":
        return postgresql.insert(table)
    return sqlite.insert(table)


class _Retry(Exception):
    """A transaction that met another server's lock in a cycle (deadlock) or a serialization
    failure: it changed nothing and is run again."""


def _retryable(exc: BaseException | None) -> bool:
    code = getattr(getattr(exc, "orig", None), "sqlstate", None)
    return isinstance(exc, DBAPIError) and code in ("40001", "40P01")  # serialization_failure, deadlock_detected


class Database:
    """The progress database at ``path`` -- a SQLite file, or a server database named by a URL
    (``postgresql+psycopg://…``) -- opened defensively: nothing is written to a file before it
    is known to be ours.

    ``create_folder``: make the file's folder when it is missing. By default only for the
    default location (no ``$WHIST_TUTOR_DB``): a mistyped configured path must say so, not
    start an empty store somewhere else and make the learner's progress seem gone.
    """

    #: This process's writers of the SQLite file (None: a server database).
    _writers: Writers | None = None

    def __init__(self, path: str | os.PathLike[str] | None = None, *, create_folder: bool | None = None) -> None:
        if path is not None and not str(path).strip():
            raise ProgressError("the progress file's path is empty")
        target = str(path) if path is not None else files.default_db_target()
        #: Why the store is read-only (``"file"``: the file is not writable; ``"newer"``: its
        #: schema is newer than this program's), or None when it can be written.
        self.read_only: str | None = None
        #: The database URL (a server database), or None for a SQLite file.
        self.url: str | None = None
        self._engine: Engine
        if is_url(target):
            self.url = target
            self.path = Path(safe_url(target))
            self.location = safe_url(target)
            self._open_url()
            return
        self.path = Path(target).expanduser()
        self.location = str(self.path)
        if create_folder is None:  # the app passes the default path explicitly: compare, not `path is None`
            create_folder = not os.environ.get("WHIST_TUTOR_DB") and self.path == files.default_db_path()
        if str(self.path) == ":memory:":
            raise ProgressError("the progress store needs a file (several connections share it)")
        self._writers = writers_of(self.path)
        self._engine = sqlite_engine(self._connect, pooled=False)
        self._open(create_folder)
        if self.read_only is None:  # read-only or not is known now
            self._engine = sqlite_engine(self._connect)

    def close(self) -> None:
        """Close the connections kept open (new ones are opened if the database is used again)."""
        self._engine.dispose()

    @property
    def dialect(self) -> str:
        """``sqlite`` or ``postgresql``: the few statements that differ ask."""
        return str(self._engine.dialect.name)

    def schema_version(self) -> int:
        with self.read() as conn:
            return int(conn.execute(select(T.meta.c.value).where(T.meta.c.key == "schema_version")).scalar_one())

    # -- opening ----------------------------------------------------------------------------
    def _open(self, create_folder: bool) -> None:
        """Check the file before touching it; then migrate it, or open it read-only.

        Order matters: another program's SQLite file must not be switched to WAL (which
        rewrites its header) or given our ``meta`` table before we know it is ours.
        """
        p = self.path
        if p.is_dir():
            raise StoreUnavailable("folder", p, f"the progress file {p} is a folder; give a file name in it")
        if not p.exists():
            if p.is_symlink():
                raise StoreUnavailable("unreadable", p, f"the progress file {p} is a broken symbolic link")
            if not p.parent.is_dir():
                if not create_folder:
                    raise StoreUnavailable(
                        "no-folder", p,
                        f"the folder {p.parent} of the progress file {p} does not exist "
                        "(check WHIST_TUTOR_DB; the folder is not created for a configured path)")
                p.parent.mkdir(parents=True, exist_ok=True)
            self._migrate()
            return
        files.refuse_special(p)
        writable = files.writable(p)
        if p.stat().st_size == 0:  # a file made by touch, or by a crash before the first page
            if not writable:
                raise StoreUnavailable("unreadable", p, f"the progress file {p} is empty and read-only: "
                                       "it cannot be set up; make it writable or remove it")
            self._migrate()
            return
        version, revision, wal = files.inspect_file(p)
        if version > SCHEMA_VERSION or (revision is not None and not is_known_revision(revision)):
            self.read_only = "newer"
        elif not writable:
            self.read_only = "file"
            if version < SCHEMA_VERSION:
                raise StoreUnavailable(
                    "unreadable", p,
                    f"the progress file {p} is read-only and has the old schema version {version}; "
                    "make it writable once so it can be updated")
        elif version == SCHEMA_VERSION and wal:
            return  # up to date: opening writes nothing, so a lock held elsewhere cannot stall it
        else:
            self._migrate()

    def _open_url(self) -> None:
        """A server database: refuse one newer than this program (read-only, never changed),
        else migrate it under an advisory lock (several servers may start at once)."""
        try:
            self._engine = url_engine(cast(str, self.url))
        except (ValueError, ArgumentError, ImportError) as exc:
            raise ProgressError(f"WHIST_TUTOR_DB is not a database URL this program can use "
                                f"({self.location}): {exc}") from None
        with self.read() as conn:
            tables = set(sa_inspect(conn).get_table_names())
            version = schema_number(conn)
            revision = current_revision(conn) if "alembic_version" in tables else None
        if tables and "learners" in tables and "meta" not in tables:
            raise StoreUnavailable("foreign", self.path, f"{self.location} holds another program's tables; "
                                   "Whist Tutor leaves it untouched")
        if version > SCHEMA_VERSION or (revision is not None and not is_known_revision(revision)):
            self.read_only = "newer"
            return
        if version < SCHEMA_VERSION:
            with self.write() as conn:
                migrate(conn)

    def _migrate(self) -> None:
        """Bring a SQLite file to the newest schema in one write transaction (Alembic's history
        from schema 1; a store before Alembic is stamped at its number first)."""
        with self.errors():
            raw = self._connect()
            try:  # WAL is set outside a transaction, once per database file
                mode = raw.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            finally:
                raw.close()
        if str(mode).lower() != "wal":  # pragma: no cover - only on filesystems without WAL
            raise ProgressError(f"cannot use WAL mode on {self.path} (got {mode})")
        with self.write() as conn:
            version = schema_number(conn)
            if version > SCHEMA_VERSION:
                raise ProgressError(
                    f"{self.path} has schema version {version}, newer than this program ({SCHEMA_VERSION})"
                )
            migrate(conn)

    # -- connections ------------------------------------------------------------------------
    def _connect(self) -> sqlite3.Connection:
        if self.read_only is not None:
            return files.connect_ro(self.path)
        timeout = files.BUSY_TIMEOUT_MS
        conn = sqlite3.connect(self.path, timeout=timeout / 1000, isolation_level=None, check_same_thread=False)
        conn.execute(f"PRAGMA busy_timeout = {timeout}")
        conn.execute("PRAGMA foreign_keys = ON")
        conn.execute(f"PRAGMA synchronous = {SQLITE_SYNCHRONOUS}")
        return conn

    def refuse_write(self) -> NoReturn:
        """Say why nothing can be written (the store is read-only)."""
        if self.read_only == "newer":
            raise StoreReadOnly("newer", self.path, f"{self.location} was written by a newer Whist Tutor (schema "
                                "newer than this program's): progress is shown but nothing new is saved")
        raise StoreReadOnly("file", self.path, f"the progress file {self.location} is read-only: "
                            "progress is shown but nothing new is saved")

    @contextmanager
    def write(self, *, group: bool = False) -> Iterator[Connection]:
        """One short write transaction. On SQLite it takes the write lock up front (IMMEDIATE),
        so two tabs wait for each other (within the busy timeout) instead of failing half-way;
        on PostgreSQL the rows changed are locked as they are read (:func:`locked`).

        ``group``: on SQLite, the write may share its commit with the writers of this process
        queued behind it (:meth:`_group_write`); it still returns only once it is on disk."""
        if self.read_only is not None:
            self.refuse_write()
        writers = self._writers
        if writers is None:
            with self.errors():
                with self._engine.connect() as conn:
                    conn.execution_options(**{WRITE: True})
                    with conn.begin():
                        yield conn
            return
        if group:
            with self._group_write(writers) as conn:
                yield conn
            return
        started = self._take(writers)
        try:
            if writers.batch is not None:  # a group still open: commit it before our own transaction
                writers.commit_batch(self.errors)
            with self.errors():
                with self._engine.connect() as conn:
                    self._writer_options(conn, started)
                    with conn.begin():
                        yield conn
        finally:
            writers.lock.release()

    def _take(self, writers: Writers) -> float:
        """Queue for this process's lock on the file (SQLite): writers of one process wait
        here, not in SQLite's busy handler, which sleeps 1, 2, 5, 10, 15, 20, 25 ms... between
        tries and often wakes long after the lock was free (4 threads doubled the p95)."""
        started = time.monotonic()
        if not writers.acquire(files.BUSY_TIMEOUT_MS / 1000):
            raise StoreBusy(f"the progress file {self.path} stayed locked for more than "
                            f"{files.BUSY_TIMEOUT_MS // 1000} s; nothing was saved, try again")
        return started

    @staticmethod
    def _writer_options(conn: Connection, started: float) -> None:
        """A writer's connection: IMMEDIATE, and SQLite's busy timeout is what is left of ours
        after the wait in :meth:`_take` (set now: a kept connection has no transaction yet)."""
        conn.execution_options(**{WRITE: True})
        left = max(1, files.BUSY_TIMEOUT_MS - int(1000 * (time.monotonic() - started)))
        cast(sqlite3.Connection, conn.connection.driver_connection).execute(f"PRAGMA busy_timeout = {left}")

    @contextmanager
    def _group_write(self, writers: Writers) -> Iterator[Connection]:
        """Group commit on SQLite: a writer that finds the file's write transaction still open
        (the writer before it handed it on) joins it in a SAVEPOINT instead of waiting for that
        commit and paying an fsync of its own; the last writer of the queue commits for all, and
        each returns only after that commit (nothing is acknowledged before it is on disk).
        Under load (4 threads clicking) most clicks then share one fsync, as a database server
        does; a lone writer commits at once, as before.

        A writer's own refusal (a :class:`ProgressError`) undoes its SAVEPOINT only; a database
        error undoes the whole group and every writer in it says so."""
        started = self._take(writers)
        batch = writers.batch
        if batch is None:
            try:
                with self.errors():
                    conn = self._engine.connect()
                    try:
                        self._writer_options(conn, started)
                        trans = conn.begin()
                    except BaseException:
                        conn.close()
                        raise
            except BaseException:
                writers.lock.release()
                raise
            batch = writers.batch = Batch(conn, trans)
        batch.size += 1
        own: BaseException | None = None
        try:
            savepoint = batch.conn.begin_nested()
            try:
                yield batch.conn
            except (DBAPIError, sqlite3.Error):
                raise
            except BaseException as exc:  # noqa: BLE001 - our own refusal: this writer's part is undone, the group goes on
                savepoint.rollback()
                own = exc
            else:
                savepoint.commit()
        except (DBAPIError, sqlite3.Error) as exc:  # the transaction may be gone: nothing of the group stays
            try:
                with self.errors():
                    raise exc
            except ProgressError as mapped:
                writers.fail_batch(mapped)
            writers.lock.release()
            raise batch.failure() from None
        if writers.others_waiting() and batch.size < GROUP_COMMIT_MAX:
            writers.lock.release()  # the next writer joins (or commits) the group
            while not batch.done.wait(0.02):
                if writers.lock.acquire(blocking=False):  # the writer waiting gave up: commit ourselves
                    if writers.batch is batch:
                        writers.commit_batch(self.errors)
                    writers.lock.release()
        else:
            writers.commit_batch(self.errors)
            writers.lock.release()
        if batch.error is not None:
            raise batch.failure() from None
        if own is not None:
            raise own

    @contextmanager
    def read(self) -> Iterator[Connection]:
        """One read transaction (no lock taken)."""
        with self.errors():
            with self._engine.connect() as conn:
                yield conn

    def retrying(self, work: Callable[[], _R]) -> _R:
        """Run a write, again when it met another server's lock in a cycle or a serialization
        failure (PostgreSQL; it changed nothing), at most :data:`RETRIES` times."""
        for attempt_no in range(RETRIES):
            try:
                try:
                    return work()
                except DBAPIError as exc:  # pragma: no cover - depends on other servers' timing
                    if _retryable(exc):
                        raise _Retry() from None
                    raise
                except ProgressError as exc:
                    if _retryable(exc.__context__):  # pragma: no cover - mapped by errors(), same cause
                        raise _Retry() from None
                    raise
            except _Retry:
                time.sleep(0.01 * (attempt_no + 1))
        raise StoreBusy(f"the progress database {self.location} kept the attempt waiting on other "
                        "servers' locks; nothing was saved, try again")

    @contextmanager
    def errors(self) -> Iterator[None]:
        """A database failure after opening (locked too long, disk full, the file damaged or
        made read-only meanwhile, the server gone) becomes one of our errors, with words
        instead of a trace."""
        try:
            yield
        except DBAPIError as exc:
            orig = exc.orig
            if isinstance(orig, sqlite3.Error):
                raise self._sqlite_error(orig) from None
            if exc.connection_invalidated or isinstance(exc, OperationalError):
                raise StoreUnavailable("unreadable", self.path, f"cannot use the progress database "
                                       f"{self.location}: {str(orig).splitlines()[0] if orig else exc}") from None
            raise StoreUnavailable("unreadable", self.path, f"the progress database {self.location} refused "
                                   f"a change: {str(orig).splitlines()[0] if orig else exc}") from None
        except sqlite3.Error as exc:
            raise self._sqlite_error(exc) from None

    def _sqlite_error(self, exc: sqlite3.Error) -> ProgressError:
        name = files.errname(exc)
        p = self.path
        if name in ("SQLITE_BUSY", "SQLITE_LOCKED"):
            return StoreBusy(f"the progress file {p} stayed locked by another program for more than "
                             f"{files.BUSY_TIMEOUT_MS // 1000} s; nothing was saved, try again")
        if name == "SQLITE_FULL":
            return StoreUnavailable("full", p, f"the disk holding {p} is full; nothing was saved")
        if name.startswith("SQLITE_READONLY"):
            return StoreReadOnly("file", p, f"the progress file {p} is read-only: nothing was saved")
        if name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")):
            return StoreUnavailable("damaged", p, f"the progress file {p} is damaged ({exc})")
        return StoreUnavailable("unreadable", p, f"cannot use the progress file {p}: {exc}")
