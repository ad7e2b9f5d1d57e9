"""Classes and homework: a teacher's class with its join code and members, the puzzles and
lessons set, each learner's own homework, and the teacher's grid (:meth:`Classes.report`)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import Any

from sqlalchemy import case, literal_column, select
from sqlalchemy.sql import ColumnElement

from tutor.accounts import new_class_code, normal_code
from tutor.progress.errors import AccessDenied, NotATeacher
from tutor.progress.learners import no_learner, refuse_browser_row
from tutor.progress.records import (
    Assignment,
    ClassInfo,
    Homework,
    ReportRow,
    clean_name,
    guard_rows,
    iso,
    item_state,
    now,
)
from tutor.progress.selection import weak_themes_on
from tutor.storage import models as T
from tutor.storage import name_key
from tutor.storage.database import Database, insert_or
from tutor.storage.errors import ProgressError
from tutor.vocab import HOMEWORK_KINDS, HomeworkKind, parse_homework_kind

__all__ = ["Classes"]

_C, _M, _H, _A, _D, _L = T.classes, T.class_members, T.assignments, T.attempts, T.lessons_done, T.learners
_INFO = (_C.c.id, _C.c.name, _C.c.code, _C.c.teacher_id)


def _info(row: Any) -> ClassInfo:
    return ClassInfo(int(row[0]), str(row[1]), str(row[2]), int(row[3]))


def _due(text: str | None) -> date | None:
    return date.fromisoformat(text) if text else None


class Classes:
    """Classes, their members and their homework."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def create(self, name: str, teacher_id: int) -> ClassInfo:
        """A new class taught by ``teacher_id``, with a join code. Only a teacher creates a
        class, and creating one grants no role: it did (``--teacher bob --as bob`` made a
        learner a teacher, who then read every problem report); a teacher is made by a teacher
        or by whoever sets the server up (``tutor admin init``)."""
        cleaned = clean_name(name, what="a class's name")
        with self.db.write() as conn:
            role = conn.execute(select(_L.c.role).where(_L.c.id == teacher_id)).first()
            if role is None:
                raise no_learner(teacher_id)
            if role[0] != "teacher":
                raise NotATeacher("only a teacher can create a class; a teacher makes teachers "
                                  "(python -m tutor admin grant NAME --as TEACHER)")
            if conn.execute(select(1).where(_C.c.name_key == name_key(cleaned))).first() is not None:
                raise ProgressError(f"a class named {cleaned!r} exists already")
            code = new_class_code()
            while conn.execute(select(1).where(_C.c.code == code)).first() is not None:
                code = new_class_code()  # pragma: no cover - 32^6 codes
            class_id = int(conn.execute(_C.insert().values(
                name=cleaned, name_key=name_key(cleaned), code=code, teacher_id=teacher_id,
                created=iso(now())).returning(_C.c.id)).scalar_one())
        return ClassInfo(class_id, cleaned, code, teacher_id)

    @guard_rows
    def _one(self, where: ColumnElement[bool]) -> ClassInfo | None:
        with self.db.read() as conn:
            row = conn.execute(select(*_INFO).where(where)).first()
        return None if row is None else _info(row)

    def named(self, name: str) -> ClassInfo:
        found = self._one(_C.c.name_key == name_key(clean_name(name, what="a class's name")))
        if found is None:
            raise ProgressError(f"no class named {name!r}")
        return found

    def join(self, code: str, learner_id: int) -> ClassInfo:
        """The learner joins the class whose code he was given (joining twice changes nothing)."""
        found = self._one(_C.c.code == normal_code(code))
        if found is None:
            raise ProgressError(f"no class has the code {code!r}; check it with your teacher")
        with self.db.write() as conn:
            refuse_browser_row(conn, learner_id, "joining a class")
            conn.execute(insert_or(conn, _M).values(class_id=found.id, learner_id=learner_id, joined=iso(now()))
                         .on_conflict_do_nothing(index_elements=[_M.c.class_id, _M.c.learner_id]))
        return found

    def assign(self, class_id: int, items: Sequence[str], *, kind: HomeworkKind = "puzzle",
               due: date | None = None) -> None:
        """Give the class homework: puzzles (or lessons) to do, by a date or open-ended.
        Assigning an item again changes its due date."""
        if kind not in HOMEWORK_KINDS:
            raise ProgressError(f"homework is puzzles or lessons, got {kind!r}")
        if not items or any(not isinstance(i, str) or not i.strip() for i in items):
            raise ProgressError("name at least one puzzle (or lesson) to assign")
        with self.db.write() as conn:
            for item in items:
                upsert = insert_or(conn, _H).values(class_id=class_id, item_id=item.strip(), kind=kind,
                                                    due=due.isoformat() if due else None, created=iso(now()))
                conn.execute(upsert.on_conflict_do_update(
                    index_elements=[_H.c.class_id, _H.c.item_id],
                    set_={"due": upsert.excluded.due, "kind": upsert.excluded.kind}))

    @guard_rows
    def assignments(self, class_id: int) -> list[Assignment]:
        with self.db.read() as conn:
            rows = conn.execute(select(_H.c.item_id, _H.c.kind, _H.c.due).where(_H.c.class_id == class_id)
                                .order_by(_H.c.id)).all()
        return [Assignment(str(r[0]), parse_homework_kind(r[1]), _due(r[2])) for r in rows]

    @guard_rows
    def taught(self, teacher_id: int) -> list[ClassInfo]:
        with self.db.read() as conn:
            rows = conn.execute(select(*_INFO).where(_C.c.teacher_id == teacher_id).order_by(_C.c.name_key)).all()
        return [_info(r) for r in rows]

    @guard_rows
    def joined(self, learner_id: int) -> list[ClassInfo]:
        with self.db.read() as conn:
            rows = conn.execute(select(*_INFO).select_from(_C.join(_M, _M.c.class_id == _C.c.id))
                                .where(_M.c.learner_id == learner_id).order_by(_C.c.name_key)).all()
        return [_info(r) for r in rows]

    @guard_rows
    def homework(self, learner_id: int) -> list[Homework]:
        """The learner's own homework from every class he joined, soonest due first (open-ended
        last), each with his state (as in the teacher's grid): what he has to do, and by when."""
        with self.db.read() as conn:
            rows = conn.execute(
                select(_C.c.name, _H.c.item_id, _H.c.kind, _H.c.due)
                .select_from(_H.join(_C, _C.c.id == _H.c.class_id).join(_M, _M.c.class_id == _H.c.class_id))
                .where(_M.c.learner_id == learner_id)
                .order_by(case((_H.c.due.is_(None), literal_column("1")), else_=literal_column("0")), _H.c.due, _C.c.name_key, _H.c.id)).all()
            firsts = {str(r[0]): (bool(r[1]), int(r[2])) for r in conn.execute(
                select(_A.c.item_id, _A.c.correct, _A.c.hints_used)
                .where(_A.c.learner_id == learner_id, _A.c.first_try == 1))}
            done = {str(r[0]) for r in conn.execute(select(_D.c.lesson_id).where(_D.c.learner_id == learner_id))}
        work = [(str(name), Assignment(str(item), parse_homework_kind(kind), _due(due))) for name, item, kind, due in rows]
        return [Homework(name, a, item_state(a.kind, firsts.get(a.item_id), a.item_id in done)) for name, a in work]

    @guard_rows
    def report(self, class_id: int, *, viewer_id: int | None = None) -> list[ReportRow]:
        """The teacher's grid: each learner of the class (not the teacher), each assigned item's
        state (:class:`ItemState`, from the learner's first try), and his weakest themes.
        With ``viewer_id`` only the class's teacher may read it (:class:`AccessDenied`)."""
        with self.db.read() as conn:
            cls = conn.execute(select(_C.c.teacher_id).where(_C.c.id == class_id)).first()
            if cls is None:
                raise ProgressError(f"no class with id {class_id}")
            teacher = int(cls[0])
            if viewer_id is not None and teacher != viewer_id:
                raise AccessDenied("only the class's teacher can see its report")
            members = conn.execute(select(_L.c.id, _L.c.name).select_from(_M.join(_L, _L.c.id == _M.c.learner_id))
                                   .where(_M.c.class_id == class_id, _L.c.id != teacher)
                                   .order_by(_L.c.name_key)).all()
            homework = [(str(item), parse_homework_kind(kind)) for item, kind in conn.execute(
                select(_H.c.item_id, _H.c.kind).where(_H.c.class_id == class_id).order_by(_H.c.id))]
            in_class = (_M.c.learner_id == _A.c.learner_id) & (_M.c.class_id == class_id)
            set_here = (_H.c.item_id == _A.c.item_id) & (_H.c.class_id == class_id)
            firsts = conn.execute(select(_A.c.learner_id, _A.c.item_id, _A.c.correct, _A.c.hints_used)
                                  .select_from(_A.join(_M, in_class).join(_H, set_here))
                                  .where(_A.c.first_try == 1)).all()
            lessons = conn.execute(select(_D.c.learner_id, _D.c.lesson_id).select_from(
                _D.join(_M, (_M.c.learner_id == _D.c.learner_id) & (_M.c.class_id == class_id)))).all()
        first = {(int(r[0]), str(r[1])): (bool(r[2]), int(r[3])) for r in firsts}
        done = {(int(r[0]), str(r[1])) for r in lessons}
        rows = []
        for learner_id, name in members:
            items = {item_id: item_state(kind, first.get((int(learner_id), item_id)),
                                         (int(learner_id), item_id) in done)
                     for item_id, kind in homework}
            rows.append(ReportRow(str(name), items, tuple(self._weak_themes(int(learner_id)))))
        return rows

    def _weak_themes(self, learner_id: int) -> list[str]:
        with self.db.read() as conn:
            return weak_themes_on(conn, learner_id)
