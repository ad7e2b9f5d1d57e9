"""The progress store's face: :class:`ProgressStore`, one object the pages and commands hold,
whose methods are those the store always had -- each hands the call to the repository of its
area (learners, attempts, ratings, review, selection, drafts, reports, classes, export).

Why a facade and not the repositories themselves: the callers keep one handle and one set of
names, while each repository can be read alone beside the tables it touches.
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterable, Sequence
from datetime import date, datetime
from pathlib import Path
from typing import Any

from tutor.glicko import Rating
from tutor.progress.attempts import Attempts
from tutor.progress.browsers import IDLE_DAYS, Browsers
from tutor.progress.classes import Classes
from tutor.progress.dailies import Chooser, Dailies
from tutor.progress.drafts import Drafts
from tutor.progress.export import Export
from tutor.progress.identities import Identities
from tutor.progress.learners import Learners
from tutor.progress.ratings import Ratings
from tutor.progress.records import (
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
    Learner,
    RatingPoint,
    Report,
    ReportRow,
    ReviewItem,
    Role,
    ThemeStats,
)
from tutor.progress.reports import Reports
from tutor.progress.review import ReviewQueue
from tutor.progress.selection import Selection
from tutor.progress.standings import Standings
from tutor.storage.database import Database
from tutor.vocab import AttemptKind, HomeworkKind, parse_attempt_kind

__all__ = ["ProgressStore"]


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
        """Open the store defensively (:class:`tutor.storage.database.Database`): nothing is
        written to a file before it is known to be ours; ``create_folder`` as there."""
        #: The connection and its transactions.
        self.db = Database(path, create_folder=create_folder)
        self.accounts = Learners(self.db)
        self.identities = Identities(self.db)
        self.browsers = Browsers(self.db)
        self.ratings = Ratings(self.db)
        self.review = ReviewQueue(self.db)
        self.answers = Attempts(self.db)
        self.selection = Selection(self.db)
        self.saved_drafts = Drafts(self.db)
        self.problem_reports = Reports(self.db)
        self.classes = Classes(self.db)
        self.schedule = Dailies(self.db)
        self.standings = Standings(self.db)
        self.export = Export(self.db, self.accounts, self.ratings, self.answers, self.review)

    def __repr__(self) -> str:
        return f"ProgressStore({self.location!r})"

    @property
    def path(self) -> Path:
        """The file (or, for a server database, its URL with the password masked, as a path)."""
        return self.db.path

    @property
    def location(self) -> str:
        """Where the store is, as messages may show it."""
        return self.db.location

    @property
    def url(self) -> str | None:
        """The database URL (a server database), or None for a SQLite file."""
        return self.db.url

    @property
    def read_only(self) -> str | None:
        """Why nothing can be written (``"file"``, ``"newer"``), or None."""
        return self.db.read_only

    @property
    def dialect(self) -> str:
        """``sqlite`` or ``postgresql``."""
        return self.db.dialect

    def close(self) -> None:
        """Close the connections kept open (the store opens new ones if used again)."""
        self.db.close()

    def schema_version(self) -> int:
        return self.db.schema_version()

    # -- learners and accounts (tutor.progress.learners) ------------------------------------
    def find_learner(self, name: str) -> Learner | None:
        return self.accounts.find(name)

    def learner(self, name: str) -> Learner:
        return self.accounts.named(name)

    def learner_by_id(self, learner_id: int) -> Learner:
        return self.accounts.by_id(learner_id)

    def learners(self) -> list[Learner]:
        return self.accounts.all()

    def set_zone(self, learner_id: int, name: str) -> Learner:
        return self.accounts.set_zone(learner_id, name)

    def set_role(self, learner_id: int, role: Role) -> Learner:
        return self.accounts.set_role(learner_id, role)

    def set_password(self, learner_id: int, password: str) -> None:
        self.accounts.set_password(learner_id, password)

    def login(self, name: str, password: str, *, client: str | None = None, now: datetime | None = None) -> str:
        return self.accounts.login(name, password, client=client, now=now)

    def session_learner(self, token: str, *, now: datetime | None = None) -> Learner | None:
        return self.accounts.session_learner(token, now=now)

    def logout(self, token: str) -> None:
        self.accounts.logout(token)

    # -- school accounts (tutor.progress.identities) -----------------------------------------
    def school_learner(self, issuer: str, subject: str, wanted_name: str) -> Learner:
        """The learner of a school account (OpenID Connect issuer and subject), made with a
        unique name and the learner's role at its first sign-in."""
        return self.accounts.by_id(self.identities.learner(issuer, subject, wanted_name))

    def find_school_learner(self, issuer: str, subject: str) -> Learner | None:
        found = self.identities.find(issuer, subject)
        return None if found is None else self.accounts.by_id(found)

    def can_see(self, viewer_id: int, learner_id: int) -> bool:
        return self.accounts.can_see(viewer_id, learner_id)

    def check_can_see(self, viewer_id: int, learner_id: int) -> None:
        self.accounts.check_can_see(viewer_id, learner_id)

    # -- a browser's work before its learner is named (tutor.progress.browsers) -------------
    def browser_learner(self, key: str, *, create: bool = False, tz: str = "") -> Learner | None:
        """The row this browser's unnamed work is kept under (made when ``create``), else None."""
        return self.browsers.learner(key, tz) if create else self.browsers.find(key)

    def browser_work(self, key: str) -> BrowserWork:
        return self.browsers.work(key)

    def claim_browser(self, key: str, learner_id: int) -> BrowserWork:
        """Make this browser's unnamed work the learner's (each first try counted once)."""
        return self.browsers.claim(key, learner_id)

    def idle_browsers(self, days: int = IDLE_DAYS, *, at: datetime | None = None) -> IdleBrowsers:
        """How many browsers' unnamed work has been idle ``days`` days or more, and what it holds."""
        return self.browsers.idle(days, at=at)

    def prune_browsers(self, days: int = IDLE_DAYS, *, at: datetime | None = None) -> IdleBrowsers:
        """Remove the unnamed work of browsers idle ``days`` days or more (never a named
        learner's); what was removed."""
        return self.browsers.prune(days, at=at)

    # -- attempts, lessons, the streak (tutor.progress.attempts) ----------------------------
    def record_attempt(self, learner_id: int, item_id: str, kind: AttemptKind, *, themes: Iterable[str] = (),
                       correct: bool, hints_used: int = 0, score: float | None = None, answer: str = "",
                       ts: datetime | None = None, day: date | None = None,
                       difficulty: int | None = None) -> Attempt:
        """Store one answer, rate it and schedule its review, in one transaction
        (:meth:`tutor.progress.attempts.Attempts.record`). ``kind`` is read here, outside the
        repository's guard (which calls a ValueError in a row a damaged file): a caller outside mypy
        gets the vocabulary's one error, naming lesson, puzzle and daily."""
        kind = parse_attempt_kind(kind)
        return self.answers.record(learner_id, item_id, kind, themes=themes, correct=correct, hints_used=hints_used,
                                     score=score, answer=answer, ts=ts, day=day, difficulty=difficulty)

    def attempts(self, learner_id: int, *, item_id: str | None = None) -> list[Attempt]:
        return self.answers.of(learner_id, item_id=item_id)

    def count_attempts(self) -> int:
        return self.answers.count()

    def accuracy_by_theme(self, learner_id: int) -> list[ThemeStats]:
        return self.answers.accuracy_by_theme(learner_id)

    def solved(self, learner_id: int, item_id: str) -> bool:
        return self.answers.solved(learner_id, item_id)

    def solved_items(self, learner_id: int) -> set[str]:
        return self.answers.solved_items(learner_id)

    def daily_days(self, learner_id: int) -> set[date]:
        return self.answers.daily_days(learner_id)

    def daily_results(self, learner_id: int) -> dict[date, dict[str, bool]]:
        return self.answers.daily_results(learner_id)

    def streak(self, learner_id: int, today: date | None = None) -> int:
        return self.answers.streak(learner_id, today)

    def mark_lesson_done(self, learner_id: int, lesson_id: str, ts: datetime | None = None) -> None:
        self.answers.mark_lesson_done(learner_id, lesson_id, ts)

    def lessons_done(self, learner_id: int) -> set[str]:
        return self.answers.lessons_done(learner_id)

    # -- ratings (tutor.progress.ratings) ---------------------------------------------------
    def rating(self, learner_id: int) -> Rating:
        return self.ratings.rating(learner_id)

    def item_rating(self, item_id: str, difficulty: int | None = None) -> Rating:
        return self.ratings.item_rating(item_id, difficulty)

    def theme_ratings(self, learner_id: int) -> dict[str, Rating]:
        return self.ratings.theme_ratings(learner_id)

    def theme_history(self, learner_id: int) -> dict[str, list[tuple[datetime, float]]]:
        return self.ratings.theme_history(learner_id)

    def rating_history(self, learner_id: int) -> list[RatingPoint]:
        return self.ratings.rating_history(learner_id)

    # -- the puzzles' standings and flags (tutor.progress.standings) -----------------------
    def item_standings(self) -> dict[str, ItemStanding]:
        return self.standings.all()

    def flags(self) -> list[Flag]:
        return self.standings.flags()

    def check_item(self, item_id: str, ts: datetime | None = None) -> None:
        self.standings.check(item_id, ts)

    # -- the daily schedule (tutor.progress.dailies) ----------------------------------------
    def daily_row(self, day: date) -> DailyRow | None:
        return self.schedule.row(day)

    def daily_rows(self) -> list[DailyRow]:
        return self.schedule.rows()

    def keep_dailies(self, through: date, choose: Chooser, *, ts: datetime | None = None) -> list[DailyRow]:
        return self.schedule.keep(through, choose, ts=ts)

    # -- review and the next puzzle (tutor.progress.review, tutor.progress.selection) -------
    def review_queue(self, learner_id: int) -> list[ReviewItem]:
        return self.review.queue(learner_id)

    def due_reviews(self, learner_id: int, now: datetime | None = None) -> list[ReviewItem]:
        return self.review.due(learner_id, now)

    def next_puzzle(self, learner_id: int, candidates: Sequence[Candidate], *, now: datetime | None = None,
                    rng: random.Random | None = None) -> str | None:
        return self.selection.next_puzzle(learner_id, candidates, now=now, rng=rng)

    def weak_themes(self, learner_id: int, count: int = 2) -> list[str]:
        return self.selection.weak_themes(learner_id, count)

    # -- problem reports and drafts (tutor.progress.reports, tutor.progress.drafts) ---------
    def report_problem(self, item_id: str, note: str, learner_id: int | None = None, *, browser: str | None = None,
                       ts: datetime | None = None) -> Report:
        return self.problem_reports.send(item_id, note, learner_id, browser=browser, ts=ts)

    def reports(self, item_id: str | None = None) -> list[Report]:
        return self.problem_reports.all(item_id)

    def save_draft(self, slot: str, text: str, *, learner_id: int | None = None, browser: str | None = None,
                   ts: datetime | None = None) -> Draft:
        return self.saved_drafts.save(slot, text, learner_id=learner_id, browser=browser, ts=ts)

    def drafts(self, slot: str, *, learner_id: int | None = None, browser: str | None = None) -> list[Draft]:
        return self.saved_drafts.versions(slot, learner_id=learner_id, browser=browser)

    def latest_draft(self, slot: str, *, learner_id: int | None = None, browser: str | None = None) -> Draft | None:
        return self.saved_drafts.latest(slot, learner_id=learner_id, browser=browser)

    def count_drafts(self) -> int:
        return self.saved_drafts.count()

    # -- export and delete (tutor.progress.export) ------------------------------------------
    def export_learner(self, learner_id: int) -> dict[str, Any]:
        return self.export.export(learner_id)

    def delete_learner(self, learner_id: int) -> None:
        self.export.delete(learner_id)

    # -- classes and homework (tutor.progress.classes) --------------------------------------
    def create_class(self, name: str, teacher_id: int) -> ClassInfo:
        return self.classes.create(name, teacher_id)

    def class_named(self, name: str) -> ClassInfo:
        return self.classes.named(name)

    def join_class(self, code: str, learner_id: int) -> ClassInfo:
        return self.classes.join(code, learner_id)

    def assign(self, class_id: int, items: Sequence[str], *, kind: HomeworkKind = "puzzle",
               due: date | None = None) -> None:
        self.classes.assign(class_id, items, kind=kind, due=due)

    def assignments(self, class_id: int) -> list[Assignment]:
        return self.classes.assignments(class_id)

    def classes_taught(self, teacher_id: int) -> list[ClassInfo]:
        return self.classes.taught(teacher_id)

    def classes_joined(self, learner_id: int) -> list[ClassInfo]:
        return self.classes.joined(learner_id)

    def homework(self, learner_id: int) -> list[Homework]:
        return self.classes.homework(learner_id)

    def class_report(self, class_id: int, *, viewer_id: int | None = None) -> list[ReportRow]:
        return self.classes.report(class_id, viewer_id=viewer_id)
