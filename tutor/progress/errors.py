"""The store's refusals of what was asked, on top of the database's own errors
(:mod:`tutor.storage.errors`): another learner's data, a wrong password, too many of them."""

from __future__ import annotations

from datetime import datetime

from tutor.storage.errors import ProgressError

__all__ = ["AccessDenied", "LoginFailed", "LoginThrottled", "NameLookalike", "NotATeacher"]


class AccessDenied(ProgressError):
    """A learner asked for another learner's data, or a class he does not teach."""


class LoginFailed(ProgressError):
    """A wrong name or password (which of the two is not said)."""


class LoginThrottled(LoginFailed):
    """Too many wrong passwords in a row: the name may try again at ``until``."""

    def __init__(self, until: datetime) -> None:
        self.until = until
        super().__init__(f"too many wrong passwords; try again after {until.strftime('%H:%M:%S')} UTC")


class NameLookalike(ProgressError):
    """A new name that looks like an existing learner's (a Cyrillic "а" for a Latin "a"): two
    rows of one look in a teacher's grid, or a stranger passing for a learner."""

    def __init__(self, name: str, existing: str) -> None:
        self.name = name
        self.existing = existing
        super().__init__(f"the name {name!r} looks like the existing learner {existing!r}; choose another")


class NotATeacher(AccessDenied):
    """A learner asked for what only a teacher does (create a class, make a teacher)."""
