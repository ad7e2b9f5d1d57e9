"""Which rules cost the classic robots tricks: an A/B over the same deals, one rule dropped at a time.

For every rule of :data:`tutor.conventions.advice.LEAD_ORDER`, ``FOLLOW_ORDER`` and ``VOID_ORDER``
(or only those named with ``--rules``), the bench's deals (``bench_robot_quality._one_deal``: the
same deals, seeds and robots) are played with that rule left out of its order, and the double-dummy
tricks lost per deal per side are compared with the full rules on the same deals: the mean
difference and its standard error over the deals (a paired comparison, so a rule's effect is not
drowned by the deals' spread). A rule whose absence saves tricks is one whose *reading* should be
looked at again against the books -- never one to delete: the figure says where to read, not what
the books say.

    python bench/ab_robot_rules.py [--deals 100] [--seed 20260] [--rules name,name] [--jobs 1]
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import sys
import time
from collections.abc import Sequence

sys.path.insert(0, __import__("os").path.dirname(__file__))

import bench_robot_quality as brq
from timing import load

from tutor.conventions import advice
from tutor.robots import LARGE_GAIN

ORDERS = ("LEAD_ORDER", "FOLLOW_ORDER", "VOID_ORDER")


def _name(rule: object) -> str:
    return getattr(rule, "__name__", repr(rule))


def _run(task: tuple[str | None, int, int]) -> tuple[str | None, int, int]:
    """Deal ``i`` with rule ``drop`` left out (None: the full rules); its total tricks lost."""
    drop, seed, i = task
    saved = {o: getattr(advice, o) for o in ORDERS}
    try:
        if drop is not None:
            for o in ORDERS:
                setattr(advice, o, tuple(r for r in saved[o] if _name(r) != drop))
        losses, _tags, _times, _dec = brq._one_deal(("classic", seed, i, 6, 20, LARGE_GAIN))
    finally:
        for o, v in saved.items():
            setattr(advice, o, v)
    return drop, i, sum(losses)


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--seed", type=int, default=20260)
    ap.add_argument("--rules", default="", help="comma-separated rule function names (default: every rule)")
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args(argv)
    names = list(dict.fromkeys(_name(r) for o in ORDERS for r in getattr(advice, o)))
    if args.rules:
        wanted = [n.strip() for n in args.rules.split(",") if n.strip()]
        unknown = [n for n in wanted if n not in names]
        if unknown:
            ap.error(f"no rule named {', '.join(unknown)} in the orders")
        names = wanted
    print(f"{args.deals} deals from seed {args.seed}, classic; {load()}", flush=True)
    tasks = [(d, args.seed, i) for d in [None, *names] for i in range(args.deals)]
    pool = multiprocessing.get_context("fork").Pool(args.jobs) if args.jobs > 1 else None
    results: dict[str | None, dict[int, int]] = {}
    t0 = time.time()
    done = pool.imap(_run, tasks, chunksize=4) if pool else map(_run, tasks)
    for drop, i, lost in done:
        results.setdefault(drop, {})[i] = lost
        if len(results[drop]) == args.deals:
            base = results.get(None)
            per = sum(results[drop].values()) / (2 * args.deals)
            if drop is None or base is None:
                print(f"full rules: {per:.3f} lost per deal per side ({time.time() - t0:.0f} s)", flush=True)
                continue
            diffs = [(results[drop][j] - base[j]) / 2 for j in range(args.deals)]
            mean = sum(diffs) / len(diffs)
            sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / max(1, len(diffs) - 1))
            changed = sum(1 for d in diffs if d)
            print(f"without {drop}: {per:.3f} ({mean:+.3f} +- {sd / math.sqrt(len(diffs)):.3f}; "
                  f"{changed} deals changed) ({time.time() - t0:.0f} s)", flush=True)
    if pool:
        pool.close()
    print(f"done; {load()}")


if __name__ == "__main__":
    main()
