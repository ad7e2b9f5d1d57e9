"""Benchmark of the daily lead problem at the library's size (issue 26): the schedule, its first
keeping in a store, and the puzzles' standings the schedule and the pages read.

    .venv/bin/python bench/bench_daily.py [--puzzles 2000] [--learners 200] [--tries 50]

The pool is the shipped lead problems copied under new ids up to ``--puzzles`` (the library is
made by another part of issue 26; its size is what matters here). Timed, in CPU seconds and wall
seconds, with the machine's load beside them:

- ``plan``: the daily of 1,095 consecutive dates from the epoch, asked one date at a time (what
  ``tutor daily --date`` does for three years of dates), in this process;
- ``keep``: the first serving of today on a new SQLite store -- every day from the epoch kept in
  one transaction, as the first app server after an upgrade does;
- ``serve``: serving a kept day again (a page run of the Daily page);
- ``standings``: the stars and flags of every puzzle over ``--learners`` x ``--tries`` first tries
  (read when a day is kept, and by the pages at most once a minute).
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from timing import load

from tutor.content.daily import EPOCH, plan
from tutor.content.loader import load_puzzles
from tutor.content.models import Puzzle
from tutor.dailies import daily
from tutor.progress import ProgressStore


def _timed(what: str, work):  # type: ignore[no-untyped-def]
    cpu, wall = time.process_time(), time.perf_counter()
    out = work()
    print(f"{what}: {time.process_time() - cpu:.2f} s CPU, {time.perf_counter() - wall:.2f} s wall")
    return out


def _pool(size: int) -> list[Puzzle]:
    leads = [p for p in load_puzzles() if p.question == "lead"]
    out = list(leads)
    n = 0
    while len(out) < size:
        src = leads[n % len(leads)]
        out.append(src.model_copy(update={"id": f"{src.id}-copy-{n}"}))
        n += 1
    return out[:size]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--puzzles", type=int, default=2000)
    ap.add_argument("--learners", type=int, default=200)
    ap.add_argument("--tries", type=int, default=50)
    args = ap.parse_args()
    print(load())
    pool = _pool(args.puzzles)
    dates = [EPOCH + timedelta(days=i) for i in range(1095)]
    picks = _timed(f"plan: 1,095 dates, {len(pool)} lead problems", lambda: [plan(pool, d).puzzle.id for d in dates])
    print(f"  {len(set(picks))} distinct")
    with tempfile.TemporaryDirectory() as tmp:
        store = ProgressStore(Path(tmp) / "p.db")
        today = datetime.now(UTC).date()
        _timed(f"keep: every day from {EPOCH} to {today} on a new store",
               lambda: daily(pool, today, store, serve=True))
        print(f"  {len(store.daily_rows())} days kept")
        runs = 50
        _timed(f"serve: a kept day, {runs} times", lambda: [daily(pool, today, store, serve=True) for _ in range(runs)])
        rng = random.Random(1)
        ids = [p.id for p in pool]
        ts = datetime(2026, 1, 1, tzinfo=UTC)

        def fill() -> None:
            for i in range(args.learners):
                who = store.learner(f"learner {i}")
                for k, item in enumerate(rng.sample(ids, args.tries)):
                    store.record_attempt(who.id, item, "puzzle", correct=rng.random() < 0.6, difficulty=3,
                                         ts=ts + timedelta(minutes=k))

        _timed(f"record: {args.learners} learners x {args.tries} first tries", fill)
        standings = _timed("standings: every puzzle's stars and flags", store.item_standings)
        rated = sum(1 for s in standings.values() if s.stars is not None)
        print(f"  {len(standings)} puzzles rated, {rated} with stars, "
              f"{sum(1 for s in standings.values() if s.flag is not None)} flagged")
        store.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
