"""Cayenne robot against robot (``autoplay --variant cayenne``): the cayenne suit cut, the contract
named by the robots' stated rule, the deal played and scored (:mod:`tutor.cayenne`)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from tutor.cards import CARDS
from tutor.cayenne import Contract, declare, score_cayenne
from tutor.cayenne_robot import NulloRobot
from tutor.commands._robotplay import history_text, play_out
from tutor.deal import Deal
from tutor.play import PlayState
from tutor.robots import Robot
from tutor.seats import Seat, Side
from tutor.vocab import RuleSetName, System

__all__ = ["cayenne_autoplay"]


def cayenne_autoplay(seed: int, deals: int, *, robots: str = "classic", system: System = "russian",
                     rules: RuleSetName = "russian", samples: int = 20,
                     progress: Callable[[int, int], None] | None = None) -> list[dict[str, Any]]:
    """``deals`` Cayenne deals, four robots: one dict per deal with ``deal`` (PBN before play),
    ``dealer``, ``cayenne`` (the card cut from the second pack), ``calls`` (each robot's word with its
    reason), ``contract``, ``trump`` (``NT`` at grand and nullo), ``history`` (leader then cards per
    trick), ``cards`` (seat, card, what decided it), ``tricks`` and ``score`` (Parlett's, by
    :func:`tutor.cayenne.score_cayenne`)."""
    out: list[dict[str, Any]] = []
    for i in range(deals):
        dealt = Deal.random(seed + i, dealer=Seat(i % 4))
        cut = random.Random(f"cayenne|{seed + i}").choice(CARDS)
        calls: list[dict[str, Any]] = []
        contract: Contract | None = None
        for seat, must in ((dealt.dealer, False), (dealt.dealer.partner, True)):
            decision = declare(dealt.hands[seat], cut.suit, must=must)
            calls.append({"seat": seat.name, "declaration": decision.declaration, "reason": decision.reason.to_json()})
            if decision.declaration is not None:
                contract = Contract(cut.suit, decision.declaration, seat)
                break
        assert contract is not None  # the partner must decide
        deal = Deal(dealt.hands, dealer=dealt.dealer, trump=contract.trump)
        table = {s: NulloRobot(s) if contract.declaration == "nullo" else
                 Robot(s, system, strength=robots, samples=samples, seed=seed + i, rules=rules) for s in Seat}
        state = PlayState(deal)
        cards = play_out(state, table)
        ns = state.tricks_won(Side.NS)
        out.append({
            "variant": "cayenne", "deal": deal.pbn(), "dealer": deal.dealer.name, "cayenne": str(cut),
            "calls": calls, "contract": contract.to_json(), "trump": "NT" if deal.trump is None else deal.trump.name,
            "history": history_text(state.tricks),
            "cards": cards, "tricks": {"NS": ns, "EW": 13 - ns}, "score": score_cayenne(deal, contract, ns).to_json(),
        })
        if progress is not None:
            progress(i + 1, deals)
    return out
