"""The turned-up trump card: the one card of another hand everybody has seen.

The dealer's last card is turned up for all to see and stays in his hand until he plays it (the
laws; 000 «Масти и взятки»), so every seat knows where it is -- the knowledge model says so
(:meth:`tutor.conventions.position.Knowledge.certain_holder`, an inference of kind ``turn-up``).
The books change the play for it: Cavendish speaks of "obvious alterations on account of the
trump card", old Hoyle gives the cases. The rules below are written against the model -- "the
cards that can beat this one are known to be with partner", "the card just below yours is in the
hand on your right" -- not as a special case per turned-up card:

* trump-lead-by-turned-up-card -- leading trumps, lead the card that catches the turned-up card:
  with the card just above it when it lies on your right (old Hoyle, *Games Improved*, Whist
  cases: "Suppose the ten turned up, and that you have king, knave, nine, and two small trumps
  ... begin with the knave, in order to prevent the ten from making a trick"; "the nine being
  turned up, and you have ten, eight, and two small trumps, by leading the ten, it answers the
  same purpose"); the ten from ace or king and a sequence from the ten down when the queen or
  knave is turned up on your left (Hoyle, "Having an ace, or king of trumps, with sequence from
  ten downwards, and queen or knave turned up on the left, lead the ten").
* partners-turned-up-card-in-sequence -- second and third hand count partner's turned-up card as
  their own in a sequence: K-J with partner's queen turned up is K-Q-J for the side, and "you
  play the lowest of a sequence" (Cavendish ch. 25; ch. 21 for the second hand's high sequence).
* third-hand-finesse-over-turned-up-honour -- Cavendish ch. 25: "In trumps you may finesse ace,
  knave, if an honour is turned up to your right" (both cards accepted, the knave named).
* keep-the-turned-up-card -- the dealer, holding the turned-up card and an equal of it, keeps the
  turned-up card on partner's trump lead and plays it on an opponent's (Hoyle's maxims: "Keep the
  card you turn up as long as you conveniently can"; "keep the card turned up as long as possible
  when the friend leads a trump, but act differently when an opponent is the leader").

Pure rules over :class:`~tutor.conventions.rules.Context`; combined by
:mod:`tutor.conventions.advice` in its priority orders.
"""

from __future__ import annotations

from collections.abc import Iterable

from tutor.cards import Card, Rank
from tutor.conventions.rules import Context, Finding, equal_groups, say

__all__ = [
    "trump_lead_by_turned_up_card",
    "partners_turned_up_card_in_sequence",
    "third_hand_finesse_over_turned_up_honour",
    "keep_the_turned_up_card",
    "side_sequence",
]

_A, _K, _Q, _J, _T, _9 = Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE


def _turned_up(ctx: Context) -> Card | None:
    """The turned-up card while another seat (the dealer) still holds it."""
    return ctx.k.trump_card_with_dealer


def _equal_for_side(ctx: Context, low: Card, high: Card) -> tuple[bool, Card | None]:
    """Whether nothing between ``low`` and ``high`` can beat ``low`` for the opponents: every card
    between is out of play, the student's own, or certainly in partner's hand. The second value is
    partner's known card that bridged the gap (None when the cards are equal anyway)."""
    k = ctx.k
    bridge = None
    for r in range(low.rank + 1, high.rank):
        c = Card(low.suit, r)
        if c in k.settled or c in k.remaining:
            continue
        if k.certain_holder(c) == k.partner:
            bridge = c
            continue
        return False, None
    return True, bridge


def side_sequence(ctx: Context, mine: tuple[Card, ...]) -> tuple[tuple[Card, ...], Card | None]:
    """The student's top cards of one suit that are a sequence for his SIDE (partner's known cards
    filling the gaps), highest first, and the partner's card that filled a gap (None if none did)."""
    if not mine:
        return (), None
    group = [mine[0]]
    bridge: Card | None = None
    for c in mine[1:]:
        ok, b = _equal_for_side(ctx, c, group[-1])
        if not ok:
            break
        group.append(c)
        bridge = bridge or b
    return tuple(group), bridge


# -- leading ------------------------------------------------------------------------------------


def trump_lead_by_turned_up_card(ctx: Context) -> Iterable[Finding]:
    """The trump to lead, once trumps are to be led (every remaining candidate is a trump), when
    an opponent's turned-up card is to be caught (old Hoyle, see the module doc): on your right, the
    card just above it, holding the card just below it as well for the finesse on the return
    (K-J-9 under a ten, 10-8 under a nine); on your left, the queen or knave, the ten from an ace or king and a
    sequence from the ten down."""
    k = ctx.k
    up = _turned_up(ctx)
    if k.current is not None or up is None or k.trump is None or up.suit != k.trump:
        return
    if not ctx.cands or any(c.suit != k.trump for c in ctx.cands):
        return
    mine = ctx.mine(k.trump)
    dealer = ctx.position.dealer
    card: Card | None = None
    if dealer == k.seat.rho and up.rank in (_J, _T, _9):
        above = next((c for c in reversed(mine) if c.rank > up.rank), None)
        below = next((c for c in mine if c.rank < up.rank), None)
        # Hoyle's cases hold the cards just above and just below the turned-up one (K-J-9 under a
        # ten, 10-8 under a nine): the lower is the finesse over it when partner returns trumps
        if (above is not None and below is not None and _equal_for_side(ctx, up, above)[0]
                and _equal_for_side(ctx, below, up)[0]):
            card = above
    elif dealer == k.seat.lho and up.rank in (_Q, _J):
        ranks = {c.rank for c in mine}
        if {_T, _9} <= ranks and ranks & {_A, _K} and _J not in ranks and _Q not in ranks:
            card = Card(k.trump, _T)
    if card is None or card not in ctx.cands:
        return
    side = "right" if dealer == k.seat.rho else "left"
    yield Finding(
        "trump-lead-by-turned-up-card", frozenset(ctx.cands), frozenset({card}), "worse",
        say("turnup.trump_lead_by_turned_up_card.reason-right") if side == "right"
        else say("turnup.trump_lead_by_turned_up_card.reason-left"),
        say("turnup.trump_lead_by_turned_up_card.why-right") if side == "right"
        else say("turnup.trump_lead_by_turned_up_card.why-left"),
        {"up": up},
        also=("turned-up-card-is-known",),
    )


# -- following ----------------------------------------------------------------------------------


def partners_turned_up_card_in_sequence(ctx: Context) -> Iterable[Finding]:
    """Second or third hand: partner's turned-up card fills the gap between two of the student's
    cards, so they are a sequence for the side and the lower does the work of the higher
    (Cavendish ch. 25: "you play your highest, remembering that you play the lowest of a
    sequence"; ch. 21: second hand with a sequence of high cards puts on the lowest of it)."""
    k = ctx.k
    cur = k.current
    if cur is None or k.winning_card is None:
        return
    mine = ctx.mine(cur.suit_led)
    if len(mine) < 2 or len(cur.cards) not in (1, 2):
        return
    group, bridge = side_sequence(ctx, mine)
    if bridge is None or len(group) < 2:
        return
    winning = k.winning_card
    beaters = [c for c in group if c.beats(winning, k.trump)]
    if not beaters:
        return
    if len(cur.cards) == 2:  # third hand, on partner's lead
        if k.winning_seat == k.partner and k.is_master(winning):
            return
    else:  # second hand: a high sequence (the top a king or better), a small card led
        if group[0].rank < _K or cur.cards[0].rank >= _T:
            return
    low = beaters[-1]
    yield Finding(
        "partners-turned-up-card-in-sequence", frozenset(mine), frozenset({low}), "worse",
        say("turnup.partners_turned_up_card_in_sequence.reason"),
        say("turnup.partners_turned_up_card_in_sequence.why"),
        {"bridge": bridge, "top": group[0]},
        also=("turned-up-card-is-known",),
    )


def third_hand_finesse_over_turned_up_honour(ctx: Context) -> Iterable[Finding]:
    """Cavendish ch. 25: "In trumps you may finesse ace, knave, if an honour is turned up to your
    right." Partner leads a trump, the dealer on your right has played a lower card and still holds
    the turned-up king or queen: the knave can lose only to the other honour on your left. "May":
    the ace and the knave are both accepted, the knave named first."""
    k = ctx.k
    cur = k.current
    up = _turned_up(ctx)
    if cur is None or up is None or k.trump is None or cur.suit_led != k.trump or len(cur.cards) != 2:
        return
    if cur.leader != k.partner or ctx.position.dealer != k.seat.rho or up.rank not in (_K, _Q):
        return
    mine = ctx.mine(k.trump)
    ranks = {c.rank for c in mine}
    if not ({_A, _J} <= ranks) or ranks & {_K, _Q}:
        return
    ace, knave = Card(k.trump, _A), Card(k.trump, _J)
    if k.winning_card is None or not knave.beats(k.winning_card, k.trump):
        return
    yield Finding(
        "third-hand-finesse-over-turned-up-honour", frozenset(mine), frozenset({ace, knave}), "worse",
        say("turnup.third_hand_finesse_over_turned_up_honour.reason"),
        say("turnup.third_hand_finesse_over_turned_up_honour.why"),
        {"up": up},
        also=("turned-up-card-is-known", "third-hand-high"),
        accept=True,
        prefer=frozenset({knave}),
        equal_why=say("turnup.third_hand_finesse_over_turned_up_honour.equal_why"),
    )


def keep_the_turned_up_card(ctx: Context) -> Iterable[Finding]:
    """The dealer holds the turned-up card and an equal of it, and follows to a trump lead: on
    partner's lead (or when he cannot tell the card from its equal anyway) he keeps the turned-up
    card and plays the equal; on an opponent's lead he plays the turned-up card (Hoyle: "keep the
    card turned up as long as possible when the friend leads a trump, but act differently when an
    opponent is the leader") -- partner knows where the turned-up card is, and keeping it tells him
    you hold the equal too."""
    k = ctx.k
    cur = k.current
    tc = ctx.position.trump_card
    if cur is None or tc is None or ctx.position.dealer != k.seat or tc not in k.remaining:
        return
    if k.trump is None or cur.suit_led != k.trump or tc not in ctx.cands:
        return
    group = next(g for g in equal_groups(ctx.mine(k.trump), k.settled) if tc in g)
    group = tuple(c for c in group if c in ctx.cands)
    if len(group) < 2:
        return
    friend = cur.leader == k.partner
    keep = frozenset(group) - {tc} if friend else frozenset({tc})
    yield Finding(
        "keep-the-turned-up-card", frozenset(group), keep, "worse",
        say("turnup.keep_the_turned_up_card.text")
        if friend else
        say("turnup.keep_the_turned_up_card.text-2"),
        say("turnup.keep_the_turned_up_card.text-3"),
        {"up": tc},
        also=("turned-up-card-is-known",),
    )
