"""Problem reports: a learner's note that a puzzle looks wrong, kept for the teachers."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import insert, select

from tutor.progress.records import Report, guard_rows, iso, now
from tutor.storage import models as T
from tutor.storage.database import Database
from tutor.storage.errors import ProgressError

__all__ = ["Reports", "MAX_NOTE"]

MAX_NOTE = 2000
_P = T.reports


class Reports:
    """The notes learners sent about puzzles."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def send(self, item_id: str, note: str, learner_id: int | None = None) -> Report:
        note = (note or "").strip()
        if not note:
            raise ProgressError("say what looks wrong in the puzzle")
        if len(note) > MAX_NOTE:
            raise ProgressError(f"a report has at most {MAX_NOTE} characters")
        ts = now()
        with self.db.write() as conn:
            report_id = int(conn.execute(insert(_P).values(
                learner_id=learner_id, item_id=item_id, note=note, ts=iso(ts)).returning(_P.c.id)).scalar_one())
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
