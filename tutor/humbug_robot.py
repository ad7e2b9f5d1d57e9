"""The Humbug robot: it keeps or changes its cards by a stated rule and plays by a few plain rules,
each card with its reason, deciding from its :class:`~tutor.humbug.HumbugView` alone.

The classic maxims are written for four hands and a partner; Humbug has neither, so the robot's
rules here are the plain play of two-hand whist, named so the learner can read them:

* **The exchange** (:data:`EXCHANGE_RULE`): the robot counts its pile -- ace 4, king 3, queen 2, jack
  1, and 2 for each trump -- against what the pile on its right holds *on average*, reckoned from
  the 39 cards it has not seen (the turned-up card, seen by both, is known to lie in the dealer's
  pile, never in the pile a non-dealer would take). It keeps when its own count is at least that.
  It knows nothing else: 002 forbids looking at the piles.
* **The play**: lead the master trump while trumps are out (draws two for one of the opponent's --
  here one for one, but his trumps would otherwise ruff the robot's winners); cash a master card;
  else lead the lowest card of the longest plain suit. Second to play: win as cheaply as possible,
  or play the lowest card; void, ruff with the lowest trump, else throw the lowest plain card.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.cards import Card, Hand, Rank, Suit
from tutor.humbug import Choice, HumbugError, HumbugView
from tutor.rulesets import Text
from tutor.seats import Seat

__all__ = ["HumbugDecision", "HumbugCard", "decide_exchange", "choose_card", "hand_count", "EXCHANGE_RULE",
           "EXCHANGE_MAXIM"]

#: The points of the exchange rule (the usual count of honour strength) and the weight of a trump.
HCP: dict[Rank, int] = {Rank.ACE: 4, Rank.KING: 3, Rank.QUEEN: 2, Rank.JACK: 1}
TRUMP_WEIGHT = 2
EXCHANGE_RULE = "count-against-the-pile"
#: The catalogue's maxim of the exchange rule (the one an exchange question cites first).
EXCHANGE_MAXIM = "humbug-exchange-by-count"


@dataclass(frozen=True)
class HumbugDecision:
    """The robot's keep-or-change, the rule it followed and the counts that decided it."""

    seat: Seat
    choice: Choice
    rule: str
    own: float
    pile: float
    reason: Text


@dataclass(frozen=True)
class HumbugCard:
    """A card the robot played (or would play), with the rule that chose it."""

    seat: Seat
    card: Card
    rule: str
    reason: Text

    def as_json(self) -> dict[str, str]:
        return {"seat": self.seat.name, "card": str(self.card), "rule": self.rule}


def hand_count(cards: tuple[Card, ...] | Hand, trump: Suit | None) -> int:
    """The exchange rule's count of some cards: A 4, K 3, Q 2, J 1, and 2 for each trump."""
    return sum(HCP.get(c.rank, 0) + (TRUMP_WEIGHT if trump is not None and c.suit == trump else 0) for c in cards)


def decide_exchange(view: HumbugView) -> HumbugDecision:
    """Keep or change, from the robot's own pile and the turned-up card only (002 forbids the rest)."""
    if not view.deciding:
        raise HumbugError(f"{view.seat.name} has kept or changed already")
    own = hand_count(view.hand, view.trump)
    unseen = [c for c in view.unseen() if not (view.trump_card is not None and c == view.trump_card
                                               and view.seat != view.dealer)]
    pile = hand_count(tuple(unseen), view.trump) * 13 / len(unseen)
    choice: Choice = "keep" if own >= pile else "exchange"
    verb_en = "Kept" if choice == "keep" else "Changed"
    verb_ru = "Оставил свои карты" if choice == "keep" else "Сменил карты"
    cmp_en, cmp_ru = (">=", "не меньше") if choice == "keep" else ("<", "меньше")
    lost_en = lost_ru = ""
    if choice == "exchange" and view.seat == view.dealer and view.trump_card is not None:
        lost_en = f" The turned-up {view.trump_card.symbol('en')} is lost with them."
        lost_ru = f" Открытая {view.trump_card.symbol('ru')} уходит вместе с ними."
    reason = Text(
        f"{verb_en}: my cards count {own} (ace 4, king 3, queen 2, jack 1, 2 a trump), {cmp_en} the "
        f"{pile:.1f} the pile on my right holds on average of the cards I have not seen.{lost_en}",
        f"{verb_ru}: мои карты стоят {own} (туз 4, король 3, дама 2, валет 1, козырь 2) — {cmp_ru} "
        f"{pile:.1f}, столько в среднем в купке справа из карт, которых я не видел.{lost_ru}",
    )
    return HumbugDecision(view.seat, choice, EXCHANGE_RULE, float(own), round(pile, 2), reason)


def _higher_unseen(view: HumbugView, card: Card) -> bool:
    return any(c.suit == card.suit and c.rank > card.rank for c in view.unseen())


def choose_card(view: HumbugView) -> HumbugCard:
    """The card to play now, from ``view`` alone, with its rule."""
    legal = view.legal_cards()
    if not legal:
        raise HumbugError(f"{view.seat.name} has no card to play")
    seat, trump = view.seat, view.trump
    if len(legal) == 1:
        c = legal[0]
        return HumbugCard(seat, c, "only-card", Text(f"{c.symbol('en')} is the only card that follows suit.",
                                                    f"{c.symbol('ru')} — единственная карта в масть."))
    if view.is_lead:
        return _lead(view, legal)
    lead = view.current[0]
    same = [c for c in legal if c.suit == lead.suit]
    if same:
        winners = [c for c in same if c.rank > lead.rank]
        if winners:
            c = min(winners, key=lambda x: x.rank)
            return HumbugCard(seat, c, "win-cheaply", Text(
                f"{c.symbol('en')} wins the trick as cheaply as possible.",
                f"{c.symbol('ru')} берёт взятку как можно дешевле."))
        c = min(same, key=lambda x: x.rank)
        return HumbugCard(seat, c, "lowest-when-losing", Text(
            f"The trick cannot be won in the suit: {c.symbol('en')}, the lowest card.",
            f"Взятку в масти не взять: {c.symbol('ru')}, самая младшая."))
    trumps = [c for c in legal if trump is not None and c.suit == trump]
    if trumps:
        c = min(trumps, key=lambda x: x.rank)
        return HumbugCard(seat, c, "ruff-cheaply", Text(
            f"No {lead.suit.symbol}: ruff with the lowest trump, {c.symbol('en')}.",
            f"Нет {lead.suit.symbol}: бью самым младшим козырем, {c.symbol('ru')}."))
    c = _lowest_plain(legal, trump)
    return HumbugCard(seat, c, "throw-lowest", Text(
        f"Nothing wins this trick: throw the lowest card, {c.symbol('en')}.",
        f"Взятку не взять: сбрасываю самую младшую карту, {c.symbol('ru')}."))


def _lowest_plain(cards: tuple[Card, ...], trump: Suit | None) -> Card:
    plain = [c for c in cards if c.suit != trump] or list(cards)
    return min(plain, key=lambda x: (x.rank, x.suit))


def _lead(view: HumbugView, legal: tuple[Card, ...]) -> HumbugCard:
    seat, trump = view.seat, view.trump
    hand = view.hand
    if trump is not None:
        my_trumps = hand.suit(trump)
        out = [c for c in view.unseen() if c.suit == trump]
        if my_trumps and out:
            top = max(my_trumps, key=lambda x: x.rank)
            if not _higher_unseen(view, top):
                return HumbugCard(seat, top, "draw-trumps", Text(
                    f"{top.symbol('en')} is the highest trump left: lead it to draw the opponent's trumps.",
                    f"{top.symbol('ru')} — старший оставшийся козырь: хожу им, чтобы вытянуть козыри противника."))
    masters = [c for c in legal if c.suit != trump and not _higher_unseen(view, c)
               and any(u.suit == c.suit for u in view.unseen())]
    if masters:
        c = max(masters, key=lambda x: (hand.length(x.suit), x.rank, x.suit))
        return HumbugCard(seat, c, "cash-master", Text(
            f"{c.symbol('en')} is the highest card left in its suit: a sure trick.",
            f"{c.symbol('ru')} — старшая оставшаяся карта масти: верная взятка."))
    plain = [c for c in legal if c.suit != trump] or list(legal)
    longest = max(hand.length(c.suit) for c in plain)
    suit = min(c.suit for c in plain if hand.length(c.suit) == longest)
    c = min((x for x in plain if x.suit == suit), key=lambda x: x.rank)
    return HumbugCard(seat, c, "lead-low-long", Text(
        f"Lead the lowest card of the longest suit, {c.symbol('en')}: its small cards become winners later.",
        f"Хожу младшей картой самой длинной масти, {c.symbol('ru')}: её мелкие карты потом возьмут."))
