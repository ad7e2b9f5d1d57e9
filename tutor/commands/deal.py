"""``python -m tutor deal``: a random deal, dealt as the laws say, seeded for reproducibility.

    python -m tutor deal [--seed N] [--dealer E] [--lang ru] [--json]

JSON: ``{"pbn": "N:…", "dealer": "E", "trump_card": "H7", "leader": "S"}``. Without ``--seed``
a fresh seed is drawn and shown in the text output, so any deal can be dealt again.
"""

from __future__ import annotations

import argparse
import random

from tutor.commands._args import MAX_SEED, add_json_flag, emit, lang_type, seed_type
from tutor.deal import Deal
from tutor.errors import DealError
from tutor.seats import parse_seat
from tutor.vocab import LANGS

__all__ = ["register", "run"]


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("deal", help="a random deal: PBN, dealer, trump card, diagram")
    p.add_argument("--seed", type=seed_type, help=f"seed for a reproducible deal (0 to {MAX_SEED})")
    p.add_argument("--dealer", default="E", help="the dealer (N, E, S, W); default E, so S leads")
    p.add_argument("--lang", default="en", type=lang_type, choices=LANGS, help="language of the diagram")
    add_json_flag(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    dealer = parse_seat(args.dealer)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    if seed < 0:
        raise DealError(f"a seed is a non-negative number, not {seed}")
    deal = Deal.random(seed, dealer=dealer)
    data = {
        "pbn": deal.pbn(),
        "dealer": deal.dealer.name,
        "trump_card": str(deal.trump_card),
        "leader": deal.leader.name,
    }
    ru = args.lang == "ru"
    lead = (f"Первый ход: {deal.leader.label('ru')}" if ru else f"Leader: {deal.leader.label('en')}")
    text = "\n".join([
        deal.pbn(),
        deal.diagram(args.lang),
        lead,
        (f"Зерно: {seed}" if ru else f"Seed: {seed}"),
    ])
    emit(args, data, text)
    return 0
