"""``python -m tutor solve --deal D --trump C --dealer E [--played P]``: double-dummy tricks for every card.

Prints, for every legal card of the player to move, the tricks his side takes over the whole
deal (those already won included) with best play by all four hands.
"""

from __future__ import annotations

import argparse

from tutor.commands._args import add_json_flag, add_table_arguments, emit
from tutor.deal import Deal, parse_trump
from tutor.solver import solve


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("solve", help="double-dummy tricks for every card of the player to move",
                       description=__doc__.splitlines()[0])
    p.add_argument("--deal", required=True, help='PBN deal, e.g. "N:KJ4.AQ32.T98.765 …"')
    add_table_arguments(p)
    add_json_flag(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    trump, card = parse_trump(args.trump)
    deal = Deal.from_pbn(args.deal, dealer=args.dealer, trump_card=card, trump=trump)
    sol = solve(deal, played=args.played)
    data = sol.as_json()
    data["side"] = sol.side.value
    data["won"] = sol.won
    lines = [f"{sol.to_play.label()} to play; tricks for {sol.side.value} over the whole deal"
             + (f" ({sol.won} already won)" if sol.won else "") + ":"]
    best = sol.best
    for c, t in sol.tricks.items():
        mark = "  *" if t == best else ""
        lines.append(f"  {c.symbol():>4}  {sol.won + t:>2}{mark}")
    emit(args, data, "\n".join(lines))
    return 0
