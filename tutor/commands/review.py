"""``python -m tutor review FILE [--board N] [--system S] [--json]``: every card of a played deal judged.

FILE is a PBN file with play records (PBN 2.1 §3.6; the trump from ``[TrumpCard]``, ``[Trump]`` or
``[Contract]``), ``tutor autoplay --json`` output, or a typed record (``deal:``, ``trump:``,
``played:`` lines); or give the deal on the command line: ``--deal D --trump C --played P``. For
every card of all four seats, from that seat's own view: the card the conventions call for and
its maxims, the verdict on the card played, what it told partner and the opponents, and its
double-dummy cost; then per seat and per side the cards by the maxims and the tricks lost, and the
three costliest moments. The JSON shape is documented in docs/review.md.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from tutor.commands._args import CliError, add_json_flag, bounded_int, emit, lang_type, nonempty, system_type
from tutor.conventions.rules import SYSTEMS
from tutor.vocab import LANGS

if TYPE_CHECKING:
    from tutor.played_deal import PlayedDeal


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("review", help="every card of a played deal: the maxims and its double-dummy cost",
                       description=__doc__.splitlines()[0])
    p.add_argument("file", nargs="?", type=nonempty, help="a PBN file with play records, autoplay JSON, or a typed record")
    p.add_argument("--board", type=bounded_int(1, 99_999), default=None,
                   help="the board to review, 1 to 99,999 (its PBN board number; default: the first with a play record)")
    p.add_argument("--system", default="russian", type=system_type, choices=SYSTEMS, help="the convention system the cards are judged by")
    p.add_argument("--deal", type=nonempty, help='instead of FILE: the deal, "N:hand hand hand hand"')
    p.add_argument("--trump", type=nonempty, help="with --deal: the trump card (H7), suit (H) or NT")
    p.add_argument("--played", type=nonempty, help='with --deal: the tricks, "W:DK D4 D9 D2 / …"')
    p.add_argument("--dealer", type=nonempty, help="with --deal: the dealer (default: from the first trick)")
    p.add_argument("--puzzles", action="store_true",
                   help="print the costliest moments as puzzle YAML, proved as `tutor check` proves a file "
                        "(every board of FILE unless --board)")
    p.add_argument("--lang", default="en", type=lang_type, choices=LANGS, help="the language of the text (the JSON has both)")
    add_json_flag(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from tutor.deal_review import review_deal
    from tutor.played_deal import from_typed, pick_board, read_played_file

    typed = [args.deal, args.trump, args.played]
    if args.file is not None:
        if any(v is not None for v in (*typed, args.dealer)):
            raise CliError("give FILE or --deal/--trump/--played, not both")
        deals = read_played_file(args.file)
    else:
        if not all(v is not None for v in typed):
            raise CliError("give a FILE, or the deal as --deal D --trump C --played P")
        lines = [f"deal: {args.deal}", f"trump: {args.trump}", f"played: {args.played}"]
        if args.dealer is not None:
            lines.append(f"dealer: {args.dealer}")
        deals = [from_typed("\n".join(lines))]
    if args.puzzles:
        return _puzzles(args, deals if args.board is None else [pick_board(deals, args.board)])
    played = pick_board(deals, args.board)
    review = review_deal(played, args.system)
    emit(args, review.as_json(), review.text(args.lang))
    return 0


def _puzzles(args: argparse.Namespace, deals: Sequence[PlayedDeal]) -> int:
    """The costliest moments of ``deals`` as one file of puzzles (deals without a turned-up trump
    card are skipped and named on stderr: a puzzle needs one)."""
    from pathlib import Path

    from tutor.content.moments import moment_puzzles, proved_yaml
    from tutor.deal_review import review_deal

    source = Path(args.file).stem if args.file else "typed"
    puzzles = []
    for d in deals:
        if d.deal.trump_card is None:
            sys.stderr.write(f"{d.where() or 'the deal: '}skipped: no turned-up trump card, which a puzzle needs\n")
            continue
        puzzles.extend(moment_puzzles(review_deal(d, args.system), source=source))
    if not puzzles:
        raise CliError("no puzzle made: no deal has a turned-up trump card and a card that cost a trick")
    text, problems = proved_yaml(puzzles, f"Puzzles from the costliest moments of {source} (tutor review --puzzles)")
    emit(args, {"puzzles": len(puzzles), "problems": problems, "yaml": text}, text.rstrip("\n"))
    for p in problems:
        sys.stderr.write(p + "\n")
    return 1 if problems else 0
