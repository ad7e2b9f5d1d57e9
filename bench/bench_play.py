"""Random full-deal playouts per second, legal-card generation included (aim: >= 5,000/s).

Each playout builds a PlayState over a fresh random deal and plays 52 uniformly chosen legal
cards through the checked ``play`` call, as a Monte-Carlo robot would.

    python bench/bench_play.py [--seconds 5]
"""

from __future__ import annotations

import argparse
import random
import time

from tutor.deal import Deal
from tutor.play import PlayState


def run(seconds: float) -> tuple[int, float]:
    rng = random.Random(2026)
    deals = [Deal.random(i) for i in range(64)]
    n = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for deal in deals:
            state = PlayState(deal)
            while not state.is_over:
                state.play(rng.choice(state.legal_cards()))
            n += 1
    return n, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args()
    n, elapsed = run(args.seconds)
    print(f"{n} full-deal playouts in {elapsed:.2f} s: {n / elapsed:,.0f} playouts/s (one core)")


if __name__ == "__main__":
    main()
