"""``python -m tutor admin init|grant``: who sets the server up, and who is a teacher.

    tutor admin init NAME [--json]            (password on standard input)
        → {"teacher": NAME}: the store's first teacher
    tutor admin grant NAME --as TEACHER [--json]   (TEACHER's password in WHIST_TUTOR_PASSWORD)
        → {"teacher": NAME}: a teacher makes an existing learner a teacher

Why a command of its own: a role is granted, never taken. Creating a class used to make its
creator a teacher, so a learner with ``--as`` made himself one and read every problem report.
Now only a teacher makes a teacher, and the first one is made by whoever sets the server up --
``admin init`` on a store that has no teacher yet (or ``learner add NAME --teacher`` as the
store's very first account).
"""

from __future__ import annotations

import argparse
import sys

from tutor.commands._args import CliError, add_json_flag, emit, nonempty
from tutor.commands._store import PASSWORD_ENV, add_user_flags, find_learner, open_store, viewer
from tutor.progress import Role

__all__ = ["register", "run_init", "run_grant"]


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("admin", help="set the server up: the first teacher, and teachers made by a teacher",
                       description=(__doc__ or "").splitlines()[0])
    inner = p.add_subparsers(dest="admin_command", metavar="init|grant", parser_class=type(p))
    inner.required = True
    i = inner.add_parser("init", help="the store's first teacher (password on standard input)")
    i.add_argument("name", metavar="NAME", type=nonempty)
    add_json_flag(i)
    i.set_defaults(func=run_init)
    g = inner.add_parser("grant", help="a teacher makes a learner a teacher")
    g.add_argument("name", metavar="NAME", type=nonempty)
    add_user_flags(g)
    add_json_flag(g)
    g.set_defaults(func=run_grant)


def run_init(args: argparse.Namespace) -> int:
    store = open_store()
    teachers = [x.name for x in store.learners() if x.is_teacher]
    if teachers:
        raise CliError(f"this store has a teacher already ({teachers[0]}): a teacher makes teachers "
                       f"(tutor admin grant NAME --as {teachers[0]})")
    if store.find_learner(args.name) is not None:
        raise CliError(f"a learner named {args.name!r} exists already: the first teacher is a new account")
    password = sys.stdin.readline().rstrip("\r\n")
    if not password:
        raise CliError("give the first teacher's password on standard input (echo PASSWORD | tutor admin init NAME)")
    from tutor.accounts import hash_password

    hash_password(password)  # a password too short is refused before the account is made
    learner = store.learner(args.name)
    store.set_password(learner.id, password)
    learner = store.set_role(learner.id, Role.TEACHER)
    emit(args, {"teacher": learner.name},
         f"{learner.name} is this store's first teacher; log in with --as {learner.name}")
    return 0


def run_grant(args: argparse.Namespace) -> int:
    store = open_store()
    learner = find_learner(store, args.name)
    if args.as_user is None:
        raise CliError(f"only a teacher makes a teacher: give --as TEACHER (password in {PASSWORD_ENV} "
                       "or --password-stdin)")
    who = viewer(store, args, concerned=learner)
    if who is None or not who.is_teacher:
        raise CliError("only a teacher makes a teacher")
    learner = store.set_role(learner.id, Role.TEACHER)
    emit(args, {"teacher": learner.name}, f"{learner.name} is now a teacher (granted by {who.name})")
    return 0
