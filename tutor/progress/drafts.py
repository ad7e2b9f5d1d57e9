"""Drafts: what is being typed -- the workshop's YAML, a report not yet sent -- kept as the last
:data:`DRAFTS_KEPT` versions per learner and per browser, so a reload, a closed tab or "start
again" never loses a teacher's work."""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from sqlalchemy import ColumnElement, Integer, Text, and_, bindparam, delete, func, insert, not_, or_, select
from sqlalchemy.engine import Connection

from tutor.progress.learners import no_learner
from tutor.progress.records import Draft, guard_rows, iso, now
from tutor.storage import models as T
from tutor.storage.database import Database, locked
from tutor.storage.errors import ProgressError

__all__ = ["Drafts", "DRAFTS_KEPT", "MAX_DRAFT", "MAX_SLOT", "ANSWER_SLOTS"]

#: How many saved versions of one draft are kept (per learner and per browser); older ones go.
DRAFTS_KEPT = 10
#: The longest draft stored (the workshop editor accepts as much).
MAX_DRAFT = 200_000
MAX_SLOT = 100
_BROWSER_KEY = re.compile(r"[A-Za-z0-9_-]{8,64}")
#: The slots where a page keeps a graded answer (``answer:SCOPE:ITEM``, :mod:`tutor.ui.state`) so
#: that a reload shows it again: a copy of an answer, counted among the answers, not as a draft.
ANSWER_SLOTS = "answer:"

_D = T.drafts
_COLUMNS = (_D.c.id, _D.c.learner_id, _D.c.browser, _D.c.slot, _D.c.text, _D.c.ts)


def _owner(learner_id: int | None, browser: str | None) -> None:
    if learner_id is None and browser is None:
        raise ProgressError("a draft belongs to a learner or to a browser: name one")
    if learner_id is not None and (not isinstance(learner_id, int) or isinstance(learner_id, bool)):
        raise ProgressError(f"a learner id is a whole number, got {learner_id!r}")
    if browser is not None and (not isinstance(browser, str) or not _BROWSER_KEY.fullmatch(browser)):
        raise ProgressError(f"a browser key is 8 to 64 letters, digits, '-' or '_', got {browser!r}")


def _check_slot(slot: str) -> None:
    if not isinstance(slot, str) or not slot.strip() or len(slot) > MAX_SLOT:
        raise ProgressError(f"a draft slot is a name of 1 to {MAX_SLOT} characters, got {slot!r}")


def _draft(row: Any) -> Draft:
    draft_id, learner_id, browser, slot, text, ts = row
    return Draft(int(draft_id), None if learner_id is None else int(learner_id), browser, slot, text,
                 datetime.fromisoformat(ts))


def _mine(learner_id: int | None, browser: str | None) -> ColumnElement[bool]:
    """The learner's versions when a learner is named (they follow him to another browser),
    else the browser's own anonymous ones: a version saved by a learner is never read by the
    browser key alone (issue 23, F4 -- the key travels in every link the learner shares)."""
    if learner_id is not None:
        return _D.c.learner_id == learner_id
    return and_(_D.c.learner_id.is_(None), _D.c.browser == browser)


def _among_newest(column: str) -> ColumnElement[bool]:
    """A version is among the :data:`DRAFTS_KEPT` newest of its owner (learner or browser)."""
    d = _D.alias("d")
    newer = (select(func.count()).select_from(d)
             .where(d.c.slot == _D.c.slot, d.c[column] == _D.c[column], d.c.id > _D.c.id).scalar_subquery())
    return and_(_D.c[column].is_not(None), newer < DRAFTS_KEPT)


def _newest(conn: Connection, slot: str, learner_id: int | None, browser: str | None) -> Draft | None:
    row = conn.execute(select(*_COLUMNS).where(_D.c.slot == slot, _mine(learner_id, browser))
                       .order_by(_D.c.id.desc()).limit(1)).first()
    return None if row is None else _draft(row)


class Drafts:
    """The saved versions of the texts being written."""

    def __init__(self, db: Database) -> None:
        self.db = db

    @guard_rows
    def save(self, slot: str, text: str, *, learner_id: int | None = None, browser: str | None = None,
             ts: datetime | None = None) -> Draft:
        """Save the text as the newest version of the draft in ``slot``, in one transaction.

        The same text as the newest version (of this learner, else of this browser) is not saved
        twice: that version is returned. Every other save adds a version, and only the oldest
        beyond :data:`DRAFTS_KEPT` -- counted for the learner and for the browser separately --
        are removed, so "start again" never silently drops the work just before it.
        """
        body: object = text
        _owner(learner_id, browser)
        _check_slot(slot)
        if not isinstance(body, str):
            raise ProgressError(f"a draft is text, got {type(body).__name__}")
        if len(body) > MAX_DRAFT:
            raise ProgressError(f"a draft has at most {MAX_DRAFT} characters, got {len(body)}")
        at = ts or now()
        with self.db.write() as conn:
            if learner_id is not None:
                found = conn.execute(locked(select(T.learners.c.id).where(T.learners.c.id == learner_id))).first()
                if found is None:
                    raise no_learner(learner_id)
            if browser is not None and self.db.dialect == "postgresql":  # one writer per browser's drafts
                conn.execute(select(func.pg_advisory_xact_lock(func.hashtext(browser))))
            newest = _newest(conn, slot, learner_id, browser)
            if newest is not None and newest.text == body:
                return newest
            draft_id = int(conn.execute(insert(_D).values(
                learner_id=learner_id, browser=browser, slot=slot, text=body, ts=iso(at)).returning(_D.c.id)
            ).scalar_one())
            # keep a version while it is among the newest of its learner or of its browser; "= NULL"
            # (bound, never "IS NULL") for the owner not named: it matches nobody's versions
            conn.execute(delete(_D).where(
                _D.c.slot == slot,
                or_(_D.c.learner_id == bindparam("l", learner_id, type_=Integer),
                    _D.c.browser == bindparam("b", browser, type_=Text)),
                not_(_among_newest("learner_id")), not_(_among_newest("browser"))))
        return Draft(draft_id, learner_id, browser, slot, body, at)

    @guard_rows
    def versions(self, slot: str, *, learner_id: int | None = None, browser: str | None = None) -> list[Draft]:
        """The saved versions of a draft, newest first: the learner's when a learner is named
        (they follow the learner to another browser), else the browser's."""
        _owner(learner_id, browser)
        _check_slot(slot)
        with self.db.read() as conn:
            rows = conn.execute(select(*_COLUMNS).where(_D.c.slot == slot, _mine(learner_id, browser))
                                .order_by(_D.c.id.desc()).limit(DRAFTS_KEPT)).all()
        return [_draft(r) for r in rows]

    @guard_rows
    def latest(self, slot: str, *, learner_id: int | None = None, browser: str | None = None) -> Draft | None:
        """The newest version of a draft, or None when nothing was saved."""
        _owner(learner_id, browser)
        _check_slot(slot)
        with self.db.read() as conn:
            return _newest(conn, slot, learner_id, browser)

    @guard_rows
    def count(self) -> int:
        with self.db.read() as conn:
            return int(conn.execute(select(func.count()).select_from(_D)).scalar_one())
