"""Benchmark: puzzles built per minute by ``tutor puzzles build``, in process and on a 2-worker Dask
LocalCluster (issue 26, Must show).

Both runs call :func:`tutor.puzzle_build.build` -- the command's own code path -- with the same
seed, the same counts and the library's 10 layouts of evidence per puzzle, each into a fresh
temporary evidence store (nothing is cached, nothing is written under ``library/``):

- ``in process``: ``--workers 1``, the evidence solved by :func:`tutor.analyse.run_analysis` here;
- ``LocalCluster 2``: ``--workers 2``, exactly as the command runs it: every round's evidence goes to
  one LocalCluster of 2 worker processes (1 Python thread each, DDS threads = cores / 2) that
  :class:`tutor.analyse.Runner` starts for the build, so its start-up is inside the figure, as it
  is for a real build.

Deciding the positions (rule a: the conventions engine on every candidate card), the near-copy rule,
the puzzle's words and the linter's proof run in the calling process in both runs; only the evidence
is distributed. Printed for each: positions tried, kept, the rounds, seconds, puzzles kept per
minute, the seconds spent on the evidence (the build's own ``run_analysis``, timed around the call)
and on the rest (on the cluster, its start-up too), and the load average before and after (the
machine is shared). The two runs must keep the same puzzles (same YAML) and write the same evidence
(byte-identical stores): exit 1 if not.

    python bench/bench_puzzle_build.py [--seed 7] [--lead 50] [--play 100] [--layouts 10] [--modes 1,2]

Measured (2 Dec 2026, 2 cores shared with other jobs), ``python bench/bench_puzzle_build.py``::

    tutor puzzles build --seed 7 --lead 50 --play 100 --layouts 10
    in process      tried  218, kept  150 (5 rounds),   81.3 s: 110.7 puzzles/min, 160.9 positions/min
                    evidence (run_analysis) 79.3 s, the rest (deciding, words, proof; the cluster's start) 2.0 s; rejected: a:many-equal 3, a:one-candidate 45, b:evidence-against 5, c:near-copy 3, proof:prompt gives the answer away 4
                    before: load average 5.54 6.10 4.60 on 2 cores; after: load average 7.43 6.59 4.90 on 2 cores
    LocalCluster 2  tried  218, kept  150 (5 rounds),   47.1 s: 191.2 puzzles/min, 277.9 positions/min
                    evidence (run_analysis) 42.5 s, the rest (deciding, words, proof; the cluster's start) 4.5 s; rejected: a:many-equal 3, a:one-candidate 45, b:evidence-against 5, c:near-copy 3, proof:prompt gives the answer away 4
                    before: load average 7.43 6.59 4.90 on 2 cores; after: load average 6.66 6.50 4.96 on 2 cores
    same puzzles and byte-identical evidence (334 files) in every run

The evidence is 97 % of a build: the rest (deciding, words, proof) is 2 s for 218 positions. Before
the build kept one Runner for all its rounds, each round started its own LocalCluster and the same
run took 139.4 s on 2 workers (64.5 puzzles/min) against 72.5 s in process (124.2/min).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from timing import load  # noqa: E402 - bench/ is the script's folder, on the path first

import tutor.analyse  # noqa: E402
import tutor.puzzle_build  # noqa: E402
from tutor.content.writer import puzzles_yaml  # noqa: E402
from tutor.evidence_store import EvidenceStore  # noqa: E402
from tutor.puzzle_build import BuildFigures, build  # noqa: E402

#: Seconds spent in :func:`tutor.analyse.run_analysis` (the evidence, the only distributed part).
EVIDENCE = [0.0]
_run_analysis = tutor.analyse.run_analysis


def timed_run_analysis(*args: Any, **kwargs: Any) -> Any:
    """The build's own ``run_analysis``, called as it is, with the time it takes counted."""
    t0 = time.perf_counter()
    try:
        return _run_analysis(*args, **kwargs)
    finally:
        EVIDENCE[0] += time.perf_counter() - t0


vars(tutor.puzzle_build)["run_analysis"] = timed_run_analysis  # the name the build calls


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
        EVIDENCE[0] = 0.0
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
            f"{'':<15} evidence (run_analysis) {EVIDENCE[0]:.1f} s, the rest (deciding, words, proof; the cluster's start) "
            f"{seconds - EVIDENCE[0]:.1f} s; rejected: {rej}\n"
            f"{'':<15} before: {before}; after: {load()}")
    return puzzles_yaml(kept, "bench") if kept else "", files, line


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=7, help="the build's seed")
    ap.add_argument("--lead", type=int, default=50, help="opening-lead problems to keep")
    ap.add_argument("--play", type=int, default=100, help="problems from the robots' games to keep")
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
