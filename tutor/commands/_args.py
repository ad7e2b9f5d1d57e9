"""What every command shares: its error type, the ranges of numeric options, ``--json`` and the
printing of a result. Kept under :mod:`tutor.commands` so that the commands depend on it and not
on :mod:`tutor.cli`, which loads them (no import cycle).
"""

from __future__ import annotations

import argparse
import json
import re
from collections.abc import Callable
from typing import Any, TypeVar

from tutor.errors import WhistError
from tutor.vocab import VocabularyError, parse_lang, parse_system

__all__ = ["CliError", "MAX_SEED", "bounded_int", "bounded_float", "seed_type", "nonempty", "vocabulary_type", "system_type", "lang_type", "add_table_arguments",
           "add_json_flag", "emit"]

#: The largest seed any command takes: a 32-bit number, as the deals drawn without ``--seed``.
MAX_SEED = 2**32 - 1


class CliError(WhistError):
    """A command-line argument that could not be used."""



def _printable(text: str) -> str:
    """``text`` with undecodable bytes (surrogates from the shell) shown as ``\\xNN``: writing
    them would itself fail, and the error line must always get out."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")



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


def bounded_float(lo: float, hi: float) -> Callable[[str], float]:
    """An argparse ``type`` for a number from ``lo`` to ``hi`` (a time in seconds); outside it, or
    not a finite number, is a usage error: exit 2, one ``error:`` line."""

    def parse(text: str) -> float:
        raw = text.strip()
        try:
            value = float(raw) if len(raw) <= 30 else float("nan")
        except ValueError:
            value = float("nan")
        if not lo <= value <= hi:  # NaN fails too
            raise argparse.ArgumentTypeError(f"must be a number from {lo:g} to {hi:g}, got {text[:30]!r}")
        return value

    parse.__name__ = f"number from {lo:g} to {hi:g}"
    return parse


_W = TypeVar("_W", bound=str)


def vocabulary_type(parse: Callable[[str], _W]) -> Callable[[str], _W]:
    """An argparse ``type`` reading a word of a closed vocabulary with its one ``parse_*``
    (:mod:`tutor.vocab`): a bad word is a usage error -- exit 2, one ``error:`` line -- with the
    vocabulary's own message, which lists the valid words."""

    def read(text: str) -> _W:
        try:
            return parse(text)
        except VocabularyError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    read.__name__ = parse.__name__
    return read


#: ``--system`` of every command: a :data:`tutor.vocab.System`, read by :func:`tutor.vocab.parse_system`.
system_type = vocabulary_type(parse_system)
#: ``--lang`` of every command: a :data:`tutor.vocab.Lang`, read by :func:`tutor.vocab.parse_lang`.
lang_type = vocabulary_type(parse_lang)

#: ``--seed`` of every command: 0 to :data:`MAX_SEED`.
seed_type = bounded_int(0, MAX_SEED)


def nonempty(text: str) -> str:
    """An argparse ``type`` refusing an empty (or blank) value: ``--deal ""`` is a mistake, never
    "no deal" (it used to be ignored silently)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("is empty")
    return text


def add_table_arguments(p: argparse.ArgumentParser, *, dealer: str | None = "E", played: str | None = "",
                        played_required: bool = False) -> None:
    """``--trump``, ``--dealer`` and ``--played``, in one wording for every command that places a
    position at the table (``lead``, ``play``, ``simulate``, ``solve``). ``dealer=None``: the
    leader of the first trick tells who dealt (he sits on the dealer's left), else E."""
    p.add_argument("--trump", required=True, help="the trump card (H7), the trump suit (H, ♥) or NT")
    p.add_argument("--dealer", default=dealer,
                   help="the dealer (default: from the first trick, else E)" if dealer is None
                   else f"the dealer (default {dealer}{': South leads first' if dealer == 'E' else ''})")
    p.add_argument("--played", required=played_required, default=played,
                   help='tricks played so far, e.g. "W:DK D4 D9 D2 / W:DA D6 D3 H5"')


def add_json_flag(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true", help="print JSON (the documented shape) instead of a table")


def emit(args: argparse.Namespace, data: Any, text: str) -> None:
    """Print ``data`` as JSON with ``--json``, else the readable ``text``."""
    if getattr(args, "json", False):
        print(json.dumps(data, ensure_ascii=False, indent=2))
    else:
        print(text)
