"""The daily puzzle's schedule as kept: the puzzle of each day served, chosen once and never changed.

Why kept in the store: the daily is chosen from the puzzles' standings (their ratings and flags,
:mod:`tutor.progress.standings`), which move every day; a past day's daily must stay what it
was. So the first time a day is served its puzzle -- and that of every day before it not yet
kept -- is chosen from the standings as of then and written here, and from then on read.

Why under a lock: two app servers on one database may serve a new day at the same moment. The
choice is made inside one write transaction that first takes the database's write lock (SQLite's
``BEGIN IMMEDIATE``) or an advisory lock (PostgreSQL), reads what is kept, and writes only the
days still missing; the second server then finds the days kept and reads them. A puzzle comes
once a cycle (a unique key), so even a server with other content cannot repeat one.

The store knows nothing of puzzles: ``choose`` (given what is kept and the standings) says which
puzzle each new day gets -- :func:`tutor.content.daily.extend`, passed in by :mod:`tutor.dailies`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import date, datetime

from sqlalchemy import func, insert, select
from sqlalchemy.engine import Connection

from tutor.progress.records import DailyRow, ItemStanding, guard_rows, iso, now
from tutor.progress.standings import standings_on
from tutor.storage import models as T
from tutor.storage.database import Database
from tutor.storage.errors import ProgressError

__all__ = ["Dailies", "DAILY_LOCK", "Chooser"]

#: The PostgreSQL advisory lock key held while days are added to the schedule ("WHISD").
DAILY_LOCK = 0x5748495344
_D = T.daily_picks

#: What picks the new days: given the days kept and the standings, the days to add after them.
Chooser = Callable[[list[DailyRow], dict[str, ItemStanding]], Sequence[DailyRow]]


def _row(r: Sequence[object]) -> DailyRow:
    return DailyRow(date.fromisoformat(str(r[0])), str(r[1]), int(str(r[2])), int(str(r[3])))


def _rows_on(conn: Connection) -> list[DailyRow]:
    return [_row(r) for r in conn.execute(select(_D.c.day, _D.c.item_id, _D.c.cycle, _D.c.number).order_by(_D.c.day))]


class Dailies:
    """The kept schedule: read a day, read them all, keep the days up to one."""

    def __init__(self, db: Database) -> None:
        self.db = db

    @guard_rows
    def row(self, day: date) -> DailyRow | None:
        """The kept puzzle of ``day``, None when the day has not been served yet."""
        with self.db.read() as conn:
            found = conn.execute(select(_D.c.day, _D.c.item_id, _D.c.cycle, _D.c.number)
                                 .where(_D.c.day == day.isoformat())).first()
        return None if found is None else _row(found)

    @guard_rows
    def rows(self) -> list[DailyRow]:
        """Every kept day, oldest first."""
        with self.db.read() as conn:
            return _rows_on(conn)

    @guard_rows
    def last(self) -> date | None:
        """The last day kept (None: none yet)."""
        with self.db.read() as conn:
            value = conn.execute(select(func.max(_D.c.day))).scalar()
        return None if value is None else date.fromisoformat(str(value))

    def keep(self, through: date, choose: Chooser, *, ts: datetime | None = None) -> list[DailyRow]:
        """Keep every day up to ``through`` (the ones missing, chosen now by ``choose``) and return
        the whole kept schedule. A day kept already is never changed."""
        at = iso(ts or now())

        def work() -> list[DailyRow]:
            with self.db.write() as conn:
                if conn.dialect.name == "postgresql":
                    conn.execute(select(func.pg_advisory_xact_lock(DAILY_LOCK)))
                kept = _rows_on(conn)
                if any(r.day == through for r in kept):
                    return kept
                standings = standings_on(conn)
                new = list(choose(kept, standings))
                last = kept[-1].day if kept else None
                if any(last is not None and r.day <= last for r in new):
                    raise ProgressError("the daily schedule is only extended: a kept day cannot be chosen again")
                rated = sum(1 for s in standings.values() if s.stars is not None)
                if new:
                    conn.execute(insert(_D), [{"day": r.day.isoformat(), "item_id": r.item_id, "cycle": r.cycle,
                                               "number": r.number, "chosen": at, "rated": rated} for r in new])
                return kept + new

        return self.db.retrying(work)
