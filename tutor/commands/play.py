"""``python -m tutor play``: the card the student should play now, with the maxims and the others.

    python -m tutor play --hand H --trump C --played "W:DK D4 D9 D2 / W:DA D6" [--dealer D]
                         [--system russian|english] [--lang en|ru] [--json]

The student (S unless ``--seat``) must be the one to play after ``--played``: following to the
trick in progress, or leading after winning the last one. JSON as for ``lead``.
"""

from __future__ import annotations

import argparse

from tutor.commands._args import add_json_flag, emit
from tutor.commands.lead import add_position_arguments, advice_text, position_from_args
from tutor.conventions.advice import advise

__all__ = ["register", "run"]


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("play", help="the card to play now, with the maxims and why every other card is worse")
    add_position_arguments(p, played_required=True)
    add_json_flag(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    advice = advise(position_from_args(args), args.system)
    emit(args, advice.to_json(args.lang), advice_text(advice, args.lang, "play"))
    return 0
