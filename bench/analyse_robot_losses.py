"""Where a robot strength loses double-dummy tricks: per decision kind (opening lead, lead, second,
third, fourth hand, discard, ruff), per trick number and per deciding maxim; and how much of each
loss a perfect choice among the cards the maxims left equal would have saved (the "tied oracle":
the bound on what card reading or a sampled search among convention-allowed cards can gain).

    python bench/analyse_robot_losses.py [--deals 60] [--seed 20260] [--robots classic]
"""

from __future__ import annotations

import argparse
import collections
import time

from tutor.conventions.advice import advise
from tutor.deal import Deal
from tutor.play import PlayState
from tutor.robots import Robot
from tutor.seats import Seat
from tutor.seatview import SeatView
from tutor.solver import Position, solve_many


def kind_of(view: SeatView, card) -> str:
    if not view.on_table:
        return "opening" if not view.tricks else "lead"
    led = view.on_table[0].suit
    if card.suit == led:
        return ("second", "third", "fourth")[len(view.on_table) - 1]
    return "ruff" if view.trump is not None and card.suit == view.trump else "discard"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=60)
    ap.add_argument("--seed", type=int, default=20260)
    ap.add_argument("--robots", default="classic")
    ap.add_argument("--samples", type=int, default=20)
    ap.add_argument("--set", action="append", default=[], help="NAME=VALUE: patch a tutor.robots constant (experiments)")
    args = ap.parse_args()
    import tutor.robots as robots_module

    for item in args.set:
        name, value = item.split("=", 1)
        setattr(robots_module, name, type(getattr(robots_module, name))(eval(value)))
    loss = collections.Counter()
    oracle = collections.Counter()
    count = collections.Counter()
    by_maxim = collections.Counter()
    by_trick = collections.Counter()
    choice_loss = collections.Counter()
    relax = collections.Counter()
    slow: list = []
    t0 = time.time()
    for i in range(args.deals):
        seed = args.seed + i
        deal = Deal.random(seed, dealer=Seat(i % 4))
        state = PlayState(deal)
        robots = {s: Robot(s, strength=args.robots, seed=seed, samples=args.samples) for s in Seat}
        rows = []
        while not state.is_over:
            pos = Position.from_state(state)
            view = SeatView.from_state(state, state.to_play)
            legal = view.legal_cards()
            t1 = time.perf_counter()
            rc = robots[state.to_play].choose(state)
            slow.append(((time.perf_counter() - t1) * 1000, i, len(state.tricks) + 1, kind_of(view, rc.card), rc.maxim,
                         len(rc.dd_means or ())))
            tied = (rc.card,)
            rejected = {}
            if len(legal) > 1:
                adv = advise(view, "russian")
                tied = Robot._tied(adv, legal)
                rejected = {v.card: (v.verdict, v.maxims[0] if v.maxims else "-") for v in adv.candidates
                            if v.verdict != "equal"}
            rows.append((pos, rc, kind_of(view, rc.card), tied, len(state.tricks) + 1, len(legal), rejected))
            state.play(rc.card)
        sols = solve_many([r[0] for r in rows])
        for (_pos, rc, kind, tied, trick, _nlegal, rejected), sol in zip(rows, sols):
            lo = sol.best - sol.tricks[rc.card]
            # what a perfect choice among tied cards plus the cards one maxim rejected would save
            base = min(sol.best - sol.tricks[c] for c in tied) if rc.card in tied else lo
            for (verdict, m) in set(rejected.values()):
                extra = [c for c, vm in rejected.items() if vm == (verdict, m)]
                alt = min([base] + [sol.best - sol.tricks[c] for c in extra])
                relax[(kind, verdict, m)] += base - alt
            orc = min(sol.best - sol.tricks[c] for c in tied) if rc.card in tied else lo
            key = kind
            loss[key] += lo
            oracle[key] += lo - orc
            count[key] += 1
            by_maxim[rc.maxim] += lo
            by_trick[trick] += lo
            choice_loss["tied>1" if len(tied) > 1 else "single"] += lo
        if (i + 1) % 20 == 0:
            print(f"  {i + 1} deals {sum(loss.values()) / (2 * (i + 1)):.2f} ({time.time() - t0:.0f}s)", flush=True)
    n2 = 2 * args.deals
    print(f"{args.robots}: {sum(loss.values()) / n2:.3f} lost per deal per side; tied-oracle would save "
          f"{sum(oracle.values()) / n2:.3f}")
    for k in ("opening", "lead", "second", "third", "fourth", "discard", "ruff"):
        print(f"  {k:8s} cards {count[k] / args.deals:5.2f}/deal  lost {loss[k] / n2:.3f}  tied-oracle saves {oracle[k] / n2:.3f}")
    print("  by trick: " + " ".join(f"{t}:{by_trick[t] / n2:.2f}" for t in range(1, 14)))
    print("  by choice: " + ", ".join(f"{k} {v / n2:.3f}" for k, v in choice_loss.items()))
    print("  oracle savings if one rejecting maxim were relaxed (kind, verdict, maxim):")
    for k, v in relax.most_common(25):
        print(f"    {k}: {v / n2:.3f}")
    slow.sort(reverse=True)
    print("  slowest decisions (ms, deal, trick, kind, decider, cards compared): " + "; ".join(
        f"{ms:.0f} d{d} t{t} {k} {m} {n}" for ms, d, t, k, m, n in slow[:12]))
    print("  by maxim: " + ", ".join(f"{m} {v / n2:.3f}" for m, v in by_maxim.most_common(20)))


if __name__ == "__main__":
    main()
