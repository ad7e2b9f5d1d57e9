"""A puzzle's headline from its situation, never from its holding: what the Daily page and
``tutor daily`` title the day's puzzle with.

Why not the puzzle's own title: an author's title often names the holding («Туз и король
наверху», "King third") and so gives the idea away before the first card (issue 26). The
headline says only what a player at the table knows before he thinks: which trick he leads or
plays to, the trump suit, the card turned up (at the first lead), and the most telling thing the
tricks so far have shown -- a call for trumps, a suit a player has shown out of, the suit
partner opened, an opponent's ruff -- read from the one model of what the seat knows
(:func:`tutor.conventions.position.knowledge`). Never a card of the student's own hand.

>>> from tutor.content.models import Puzzle
>>> p = Puzzle(id="x", title={"en": "King third", "ru": "Король сам-третей"}, themes=["opening-lead"],
...            difficulty=1, dealer="E", trump="D7", hand="K742.985.J63.863", question="lead", answer="S2",
...            maxims=["king-third-lead-small"], hints=[{"en": "h", "ru": "х"}], explanation={"en": "e", "ru": "е"})
>>> headline(p, "en")
'Opening lead · ♦ trumps · ♦7 turned up'
>>> headline(p, "ru")
'Первый ход · козыри ♦ · открыта ♦7'
"""

from __future__ import annotations

from tutor.cards import Suit
from tutor.content.models import Item
from tutor.content.situation import item_view
from tutor.errors import WhistError
from tutor.i18n import t
from tutor.seats import Seat
from tutor.vocab import Lang

__all__ = ["headline"]

_SEP = " · "


def _shown(item: Item, lang: Lang) -> str | None:
    """The most telling fact the tricks so far have shown, or None (none played, or nothing read)."""
    if not item.tricks_played:
        return None
    from tutor.conventions.position import knowledge  # deferred: the engine is needed only after a trick

    try:
        known = knowledge(item_view(item))
    except WhistError:
        return None
    me = Seat.S
    partner = me.partner
    calls = [c for c in known.calls if c.seat != me and not c.forced]
    if any(c.seat == partner for c in calls):
        return t("situation.partner_called", lang)
    if calls:
        return t("situation.opponent_called", lang)
    for seat in (partner, *(s for s in Seat if s not in (me, partner))):
        suits = sorted(known.voids.get(seat, frozenset()))
        if suits:
            key = "situation.partner_void" if seat == partner else "situation.opponent_void"
            return t(key, lang, suit=Suit(suits[0]).symbol)
    if known.partner_strong_suit is not None:
        return t("situation.partner_suit", lang, suit=known.partner_strong_suit.symbol)
    if known.opponents_ruffed:
        return t("situation.ruffed", lang)
    return None


def headline(item: Item, lang: Lang) -> str:
    """The situation of ``item`` in a line: the trick, the trumps, and what has been shown."""
    n = sum(1 for trick in item.tricks_played if trick.complete) + 1  # the trick led or played to
    if item.question == "lead":
        parts = [t("situation.opening", lang) if n == 1 else t("situation.lead", lang, n=n)]
    else:
        parts = [t("situation.play", lang, n=n)]
    trump = item.trump_card
    parts.append(t("situation.trumps", lang, suit=trump.suit.symbol))
    fact = _shown(item, lang)
    if fact is not None:
        parts.append(fact)
    elif not item.tricks_played:
        parts.append(t("situation.turned", lang, card=trump.symbol(lang)))
    return _SEP.join(parts)
