"""This process's writers of one SQLite file: the lock they queue on, and the write transaction
several of them share (group commit, see :meth:`tutor.storage.database.Database.write`).

Why in the process and per file: SQLite has one write lock per file, and its busy handler sleeps
1, 2, 5, 10... ms between tries, often waking long after the lock was free; writers of one
process queue here instead, and the last of a queue commits for all (one fsync for many clicks).
Two stores of one file in a process share one :class:`Writers` (by the file's real path).
"""

from __future__ import annotations

import copy
import os
import sqlite3
import threading
from collections.abc import Callable
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any, cast

from sqlalchemy.engine import Connection

from tutor.storage.errors import ProgressError, StoreUnavailable

__all__ = ["Batch", "Writers", "writers_of", "GROUP_COMMIT_MAX"]

#: The most writers one commit carries (a bound on the wait of the first of them).
GROUP_COMMIT_MAX = 16


class Batch:
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


class Writers:
    """This process's writers of one SQLite file: the lock they queue on, how many wait, and
    the group transaction still open."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.lock = threading.Lock()
        self._guard = threading.Lock()
        self._waiting = 0
        self.batch: Batch | None = None

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

    def commit_batch(self, errors: Callable[[], AbstractContextManager[None]]) -> None:
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
    def _roll_back(batch: Batch) -> None:
        try:
            batch.trans.rollback()
        except Exception:  # noqa: BLE001 - already gone
            pass


#: One set of writers per SQLite file (by its real path), shared by the stores of this process.
_WRITERS: dict[str, Writers] = {}
_WRITERS_GUARD = threading.Lock()


def writers_of(p: Path) -> Writers:
    """The writers of the file at ``p`` in this process (made on first use)."""
    key = os.path.realpath(p)
    with _WRITERS_GUARD:
        found = _WRITERS.get(key)
        if found is None:
            found = _WRITERS[key] = Writers(p)
        return found
