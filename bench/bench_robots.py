"""Robot move time: median and 95th percentile per card (issue 7: aim median < 50 ms, p95 < 500 ms).

Robots play whole random deals at all four seats; every decision is timed, from the robot's view
of the table to its card (the conventions engine, and the double-dummy fallback on a sample of
layouts where no maxim decides). Two policies are timed: the default (``--samples`` layouts in the
fallback) and the cheap one (``samples=0``), which the 10,000-deal legality test uses.

    python bench/bench_robots.py [--deals 40] [--samples 6]
"""

from __future__ import annotations

import argparse
import statistics
import time

from tutor.deal import Deal
from tutor.play import PlayState
from tutor.robots import DOUBLE_DUMMY, Robot
from tutor.seats import Seat


def run(deals: int, samples: int) -> tuple[list[float], list[float]]:
    """Decision times in ms, all of them and those decided by the double-dummy fallback."""
    times: list[float] = []
    dd: list[float] = []
    for i in range(deals):
        robots = {s: Robot(s, samples=samples, seed=i) for s in Seat}
        state = PlayState(Deal.random(10_000 + i, dealer=Seat(i % 4)))
        while not state.is_over:
            t0 = time.perf_counter()
            rc = robots[state.to_play].choose(state)
            ms = (time.perf_counter() - t0) * 1000
            times.append(ms)
            if rc.maxim == DOUBLE_DUMMY:
                dd.append(ms)
            state.play(rc.card)
    return times, dd


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--samples", type=int, default=6)
    args = parser.parse_args()
    for samples in (args.samples, 0):
        times, dd = run(args.deals, samples)
        share = len(dd) / len(times)
        print(f"samples={samples}: {len(times)} robot cards over {args.deals} deals: "
              f"median {statistics.median(times):.2f} ms, p95 {_p95(times):.2f} ms, max {max(times):.1f} ms; "
              f"double-dummy fallback {share:.1%} of cards"
              + (f" (median {statistics.median(dd):.1f} ms, p95 {_p95(dd):.1f} ms)" if dd else ""))


if __name__ == "__main__":
    main()
