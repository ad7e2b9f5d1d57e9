"""Benchmark: what a flood of logins does to the answers being recorded meanwhile (issue 23, F3b).

    python bench/bench_login_flood.py [--seconds 20] [--threads 3] [--db PATH]

shared/reviews/reliability.md measured, before the fix: "In the same process, 3 login threads
made answers wait p50 502 ms, max 999 ms (baseline p50 4 ms, p95 9 ms)", and one other process
looping logins made 2 of 2 answers fail with "nothing was saved" -- ``login()`` ran its ~145 ms
argon2 check inside the write transaction, even for a name that does not exist. Now the check runs
outside any transaction and wrong passwords are throttled per name and per client address.

The phases, each ``--seconds`` long, on one SQLite store (WAL, synchronous FULL, the store's own
settings); the writer records one answer every 50 ms (``record_attempt``, as the review's
``loginflood.py writer``) and times each call:

1. ``baseline``: the writer alone.
2. ``threads``: ``--threads`` threads of the same process loop ``login()`` with names that do not
   exist, as the review's flood did (no client address: the command line's case; the address
   throttle soon makes most of them wait without an argon2 check).
3. ``threads, a new address each``: the same, each login from a new client address, so that no
   throttle ever engages and every login runs its argon2 check -- the worst case, a flood from many
   machines.
4. ``other process``: one separate process loops logins of unknown names, each from a new address,
   while this one writes (the review's cross-process case: its answers failed).

Printed: per phase the writes, how many failed, p50/p95/max latency in ms, the logins done and how
many were refused by the throttle; and the load average before and after (the machine's 2 cores
are shared, so a figure says the load beside it).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tutor.progress import LoginFailed, LoginThrottled, ProgressStore  # noqa: E402


def flood(store: ProgressStore, stop: threading.Event, counts: dict[str, int], tag: str, *, new_address: bool) -> None:
    """Loop logins of names that do not exist until ``stop``."""
    n = 0
    while not stop.is_set():
        client = f"203.0.113.{tag}.{n}" if new_address else None  # a documentation range: a label only
        try:
            store.login(f"ghost-{tag}-{n}", "whatever-password", client=client)
        except LoginThrottled:
            counts["throttled"] = counts.get("throttled", 0) + 1
        except LoginFailed:
            counts["failed"] = counts.get("failed", 0) + 1
        n += 1


def write_for(store: ProgressStore, seconds: float) -> tuple[list[float], int]:
    """Record an answer every 50 ms for ``seconds``: each call's latency (ms) and the failures."""
    me = store.learner("w").id
    lat: list[float] = []
    fails = 0
    end = time.monotonic() + seconds
    i = 0
    while time.monotonic() < end:
        t0 = time.perf_counter()
        try:
            store.record_attempt(me, f"p{i % 30}", "puzzle", correct=True)
        except Exception:  # noqa: BLE001 - counted: a failed answer is the finding
            fails += 1
        lat.append((time.perf_counter() - t0) * 1000)
        i += 1
        time.sleep(0.05)
    return lat, fails


def summary(name: str, lat: list[float], fails: int, counts: dict[str, int] | None = None) -> str:
    lat = sorted(lat)
    text = (f"{name:<34} writes {len(lat):4d}, failed {fails}; p50 {lat[len(lat) // 2]:6.1f} ms, "
            f"p95 {lat[int(len(lat) * 0.95)]:6.1f} ms, max {lat[-1]:7.1f} ms")
    if counts is not None:
        done = counts.get("failed", 0) + counts.get("throttled", 0)
        text += f"; logins {done} ({counts.get('throttled', 0)} refused by the throttle)"
    return text


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=20.0)
    ap.add_argument("--threads", type=int, default=3)
    ap.add_argument("--db", help="the SQLite file (default: a new one in a temporary folder)")
    ap.add_argument("--flood-only", metavar="SECONDS", type=float, help=argparse.SUPPRESS)  # the other process
    args = ap.parse_args()
    if args.flood_only is not None:
        store = ProgressStore(args.db)
        stop, counts = threading.Event(), {}
        threading.Timer(args.flood_only, stop.set).start()
        flood(store, stop, counts, "proc", new_address=True)
        print(counts.get("failed", 0) + counts.get("throttled", 0), counts.get("throttled", 0))
        return 0

    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or str(Path(tmp) / "flood.db")
        store = ProgressStore(db)
        store.learner("w")
        print(f"load before: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}")
        print(summary("baseline (writer alone)", *write_for(store, args.seconds)))
        for label, new_address in ((f"{args.threads} login threads", False),
                                   (f"{args.threads} threads, a new address each", True)):
            stop, counts = threading.Event(), {}
            threads = [threading.Thread(target=flood, args=(store, stop, counts, f"t{k}-{new_address}"),
                                        kwargs={"new_address": new_address}, daemon=True) for k in range(args.threads)]
            for t in threads:
                t.start()
            lat, fails = write_for(store, args.seconds)
            stop.set()
            for t in threads:
                t.join()
            print(summary(label, lat, fails, counts))
        other = subprocess.Popen([sys.executable, __file__, "--db", db, "--flood-only", str(args.seconds + 2)],
                                 stdout=subprocess.PIPE, text=True)
        time.sleep(1.0)  # the other process is looping before the writer starts
        lat, fails = write_for(store, args.seconds)
        out, _ = other.communicate(timeout=120)
        done, throttled = (int(x) for x in out.split())
        print(summary("other process (new address each)", lat, fails, {"failed": done - throttled,
                                                                         "throttled": throttled}))
        print(f"load after: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
