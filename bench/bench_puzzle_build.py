"""Benchmark: puzzles built per minute by ``tutor puzzles build``, in process and on a 2-worker Dask
LocalCluster (issue 26, Must show).

Both runs call :func:`tutor.puzzle_build.build` -- the command's own code path -- with the same
seed, the same counts and the library's 10 layouts of evidence per puzzle, each into a fresh
temporary evidence store (nothing is cached, nothing is written under ``library/``):

- ``in process``: ``--workers 1``, the evidence solved by :func:`tutor.analyse.run_analysis` here;
- ``LocalCluster 2``: ``--workers 2``, exactly as the command runs it: each round's evidence goes to
  a LocalCluster of 2 worker processes (1 Python thread each, DDS threads = cores / 2) that
  :class:`tutor.analyse.Runner` starts for the round, so its start-up is inside the figure, as it
  is for a real build.

Deciding the positions (rule a: the conventions engine on every candidate card), the near-copy
rule, the puzzle's words and the linter's proof run in the calling process in both runs; only the
evidence is distributed. Printed for each: positions tried, kept, the rounds, seconds, puzzles kept
per minute, and the load average before and after (the machine is shared). The two runs must keep
the same puzzles (same YAML) and write the same evidence (byte-identical stores): exit 1 if not.

    python bench/bench_puzzle_build.py [--seed 7] [--lead 30] [--play 40] [--layouts 10] [--modes 1,2]

Measured (2 Dec 2026, 2 cores shared with 3 other agents' jobs), ``python bench/bench_puzzle_build.py``::

    FIGURES
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from timing import load  # noqa: E402 - bench/ is the script's folder, on the path first

from tutor.content.writer import puzzles_yaml  # noqa: E402
from tutor.evidence_store import EvidenceStore  # noqa: E402
from tutor.puzzle_build import BuildFigures, build  # noqa: E402


def store_bytes(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in EvidenceStore(root).files()}


def run(seed: int, leads: int, plays: int, layouts: int, workers: int) -> tuple[str, dict[str, bytes], str]:
    """One build into a fresh store: (the kept puzzles as YAML, the store's files, the printed line)."""
    rounds = [0]

    def on_round(_kept: list, _figures: BuildFigures) -> None:  # type: ignore[type-arg]
        rounds[0] += 1

    before = load()
    with tempfile.TemporaryDirectory(prefix="bench-puzzle-build-") as tmp:
        store = EvidenceStore(Path(tmp) / "evidence")
        t0 = time.perf_counter()
        kept, figures = build(seed, leads, plays, store, layouts=layouts, workers=workers, prefix="bench",
                              on_round=on_round)
        seconds = time.perf_counter() - t0
        files = store_bytes(store.root)
    where = "in process" if workers == 1 else f"LocalCluster {workers}"
    rej = ", ".join(f"{k} {v}" for k, v in sorted(figures.rejected.items())) or "none"
    line = (f"{where:<15} tried {figures.tried:4d}, kept {figures.kept:4d} ({rounds[0]} rounds), "
            f"{seconds:6.1f} s: {figures.kept * 60 / seconds:5.1f} puzzles/min, "
            f"{figures.tried * 60 / seconds:5.1f} positions/min\n"
            f"{'':<15} rejected: {rej}\n"
            f"{'':<15} before: {before}; after: {load()}")
    return puzzles_yaml(kept, "bench") if kept else "", files, line


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=7, help="the build's seed")
    ap.add_argument("--lead", type=int, default=30, help="opening-lead problems to keep")
    ap.add_argument("--play", type=int, default=40, help="problems from the robots' games to keep")
    ap.add_argument("--layouts", type=int, default=10, help="layouts of evidence per puzzle (the library's 10)")
    ap.add_argument("--modes", default="1,2", help="comma-separated worker counts (1: in process)")
    args = ap.parse_args()
    modes = [int(x) for x in args.modes.split(",") if x.strip()]
    print(f"tutor puzzles build --seed {args.seed} --lead {args.lead} --play {args.play} --layouts {args.layouts}")
    results = []
    for workers in modes:
        yaml, files, line = run(args.seed, args.lead, args.play, args.layouts, workers)
        print(line, flush=True)
        results.append((workers, yaml, files))
    _, yaml0, files0 = results[0]
    bad = [w for w, yaml, files in results[1:] if yaml != yaml0 or files != files0]
    if bad:
        print(f"DIFFERENT from the first run: workers {bad}")
        return 1
    if len(results) > 1:
        print(f"same puzzles and byte-identical evidence ({len(files0)} files) in every run")
    return 0


if __name__ == "__main__":
    sys.exit(main())
