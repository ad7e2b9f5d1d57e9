"""Benchmark of the progress store (issue 14): attempts recorded per second, and the latency of
"record an attempt + choose the next puzzle" -- the work of one card click on the Puzzles page --
on SQLite and on PostgreSQL, with 1,000 learners and 10,000 puzzles. Target: p95 < 20 ms.

    .venv/bin/python bench/bench_store.py [--ops 2000] [--threads 4] [--pg URL]

Without ``--pg`` a throwaway PostgreSQL is started in a temporary folder when ``pg_ctl`` is
installed (as the tests do: ``tests/pgserver.py``; fsync off, so its figures are the server's
work, not the disk's), else PostgreSQL is skipped. The SQLite file is on the machine's disk,
with the store's own settings (WAL, synchronous FULL): each commit waits for the disk.

What is measured: the store is filled with 1,000 learners and 10,000 rated puzzles (5 themes,
difficulty 1-5); then, single-threaded, ``--ops`` clicks of random learners: ``record_attempt``
(rated first try or retry, FSRS review) then ``next_puzzle`` over the 10,000. The latency of
each click gives p50/p95/p99; attempts/s is clicks per second of that loop. A second run with
``--threads`` workers (one store shared, as one app server) gives the throughput under load.

Also printed, because they bound the figures: the load average of the machine (before and after)
and the latency of a bare ``fsync`` of 4 KiB on the disk holding the SQLite file -- with
synchronous=FULL every commit waits for one, so no click's p95 on SQLite can be below the disk's
fsync p95. On SQLite the threads of one process share commits (group commit); the number of
commits per attempt is printed.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from sqlalchemy import text  # noqa: E402

from tutor.progress import Candidate, ProgressStore  # noqa: E402

LEARNERS, PUZZLES = 1000, 10_000
THEMES = ("opening-lead", "signals", "trumps", "following-suit", "discards")


def fill(store: ProgressStore, rng: random.Random) -> tuple[list[int], list[Candidate]]:
    candidates = [Candidate(f"pz{i:05d}", (THEMES[i % 5],), 1 + rng.randrange(5)) for i in range(PUZZLES)]
    with store.db.write() as conn:  # bulk set-up, not what is measured
        conn.execute(text("INSERT INTO learners (name, name_key, created) VALUES (:n, :n, '2026-01-01')"),
                     [{"n": f"learner{i:04d}"} for i in range(LEARNERS)])
        conn.execute(text("INSERT INTO item_ratings (item_id, rating, rd, vol, games, themes)"
                          " VALUES (:i, :r, 120, 0.06, 10, '[]')"),
                     [{"i": c.item_id, "r": 900 + 200 * (c.difficulty or 3) + rng.gauss(0, 80)} for c in candidates])
    ids = [r.id for r in store.learners()]
    return ids, candidates


def click(store: ProgressStore, rng: random.Random, ids: list[int], candidates: list[Candidate]) -> float:
    learner = rng.choice(ids)
    puzzle = rng.choice(candidates)
    started = time.perf_counter()
    store.record_attempt(learner, puzzle.item_id, "puzzle", themes=puzzle.themes, correct=rng.random() < 0.6,
                         hints_used=rng.choice((0, 0, 1)), difficulty=puzzle.difficulty)
    store.next_puzzle(learner, candidates, rng=rng)
    return time.perf_counter() - started


def fsync_latency(folder: Path, count: int = 200) -> str:
    """p50/p95 of a bare fsync of 4 KiB appended to a file in ``folder`` (the disk's floor)."""
    fd, path = tempfile.mkstemp(dir=folder)
    lat = []
    try:
        for _ in range(count):
            os.write(fd, b"x" * 4096)
            t0 = time.perf_counter()
            os.fsync(fd)
            lat.append(time.perf_counter() - t0)
    finally:
        os.close(fd)
        os.unlink(path)
    q = statistics.quantiles(lat, n=100)
    return f"p50 {1000 * q[49]:.1f} ms, p95 {1000 * q[94]:.1f} ms"


def load() -> str:
    return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())


def _count_commits() -> list[int]:
    """Count the group commits of SQLite (each entry: how many attempts the commit carried)."""
    sizes: list[int] = []
    try:
        from tutor.storage.writers import Writers
    except ImportError:  # an older store (before group commit, or before tutor.storage.writers), for comparison
        return sizes
    real = Writers.commit_batch

    def counted(self: Writers, errors: object) -> None:
        sizes.append(self.batch.size if self.batch else 0)
        real(self, errors)  # type: ignore[arg-type]

    Writers.commit_batch = counted  # type: ignore[method-assign]
    return sizes


COMMITS = _count_commits()


def measure(name: str, store: ProgressStore, ops: int, threads: int) -> None:
    rng = random.Random(14)
    t0 = time.perf_counter()
    ids, candidates = fill(store, rng)
    print(f"{name}: filled {len(ids)} learners, {len(candidates)} puzzles in {time.perf_counter() - t0:.1f} s")
    for _ in range(50):  # warm-up: connections, caches
        click(store, rng, ids, candidates)
    lat = []
    t0 = time.perf_counter()
    for _ in range(ops):
        lat.append(click(store, rng, ids, candidates))
    wall = time.perf_counter() - t0
    lat.sort()
    q = statistics.quantiles(lat, n=100)
    print(f"{name}: 1 thread, {ops} clicks: {ops / wall:.0f} attempts/s; record+choose "
          f"p50 {1000 * q[49]:.1f} ms, p95 {1000 * q[94]:.1f} ms, p99 {1000 * q[98]:.1f} ms")
    if threads > 1:
        per = ops // threads
        done: list[float] = []

        def work(seed: int) -> None:
            r = random.Random(seed)
            out = [click(store, r, ids, candidates) for _ in range(per)]
            done.extend(out)

        COMMITS.clear()
        t0 = time.perf_counter()
        pool = [threading.Thread(target=work, args=(s,)) for s in range(threads)]
        for th in pool:
            th.start()
        for th in pool:
            th.join()
        wall = time.perf_counter() - t0
        q = statistics.quantiles(sorted(done), n=100)
        shared = f"; {len(COMMITS)} commits for {len(done)} attempts" if COMMITS else ""
        print(f"{name}: {threads} threads, {len(done)} clicks: {len(done) / wall:.0f} attempts/s; "
              f"record+choose p50 {1000 * q[49]:.1f} ms, p95 {1000 * q[94]:.1f} ms{shared}")
    print(f"{name}: {store.count_attempts()} attempts stored")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--ops", type=int, default=2000)
    ap.add_argument("--threads", type=int, default=4)
    ap.add_argument("--pg", default=None, help="a PostgreSQL URL (default: a throwaway server)")
    ap.add_argument("--only", choices=("sqlite", "postgresql"), default=None)
    args = ap.parse_args()
    print(f"before: {load()} ({os.cpu_count()} cores)")
    if args.only != "postgresql":
        from tutor.storage import database

        for sync in ("FULL", "NORMAL"):  # FULL: the store's setting; NORMAL: for comparison
            database.SQLITE_SYNCHRONOUS = sync
            with tempfile.TemporaryDirectory() as tmp:
                print(f"disk of the SQLite file: bare fsync {fsync_latency(Path(tmp))}")
                store = ProgressStore(Path(tmp) / "bench.db")
                measure(f"sqlite (synchronous={sync})", store, args.ops, args.threads)
                store.close()
        database.SQLITE_SYNCHRONOUS = "FULL"
    if args.only == "sqlite":
        print(f"after: {load()}")
        return
    server = None
    url = args.pg
    if url is None:
        from pgserver import PgServer, find_pg_bin, fresh_database

        bin_dir = find_pg_bin()
        if bin_dir is None:
            print("postgresql: skipped (no pg_ctl; give --pg URL)")
            return
        server = PgServer(bin_dir)
        server.start()
        url = fresh_database(server.url)
    try:
        store = ProgressStore(url)
        measure("postgresql", store, args.ops, args.threads)
        store.close()
    finally:
        if server is not None:
            server.stop()
    print(f"after: {load()}")


if __name__ == "__main__":
    main()
