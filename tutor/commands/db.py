"""``python -m tutor db check|backup``: the progress file, for teachers.

    python -m tutor db check [--db FILE|URL] [--idle-days DAYS] [--fix] [--json]
    python -m tutor db backup FILE [--db FILE] [--force] [--json]

``check`` reads the file without writing to it (not even a journal): is it Whist Tutor's, whole
(SQLite's integrity check), of which schema, how many learners and attempts, and how many
browsers' unnamed work -- kept for a learner who never named himself -- has been idle
``--idle-days`` days or more (default 180: no answer, lesson or draft since). Exit 0 when it is
usable, 1 when it is damaged or another program's (the app then runs with progress off), 2 for
a missing file or a folder. ``--fix`` then removes that idle unnamed work (the browser's row,
answers, lessons done, review cards and drafts; never a named learner's) and says what it
removed; a damaged or read-only store is left as it is. A school's PostgreSQL (``--db URL``) is
opened as the app opens it: its integrity and backups are its own tools' (pg_amcheck, pg_dump),
the idle browsers are counted and pruned the same way.

``backup`` copies it with SQLite's online backup -- a consistent copy even while the app is
writing -- into a temporary file renamed to ``FILE``; an existing ``FILE`` is replaced only with
``--force`` and never when it is the progress file itself.

``--db`` defaults to ``$WHIST_TUTOR_DB``, else the user's data folder.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from tutor.commands._args import CliError, add_json_flag, bounded_int, emit, nonempty
from tutor.outfiles import check_out
from tutor.progress import (
                            IDLE_DAYS,
                            MAX_IDLE_DAYS,
                            SCHEMA_VERSION,
                            IdleBrowsers,
                            ProgressStore,
                            StoreCheck,
                            backup_store,
                            check_store,
                            default_db_path,
                            default_db_target,
                            idle_in_file,
)
from tutor.storage import is_url, safe_url

__all__ = ["register", "run_check", "run_backup"]

#: The first schema that keeps a browser's unnamed work (v0012): an older file has none.
_BROWSER_SCHEMA = 12


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("db", help="check or back up the progress file (for teachers)",
                       description=__doc__.splitlines()[0])
    inner = p.add_subparsers(dest="db_command", metavar="check|backup", parser_class=type(p))
    inner.required = True
    c = inner.add_parser("check", help="check the progress file without changing it (--fix: prune idle browsers)")
    c.add_argument("--db", type=nonempty, default=None,
                   help="the progress file or a PostgreSQL URL (default: WHIST_TUTOR_DB)")
    c.add_argument("--idle-days", type=bounded_int(1, MAX_IDLE_DAYS), default=IDLE_DAYS, metavar="DAYS",
                   help=f"a browser's unnamed work with nothing done for DAYS days is idle (1 to {MAX_IDLE_DAYS}; "
                        f"default {IDLE_DAYS})")
    c.add_argument("--fix", action="store_true",
                   help="remove the idle browsers' unnamed work (never a named learner's) and say what went")
    add_json_flag(c)
    c.set_defaults(func=run_check)
    b = inner.add_parser("backup", help="copy the progress file safely (SQLite online backup)")
    b.add_argument("file", metavar="FILE", help="the copy to write")
    b.add_argument("--db", type=nonempty, default=None, help="the progress file (default: WHIST_TUTOR_DB)")
    b.add_argument("--force", action="store_true", help="replace FILE if it exists")
    add_json_flag(b)
    b.set_defaults(func=run_backup)


def _target(args: argparse.Namespace) -> str:
    return str(args.db) if args.db is not None else default_db_target()


def _db(args: argparse.Namespace) -> Path:
    target = _target(args)
    if is_url(target):  # issue 14: a club's PostgreSQL is backed up by its own tools
        raise CliError("db backup copies a SQLite progress file; this store is a database server "
                       f"({safe_url(target)}): use its own tools (pg_dump)")
    return Path(target).expanduser() if args.db is not None else default_db_path()


def _summary(report: StoreCheck) -> str:
    counts = report.counts
    ro = {"file": " (read-only file)", "newer": f" (newer than this program's {SCHEMA_VERSION}: read-only)"}
    return (f"{report.path}: ok, schema {report.version}{ro.get(report.read_only or '', '')}; "
            f"{counts.get('learners', 0)} learner(s), {counts.get('attempts', 0)} attempt(s), "
            f"{counts.get('drafts', 0)} draft(s), {counts.get('reports', 0)} report(s)")


def _held(work: IdleBrowsers) -> str:
    return f"{work.answers} answer(s), {work.lessons} lesson(s) done, {work.drafts} draft version(s)"


def _idle_line(idle: IdleBrowsers, fix: bool) -> str:
    if not idle.browsers:
        return f"no unnamed browser idle for {idle.days} day(s) or more"
    return (f"{idle.browsers} unnamed browser(s) idle for {idle.days} day(s) or more ({_held(idle)})"
            + ("" if fix else "; `db check --fix` removes them"))


def _removed_line(removed: IdleBrowsers) -> str:
    return (f"removed {removed.browsers} unnamed browser(s) idle for {removed.days} day(s) or more: {_held(removed)}"
            if removed.browsers else "removed nothing")


def _prune(store: ProgressStore, days: int) -> IdleBrowsers:
    if store.read_only is not None:
        raise CliError(f"{store.location} is read-only ({'a newer schema' if store.read_only == 'newer' else 'the file'}):"
                       " nothing was removed")
    return store.prune_browsers(days)


def _check_server(args: argparse.Namespace, url: str) -> int:
    """A database server: opened as the app opens it; its integrity is its own tools' affair."""
    store = ProgressStore(url)
    try:
        idle = store.idle_browsers(args.idle_days)
        removed = _prune(store, args.idle_days) if args.fix else None
        version = store.schema_version()
    finally:
        store.close()
    data = {"path": store.location, "ok": True, "server": True, "schema_version": version,
            "read_only": store.read_only, "idle_browsers": idle.to_json(),
            **({"removed": removed.to_json()} if removed is not None else {})}
    lines = [f"{store.location}: a database server, schema {version} (its integrity: pg_amcheck); "
             + _idle_line(idle, args.fix)]
    if removed is not None:
        lines.append(_removed_line(removed))
    emit(args, data, "\n".join(lines))
    return 0


def run_check(args: argparse.Namespace) -> int:
    target = _target(args)
    if is_url(target):
        return _check_server(args, target)
    path = Path(target).expanduser() if args.db is not None else default_db_path()
    report = check_store(path)
    if not report.ok:
        emit(args, report.to_json(), f"{report.problem}" + ("; nothing was removed" if args.fix else ""))
        return 1
    has_browsers = (report.version or 0) >= _BROWSER_SCHEMA
    idle = idle_in_file(report.path, args.idle_days) if has_browsers else IdleBrowsers(args.idle_days)
    removed = None
    if args.fix and idle.browsers:
        store = ProgressStore(report.path)
        try:
            removed = _prune(store, args.idle_days)
        finally:
            store.close()
    elif args.fix:
        removed = IdleBrowsers(args.idle_days)
    lines = [_summary(report) + "; " + _idle_line(idle, args.fix)]
    if removed is not None:
        lines.append(_removed_line(removed))
    emit(args, {**report.to_json(), "idle_browsers": idle.to_json(),
                **({"removed": removed.to_json()} if removed is not None else {})}, "\n".join(lines))
    return 0


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
