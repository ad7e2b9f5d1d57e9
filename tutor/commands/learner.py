"""``python -m tutor learner add|show|export|delete NAME``: learners, for teachers and scripts.

    tutor learner add NAME [--teacher] [--password-stdin] [--json]
        → {"learner": NAME, "rating": 1500.0, "rd": 350.0}
    tutor learner show NAME [--json]     → adds "attempts" and per-theme figures
    tutor learner export NAME            → everything kept about the learner, as JSON
    tutor learner delete NAME [--json]   → the learner and all his data are removed

The store is the app's (``WHIST_TUTOR_DB``). A learner with a password, or any learner on a
server with ``WHIST_TUTOR_AUTH=required``, is shown only to himself and to the teachers of his
classes (``--as NAME``, password in ``WHIST_TUTOR_PASSWORD`` or ``--password-stdin``); he
alone can delete himself.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from tutor.accounts import auth_required
from tutor.commands._args import CliError, add_json_flag, emit, nonempty
from tutor.commands._store import (
    add_user_flags,
    find_learner,
    open_store,
    read_password,
    require_can_see,
    require_self,
    viewer,
)
from tutor.progress import ProgressStore, Role

__all__ = ["register", "run_add", "run_show", "run_export", "run_delete", "learner_figures"]


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("learner", help="add, show, export or delete a learner",
                       description=(__doc__ or "").splitlines()[0])
    inner = p.add_subparsers(dest="learner_command", metavar="add|show|export|delete", parser_class=type(p))
    inner.required = True
    for name, func, what in (("add", run_add, "add a learner (rating 1500 ± 700)"),
                             ("show", run_show, "a learner's rating, attempts and themes"),
                             ("export", run_export, "everything kept about a learner, as JSON"),
                             ("delete", run_delete, "remove a learner and all his data")):
        c = inner.add_parser(name, help=what)
        c.add_argument("name", metavar="NAME", type=nonempty)
        if name == "add":
            c.add_argument("--teacher", action="store_true", help="a teacher (keeps classes)")
            c.add_argument("--password-stdin", action="store_true",
                           help="give the new learner a password, read from standard input")
            c.add_argument("--as", dest="as_user", default=None, metavar="NAME",
                           help="the teacher adding a teacher on a server that requires logins")
        else:
            add_user_flags(c)
        add_json_flag(c)
        c.set_defaults(func=func)


def learner_figures(store: ProgressStore, learner_id: int) -> dict[str, Any]:
    learner = store.learner_by_id(learner_id)
    rating = store.rating(learner_id)
    ratings = store.theme_ratings(learner_id)
    themes = []
    for s in store.accuracy_by_theme(learner_id):
        r = ratings.get(s.theme)
        themes.append({"theme": s.theme, "attempts": s.attempts, "correct": s.correct,
                       "accuracy": round(s.accuracy, 3),
                       "rating": round(r.rating, 1) if r else None, "rd": round(r.rd, 1) if r else None})
    return {"learner": learner.name, "rating": round(rating.rating, 1), "rd": round(rating.rd, 1),
            "role": learner.role, "attempts": len(store.attempts(learner_id)), "themes": themes,
            "due_reviews": len(store.due_reviews(learner_id)),
            "classes": [c.name for c in store.classes_joined(learner_id)]}


def run_add(args: argparse.Namespace) -> int:
    store = open_store()
    if store.find_learner(args.name) is not None:
        raise CliError(f"a learner named {args.name!r} exists already")
    password = read_password(args) if args.password_stdin else None
    if auth_required() and not password:
        raise CliError("this server requires a login: give the new learner a password (--password-stdin)")
    if args.teacher and (auth_required() or args.as_user is not None) and store.learners():
        # only a teacher makes a teacher; the store's very first account may be its first teacher
        if args.as_user is None:
            raise CliError("only a teacher can add a teacher: give --as NAME (password in WHIST_TUTOR_PASSWORD)")
        args.password_stdin = False  # stdin held the new teacher's password; the adder's is in the environment
        who = viewer(store, args)
        if who is None or not who.is_teacher:
            raise CliError("only a teacher can add a teacher")
    learner = store.learner(args.name)
    if password:
        store.set_password(learner.id, password)
    if args.teacher:
        learner = store.set_role(learner.id, Role.TEACHER)
    rating = store.rating(learner.id)
    data = {"learner": learner.name, "rating": round(rating.rating, 1), "rd": round(rating.rd, 1)}
    emit(args, data, f"added {learner.name}{' (teacher)' if args.teacher else ''}: rating "
                     f"{rating.rating:.0f} ± {2 * rating.rd:.0f}")
    return 0


def run_show(args: argparse.Namespace) -> int:
    store = open_store()
    learner = find_learner(store, args.name)
    require_can_see(store, viewer(store, args, concerned=learner), learner)
    data = learner_figures(store, learner.id)
    lines = [f"{data['learner']}: rating {data['rating']:.0f} ± {2 * data['rd']:.0f}, {data['attempts']} attempt(s)"]
    lines += [f"  {t['theme']}: {t['correct']}/{t['attempts']} first tries right"
              + (f", rating {t['rating']:.0f}" if t["rating"] is not None else "") for t in data["themes"]]
    emit(args, data, "\n".join(lines))
    return 0


def run_export(args: argparse.Namespace) -> int:
    store = open_store()
    learner = find_learner(store, args.name)
    require_can_see(store, viewer(store, args, concerned=learner), learner)
    print(json.dumps(store.export_learner(learner.id), ensure_ascii=False, indent=2))
    return 0


def run_delete(args: argparse.Namespace) -> int:
    store = open_store()
    learner = find_learner(store, args.name)
    require_self(viewer(store, args, concerned=learner), learner)
    store.delete_learner(learner.id)
    emit(args, {"learner": learner.name, "deleted": True}, f"deleted {learner.name} and all his data")
    return 0
