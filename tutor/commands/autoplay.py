"""``python -m tutor autoplay --seed N --deals K``: robots play whole deals against each other.

Four robots of one strength (``--robots``) play K seeded random deals (the dealer moves round the
table) by the conventions of ``--system``. With ``--json`` it prints

    {"deals": [{"deal": "N:… (PBN, before play)", "dealer": "S", "trump": "H",
                "history": "W: C4 CA C7 C2 / S: …",
                "cards": [{"seat": "W", "card": "C4", "maxims": ["king-third-lead-small"]}, …]}]}

-- the history as leader-then-cards per trick, ``maxims`` what decided each card first (a maxim
id, ``reading``, ``search``, ``habit:…``, or ``double-dummy`` for the fallback) and then the maxims
that narrowed the choice. Without ``--json`` a line per deal. Progress goes to stderr. The benches
(bench/bench_robot_quality.py) measure the same robots.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from tutor.commands._args import CliError, add_json_flag, bounded_int, nonempty, seed_type, system_type
from tutor.commands._robotplay import history_text, play_out
from tutor.conventions.rules import SYSTEMS
from tutor.rulesets import RULESET_NAMES
from tutor.strengths import DEFAULT_STRENGTH, STRENGTHS
from tutor.vocab import RuleSetName, System

if TYPE_CHECKING:
    from tutor.play import Trick
    from tutor.seats import Seat

__all__ = ["register", "run", "autoplay", "MAX_DEALS"]

#: The most deals one run may play (robots at "strong" take about a second a deal per card batch).
MAX_DEALS = 100_000


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("autoplay", help="robots play whole deals against each other",
                       description=__doc__.splitlines()[0])
    p.add_argument("--seed", type=seed_type, default=0,
                   help="seed of the first deal (deal i uses seed + i), 0 to 4,294,967,295")
    p.add_argument("--deals", type=bounded_int(1, 100_000), default=1, help="how many deals to play, 1 to 100000")
    p.add_argument("--robots", default=DEFAULT_STRENGTH, choices=STRENGTHS, help="the robots' strength")
    p.add_argument("--system", default="russian", type=system_type, choices=SYSTEMS, help="convention system")
    p.add_argument("--rules", default="russian", choices=RULESET_NAMES, help="rule set the robots are told")
    p.add_argument("--samples", type=bounded_int(1, 64), default=20,
                   help="layouts of the strong robots' search, 1 to 64 (default 20)")
    p.add_argument("--variant", type=nonempty, default="classic",
                   help="classic, no-trump, dummy, two-dummies, humbug (and their +no-trump), cayenne")
    add_json_flag(p)
    p.set_defaults(func=run)


_history = history_text


def autoplay(seed: int, deals: int, *, robots: str = DEFAULT_STRENGTH, system: System = "russian",
             rules: RuleSetName = "russian", samples: int = 20, variant: str = "classic",
             progress: Callable[[int, int], None] | None = None) -> list[dict[str, Any]]:
    """Play ``deals`` deals robot against robot; one dict per deal in the documented shape."""
    from tutor.deal import Deal
    from tutor.play import PlayState
    from tutor.robots import Robot
    from tutor.scoring import score_deal
    from tutor.seats import Seat, Side
    from tutor.variants import parse_variant

    table_of = parse_variant(variant)
    # Who sees what: the open dummies, and the other hand a player plays (dummy whist: South plays
    # North too; two dummies: East plays West too) -- never another player's closed hand.
    own = {s: (s.partner,) if (table_of.two_dummies or (table_of.dummy and s.side is Side.NS)) else () for s in Seat}
    sight = {s: tuple(x for x in (*table_of.exposed(), *own[s]) if x != s) for s in Seat}
    out: list[dict[str, Any]] = []
    for i in range(deals):
        deal = table_of.adapt(Deal.random(seed + i, dealer=Seat(i % 4)))
        table = {s: Robot(s, system, strength=robots, samples=samples, seed=seed + i, rules=rules,
                          exposed=sight[s]) for s in Seat}
        state = PlayState(deal)
        cards = play_out(state, table)
        out.append({
            "deal": deal.pbn(),
            "dealer": deal.dealer.name,
            "trump": "NT" if deal.trump is None else deal.trump.name,
            "history": _history(state.tricks),
            "cards": cards,
        })
        if table_of.name != "classic":
            out[-1].update({"variant": table_of.name, "open": [x.name for x in table_of.exposed()],
                            "score": score_deal(deal, state.tricks_won(Side.NS), rules).to_json()})
        if progress is not None:
            progress(i + 1, deals)
    return out


def run(args: argparse.Namespace) -> int:
    if args.deals < 1 or args.deals > MAX_DEALS:
        raise CliError(f"--deals must be between 1 and {MAX_DEALS}, got {args.deals}")
    if args.seed < 0:
        raise CliError(f"--seed must be 0 or more, got {args.seed}")
    if args.samples < 1 or args.samples > 64:
        raise CliError(f"--samples must be between 1 and 64, got {args.samples}")

    def progress(done: int, total: int) -> None:
        sys.stderr.write(f"\rautoplay: {done}/{total} deals")
        if done == total:
            sys.stderr.write("\n")
        sys.stderr.flush()

    from tutor.variants import parse_variant

    table_of = parse_variant(args.variant)
    if table_of.cayenne:
        from tutor.commands._cayenne import cayenne_autoplay

        deals = cayenne_autoplay(args.seed, args.deals, robots=args.robots, system=args.system, rules=args.rules,
                                 samples=args.samples, progress=progress)
        if args.json:
            print(json.dumps({"deals": deals}, ensure_ascii=False))
        else:
            for d in deals:
                print(f"{d['deal']} dealer {d['dealer']} cayenne {d['cayenne']} {d['contract']['declaration']}: "
                      f"NS {d['tricks']['NS']}, EW {d['tricks']['EW']}")
        return 0
    if table_of.humbug:
        from tutor.commands._humbug import humbug_autoplay

        deals = humbug_autoplay(args.seed, args.deals, variant=table_of, rules=args.rules, progress=progress)
        if args.json:
            print(json.dumps({"deals": deals}, ensure_ascii=False))
        else:
            for d in deals:
                print(f"{d['deal']} dealer {d['dealer']} trumps {d['trump']}: S {d['tricks']['S']}, N {d['tricks']['N']}")
        return 0
    deals = autoplay(args.seed, args.deals, robots=args.robots, system=args.system, rules=args.rules,
                     samples=args.samples, variant=args.variant, progress=progress)
    if args.json:
        print(json.dumps({"deals": deals}, ensure_ascii=False))
    else:
        for d in deals:
            from tutor.play import parse_history
            from tutor.seats import Side

            tricks = parse_history(d["history"])
            ns = sum(1 for t, w in zip(tricks, _winners(tricks, d["trump"])) if w.side is Side.NS)
            print(f"{d['deal']} dealer {d['dealer']} trumps {d['trump']}: NS {ns}, EW {13 - ns}")
    return 0


def _winners(tricks: Sequence[Trick], trump: str) -> list[Seat]:
    from tutor.cards import Suit

    suit = None if trump == "NT" else Suit[trump]
    return [t.winner(suit) for t in tricks]
