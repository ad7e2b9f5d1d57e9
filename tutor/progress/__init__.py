"""The learner's progress: learners and accounts, attempts, ratings, streaks, spaced review,
classes and homework, problem reports and drafts.

Where: a SQLite file by default -- ``$WHIST_TUTOR_DB`` or ``~/.local/share/whist-tutor/progress.db``
(``$XDG_DATA_HOME`` is honoured), made on first use with no set-up -- or, for a club or a school
running several app servers, PostgreSQL: ``WHIST_TUTOR_DB=postgresql+psycopg://user:pw@host/db``.
The tables are SQLAlchemy models (:mod:`tutor.storage.models`), changed only by the Alembic
migrations shipped in :mod:`tutor.storage`, run when the store is opened (a store of the program
before Alembic, schema 1-4, is stamped at its number first); a database newer than this program
opens read-only and is never changed.

The rooms: :mod:`~tutor.progress.store` (:class:`ProgressStore`, the face every caller holds),
one repository per area over the tables -- :mod:`~tutor.progress.learners` (names, zones, roles,
passwords, sessions, who sees whom), :mod:`~tutor.progress.attempts` (an answer recorded, rated
and scheduled in one transaction; what is read back from the attempts),
:mod:`~tutor.progress.ratings` (Glicko-2, :mod:`tutor.glicko`), :mod:`~tutor.progress.review`
(FSRS, :mod:`tutor.spaced`), :mod:`~tutor.progress.selection` (the next puzzle),
:mod:`~tutor.progress.drafts`, :mod:`~tutor.progress.reports`, :mod:`~tutor.progress.classes`,
:mod:`~tutor.progress.export`, :mod:`~tutor.progress.browsers` (a browser's work before its
learner is named, and its claim, :mod:`~tutor.progress.merge`) -- and :mod:`~tutor.progress.records`, the frozen records they
return. The connection and transactions (the file, the lock, group commit, retry, backup) are
below, in :mod:`tutor.storage`.

Every name below is importable from here, as it was before the store was split.
"""

from __future__ import annotations

from tutor.glicko import Rating
from tutor.progress.browsers import IDLE_DAYS, MAX_IDLE_DAYS, idle_in_file
from tutor.progress.drafts import DRAFTS_KEPT, MAX_DRAFT
from tutor.progress.errors import AccessDenied, LoginFailed, LoginThrottled, NameLookalike, NotATeacher
from tutor.progress.records import (
    KINDS,
    Assignment,
    Attempt,
    BrowserWork,
    Candidate,
    ClassInfo,
    DailyRow,
    Draft,
    Flag,
    Homework,
    IdleBrowsers,
    ItemStanding,
    ItemState,
    Learner,
    RatingPoint,
    Report,
    ReportRow,
    ReviewItem,
    Role,
    ThemeStats,
    report_csv,
    seed_rating,
    stars_of,
)
from tutor.progress.reports import ReportLimited
from tutor.progress.selection import RECENT_DAYS, WEAK_SHARE
from tutor.progress.store import ProgressStore
from tutor.spaced import REVIEW_GRADUATE_DAYS
from tutor.storage import LEGACY_VERSION, SCHEMA_VERSION
from tutor.storage.errors import ProgressError, StoreBusy, StoreReadOnly, StoreUnavailable
from tutor.storage.files import StoreCheck, backup_store, check_store, default_db_path, default_db_target

__all__ = [
    "ProgressError",
    "report_csv",
    "StoreUnavailable",
    "StoreReadOnly",
    "StoreBusy",
    "ProgressStore",
    "Learner",
    "BrowserWork",
    "IdleBrowsers",
    "IDLE_DAYS",
    "MAX_IDLE_DAYS",
    "idle_in_file",
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
    "NameLookalike",
    "ReportLimited",
    "NotATeacher",
    "seed_rating",
    "stars_of",
    "DailyRow",
    "Flag",
    "ItemStanding",
    "default_db_target",
    "RECENT_DAYS",
    "WEAK_SHARE",
    "default_db_path",
    "StoreCheck",
    "check_store",
    "backup_store",
]
