"""Median time of one ``advise()`` call: an opening lead, and a mid-hand play (aim: <= 2 ms).

Positions are random deals seen from the player to move: opening leads before any card is
played, mid-hand plays after a random legal prefix of 12 to 40 cards. Building the SeatView
(parsing and reading the history) is timed separately from the advice itself.

    python bench/bench_advice.py [--positions 300] [--system russian]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from tutor.conventions import advise
from tutor.deal import Deal
from tutor.play import PlayState
from tutor.seatview import SeatView


def positions(n: int, mid: bool, seed: int) -> list[SeatView]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        deal = Deal.random(rng)
        state = PlayState(deal)
        if mid:
            for _ in range(rng.randint(12, 40)):
                state.play(rng.choice(state.legal_cards()))
        seat = state.to_play
        out.append(SeatView(deal.hands[seat], deal.trump_card, deal.trump, deal.dealer,
                            tuple(_tricks(state)), seat))
    return out


def _tricks(state: PlayState):
    from tutor.play import Trick

    yield from state.tricks
    if state.current:
        yield Trick(state.leader, tuple(state.current))


def median_ms(fn, items) -> float:
    times = []
    for item in items:
        start = time.perf_counter()
        fn(item)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=300)
    ap.add_argument("--system", default="russian", choices=("russian", "english"))
    args = ap.parse_args()
    advise(positions(1, False, 0)[0], args.system)  # load the catalogue once, outside the timing
    for label, mid in (("opening lead", False), ("mid-hand play", True)):
        items = positions(args.positions, mid, 2026 + mid)
        build = median_ms(lambda p: SeatView(p.hand, p.trump_card, p.trump, p.dealer, p.played, p.seat), items)
        adv = median_ms(lambda p: advise(p, args.system), items)
        print(f"{label:<14} advise(): median {adv:.3f} ms; building the SeatView: median {build:.3f} ms "
              f"({args.positions} positions, {args.system})")


if __name__ == "__main__":
    main()
