"""The store's errors that come from the database itself, not from what was asked of it: the
file cannot be used, it may only be read, or another program held its lock too long.

Why here and not beside the repositories: the connection and transaction code of this package
raises them, and it sits below :mod:`tutor.progress`, which re-exports them under the same names
(``from tutor.progress import StoreUnavailable`` keeps working).
"""

from __future__ import annotations

from pathlib import Path

from tutor.errors import WhistError

__all__ = ["ProgressError", "StoreUnavailable", "StoreReadOnly", "StoreBusy"]


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
