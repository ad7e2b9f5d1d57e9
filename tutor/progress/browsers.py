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
"""

from __future__ import annotations

import re

from sqlalchemy import ColumnElement, and_, distinct, func, not_, select, update
from sqlalchemy.engine import Connection

from tutor.accounts import token_hash
from tutor.clock import zone_name
from tutor.progress.drafts import ANSWER_SLOTS
from tutor.progress.learners import COLUMNS, learner_of, no_learner
from tutor.progress.merge import merge_into
from tutor.progress.records import BrowserWork, Learner, guard_rows, iso, now
from tutor.storage import models as T
from tutor.storage.database import Database, insert_or, locked
from tutor.storage.errors import ProgressError

__all__ = ["Browsers", "BROWSER_KEY"]

#: A browser's key: 8 to 64 URL-safe characters (the pages make 16, 96 random bits).
BROWSER_KEY = re.compile(r"[A-Za-z0-9_-]{8,64}")

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
