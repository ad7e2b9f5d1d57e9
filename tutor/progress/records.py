"""What the progress store gives back: frozen records built from its rows (a learner, an
attempt, a rating point, a class, a draft...), and the small rules they share -- a name cleaned
once, times kept as ISO text in UTC, a new puzzle's seed rating, the teacher's grid as CSV.

Why a room of their own: every repository of :mod:`tutor.progress` returns these, and the pages
and commands read them; none of them touches the database.
"""

from __future__ import annotations

import csv
import functools
import io
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from enum import Enum
from pathlib import Path
from typing import Concatenate, ParamSpec, Protocol, TypeVar

from tutor.glicko import Rating
from tutor.storage.errors import ProgressError, StoreUnavailable
from tutor.vocab import ATTEMPT_KINDS, AttemptKind, HomeworkKind

__all__ = ["KINDS", "MAX_NAME", "Role", "Learner", "BrowserWork", "IdleBrowsers", "RatingPoint", "Candidate", "ClassInfo", "Assignment", "ItemState",
           "ReportRow", "Homework", "Attempt", "ThemeStats", "ReviewItem", "Report", "Draft", "report_csv",
           "seed_rating", "stars_of", "DailyRow", "Flag", "ItemStanding", "now", "iso", "clean_name", "item_state", "guard_rows"]

#: What an attempt answered: a lesson exercise, a puzzle from the collection, the daily puzzle.
KINDS: tuple[AttemptKind, ...] = ATTEMPT_KINDS  # the vocabulary's (tutor.vocab.AttemptKind)
MAX_NAME = 40


class Role(str, Enum):
    """What a learner may do: a teacher also keeps classes (and, on a server that requires
    logins, the Workshop and the problem reports)."""

    LEARNER = "learner"
    TEACHER = "teacher"


@dataclass(frozen=True)
class Learner:
    """A learner, known by name, with the time zone his days are counted in ("" = the machine's).

    ``browser`` marks the row that keeps one browser's work before its learner is named (no
    name, never listed; :mod:`tutor.progress.browsers`)."""

    id: int
    name: str
    tz: str = ""
    role: str = "learner"
    has_password: bool = field(default=False, compare=False)
    browser: bool = field(default=False, compare=False)

    @property
    def is_teacher(self) -> bool:
        return self.role == Role.TEACHER.value


@dataclass(frozen=True)
class BrowserWork:
    """What a browser's unnamed work held, or what of it a learner's claim added to his own:
    answers, lessons done, days of the daily puzzle solved, versions of drafts."""

    answers: int = 0
    lessons: int = 0
    daily_days: int = 0
    drafts: int = 0

    def __bool__(self) -> bool:
        return bool(self.answers or self.lessons or self.daily_days or self.drafts)


@dataclass(frozen=True)
class IdleBrowsers:
    """The unnamed work of browsers idle for ``days`` days or more (none of it claimed by a
    learner), counted -- or, after a prune, removed: how many browsers, and their answers,
    lessons done and versions of drafts (:meth:`tutor.progress.browsers.Browsers.prune`)."""

    days: int
    browsers: int = 0
    answers: int = 0
    lessons: int = 0
    drafts: int = 0

    def __add__(self, other: IdleBrowsers) -> IdleBrowsers:
        return IdleBrowsers(self.days, self.browsers + other.browsers, self.answers + other.answers,
                            self.lessons + other.lessons, self.drafts + other.drafts)

    def to_json(self) -> dict[str, int]:
        return {"idle_days": self.days, "browsers": self.browsers, "answers": self.answers,
                "lessons": self.lessons, "drafts": self.drafts}


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
    kind: HomeworkKind
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
    writer.writerow(["learner", *(csv_cell(i) for i in items), "weak_themes"])
    for row in rows:
        writer.writerow([csv_cell(row.learner), *(row.items[i].value for i in items), " ".join(row.weak_themes)])
    return out.getvalue()


#: What a spreadsheet reads as the start of a formula (OWASP's "CSV injection" list).
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(text: str) -> str:
    """A cell a spreadsheet shows as text: one beginning with ``= + - @``, a tab or a carriage
    return gets a leading apostrophe, and a line break inside it becomes a space (the writer's
    lines end in ``\\n``, so a bare ``\\r`` would not be quoted). A learner chooses his own
    name, and ``=HYPERLINK(…)`` in the teacher's grid would run in the teacher's spreadsheet.

    >>> csv_cell("=1+1"), csv_cell("@SUM(A1)"), csv_cell("ann")
    ("'=1+1", "'@SUM(A1)", 'ann')
    """
    flat = text.replace("\r", " ").replace("\n", " ")
    return "'" + flat if text.startswith(_FORMULA_START) else flat


@dataclass(frozen=True)
class Homework:
    """One item of homework as its learner sees it: which class set it, and how far he is."""

    class_name: str
    assignment: Assignment
    state: ItemState


def item_state(kind: HomeworkKind, first: tuple[bool, int] | None, lesson_done: bool) -> ItemState:
    """An assigned item's state from the learner's first try (right?, hints) or, for a lesson,
    whether he finished it (done counts as "first-try": the grid has four states)."""
    if kind == "lesson" and lesson_done:
        return ItemState.FIRST_TRY
    if first is None:
        return ItemState.OPEN
    return ItemState.WRONG if not first[0] else ItemState.HINTS if first[1] else ItemState.FIRST_TRY


#: A new puzzle's rating by difficulty (1 first lesson .. 5 expert): a first guess, soon corrected.
_SEEDS = {1: 1100.0, 2: 1300.0, 3: 1500.0, 4: 1700.0, 5: 1900.0}


def seed_rating(difficulty: int | None) -> Rating:
    """The rating a puzzle nobody has tried starts from (its difficulty's guess, wide RD)."""
    return Rating(_SEEDS.get(difficulty or 3, 1500.0), 250.0 if difficulty else 350.0, 0.06)


def stars_of(rating: float) -> int:
    """The difficulty (1-5 stars) a rating shows: the seed it is nearest to, so a puzzle whose
    rating stays at its author's guess keeps the author's stars.

    >>> [stars_of(r) for r in (900, 1199, 1201, 1500, 1799, 1801, 2400)]
    [1, 1, 2, 3, 4, 5, 5]
    """
    return min(_SEEDS, key=lambda d: (abs(_SEEDS[d] - rating), d))


@dataclass(frozen=True)
class DailyRow:
    """One day of the daily schedule as kept: its puzzle, its cycle (from 0), its place in the
    cycle (from 1)."""

    day: date
    item_id: str
    cycle: int
    number: int


@dataclass(frozen=True)
class Flag:
    """Why a teacher should look at a puzzle, counted since he last did (``since``; None: never).

    ``reports`` problem reports (the newest note in ``last_note``); ``strong_tries`` first tries
    by learners clearly stronger than the puzzle's rating, ``strong_fails`` of them wrong, where
    the ratings expected ``expected_fails``. ``misfit`` says whether those fails are far more
    than expected (:mod:`tutor.progress.standings`)."""

    item_id: str
    reports: int = 0
    last_note: str = ""
    strong_tries: int = 0
    strong_fails: int = 0
    expected_fails: float = 0.0
    misfit: bool = False
    since: datetime | None = None

    @property
    def raised(self) -> bool:
        """Whether the puzzle is flagged at all (reported, or a misfit)."""
        return self.reports > 0 or self.misfit


@dataclass(frozen=True)
class ItemStanding:
    """What learners' first tries say of one puzzle: its rating, how many first tries rated it,
    the stars it shows (None until it has enough first tries: the author's difficulty stands),
    and its flag (None when nothing is wrong)."""

    item_id: str
    rating: Rating
    games: int
    stars: int | None
    flag: Flag | None = None


@dataclass(frozen=True)
class Attempt:
    """One answer to one item, as recorded."""

    id: int
    learner_id: int
    item_id: str
    kind: AttemptKind
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


def now() -> datetime:
    """This moment, in UTC (the store keeps every time in UTC)."""
    return datetime.now(UTC)


def iso(ts: datetime) -> str:
    """A time as the store keeps it: ISO 8601 text in UTC, to the microsecond (it sorts as the time does)."""
    if ts.tzinfo is None:
        ts = ts.replace(tzinfo=UTC)
    return ts.astimezone(UTC).isoformat(timespec="microseconds")


def clean_name(name: str, what: str = "a learner's name") -> str:
    """A learner's (or a class's) name as kept: NFC, spaces folded, 1 to :data:`MAX_NAME` characters."""
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


class _HasPath(Protocol):
    @property
    def path(self) -> Path: ...


class _OnDatabase(Protocol):
    @property
    def db(self) -> _HasPath: ...


_P = ParamSpec("_P")
_R = TypeVar("_R")
_Repo = TypeVar("_Repo", bound=_OnDatabase)


def guard_rows(method: Callable[Concatenate[_Repo, _P], _R]) -> Callable[Concatenate[_Repo, _P], _R]:
    """A repository method that reads rows back into records: a row that cannot be read (a
    date, a number or JSON garbled on disk, which SQLite's own check does not see) becomes
    :class:`StoreUnavailable` ("damaged"), so a page says so instead of failing on a
    ``ValueError`` deep in a list of attempts. Our own refusals (:class:`ProgressError`) pass."""

    @functools.wraps(method)
    def guarded(self: _Repo, /, *args: _P.args, **kwargs: _P.kwargs) -> _R:
        try:
            return method(self, *args, **kwargs)
        except ProgressError:
            raise
        except (ValueError, TypeError, KeyError, IndexError) as exc:
            path = self.db.path
            raise StoreUnavailable("damaged", path, f"the progress file {path} holds a damaged "
                                   f"record ({type(exc).__name__}: {exc})") from None

    return guarded
