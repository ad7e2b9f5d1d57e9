"""``python -m tutor worksheet PUZZLE_ID_OR_FILE… --out FILE.html``: a printable handout.

Each argument is a puzzle file (all its puzzles), a lesson file (its exercises), a folder, or a
puzzle id from the repository's puzzles. The answer key prints on its own page.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from tutor.cli import CliError, add_json_flag, emit
from tutor.content.loader import ContentError, load_paths
from tutor.content.models import Exercise, Puzzle
from tutor.content.worksheet import worksheet_html


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("worksheet", help="write a printable HTML worksheet with the answer key last")
    p.add_argument("items", nargs="+", metavar="PUZZLE_ID_OR_FILE")
    p.add_argument("--out", required=True, help="the HTML file to write")
    p.add_argument("--lang", choices=("en", "ru"), default="en")
    p.add_argument("--title", default=None, help="the heading of the sheet")
    add_json_flag(p)
    p.set_defaults(func=run)


def _resolve(args: list[str]) -> list[Puzzle | Exercise]:
    items: list[Puzzle | Exercise] = []
    library = None
    for arg in args:
        if not arg.strip():
            raise CliError("a PUZZLE_ID_OR_FILE is empty")
        path = Path(arg)
        if path.exists():
            content = load_paths([path])
            if content.problems:
                raise ContentError(content.problems)
            found = [p.item for p in content.puzzles] + [e.item for e in content.exercises]
            if not found:
                raise CliError(f"{arg} holds no puzzles or exercises")
            items.extend(found)
            continue
        if library is None:
            library = load_paths()
        matches = [p.item for p in library.puzzles if p.item.id == arg]
        if not matches:
            raise CliError(f"no puzzle with id {arg!r} and no such file")
        items.append(matches[0])
    return items


def _check_out(text: str) -> Path:
    """The ``--out`` file, refused before any work is done when it cannot be written."""
    if not text.strip():
        raise CliError("--out is empty")
    out = Path(text)
    if out.is_dir():
        raise CliError(f"--out {out} is a folder, not a file")
    if not out.parent.is_dir():
        raise CliError(f"--out {out}: the folder {out.parent} does not exist")
    return out


def run(args: argparse.Namespace) -> int:
    out = _check_out(args.out)
    items = _resolve(args.items)
    html = worksheet_html(items, args.lang, args.title)
    try:
        out.write_text(html, encoding="utf-8")
    except OSError as exc:  # e.g. permission denied: say so in words, not "[Errno 13] …"
        raise CliError(f"cannot write {out}: {(exc.strerror or str(exc)).lower()}") from None
    emit(args, {"out": str(out), "items": len(items), "bytes": len(html.encode("utf-8"))},
         f"wrote {out}: {len(items)} item(s)")
    return 0
