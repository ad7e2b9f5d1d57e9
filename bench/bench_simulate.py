"""Benchmark: a 200-sample lead analysis, our code against the raw endplay batch on the same samples.

Prints the wall time of ``tutor.simulate.simulate_lead`` (cold cache: sampling, building the
positions, DDS, statistics) and of endplay's own ``solve_all_boards`` on the very same layouts
(built from PBN with endplay's public API), the overhead of our code over the raw batch and the
samples solved per second. Runs alternate between the two (best of ``--repeat``) because the
machine is shared and timings are noisy.

    .venv/bin/python bench/bench_simulate.py [--samples 200] [--repeat 3] [--seed 0]
"""

from __future__ import annotations

import argparse
import random
import time

from endplay.dds import solve_all_boards
from endplay.types import Deal as EpDeal
from endplay.types import Denom, Player

from tutor.seats import Seat
from tutor.simulate import clear_cache, sample_positions, simulate_lead, student_view

HAND = "KJ4.AQ32.T98.765"
TRUMP = "H7"


def raw_endplay(positions) -> tuple[float, float]:
    """Seconds for endplay alone: (PBN -> endplay Deal + solve_all_boards in chunks of 200,
    the solve_all_boards calls only)."""
    t0 = time.perf_counter()
    deals = []
    for pos in positions:
        pbn = "N:" + " ".join(pos.hands[s].pbn() for s in Seat)
        d = EpDeal(pbn)
        d.first = Player(int(pos.leader))
        d.trump = Denom.nt if pos.trump is None else Denom(int(pos.trump))
        deals.append(d)
    results = []
    t1 = time.perf_counter()
    for i in range(0, len(deals), 200):
        results.extend(solve_all_boards(deals[i:i + 200]))
    t2 = time.perf_counter()
    assert sum(1 for r in results for _ in r) >= len(positions)
    return time.perf_counter() - t0, t2 - t1


def ours(samples: int, seed: int, progress=None) -> float:
    clear_cache()
    t0 = time.perf_counter()
    simulate_lead(HAND, TRUMP, dealer=Seat.E, samples=samples, seed=seed, progress=progress)
    return time.perf_counter() - t0


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--samples", type=int, default=200)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    view = student_view(HAND, TRUMP, dealer=Seat.E)
    t0 = time.perf_counter()
    positions = sample_positions(view, args.samples, random.Random(args.seed))  # the same layouts
    sampling = time.perf_counter() - t0
    ours_t, raw_t, solve_t = [], [], []
    for i in range(args.repeat):
        if i % 2 == 0:
            ours_t.append(ours(args.samples, args.seed))
            whole, solve_only = raw_endplay(positions)
        else:
            whole, solve_only = raw_endplay(positions)
            ours_t.append(ours(args.samples, args.seed))
        raw_t.append(whole)
        solve_t.append(solve_only)
    o, r, so = min(ours_t), min(raw_t), min(solve_t)
    # With a progress callback the samples go to DDS in chunks of a tenth (>= 20) to show a bar.
    with_bar = ours(args.samples, args.seed, progress=lambda done, total: None)
    t0 = time.perf_counter()
    simulate_lead(HAND, TRUMP, dealer=Seat.E, samples=args.samples, seed=args.seed)
    cached = time.perf_counter() - t0
    print(f"lead analysis of {HAND} (trump {TRUMP}, dealer E), {args.samples} samples, best of {args.repeat}")
    print(f"  sampling alone        {sampling * 1000:8.1f} ms")
    print(f"  ours (simulate_lead)  {o:8.3f} s   {args.samples / o:6.1f} samples/s   runs {', '.join(f'{t:.2f}' for t in ours_t)}")
    print(f"  raw endplay batch     {r:8.3f} s   {args.samples / r:6.1f} samples/s   runs {', '.join(f'{t:.2f}' for t in raw_t)}")
    print(f"  ours, progress chunks {with_bar:8.3f} s   {args.samples / with_bar:6.1f} samples/s   (one run)")
    print(f"  raw solve calls only  {so:8.3f} s   {args.samples / so:6.1f} samples/s")
    print(f"  overhead vs raw batch {100 * (o - r) / r:+7.1f} %   vs its solve calls only {100 * (o - so) / so:+7.1f} %")
    print(f"  repeat (cached)       {cached * 1000:8.3f} ms")


if __name__ == "__main__":
    main()
