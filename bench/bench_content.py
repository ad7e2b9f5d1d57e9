"""Benchmark the content machinery: load + check of all content, and the generator.

    .venv/bin/python bench/bench_content.py [--count 100] [PATH…]

Prints items per second for reading and for proving (the linter asks the conventions and
scoring engines about every item), and the seconds to generate ``--count`` puzzles per theme
(issue 5: 100 puzzles for a theme in under 10 s). Timings on a shared machine are noisy, so
this prints figures and never fails a test.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tutor.content.generate import RECIPES, generate  # noqa: E402
from tutor.content.lint import lint  # noqa: E402
from tutor.content.loader import ContentSet, load_paths, parse_text  # noqa: E402
from tutor.content.writer import puzzles_yaml  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("paths", nargs="*", help="content to check (default: lessons/ and puzzles/)")
    ap.add_argument("--count", type=int, default=100, help="puzzles to generate per theme")
    args = ap.parse_args()

    t0 = time.perf_counter()
    content = load_paths(args.paths or None)
    t1 = time.perf_counter()
    report = lint(content)
    t2 = time.perf_counter()
    items = len(content.items())
    print(f"repository content: {len(content.files)} files, {items} items "
          f"({report.puzzles} puzzles, {report.lessons} lessons, {report.exercises} exercises), "
          f"{len(report.problems)} problems")
    if items:
        print(f"  load  {t1 - t0:7.3f} s  {items / max(t1 - t0, 1e-9):9.0f} items/s")
        print(f"  check {t2 - t1:7.3f} s  {items / max(t2 - t1, 1e-9):9.0f} items/s")

    generated = []
    for theme in RECIPES:
        t0 = time.perf_counter()
        puzzles = generate(theme, args.count, seed=2026)
        dt = time.perf_counter() - t0
        generated.extend(puzzles)
        print(f"generate {theme:17s} {args.count} puzzles in {dt:6.2f} s  ({args.count / dt:6.1f}/s)")

    text = puzzles_yaml(generated)
    t0 = time.perf_counter()
    loaded = parse_text(text, "generated.yaml")
    t1 = time.perf_counter()
    report = lint(ContentSet((loaded,)))
    t2 = time.perf_counter()
    n = len(loaded.puzzles)
    print(f"generated content: {n} puzzles, {len(report.problems)} problems")
    print(f"  load  {t1 - t0:7.3f} s  {n / max(t1 - t0, 1e-9):9.0f} items/s")
    print(f"  check {t2 - t1:7.3f} s  {n / max(t2 - t1, 1e-9):9.0f} items/s")
    return 0 if not report.problems else 1


if __name__ == "__main__":
    raise SystemExit(main())
