"""``python -m tutor worksheet PUZZLE_ID_OR_FILE… --out FILE.html``: a printable handout.

Each argument is a puzzle file (all its puzzles), a lesson file (its exercises), a folder, or a
puzzle id from the repository's puzzles. The answer key prints on its own page.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from tutor.commands._args import CliError, add_json_flag, emit, lang_type
from tutor.content.loader import ContentError, load_cached, load_paths
from tutor.content.models import Exercise, Puzzle
from tutor.content.worksheet import worksheet_html
from tutor.outfiles import check_out, write_atomic
from tutor.vocab import LANGS


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("worksheet", help="write a printable HTML worksheet with the answer key last")
    p.add_argument("items", nargs="+", metavar="PUZZLE_ID_OR_FILE")
    p.add_argument("--out", required=True, help="the HTML file to write (never one of the inputs)")
    p.add_argument("--force", action="store_true", help="replace --out if it exists")
    p.add_argument("--lang", default="en", type=lang_type, choices=LANGS)
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
            library = load_cached()
        matches = [p.item for p in library.puzzles if p.item.id == arg]
        if not matches:
            raise CliError(f"no puzzle with id {arg!r} and no such file")
        items.append(matches[0])
    return items


def run(args: argparse.Namespace) -> int:
    # refused before any work: an existing file without --force, an input, a link, no folder
    out = check_out(args.out, inputs=[a for a in args.items if a.strip()], force=args.force)
    items = _resolve(args.items)
    html = worksheet_html(items, args.lang, args.title)
    size = write_atomic(out, html)
    emit(args, {"out": str(out), "items": len(items), "bytes": size},
         f"wrote {out}: {len(items)} item(s), {size} bytes")
    return 0
