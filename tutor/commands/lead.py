"""``python -m tutor lead``: the card to lead, the maxims behind it, and why every other card is worse.

    python -m tutor lead --hand K74.AQ32.T98.765 --trump C2 [--suit S] [--played P] [--dealer D]
                         [--system russian|english] [--rules R] [--standing NS=4,EW=2] [--lang en|ru] [--json]

``--hand`` is the student's original 13 cards (he sits S); ``--played`` the tricks so far
(``W:DK D4 D9 D2 / …``), after which the student must be on lead; ``--dealer`` is inferred from
the first trick (its leader sits on the dealer's left), else E. ``--suit`` asks only which card
of that suit to lead. ``--standing`` is the score of the game before the deal under ``--rules``
(the advice plays to it where the books do).

JSON: ``{"card": "S4", "maxims": [...], "explanation": "…", "candidates": [{"card": "SK",
"verdict": "worse", "maxims": [...], "why": "…"}, …], "system": "russian"}``.
"""

from __future__ import annotations

import argparse

from tutor.cards import parse_suit
from tutor.commands._args import CliError, add_json_flag, add_table_arguments, emit, lang_type, system_type
from tutor.conventions.advice import Advice, advise
from tutor.conventions.catalogue import maxim_title
from tutor.conventions.rules import SYSTEMS
from tutor.seatview import SeatView
from tutor.vocab import LANGS, RULESET_NAMES, Lang

__all__ = ["register", "run", "add_position_arguments", "position_from_args", "advice_text"]


def add_position_arguments(p: argparse.ArgumentParser, *, played_required: bool) -> None:
    """The options naming the student's position, shared by ``lead`` and ``play``."""
    p.add_argument("--hand", required=True, help="the student's original 13 cards, e.g. KJ4.AQ32.T98.765")
    add_table_arguments(p, dealer=None, played=None, played_required=played_required)
    p.add_argument("--seat", default="S", help="the student's seat (default S)")
    p.add_argument("--system", default="russian", type=system_type, choices=SYSTEMS, help="convention system")
    p.add_argument("--rules", default="russian", choices=RULESET_NAMES, help="the rule set of the table (its game)")
    p.add_argument("--standing", default=None,
                   help="the score of the game before the deal, e.g. NS=4,EW=2 (the books play to it)")
    p.add_argument("--lang", default="en", type=lang_type, choices=LANGS, help="language of the explanation")


def position_from_args(args: argparse.Namespace) -> SeatView:
    return SeatView.build(hand=args.hand, trump=args.trump, played=args.played, dealer=args.dealer, seat=args.seat,
                          rules=args.rules, standing=args.standing)


def advice_text(advice: Advice, lang: Lang = "en", verb: str = "lead") -> str:
    """The advice as a short report: the card, its maxims with titles, the explanation, the others."""
    ru = lang == "ru"
    head = {"lead": ("Lead", "Ходите"), "play": ("Play", "Играйте")}[verb][1 if ru else 0]
    system = {"russian": ("russian", "русская"), "english": ("english", "английская")}[advice.system][1 if ru else 0]
    lines = [f"{head} {advice.card.symbol(lang)}   ({'система' if ru else 'system'}: {system})"]
    for m in advice.maxims:
        title = maxim_title(m, lang)
        lines.append(f"  {m}" + (f" — {title}" if title else ""))
    lines.append(advice.explanation[lang])
    if advice.candidates:
        lines.append("")
        lines.append("Другие карты:" if ru else "Other cards:")
        names = {"equal": ("equal", "не хуже"), "worse": ("worse", "хуже"), "bad": ("bad", "плохо")}
        for v in advice.candidates:
            maxim = v.maxims[0] if v.maxims else "—"
            lines.append(f"  {v.card.symbol(lang):<4} {names[v.verdict][1 if ru else 0]:<7} {maxim:<36} {v.why[lang]}")
    return "\n".join(lines)


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("lead", help="the card to lead, with the maxims and why every other card is worse")
    add_position_arguments(p, played_required=False)
    p.add_argument("--suit", default=None, help="only ask which card of this suit to lead (S, H, D, C)")
    add_json_flag(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    position = position_from_args(args)
    if position.to_play != position.seat or not position.is_lead:
        where = "a trick is in progress" if not position.is_lead else f"{position.to_play.name} is on lead"
        raise CliError(f"the student ({position.seat.name}) is not on lead: {where}; use `python -m tutor play`")
    suit = parse_suit(args.suit) if args.suit is not None else None  # --suit "" is an error, not "any suit"
    advice = advise(position, args.system, suit=suit)
    emit(args, advice.to_json(args.lang), advice_text(advice, args.lang, "lead"))
    return 0
