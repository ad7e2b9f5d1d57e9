"""No illegal card over many whole deals, per robot strength (10,000 deals each).

The slow test (tests/test_robots.py) runs 10,000 deals for classic and fewer for beginner and
strong; this script runs the full count for any strength and prints how long it took.

    python bench/bench_robot_legality.py [--deals 10000] [--robots beginner,classic,strong]
"""

from __future__ import annotations

import argparse
import sys
import time

from tutor.deal import Deal
from tutor.play import PlayState
from tutor.robots import STRENGTHS, Robot
from tutor.seats import Seat


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=10_000)
    parser.add_argument("--robots", default=",".join(STRENGTHS))
    args = parser.parse_args()
    for strength in args.robots.split(","):
        robots = {s: Robot(s, strength=strength, samples=0 if strength != "strong" else 4) for s in Seat}
        t0 = time.time()
        cards = 0
        for i in range(args.deals):
            state = PlayState(Deal.random(i, dealer=Seat(i % 4)))
            while not state.is_over:
                rc = robots[state.to_play].choose(state)
                state.verify_play(rc.card)
                assert rc.maxims
                state.play(rc.card)
                cards += 1
            if (i + 1) % 500 == 0:
                print(f"  {strength}: {i + 1} deals ({time.time() - t0:.0f} s)", file=sys.stderr, flush=True)
        print(f"{strength}: {args.deals} deals, {cards} cards, all legal, {time.time() - t0:.0f} s")


if __name__ == "__main__":
    main()
