"""Robot quality: double-dummy tricks lost per deal per side, for each strength, against
random play and a plain Monte-Carlo player, over the same seeded deals; and the robots' move times.

Every deal is played out four times the same policy at every seat. Each card is judged by endplay's
DDS on the TRUE position (all four hands): the card loses ``best - value`` tricks for its side,
where ``best`` is the double-dummy value of the best legal card and ``value`` that of the card
played. The figure is the sum over a deal's 52 cards, divided by two sides -- "tricks lost per deal
per side" -- also split by trick number. Policies:

* ``random``: a legal card at random (seeded);
* ``mc``: plain Monte-Carlo -- ``--mc-samples`` layouts of the unseen cards (voids and the trump
  card respected, no reading), the legal card with the best mean double-dummy tricks;
* ``beginner``, ``classic``, ``strong``: :class:`tutor.robots.Robot` at that strength.

It also prints, per strength, the share of cards the double-dummy fallback decided (and of opening
leads), what decided the cards, and the move time of a robot decision (median, p95, max; the
judging is not timed). Aims: classic <= 2.2, strong <= 1.9, beginner 3-4 tricks lost;
fallback <= 2 % of cards and no opening lead; classic median < 50 ms, p95 < 300 ms, none over 2 s;
strong p95 < 1.5 s.

    python bench/bench_robot_quality.py [--deals 300] [--seed 20260] [--policies random,mc,beginner,classic,strong] [--jobs 1]
"""

from __future__ import annotations

import argparse
import collections
import multiprocessing
import random
import statistics
import sys
import time

from tutor.deal import Deal
from tutor.play import PlayState
from tutor.robots import DOUBLE_DUMMY, LARGE_GAIN, READING, SEARCH, STRENGTHS, Robot, sample_positions
from tutor.seats import Seat
from tutor.seatview import SeatView
from tutor.solver import Position, solve_many

POLICIES = ("random", "mc", *STRENGTHS)


def _mc_card(state: PlayState, rng: random.Random, samples: int):
    view = SeatView.from_state(state, state.to_play)
    legal = view.legal_cards()
    if len(legal) == 1:
        return legal[0]
    sols = solve_many(sample_positions(view, rng, samples))
    means = {c: sum(s.tricks[c] for s in sols) for c in legal}
    return max(legal, key=lambda c: (means[c], -int(c.rank)))


def play(policy: str, deal: Deal, seed: int, mc_samples: int, search_samples: int, large_gain: float = LARGE_GAIN):
    """Play ``deal`` out; return (positions before each card, cards, tags, decision times)."""
    state = PlayState(deal)
    rng = random.Random(seed)
    robots = {s: Robot(s, strength=policy, samples=search_samples, seed=seed, large_gain=large_gain) for s in Seat} if policy in STRENGTHS else {}
    positions, cards, tags, times, deciders = [], [], [], [], []
    while not state.is_over:
        positions.append(Position.from_state(state))
        t0 = time.perf_counter()
        decider = policy
        if policy == "random":
            card, tag = rng.choice(state.legal_cards()), "random"
        elif policy == "mc":
            card, tag = _mc_card(state, rng, mc_samples), "mc"
        else:
            rc = robots[state.to_play].choose(state)
            card, decider = rc.card, rc.maxim
            tag = rc.maxim if rc.maxim in (DOUBLE_DUMMY, READING, SEARCH) or rc.maxim.startswith("habit:") else "maxim"
        deciders.append(decider)
        times.append((time.perf_counter() - t0) * 1000)
        tags.append(tag)
        cards.append(card)
        state.play(card)
    return positions, cards, tags, times, deciders


def _one_deal(task):
    """Play and judge deal ``i`` of the run (a worker's job with ``--jobs``): the same deal, seed
    and robots as a single-process run, so the figures do not depend on the number of jobs."""
    policy, seed, i, mc_samples, search_samples, large_gain = task
    deal = Deal.random(seed + i, dealer=Seat(i % 4))
    positions, cards, tg, tm, dec = play(policy, deal, seed + i, mc_samples, search_samples, large_gain)
    return judge(positions, cards), tg, tm, dec


def judge(positions, cards) -> list[int]:
    """Double-dummy tricks each card lost for its side on the true position."""
    sols = solve_many(positions)
    return [sol.best - sol.tricks[card] for sol, card in zip(sols, cards)]


def _p95(values):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--seed", type=int, default=20260)
    parser.add_argument("--mc-samples", type=int, default=6)
    parser.add_argument("--search-samples", type=int, default=20, help="layouts of the strong robot's search")
    parser.add_argument("--large-gain", type=float, default=LARGE_GAIN,
                        help="mean tricks the strong robot must gain to break a convention")
    parser.add_argument("--policies", default=",".join(POLICIES))
    parser.add_argument("--jobs", type=int, default=1,
                        help="deals played in parallel processes (same figures; move times then include "
                             "the contention of the jobs)")
    args = parser.parse_args()
    policies = [p.strip() for p in args.policies.split(",") if p.strip()]
    for p in policies:
        if p not in POLICIES:
            parser.error(f"unknown policy {p!r} (use {', '.join(POLICIES)})")
    print(f"{args.deals} deals from seed {args.seed}; every card judged double-dummy on the true position")
    results = {}
    for policy in policies:
        lost_by_trick = [0] * 13
        total = 0
        tags: collections.Counter = collections.Counter()
        opening_fallback = 0
        times: list[float] = []
        by_decider: collections.Counter = collections.Counter()
        t0 = time.time()
        tasks = [(policy, args.seed, i, args.mc_samples, args.search_samples, args.large_gain) for i in range(args.deals)]
        if args.jobs > 1:
            pool = multiprocessing.get_context("fork").Pool(args.jobs)
            done = pool.imap(_one_deal, tasks)
        else:
            pool, done = None, map(_one_deal, tasks)
        for i, (losses, tg, tm, dec) in enumerate(done):
            for j, loss in enumerate(losses):
                lost_by_trick[j // 4] += loss
            total += sum(losses)
            for d, loss in zip(dec, losses):
                by_decider[d] += loss
            tags.update(tg)
            opening_fallback += tg[0] == DOUBLE_DUMMY
            times.extend(tm)
            if (i + 1) % 25 == 0:
                print(f"  {policy}: {i + 1}/{args.deals} deals, {total / (2 * (i + 1)):.2f} lost per deal per side "
                      f"({time.time() - t0:.0f} s)", file=sys.stderr, flush=True)
        per = total / (2 * args.deals)
        cards_n = sum(tags.values())
        results[policy] = per
        print(f"\n{policy}: {per:.2f} DD tricks lost per deal per side")
        print("  per trick: " + " ".join(f"{k + 1}:{v / (2 * args.deals):.2f}" for k, v in enumerate(lost_by_trick)))
        if policy in STRENGTHS:
            share = ", ".join(f"{t} {n / cards_n:.1%}" for t, n in tags.most_common())
            print(f"  decided by: {share}")
            print(f"  fallback (double-dummy): {tags[DOUBLE_DUMMY] / cards_n:.2%} of cards; "
                  f"{opening_fallback} of {args.deals} opening leads")
            print(f"  move time: median {statistics.median(times):.1f} ms, p95 {_p95(times):.1f} ms, "
                  f"max {max(times):.0f} ms over {len(times)} cards")
            worst = ", ".join(f"{d} {v / (2 * args.deals):.2f}" for d, v in by_decider.most_common(8))
            print(f"  tricks lost per deal per side by the deciding maxim (top 8): {worst}")
        elif policy == "mc":
            print(f"  move time: median {statistics.median(times):.1f} ms, p95 {_p95(times):.1f} ms")
        if pool is not None:
            pool.close()
    print("\nsummary: " + ", ".join(f"{p} {v:.2f}" for p, v in results.items()))


if __name__ == "__main__":
    main()
