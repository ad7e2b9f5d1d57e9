"""``python -m tutor db check|backup``: the progress file, for teachers.

    python -m tutor db check [--db FILE] [--json]
    python -m tutor db backup FILE [--db FILE] [--force] [--json]

``check`` reads the file without writing to it (not even a journal): is it Whist Tutor's, whole
(SQLite's integrity check), of which schema, how many learners and attempts. Exit 0 when it is
usable, 1 when it is damaged or another program's (the app then runs with progress off), 2 for
a missing file or a folder.

``backup`` copies it with SQLite's online backup -- a consistent copy even while the app is
writing -- into a temporary file renamed to ``FILE``; an existing ``FILE`` is replaced only with
``--force`` and never when it is the progress file itself.

``--db`` defaults to ``$WHIST_TUTOR_DB``, else the user's data folder.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from tutor.commands._args import CliError, add_json_flag, emit, nonempty
from tutor.outfiles import check_out
from tutor.progress import SCHEMA_VERSION, StoreCheck, backup_store, check_store, default_db_path, default_db_target
from tutor.storage import is_url, safe_url

__all__ = ["register", "run_check", "run_backup"]


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("db", help="check or back up the progress file (for teachers)",
                       description=__doc__.splitlines()[0])
    inner = p.add_subparsers(dest="db_command", metavar="check|backup", parser_class=type(p))
    inner.required = True
    c = inner.add_parser("check", help="check the progress file without changing it")
    c.add_argument("--db", type=nonempty, default=None, help="the progress file (default: WHIST_TUTOR_DB)")
    add_json_flag(c)
    c.set_defaults(func=run_check)
    b = inner.add_parser("backup", help="copy the progress file safely (SQLite online backup)")
    b.add_argument("file", metavar="FILE", help="the copy to write")
    b.add_argument("--db", type=nonempty, default=None, help="the progress file (default: WHIST_TUTOR_DB)")
    b.add_argument("--force", action="store_true", help="replace FILE if it exists")
    add_json_flag(b)
    b.set_defaults(func=run_backup)


def _db(args: argparse.Namespace) -> Path:
    target = args.db if args.db is not None else default_db_target()
    if is_url(target):  # issue 14: a club's PostgreSQL is checked and backed up by its own tools
        raise CliError("db check and backup read a SQLite progress file; this store is a database server "
                       f"({safe_url(target)}): use its own tools (pg_dump, pg_amcheck)")
    return Path(target).expanduser() if args.db is not None else default_db_path()


def _summary(report: StoreCheck) -> str:
    counts = report.counts
    ro = {"file": " (read-only file)", "newer": f" (newer than this program's {SCHEMA_VERSION}: read-only)"}
    return (f"{report.path}: ok, schema {report.version}{ro.get(report.read_only or '', '')}; "
            f"{counts.get('learners', 0)} learner(s), {counts.get('attempts', 0)} attempt(s), "
            f"{counts.get('drafts', 0)} draft(s), {counts.get('reports', 0)} report(s)")


def run_check(args: argparse.Namespace) -> int:
    report = check_store(_db(args))
    text = _summary(report) if report.ok else f"{report.problem}"
    emit(args, report.to_json(), text)
    return 0 if report.ok else 1


def run_backup(args: argparse.Namespace) -> int:
    source = _db(args)
    # the file itself and its journals: a --force over the -wal file would lose the newest answers
    companions = [source, *(source.with_name(source.name + x) for x in ("-wal", "-shm", "-journal"))]
    named = Path(args.file).expanduser().absolute()
    if any(named == c.expanduser().absolute() for c in companions):
        # refused whether or not the journal exists now: an idle WAL store has none, and SQLite
        # deletes a "backup" it finds there as a stale journal the next time the store opens
        raise CliError(f"FILE {args.file} is one of the inputs: the progress file or its journal (-wal, -shm, "
                       "-journal), whether it exists now or not; give the copy another name")
    out = check_out(args.file, inputs=[c for c in companions if c.is_file()], force=args.force, option="FILE")
    if out.exists() and source.exists() and os.path.samefile(out, source):  # pragma: no cover - check_out refuses
        raise CliError(f"FILE {out} is the progress file itself")
    report = backup_store(source, out)
    emit(args, {"out": str(out), "source": str(source), **report.to_json()},
         f"wrote {out}: a copy of {source}; " + _summary(report).split(": ", 1)[1])
    return 0
