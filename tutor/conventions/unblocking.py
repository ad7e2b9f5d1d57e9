"""Unblocking partner's long suit: the third hand gets rid of the command of it.

Cavendish, *Laws and Principles of Whist*, 18th ed., Appendix B ("The plain-suit echo"): "All whist
players are aware that it is advisable to get rid of the command of their partner's long suit."
The rules here say when the third hand plays a higher card than the trick needs, so that his
cards do not stop partner's suit on a later round. They run in
:data:`tutor.conventions.advice.FOLLOW_ORDER` among the third-hand rules; the older unblocking rules
(the knave led with ace and one small, old Hoyle's king under ace-then-queen) stay in
:mod:`tutor.conventions.following`.
"""

from __future__ import annotations

from collections.abc import Iterable

from tutor.cards import Card, Rank
from tutor.conventions.rules import Context, Finding, say

__all__ = ["unblock_with_four_in_partners_suit", "unblock_ace_knave_on_king"]

A, K, Q, J = Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK

#: The plain-suit echo is worth its cost only when the three higher cards could stop partner's
#: suit: Cavendish's cases are K-Q-J-2 and 9-8-7 with "a very small one", old Hoyle's Q-10-9 with
#: "a very small one". Below a seven the cards cannot block a suit of five or more, and a
#: high-then-low with them would only be read as a call for trumps.
BLOCKING = Rank.SEVEN


def _partners_original_lead(ctx: Context) -> Card | None:
    """Partner's card when he has just opened a plain suit (the first round of it) and that card
    wins the trick so far, the student third hand; else None."""
    k = ctx.k
    cur = k.current
    if cur is None or len(cur.cards) != 2 or cur.leader != k.partner or k.winning_seat != k.partner:
        return None
    led = cur.cards[0]
    if led.suit == k.trump or k.first_leads.get(led.suit) != k.partner:
        return None
    if any(t.suit_led == led.suit for t in ctx.position.tricks):
        return None  # not the suit's first round
    return led


def unblock_with_four_in_partners_suit(ctx: Context) -> Iterable[Finding]:
    """Cavendish, Appendix B (the plain-suit echo): partner opens his suit with the ace (or the
    queen, below) and the third hand holds four cards of it exactly -- "he should sometimes retain in his hand the lowest
    of his four cards, and play the next higher one": king, queen, knave, deuce under the ace led
    originally ("he must play the knave to the ace"; an ace led originally is from five cards at
    least). Old Hoyle's third example of making the most of partner's strong suit (queen, ten,
    nine and a very small one under his ace) is the same play. The three higher cards a seven or
    better (:data:`BLOCKING`); the seeds are silent: both systems.

    Cavendish's second case is the queen: "The original leader (a strong suit player), leads
    queen of a plain suit. The third hand holds nine, eight, seven and a very small one. He may
    block the suit by playing the very small one" -- so he plays the seven, the four cards all
    below the queen. A third-hand card on partner's lead is never read as the high card of a call
    (:func:`tutor.conventions.calls.could_signal`: 000 LST 14 binds third hand), so the echo does
    not ask for trumps."""
    led = _partners_original_lead(ctx)
    if led is None or led.rank not in (A, Q):
        return
    mine = ctx.mine(led.suit)
    if len(mine) != 4 or mine[-2].rank < BLOCKING or (led.rank == Q and mine[0].rank > Q):
        return
    card = mine[-2]
    yield Finding(
        "unblock-with-four-in-partners-suit", frozenset(mine), frozenset({card}), "worse",
        say("unblocking.unblock_with_four_in_partners_suit.reason"),
        say("unblocking.unblock_with_four_in_partners_suit.why"),
    )


def unblock_ace_knave_on_king(ctx: Context) -> Iterable[Finding]:
    """Partner opens a suit with the king and the third hand holds the ace and knave only: win with
    the ace and return the knave, so as not to block the suit -- the case Cavendish's Appendix B
    calls too elementary to discuss ("the play of the third hand, holding ace, knave only, when king
    is led originally"), and the Victorian manual's rule 19 ("win with the ace to get rid of the
    command and lead the other card"). English system: the russian one passes by 000 LST 15
    («разумеется, такая карта пропускается»), which stands first in the order."""
    led = _partners_original_lead(ctx)
    if led is None or led.rank != K:
        return
    mine = ctx.mine(led.suit)
    if len(mine) != 2 or mine[0].rank != A or mine[1].rank != J:
        return
    yield Finding(
        "unblock-ace-doubleton-on-king", frozenset(mine), frozenset({mine[0]}), "worse",
        say("unblocking.unblock_ace_knave_on_king.reason"),
        say("unblocking.unblock_ace_knave_on_king.why"),
    )
