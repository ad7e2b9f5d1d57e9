"""What the learner, answer and class commands share: the store (the app's, chosen by
``WHIST_TUTOR_DB``) and who is asking.

Who is asking: on a server that requires logins (``WHIST_TUTOR_AUTH=required``) every command
names its user with ``--as NAME`` and gives the password in ``WHIST_TUTOR_PASSWORD`` or on the
first line of standard input (``--password-stdin``) -- never as an argument, where ``ps`` and the
shell's history would show it. The same holds on one machine when the learner concerned has a
password, or when ``--as`` is given. Otherwise the person at the machine may do anything: the
file is theirs.
"""

from __future__ import annotations

import argparse
import getpass
import os
import sys
from datetime import date

from tutor.accounts import auth_required
from tutor.commands._args import CliError
from tutor.progress import Learner, LoginFailed, ProgressError, ProgressStore

__all__ = ["PASSWORD_ENV", "add_user_flags", "open_store", "viewer", "require_can_see", "require_self",
           "find_learner", "due_date", "read_password"]

PASSWORD_ENV = "WHIST_TUTOR_PASSWORD"


def add_user_flags(p: argparse.ArgumentParser) -> None:
    p.add_argument("--as", dest="as_user", default=None, metavar="NAME",
                   help="who is asking (required when WHIST_TUTOR_AUTH=required); password in "
                        f"{PASSWORD_ENV} or --password-stdin")
    p.add_argument("--password-stdin", action="store_true", help="read the password from standard input")


def open_store() -> ProgressStore:
    return ProgressStore()


def read_password(args: argparse.Namespace) -> str | None:
    if getattr(args, "password_stdin", False):
        return sys.stdin.readline().rstrip("\r\n")
    return os.environ.get(PASSWORD_ENV)


def find_learner(store: ProgressStore, name: str) -> Learner:
    found = store.find_learner(name)
    if found is None:
        raise CliError(f"no learner named {name!r} (add one with: tutor learner add NAME)")
    return found


def viewer(store: ProgressStore, args: argparse.Namespace, *, concerned: Learner | None = None) -> Learner | None:
    """The logged-in user, or None when the command may run for whoever sits at the machine."""
    name = getattr(args, "as_user", None)
    if name is None:
        if auth_required():
            raise CliError("this server requires a login: give --as NAME and the password "
                           f"({PASSWORD_ENV} or --password-stdin)")
        if concerned is not None and concerned.has_password:
            raise CliError(f"{concerned.name} has a password: give --as NAME and the password "
                           f"({PASSWORD_ENV} or --password-stdin)")
        return None
    password = read_password(args)
    if not password:
        raise CliError(f"--as {name} needs the password ({PASSWORD_ENV} or --password-stdin)")
    try:
        token = store.login(name, password, client=f"cli:{getpass.getuser()}")
    except LoginFailed:
        raise
    learner = store.session_learner(token)
    store.logout(token)
    if learner is None:  # pragma: no cover - the session was just opened
        raise CliError("the login did not last")
    return learner


def require_can_see(store: ProgressStore, who: Learner | None, learner: Learner) -> None:
    if who is not None:
        store.check_can_see(who.id, learner.id)


def require_self(who: Learner | None, learner: Learner) -> None:
    if who is not None and who.id != learner.id:
        raise ProgressError(f"only {learner.name} can do this for {learner.name}")


def due_date(text: str) -> date:
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a date: {text!r} (write YYYY-MM-DD)") from None
