"""``python -m tutor class create|join|assign|report``: classes and homework, for teachers.

    tutor class create NAME --teacher T            → {"class": NAME, "code": CODE}
    tutor class join CODE --learner NAME           → {"class": NAME, "learner": NAME}
    tutor class assign NAME --puzzles ID,ID [--lessons ID,ID] [--due YYYY-MM-DD]
    tutor class report NAME [--csv]                → {"class": NAME, "learners": [{"learner": "alice",
                                                      "items": {"ID": "first-try"|"hints"|"wrong"|"open"},
                                                      "weak_themes": [...]}]}

The report lists the class's learners (not the teacher) and, for each assigned item, how his
first try went. On a server with ``WHIST_TUTOR_AUTH=required`` (or with ``--as``) only the
class's teacher may assign and read the report, and each learner joins for himself.
"""

from __future__ import annotations

import argparse
import sys

from tutor.commands._args import CliError, add_json_flag, emit, nonempty
from tutor.commands._store import add_user_flags, due_date, find_learner, open_store, require_self, viewer
from tutor.progress import ClassInfo, ProgressError, ProgressStore, report_csv

__all__ = ["register", "run_create", "run_join", "run_assign", "run_report"]


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("class", help="classes and homework (for teachers)", description=(__doc__ or "").splitlines()[0])
    inner = p.add_subparsers(dest="class_command", metavar="create|join|assign|report", parser_class=type(p))
    inner.required = True
    c = inner.add_parser("create", help="a new class and its join code")
    c.add_argument("name", metavar="NAME", type=nonempty)
    c.add_argument("--teacher", required=True, type=nonempty, metavar="T")
    c.set_defaults(func=run_create)
    j = inner.add_parser("join", help="a learner joins a class by its code")
    j.add_argument("code", metavar="CODE", type=nonempty)
    j.add_argument("--learner", required=True, type=nonempty, metavar="NAME")
    j.set_defaults(func=run_join)
    a = inner.add_parser("assign", help="give the class puzzles (or lessons) to do")
    a.add_argument("name", metavar="NAME", type=nonempty)
    a.add_argument("--puzzles", type=nonempty, default=None, metavar="ID,ID")
    a.add_argument("--lessons", type=nonempty, default=None, metavar="ID,ID")
    a.add_argument("--due", type=due_date, default=None, metavar="YYYY-MM-DD")
    a.set_defaults(func=run_assign)
    r = inner.add_parser("report", help="the grid of learners and homework")
    r.add_argument("name", metavar="NAME", type=nonempty)
    r.add_argument("--csv", action="store_true", help="print the grid as CSV")
    r.set_defaults(func=run_report)
    for q in (c, j, a, r):
        add_user_flags(q)
        add_json_flag(q)


def _ids(text: str | None) -> list[str]:
    if text is None:
        return []
    ids = [x.strip() for x in text.split(",")]
    if any(not x for x in ids):
        raise CliError(f"an empty id in {text!r} (write ID,ID)")
    return ids


def _teacher_of(store: ProgressStore, args: argparse.Namespace, cls: ClassInfo) -> None:
    teacher = store.learner_by_id(cls.teacher_id)
    who = viewer(store, args, concerned=teacher)
    if who is not None and who.id != cls.teacher_id:
        raise ProgressError(f"only the teacher of {cls.name} can do this")


def run_create(args: argparse.Namespace) -> int:
    store = open_store()
    teacher = find_learner(store, args.teacher)
    require_self(viewer(store, args, concerned=teacher), teacher)
    cls = store.create_class(args.name, teacher.id)
    emit(args, {"class": cls.name, "code": cls.code}, f"class {cls.name}: learners join with the code {cls.code}")
    return 0


def run_join(args: argparse.Namespace) -> int:
    store = open_store()
    learner = find_learner(store, args.learner)
    require_self(viewer(store, args, concerned=learner), learner)
    cls = store.join_class(args.code, learner.id)
    emit(args, {"class": cls.name, "learner": learner.name}, f"{learner.name} joined {cls.name}")
    return 0


def run_assign(args: argparse.Namespace) -> int:
    puzzles, lessons = _ids(args.puzzles), _ids(args.lessons)
    if not puzzles and not lessons:
        raise CliError("name the homework: --puzzles ID,ID and/or --lessons ID,ID")
    _check_ids(puzzles, lessons)
    store = open_store()
    cls = store.class_named(args.name)
    _teacher_of(store, args, cls)
    if puzzles:
        store.assign(cls.id, puzzles, kind="puzzle", due=args.due)
    if lessons:
        store.assign(cls.id, lessons, kind="lesson", due=args.due)
    items = [{"item": a.item_id, "kind": a.kind, "due": a.due.isoformat() if a.due else None}
             for a in store.assignments(cls.id)]
    emit(args, {"class": cls.name, "assigned": items},
         f"{cls.name}: " + ", ".join(f"{i['item']}" + (f" (by {i['due']})" if i["due"] else "") for i in items))
    return 0


def _check_ids(puzzles: list[str], lessons: list[str]) -> None:
    """Every id names a puzzle (a lesson) of the content the app serves: a typo would sit in the
    teacher's grid as homework nobody can do."""
    from tutor.content.loader import load_cached

    content = load_cached()
    known_p = {p.item.id for p in content.puzzles}
    known_l = {les.item.id for les in content.lessons}
    unknown = [i for i in puzzles if i not in known_p] + [i for i in lessons if i not in known_l]
    if unknown:
        raise CliError(f"no such puzzle or lesson: {', '.join(unknown)}")




def run_report(args: argparse.Namespace) -> int:
    store = open_store()
    cls = store.class_named(args.name)
    _teacher_of(store, args, cls)
    rows = store.class_report(cls.id)
    items = [a.item_id for a in store.assignments(cls.id)]
    if args.csv:
        sys.stdout.write(report_csv(rows, items))
        return 0
    data = {"class": cls.name, "code": cls.code,
            "learners": [{"learner": r.learner, "items": {k: v.value for k, v in r.items.items()},
                          "weak_themes": list(r.weak_themes)} for r in rows]}
    lines = [f"{cls.name} ({len(rows)} learner(s), {len(items)} item(s))"]
    lines += [f"  {r.learner}: " + ", ".join(f"{k} {v.value}" for k, v in r.items.items()) for r in rows]
    emit(args, data, "\n".join(lines))
    return 0


