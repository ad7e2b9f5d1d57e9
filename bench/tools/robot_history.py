"""Write a realistic history for a puzzle: deal the unseen cards at random, let every seat play the
conventions engine's card, and stop when the position fits.

When ``python -m tutor check --find-deals`` finds no hidden deal for an item (the history itself
asks a seat for a card no hand would play), the history must be rewritten. This tool proposes
histories in which every card is the engine's by construction: South's hand, the trump card and
the dealer are fixed, some cards may be pinned to a seat (``--pin "N=HA HQ; E=DA DK"``) and South
may be made to play given cards on lead (``--south "SQ SK"``); the first position where South is
to play after ``--tricks`` tricks, with the engine's answer ``--answer`` (and ``--maxim`` among its
maxims), is printed as ``deal | played | answer maxims``.

    python bench/tools/robot_history.py --hand A85.K94.J54.Q763 --trump HJ --dealer E \\
        --pin "N=HA HQ HT H3 H2 D8 D7; E=DA DK DQ CA" --answer HK --maxim answer-the-call --tricks 4

Paste the history into ``played:`` and run ``python -m tutor check --find-deals FILE``.
"""

from __future__ import annotations

import argparse
import random
import sys

from tutor.cards import CARDS, Card, Hand
from tutor.conventions.advice import advise
from tutor.deal import Deal
from tutor.play import PlayState, Trick, format_history
from tutor.seats import Seat
from tutor.seatview import SeatView


def _pins(spec: str) -> dict[Seat, list[Card]]:
    out: dict[Seat, list[Card]] = {}
    for part in spec.split(";"):
        if part.strip():
            seat, cards = part.split("=")
            out[Seat[seat.strip().upper()]] = [Card.parse(c) for c in cards.split()]
    return out


def _deal(south: Hand, trump: Card, dealer: Seat, pins: dict[Seat, list[Card]], rng: random.Random) -> Deal:
    taken = set(south) | {c for cards in pins.values() for c in cards} | {trump}
    pool = [c for c in CARDS if c not in taken]
    rng.shuffle(pool)
    hands: dict[Seat, Hand] = {Seat.S: south}
    for seat in (Seat.N, Seat.E, Seat.W):
        cards = list(pins.get(seat, []))
        if seat == dealer and trump not in south and trump not in cards:
            cards.append(trump)
        k = 13 - len(cards)
        cards += pool[:k]
        pool = pool[k:]
        hands[seat] = Hand(cards)
    return Deal(hands, dealer=dealer, trump_card=trump)


def search(args: argparse.Namespace) -> str | None:
    south, trump, dealer = Hand.parse(args.hand, size=13), Card.parse(args.trump), Seat[args.dealer]
    pins, script = _pins(args.pin), [Card.parse(c) for c in args.south.split()]
    rng = random.Random(args.seed)
    for _ in range(args.deals):
        deal = _deal(south, trump, dealer, pins, rng)
        state = PlayState(deal)
        led = 0
        while len(state.tricks) <= args.tricks:
            seen = list(state.tricks) + ([Trick(state.leader, tuple(state.current))] if state.current else [])
            if state.to_play == Seat.S:
                pos = SeatView.build(hand=south, trump=trump, played=seen or None, dealer=dealer, seat=Seat.S)
                advice = advise(pos, args.system)
                if (len(state.tricks) == args.tricks and (args.mode == "any" or (args.mode == "lead") == (not state.current))
                        and (args.answer is None or str(advice.card) == args.answer)
                        and (args.maxim is None or args.maxim in advice.maxims)):
                    return f"{deal.pbn()} | {format_history(seen)} | {advice.card} {' '.join(advice.maxims)}"
                card = advice.card
                if not state.current and led < len(script):
                    card, led = script[led], led + 1
            else:
                pos = SeatView.build(hand=deal.hands[state.to_play], trump=trump, played=seen or None, dealer=dealer,
                                     seat=state.to_play)
                card = advise(pos, args.system).card
            state.play(card)
    return None


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--hand", required=True, help="South's 13 cards (PBN)")
    p.add_argument("--trump", required=True, help="the turned-up trump card")
    p.add_argument("--dealer", default="E", choices=["N", "E", "S", "W"])
    p.add_argument("--system", default="russian", choices=["russian", "english"])
    p.add_argument("--pin", default="", help='cards pinned to seats: "N=HA HQ; E=DA"')
    p.add_argument("--south", default="", help="cards South leads first, in order (else the engine's)")
    p.add_argument("--tricks", type=int, default=3, help="tricks played before South's turn")
    p.add_argument("--mode", default="any", choices=["lead", "play", "any"], help="South leads or follows")
    p.add_argument("--answer", help="the engine's card South must be asked for")
    p.add_argument("--maxim", help="a maxim the engine must cite for it")
    p.add_argument("--deals", type=int, default=3000, help="random deals to try")
    p.add_argument("--seed", type=int, default=0)
    args = p.parse_args(argv)
    found = search(args)
    print(found if found else "no history found; pin more cards or allow more tricks")
    return 0 if found else 1


if __name__ == "__main__":
    sys.exit(main())
