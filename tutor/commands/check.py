"""``python -m tutor check [PATH…]``: prove every lesson and puzzle (the content linter).

Exit 0 prints how many items there are per theme and per difficulty; exit 1 lists every problem
as ``file:line: message``, so an author can fix a whole file in one pass.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from tutor.commands._args import CliError, add_json_flag, emit
from tutor.content.lint import lint_paths
from tutor.content.models import THEMES


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("check", help="lint lessons and puzzles (default: lessons/ and puzzles/)")
    p.add_argument("paths", nargs="*", metavar="PATH", help="files or folders of YAML content")
    add_json_flag(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if any(not p.strip() for p in args.paths):
        # Path("") is the current folder: linting everything under it is never what was meant
        raise CliError("a PATH is empty")
    for raw in args.paths:
        path = Path(raw)
        if path.is_dir() and not any(q.suffix in (".yaml", ".yml") and q.is_file() for q in path.rglob("*")):
            # "0 file(s) -- all proved" with exit 0 would pass CI on a mistyped folder
            raise CliError(f"{raw} holds no .yaml lesson or puzzle files")
    report = lint_paths(args.paths or None)
    if report.files == 0:
        raise CliError("no lesson or puzzle files to check")
    if report.problems:
        text = "\n".join(str(p) for p in report.problems)
        text += f"\n{len(report.problems)} problem(s) in {report.files} file(s)"
    else:
        lines = [f"{report.files} file(s): {report.puzzles} puzzle(s), {report.lessons} lesson(s), "
                 f"{report.exercises} exercise(s) -- all proved"]
        if report.themes:
            lines.append("by theme:")
            width = max(len(t) for t in report.themes)
            lines += [f"  {t.ljust(width)}  {n:4d}  {THEMES[t][0]}" for t, n in report.themes.items()]
        if report.difficulty:
            lines.append("by difficulty:")
            lines += [f"  {d}  {n:4d}" for d, n in report.difficulty.items()]
        text = "\n".join(lines)
    emit(args, report.to_json(), text)
    return 0 if report.ok else 1
