"""``python -m tutor simulate --hand H --trump CARD``: Monte-Carlo table of the student's candidate cards.

Deals the unseen cards at random (the trump card with the dealer, played cards and shown voids
respected), solves each layout double-dummy and prints, per card, the mean tricks of the
student's side, its standard error, the paired difference to the best card and how often the
card is best. A progress bar goes to stderr when stderr is a terminal or with --progress.
"""

from __future__ import annotations

import argparse
import sys

from tutor.commands._args import MAX_SEED, CliError, add_json_flag, add_table_arguments, bounded_int, emit, seed_type
from tutor.simulate import simulate_lead


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("simulate", help="Monte-Carlo double-dummy table of the student's leads",
                       description=__doc__.splitlines()[0])
    p.add_argument("--hand", required=True, help="the student's hand, e.g. KJ4.AQ32.T98.765")
    add_table_arguments(p)
    p.add_argument("--seat", default="S", help="the student's seat (default S)")
    p.add_argument("--samples", type=bounded_int(2, MAX_SAMPLES), default=200,
                   help=f"random layouts to solve, 2 to {MAX_SAMPLES} (default 200)")
    p.add_argument("--seed", type=seed_type, default=0, help=f"random seed, 0 to {MAX_SEED} (default 0)")
    p.add_argument("--cards", default=None, help="only these candidate cards, e.g. 'SK S4'")
    p.add_argument("--progress", action="store_true", help="show the progress bar even when stderr is not a terminal")
    add_json_flag(p)
    p.set_defaults(func=run)


def _bar(done: int, total: int) -> None:
    width = 30
    filled = width * done // total
    sys.stderr.write(f"\rsolving [{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
    if done >= total:
        sys.stderr.write("\n")
    sys.stderr.flush()


#: A larger analysis would run for hours on this kind of machine (about 25 layouts a second).
MAX_SAMPLES = 10_000


def run(args: argparse.Namespace) -> int:
    show = args.progress or sys.stderr.isatty()
    if args.cards is not None and not args.cards.strip():
        raise CliError("--cards is empty: name the candidate cards, e.g. 'SK S4'")
    cards = args.cards.replace(",", " ").split() if args.cards else None
    analysis = simulate_lead(args.hand, args.trump, dealer=args.dealer, seat=args.seat, played=args.played,
                             samples=args.samples, seed=args.seed, progress=_bar if show else None,
                             candidates=cards)
    view = analysis.view
    lines = [f"{view.seat.label()} to {'lead' if view.kind == 'lead' else 'play'}; "
             f"{analysis.samples} samples, seed {analysis.seed}; tricks of {view.seat.side.value} over the deal",
             "  card   mean  ±se    vs best  ±se    best%"]
    for s in analysis.leads:
        lines.append(f"  {s.card.symbol():>4}  {s.mean:5.2f}  {s.stderr:4.2f}  {s.delta_vs_best:+6.2f}  "
                     f"{s.delta_stderr:4.2f}  {100 * s.best_share:5.1f}")
    emit(args, analysis.as_json(), "\n".join(lines))
    return 0
