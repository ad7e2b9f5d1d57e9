"""Benchmark of pruning the unnamed work of idle browsers (issue 24, point 2; ``db check --fix``):
how long ``db check`` takes to count them (read-only) and ``--fix`` to remove them, on a SQLite
file of ``--browsers`` browser rows (five answers each, a quarter with an anonymous draft), their
last activity spread evenly over a year -- so about half are idle past 180 days.

    .venv/bin/python bench/bench_prune.py [--browsers 20000]

Also printed: SQLite's plan of the idle query (each browser's row is looked up by the indexes on
``learner_id``: no index on a last-activity column is needed, and none is kept up to date on the
hot path of an answer), the longest of the prune's write transactions (what an answer of the app
may wait behind), and the load average.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import sqlite3
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from sqlalchemy.dialects import sqlite as sqlite_dialect  # noqa: E402

from tutor.progress import IDLE_DAYS, ProgressStore, idle_in_file  # noqa: E402
from tutor.progress.browsers import _cutoff, _idle_rows  # noqa: E402

NOW = datetime(2026, 12, 1, tzinfo=UTC)


def _iso(ts: datetime) -> str:
    return ts.isoformat(timespec="microseconds")


def fill(path: Path, browsers: int) -> None:
    ProgressStore(path).close()
    rows, answers, drafts = [], [], []
    for i in range(browsers):
        key = f"devicekey-{i:06d}"
        hashed = hashlib.sha256(key.encode()).hexdigest()
        ts = NOW - timedelta(days=i % 365, minutes=i % 1440)
        rows.append((i + 1, "", "\x1fbrowser:" + hashed, "\x1fbrowser:" + hashed, hashed, _iso(ts - timedelta(days=1))))
        answers += [(i + 1, f"p{j}", "puzzle", "[]", 1, 0, 1.0, "", _iso(ts), ts.date().isoformat()) for j in range(5)]
        if i % 4 == 0:
            drafts.append((key, "report:p0", "a note", _iso(ts)))
    conn = sqlite3.connect(path)
    conn.executemany("INSERT INTO learners (id, name, name_key, name_skeleton, browser, created) "
                     "VALUES (?, ?, ?, ?, ?, ?)", rows)
    conn.executemany("INSERT INTO attempts (learner_id, item_id, kind, themes, correct, hints_used, score, answer, "
                     "ts, day) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", answers)
    conn.executemany("INSERT INTO drafts (learner_id, browser, slot, text, ts) VALUES (NULL, ?, ?, ?, ?)", drafts)
    conn.commit()
    conn.execute("ANALYZE")
    conn.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--browsers", type=int, default=20_000)
    args = ap.parse_args()
    print(f"load average before: {os.getloadavg()}")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "progress.db"
        fill(path, args.browsers)
        sql = _idle_rows(_cutoff(IDLE_DAYS, NOW)).compile(dialect=sqlite_dialect.dialect(),
                                                           compile_kwargs={"literal_binds": True})
        conn = sqlite3.connect(path)
        print("plan:", "; ".join(r[3] for r in conn.execute(f"EXPLAIN QUERY PLAN {sql}")))
        conn.close()
        started = time.perf_counter()
        idle = idle_in_file(path, IDLE_DAYS, at=NOW)
        print(f"db check (read-only count) of {args.browsers:,} browsers: {time.perf_counter() - started:.2f} s; {idle}")
        store = ProgressStore(path)
        longest = 0.0
        original = store.browsers._prune

        def timed(*a: object) -> object:
            nonlocal longest
            t = time.perf_counter()
            try:
                return original(*a)  # type: ignore[arg-type]
            finally:
                longest = max(longest, time.perf_counter() - t)

        store.browsers._prune = timed  # type: ignore[method-assign,assignment]
        started = time.perf_counter()
        removed = store.prune_browsers(IDLE_DAYS, at=NOW)
        print(f"db check --fix: {time.perf_counter() - started:.2f} s; longest write transaction "
              f"{longest * 1000:.0f} ms; {removed}")
        store.close()
    print(f"load average after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
