"""The command line: ``python -m tutor COMMAND …`` and the ``whist-tutor`` script.

Commands live in :mod:`tutor.commands`, one module each with ``register(subparsers)``; the module
adds its sub-parser and sets ``func`` (``args -> exit code``). Every command takes ``--json``.

Bad input of any kind -- a bad card, a 12-card hand, an unknown option -- ends with exit code 2
and one line ``error: …`` on stderr, never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import json
import pkgutil
import re
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from tutor.errors import WhistError

__all__ = ["main", "build_parser", "emit", "CliError", "bounded_int", "nonempty", "MAX_SEED", "seed_type"]

#: The largest seed any command takes: a 32-bit number, as the deals drawn without ``--seed``.
MAX_SEED = 2**32 - 1


class CliError(WhistError):
    """A command-line argument that could not be used."""


class _Parser(argparse.ArgumentParser):
    """argparse that reports a usage mistake as one ``error:`` line (exit 2), without the usage dump."""

    def error(self, message: str) -> NoReturn:
        sys.stderr.write(_printable(f"error: {' '.join(message.split())}") + "\n")
        raise SystemExit(2)


def _printable(text: str) -> str:
    """``text`` with undecodable bytes (surrogates from the shell) shown as ``\\xNN``: writing
    them would itself fail, and the error line must always get out."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser with every command, or only ``command``'s (so one command does not pay for
    importing the others' engines -- the solver's import alone takes seconds).

    A command ``foo-bar`` lives in ``tutor/commands/foo_bar.py``.
    """
    parser = _Parser(prog="python -m tutor", description="Whist Tutor: rules, scoring, conventions and puzzles.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True
    import tutor.commands as pkg

    names = sorted(m.name for m in pkgutil.iter_modules(pkg.__path__))
    wanted = command.replace("-", "_") if command else None
    if wanted in names:
        names = [wanted]
    for name in names:
        module = importlib.import_module(f"tutor.commands.{name}")
        register = getattr(module, "register", None)
        if register is not None:
            register(sub)
    return parser


def bounded_int(lo: int, hi: int) -> Callable[[str], int]:
    """An argparse ``type`` for a whole number from ``lo`` to ``hi`` (docs/limits.md says why each
    range is what it is); outside it is a usage error: exit 2, one ``error:`` line."""

    def parse(text: str) -> int:
        raw = text.strip()
        if len(raw) > 30 or not re.fullmatch(r"[+-]?[0-9]+", raw):
            shown = text if len(text) <= 30 else text[:27] + "..."
            raise argparse.ArgumentTypeError(f"not a whole number: {shown!r} (give one from {lo} to {hi})")
        value = int(raw)
        if not lo <= value <= hi:
            raise argparse.ArgumentTypeError(f"must be from {lo} to {hi}, got {value}")
        return value

    parse.__name__ = f"whole number from {lo} to {hi}"
    return parse


#: ``--seed`` of every command: 0 to :data:`MAX_SEED`.
seed_type = bounded_int(0, MAX_SEED)


def nonempty(text: str) -> str:
    """An argparse ``type`` refusing an empty (or blank) value: ``--deal ""`` is a mistake, never
    "no deal" (it used to be ignored silently)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("is empty")
    return text


def add_json_flag(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true", help="print JSON (the documented shape) instead of a table")


def emit(args: argparse.Namespace, data: Any, text: str) -> None:
    """Print ``data`` as JSON with ``--json``, else the readable ``text``."""
    if getattr(args, "json", False):
        print(json.dumps(data, ensure_ascii=False, indent=2))
    else:
        print(text)


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    for i, arg in enumerate(argv, 1):
        if _printable(arg) != arg:  # bytes that are not UTF-8: nothing below could use them
            sys.stderr.write(f"error: argument {i} is not UTF-8 text: {_printable(arg)[:60]!r}\n")
            return 2
    first = argv[0] if argv and not argv[0].startswith("-") else None
    parser = build_parser(first)
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # a usage error (one ``error:`` line already written) or --help
        return exc.code if isinstance(exc.code, int) else 0
    try:
        return int(args.func(args) or 0)
    except WhistError as exc:
        msg = " ".join(str(exc).split())  # one line, whatever line breaks the input carried
        sys.stderr.write(_printable(f"error: {msg}") + "\n")
        return 2
    except BrokenPipeError:
        # The reader went away (``… | head``): stop quietly, as Unix tools do.
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except (OSError, UnicodeError) as exc:
        sys.stderr.write(_printable(f"error: {' '.join(str(exc).split())}") + "\n")
        return 2
    except KeyboardInterrupt:
        sys.stderr.write("error: interrupted\n")
        return 130
