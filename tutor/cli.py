"""The command line: ``python -m tutor COMMAND …`` and the ``whist-tutor`` script.

Commands live in :mod:`tutor.commands`, one module each with ``register(subparsers)``; the module
adds its sub-parser and sets ``func`` (``args -> exit code``). Every command takes ``--json``.

Bad input of any kind -- a bad card, a 12-card hand, an unknown option -- ends with exit code 2
and one line ``error: …`` on stderr, never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from tutor.commands._args import _printable
from tutor.errors import WhistError

__all__ = ["main", "build_parser"]

class _Parser(argparse.ArgumentParser):
    """argparse that reports a usage mistake as one ``error:`` line (exit 2), without the usage dump."""

    def error(self, message: str) -> NoReturn:
        sys.stderr.write(_printable(f"error: {' '.join(message.split())}") + "\n")
        raise SystemExit(2)

    def _get_values(self, action: argparse.Action, arg_strings: list[str]) -> Any:
        """Python 3.11's argparse drops a ``--`` given as an option's value (``--trump=--``) and
        hands the command an empty list, which no command expects (a traceback, found by
        tests/test_cli_errors.py); Python 3.12 reads it as the text ``--``. Read so here too: the
        command then says in one line why ``--`` is not a trump."""
        if action.option_strings and action.nargs is None and arg_strings == ["--"]:
            return self._get_value(action, "--")
        return super()._get_values(action, arg_strings)


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser with every command, or only ``command``'s (so one command does not pay for
    importing the others' engines -- the solver's import alone takes seconds).

    A command ``foo-bar`` lives in ``tutor/commands/foo_bar.py``.
    """
    parser = _Parser(prog="python -m tutor", description="Whist Tutor: rules, scoring, conventions and puzzles.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True
    import tutor.commands as pkg

    names = sorted(m.name for m in pkgutil.iter_modules(pkg.__path__) if not m.name.startswith("_"))
    wanted = command.replace("-", "_") if command else None
    wanted = {"class": "classes"}.get(wanted or "", wanted)  # `class` is a Python keyword: tutor/commands/classes.py
    if wanted in names:
        names = [wanted]
    for name in names:
        module = importlib.import_module(f"tutor.commands.{name}")
        register = getattr(module, "register", None)
        if register is not None:
            register(sub)
    return parser


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
