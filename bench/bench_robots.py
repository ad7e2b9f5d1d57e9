"""Robot move time per strength: median, 95th percentile and maximum per card.

Aims: classic median < 50 ms, p95 < 300 ms, none over 2 s; strong p95 < 1.5 s (on this
2-core machine). Robots play whole random deals at all four seats; every decision is timed, from
the robot's view of the table to its card (the conventions engine, the card reading, the strong
robot's search and the double-dummy fallback). bench/bench_robot_quality.py prints the same
figures alongside the quality measurement.

    python bench/bench_robots.py [--deals 40] [--samples 16] [--robots beginner,classic,strong]
"""

from __future__ import annotations

import argparse
import statistics
import time

from tutor.deal import Deal
from tutor.play import PlayState
from tutor.robots import DOUBLE_DUMMY, STRENGTHS, Robot
from tutor.seats import Seat


def run(deals: int, samples: int, strength: str) -> tuple[list[float], list[float]]:
    """Decision times in ms, all of them and those decided by the double-dummy fallback."""
    times: list[float] = []
    dd: list[float] = []
    for i in range(deals):
        robots = {s: Robot(s, strength=strength, samples=samples, seed=i) for s in Seat}
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
    parser.add_argument("--samples", type=int, default=16)
    parser.add_argument("--robots", default=",".join(STRENGTHS))
    args = parser.parse_args()
    for strength in args.robots.split(","):
        times, dd = run(args.deals, args.samples, strength)
        share = len(dd) / len(times)
        print(f"{strength}: {len(times)} robot cards over {args.deals} deals: "
              f"median {statistics.median(times):.2f} ms, p95 {_p95(times):.2f} ms, max {max(times):.0f} ms; "
              f"double-dummy fallback {share:.1%} of cards")


if __name__ == "__main__":
    main()
