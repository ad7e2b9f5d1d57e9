"""Problem reports: a learner's note that a puzzle looks wrong, kept for the teachers.

Why limited: a report is written by anyone who can open a puzzle -- in AUTH mode by a visitor
who never logged in -- and every one lands in the teachers' list. A learner (or, not logged in,
a browser) sends a few in a while; an item gets a few dozen a day in all, a few of them anonymous.
A browser's key comes from its URL, so the per-item limits are what bound a stranger."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import func, insert, select
from sqlalchemy.sql import ColumnElement

from tutor.progress.records import Report, guard_rows, iso, now
from tutor.storage import models as T
from tutor.storage.database import Database
from tutor.storage.errors import ProgressError

__all__ = ["Reports", "MAX_NOTE", "ReportLimited", "PER_SENDER", "PER_ITEM", "PER_ITEM_ANONYMOUS"]

MAX_NOTE = 2000
#: Reports one learner (or one browser, not logged in) sends in :data:`SENDER_WINDOW`.
PER_SENDER = 5
SENDER_WINDOW = timedelta(minutes=10)
#: Reports an item gets in a day, from everyone, and from visitors not logged in.
PER_ITEM = 30
PER_ITEM_ANONYMOUS = 5
ITEM_WINDOW = timedelta(days=1)
_P = T.reports


class ReportLimited(ProgressError):
    """Too many problem reports in a while (``who``: ``sender`` or ``item``); nothing was kept."""

    def __init__(self, who: str) -> None:
        self.who = who
        super().__init__("too many problem reports from you in a short while; try again later" if who == "sender"
                         else "this puzzle has had many reports today; the teachers will see them")


class Reports:
    """The notes learners sent about puzzles."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def send(self, item_id: str, note: str, learner_id: int | None = None, *, browser: str | None = None,
             ts: datetime | None = None) -> Report:
        """Keep a report from ``learner_id`` (or, not logged in, from ``browser``); past the
        limits above, :class:`ReportLimited` and nothing kept."""
        note = (note or "").strip()
        if not note:
            raise ProgressError("say what looks wrong in the puzzle")
        if len(note) > MAX_NOTE:
            raise ProgressError(f"a report has at most {MAX_NOTE} characters")
        ts = ts or now()
        since_sender, since_item = iso(ts - SENDER_WINDOW), iso(ts - ITEM_WINDOW)

        def count(conn: Any, where: ColumnElement[bool], since: str) -> int:
            return int(conn.execute(select(func.count()).select_from(_P).where(where, _P.c.ts > since)).scalar_one())

        with self.db.write() as conn:
            sender = (_P.c.learner_id == learner_id) if learner_id is not None else (
                _P.c.browser == browser) if browser else None
            if sender is not None and count(conn, sender, since_sender) >= PER_SENDER:
                raise ReportLimited("sender")
            if count(conn, _P.c.item_id == item_id, since_item) >= PER_ITEM:
                raise ReportLimited("item")
            if learner_id is None and count(conn, (_P.c.item_id == item_id) & _P.c.learner_id.is_(None),
                                            since_item) >= PER_ITEM_ANONYMOUS:
                raise ReportLimited("item")
            report_id = int(conn.execute(insert(_P).values(
                learner_id=learner_id, item_id=item_id, note=note, ts=iso(ts),
                browser=None if learner_id is not None else browser).returning(_P.c.id)).scalar_one())
        return Report(report_id, learner_id, item_id, note, ts)

    @guard_rows
    def all(self, item_id: str | None = None) -> list[Report]:
        query = select(_P.c.id, _P.c.learner_id, _P.c.item_id, _P.c.note, _P.c.ts)
        if item_id is not None:
            query = query.where(_P.c.item_id == item_id)
        with self.db.read() as conn:
            rows = conn.execute(query.order_by(_P.c.id)).all()
        return [Report(int(r[0]), None if r[1] is None else int(r[1]), r[2], r[3], datetime.fromisoformat(r[4]))
                for r in rows]
