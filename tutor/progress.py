"""The learner's progress: a small SQLite store of learners, attempts, streaks, reviews and drafts.

Why SQLite: the app is served to several browser tabs (and sometimes a classroom) at once, and
an attempt must never be lost. Every write is its own short ``BEGIN IMMEDIATE`` transaction on a
fresh connection with a busy timeout, and the database runs in WAL mode so readers never block
the writer. The schema carries a version in the ``meta`` table; :data:`MIGRATIONS` brings an old
file up to date when it is opened.

The file lives at ``$WHIST_TUTOR_DB`` or, by default, ``~/.local/share/whist-tutor/progress.db``
(``$XDG_DATA_HOME`` is honoured). Learners are picked or created by name -- no passwords: this is
a practice log, not an account system.

Drafts (schema 3) keep what is being typed -- the workshop's YAML, a report not yet sent -- as
the last :data:`DRAFTS_KEPT` versions per learner and per browser, so a reload, a closed tab or
"start again" never loses a teacher's work.

Failed puzzles come back on a simple spaced schedule (:data:`REVIEW_INTERVALS`): a miss puts the
puzzle in the queue for tomorrow; each later success pushes it further out, until it leaves.
"""

from __future__ import annotations

import functools
import json
import os
import re
import sqlite3
import unicodedata
import urllib.parse
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone
from pathlib import Path
from typing import Any, Concatenate, ParamSpec, TypeVar, cast

from tutor.clock import learner_today, zone_name
from tutor.errors import WhistError

__all__ = [
    "ProgressError",
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
    "REVIEW_INTERVALS",
    "SCHEMA_VERSION",
    "MIGRATIONS",
    "default_db_path",
    "StoreCheck",
    "check_store",
    "backup_store",
]

#: What an attempt answered: a lesson exercise, a puzzle from the collection, the daily puzzle.
KINDS: tuple[str, ...] = ("lesson", "puzzle", "daily")
#: Days until a failed puzzle is shown again, by how many times it has since been solved.
REVIEW_INTERVALS: tuple[int, ...] = (1, 3, 7, 21)
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

#: Schema migrations, applied in order; the ``meta`` table records the last one applied.
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
SCHEMA_VERSION = MIGRATIONS[-1][0]


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


@dataclass(frozen=True)
class Learner:
    """A learner, known by name, with the time zone his days are counted in ("" = the machine's)."""

    id: int
    name: str
    tz: str = ""


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


def default_db_path() -> Path:
    """``$WHIST_TUTOR_DB``, else the user's data dir (``$XDG_DATA_HOME`` or ``~/.local/share``)."""
    env = os.environ.get("WHIST_TUTOR_DB")
    if env:
        return Path(env).expanduser()
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "whist-tutor" / "progress.db"


def _now() -> datetime:
    return datetime.now(timezone.utc)


def _iso(ts: datetime) -> str:
    if ts.tzinfo is None:
        ts = ts.replace(tzinfo=timezone.utc)
    return ts.astimezone(timezone.utc).isoformat(timespec="microseconds")


def _clean_name(name: str) -> str:
    if not isinstance(name, str):
        raise ProgressError(f"a learner's name must be text, got {name!r}")
    cleaned = " ".join(unicodedata.normalize("NFC", name).split())
    if not cleaned:
        raise ProgressError("a learner's name cannot be empty")
    if len(cleaned) > MAX_NAME:
        raise ProgressError(f"a learner's name has at most {MAX_NAME} characters, got {len(cleaned)}")
    if any(unicodedata.category(ch).startswith("C") for ch in cleaned):
        raise ProgressError(f"a learner's name cannot contain control characters: {name!r}")
    return cleaned


class ProgressStore:
    """The progress database at ``path`` (created and migrated on first use).

    Safe to share between threads and processes: nothing is kept open between calls.

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
        self.path = Path(path).expanduser() if path is not None else default_db_path()
        if create_folder is None:  # the app passes the default path explicitly: compare, not `path is None`
            create_folder = not os.environ.get("WHIST_TUTOR_DB") and self.path == default_db_path()
        if str(self.path) == ":memory:":
            raise ProgressError("the progress store needs a file (several connections share it)")
        #: Why the store is read-only (``"file"``: the file is not writable; ``"newer"``: its
        #: schema is newer than this program's), or None when it can be written.
        self.read_only: str | None = None
        self._open(create_folder)

    def __repr__(self) -> str:
        return f"ProgressStore({str(self.path)!r})"

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
        version = _inspect(p)
        if version > SCHEMA_VERSION:
            self.read_only = "newer"
        elif not writable:
            self.read_only = "file"
            if version < SCHEMA_VERSION:
                raise StoreUnavailable(
                    "unreadable", p,
                    f"the progress file {p} is read-only and has the old schema version {version}; "
                    "make it writable once so it can be updated")
        elif version == SCHEMA_VERSION and _is_wal(p):
            return  # up to date: opening writes nothing, so a lock held elsewhere cannot stall it
        else:
            self._migrate()

    # -- connections ------------------------------------------------------------------------
    def _connect(self) -> sqlite3.Connection:
        if self.read_only is not None:
            return _connect_ro(self.path)
        conn = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None)
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        conn.execute("PRAGMA foreign_keys = ON")
        return conn

    def _refuse_write(self) -> None:
        if self.read_only == "newer":
            raise StoreReadOnly("newer", self.path, f"{self.path} was written by a newer Whist Tutor (schema "
                                "newer than this program's): progress is shown but nothing new is saved")
        raise StoreReadOnly("file", self.path, f"the progress file {self.path} is read-only: "
                            "progress is shown but nothing new is saved")

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One short write transaction; IMMEDIATE takes the write lock up front, so two tabs
        wait for each other (within the busy timeout) instead of failing half-way."""
        if self.read_only is not None:
            self._refuse_write()
        with self._sqlite_errors():
            conn = self._connect()
            try:
                conn.execute("BEGIN IMMEDIATE")
                try:
                    yield conn
                except BaseException:
                    try:
                        conn.execute("ROLLBACK")
                    except sqlite3.Error:  # the failed statement may have rolled back already
                        pass
                    raise
                conn.execute("COMMIT")
            finally:
                conn.close()

    @contextmanager
    def _read(self) -> Iterator[sqlite3.Connection]:
        with self._sqlite_errors():
            conn = self._connect()
            try:
                yield conn
            finally:
                conn.close()

    @contextmanager
    def _sqlite_errors(self) -> Iterator[None]:
        """A SQLite failure after opening (locked too long, disk full, the file damaged or
        made read-only meanwhile) becomes one of our errors, with words instead of a trace."""
        try:
            yield
        except sqlite3.Error as exc:
            name = _errname(exc)
            p = self.path
            if name in ("SQLITE_BUSY", "SQLITE_LOCKED"):
                raise StoreBusy(f"the progress file {p} stayed locked by another program for more than "
                                f"{BUSY_TIMEOUT_MS // 1000} s; nothing was saved, try again") from None
            if name == "SQLITE_FULL":
                raise StoreUnavailable("full", p, f"the disk holding {p} is full; nothing was saved") from None
            if name.startswith("SQLITE_READONLY"):
                raise StoreReadOnly("file", p, f"the progress file {p} is read-only: nothing was saved") from None
            if name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")):
                raise StoreUnavailable("damaged", p, f"the progress file {p} is damaged ({exc})") from None
            raise StoreUnavailable("unreadable", p, f"cannot use the progress file {p}: {exc}") from None

    def _migrate(self) -> None:
        with self._read() as conn:  # WAL is set outside a transaction, once per database file
            mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        if str(mode).lower() != "wal":  # pragma: no cover - only on filesystems without WAL
            raise ProgressError(f"cannot use WAL mode on {self.path} (got {mode})")
        with self._write() as conn:
            conn.execute("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
            row = conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
            version = int(row[0]) if row else 0
            if version > SCHEMA_VERSION:
                raise ProgressError(
                    f"{self.path} has schema version {version}, newer than this program ({SCHEMA_VERSION})"
                )
            for number, script in MIGRATIONS:
                if number > version:
                    for statement in _statements(script):
                        conn.execute(statement)
                    version = number
            conn.execute(
                "INSERT INTO meta (key, value) VALUES ('schema_version', ?) "
                "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                (str(version),),
            )

    def schema_version(self) -> int:
        with self._read() as conn:
            return int(conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()[0])

    # -- learners ---------------------------------------------------------------------------
    def learner(self, name: str) -> Learner:
        """The learner of that name (case-insensitive), created if new (a read-only store only
        finds existing learners)."""
        cleaned = _clean_name(name)
        # a known learner is only read: the app looks the name up on every page, and a write
        # would wait for (and, past the busy timeout, fail on) another program's lock
        with self._read() as conn:
            row = conn.execute("SELECT id, name, tz FROM learners WHERE name = ?", (cleaned,)).fetchone()
        if row is not None:
            return Learner(int(row[0]), row[1], row[2])
        if self.read_only is not None:
            self._refuse_write()
        with self._write() as conn:
            conn.execute(
                "INSERT INTO learners (name, created) VALUES (?, ?) ON CONFLICT(name) DO NOTHING",
                (cleaned, _iso(_now())),
            )
            row = conn.execute("SELECT id, name, tz FROM learners WHERE name = ?", (cleaned,)).fetchone()
        return Learner(int(row[0]), row[1], row[2])

    def learners(self) -> list[Learner]:
        with self._read() as conn:
            rows = conn.execute("SELECT id, name, tz FROM learners ORDER BY name COLLATE NOCASE").fetchall()
        return [Learner(int(i), n, z) for i, n, z in rows]

    def set_zone(self, learner_id: int, name: str) -> Learner:
        """Keep the learner's time zone (the browser's): his days are counted in it. An unknown
        zone name is not stored; a read-only store only reports the learner as he is."""
        known = zone_name(name)
        with self._read() as conn:
            row = conn.execute("SELECT id, name, tz FROM learners WHERE id = ?", (learner_id,)).fetchone()
        if row is None:
            raise ProgressError(f"no learner with id {learner_id}")
        if not known or row[2] == known or self.read_only is not None:
            return Learner(int(row[0]), row[1], row[2])
        with self._write() as conn:
            conn.execute("UPDATE learners SET tz = ? WHERE id = ?", (known, learner_id))
        return Learner(int(row[0]), row[1], known)

    def _zone_of(self, conn: sqlite3.Connection, learner_id: int) -> str:
        row = conn.execute("SELECT tz FROM learners WHERE id = ?", (learner_id,)).fetchone()
        return row[0] if row is not None else ""

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
    ) -> Attempt:
        """Store one answer and update the review queue, in one transaction.

        ``score`` defaults to 1 for a correct answer and 0 otherwise; ``day`` (the learner's
        calendar date, which the daily streak counts) defaults to the date of ``ts`` on the
        learner's clock (:func:`tutor.clock.learner_today`, in his stored time zone).
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
        with self._write() as conn:
            if conn.execute("SELECT 1 FROM learners WHERE id = ?", (learner_id,)).fetchone() is None:
                raise ProgressError(f"no learner with id {learner_id}")
            day = day or learner_today(self._zone_of(conn, learner_id), ts)
            cur = conn.execute(
                "INSERT INTO attempts (learner_id, item_id, kind, themes, correct, hints_used, score, answer, ts, day)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (learner_id, item_id, kind, json.dumps(theme_list, ensure_ascii=False), int(bool(correct)),
                 hints_used, score, str(answer), _iso(ts), day.isoformat()),
            )
            # cast: an INSERT has just run, so lastrowid is the new row's id (None only before any)
            attempt_id = int(cast(int, cur.lastrowid))
            if kind != "lesson":
                self._schedule(conn, learner_id, item_id, bool(correct), ts)
        return Attempt(attempt_id, learner_id, item_id, kind, theme_list, bool(correct), hints_used, score,
                       str(answer), ts, day)

    def attempts(self, learner_id: int, *, item_id: str | None = None) -> list[Attempt]:
        """A learner's attempts, oldest first (optionally for one item)."""
        sql = ("SELECT id, learner_id, item_id, kind, themes, correct, hints_used, score, answer, ts, day"
               " FROM attempts WHERE learner_id = ?")
        params: list[object] = [learner_id]
        if item_id is not None:
            sql += " AND item_id = ?"
            params.append(item_id)
        with self._read() as conn:
            rows = conn.execute(sql + " ORDER BY ts, id", params).fetchall()
        return [
            Attempt(int(r[0]), int(r[1]), r[2], r[3], tuple(json.loads(r[4])), bool(r[5]), int(r[6]), float(r[7]),
                    r[8], datetime.fromisoformat(r[9]), date.fromisoformat(r[10]))
            for r in rows
        ]

    def count_attempts(self) -> int:
        with self._read() as conn:
            return int(conn.execute("SELECT count(*) FROM attempts").fetchone()[0])

    def accuracy_by_theme(self, learner_id: int) -> list[ThemeStats]:
        """Per theme, how many items were right at the first try; weakest theme first."""
        first: dict[str, Attempt] = {}
        for a in self.attempts(learner_id):
            if a.kind != "lesson":
                first.setdefault(a.item_id, a)
        totals: dict[str, list[int]] = {}
        for a in first.values():
            for theme in a.themes or ("—",):
                row = totals.setdefault(theme, [0, 0])
                row[0] += 1
                row[1] += int(a.correct)
        stats = [ThemeStats(t, n, c) for t, (n, c) in totals.items()]
        return sorted(stats, key=lambda s: (s.accuracy, -s.attempts, s.theme))

    def solved(self, learner_id: int, item_id: str) -> bool:
        with self._read() as conn:
            row = conn.execute(
                "SELECT 1 FROM attempts WHERE learner_id = ? AND item_id = ? AND correct = 1 LIMIT 1",
                (learner_id, item_id),
            ).fetchone()
        return row is not None

    def solved_items(self, learner_id: int) -> set[str]:
        """Every item the learner has answered right at least once, in one query: a page that
        marks a whole list (100 puzzles) would otherwise open a connection per item on every
        rerun (about 1 ms each)."""
        with self._read() as conn:
            rows = conn.execute(
                "SELECT DISTINCT item_id FROM attempts WHERE learner_id = ? AND correct = 1", (learner_id,)
            ).fetchall()
        return {r[0] for r in rows}

    # -- the daily streak -------------------------------------------------------------------
    def daily_days(self, learner_id: int) -> set[date]:
        """The days on which the learner solved the daily puzzle."""
        with self._read() as conn:
            rows = conn.execute(
                "SELECT DISTINCT day FROM attempts WHERE learner_id = ? AND kind = 'daily' AND correct = 1",
                (learner_id,),
            ).fetchall()
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
            conn.execute(
                "INSERT INTO lessons_done (learner_id, lesson_id, ts) VALUES (?, ?, ?)"
                " ON CONFLICT(learner_id, lesson_id) DO NOTHING",
                (learner_id, lesson_id, _iso(ts or _now())),
            )

    def lessons_done(self, learner_id: int) -> set[str]:
        with self._read() as conn:
            rows = conn.execute("SELECT lesson_id FROM lessons_done WHERE learner_id = ?", (learner_id,)).fetchall()
        return {r[0] for r in rows}

    # -- the review queue -------------------------------------------------------------------
    @staticmethod
    def _schedule(conn: sqlite3.Connection, learner_id: int, item_id: str, correct: bool, ts: datetime) -> None:
        row = conn.execute(
            "SELECT stage FROM reviews WHERE learner_id = ? AND item_id = ?", (learner_id, item_id)
        ).fetchone()
        if not correct:
            due = ts + timedelta(days=REVIEW_INTERVALS[0])
            conn.execute(
                "INSERT INTO reviews (learner_id, item_id, stage, due) VALUES (?, ?, 0, ?)"
                " ON CONFLICT(learner_id, item_id) DO UPDATE SET stage = 0, due = excluded.due",
                (learner_id, item_id, _iso(due)),
            )
            return
        if row is None:
            return
        stage = int(row[0]) + 1
        if stage >= len(REVIEW_INTERVALS):
            conn.execute("DELETE FROM reviews WHERE learner_id = ? AND item_id = ?", (learner_id, item_id))
        else:
            due = ts + timedelta(days=REVIEW_INTERVALS[stage])
            conn.execute(
                "UPDATE reviews SET stage = ?, due = ? WHERE learner_id = ? AND item_id = ?",
                (stage, _iso(due), learner_id, item_id),
            )

    def review_queue(self, learner_id: int) -> list[ReviewItem]:
        """Every failed puzzle still in the queue, soonest first."""
        with self._read() as conn:
            rows = conn.execute(
                "SELECT item_id, stage, due FROM reviews WHERE learner_id = ? ORDER BY due, item_id", (learner_id,)
            ).fetchall()
        return [ReviewItem(r[0], int(r[1]), datetime.fromisoformat(r[2])) for r in rows]

    def due_reviews(self, learner_id: int, now: datetime | None = None) -> list[ReviewItem]:
        """The failed puzzles due again by ``now``."""
        now = now or _now()
        if now.tzinfo is None:
            now = now.replace(tzinfo=timezone.utc)
        return [r for r in self.review_queue(learner_id) if r.due <= now]

    # -- problem reports --------------------------------------------------------------------
    def report_problem(self, item_id: str, note: str, learner_id: int | None = None) -> Report:
        note = (note or "").strip()
        if not note:
            raise ProgressError("say what looks wrong in the puzzle")
        if len(note) > MAX_NOTE:
            raise ProgressError(f"a report has at most {MAX_NOTE} characters")
        ts = _now()
        with self._write() as conn:
            cur = conn.execute(
                "INSERT INTO reports (learner_id, item_id, note, ts) VALUES (?, ?, ?, ?)",
                (learner_id, item_id, note, _iso(ts)),
            )
        # cast: an INSERT has just run, so lastrowid is the new row's id (None only before any)
        return Report(int(cast(int, cur.lastrowid)), learner_id, item_id, note, ts)

    def reports(self, item_id: str | None = None) -> list[Report]:
        sql = "SELECT id, learner_id, item_id, note, ts FROM reports"
        params: Sequence[object] = ()
        if item_id is not None:
            sql += " WHERE item_id = ?"
            params = (item_id,)
        with self._read() as conn:
            rows = conn.execute(sql + " ORDER BY id", params).fetchall()
        return [Report(int(r[0]), None if r[1] is None else int(r[1]), r[2], r[3], datetime.fromisoformat(r[4]))
                for r in rows]

    # -- drafts -----------------------------------------------------------------------------
    def save_draft(self, slot: str, text: str, *, learner_id: int | None = None, browser: str | None = None,
                   ts: datetime | None = None) -> Draft:
        """Save ``text`` as the newest version of the draft in ``slot``, in one transaction.

        The same text as the newest version (of this learner, else of this browser) is not saved
        twice: that version is returned. Every other save adds a version, and only the oldest
        beyond :data:`DRAFTS_KEPT` -- counted for the learner and for the browser separately --
        are removed, so "start again" never silently drops the work just before it.
        """
        _draft_owner(learner_id, browser)
        _check_slot(slot)
        if not isinstance(text, str):
            raise ProgressError(f"a draft is text, got {type(text).__name__}")
        if len(text) > MAX_DRAFT:
            raise ProgressError(f"a draft has at most {MAX_DRAFT} characters, got {len(text)}")
        ts = ts or _now()
        with self._write() as conn:
            if learner_id is not None and conn.execute(
                    "SELECT 1 FROM learners WHERE id = ?", (learner_id,)).fetchone() is None:
                raise ProgressError(f"no learner with id {learner_id}")
            newest = self._newest_draft(conn, slot, learner_id, browser)
            if newest is not None and newest.text == text:
                return newest
            cur = conn.execute(
                "INSERT INTO drafts (learner_id, browser, slot, text, ts) VALUES (?, ?, ?, ?, ?)",
                (learner_id, browser, slot, text, _iso(ts)),
            )
            # cast: an INSERT has just run, so lastrowid is the new row's id (None only before any)
            draft_id = int(cast(int, cur.lastrowid))
            # keep a version while it is among the newest of its learner or of its browser
            conn.execute(
                "DELETE FROM drafts WHERE slot = ? AND (learner_id = ? OR browser = ?)"
                " AND NOT (learner_id IS NOT NULL AND (SELECT count(*) FROM drafts d WHERE d.slot = drafts.slot"
                "          AND d.learner_id = drafts.learner_id AND d.id > drafts.id) < ?)"
                " AND NOT (browser IS NOT NULL AND (SELECT count(*) FROM drafts d WHERE d.slot = drafts.slot"
                "          AND d.browser = drafts.browser AND d.id > drafts.id) < ?)",
                (slot, learner_id, browser, DRAFTS_KEPT, DRAFTS_KEPT),
            )
        return Draft(draft_id, learner_id, browser, slot, text, ts)

    @staticmethod
    def _newest_draft(conn: sqlite3.Connection, slot: str, learner_id: int | None,
                      browser: str | None) -> Draft | None:
        column, key = ("learner_id", learner_id) if learner_id is not None else ("browser", browser)
        row = conn.execute(
            f"SELECT id, learner_id, browser, slot, text, ts FROM drafts WHERE slot = ? AND {column} = ?"
            " ORDER BY id DESC LIMIT 1",
            (slot, key),
        ).fetchone()
        return None if row is None else _draft(row)

    def drafts(self, slot: str, *, learner_id: int | None = None, browser: str | None = None) -> list[Draft]:
        """The saved versions of a draft, newest first: the learner's when a learner is named
        (they follow the learner to another browser), else the browser's."""
        _draft_owner(learner_id, browser)
        _check_slot(slot)
        column, key = ("learner_id", learner_id) if learner_id is not None else ("browser", browser)
        with self._read() as conn:
            rows = conn.execute(
                f"SELECT id, learner_id, browser, slot, text, ts FROM drafts WHERE slot = ? AND {column} = ?"
                " ORDER BY id DESC LIMIT ?",
                (slot, key, DRAFTS_KEPT),
            ).fetchall()
        return [_draft(r) for r in rows]

    def latest_draft(self, slot: str, *, learner_id: int | None = None, browser: str | None = None) -> Draft | None:
        """The newest version of a draft, or None when nothing was saved."""
        _draft_owner(learner_id, browser)
        _check_slot(slot)
        with self._read() as conn:
            return self._newest_draft(conn, slot, learner_id, browser)

    def count_drafts(self) -> int:
        with self._read() as conn:
            return int(conn.execute("SELECT count(*) FROM drafts").fetchone()[0])


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


def _inspect(p: Path) -> int:
    """The schema version of an existing file, read without writing; refuse a file that is
    not a SQLite database, not ours, or damaged."""
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
    try:
        conn = _connect_ro(p, inspect=True)
        try:
            tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            check = conn.execute("PRAGMA quick_check(1)").fetchone()[0]
            row = (conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
                   if "meta" in tables else None)
        finally:
            conn.close()
    except (sqlite3.Error, ValueError) as exc:  # ValueError: text that is not UTF-8 in the schema
        if isinstance(exc, sqlite3.Error) and _errname(exc) in ("SQLITE_BUSY", "SQLITE_LOCKED"):
            raise StoreBusy(f"the progress file {p} is locked by another program; try again") from None
        raise StoreUnavailable("damaged", p, f"the progress file {p} is damaged ({exc}); "
                               "it is left untouched: restore a backup or move it aside") from None
    if check != "ok":
        raise StoreUnavailable("damaged", p, f"the progress file {p} is damaged ({check}); "
                               "it is left untouched: restore a backup or move it aside")
    if not tables:
        return 0  # an empty SQLite file: ours to set up
    try:
        version = int(row[0]) if row is not None else -1
    except (TypeError, ValueError):
        version = -1
    if version < 1 or not {"learners", "attempts"} <= tables:
        shown = ", ".join(sorted(tables)[:5])
        raise StoreUnavailable("foreign", p, f"{p} is the SQLite database of another program (tables: {shown}); "
                               "Whist Tutor leaves it untouched (point WHIST_TUTOR_DB at another file)")
    return version


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
        version = _inspect(p)
        conn = _connect_ro(p, inspect=True)
        try:
            rows = conn.execute("PRAGMA integrity_check(20)").fetchall()
            counts = {}
            for table in ("learners", "attempts", "lessons_done", "reviews", "reports", "drafts"):
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


def _is_wal(p: Path) -> bool:
    """Whether the file's header says WAL mode (bytes 18 and 19 are 2: the SQLite file format)."""
    try:
        with open(p, "rb") as fh:
            header = fh.read(20)
    except OSError:
        return False
    return len(header) == 20 and header[18] == 2 and header[19] == 2


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
