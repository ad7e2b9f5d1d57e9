"""Accounts: password hashing (argon2), session tokens, login throttling, class codes.

Why here and not in the store: these are the security decisions -- what is kept (an argon2
hash, a SHA-256 of a session token; never a password or a token in clear), how long a session
lives, how hard a wrong password is throttled -- and they read better, and are tested, apart
from the SQL.

On one machine a password is optional; a club's or school's server sets
``WHIST_TUTOR_AUTH=required``: then every learner logs in, and the teacher's tools (Workshop,
problem reports, classes) are for teachers only.
"""

from __future__ import annotations

import hashlib
import os
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from tutor.errors import WhistError

__all__ = ["AUTH_ENV", "auth_required", "MIN_PASSWORD", "MAX_PASSWORD", "SESSION_TTL", "FREE_FAILURES",
           "PasswordError", "hash_password", "verify_password", "new_token", "token_hash",
           "Throttle", "NAME_THROTTLE", "ADDRESS_THROTTLE", "HALF_LIFE", "decayed",
           "new_class_code", "normal_code"]

AUTH_ENV = "WHIST_TUTOR_AUTH"
MIN_PASSWORD = 8
MAX_PASSWORD = 200
#: How long a login lasts.
SESSION_TTL = timedelta(hours=12)
#: Wrong passwords for one name (their decayed score) before it is slowed.
FREE_FAILURES = 3
#: A wrong password's weight in the throttle halves in this time: a mistyping learner's count
#: fades by itself (the old count never decayed, so one wrong try every 15 min kept a name locked).
HALF_LIFE = timedelta(minutes=10)
_CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: read aloud in a classroom
CODE_LENGTH = 6

_HASHER = PasswordHasher()


class PasswordError(WhistError, ValueError):
    """A password that cannot be used (too short, too long)."""


def auth_required() -> bool:
    """Whether this server requires every learner to log in (``WHIST_TUTOR_AUTH=required``)."""
    return os.environ.get(AUTH_ENV, "").strip().lower() == "required"


def hash_password(password: str) -> str:
    if not isinstance(password, str) or len(password) < MIN_PASSWORD:
        raise PasswordError(f"a password has at least {MIN_PASSWORD} characters")
    if len(password) > MAX_PASSWORD:
        raise PasswordError(f"a password has at most {MAX_PASSWORD} characters")
    return _HASHER.hash(password)


_DUMMY = _HASHER.hash("not a password of anyone")


def verify_password(hashed: str | None, password: str) -> bool:
    """Whether ``password`` matches; with no hash the same work is done against a dummy, so the
    time taken does not tell whether a name exists."""
    try:
        return _HASHER.verify(hashed or _DUMMY, str(password)) and hashed is not None
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False


def new_token() -> str:
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    """What the database keeps of a session token: a copy of the database logs nobody in."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class Throttle:
    """How wrong passwords are slowed for one kind of key (a name, a client address): fewer than
    ``free`` wrong ones (their decayed score, rounded) pass, then a wait of ``first`` doubling with each further one, at
    most ``cap``. The caps are short on purpose: a stranger who types wrong passwords for a
    name slows himself, and the owner, after at most ``cap``, logs in with the right one."""

    free: float
    first: timedelta
    cap: timedelta

    def until(self, score: float, now: datetime) -> datetime | None:
        """When a key of this decayed ``score`` may try again (None: at once)."""
        count = round(score)
        if count < self.free:
            return None
        wait = self.first * (2 ** min(count - self.free, 20))
        until: datetime = now + min(wait, self.cap)
        return until


#: Per name (known or not: the throttle must not tell which names exist).
NAME_THROTTLE = Throttle(free=FREE_FAILURES, first=timedelta(seconds=2), cap=timedelta(seconds=30))
#: Per client address (whatever names it types).
ADDRESS_THROTTLE = Throttle(free=10, first=timedelta(seconds=2), cap=timedelta(seconds=45))


def decayed(score: float, at: datetime, now: datetime) -> float:
    """A throttle score kept at ``at``, as it stands at ``now`` (halved every :data:`HALF_LIFE`)."""
    elapsed = max((now - at).total_seconds(), 0.0)
    return float(score * 0.5 ** (elapsed / HALF_LIFE.total_seconds()))


def new_class_code() -> str:
    return "".join(secrets.choice(_CODE_LETTERS) for _ in range(CODE_LENGTH))


def normal_code(code: str) -> str:
    """A join code as typed ("abc-234", " ABC234 ") in its stored form."""
    return "".join(ch for ch in str(code).upper() if ch.isalnum())
