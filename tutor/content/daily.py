"""The daily puzzle: a lead problem, the same for everyone on a date, none repeated until every
lead problem has been served, harder at weekends, and -- once learners have rated them -- taken
from the puzzles their first tries vouch for.

The days since :data:`EPOCH` are served in cycles; a cycle serves each lead problem of the pool
once. A day takes the best lead problem its cycle has left for it (:func:`rank`): first one no
teacher has to look at (nothing flagged), then one whose difficulty fits the day (Saturday and
Sunday want 3 stars or more, weekdays 3 or fewer -- the stars the learners' ratings give once a
puzzle has enough first tries, the author's before), then one whose rating is established, and
among equals the cycle's own order (a hash of the cycle and the id, so adding puzzles to the
library does not reshuffle the others).

Why a schedule that is *kept*: the ratings move every day, and a day's daily must never change
once it has been served. So the choice for a day is made once, from the standings as of the
moment the day is first served, and kept (:class:`Fixed`; the progress store keeps them,
:mod:`tutor.dailies` serves them -- several app servers on one database share one schedule). A
day not yet kept is *planned*: continued from the last kept day with the standings of now. With
no ratings and nothing kept, the schedule is a function of the pool and the date alone, so
``tutor daily --date`` gives any day's puzzle with no database at all.

>>> from tutor.content.models import Puzzle
>>> base = dict(title={"en": "T", "ru": "Т"}, themes=["opening-lead"], trump="D7", hand="K742.985.J63.863",
...             question="lead", answer="S2", maxims=["king-third-lead-small"], hints=[{"en": "h", "ru": "х"}],
...             explanation={"en": "e", "ru": "е"})
>>> pool = [Puzzle(id=f"p{i}", difficulty=1 + i % 5, **base) for i in range(10)]
>>> [plan(pool, EPOCH + timedelta(days=d)).puzzle.id for d in range(3)] == [
...     plan(list(reversed(pool)), EPOCH + timedelta(days=d)).puzzle.id for d in range(3)]
True
>>> len({plan(pool, EPOCH + timedelta(days=d)).puzzle.id for d in range(10)})
10
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from functools import lru_cache

from tutor.content.models import Puzzle
from tutor.errors import WhistError

__all__ = ["EPOCH", "LAST_DAY", "DailyError", "DailyPick", "Fixed", "Standing", "fits_day", "lead_pool", "plan",
           "extend", "rank"]

#: The first day of the daily puzzle (a Monday).
EPOCH = date(2024, 1, 1)
#: The last day served. The schedule is built day by day from the epoch, so a far date (year 9999
#: ran past ``date.max`` and crashed; year 9000 took seconds) is refused as bad input instead.
LAST_DAY = date(2199, 12, 31)


class DailyError(WhistError):
    """No daily puzzle can be given; ``reason`` says why, for the pages to say it in the learner's
    language: ``no-leads`` (no lead problem in the pool), ``same-id`` (two lead problems with one
    id), ``out-of-range`` (a date before the epoch or after :data:`LAST_DAY`), ``gone`` (a kept
    day whose puzzle, ``puzzle_id``, is no longer among the lead problems)."""

    def __init__(self, message: str, reason: str, puzzle_id: str = "") -> None:
        super().__init__(message)
        self.reason = reason
        self.puzzle_id = puzzle_id


@dataclass(frozen=True)
class Standing:
    """What learners' first tries say of one puzzle, as the schedule reads it: ``stars``, the
    difficulty its rating shows once it has enough first tries (None before: the author's
    difficulty stands), and ``flagged``, whether a teacher has to look at it (reported, or failed
    by strong learners far more often than its rating predicts)."""

    stars: int | None = None
    flagged: bool = False

    @property
    def rated(self) -> bool:
        """Whether enough learners have tried it for its rating to count."""
        return self.stars is not None


@dataclass(frozen=True)
class Fixed:
    """One day of the schedule: its puzzle, its cycle (from 0) and its place in the cycle (from 1)."""

    day: date
    puzzle_id: str
    cycle: int
    number: int


@dataclass(frozen=True)
class DailyPick:
    """The puzzle of a day, with its place in the cycle; ``fixed`` when the day is kept (it has been
    served and will not change), False when it is planned from the standings of now."""

    day: date
    puzzle: Puzzle
    cycle: int
    number: int
    fixed: bool = False


def fits_day(difficulty: int, day: date) -> bool:
    """Weekends (Sat, Sun) want difficulty >= 3, weekdays <= 3."""
    return difficulty >= 3 if day.weekday() >= 5 else difficulty <= 3


def lead_pool(puzzles: Sequence[Puzzle]) -> tuple[Puzzle, ...]:
    """The lead problems of ``puzzles`` (``question: lead``), by id: what the daily is drawn from.
    Two puzzles with one id are refused (the schedule names puzzles by id)."""
    return _pool_of(puzzles).leads


@dataclass(frozen=True)
class _Pool:
    """A pool read once: its lead problems by id, and each one's (id, author's difficulty)."""

    leads: tuple[Puzzle, ...]
    by_id: dict[str, Puzzle]
    base: tuple[tuple[str, int], ...]


#: The pools read lately, by the identity of their puzzles (the values hold the puzzles, so an
#: identity is not reused while it is a key): a page or a loop asking many days of one library
#: sorts and reads it once, not per day.
_POOLS: dict[tuple[int, ...], _Pool] = {}
_POOLS_MAX = 8
_POOLS_LOCK = threading.Lock()


def _pool_of(puzzles: Sequence[Puzzle]) -> _Pool:
    key = tuple(map(id, puzzles))
    hit = _POOLS.get(key)
    if hit is not None:
        return hit
    leads = tuple(sorted((p for p in puzzles if p.question == "lead"), key=lambda p: p.id))
    for a, b in zip(leads, leads[1:]):
        if a.id == b.id:
            raise DailyError(f"two lead problems have the id {a.id!r}: the daily names puzzles by id", "same-id",
                             a.id)
    made = _Pool(leads, {p.id: p for p in leads}, tuple((p.id, p.difficulty) for p in leads))
    with _POOLS_LOCK:  # the app's sessions are threads
        while len(_POOLS) >= _POOLS_MAX:
            _POOLS.pop(next(iter(_POOLS)))
        _POOLS[key] = made
    return made


def _order(cycle: int, puzzle_id: str) -> str:
    """The cycle's own order of a puzzle: a hash, so each cycle differs and a puzzle added to the
    library takes its place without moving the others."""
    return hashlib.sha256(f"whist-daily:{cycle}:{puzzle_id}".encode()).hexdigest()


#: A candidate as the schedule ranks it: (id, the difficulty shown, established rating, flagged).
_Entry = tuple[str, int, bool, bool]


def rank(entry: _Entry, weekend: bool, cycle: int) -> tuple[bool, bool, bool, str]:
    """The sort key of a candidate on a weekday or a weekend day (smallest first): unflagged
    first, then fitting the day, then an established rating, then the cycle's order."""
    puzzle_id, stars, rated, flagged = entry
    fits = stars >= 3 if weekend else stars <= 3
    return (flagged, not fits, not rated, _order(cycle, puzzle_id))


def _entries(pool: _Pool, standings: Mapping[str, Standing]) -> tuple[_Entry, ...]:
    out = []
    for puzzle_id, difficulty in pool.base:
        s = standings.get(puzzle_id, _UNKNOWN) if standings else _UNKNOWN
        out.append((puzzle_id, difficulty if s.stars is None else s.stars, s.rated, s.flagged))
    return tuple(out)


_UNKNOWN = Standing()


def _cycle_lists(entries: Sequence[_Entry], cycle: int) -> tuple[list[str], list[str]]:
    """The ids of ``entries`` in the order a weekday and a weekend day take them."""
    weekday = [e[0] for e in sorted(entries, key=lambda e: rank(e, False, cycle))]
    weekend = [e[0] for e in sorted(entries, key=lambda e: rank(e, True, cycle))]
    return weekday, weekend


@lru_cache(maxsize=16)
def _continue(entries: tuple[_Entry, ...], last: Fixed | None, used: frozenset[str], days: int) -> tuple[Fixed, ...]:
    """``days`` days planned after ``last`` (None: from the epoch), ``used`` being the ids its
    cycle has served already. Each day walks the ranked list of its kind of day past the ids used."""
    out: list[Fixed] = []
    if not entries:
        return ()
    ids = {e[0] for e in entries}
    cycle = 0 if last is None else last.cycle
    number = 0 if last is None else last.number
    taken = set(used) & ids
    if len(taken) >= len(ids):
        cycle, number, taken = cycle + 1, 0, set()
    left = [e for e in entries if e[0] not in taken]
    lists = _cycle_lists(left, cycle)
    cursor = [0, 0]
    day = EPOCH if last is None else last.day + timedelta(days=1)
    for _ in range(days):
        if len(taken) >= len(ids):
            cycle, number, taken = cycle + 1, 0, set()
            lists, cursor = _cycle_lists(entries, cycle), [0, 0]
        kind = 1 if day.weekday() >= 5 else 0
        order = lists[kind]
        while order[cursor[kind]] in taken:
            cursor[kind] += 1
        pick = order[cursor[kind]]
        taken.add(pick)
        number += 1
        out.append(Fixed(day, pick, cycle, number))
        day += timedelta(days=1)
    return tuple(out)


def _check_day(day: date) -> None:
    if day < EPOCH:
        raise DailyError(f"the daily puzzle starts on {EPOCH.isoformat()}, not {day.isoformat()}", "out-of-range")
    if day > LAST_DAY:
        raise DailyError(f"the daily puzzle is scheduled up to {LAST_DAY.isoformat()}, not {day.isoformat()}",
                         "out-of-range")


def _kept_before(fixed: Sequence[Fixed], day: date) -> tuple[Fixed | None, frozenset[str]]:
    """The last kept day before ``day`` and the ids its cycle had served by then."""
    before = [f for f in fixed if f.day < day]
    if not before:
        return None, frozenset()
    last = max(before, key=lambda f: f.day)
    return last, frozenset(f.puzzle_id for f in before if f.cycle == last.cycle)


def extend(puzzles: Sequence[Puzzle], fixed: Sequence[Fixed], through: date,
           standings: Mapping[str, Standing] | None = None) -> list[Fixed]:
    """The days after the last kept one up to ``through``, chosen now: what a store keeps when it
    first serves ``through``. Empty when ``through`` is kept already."""
    _check_day(through)
    pool = _pool_of(puzzles)
    if not pool.leads:
        raise DailyError("there are no lead problems to choose from", "no-leads")
    if any(f.day == through for f in fixed):
        return []
    last, used = _kept_before(fixed, through)
    start = EPOCH if last is None else last.day + timedelta(days=1)
    return list(_continue(_entries(pool, standings or {}), last, used, (through - start).days + 1))


def plan(puzzles: Sequence[Puzzle], day: date, fixed: Sequence[Fixed] = (),
         standings: Mapping[str, Standing] | None = None) -> DailyPick:
    """The daily puzzle of ``day``: the kept one when ``fixed`` holds the day, else planned on from
    the last kept day before it (the order of ``puzzles`` does not matter; only its lead problems
    are drawn)."""
    _check_day(day)
    pool = _pool_of(puzzles)
    if not pool.leads:
        raise DailyError("there are no lead problems to choose from", "no-leads")
    by_id = pool.by_id
    kept = next((f for f in fixed if f.day == day), None)
    if kept is not None:
        found = by_id.get(kept.puzzle_id)
        if found is None:
            raise DailyError(f"the daily puzzle of {day.isoformat()} was {kept.puzzle_id}, which is no longer "
                             "among the lead problems", "gone", kept.puzzle_id)
        return DailyPick(day, found, kept.cycle, kept.number, fixed=True)
    last, used = _kept_before(fixed, day)
    start = EPOCH if last is None else last.day + timedelta(days=1)
    # planned in whole years from the last kept day, so nearby dates share the work (cached)
    span = ((day - start).days // 366 + 1) * 366
    planned = _continue(_entries(pool, standings or {}), last, used, span)[(day - start).days]
    return DailyPick(day, by_id[planned.puzzle_id], planned.cycle, planned.number)
