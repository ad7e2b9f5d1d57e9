"""The learner's progress: learners and accounts, attempts, ratings, streaks, spaced review,
classes and homework, problem reports and drafts.

Where: a SQLite file by default -- ``$WHIST_TUTOR_DB`` or ``~/.local/share/whist-tutor/progress.db``
(``$XDG_DATA_HOME`` is honoured), made on first use with no set-up -- or, for a club or a school
running several app servers, PostgreSQL: ``WHIST_TUTOR_DB=postgresql+psycopg://user:pw@host/db``.
The tables are SQLAlchemy models (:mod:`tutor.storage.models`), changed only by the Alembic
migrations shipped in :mod:`tutor.storage`, run when the store is opened. A file of the store
before Alembic (schema 1-4) is first brought to 4 by its own SQL steps (:data:`MIGRATIONS`), then
on by Alembic; a database newer than this program opens read-only and is never changed.

Why every call is one short transaction: the app is served to several browser tabs and app
servers at once, and an attempt must never be lost or counted twice. On SQLite a write takes
the file's lock up front (``BEGIN IMMEDIATE``, WAL mode, a busy timeout); on PostgreSQL the rows
it changes are locked as they are read. Nothing shared is kept in the process.

Ratings: each first try at a puzzle is a Glicko-2 game between learner and puzzle
(:mod:`tutor.glicko`); the next puzzle is chosen near the learner's rating, mostly from his
weakest themes (:meth:`ProgressStore.next_puzzle`). Failed and shaky puzzles come back by FSRS
(:mod:`tutor.spaced`). Passwords are optional on one machine and required with
``WHIST_TUTOR_AUTH=required`` (:mod:`tutor.accounts`).

Drafts keep what is being typed -- the workshop's YAML, a report not yet sent -- as the last
:data:`DRAFTS_KEPT` versions per learner and per browser, so a reload, a closed tab or "start
again" never loses a teacher's work.
"""

from __future__ import annotations

import copy
import csv
import functools
import io
import itertools
import json
import os
import random
import re
import sqlite3
import threading
import time
import unicodedata
import urllib.parse
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from datetime import UTC, date, datetime, timedelta
from enum import Enum
from pathlib import Path
from typing import Any, Concatenate, NoReturn, ParamSpec, TypeVar, cast

from sqlalchemy import bindparam, insert
from sqlalchemy import inspect as sa_inspect
from sqlalchemy import text as _sql
from sqlalchemy.engine import Connection
from sqlalchemy.exc import ArgumentError, DBAPIError, OperationalError

from tutor.accounts import (
    SESSION_TTL,
    hash_password,
    new_class_code,
    new_token,
    normal_code,
    throttle_until,
    token_hash,
    verify_password,
)
from tutor.clock import learner_today, zone_name
from tutor.errors import WhistError
from tutor.glicko import DEFAULT as DEFAULT_RATING
from tutor.glicko import Rating, result_of
from tutor.glicko import game as glicko_game
from tutor.spaced import REVIEW_GRADUATE_DAYS, Grade, card_from_json, card_to_json, new_card, review, review_grade
from tutor.storage import (
    WRITE,
    current_revision,
    is_url,
    known_revisions,
    migrate,
    name_key,
    safe_url,
    sqlite_engine,
    url_engine,
)
from tutor.storage import models as T

__all__ = [
    "ProgressError",
    "report_csv",
    "StoreUnavailable",
    "StoreReadOnly",
    "StoreBusy",
    "ProgressStore",
    "Learner",
    "Attempt",
    "ThemeStats",
    "ReviewItem",
    "Report",
    "Draft",
    "KINDS",
    "DRAFTS_KEPT",
    "MAX_DRAFT",
    "REVIEW_GRADUATE_DAYS",
    "SCHEMA_VERSION",
    "LEGACY_VERSION",
    "Rating",
    "RatingPoint",
    "Role",
    "Candidate",
    "ClassInfo",
    "Assignment",
    "Homework",
    "ItemState",
    "ReportRow",
    "AccessDenied",
    "LoginFailed",
    "LoginThrottled",
    "seed_rating",
    "default_db_target",
    "RECENT_DAYS",
    "WEAK_SHARE",
    "MIGRATIONS",
    "default_db_path",
    "StoreCheck",
    "check_store",
    "backup_store",
]

#: What an attempt answered: a lesson exercise, a puzzle from the collection, the daily puzzle.
KINDS: tuple[str, ...] = ("lesson", "puzzle", "daily")
#: A puzzle solved within this many days is not chosen again as the next one.
RECENT_DAYS = 3
#: The share of next puzzles taken from the learner's weakest themes.
WEAK_SHARE = 0.7
#: How far (rating points) from the learner a puzzle may be to count as "near".
NEAR = 400.0
#: The next puzzle is drawn at random among this many closest to the learner's rating.
CHOOSE_AMONG = 5
#: How long the choice of the next puzzle may use puzzles' ratings read earlier (seconds).
#: A write that met a deadlock or a serialization failure (PostgreSQL) is tried this often.
_RETRIES = 8
#: SQLite's ``synchronous`` setting: FULL waits for the disk at every commit, so an answer
#: survives even a power cut; NORMAL (safe from corruption in WAL mode, but the last answers may
#: be lost in a power cut) is several times faster on a slow disk (bench/bench_store.py).
SQLITE_SYNCHRONOUS = "FULL"
#: Busy timeout in milliseconds: how long a write waits for another tab's transaction.
BUSY_TIMEOUT_MS = 10_000
MAX_NAME = 40
MAX_NOTE = 2000
#: How many saved versions of one draft are kept (per learner and per browser); older ones go.
DRAFTS_KEPT = 10
#: The longest draft stored (the workshop editor accepts as much).
MAX_DRAFT = 200_000
MAX_SLOT = 100
_BROWSER_KEY = re.compile(r"[A-Za-z0-9_-]{8,64}")

#: The SQL steps of the store before Alembic (schema 1-4), applied in order to an old SQLite
#: file; the ``meta`` table records the last one applied. Alembic takes over from 4
#: (:mod:`tutor.storage.migrations`).
MIGRATIONS: tuple[tuple[int, str], ...] = (
    (
        1,
        """
        CREATE TABLE learners (
            id      INTEGER PRIMARY KEY,
            name    TEXT NOT NULL UNIQUE COLLATE NOCASE,
            created TEXT NOT NULL
        );
        CREATE TABLE attempts (
            id         INTEGER PRIMARY KEY,
            learner_id INTEGER NOT NULL REFERENCES learners(id),
            item_id    TEXT NOT NULL,
            kind       TEXT NOT NULL CHECK (kind IN ('lesson', 'puzzle', 'daily')),
            themes     TEXT NOT NULL,
            correct    INTEGER NOT NULL,
            hints_used INTEGER NOT NULL,
            score      REAL NOT NULL,
            answer     TEXT NOT NULL,
            ts         TEXT NOT NULL
        );
        CREATE INDEX attempts_by_learner ON attempts (learner_id, ts);
        CREATE TABLE lessons_done (
            learner_id INTEGER NOT NULL REFERENCES learners(id),
            lesson_id  TEXT NOT NULL,
            ts         TEXT NOT NULL,
            PRIMARY KEY (learner_id, lesson_id)
        );
        CREATE TABLE reviews (
            learner_id INTEGER NOT NULL REFERENCES learners(id),
            item_id    TEXT NOT NULL,
            stage      INTEGER NOT NULL,
            due        TEXT NOT NULL,
            PRIMARY KEY (learner_id, item_id)
        );
        CREATE TABLE reports (
            id         INTEGER PRIMARY KEY,
            learner_id INTEGER REFERENCES learners(id),
            item_id    TEXT NOT NULL,
            note       TEXT NOT NULL,
            ts         TEXT NOT NULL
        );
        """,
    ),
    (
        2,
        # The day an attempt counts for (the learner's calendar date), so the daily streak does
        # not depend on the server's time zone.
        """
        ALTER TABLE attempts ADD COLUMN day TEXT NOT NULL DEFAULT '';
        UPDATE attempts SET day = substr(ts, 1, 10) WHERE day = '';
        CREATE INDEX attempts_daily ON attempts (learner_id, kind, day);
        """,
    ),
    (
        3,
        # Drafts: what a teacher types in the workshop (or a learner in a report) is saved as it
        # is typed, so a reload or a closed tab loses nothing. A draft belongs to a learner, to
        # a browser (an anonymous key kept in the page's URL), or to both.
        """
        CREATE TABLE drafts (
            id         INTEGER PRIMARY KEY,
            learner_id INTEGER REFERENCES learners(id),
            browser    TEXT,
            slot       TEXT NOT NULL,
            text       TEXT NOT NULL,
            ts         TEXT NOT NULL,
            CHECK (learner_id IS NOT NULL OR browser IS NOT NULL)
        );
        CREATE INDEX drafts_by_learner ON drafts (learner_id, slot, id);
        CREATE INDEX drafts_by_browser ON drafts (browser, slot, id);
        """,
    ),
    (
        4,
        # The learner's time zone (the browser's), so that the daily puzzle, the day an attempt
        # counts for and the streak all read the learner's calendar (tutor.clock).
        """
        ALTER TABLE learners ADD COLUMN tz TEXT NOT NULL DEFAULT '';
        """,
    ),
)
LEGACY_VERSION = MIGRATIONS[-1][0]
#: The schema this program writes (``meta.schema_version``; Alembic's head revision matches it).
SCHEMA_VERSION = 7


class ProgressError(WhistError):
    """Bad input to the progress store (an empty name, an unknown kind) or a database too new."""


class StoreUnavailable(ProgressError):
    """The progress file cannot be used at all: progress is off, lessons and puzzles go on.

    ``reason`` is one word the app turns into a message in the learner's language:
    ``no-folder`` (the configured folder does not exist), ``folder`` (the path is a folder),
    ``foreign`` (a file of another program), ``damaged`` (a SQLite file that fails its check),
    ``full`` (the disk is full), ``unreadable`` (the system refuses to open it).
    """

    def __init__(self, reason: str, path: Path, message: str) -> None:
        self.reason = reason
        self.path = path
        super().__init__(message)


class StoreReadOnly(ProgressError):
    """A write to a store opened read-only (a read-only file, or a schema newer than ours)."""

    def __init__(self, reason: str, path: Path, message: str) -> None:
        self.reason = reason
        self.path = path
        super().__init__(message)


class StoreBusy(ProgressError):
    """Another program held the file's lock longer than the busy timeout: nothing was written."""


class AccessDenied(ProgressError):
    """A learner asked for another learner's data, or a class he does not teach."""


class LoginFailed(ProgressError):
    """A wrong name or password (which of the two is not said)."""


class LoginThrottled(LoginFailed):
    """Too many wrong passwords in a row: the name may try again at ``until``."""

    def __init__(self, until: datetime) -> None:
        self.until = until
        super().__init__(f"too many wrong passwords; try again after {until.strftime('%H:%M:%S')} UTC")


class _Retry(Exception):
    """A transaction that met another server's lock in a cycle (deadlock) or a serialization
    failure: it changed nothing and is run again."""


def _retryable(exc: DBAPIError) -> bool:
    code = getattr(exc.orig, "sqlstate", None)
    return code in ("40001", "40P01")  # serialization_failure, deadlock_detected


class Role(str, Enum):
    """What a learner may do: a teacher also keeps classes (and, on a server that requires
    logins, the Workshop and the problem reports)."""

    LEARNER = "learner"
    TEACHER = "teacher"


@dataclass(frozen=True)
class Learner:
    """A learner, known by name, with the time zone his days are counted in ("" = the machine's)."""

    id: int
    name: str
    tz: str = ""
    role: str = "learner"
    has_password: bool = field(default=False, compare=False)

    @property
    def is_teacher(self) -> bool:
        return self.role == Role.TEACHER.value


@dataclass(frozen=True)
class RatingPoint:
    """The learner's rating right after one rated try (a point of his chart)."""

    ts: datetime
    rating: float
    rd: float
    themes: tuple[str, ...]


@dataclass(frozen=True)
class Candidate:
    """A puzzle the next one may be chosen from: its id, themes and difficulty (1-5)."""

    item_id: str
    themes: tuple[str, ...] = ()
    difficulty: int | None = None


@dataclass(frozen=True)
class ClassInfo:
    """A class: its name, the code learners join with, its teacher."""

    id: int
    name: str
    code: str
    teacher_id: int


@dataclass(frozen=True)
class Assignment:
    """Homework: a puzzle or a lesson, due by a date or open-ended."""

    item_id: str
    kind: str
    due: date | None


class ItemState(str, Enum):
    """Where a learner is with one assigned item, from his first try."""

    FIRST_TRY = "first-try"
    HINTS = "hints"
    WRONG = "wrong"
    OPEN = "open"


@dataclass(frozen=True)
class ReportRow:
    """One learner's line of the teacher's grid."""

    learner: str
    items: dict[str, ItemState]
    weak_themes: tuple[str, ...]


def report_csv(rows: Sequence[ReportRow], items: Sequence[str]) -> str:
    """The teacher's grid as CSV -- learner, one column per item (first-try, hints, wrong, open),
    weak themes -- the same file from the Classes page and ``tutor class report --csv``."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["learner", *items, "weak_themes"])
    for row in rows:
        writer.writerow([row.learner, *(row.items[i].value for i in items), " ".join(row.weak_themes)])
    return out.getvalue()


@dataclass(frozen=True)
class Homework:
    """One item of homework as its learner sees it: which class set it, and how far he is."""

    class_name: str
    assignment: Assignment
    state: ItemState


#: A new puzzle's rating by difficulty (1 first lesson .. 5 expert): a first guess, soon corrected.
_SEEDS = {1: 1100.0, 2: 1300.0, 3: 1500.0, 4: 1700.0, 5: 1900.0}


def seed_rating(difficulty: int | None) -> Rating:
    """The rating a puzzle nobody has tried starts from (its difficulty's guess, wide RD)."""
    return Rating(_SEEDS.get(difficulty or 3, 1500.0), 250.0 if difficulty else 350.0, 0.06)


@dataclass(frozen=True)
class Attempt:
    """One answer to one item, as recorded."""

    id: int
    learner_id: int
    item_id: str
    kind: str
    themes: tuple[str, ...]
    correct: bool
    hints_used: int
    score: float
    answer: str
    ts: datetime
    day: date


@dataclass(frozen=True)
class ThemeStats:
    """Accuracy on one theme: first attempts only, so retries do not flatter the figure."""

    theme: str
    attempts: int
    correct: int

    @property
    def accuracy(self) -> float:
        return self.correct / self.attempts if self.attempts else 0.0


@dataclass(frozen=True)
class ReviewItem:
    """A failed puzzle waiting to come back: ``stage`` successes since the miss, due at ``due``."""

    item_id: str
    stage: int
    due: datetime


@dataclass(frozen=True)
class Report:
    """A learner's note that a puzzle looks wrong."""

    id: int
    learner_id: int | None
    item_id: str
    note: str
    ts: datetime


@dataclass(frozen=True)
class Draft:
    """One saved version of a text being written: ``slot`` says which box (``"workshop"``,
    ``"workshop-pbn"``, ``"report"``); the owner is a learner, a browser key, or both."""

    id: int
    learner_id: int | None
    browser: str | None
    slot: str
    text: str
    ts: datetime


def default_db_target() -> str:
    """``$WHIST_TUTOR_DB`` as given (a file or a database URL), else the default file."""
    env = os.environ.get("WHIST_TUTOR_DB", "").strip()
    return env if env and is_url(env) else str(default_db_path())


@functools.cache
def _known_revisions() -> frozenset[str]:
    return frozenset(known_revisions())


def default_db_path() -> Path:
    """``$WHIST_TUTOR_DB``, else the user's data dir (``$XDG_DATA_HOME`` or ``~/.local/share``)."""
    env = os.environ.get("WHIST_TUTOR_DB")
    if env:
        return Path(env).expanduser()
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "whist-tutor" / "progress.db"


def _now() -> datetime:
    return datetime.now(UTC)


def _iso(ts: datetime) -> str:
    if ts.tzinfo is None:
        ts = ts.replace(tzinfo=UTC)
    return ts.astimezone(UTC).isoformat(timespec="microseconds")


def _clean_name(name: str, what: str = "a learner's name") -> str:
    if not isinstance(name, str):
        raise ProgressError(f"{what} must be text, got {name!r}")
    cleaned = " ".join(unicodedata.normalize("NFC", name).split())
    if not cleaned:
        raise ProgressError(f"{what} cannot be empty")
    if len(cleaned) > MAX_NAME:
        raise ProgressError(f"{what} has at most {MAX_NAME} characters, got {len(cleaned)}")
    if any(unicodedata.category(ch).startswith("C") for ch in cleaned):
        raise ProgressError(f"{what} cannot contain control characters: {name!r}")
    return cleaned


class ProgressStore:
    """The progress database at ``path`` -- a SQLite file, or a server database named by a URL
    (``postgresql+psycopg://…``) -- created and migrated on first use.

    Safe to share between threads, processes and app servers: every call is its own short
    transaction, and nothing a call needs is kept in the process.

    >>> import tempfile, os
    >>> store = ProgressStore(os.path.join(tempfile.mkdtemp(), "p.db"))
    >>> ann = store.learner("Ann")
    >>> store.record_attempt(ann.id, "lead-001", "puzzle", themes=["leads"], correct=False).correct
    False
    >>> [r.item_id for r in store.review_queue(ann.id)]
    ['lead-001']
    """

    def __init__(self, path: str | os.PathLike[str] | None = None, *, create_folder: bool | None = None) -> None:
        """Open the store defensively: nothing is written to a file before it is known to be ours.

        ``create_folder``: make the file's folder when it is missing. By default only for the
        default location (no ``$WHIST_TUTOR_DB``): a mistyped configured path must say so, not
        start an empty store somewhere else and make the learner's progress seem gone.
        """
        if path is not None and not str(path).strip():
            raise ProgressError("the progress file's path is empty")
        target = str(path) if path is not None else default_db_target()
        #: Why the store is read-only (``"file"``: the file is not writable; ``"newer"``: its
        #: schema is newer than this program's), or None when it can be written.
        self.read_only: str | None = None
        #: The database URL (a server database), or None for a SQLite file.
        self.url: str | None = None
        if is_url(target):
            self.url = target
            self.path = Path(safe_url(target))
            self.location = safe_url(target)
            self._open_url()
            return
        self.path = Path(target).expanduser()
        self.location = str(self.path)
        if create_folder is None:  # the app passes the default path explicitly: compare, not `path is None`
            create_folder = not os.environ.get("WHIST_TUTOR_DB") and self.path == default_db_path()
        if str(self.path) == ":memory:":
            raise ProgressError("the progress store needs a file (several connections share it)")
        self._writers = _writers_of(self.path)
        self._engine = sqlite_engine(self._connect, pooled=False)
        self._open(create_folder)
        if self.read_only is None:  # read-only or not is known now
            self._engine = sqlite_engine(self._connect)

    #: This process's writers of the SQLite file (None: a server database).
    _writers: _Writers | None = None
    #: The last candidate list and its :class:`_Pool`: see :meth:`_pool`.
    _pool_cache: tuple[Sequence[Candidate], _Pool] | None = None

    def __repr__(self) -> str:
        return f"ProgressStore({self.location!r})"

    def close(self) -> None:
        """Close the connections kept open (the store opens new ones if used again)."""
        self._engine.dispose()

    @property
    def dialect(self) -> str:
        """``sqlite`` or ``postgresql``: the few statements that differ ask."""
        return str(self._engine.dialect.name)

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
        writable = _writable(p)
        if p.stat().st_size == 0:  # a file made by touch, or by a crash before the first page
            if not writable:
                raise StoreUnavailable("unreadable", p, f"the progress file {p} is empty and read-only: "
                                       "it cannot be set up; make it writable or remove it")
            self._migrate()
            return
        version, revision, wal = _inspect(p)
        if version > SCHEMA_VERSION or (revision is not None and revision not in _known_revisions()):
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
        with self._read() as conn:
            tables = set(sa_inspect(conn).get_table_names())
            version = 0
            revision = None
            if "meta" in tables:
                row = conn.execute(_sql("SELECT value FROM meta WHERE key = 'schema_version'")).first()
                version = int(row[0]) if row is not None and str(row[0]).isdigit() else 0
            if "alembic_version" in tables:
                revision = current_revision(conn)
        if tables and "learners" in tables and "meta" not in tables:
            raise StoreUnavailable("foreign", self.path, f"{self.location} holds another program's tables; "
                                   "Whist Tutor leaves it untouched")
        if version > SCHEMA_VERSION or (revision is not None and revision not in _known_revisions()):
            self.read_only = "newer"
            return
        if version < SCHEMA_VERSION:
            with self._write() as conn:
                migrate(conn)

    # -- connections ------------------------------------------------------------------------
    def _connect(self) -> sqlite3.Connection:
        if self.read_only is not None:
            return _connect_ro(self.path)
        conn = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None,
                               check_same_thread=False)
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        conn.execute("PRAGMA foreign_keys = ON")
        conn.execute(f"PRAGMA synchronous = {SQLITE_SYNCHRONOUS}")
        return conn

    def _refuse_write(self) -> NoReturn:
        if self.read_only == "newer":
            raise StoreReadOnly("newer", self.path, f"{self.location} was written by a newer Whist Tutor (schema "
                                "newer than this program's): progress is shown but nothing new is saved")
        raise StoreReadOnly("file", self.path, f"the progress file {self.location} is read-only: "
                            "progress is shown but nothing new is saved")

    @contextmanager
    def _write(self, *, group: bool = False) -> Iterator[Connection]:
        """One short write transaction. On SQLite it takes the write lock up front (IMMEDIATE),
        so two tabs wait for each other (within the busy timeout) instead of failing half-way;
        on PostgreSQL the rows changed are locked as they are read (``FOR UPDATE``).

        ``group``: on SQLite, the write may share its commit with the writers of this process
        queued behind it (:meth:`_group_write`); it still returns only once it is on disk."""
        if self.read_only is not None:
            self._refuse_write()
        writers = self._writers
        if writers is None:
            with self._db_errors():
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
                writers.commit_batch(self._db_errors)
            with self._db_errors():
                with self._engine.connect() as conn:
                    self._writer_options(conn, started)
                    with conn.begin():
                        yield conn
        finally:
            writers.lock.release()

    def _take(self, writers: _Writers) -> float:
        """Queue for this process's lock on the file (SQLite): writers of one process wait
        here, not in SQLite's busy handler, which sleeps 1, 2, 5, 10, 15, 20, 25 ms... between
        tries and often wakes long after the lock was free (4 threads doubled the p95)."""
        started = time.monotonic()
        if not writers.acquire(BUSY_TIMEOUT_MS / 1000):
            raise StoreBusy(f"the progress file {self.path} stayed locked for more than "
                            f"{BUSY_TIMEOUT_MS // 1000} s; nothing was saved, try again")
        return started

    @staticmethod
    def _writer_options(conn: Connection, started: float) -> None:
        """A writer's connection: IMMEDIATE, and SQLite's busy timeout is what is left of ours
        after the wait in :meth:`_take` (set now: a kept connection has no transaction yet)."""
        conn.execution_options(**{WRITE: True})
        left = max(1, BUSY_TIMEOUT_MS - int(1000 * (time.monotonic() - started)))
        cast(sqlite3.Connection, conn.connection.driver_connection).execute(f"PRAGMA busy_timeout = {left}")

    @contextmanager
    def _group_write(self, writers: _Writers) -> Iterator[Connection]:
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
                with self._db_errors():
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
            batch = writers.batch = _Batch(conn, trans)
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
                with self._db_errors():
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
                        writers.commit_batch(self._db_errors)
                    writers.lock.release()
        else:
            writers.commit_batch(self._db_errors)
            writers.lock.release()
        if batch.error is not None:
            raise batch.failure() from None
        if own is not None:
            raise own

    @contextmanager
    def _read(self) -> Iterator[Connection]:
        with self._db_errors():
            with self._engine.connect() as conn:
                yield conn

    def _lock(self) -> str:
        """`` FOR UPDATE`` on PostgreSQL (SQLite's IMMEDIATE transaction already holds the lock)."""
        return " FOR UPDATE" if self.dialect == "postgresql" else ""

    @contextmanager
    def _db_errors(self) -> Iterator[None]:
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
        name = _errname(exc)
        p = self.path
        if name in ("SQLITE_BUSY", "SQLITE_LOCKED"):
            return StoreBusy(f"the progress file {p} stayed locked by another program for more than "
                             f"{BUSY_TIMEOUT_MS // 1000} s; nothing was saved, try again")
        if name == "SQLITE_FULL":
            return StoreUnavailable("full", p, f"the disk holding {p} is full; nothing was saved")
        if name.startswith("SQLITE_READONLY"):
            return StoreReadOnly("file", p, f"the progress file {p} is read-only: nothing was saved")
        if name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")):
            return StoreUnavailable("damaged", p, f"the progress file {p} is damaged ({exc})")
        return StoreUnavailable("unreadable", p, f"cannot use the progress file {p}: {exc}")

    def _migrate(self) -> None:
        """Bring a SQLite file to the newest schema in one write transaction: first the SQL
        steps of schema 1-4 (the store before Alembic), then the Alembic revisions."""
        with self._db_errors():
            raw = self._connect()
            try:  # WAL is set outside a transaction, once per database file
                mode = raw.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            finally:
                raw.close()
        if str(mode).lower() != "wal":  # pragma: no cover - only on filesystems without WAL
            raise ProgressError(f"cannot use WAL mode on {self.path} (got {mode})")
        with self._write() as conn:
            conn.exec_driver_sql("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
            row = conn.exec_driver_sql("SELECT value FROM meta WHERE key = 'schema_version'").first()
            version = int(row[0]) if row else 0
            if version > SCHEMA_VERSION:
                raise ProgressError(
                    f"{self.path} has schema version {version}, newer than this program ({SCHEMA_VERSION})"
                )
            if 1 <= version < LEGACY_VERSION:
                for number, script in MIGRATIONS:
                    if number > version:
                        for statement in _statements(script):
                            conn.exec_driver_sql(statement)
                conn.exec_driver_sql("UPDATE meta SET value = ? WHERE key = 'schema_version'", (str(LEGACY_VERSION),))
            migrate(conn)

    def schema_version(self) -> int:
        with self._read() as conn:
            return int(conn.execute(_sql("SELECT value FROM meta WHERE key = 'schema_version'")).scalar_one())

    # -- learners ---------------------------------------------------------------------------
    _LEARNER_COLUMNS = "id, name, tz, role, password_hash IS NOT NULL"

    @staticmethod
    def _learner_row(row: Any) -> Learner:
        return Learner(int(row[0]), str(row[1]), str(row[2]), str(row[3]), bool(row[4]))

    def find_learner(self, name: str) -> Learner | None:
        """The learner of that name (case-insensitive), or None: never creates one."""
        key = name_key(_clean_name(name))
        with self._read() as conn:
            row = conn.execute(_sql(f"SELECT {self._LEARNER_COLUMNS} FROM learners WHERE name_key = :k"),
                               {"k": key}).first()
        return None if row is None else self._learner_row(row)

    def learner(self, name: str) -> Learner:
        """The learner of that name (case-insensitive), created if new (a read-only store only
        finds existing learners)."""
        cleaned = _clean_name(name)
        # a known learner is only read: the app looks the name up on every page, and a write
        # would wait for (and, past the busy timeout, fail on) another program's lock
        found = self.find_learner(cleaned)
        if found is not None:
            return found
        if self.read_only is not None:
            self._refuse_write()
        with self._write() as conn:
            conn.execute(_sql("INSERT INTO learners (name, name_key, created) VALUES (:n, :k, :c)"
                              " ON CONFLICT (name_key) DO NOTHING"),
                         {"n": cleaned, "k": name_key(cleaned), "c": _iso(_now())})
            row = conn.execute(_sql(f"SELECT {self._LEARNER_COLUMNS} FROM learners WHERE name_key = :k"),
                               {"k": name_key(cleaned)}).one()
        return self._learner_row(row)

    def learner_by_id(self, learner_id: int) -> Learner:
        with self._read() as conn:
            row = conn.execute(_sql(f"SELECT {self._LEARNER_COLUMNS} FROM learners WHERE id = :i"),
                               {"i": learner_id}).first()
        if row is None:
            raise ProgressError(f"no learner with id {learner_id}")
        return self._learner_row(row)

    def learners(self) -> list[Learner]:
        with self._read() as conn:
            rows = conn.execute(_sql(f"SELECT {self._LEARNER_COLUMNS} FROM learners ORDER BY name_key")).all()
        return [self._learner_row(r) for r in rows]

    def set_zone(self, learner_id: int, name: str) -> Learner:
        """Keep the learner's time zone (the browser's): his days are counted in it. An unknown
        zone name is not stored; a read-only store only reports the learner as he is."""
        known = zone_name(name)
        learner = self.learner_by_id(learner_id)
        if not known or learner.tz == known or self.read_only is not None:
            return learner
        with self._write() as conn:
            conn.execute(_sql("UPDATE learners SET tz = :z WHERE id = :i"), {"z": known, "i": learner_id})
        return replace(learner, tz=known)

    def set_role(self, learner_id: int, role: Role) -> Learner:
        """Make a learner a teacher (or back): teachers see their classes and, on a server that
        requires logins, the Workshop and the problem reports."""
        role = Role(role)
        with self._write() as conn:
            done = conn.execute(_sql("UPDATE learners SET role = :r WHERE id = :i"),
                                {"r": role.value, "i": learner_id}).rowcount
        if not done:
            raise ProgressError(f"no learner with id {learner_id}")
        return self.learner_by_id(learner_id)

    def _zone_of(self, conn: Connection, learner_id: int) -> str:
        row = conn.execute(_sql("SELECT tz FROM learners WHERE id = :i"), {"i": learner_id}).first()
        return str(row[0]) if row is not None else ""

    # -- attempts ---------------------------------------------------------------------------
    def record_attempt(
        self,
        learner_id: int,
        item_id: str,
        kind: str,
        *,
        themes: Iterable[str] = (),
        correct: bool,
        hints_used: int = 0,
        score: float | None = None,
        answer: str = "",
        ts: datetime | None = None,
        day: date | None = None,
        difficulty: int | None = None,
    ) -> Attempt:
        """Store one answer, rate it and schedule its review, in one transaction.

        ``score`` defaults to 1 for a correct answer and 0 otherwise; ``day`` (the learner's
        calendar date, which the daily streak counts) defaults to the date of ``ts`` on the
        learner's clock (:func:`tutor.clock.learner_today`, in his stored time zone).

        The learner's first try at a puzzle (not a lesson exercise) is a Glicko-2 game between
        him and the puzzle (:mod:`tutor.glicko`; hints make it a partial loss); ``difficulty``
        (1-5) seeds the rating of a puzzle nobody has tried yet. A miss or an answer found
        with hints puts the puzzle in the FSRS review queue.

        Concurrency: the learner's row, then the puzzle's, is locked before the attempt gets its
        id, so attempts that share a learner or a puzzle are rated in the order of their ids --
        a replay of the attempts by id gives the same ratings.
        """
        if kind not in KINDS:
            raise ProgressError(f"unknown attempt kind {kind!r} (use one of {', '.join(KINDS)})")
        if not isinstance(item_id, str) or not item_id.strip():
            raise ProgressError("an attempt needs the id of the item answered")
        if not isinstance(hints_used, int) or hints_used < 0:
            raise ProgressError(f"hints used must be a whole number >= 0, got {hints_used!r}")
        score = (1.0 if correct else 0.0) if score is None else float(score)
        if not 0.0 <= score <= 1.0:
            raise ProgressError(f"a score lies between 0 and 1, got {score}")
        theme_list = tuple(str(t) for t in themes)
        ts = ts or _now()
        for attempt_no in range(_RETRIES):
            try:
                return self._record(learner_id, item_id, kind, theme_list, bool(correct), hints_used, score,
                                    str(answer), ts, day, difficulty)
            except _Retry:
                time.sleep(0.01 * (attempt_no + 1))
        raise StoreBusy(f"the progress database {self.location} kept the attempt waiting on other "
                        "servers' locks; nothing was saved, try again")

    def _record(self, learner_id: int, item_id: str, kind: str, theme_list: tuple[str, ...], correct: bool,
                hints_used: int, score: float, answer: str, ts: datetime, day: date | None,
                difficulty: int | None) -> Attempt:
        try:
            with self._write(group=True) as conn:
                row = conn.execute(_sql(f"SELECT tz, rating, rd, vol FROM learners WHERE id = :i{self._lock()}"),
                                   {"i": learner_id}).first()
                if row is None:
                    raise ProgressError(f"no learner with id {learner_id}")
                day = day or learner_today(str(row[0]), ts)
                first = conn.execute(_sql("SELECT 1 FROM attempts WHERE learner_id = :l AND item_id = :i LIMIT 1"),
                                     {"l": learner_id, "i": item_id}).first() is None
                rated: tuple[Rating, Rating, dict[str, Rating]] | None = None
                if first and kind != "lesson":
                    rated = self._rate(conn, learner_id, Rating(float(row[1]), float(row[2]), float(row[3])),
                                       item_id, theme_list, result_of(correct, hints_used), difficulty)
                values = {"learner_id": learner_id, "item_id": item_id, "kind": kind,
                          "themes": json.dumps(theme_list, ensure_ascii=False), "correct": int(correct),
                          "hints_used": hints_used, "score": score, "answer": answer, "ts": _iso(ts),
                          "day": day.isoformat(), "first_try": int(first),
                          "learner_rating": rated[0].rating if rated else None,
                          "learner_rd": rated[0].rd if rated else None,
                          "item_rating": rated[1].rating if rated else None,
                          "theme_ratings": json.dumps({t: [round(r.rating, 3), round(r.rd, 3)]
                                                       for t, r in rated[2].items()}, ensure_ascii=False)
                          if rated else None}
                attempt_id = int(conn.execute(
                    insert(T.attempts).values(**values).returning(T.attempts.c.id)).scalar_one())
                if kind != "lesson":
                    self._schedule(conn, learner_id, item_id, correct, hints_used, ts)
        except DBAPIError as exc:  # pragma: no cover - depends on other servers' timing
            if _retryable(exc):
                raise _Retry() from None
            raise
        except ProgressError as exc:
            if isinstance(exc.__context__, DBAPIError) and _retryable(exc.__context__):  # pragma: no cover
                raise _Retry() from None
            raise
        return Attempt(attempt_id, learner_id, item_id, kind, theme_list, correct, hints_used, score,
                       answer, ts, day)

    def _rate(self, conn: Connection, learner_id: int, learner: Rating, item_id: str, themes: tuple[str, ...],
              result: float, difficulty: int | None) -> tuple[Rating, Rating, dict[str, Rating]]:
        """One game: update the learner, the puzzle and the learner's rating on each theme."""
        seed = seed_rating(difficulty)
        conn.execute(_sql("INSERT INTO item_ratings (item_id, rating, rd, vol, games, themes)"
                          " VALUES (:i, :r, :d, :v, 0, :t) ON CONFLICT (item_id) DO NOTHING"),
                     {"i": item_id, "r": seed.rating, "d": seed.rd, "v": seed.vol,
                      "t": json.dumps(themes, ensure_ascii=False)})
        irow = conn.execute(_sql(f"SELECT rating, rd, vol FROM item_ratings WHERE item_id = :i{self._lock()}"),
                            {"i": item_id}).one()
        item = Rating(float(irow[0]), float(irow[1]), float(irow[2]))
        new_learner, new_item = glicko_game(learner, item, result)
        conn.execute(_sql("UPDATE learners SET rating = :r, rd = :d, vol = :v WHERE id = :i"),
                     {"r": new_learner.rating, "d": new_learner.rd, "v": new_learner.vol, "i": learner_id})
        conn.execute(_sql("UPDATE item_ratings SET rating = :r, rd = :d, vol = :v, games = games + 1"
                          " WHERE item_id = :i"),
                     {"r": new_item.rating, "d": new_item.rd, "v": new_item.vol, "i": item_id})
        by_theme: dict[str, Rating] = {}
        for theme in sorted(set(themes)):
            trow = conn.execute(_sql("SELECT rating, rd, vol FROM theme_ratings WHERE learner_id = :l AND theme = :t"),
                                {"l": learner_id, "t": theme}).first()
            before = DEFAULT_RATING if trow is None else Rating(float(trow[0]), float(trow[1]), float(trow[2]))
            after, _ = glicko_game(before, item, result)
            conn.execute(_sql("INSERT INTO theme_ratings (learner_id, theme, rating, rd, vol, games)"
                              " VALUES (:l, :t, :r, :d, :v, 1) ON CONFLICT (learner_id, theme) DO UPDATE"
                              " SET rating = excluded.rating, rd = excluded.rd, vol = excluded.vol,"
                              " games = theme_ratings.games + 1"),
                         {"l": learner_id, "t": theme, "r": after.rating, "d": after.rd, "v": after.vol})
            by_theme[theme] = after
        return new_learner, new_item, by_theme

    def attempts(self, learner_id: int, *, item_id: str | None = None) -> list[Attempt]:
        """A learner's attempts, oldest first (optionally for one item)."""
        sql = ("SELECT id, learner_id, item_id, kind, themes, correct, hints_used, score, answer, ts, day"
               " FROM attempts WHERE learner_id = :l")
        params: dict[str, object] = {"l": learner_id}
        if item_id is not None:
            sql += " AND item_id = :i"
            params["i"] = item_id
        with self._read() as conn:
            rows = conn.execute(_sql(sql + " ORDER BY ts, id"), params).all()
        return [
            Attempt(int(r[0]), int(r[1]), r[2], r[3], tuple(json.loads(r[4])), bool(r[5]), int(r[6]), float(r[7]),
                    r[8], datetime.fromisoformat(r[9]), date.fromisoformat(r[10]))
            for r in rows
        ]

    def count_attempts(self) -> int:
        with self._read() as conn:
            return int(conn.execute(_sql("SELECT count(*) FROM attempts")).scalar_one())

    def accuracy_by_theme(self, learner_id: int) -> list[ThemeStats]:
        """Per theme, how many items were right at the first try; weakest theme first."""
        with self._read() as conn:
            return self._accuracy(conn, learner_id)

    @staticmethod
    def _accuracy(conn: Connection, learner_id: int) -> list[ThemeStats]:
        # first_try marks each item's first attempt (by id, as recorded under the learner's lock)
        rows = conn.execute(_sql("SELECT themes, correct FROM attempts WHERE learner_id = :l AND kind != 'lesson'"
                                 " AND first_try = 1"), {"l": learner_id}).all()
        totals: dict[str, list[int]] = {}
        for themes, correct in rows:
            for theme in json.loads(themes) or ("—",):
                row = totals.setdefault(theme, [0, 0])
                row[0] += 1
                row[1] += int(bool(correct))
        stats = [ThemeStats(t, n, c) for t, (n, c) in totals.items()]
        return sorted(stats, key=lambda s: (s.accuracy, -s.attempts, s.theme))

    def solved(self, learner_id: int, item_id: str) -> bool:
        with self._read() as conn:
            row = conn.execute(_sql("SELECT 1 FROM attempts WHERE learner_id = :l AND item_id = :i AND correct = 1"
                                    " LIMIT 1"), {"l": learner_id, "i": item_id}).first()
        return row is not None

    def solved_items(self, learner_id: int) -> set[str]:
        """Every item the learner has answered right at least once, in one query: a page that
        marks a whole list (100 puzzles) would otherwise open a connection per item on every
        rerun (about 1 ms each)."""
        with self._read() as conn:
            rows = conn.execute(_sql("SELECT DISTINCT item_id FROM attempts WHERE learner_id = :l AND correct = 1"),
                                {"l": learner_id}).all()
        return {r[0] for r in rows}

    # -- ratings ----------------------------------------------------------------------------
    def rating(self, learner_id: int) -> Rating:
        """The learner's Glicko-2 rating (1500 ± 700 before the first rated try)."""
        with self._read() as conn:
            row = conn.execute(_sql("SELECT rating, rd, vol FROM learners WHERE id = :i"), {"i": learner_id}).first()
        if row is None:
            raise ProgressError(f"no learner with id {learner_id}")
        return Rating(float(row[0]), float(row[1]), float(row[2]))

    def item_rating(self, item_id: str, difficulty: int | None = None) -> Rating:
        """A puzzle's rating; a puzzle nobody tried has its seed (from ``difficulty``)."""
        with self._read() as conn:
            row = conn.execute(_sql("SELECT rating, rd, vol FROM item_ratings WHERE item_id = :i"),
                               {"i": item_id}).first()
        return seed_rating(difficulty) if row is None else Rating(float(row[0]), float(row[1]), float(row[2]))

    def theme_ratings(self, learner_id: int) -> dict[str, Rating]:
        with self._read() as conn:
            return self._theme_ratings(conn, learner_id)

    @staticmethod
    def _theme_ratings(conn: Connection, learner_id: int) -> dict[str, Rating]:
        rows = conn.execute(_sql("SELECT theme, rating, rd, vol FROM theme_ratings WHERE learner_id = :l"
                                 " ORDER BY theme"), {"l": learner_id}).all()
        return {str(r[0]): Rating(float(r[1]), float(r[2]), float(r[3])) for r in rows}

    def theme_history(self, learner_id: int) -> dict[str, list[tuple[datetime, float]]]:
        """Per theme, the learner's rating on it after each rated try at one of its puzzles
        (schema 6 on; older attempts did not record it), oldest first."""
        with self._read() as conn:
            rows = conn.execute(_sql("SELECT ts, theme_ratings FROM attempts WHERE learner_id = :l"
                                     " AND theme_ratings IS NOT NULL ORDER BY id"), {"l": learner_id}).all()
        out: dict[str, list[tuple[datetime, float]]] = {}
        for ts, data in rows:
            when = datetime.fromisoformat(ts)
            for theme, (rating, _rd) in json.loads(data).items():
                out.setdefault(theme, []).append((when, float(rating)))
        return out

    def rating_history(self, learner_id: int) -> list[RatingPoint]:
        """The learner's rating after each rated try, oldest first (the chart over time)."""
        with self._read() as conn:
            rows = conn.execute(_sql("SELECT ts, learner_rating, learner_rd, themes FROM attempts"
                                     " WHERE learner_id = :l AND learner_rating IS NOT NULL ORDER BY id"),
                                {"l": learner_id}).all()
        return [RatingPoint(datetime.fromisoformat(r[0]), float(r[1]), float(r[2]), tuple(json.loads(r[3])))
                for r in rows]

    # -- the daily streak -------------------------------------------------------------------
    def daily_days(self, learner_id: int) -> set[date]:
        """The days on which the learner solved the daily puzzle."""
        with self._read() as conn:
            rows = conn.execute(_sql("SELECT DISTINCT day FROM attempts WHERE learner_id = :l AND kind = 'daily'"
                                     " AND correct = 1"), {"l": learner_id}).all()
        return {date.fromisoformat(r[0]) for r in rows}

    def streak(self, learner_id: int, today: date | None = None) -> int:
        """Consecutive days with the daily puzzle solved, ending today -- or yesterday, since a
        streak is not broken before the day is over. ``today`` defaults to the learner's date
        (:func:`tutor.clock.learner_today` in his stored time zone)."""
        if today is None:
            with self._read() as conn:
                today = learner_today(self._zone_of(conn, learner_id))
        days = self.daily_days(learner_id)
        day = today if today in days else today - timedelta(days=1)
        count = 0
        while day in days:
            count += 1
            day -= timedelta(days=1)
        return count

    # -- lessons ----------------------------------------------------------------------------
    def mark_lesson_done(self, learner_id: int, lesson_id: str, ts: datetime | None = None) -> None:
        with self._write() as conn:
            conn.execute(_sql("INSERT INTO lessons_done (learner_id, lesson_id, ts) VALUES (:l, :i, :t)"
                              " ON CONFLICT (learner_id, lesson_id) DO NOTHING"),
                         {"l": learner_id, "i": lesson_id, "t": _iso(ts or _now())})

    def lessons_done(self, learner_id: int) -> set[str]:
        with self._read() as conn:
            rows = conn.execute(_sql("SELECT lesson_id FROM lessons_done WHERE learner_id = :l"),
                                {"l": learner_id}).all()
        return {r[0] for r in rows}

    # -- spaced review (FSRS) ---------------------------------------------------------------
    @staticmethod
    def _schedule(conn: Connection, learner_id: int, item_id: str, correct: bool, hints_used: int,
                  ts: datetime) -> None:
        """Review the item's FSRS card: a miss is "again", an answer found with hints "hard",
        a clean one "good". An item enters the queue on a miss or a shaky answer and leaves it
        once its memory is stable for :data:`REVIEW_GRADUATE_DAYS`."""
        row = conn.execute(_sql("SELECT stage, due, card FROM reviews WHERE learner_id = :l AND item_id = :i"),
                           {"l": learner_id, "i": item_id}).first()
        grade = review_grade(correct, hints_used)
        if row is None and grade == Grade.GOOD:
            return
        card = new_card() if row is None else card_from_json(str(row[2]), int(row[0]), str(row[1]))
        card = review(card, grade, ts)
        stage = 0 if grade == Grade.AGAIN or row is None else int(row[0]) + 1
        if grade != Grade.AGAIN and row is not None and (card.stability or 0.0) >= REVIEW_GRADUATE_DAYS:
            conn.execute(_sql("DELETE FROM reviews WHERE learner_id = :l AND item_id = :i"),
                         {"l": learner_id, "i": item_id})
            return
        conn.execute(_sql("INSERT INTO reviews (learner_id, item_id, stage, due, card) VALUES (:l, :i, :s, :d, :c)"
                          " ON CONFLICT (learner_id, item_id) DO UPDATE SET stage = excluded.stage,"
                          " due = excluded.due, card = excluded.card"),
                     {"l": learner_id, "i": item_id, "s": stage, "d": _iso(card.due), "c": card_to_json(card)})

    def review_queue(self, learner_id: int) -> list[ReviewItem]:
        """Every failed or shaky puzzle still in the queue, soonest first."""
        with self._read() as conn:
            rows = conn.execute(_sql("SELECT item_id, stage, due FROM reviews WHERE learner_id = :l"
                                     " ORDER BY due, item_id"), {"l": learner_id}).all()
        return [ReviewItem(r[0], int(r[1]), datetime.fromisoformat(r[2])) for r in rows]

    def due_reviews(self, learner_id: int, now: datetime | None = None) -> list[ReviewItem]:
        """The failed and shaky puzzles due again by ``now``."""
        now = now or _now()
        if now.tzinfo is None:
            now = now.replace(tzinfo=UTC)
        with self._read() as conn:
            rows = conn.execute(_sql("SELECT item_id, stage, due FROM reviews WHERE learner_id = :l AND due <= :n"
                                     " ORDER BY due, item_id"), {"l": learner_id, "n": _iso(now)}).all()
        return [ReviewItem(r[0], int(r[1]), datetime.fromisoformat(r[2])) for r in rows]

    # -- choosing the next puzzle -----------------------------------------------------------
    def next_puzzle(self, learner_id: int, candidates: Sequence[Candidate], *, now: datetime | None = None,
                    rng: random.Random | None = None) -> str | None:
        """The puzzle to give the learner next, among ``candidates`` (the page's list):

        a review that is due first; otherwise one rated near the learner (the closest few, one
        at random), about :data:`WEAK_SHARE` of the time from his weakest themes (accuracy at
        the first try, then theme rating); never one he solved in the last
        :data:`RECENT_DAYS` days. None when every candidate was solved lately.

        Everything is read in one transaction, fresh: the puzzles near the learner's rating are
        found by the database (two range scans of ``item_ratings_by_rating`` around it), never
        from ratings kept in this process -- another app server may have just changed them.
        """
        now = now or _now()
        if now.tzinfo is None:
            now = now.replace(tzinfo=UTC)
        rng = rng or random.Random()
        since = _iso(now - timedelta(days=RECENT_DAYS))
        pool = self._pool(candidates)
        with self._read() as conn:
            learner = conn.execute(_sql("SELECT rating FROM learners WHERE id = :i"), {"i": learner_id}).first()
            if learner is None:
                raise ProgressError(f"no learner with id {learner_id}")
            target = float(learner[0])
            tried: set[str] = set()
            recent: set[str] = set()
            for item, solved_lately in conn.execute(_sql(
                    "SELECT item_id, max(CASE WHEN correct = 1 AND ts >= :s THEN 1 ELSE 0 END) FROM attempts"
                    " WHERE learner_id = :l GROUP BY item_id"), {"l": learner_id, "s": since}):
                tried.add(item)
                if solved_lately:
                    recent.add(item)
            for (item,) in conn.execute(_sql(
                    "SELECT item_id FROM reviews WHERE learner_id = :l AND due <= :n ORDER BY due, item_id"),
                    {"l": learner_id, "n": _iso(now)}):
                if item in pool.by_id and item not in recent:
                    return str(item)
            weak = set(self._weak_themes(conn, learner_id))
            focus = bool(weak) and rng.random() < WEAK_SHARE
            tests: list[Callable[[Candidate], bool]] = [
                lambda c: c.item_id not in recent and c.item_id not in tried and not weak.isdisjoint(c.themes),
                lambda c: c.item_id not in recent and c.item_id not in tried,
                lambda c: c.item_id not in recent,
            ]
            for ok in tests[0 if focus else 1:]:
                near = _nearest(conn, pool, target, ok, CHOOSE_AMONG)
                if near:
                    return rng.choice(near).item_id
        return None

    def _pool(self, candidates: Sequence[Candidate]) -> _Pool:
        """The page's candidates by id and by seed rating (their difficulty's), kept while the
        same list is passed: the page's own content, not shared state."""
        cached = self._pool_cache
        if cached is not None and cached[0] is candidates and cached[1].size == len(candidates):
            return cached[1]
        pool = _Pool.of(candidates)
        self._pool_cache = (candidates, pool)
        return pool

    def weak_themes(self, learner_id: int, count: int = 2) -> list[str]:
        """The learner's weakest themes: lowest accuracy at the first try, then lowest theme
        rating; only themes tried at least once and not yet mastered."""
        with self._read() as conn:
            return self._weak_themes(conn, learner_id, count)

    @classmethod
    def _weak_themes(cls, conn: Connection, learner_id: int, count: int = 2) -> list[str]:
        stats = cls._accuracy(conn, learner_id)
        ratings = cls._theme_ratings(conn, learner_id)
        ranked = sorted((s for s in stats if s.theme != "—"),
                        key=lambda s: (s.accuracy, ratings.get(s.theme, DEFAULT_RATING).rating, s.theme))
        return [s.theme for s in ranked
                if s.accuracy < 1.0 or ratings.get(s.theme, DEFAULT_RATING).rating < 1500][:count]

    # -- problem reports --------------------------------------------------------------------
    def report_problem(self, item_id: str, note: str, learner_id: int | None = None) -> Report:
        note = (note or "").strip()
        if not note:
            raise ProgressError("say what looks wrong in the puzzle")
        if len(note) > MAX_NOTE:
            raise ProgressError(f"a report has at most {MAX_NOTE} characters")
        ts = _now()
        with self._write() as conn:
            report_id = int(conn.execute(insert(T.reports).values(
                learner_id=learner_id, item_id=item_id, note=note, ts=_iso(ts)).returning(T.reports.c.id)
            ).scalar_one())
        return Report(report_id, learner_id, item_id, note, ts)

    def reports(self, item_id: str | None = None) -> list[Report]:
        sql = "SELECT id, learner_id, item_id, note, ts FROM reports"
        params: dict[str, object] = {}
        if item_id is not None:
            sql += " WHERE item_id = :i"
            params = {"i": item_id}
        with self._read() as conn:
            rows = conn.execute(_sql(sql + " ORDER BY id"), params).all()
        return [Report(int(r[0]), None if r[1] is None else int(r[1]), r[2], r[3], datetime.fromisoformat(r[4]))
                for r in rows]

    # -- drafts -----------------------------------------------------------------------------
    def save_draft(self, slot: str, text: str, *, learner_id: int | None = None, browser: str | None = None,
                   ts: datetime | None = None) -> Draft:
        """Save the text as the newest version of the draft in ``slot``, in one transaction.

        The same text as the newest version (of this learner, else of this browser) is not saved
        twice: that version is returned. Every other save adds a version, and only the oldest
        beyond :data:`DRAFTS_KEPT` -- counted for the learner and for the browser separately --
        are removed, so "start again" never silently drops the work just before it.
        """
        body: object = text
        _draft_owner(learner_id, browser)
        _check_slot(slot)
        if not isinstance(body, str):
            raise ProgressError(f"a draft is text, got {type(body).__name__}")
        if len(body) > MAX_DRAFT:
            raise ProgressError(f"a draft has at most {MAX_DRAFT} characters, got {len(body)}")
        ts = ts or _now()
        with self._write() as conn:
            if learner_id is not None:
                found = conn.execute(_sql(f"SELECT id FROM learners WHERE id = :i{self._lock()}"),
                                     {"i": learner_id}).first()
                if found is None:
                    raise ProgressError(f"no learner with id {learner_id}")
            if browser is not None and self.dialect == "postgresql":  # one writer per browser's drafts
                conn.execute(_sql("SELECT pg_advisory_xact_lock(hashtext(:b))"), {"b": browser})
            newest = self._newest_draft(conn, slot, learner_id, browser)
            if newest is not None and newest.text == body:
                return newest
            draft_id = int(conn.execute(insert(T.drafts).values(
                learner_id=learner_id, browser=browser, slot=slot, text=body, ts=_iso(ts)).returning(T.drafts.c.id)
            ).scalar_one())
            # keep a version while it is among the newest of its learner or of its browser
            conn.execute(_sql(
                "DELETE FROM drafts WHERE slot = :s AND (learner_id = :l OR browser = :b)"
                " AND NOT (learner_id IS NOT NULL AND (SELECT count(*) FROM drafts d WHERE d.slot = drafts.slot"
                "          AND d.learner_id = drafts.learner_id AND d.id > drafts.id) < :k)"
                " AND NOT (browser IS NOT NULL AND (SELECT count(*) FROM drafts d WHERE d.slot = drafts.slot"
                "          AND d.browser = drafts.browser AND d.id > drafts.id) < :k)"),
                {"s": slot, "l": learner_id, "b": browser, "k": DRAFTS_KEPT})
        return Draft(draft_id, learner_id, browser, slot, body, ts)

    @staticmethod
    def _newest_draft(conn: Connection, slot: str, learner_id: int | None, browser: str | None) -> Draft | None:
        column, key = ("learner_id", learner_id) if learner_id is not None else ("browser", browser)
        row = conn.execute(_sql(f"SELECT id, learner_id, browser, slot, text, ts FROM drafts WHERE slot = :s"
                                f" AND {column} = :k ORDER BY id DESC LIMIT 1"), {"s": slot, "k": key}).first()
        return None if row is None else _draft(tuple(row))

    def drafts(self, slot: str, *, learner_id: int | None = None, browser: str | None = None) -> list[Draft]:
        """The saved versions of a draft, newest first: the learner's when a learner is named
        (they follow the learner to another browser), else the browser's."""
        _draft_owner(learner_id, browser)
        _check_slot(slot)
        column, key = ("learner_id", learner_id) if learner_id is not None else ("browser", browser)
        with self._read() as conn:
            rows = conn.execute(_sql(f"SELECT id, learner_id, browser, slot, text, ts FROM drafts WHERE slot = :s"
                                     f" AND {column} = :k ORDER BY id DESC LIMIT :n"),
                                {"s": slot, "k": key, "n": DRAFTS_KEPT}).all()
        return [_draft(tuple(r)) for r in rows]

    def latest_draft(self, slot: str, *, learner_id: int | None = None, browser: str | None = None) -> Draft | None:
        """The newest version of a draft, or None when nothing was saved."""
        _draft_owner(learner_id, browser)
        _check_slot(slot)
        with self._read() as conn:
            return self._newest_draft(conn, slot, learner_id, browser)

    def count_drafts(self) -> int:
        with self._read() as conn:
            return int(conn.execute(_sql("SELECT count(*) FROM drafts")).scalar_one())

    # -- accounts ---------------------------------------------------------------------------
    def set_password(self, learner_id: int, password: str) -> None:
        """Give the learner a password (argon2 hash only: the password itself is never kept)."""
        hashed = hash_password(password)
        with self._write() as conn:
            done = conn.execute(_sql("UPDATE learners SET password_hash = :h, failed_logins = 0, locked_until = ''"
                                     " WHERE id = :i"), {"h": hashed, "i": learner_id}).rowcount
            conn.execute(_sql("DELETE FROM sessions WHERE learner_id = :i"), {"i": learner_id})
        if not done:
            raise ProgressError(f"no learner with id {learner_id}")

    def login(self, name: str, password: str, *, now: datetime | None = None) -> str:
        """Check a learner's password and open a session: its token (kept by the browser; the
        database keeps only its hash). After :data:`tutor.accounts.FREE_FAILURES` wrong
        passwords in a row the name is locked for a while that doubles with each further one
        (:class:`LoginThrottled`); a wrong name or password is one :class:`LoginFailed`."""
        now = now or _now()
        key = name_key(_clean_name(name))
        with self._write() as conn:
            row = conn.execute(_sql(f"SELECT id, password_hash, failed_logins, locked_until FROM learners"
                                    f" WHERE name_key = :k{self._lock()}"), {"k": key}).first()
            if row is None or row[1] is None:
                verify_password(None, password)  # the same work as for a real hash: no timing hint
                raise LoginFailed("wrong name or password")
            learner_id, hashed, failures, locked = int(row[0]), str(row[1]), int(row[2]), str(row[3])
            if locked and datetime.fromisoformat(locked) > now:
                raise LoginThrottled(datetime.fromisoformat(locked))
            if not verify_password(hashed, password):
                failures += 1
                until = throttle_until(failures, now)
                conn.execute(_sql("UPDATE learners SET failed_logins = :f, locked_until = :u WHERE id = :i"),
                             {"f": failures, "u": _iso(until) if until else "", "i": learner_id})
                failed: LoginFailed = LoginFailed("wrong name or password")
            else:
                token = new_token()
                conn.execute(_sql("UPDATE learners SET failed_logins = 0, locked_until = '' WHERE id = :i"),
                             {"i": learner_id})
                conn.execute(_sql("DELETE FROM sessions WHERE expires < :n"), {"n": _iso(now)})
                conn.execute(insert(T.sessions).values(token_hash=token_hash(token), learner_id=learner_id,
                                                       created=_iso(now), expires=_iso(now + SESSION_TTL)))
                return token
        raise failed

    def session_learner(self, token: str, *, now: datetime | None = None) -> Learner | None:
        """The learner a session token belongs to, or None when unknown or expired."""
        if not isinstance(token, str) or not token:
            return None
        now = now or _now()
        with self._read() as conn:
            row = conn.execute(_sql("SELECT learner_id, expires FROM sessions WHERE token_hash = :h"),
                               {"h": token_hash(token)}).first()
        if row is None or datetime.fromisoformat(str(row[1])) <= now:
            return None
        return self.learner_by_id(int(row[0]))

    def logout(self, token: str) -> None:
        with self._write() as conn:
            conn.execute(_sql("DELETE FROM sessions WHERE token_hash = :h"), {"h": token_hash(token)})

    # -- who may see whom -------------------------------------------------------------------
    def can_see(self, viewer_id: int, learner_id: int) -> bool:
        """A learner sees his own data; a teacher sees the learners of the classes he teaches."""
        if viewer_id == learner_id:
            return True
        with self._read() as conn:
            row = conn.execute(_sql("SELECT 1 FROM class_members m JOIN classes c ON c.id = m.class_id"
                                    " WHERE c.teacher_id = :v AND m.learner_id = :l LIMIT 1"),
                               {"v": viewer_id, "l": learner_id}).first()
        return row is not None

    def check_can_see(self, viewer_id: int, learner_id: int) -> None:
        if not self.can_see(viewer_id, learner_id):
            raise AccessDenied("you can see only your own progress and that of your classes' learners")

    # -- export and delete ------------------------------------------------------------------
    def export_learner(self, learner_id: int) -> dict[str, Any]:
        """Everything kept about a learner, as JSON-ready data (not the password's hash: only
        whether there is one)."""
        learner = self.learner_by_id(learner_id)
        rating = self.rating(learner_id)
        with self._read() as conn:
            lessons = conn.execute(_sql("SELECT lesson_id, ts FROM lessons_done WHERE learner_id = :l"
                                        " ORDER BY lesson_id"), {"l": learner_id}).all()
            reports = conn.execute(_sql("SELECT item_id, note, ts FROM reports WHERE learner_id = :l ORDER BY id"),
                                   {"l": learner_id}).all()
            drafts = conn.execute(_sql("SELECT slot, text, ts FROM drafts WHERE learner_id = :l ORDER BY id"),
                                  {"l": learner_id}).all()
            classes = conn.execute(_sql("SELECT c.name, m.joined FROM class_members m JOIN classes c"
                                        " ON c.id = m.class_id WHERE m.learner_id = :l ORDER BY c.name_key"),
                                   {"l": learner_id}).all()
            taught = conn.execute(_sql("SELECT name, code FROM classes WHERE teacher_id = :l ORDER BY name_key"),
                                  {"l": learner_id}).all()
        return {
            "learner": learner.name, "role": learner.role, "time_zone": learner.tz,
            "password": learner.has_password,
            "rating": round(rating.rating, 1), "rd": round(rating.rd, 1),
            "themes": {t: {"rating": round(r.rating, 1), "rd": round(r.rd, 1)}
                       for t, r in self.theme_ratings(learner_id).items()},
            "attempts": [{"item": a.item_id, "kind": a.kind, "themes": list(a.themes), "correct": a.correct,
                          "hints": a.hints_used, "score": a.score, "answer": a.answer, "ts": _iso(a.ts),
                          "day": a.day.isoformat()} for a in self.attempts(learner_id)],
            "lessons_done": [{"lesson": r[0], "ts": r[1]} for r in lessons],
            "reviews": [{"item": r.item_id, "stage": r.stage, "due": _iso(r.due)} for r in self.review_queue(learner_id)],
            "reports": [{"item": r[0], "note": r[1], "ts": r[2]} for r in reports],
            "drafts": [{"slot": r[0], "text": r[1], "ts": r[2]} for r in drafts],
            "classes": [{"class": r[0], "joined": r[1]} for r in classes],
            "teaches": [{"class": r[0], "code": r[1]} for r in taught],
        }

    def delete_learner(self, learner_id: int) -> None:
        """Remove a learner and everything kept about him -- his classes too when he taught
        them. Puzzles' ratings stay (they hold nothing of his)."""
        with self._write() as conn:
            if conn.execute(_sql(f"SELECT id FROM learners WHERE id = :i{self._lock()}"),
                            {"i": learner_id}).first() is None:
                raise ProgressError(f"no learner with id {learner_id}")
            taught = "(SELECT id FROM classes WHERE teacher_id = :i)"
            for sql in (f"DELETE FROM assignments WHERE class_id IN {taught}",
                        f"DELETE FROM class_members WHERE class_id IN {taught}",
                        "DELETE FROM classes WHERE teacher_id = :i",
                        "DELETE FROM class_members WHERE learner_id = :i",
                        "DELETE FROM sessions WHERE learner_id = :i",
                        "DELETE FROM theme_ratings WHERE learner_id = :i",
                        "DELETE FROM drafts WHERE learner_id = :i",
                        "DELETE FROM reports WHERE learner_id = :i",
                        "DELETE FROM reviews WHERE learner_id = :i",
                        "DELETE FROM lessons_done WHERE learner_id = :i",
                        "DELETE FROM attempts WHERE learner_id = :i",
                        "DELETE FROM learners WHERE id = :i"):
                conn.execute(_sql(sql), {"i": learner_id})

    # -- classes ----------------------------------------------------------------------------
    def create_class(self, name: str, teacher_id: int) -> ClassInfo:
        """A new class taught by ``teacher_id`` (who becomes a teacher), with a join code."""
        cleaned = _clean_name(name, what="a class's name")
        with self._write() as conn:
            if conn.execute(_sql("SELECT 1 FROM learners WHERE id = :i"), {"i": teacher_id}).first() is None:
                raise ProgressError(f"no learner with id {teacher_id}")
            if conn.execute(_sql("SELECT 1 FROM classes WHERE name_key = :k"),
                            {"k": name_key(cleaned)}).first() is not None:
                raise ProgressError(f"a class named {cleaned!r} exists already")
            code = new_class_code()
            while conn.execute(_sql("SELECT 1 FROM classes WHERE code = :c"), {"c": code}).first() is not None:
                code = new_class_code()  # pragma: no cover - 32^6 codes
            class_id = int(conn.execute(insert(T.classes).values(
                name=cleaned, name_key=name_key(cleaned), code=code, teacher_id=teacher_id,
                created=_iso(_now())).returning(T.classes.c.id)).scalar_one())
            conn.execute(_sql("UPDATE learners SET role = 'teacher' WHERE id = :i"), {"i": teacher_id})
        return ClassInfo(class_id, cleaned, code, teacher_id)

    def _class_row(self, where: str, value: object) -> ClassInfo | None:
        with self._read() as conn:
            row = conn.execute(_sql(f"SELECT id, name, code, teacher_id FROM classes WHERE {where} = :v"),
                               {"v": value}).first()
        return None if row is None else ClassInfo(int(row[0]), str(row[1]), str(row[2]), int(row[3]))

    def class_named(self, name: str) -> ClassInfo:
        found = self._class_row("name_key", name_key(_clean_name(name, what="a class's name")))
        if found is None:
            raise ProgressError(f"no class named {name!r}")
        return found

    def join_class(self, code: str, learner_id: int) -> ClassInfo:
        """The learner joins the class whose code he was given (joining twice changes nothing)."""
        found = self._class_row("code", normal_code(code))
        if found is None:
            raise ProgressError(f"no class has the code {code!r}; check it with your teacher")
        with self._write() as conn:
            if conn.execute(_sql("SELECT 1 FROM learners WHERE id = :i"), {"i": learner_id}).first() is None:
                raise ProgressError(f"no learner with id {learner_id}")
            conn.execute(_sql("INSERT INTO class_members (class_id, learner_id, joined) VALUES (:c, :l, :j)"
                              " ON CONFLICT (class_id, learner_id) DO NOTHING"),
                         {"c": found.id, "l": learner_id, "j": _iso(_now())})
        return found

    def assign(self, class_id: int, items: Sequence[str], *, kind: str = "puzzle", due: date | None = None) -> None:
        """Give the class homework: puzzles (or lessons) to do, by a date or open-ended.
        Assigning an item again changes its due date."""
        if kind not in ("puzzle", "lesson"):
            raise ProgressError(f"homework is puzzles or lessons, got {kind!r}")
        if not items or any(not isinstance(i, str) or not i.strip() for i in items):
            raise ProgressError("name at least one puzzle (or lesson) to assign")
        with self._write() as conn:
            for item in items:
                conn.execute(_sql("INSERT INTO assignments (class_id, item_id, kind, due, created)"
                                  " VALUES (:c, :i, :k, :d, :t) ON CONFLICT (class_id, item_id) DO UPDATE"
                                  " SET due = excluded.due, kind = excluded.kind"),
                             {"c": class_id, "i": item.strip(), "k": kind,
                              "d": due.isoformat() if due else None, "t": _iso(_now())})

    def assignments(self, class_id: int) -> list[Assignment]:
        with self._read() as conn:
            rows = conn.execute(_sql("SELECT item_id, kind, due FROM assignments WHERE class_id = :c ORDER BY id"),
                                {"c": class_id}).all()
        return [Assignment(str(r[0]), str(r[1]), date.fromisoformat(r[2]) if r[2] else None) for r in rows]

    def classes_taught(self, teacher_id: int) -> list[ClassInfo]:
        with self._read() as conn:
            rows = conn.execute(_sql("SELECT id, name, code, teacher_id FROM classes WHERE teacher_id = :t"
                                     " ORDER BY name_key"), {"t": teacher_id}).all()
        return [ClassInfo(int(r[0]), str(r[1]), str(r[2]), int(r[3])) for r in rows]

    def classes_joined(self, learner_id: int) -> list[ClassInfo]:
        with self._read() as conn:
            rows = conn.execute(_sql("SELECT c.id, c.name, c.code, c.teacher_id FROM classes c JOIN class_members m"
                                     " ON m.class_id = c.id WHERE m.learner_id = :l ORDER BY c.name_key"),
                                {"l": learner_id}).all()
        return [ClassInfo(int(r[0]), str(r[1]), str(r[2]), int(r[3])) for r in rows]

    def homework(self, learner_id: int) -> list[Homework]:
        """The learner's own homework from every class he joined, soonest due first (open-ended
        last), each with his state (as in the teacher's grid): what he has to do, and by when."""
        with self._read() as conn:
            rows = conn.execute(_sql(
                "SELECT c.name, h.item_id, h.kind, h.due FROM assignments h JOIN classes c ON c.id = h.class_id"
                " JOIN class_members m ON m.class_id = h.class_id WHERE m.learner_id = :l"
                " ORDER BY CASE WHEN h.due IS NULL THEN 1 ELSE 0 END, h.due, c.name_key, h.id"),
                {"l": learner_id}).all()
            firsts = {str(r[0]): (bool(r[1]), int(r[2])) for r in conn.execute(_sql(
                "SELECT item_id, correct, hints_used FROM attempts WHERE learner_id = :l AND first_try = 1"),
                {"l": learner_id})}
            done = {str(r[0]) for r in conn.execute(_sql(
                "SELECT lesson_id FROM lessons_done WHERE learner_id = :l"), {"l": learner_id})}
        return [Homework(str(name), Assignment(str(item), str(kind), date.fromisoformat(due) if due else None),
                         _item_state(str(kind), firsts.get(str(item)), str(item) in done))
                for name, item, kind, due in rows]

    def class_report(self, class_id: int, *, viewer_id: int | None = None) -> list[ReportRow]:
        """The teacher's grid: each learner of the class (not the teacher), each assigned item's
        state (:class:`ItemState`, from the learner's first try), and his weakest themes.
        With ``viewer_id`` only the class's teacher may read it (:class:`AccessDenied`)."""
        with self._read() as conn:
            cls = conn.execute(_sql("SELECT teacher_id FROM classes WHERE id = :c"), {"c": class_id}).first()
            if cls is None:
                raise ProgressError(f"no class with id {class_id}")
            if viewer_id is not None and int(cls[0]) != viewer_id:
                raise AccessDenied("only the class's teacher can see its report")
            members = conn.execute(_sql("SELECT l.id, l.name FROM class_members m JOIN learners l ON l.id = m.learner_id"
                                        " WHERE m.class_id = :c AND l.id != :t ORDER BY l.name_key"),
                                   {"c": class_id, "t": int(cls[0])}).all()
            homework = conn.execute(_sql("SELECT item_id, kind FROM assignments WHERE class_id = :c ORDER BY id"),
                                    {"c": class_id}).all()
            firsts = conn.execute(_sql(
                "SELECT a.learner_id, a.item_id, a.correct, a.hints_used FROM attempts a"
                " JOIN class_members m ON m.learner_id = a.learner_id AND m.class_id = :c"
                " JOIN assignments h ON h.item_id = a.item_id AND h.class_id = :c"
                " WHERE a.first_try = 1"), {"c": class_id}).all()
            lessons = conn.execute(_sql(
                "SELECT d.learner_id, d.lesson_id FROM lessons_done d"
                " JOIN class_members m ON m.learner_id = d.learner_id AND m.class_id = :c"), {"c": class_id}).all()
        first = {(int(r[0]), str(r[1])): (bool(r[2]), int(r[3])) for r in firsts}
        done = {(int(r[0]), str(r[1])) for r in lessons}
        rows = []
        for learner_id, name in members:
            items: dict[str, ItemState] = {}
            for item_id, kind in homework:
                items[item_id] = _item_state(str(kind), first.get((int(learner_id), item_id)),
                                             (int(learner_id), item_id) in done)
            rows.append(ReportRow(str(name), items, tuple(self.weak_themes(int(learner_id)))))
        return rows


_P = ParamSpec("_P")
_R = TypeVar("_R")


def _guard_rows(method: Callable[Concatenate[ProgressStore, _P], _R]) -> Callable[Concatenate[ProgressStore, _P], _R]:
    """Turn a row that cannot be read back (a date, a number or JSON garbled on disk, which
    SQLite's own check does not see) into :class:`StoreUnavailable` ("damaged"), so a page says
    so instead of failing on a ``ValueError`` deep in a list of attempts."""

    @functools.wraps(method)
    def guarded(self: ProgressStore, /, *args: _P.args, **kwargs: _P.kwargs) -> _R:
        try:
            return method(self, *args, **kwargs)
        except ProgressError:
            raise
        except (ValueError, TypeError, KeyError, IndexError) as exc:
            raise StoreUnavailable("damaged", self.path, f"the progress file {self.path} holds a damaged "
                                   f"record ({type(exc).__name__}: {exc})") from None

    return guarded


for _name, _method in list(vars(ProgressStore).items()):
    if not _name.startswith("_") and callable(_method):
        setattr(ProgressStore, _name, _guard_rows(_method))


def _item_state(kind: str, first: tuple[bool, int] | None, lesson_done: bool) -> ItemState:
    """An assigned item's state from the learner's first try (right?, hints) or, for a lesson,
    whether he finished it (done counts as "first-try": the grid has four states)."""
    if kind == "lesson" and lesson_done:
        return ItemState.FIRST_TRY
    if first is None:
        return ItemState.OPEN
    return ItemState.WRONG if not first[0] else ItemState.HINTS if first[1] else ItemState.FIRST_TRY


@dataclass(frozen=True)
class _Pool:
    """The candidates of one choice: by id, and grouped by seed rating (a puzzle nobody has
    tried yet is placed by its difficulty's seed), nearest groups are walked first."""

    by_id: dict[str, Candidate]
    by_seed: tuple[tuple[float, tuple[Candidate, ...]], ...]
    size: int

    @classmethod
    def of(cls, candidates: Sequence[Candidate]) -> _Pool:
        groups: dict[float, list[Candidate]] = {}
        for c in candidates:
            groups.setdefault(seed_rating(c.difficulty).rating, []).append(c)
        return cls({c.item_id: c for c in candidates},
                   tuple((seed, tuple(sorted(cs, key=lambda c: c.item_id))) for seed, cs in sorted(groups.items())),
                   len(candidates))


#: How many candidates of one seed group are asked at once whether they have a rating (at most
#: four times, and no further once a whole batch is rated: such a group's puzzles are placed by
#: their ratings, read by the range scans).
_SEED_CHUNK = 64


def _nearest(conn: Connection, pool: _Pool, target: float, ok: Callable[[Candidate], bool],
             count: int) -> list[Candidate]:
    """Up to ``count`` candidates passing ``ok``, nearest to ``target`` first.

    Rated puzzles: the database reads ``n`` ratings on each side of ``target`` (by the index),
    widening until the ``count`` nearest passing ones are closer than the edge of what was
    read. Puzzles nobody tried yet sit at their difficulty's seed: the nearest seed groups are
    asked which of their members have no rating yet (a few dozen at a time)."""
    found: list[tuple[float, str, Candidate]] = []
    seen: set[str] = set()
    n = 8 * count
    while True:
        rows = conn.execute(_sql(  # both scans in one round trip
            "SELECT 1, item_id, rating FROM (SELECT item_id, rating FROM item_ratings WHERE rating >= :t"
            " ORDER BY rating, item_id LIMIT :n) AS up UNION ALL"
            " SELECT 0, item_id, rating FROM (SELECT item_id, rating FROM item_ratings WHERE rating < :t"
            " ORDER BY rating DESC, item_id LIMIT :n) AS down"), {"t": target, "n": n}).all()
        above = sorted(((str(r[1]), float(r[2])) for r in rows if r[0] == 1), key=lambda r: (r[1], r[0]))
        below = sorted(((str(r[1]), float(r[2])) for r in rows if r[0] == 0), key=lambda r: (-r[1], r[0]))
        found, seen = [], set()
        for item, rating in (*above, *below):
            seen.add(str(item))
            c = pool.by_id.get(str(item))
            if c is not None and ok(c):
                found.append((abs(float(rating) - target), c.item_id, c))
        found.sort(key=lambda f: (f[0], f[1]))
        # every rating between the last one read below and the last one read above is known
        reach = min(float(above[-1][1]) - target if len(above) == n else float("inf"),
                    target - float(below[-1][1]) if len(below) == n else float("inf"))
        if reach == float("inf") or (len(found) >= count and found[count - 1][0] <= reach):
            break
        n *= 4
    found = found[:count]
    for seed, members in sorted(pool.by_seed, key=lambda g: (abs(g[0] - target), g[0])):
        distance = abs(seed - target)
        if len(found) >= count and distance > found[-1][0]:
            break
        passing = (c for c in members if c.item_id not in seen and ok(c))
        taken = 0
        for _ in range(4):
            chunk = list(itertools.islice(passing, _SEED_CHUNK))
            if not chunk:
                break
            rated = {str(r[0]) for r in conn.execute(
                _sql("SELECT item_id FROM item_ratings WHERE item_id IN :ids").bindparams(
                    bindparam("ids", expanding=True)), {"ids": [c.item_id for c in chunk]})}
            fresh = [c for c in chunk if c.item_id not in rated]
            found.extend((distance, c.item_id, c) for c in fresh)
            taken += len(fresh)
            if taken >= count or not fresh:  # enough, or a group rated through: its ratings were read above
                break
        found.sort(key=lambda f: (f[0], f[1]))
        found = found[:count]
    return [c for _, _, c in found]


def _draft_owner(learner_id: int | None, browser: str | None) -> None:
    if learner_id is None and browser is None:
        raise ProgressError("a draft belongs to a learner or to a browser: name one")
    if learner_id is not None and (not isinstance(learner_id, int) or isinstance(learner_id, bool)):
        raise ProgressError(f"a learner id is a whole number, got {learner_id!r}")
    if browser is not None and (not isinstance(browser, str) or not _BROWSER_KEY.fullmatch(browser)):
        raise ProgressError(f"a browser key is 8 to 64 letters, digits, '-' or '_', got {browser!r}")


def _check_slot(slot: str) -> None:
    if not isinstance(slot, str) or not slot.strip() or len(slot) > MAX_SLOT:
        raise ProgressError(f"a draft slot is a name of 1 to {MAX_SLOT} characters, got {slot!r}")


def _draft(row: tuple[int, int | None, str | None, str, str, str]) -> Draft:
    draft_id, learner_id, browser, slot, text, ts = row
    return Draft(int(draft_id), None if learner_id is None else int(learner_id), browser, slot, text,
                 datetime.fromisoformat(ts))


class _Batch:
    """A SQLite write transaction shared by several writers of this process (group commit)."""

    def __init__(self, conn: Connection, trans: Any) -> None:
        self.conn = conn
        self.trans = trans
        self.size = 0
        self.done = threading.Event()
        self.error: ProgressError | None = None

    def failure(self) -> ProgressError:
        """The group's error, a copy per writer (each thread raises its own)."""
        assert self.error is not None
        return copy.copy(self.error)


class _Writers:
    """This process's writers of one SQLite file: the lock they queue on, how many wait, and
    the group transaction still open (see :meth:`ProgressStore._group_write`)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.lock = threading.Lock()
        self._guard = threading.Lock()
        self._waiting = 0
        self.batch: _Batch | None = None

    def acquire(self, timeout: float) -> bool:
        with self._guard:
            self._waiting += 1
        try:
            return self.lock.acquire(timeout=timeout)
        finally:
            with self._guard:
                self._waiting -= 1

    def others_waiting(self) -> bool:
        with self._guard:
            return self._waiting > 0

    def commit_batch(self, errors: Callable[[], Any]) -> None:
        """Commit the open group (the lock is held) and wake its writers."""
        batch = self.batch
        assert batch is not None
        self.batch = None
        try:
            raw = cast(sqlite3.Connection, batch.conn.connection.driver_connection)
            if not raw.in_transaction:  # SQLite ended it on an error: committing now would lie
                raise StoreUnavailable("unreadable", self.path, f"cannot use the progress file {self.path}: "
                                       "a write failed and was undone; nothing was saved, try again")
            with errors():
                batch.trans.commit()
        except ProgressError as exc:
            batch.error = exc
            self._roll_back(batch)
        finally:
            batch.conn.close()
            batch.done.set()

    def fail_batch(self, error: ProgressError) -> None:
        """Undo the open group (the lock is held): every writer in it gets ``error``."""
        batch = self.batch
        assert batch is not None
        self.batch = None
        batch.error = error
        try:
            self._roll_back(batch)
        finally:
            batch.conn.close()
            batch.done.set()

    @staticmethod
    def _roll_back(batch: _Batch) -> None:
        try:
            batch.trans.rollback()
        except Exception:  # noqa: BLE001 - already gone
            pass


#: One set of writers per SQLite file (by its real path), shared by the stores of this process.
_WRITERS: dict[str, _Writers] = {}
_WRITERS_GUARD = threading.Lock()
#: The most writers one commit carries (a bound on the wait of the first of them).
GROUP_COMMIT_MAX = 16


def _writers_of(p: Path) -> _Writers:
    key = os.path.realpath(p)
    with _WRITERS_GUARD:
        found = _WRITERS.get(key)
        if found is None:
            found = _WRITERS[key] = _Writers(p)
        return found


def _inspect(p: Path) -> tuple[int, str | None, bool]:
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
        conn = _connect_ro(p, inspect=True)
        try:
            tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            check = conn.execute("PRAGMA quick_check(1)").fetchone()[0]
            row = (conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
                   if "meta" in tables else None)
            rev = (conn.execute("SELECT version_num FROM alembic_version").fetchone()
                   if "alembic_version" in tables else None)
            if live:  # a mode=ro connection reads the journal mode from the header
                wal = str(conn.execute("PRAGMA journal_mode").fetchone()[0]).lower() == "wal"
        finally:
            conn.close()
    except (sqlite3.Error, ValueError) as exc:  # ValueError: text that is not UTF-8 in the schema
        if isinstance(exc, sqlite3.Error) and _errname(exc) in ("SQLITE_BUSY", "SQLITE_LOCKED"):
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
    :func:`_inspect`."""
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


def _connect_ro(p: Path, *, inspect: bool = False) -> sqlite3.Connection:
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
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except sqlite3.OperationalError as exc:
        if _errname(exc) != "SQLITE_CANTOPEN":
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
    read_only = None if _writable(p) else "file"
    if p.stat().st_size == 0:
        return StoreCheck(p, True, 0, read_only, None, None, {})
    try:
        version, _, _ = _inspect(p)
        conn = _connect_ro(p, inspect=True)
        try:
            rows = conn.execute("PRAGMA integrity_check(20)").fetchall()
            counts = {}
            for table in ("learners", "attempts", "lessons_done", "reviews", "reports", "drafts", "classes"):
                try:
                    counts[table] = int(conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0])
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
    import tempfile

    report = check_store(path)
    if not report.ok:
        raise StoreUnavailable(report.reason or "damaged", report.path, report.problem or "cannot back up")
    fd, tmp = tempfile.mkstemp(dir=dest.parent, prefix=f".{dest.name}.", suffix=".tmp")
    os.close(fd)
    try:
        src = _connect_ro(report.path)
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


#: The first 16 bytes of every SQLite 3 database file.
_SQLITE_MAGIC = b"SQLite format 3\x00"


def _errname(exc: sqlite3.Error) -> str:
    return str(getattr(exc, "sqlite_errorname", "") or "")


def _writable(p: Path) -> bool:
    """Whether we may write the file: the system allows it and someone left a write bit on.

    The write bits are asked too because root may write anything: a teacher who made the file
    read-only (``chmod a-w``) means it, whoever runs the server.
    """
    try:
        mode = p.stat().st_mode
    except OSError:
        return False
    return bool(mode & 0o222) and os.access(p, os.W_OK) and os.access(p.parent, os.W_OK)


def _statements(script: str) -> list[str]:
    """Split a migration into statements (``executescript`` would commit our transaction)."""
    return [s.strip() for s in script.split(";") if s.strip()]
