"""``python -m tutor import-pbn FILE.pbn [--board N]``: PBN deals as puzzle YAML.

Each board becomes a complete puzzle (South the student, the trump card from the dealer's hand,
the engines' answer and explanation) for a teacher to review and paste into ``puzzles/``.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from tutor.commands._args import CliError, add_json_flag, bounded_int
from tutor.commands._puzzles import emit_puzzles
from tutor.content.pbn import load_pbn, puzzle_from_board
from tutor.outfiles import check_out


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("import-pbn", help="turn PBN deals into puzzle YAML")
    p.add_argument("file", metavar="FILE.pbn")
    p.add_argument("--board", type=bounded_int(1, MAX_BOARD), default=None,
                   help=f"only this board number (1 to {MAX_BOARD})")
    p.add_argument("--dealer", default=None, help="override the PBN dealer (E: South leads first)")
    p.add_argument("--trump", default=None, help="the trump card (default: one of the dealer's cards)")
    p.add_argument("--question", choices=("lead", "honours"), default=None,
                   help="default: lead when East deals, else honours")
    p.add_argument("--out", default=None, help="write the YAML to this file instead of printing it")
    p.add_argument("--force", action="store_true", help="replace --out if it exists")
    add_json_flag(p)
    p.set_defaults(func=run)


#: PBN numbers boards from 1; an event rarely reaches a thousand, and no file a hundred thousand.
MAX_BOARD = 99_999


def run(args: argparse.Namespace) -> int:
    if not args.file.strip():
        raise CliError("FILE.pbn is empty")
    path = Path(args.file)
    out = check_out(args.out, inputs=[path], force=args.force) if args.out is not None else None
    boards = load_pbn(path)
    if args.board is not None:
        boards = [b for b in boards if b.number == args.board]
        if not boards:
            raise CliError(f"{path} has no board {args.board}")
    puzzles = [puzzle_from_board(b, path.stem, dealer=args.dealer, trump=args.trump, question=args.question)
               for b in boards]
    header = f"imported from {path.name} by: python -m tutor import-pbn — review before adding to puzzles/"
    return emit_puzzles(args, out, puzzles, header)
