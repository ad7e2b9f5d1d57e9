"""``python -m tutor check [PATH…]``: prove every lesson and puzzle (the content linter).

Exit 0 prints how many items there are per theme and per difficulty; exit 1 lists every problem
as ``file:line: message``, so an author can fix a whole file in one pass.

``python -m tutor check --find-deals [PATH…]`` first gives every item with played tricks a
hidden deal in which every card of the history is conventional (:mod:`tutor.content.history`):
an item whose deal already proves its history keeps it, others get a new one written into their
``deal:`` line; items for which none is found are listed (South's own unconventional cards, or
the best deal's failing cards), then the files are checked as usual. Re-run it after the
conventions engine changes.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from tutor.commands._args import CliError, add_json_flag, bounded_float, emit, seed_type
from tutor.content.history import find_deal, unconventional, write_deal
from tutor.content.lint import lint_paths
from tutor.content.loader import Located, load_paths
from tutor.content.models import THEMES, Item, Puzzle
from tutor.errors import WhistError


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("check", help="lint lessons and puzzles (default: lessons/ and puzzles/)")
    p.add_argument("paths", nargs="*", metavar="PATH", help="files or folders of YAML content")
    p.add_argument("--find-deals", action="store_true",
                   help="first write a hidden deal proving the history into every item with played tricks")
    p.add_argument("--seconds", type=bounded_float(0.1, 600.0), default=10.0,
                   help="--find-deals: search time per item, 0.1 to 600 s (default 10)")
    p.add_argument("--seed", type=seed_type, default=0,
                   help="--find-deals: seed of the search, 0 to 4,294,967,295 (default 0)")
    p.add_argument("--force", action="store_true", help="--find-deals: search again even where the deal proves the history")
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
    found_text = find_deals(args) if args.find_deals else ""
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
    if found_text:
        text = found_text + "\n" + text
    emit(args, report.to_json(), text)
    return 0 if report.ok else 1


def find_deals(args: argparse.Namespace) -> str:
    """Give each item with played tricks a hidden deal proving its history; what was done, as text."""
    lines: list[str] = []
    kept = written = failed = 0
    # one file at a time, re-read after each write so that every line number stays true
    content = load_paths(args.paths or None)
    for f in content.files:
        located: list[Located[Item]] = [*f.puzzles, *f.exercises()]
        # an exercise is always located with its ``where``; only a puzzle is named by its id
        ids = [(i, loc.where or (f"puzzle {loc.item.id}" if isinstance(loc.item, Puzzle) else ""))
               for i, loc in enumerate(located) if loc.item.played]
        for index, where in ids:
            fresh = load_paths([f.path]).files[0]
            fresh_located: list[Located[Item]] = [*fresh.puzzles, *fresh.exercises()]
            loc = fresh_located[index]
            item = loc.item
            try:
                if item.deal is not None and not args.force and not unconventional(item):
                    kept += 1
                    continue
                result = find_deal(item, seed=args.seed, seconds=args.seconds)
            except WhistError as exc:
                failed += 1
                lines.append(f"{loc.path}:{loc.line}: {where}: no deal: {exc}")
                continue
            if result.deal is not None:  # the same test as ``result.found``, spelt so it narrows
                write_deal(loc, result.deal)
                written += 1
                note = ""
            else:
                failed += 1
                note = "; no deal makes every card conventional: " + "; ".join(
                    c.message() for c in result.best_failures)
            if result.south:
                note += "; South's own cards: " + "; ".join(c.message() for c in result.south)
            if note:
                lines.append(f"{loc.path}:{loc.line}: {where}{note} ({result.iterations} tries, {result.seconds:.1f} s)")
    lines.append(f"find-deals: {written} deal(s) written, {kept} kept, {failed} item(s) not satisfied")
    return "\n".join(lines)
