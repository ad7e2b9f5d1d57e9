"""``python -m tutor honours``: the honours each side holds and the coronkas in a deal.

    python -m tutor honours --deal "N:…" --trump H7 [--dealer E] [--rules russian] [--json]

JSON: ``{"NS": {"honours": 3, "points": 2}, "EW": {"honours": 2, "points": 0},
"coronkas": [{"seat": "N", "suit": "S", "length": 4, "trump": false, "points": 10}]}``.
"""

from __future__ import annotations

import argparse
from typing import Any

from tutor.cards import Rank
from tutor.commands._args import add_json_flag, emit, lang_type
from tutor.deal import Deal, parse_trump
from tutor.i18n import ru_plural
from tutor.rulesets import RULESET_NAMES, Ruleset, find_ruleset
from tutor.scoring import Coronka, Honours, coronkas, honours
from tutor.seats import Side, parse_seat
from tutor.vocab import LANGS, Lang

__all__ = ["register", "run", "deal_from_args", "add_deal_arguments"]


def add_deal_arguments(p: argparse.ArgumentParser) -> None:
    """The options naming a complete deal, shared by ``honours`` and ``score``."""
    p.add_argument("--deal", required=True, help='PBN deal, "N:hand hand hand hand"')
    p.add_argument("--trump", required=True, help="trump suit (H, ♥), the trump card (H7), or NT")
    p.add_argument("--dealer", help="the dealer (N, E, S, W); with a trump card, it must be in his hand")
    p.add_argument("--rules", default="russian", help=f"rule set: {', '.join(RULESET_NAMES)}")
    p.add_argument("--lang", default="en", type=lang_type, choices=LANGS, help="language of the table")


def deal_from_args(deal: str, trump: str, dealer: str | None) -> Deal:
    """Build the deal from ``--deal/--trump/--dealer``.

    A trump card must lie in the dealer's hand only when ``--dealer`` is given; without it the
    holder of the turned-up card is taken to be the dealer (the card is always the dealer's).
    """
    suit, card = parse_trump(trump)
    if dealer is not None:
        seat = parse_seat(dealer)
        if card is not None:
            return Deal.from_pbn(deal, dealer=seat, trump_card=card)
        return Deal.from_pbn(deal, dealer=seat, trump=suit)
    d = Deal.from_pbn(deal, trump=suit)
    if card is not None and any(card in h for h in d.hands):
        return Deal(d.hands, dealer=d.holder(card), trump_card=card)
    return d


def honours_json(h: Honours, cs: list[Coronka]) -> dict[str, Any]:
    return {**h.to_json(), "coronkas": [c.to_json() for c in cs]}


def honours_text(deal: Deal, rs: Ruleset, h: Honours, cs: list[Coronka], lang: Lang = "en") -> str:
    ru = lang == "ru"
    trump = deal.trump.symbol if deal.trump is not None else ("без козырей" if ru else "no trumps")
    head = f"{'Онеры' if ru else 'Honours'} — {rs.title.get(lang)}; {'козырь' if ru else 'trumps'}: {trump}"
    lines = [head]
    if not h.cards:
        lines.append("  в этих правилах онеры не считаются" if ru else "  honours do not score under these rules")
    else:
        ranks = " ".join(_rank(c[1:], lang) for c in h.cards) if deal.trump is not None else (
            "тузы" if ru else "the aces")
        lines.append(f"  {'онеры' if ru else 'honours'}: {ranks}")
        for side in (Side.NS, Side.EW):
            sh = h[side]
            if ru:
                lines.append(f"  {side.value}: онеров {sh.honours} → {sh.points} очк.")
            else:
                lines.append(f"  {side.value}: {sh.honours} honours → {sh.points} points")
    if rs.coronkas is not None:
        lines.append("Коронки:" if ru else "Coronkas:")
        if not cs:
            lines.append("  нет" if ru else "  none")
        for c in cs:
            run = "-".join(_rank(r, lang) for r in c.cards())
            tr = (", козырная" if ru else " in trumps") if c.trump else ""
            if ru:
                cards = ru_plural(c.length, "карта", "карты", "карт")
                lines.append(f"  {c.seat.label(lang)} {c.suit.symbol} {run} ({c.length} {cards}{tr}) → {c.points}")
            else:
                lines.append(f"  {c.seat.label(lang)} {c.suit.symbol} {run} ({c.length} cards{tr}) → {c.points}")
    return "\n".join(lines)


def _rank(ch: str, lang: Lang) -> str:
    return Rank.parse(ch).display(lang)


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("honours", help="honours per side and coronkas of a deal")
    add_deal_arguments(p)
    add_json_flag(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    rs = find_ruleset(args.rules)
    deal = deal_from_args(args.deal, args.trump, args.dealer)
    h = honours(deal, rs)
    cs = coronkas(deal, rs)
    emit(args, honours_json(h, cs), honours_text(deal, rs, h, cs, args.lang))
    return 0
