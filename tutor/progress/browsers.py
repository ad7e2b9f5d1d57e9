"""A browser's work before its learner is named: kept in the store from the first answer, under a
row of its own, and claimed -- merged into the learner's own -- when he names himself or logs in,
on this browser or a second one (issue 24, point 2).

Why a row in ``learners`` and not tables of its own: an answer, its rating, its review card, a
lesson done and the daily streak are all kept per learner; a browser's row takes every one of
them through the same code as a named learner, and the Learn, Daily and Puzzles pages show the
browser's own progress before a name is typed. What keeps it from being a learner:

* it has no name anyone can type -- its ``name_key`` begins with a control character, which
  :func:`tutor.progress.records.clean_name` refuses -- and is never listed (open mode lists no
  names, issue 23), gets no password, no role and no class;
* it is found only by its browser's key, and the store keeps only that key's hash (the key
  travels in the page's address, ``?browser=…``, as the anonymous drafts' key always did);
* a claim removes it: what it held is the learner's from then on (:mod:`tutor.progress.merge`),
  and the browser's anonymous drafts become his too -- never again readable by the key alone
  (issue 23, F4).

A browser nobody ever names would keep its row for ever, and a school's database would grow with
every visitor. :meth:`Browsers.prune` removes the unnamed work of browsers idle for
:data:`IDLE_DAYS` days (``python -m tutor db check --fix``): idle by the last thing done -- the
newest answer, lesson done or draft, else the row's making -- not by its age. A claimed row is
gone already (its work is the learner's, counted once, and is never pruned); a named learner's
rows are never read here. The browser's anonymous drafts are found by its key (only its hash is
on the row), so they are matched to rows here, by hashing each key.
"""

from __future__ import annotations

import functools
import re
import sqlite3
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import ColumnElement, Table, and_, delete, distinct, exists, func, not_, select, update
from sqlalchemy.engine import Connection
from sqlalchemy.exc import DBAPIError
from sqlalchemy.sql import Select

from tutor.accounts import token_hash
from tutor.clock import zone_name
from tutor.progress.drafts import ANSWER_SLOTS
from tutor.progress.export import erasure
from tutor.progress.learners import COLUMNS, learner_of, no_learner
from tutor.progress.merge import merge_into
from tutor.progress.records import BrowserWork, IdleBrowsers, Learner, guard_rows, iso, now
from tutor.storage import files, sqlite_engine
from tutor.storage import models as T
from tutor.storage.database import Database, insert_or, locked
from tutor.storage.errors import ProgressError

__all__ = ["Browsers", "BROWSER_KEY", "IDLE_DAYS", "MAX_IDLE_DAYS", "idle_in_file"]

#: A browser's key: 8 to 64 URL-safe characters (the pages make 16, 96 random bits).
BROWSER_KEY = re.compile(r"[A-Za-z0-9_-]{8,64}")
#: A browser's unnamed work is pruned after this many days with nothing done (``db check --fix``):
#: half a school year, so a pupil who answered in September and names himself after the winter
#: holidays still finds his work.
IDLE_DAYS = 180
#: The longest idle time one can give (a hundred years; docs/limits.md).
MAX_IDLE_DAYS = 36_500
#: Browsers removed per write transaction: each is short, so the app's own answers wait little.
PRUNE_BATCH = 200

_L, _A, _D, _DR = T.learners, T.attempts, T.lessons_done, T.drafts


def _hashed(key: str) -> str:
    if not isinstance(key, str) or not BROWSER_KEY.fullmatch(key):
        raise ProgressError(f"a browser key is 8 to 64 letters, digits, '-' or '_', got {key!r}")
    return token_hash(key)


def _name_key(hashed: str) -> str:
    """The row's ``name_key``: unique, and no typed name folds to it (a control character)."""
    return "\x1fbrowser:" + hashed


def _anonymous_drafts(key: str) -> ColumnElement[bool]:
    return and_(_DR.c.learner_id.is_(None), _DR.c.browser == key)


def _drafts(conn: Connection, key: str) -> int:
    """How many texts the browser wrote unnamed (a draft's versions count once; the copies of
    graded answers, :data:`tutor.progress.drafts.ANSWER_SLOTS`, are answers already)."""
    return int(conn.execute(select(func.count(distinct(_DR.c.slot))).where(
        _anonymous_drafts(key), not_(_DR.c.slot.startswith(ANSWER_SLOTS, autoescape=True)))).scalar_one())


def _work(conn: Connection, learner_id: int | None, key: str) -> BrowserWork:
    drafts = _drafts(conn, key)
    if learner_id is None:
        return BrowserWork(drafts=drafts)
    answers = int(conn.execute(select(func.count()).select_from(_A).where(_A.c.learner_id == learner_id)).scalar_one())
    lessons = int(conn.execute(select(func.count()).select_from(_D).where(_D.c.learner_id == learner_id)).scalar_one())
    days = int(conn.execute(select(func.count(distinct(_A.c.day))).where(
        _A.c.learner_id == learner_id, _A.c.kind == "daily", _A.c.correct == 1)).scalar_one())
    return BrowserWork(answers=answers, lessons=lessons, daily_days=days, drafts=drafts)


# -- pruning the work of browsers nobody named ----------------------------------------------------
@dataclass(frozen=True)
class _Idle:
    """One idle browser: its row (None: it kept only anonymous drafts) and its key (None: its
    row has no anonymous drafts whose key hashes to it)."""

    row: int | None
    key: str | None


def _cutoff(days: int, at: datetime | None) -> str:
    if not isinstance(days, int) or isinstance(days, bool) or not 1 <= days <= MAX_IDLE_DAYS:
        raise ProgressError(f"the idle time is a whole number of days from 1 to {MAX_IDLE_DAYS}, got {days!r}")
    return iso((at or now()) - timedelta(days=days))


def _chunks(items: Sequence[Any], size: int = PRUNE_BATCH) -> Iterator[Sequence[Any]]:
    for start in range(0, len(items), size):
        yield items[start:start + size]


def _done_since(table: Table, cutoff: str) -> ColumnElement[bool]:
    """The row's learner did something kept in ``table`` at ``cutoff`` or later (an index on
    ``learner_id`` answers it: attempts by learner and time, lessons and drafts by learner)."""
    return exists().where(table.c.learner_id == _L.c.id, table.c.ts >= cutoff)


def _idle_rows(cutoff: str, ids: Sequence[int] | None = None) -> Select[Any]:
    """The browsers' rows made before ``cutoff`` with no answer, lesson or draft since. The
    drafts are looked at once, not per row: most are anonymous (no ``learner_id``), and SQLite,
    knowing it (``ANALYZE``), would scan them all for each row (bench/bench_prune.py)."""
    drafted = select(_DR.c.learner_id).where(_DR.c.learner_id.is_not(None), _DR.c.ts >= cutoff)
    query = select(_L.c.id, _L.c.browser).where(
        _L.c.browser.is_not(None), _L.c.created < cutoff,
        not_(_done_since(_A, cutoff)), not_(_done_since(_D, cutoff)), _L.c.id.not_in(drafted))
    return query if ids is None else query.where(_L.c.id.in_(ids))


def _anonymous_last(conn: Connection, keys: Sequence[str] | None = None) -> dict[str, str]:
    """Each browser key with anonymous drafts: the time of its newest one."""
    query = (select(_DR.c.browser, func.max(_DR.c.ts)).where(_DR.c.learner_id.is_(None), _DR.c.browser.is_not(None))
             .group_by(_DR.c.browser))
    if keys is None:
        return {str(k): str(ts) for k, ts in conn.execute(query).all()}
    found: dict[str, str] = {}
    for chunk in _chunks(keys):
        found.update((str(k), str(ts)) for k, ts in conn.execute(query.where(_DR.c.browser.in_(chunk))).all())
    return found


def _with_rows(conn: Connection, hashes: Sequence[str]) -> set[str]:
    """Which of these hashes of browser keys have a row."""
    found: set[str] = set()
    for chunk in _chunks(hashes):
        found.update(str(r[0]) for r in conn.execute(select(_L.c.browser).where(_L.c.browser.in_(chunk))).all())
    return found


def _idle(conn: Connection, cutoff: str, rows: dict[str, int]) -> list[_Idle]:
    """The idle browsers, given the idle rows (by hash): a row is idle when its anonymous drafts
    (if any) are too; a key's anonymous drafts are idle when they are all older than ``cutoff``
    and the key's row, if it has one, is idle."""
    last = _anonymous_last(conn)
    key_of = {token_hash(k): k for k in last}
    fresh = {h for h, k in key_of.items() if last[k] >= cutoff}
    found = [_Idle(row, key_of.get(h)) for h, row in sorted(rows.items(), key=lambda x: x[1]) if h not in fresh]
    unpaired = sorted(h for h in key_of if h not in fresh and h not in rows)
    with_row = _with_rows(conn, unpaired)  # such a row is active: its drafts stay with it
    found += [_Idle(None, key_of[h]) for h in unpaired if h not in with_row]
    return found


def _candidates(conn: Connection, cutoff: str) -> list[_Idle]:
    return _idle(conn, cutoff, {str(h): int(i) for i, h in conn.execute(_idle_rows(cutoff)).all()})


def _counted(conn: Connection, days: int, idle: Sequence[_Idle]) -> IdleBrowsers:
    """What the idle browsers hold: answers, lessons done, versions of drafts."""
    total = IdleBrowsers(days)
    for chunk in _chunks(idle):
        ids = [x.row for x in chunk if x.row is not None]
        keys = [x.key for x in chunk if x.key is not None]
        answers, lessons, drafts = (int(conn.execute(select(func.count()).select_from(t).where(t.c.learner_id.in_(ids)))
                                        .scalar_one()) for t in (_A, _D, _DR))
        drafts += int(conn.execute(select(func.count()).select_from(_DR).where(
            _DR.c.learner_id.is_(None), _DR.c.browser.in_(keys))).scalar_one())
        total += IdleBrowsers(days, len(chunk), answers, lessons, drafts)
    return total


def _still_idle(conn: Connection, cutoff: str, chunk: Sequence[_Idle]) -> list[_Idle]:
    """Of these browsers found idle, those still idle now, in the write transaction (with their
    rows locked on PostgreSQL): one that came back meanwhile -- an answer, a draft, a row made
    for a key that had only drafts -- is kept, all of it."""
    ids = [x.row for x in chunk if x.row is not None]
    rows: set[int] = set()
    if ids:  # lock first, then look in a statement of its own: on PostgreSQL it sees every answer
        # committed before the locks (an answer locks its learner's row, so none comes after)
        conn.execute(locked(select(_L.c.id).where(_L.c.id.in_(ids)))).all()
        rows = {int(i) for i, _h in conn.execute(_idle_rows(cutoff, ids)).all()}
    keys = [x.key for x in chunk if x.key is not None]
    last = _anonymous_last(conn, keys)
    fresh = {k for k, ts in last.items() if ts >= cutoff}
    made = _with_rows(conn, [token_hash(x.key) for x in chunk if x.key is not None and x.row is None])
    return [x for x in chunk
            if (x.row is None or x.row in rows) and x.key not in fresh
            and not (x.row is None and x.key is not None and token_hash(x.key) in made)]


def idle_in_file(path: Path, days: int = IDLE_DAYS, *, at: datetime | None = None) -> IdleBrowsers:
    """:meth:`Browsers.idle` of a progress file, read without writing to it (``db check``: no
    journal, no migration; the file is known to be ours and of schema 12 or later)."""
    cutoff = _cutoff(days, at)
    engine = sqlite_engine(lambda: files.connect_ro(path, inspect=True), pooled=False)
    try:
        with engine.connect() as conn:
            return _counted(conn, days, _candidates(conn, cutoff))
    except (DBAPIError, sqlite3.Error) as exc:  # a newer schema of other columns, a file locked long
        raise ProgressError(f"cannot count the idle browsers of {path}: {getattr(exc, 'orig', None) or exc}") from None
    finally:
        engine.dispose()


class Browsers:
    """The rows of browsers' unnamed work: found by key, made at the first answer, claimed."""

    def __init__(self, db: Database) -> None:
        self.db = db

    @guard_rows
    def find(self, key: str) -> Learner | None:
        """The row of this browser's unnamed work, or None (nothing kept yet, or claimed)."""
        hashed = _hashed(key)
        with self.db.read() as conn:
            row = conn.execute(select(*COLUMNS).where(_L.c.browser == hashed)).first()
        return None if row is None else learner_of(row)

    @guard_rows
    def learner(self, key: str, tz: str = "") -> Learner:
        """The row this browser's answers are kept under, made at its first answer (in the
        browser's time zone ``tz``, so the daily streak counts the browser's days)."""
        found = self.find(key)
        if found is not None:
            return found
        if self.db.read_only is not None:
            self.db.refuse_write()
        hashed = _hashed(key)
        with self.db.write() as conn:
            conn.execute(insert_or(conn, _L).values(name="", name_key=_name_key(hashed), name_skeleton=_name_key(hashed),
                                                    browser=hashed, tz=zone_name(tz) or "", created=iso(now()))
                         .on_conflict_do_nothing(index_elements=[_L.c.name_key]))
            row = conn.execute(select(*COLUMNS).where(_L.c.browser == hashed)).one()
        return learner_of(row)

    @guard_rows
    def work(self, key: str) -> BrowserWork:
        """What this browser keeps that no learner has claimed yet."""
        hashed = _hashed(key)
        with self.db.read() as conn:
            row = conn.execute(select(_L.c.id).where(_L.c.browser == hashed)).first()
            return _work(conn, None if row is None else int(row[0]), key)

    @guard_rows
    def claim(self, key: str, learner_id: int) -> BrowserWork:
        """Make this browser's unnamed work the learner's, in one transaction: its answers,
        lessons, daily days and review cards merged into his (each first try counted once,
        :func:`tutor.progress.merge.merge_into`), its anonymous drafts his. Returns what he
        gained (empty when the browser kept nothing). Claiming twice, or from two tabs at once,
        moves the work once."""
        hashed = _hashed(key)
        with self.db.read() as conn:  # nothing kept: no write (this is asked at every login and naming)
            if conn.execute(select(_L.c.browser).where(_L.c.id == learner_id)).first() is None:
                raise no_learner(learner_id)
            kept = (conn.execute(select(1).where(_L.c.browser == hashed)).first() is not None
                    or conn.execute(select(1).where(_anonymous_drafts(key)).limit(1)).first() is not None)
        if not kept:
            return BrowserWork()
        if self.db.read_only is not None:
            self.db.refuse_write()
        return self.db.retrying(lambda: self._claim(hashed, key, learner_id))

    def _claim(self, hashed: str, key: str, learner_id: int) -> BrowserWork:
        with self.db.write() as conn:
            target = conn.execute(locked(select(_L.c.browser).where(_L.c.id == learner_id))).first()
            if target is None:
                raise no_learner(learner_id)
            if target[0] is not None:
                raise ProgressError("the work of a browser is claimed by a named learner, not by another browser")
            source = conn.execute(locked(select(_L.c.id).where(_L.c.browser == hashed))).first()
            gained = BrowserWork() if source is None else merge_into(conn, int(source[0]), learner_id)
            drafts = _drafts(conn, key)
            conn.execute(update(_DR).where(_anonymous_drafts(key)).values(learner_id=learner_id))
        return BrowserWork(gained.answers, gained.lessons, gained.daily_days, drafts)

    @guard_rows
    def idle(self, days: int = IDLE_DAYS, *, at: datetime | None = None) -> IdleBrowsers:
        """How many browsers' unnamed work has been idle ``days`` days or more (at ``at``, by
        default now), and what it holds."""
        cutoff = _cutoff(days, at)
        with self.db.read() as conn:
            return _counted(conn, days, _candidates(conn, cutoff))

    @guard_rows
    def prune(self, days: int = IDLE_DAYS, *, at: datetime | None = None) -> IdleBrowsers:
        """Remove the unnamed work of every browser idle ``days`` days or more -- its row, its
        answers, lessons done, review cards, ratings by theme and drafts -- in short write
        transactions of :data:`PRUNE_BATCH` browsers; returns what was removed. Named learners
        and claimed work are never touched; the puzzles' ratings stay (they hold nothing of
        the browser's)."""
        cutoff = _cutoff(days, at)
        with self.db.read() as conn:
            found = _candidates(conn, cutoff)
        if found and self.db.read_only is not None:
            self.db.refuse_write()
        removed = IdleBrowsers(days)
        for chunk in _chunks(found):
            removed += self.db.retrying(functools.partial(self._prune, cutoff, days, chunk))
        return removed

    def _prune(self, cutoff: str, days: int, chunk: Sequence[_Idle]) -> IdleBrowsers:
        with self.db.write() as conn:
            idle = _still_idle(conn, cutoff, chunk)
            gone = _counted(conn, days, idle)
            ids = [x.row for x in idle if x.row is not None]
            keys = [x.key for x in idle if x.key is not None]
            if keys:
                conn.execute(delete(_DR).where(_DR.c.learner_id.is_(None), _DR.c.browser.in_(keys)))
            if ids:
                for statement in erasure(ids):
                    conn.execute(statement)
        return gone
