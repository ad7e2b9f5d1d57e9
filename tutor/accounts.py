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
from datetime import datetime, timedelta

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from tutor.errors import WhistError

__all__ = ["AUTH_ENV", "auth_required", "MIN_PASSWORD", "MAX_PASSWORD", "SESSION_TTL", "FREE_FAILURES",
           "MAX_LOCK", "PasswordError", "hash_password", "verify_password", "new_token", "token_hash",
           "throttle_until", "new_class_code", "normal_code"]

AUTH_ENV = "WHIST_TUTOR_AUTH"
MIN_PASSWORD = 8
MAX_PASSWORD = 200
#: How long a login lasts.
SESSION_TTL = timedelta(hours=12)
#: Wrong passwords allowed in a row before the name is locked for a while.
FREE_FAILURES = 3
#: The first lock, doubled with each further wrong password, up to :data:`MAX_LOCK`.
FIRST_LOCK = timedelta(seconds=30)
MAX_LOCK = timedelta(minutes=15)
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


def throttle_until(failures: int, now: datetime) -> datetime | None:
    """When a name may try again after ``failures`` wrong passwords in a row (None: at once)."""
    if failures < FREE_FAILURES:
        return None
    lock = FIRST_LOCK * (2 ** (failures - FREE_FAILURES))
    until: datetime = now + min(lock, MAX_LOCK)
    return until


def new_class_code() -> str:
    return "".join(secrets.choice(_CODE_LETTERS) for _ in range(CODE_LENGTH))


def normal_code(code: str) -> str:
    """A join code as typed ("abc-234", " ABC234 ") in its stored form."""
    return "".join(ch for ch in str(code).upper() if ch.isalnum())
