"""Benchmark the content machinery: load + check of all content, and the generator.

    .venv/bin/python bench/bench_content.py [--count 100] [--scale 150,1000,10000] [PATH…]

Prints items per second for reading and for proving (the linter asks the conventions and
scoring engines about every item), and the seconds to generate ``--count`` puzzles per theme
(aim: 100 puzzles for a theme in under 10 s). Timings on a shared machine are noisy, so
this prints figures and never fails a test.

``--scale`` (docs/limits.md): generated libraries of each size, written as files of 100 puzzles in a
temporary folder, loaded with ``load_paths`` and checked with ``lint`` -- the target is at least
500 items/s loaded and checked, and a cost per item that does not grow with the library (the
last column: microseconds per item). Exit 1 when the largest library is under 500 items/s.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tutor.content.generate import RECIPES, generate
from tutor.content.lint import lint
from tutor.content.loader import ContentSet, load_paths, parse_text
from tutor.content.writer import puzzles_yaml


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("paths", nargs="*", help="content to check (default: lessons/ and puzzles/)")
    ap.add_argument("--count", type=int, default=100, help="puzzles to generate per theme")
    ap.add_argument("--scale", default="", help="comma-separated library sizes, e.g. 150,1000,10000 (only these)")
    args = ap.parse_args()
    if args.scale:
        return scale([int(x) for x in args.scale.split(",") if x.strip()])

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


#: The rate a library must be loaded and checked at (docs/limits.md).
TARGET_RATE = 500
PER_FILE = 100


def library(n: int) -> list:
    """``n`` distinct generated puzzles, the themes in turn, 100 at a time."""
    themes = list(RECIPES)
    out: list = []
    batch = 0
    while len(out) < n:
        theme = themes[batch % len(themes)]
        out.extend(generate(theme, min(PER_FILE, n - len(out)), seed=batch))
        batch += 1
    return out[:n]


def scale(sizes: list[int]) -> int:
    """Load and check generated libraries of each size; print items/s and µs per item."""
    print(f"{'items':>7} {'files':>6} {'load s':>8} {'check s':>8} {'total s':>8} {'items/s':>8} {'µs/item':>8}")
    rate = 0.0
    for n in sizes:
        puzzles = library(n)
        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(tmp)
            for i in range(0, n, PER_FILE):
                (folder / f"lib-{i // PER_FILE:05d}.yaml").write_text(puzzles_yaml(puzzles[i:i + PER_FILE]),
                                                                       encoding="utf-8")
            t0 = time.perf_counter()
            content = load_paths([folder])
            t1 = time.perf_counter()
            report = lint(content)
            t2 = time.perf_counter()
        items = len(content.items())
        rate = items / (t2 - t0)
        print(f"{items:7d} {len(content.files):6d} {t1 - t0:8.2f} {t2 - t1:8.2f} {t2 - t0:8.2f} {rate:8.0f} "
              f"{1e6 * (t2 - t0) / items:8.0f}" + (f"  ({len(report.problems)} problems)" if report.problems else ""))
    return 0 if rate >= TARGET_RATE else 1


if __name__ == "__main__":
    raise SystemExit(main())
