"""The content's rulings: which cards South may play when a penalty binds him (a called exposed
card, a called suit), with the maxim that decided and why. The laws themselves are
:mod:`tutor.laws`; this module only applies them to a content item.

:mod:`tutor.play` knows the one law of every trick -- follow suit if able (000 «Масти и взятки»
1-2). Two penalties narrow that choice further, and each is a small rule a learner can check:

* an **exposed card** (000 «Ошибки» 7: «Картами, открытыми до окончания игры, распоряжаются
  противники»; 004 «Карты, подлежащие объявлению») lies face up, and when an opponent calls it,
  it must be played -- but only «при условии реализации ходов без ренонса»: a call never makes a
  player revoke. When the card cannot be played legally the call lapses for this trick and may be
  repeated on the next one («Объявление можно повторять … пока данная карта не будет сыграна»);
* a **lead out of turn** (000 «Ошибки» 3: the opponents may «требовать, чтобы он ходил с известной
  масти»; 004 «Внеочередной заход»: a suit may be called from the offender or his partner when
  either next has the lead). The called suit must be led if held; with none of it the penalty
  «не может быть взыскан» and any card may be led.

The decision is the engine's: :func:`tutor.laws.legal_under_penalties` applies the penalty (it
asks the position only who is to play, what following suit allows, and whether a trick is on
the table, so South's own :class:`~tutor.seatview.SeatView` -- his cards left and the trick in
front of him -- is enough, without the other hands). This module adds what a content item needs around it: which maxim
decided, why in both languages, and which field of the item is at fault when a penalty cannot
apply. So the linter proves a law exercise and the grader explains a wrong card by the engine --
never by an answer written into the item.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from tutor.cards import Card, Suit
from tutor.content.models import Text
from tutor.laws import CalledCard, CalledSuit, legal_under_penalties
from tutor.laws import LawError as _EngineLawError
from tutor.seats import Seat
from tutor.seatview import SeatView
from tutor.vocab import Lang

__all__ = ["PenaltyError", "Ruling", "rule_on_penalties"]


class PenaltyError(_EngineLawError):
    """A penalty that cannot apply in the position: a called card not exposed, a suit called when
    South is not on lead. ``field`` names the item field at fault (for the linter's line)."""

    def __init__(self, message: str, field: str) -> None:
        super().__init__(message)
        self.field = field


@dataclass(frozen=True)
class Ruling:
    """The cards South may play now, and which law (if any) narrowed the choice.

    ``maxim`` is ``exposed-card`` or ``lead-out-of-turn`` when the penalty binds, ``None`` when
    nothing beyond following suit applies (no penalty, or one that lapses in this position);
    ``why`` says so in both languages, quoting the law.
    """

    cards: tuple[Card, ...]
    maxim: str | None
    why: Text | None

    @property
    def binds(self) -> bool:
        """Whether a penalty, not only the duty to follow suit, decides what may be played."""
        return self.maxim is not None


#: "У вас нет пик": the genitive the Russian text needs (Suit.label gives the nominative).
_SUIT_GENITIVE_RU = {Suit.S: "пик", Suit.H: "червей", Suit.D: "бубен", Suit.C: "треф"}


def _card_names(cards: Iterable[Card], lang: Lang) -> str:
    return " ".join(c.symbol(lang) for c in cards)


def rule_on_penalties(
    view: SeatView,
    *,
    exposed: Iterable[Card] = (),
    called: Card | None = None,
    called_suit: Suit | None = None,
) -> Ruling:
    """Which cards South may play in his ``view`` (his turn: to the trick in progress, or a lead) under a penalty.

    ``exposed`` are South's cards lying face up; ``called`` the one an opponent calls now;
    ``called_suit`` the suit called from South's lead after a lead out of turn. Raises
    :class:`PenaltyError` when the penalty cannot be imposed at all (a called card that is not exposed
    or not held, a suit called while South follows).
    """
    remaining, current = view.remaining, view.current
    legal = view.legal_cards()
    shown = tuple(exposed)
    for card in shown:
        if card not in remaining:
            raise PenaltyError(f"the exposed card {card} is not among South's cards left", "exposed")
    if called is not None:
        if called not in shown:
            raise PenaltyError(f"the called card {called} is not one of South's exposed cards", "called")
        allowed = legal_under_penalties(view, [CalledCard(Seat.S, called)])
        if allowed == (called,):
            return Ruling((called,), "exposed-card", Text(
                en=f"The opponents called your exposed {called.symbol('en')}: it must be played now, since it "
                   f"can be without a revoke (004 «Карты, подлежащие объявлению»; 000 «Ошибки» 7).",
                ru=f"Противники потребовали вашу открытую карту {called.symbol('ru')}: её нужно сыграть сейчас, раз это "
                   f"возможно без ренонса (004 «Карты, подлежащие объявлению»; 000 «Ошибки» 7)."))
        led = current.suit_led if current is not None else called.suit
        return Ruling(allowed, None, Text(
            en=f"A call never forces a revoke: you hold {led.label('en')}, so you follow suit and the exposed "
               f"{called.symbol('en')} stays face up, to be called again (004 «Карты, подлежащие объявлению»).",
            ru=f"Требование не может заставить сделать ренонс: {led.label('ru')} у вас есть, их и нужно сносить, "
               f"а открытая карта {called.symbol('ru')} остаётся на столе до следующего требования "
               f"(004 «Карты, подлежащие объявлению»)."))
    if called_suit is not None:
        if current is not None:
            raise PenaltyError("a suit is called from a player's lead: South is following to a trick here", "called_suit")
        suit_cards = legal_under_penalties(view, [CalledSuit(Seat.S, called_suit)])
        if remaining.suit(called_suit):
            return Ruling(suit_cards, "lead-out-of-turn", Text(
                en=f"After the lead out of turn the opponents called {called_suit.label('en')}: you must lead "
                   f"one of {_card_names(suit_cards, 'en')} (000 «Ошибки» 3; 004 «Внеочередной заход»).",
                ru=f"После хода не в очередь противники назвали {called_suit.label('ru')}: ходить нужно одной из "
                   f"карт {_card_names(suit_cards, 'ru')} (000 «Ошибки» 3; 004 «Внеочередной заход»)."))
        return Ruling(suit_cards, None, Text(
            en=f"You hold no {called_suit.label('en')}, so the called suit cannot be exacted and any card may be "
               f"led (004 «Внеочередной заход»).",
            ru=f"У вас нет {_SUIT_GENITIVE_RU[called_suit]}: "
               f"штраф взыскать нельзя, ходить можно любой картой (004 «Внеочередной заход»)."))
    return Ruling(legal, None, None)

