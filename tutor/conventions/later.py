"""The later tricks, read from the play: what the tricks already played change in a lead or a
second-hand card.

After the first trick the books decide most cards from what the play has shown (Cavendish,
*Laws and Principles of Whist*, 18th ed., ch. 18 and 28 and "Trumps"; Pole, *Theory of Whist*,
"later leads"; old Hoyle's maxims). One function per maxim, like every rule module; their places
are in :data:`tutor.conventions.advice.LEAD_ORDER` and ``FOLLOW_ORDER``:

* run-established-suit-when-trumps-out -- the trumps drawn, make the suit you established;
* do-not-return-suit-won-cheaply -- partner's small lead won with a queen or knave marks the ace or
  king on the right (english);
* lead-partners-discard-against-trumps -- partner's first discard made against declared trumps is
  from his best-protected suit: lead it (english);
* second-hand-finesse-ace-queen -- the seed's own exception to "second hand low": holding ace and
  queen, finesse the queen when the suit is led (000 LST 13);
* finesse-by-the-count -- third hand's ace-queen finesse read with the cards the play has placed
  and counted: no finesse against a king that cannot be on the right (Cavendish ch. 35), the ace
  when the king is the one card of the suit still out (old Hoyle: "play the ace, because it is 5
  to 8 that the last player has the king").
"""

from __future__ import annotations

from collections.abc import Iterable

from tutor.cards import Card, Rank, Suit
from tutor.conventions.holdings import is_strong_suit
from tutor.conventions.rules import Context, Finding, equal_groups, leading, say
from tutor.seats import Seat

__all__ = [
    "established_suits",
    "run_established_suit_when_trumps_out",
    "do_not_return_suit_won_cheaply",
    "lead_partners_discard_against_trumps",
    "second_hand_finesse_ace_queen",
    "finesse_by_the_count",
    "denied_by_fourth_hand",
]

A, K, Q, J, T = Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN


def established_suits(ctx: Context) -> tuple[Suit, ...]:
    """Plain suits in which every card the student holds will win, the suit led from the top: his
    master cards are at least as many as the cards of it still out, or all his cards are masters.
    Two cards or more (a lone master is a card to cash, not a suit to bring in), or long cards
    with no card of the suit left in any other hand."""
    k = ctx.k
    out: list[Suit] = []
    for suit in ctx.plain_suits():
        mine = ctx.mine(suit)
        rest = k.outstanding(suit)
        masters = sum(1 for c in mine if not rest or c.rank > rest[0].rank)
        if masters >= min(len(mine), len(rest)) and (len(mine) >= 2 or not rest):
            out.append(suit)
    return tuple(out)


def run_established_suit_when_trumps_out(ctx: Context) -> Iterable[Finding]:
    """Cavendish, "Trumps": the objects of a hand are "to establish a suit, to exhaust the
    adversaries' trumps, and to retain the long trump, or a certain winning card with which to get
    the lead again, for the purpose of bringing in the suit"; old Hoyle, maxim 16: "Make your tricks
    early". Once no other hand holds a trump, the cards of an established suit are sure tricks
    that nobody can ruff: make them before returning partner's suit or opening another. The seed
    reads the same way (000 LST 11: trumps are drawn «чтобы противники не могли бить козырями»;
    HNT 4: the thirteenth card is led once all trumps are out). A trump deal only; the trumps
    themselves are neither kept nor rejected."""
    k = ctx.k
    if not leading(ctx) or k.trump is None or k.trumps_remaining > 0:
        return
    suits = established_suits(ctx)
    if not suits:
        return
    plain = frozenset(c for c in ctx.legal if c.suit != k.trump)
    keep = frozenset(c for c in plain if c.suit in suits)
    yield Finding(
        "run-established-suit-when-trumps-out", plain, keep, "worse",
        say("later.run_established_suit_when_trumps_out.reason"),
        say("later.run_established_suit_when_trumps_out.why"),
        {"suit": suits[0]},
    )


def _won_partners_lead_cheaply(ctx: Context) -> Suit | None:
    """The plain suit of the last trick if partner led a small card of it and the student, third
    hand, won it with a queen or lower while the ace or king was still out: Hoyle's "the ace or
    king must be with your right-hand antagonist"."""
    k = ctx.k
    tricks = ctx.position.tricks
    if not tricks or not ctx.position.winners or ctx.position.winners[-1] != k.seat:
        return None
    last = tricks[-1]
    if last.leader != k.partner or last.suit_led == k.trump or last.cards[0].rank >= T:
        return None
    mine = last.card_of(k.seat)
    if mine is None or mine.suit != last.suit_led or mine.rank >= K:
        return None
    higher_out = [r for r in (A, K) if r > mine.rank and Card(mine.suit, r) in k.unseen]
    return last.suit_led if higher_out else None


def do_not_return_suit_won_cheaply(ctx: Context) -> Iterable[Finding]:
    """Old Hoyle (the general rules after the maxims): "Upon winning your friend's lead with a queen,
    do not return the same, except the suit be trumps, as certainly the ace or king must be with
    your right-hand antagonist"; Pole, *Theory of Whist* (returning the lead): the same reason --
    returned, the suit goes up to the strength on your right. English system; the russian one
    keeps 000 LST 5 «отвечайте ему в ту же масть», which gives no exception."""
    if not leading(ctx) or ctx.system != "english":  # the russian system applies every maxim: say it here
        return
    suit = _won_partners_lead_cheaply(ctx)
    if suit is None or not any(c.suit != suit for c in ctx.legal):
        return
    yield Finding(
        "do-not-return-suit-won-cheaply", frozenset(c for c in ctx.legal if c.suit == suit), frozenset(), "worse",
        say("later.do_not_return_suit_won_cheaply.reason"),
        say("later.do_not_return_suit_won_cheaply.why"),
        {"suit": suit},
    )


def lead_partners_discard_against_trumps(ctx: Context) -> Iterable[Finding]:
    """Cavendish ch. 28: "when trumps are declared against you, he will give you credit for strength
    in the suit from which you originally throw away ... he will, unless he has a very strong suit
    of his own, select for his lead the suit in which you have shown strength by your discard."
    Partner's first discard, made after the opponents led or called for trumps, is from his
    best-protected suit: lead it. English system; the russian one keeps 000 HNT 14 («всегда от
    его слабой масти»)."""
    k = ctx.k
    card = k.first_discards.get(k.partner)
    if ctx.system != "english" or not leading(ctx) or card is None or card.suit == k.trump or not k.discarded_against_declared_trumps(k.partner):
        return
    if not ctx.mine(card.suit) or any(is_strong_suit(ctx.mine(s)) for s in ctx.plain_suits() if s != card.suit):
        return
    yield Finding(
        "lead-partners-discard-against-trumps", frozenset(c for c in ctx.legal if c.suit != k.trump),
        frozenset(ctx.mine(card.suit)), "worse",
        say("later.lead_partners_discard_against_trumps.reason"),
        say("later.lead_partners_discard_against_trumps.why"),
        {"first": card, "suit": card.suit},
    )


def second_hand_finesse_ace_queen(ctx: Context) -> Iterable[Finding]:
    """000 LST 13 (and 002, the same): «Не делают выход с той масти, в которой имеются туз и дама.
    Следует ожидать выхода в эту масть своего партнера или противника и тогда прорезать дамой» --
    the seed's own exception to "second hand low": when the right-hand opponent leads a small card
    of the suit, finesse the queen (the lowest of its sequence). English system: Cassell's hints
    ("When the lead comes from your right hand opponent, play your queen, should you hold ace,
    queen, and ten"); with ace and queen without the ten Pole keeps the tenace for the return and
    second hand plays low."""
    k = ctx.k
    cur = k.current
    if cur is None or len(cur.cards) != 1 or cur.leader.side is k.seat.side:
        return
    led = cur.cards[0]
    mine = ctx.mine(led.suit)
    ranks = {c.rank for c in mine}
    if led.rank >= T or A not in ranks or Q not in ranks or K in ranks or len(mine) < 3:
        return
    if Card(led.suit, K) not in k.unseen:
        return
    if ctx.system == "english" and T not in ranks:
        return
    queen = next(c for c in mine if c.rank == Q)
    card = next(g for g in equal_groups(mine, k.settled) if queen in g)[-1]  # A-Q-J: the knave
    yield Finding(
        "second-hand-finesse-ace-queen", frozenset(mine), frozenset({card}), "worse",
        say("later.second_hand_finesse_ace_queen.reason"),
        say("later.second_hand_finesse_ace_queen.why"),
    )


def denied_by_fourth_hand(ctx: Context, seat: Seat, card: Card) -> tuple[Card, Card] | None:
    """Where ``seat``'s play has shown he does not hold ``card``: playing fourth to an earlier
    trick of its suit, he followed with a lower card and let an opponent of his win it with a card
    ``card`` would have beaten (the last player wins when he can; Cavendish ch. 35, inferences
    from the fall of the cards: "your partner wins with the queen; you should immediately infer
    that the king cannot be with your right-hand adversary"). The pair (his card, the winning
    card), or None."""
    for n, trick in enumerate(ctx.position.tricks):
        last_seat, last = trick.plays()[3]
        if last_seat != seat or trick.suit_led != card.suit or last.suit != card.suit:
            continue
        winner = ctx.position.winners[n]
        win_card = trick.card_of(winner)
        if winner.side is not seat.side and win_card is not None and win_card.suit == card.suit \
                and card.rank > win_card.rank:
            return last, win_card
    return None


def finesse_by_the_count(ctx: Context) -> Iterable[Finding]:
    """Third hand holding ace and queen over partner's small card finesses the queen (Cavendish
    ch. 25; third-hand-finesse-ace-queen) -- against a king that may lie with the second hand.
    Read with what the play has shown, the finesse gives way to the ace:

    * the king cannot be on the right: the right-hand adversary has shown out of the suit, or his
      play as the last hand has shown he has not the king (Cavendish ch. 35: "you should
      immediately infer that the king cannot be with your right-hand adversary. Hence, on the
      return of the suit, you would not finesse");
    * by the count, the king is the one card of the suit still out: the last player, with a card
      more left than the second, more probably holds it, and the ace drops it (old Hoyle, Whist
      questions, no. 24: "You are to play the ace, because it is 5 to 8 that the last player has
      the king; and if you reduce the cards to two in number, it is then 2 to 1 in your favour, by
      playing the ace, that the king falls: this method may be taken in other suits upon similar
      occasions"; and his case of the ace-queen over the knave, "by the same rule play all the
      other suits")."""
    k = ctx.k
    cur = k.current
    if cur is None or len(cur.cards) != 2 or cur.leader != k.partner or k.winning_card is None:
        return
    led = cur.cards[0]
    mine = ctx.mine(led.suit)
    ranks = {c.rank for c in mine}
    if led.rank >= T or A not in ranks or Q not in ranks or K in ranks or k.winning_card.rank >= J:
        return
    king = Card(led.suit, K)
    queen = next(c for c in mine if c.rank == Q)
    if king not in k.unseen or not queen.beats(k.winning_card, k.trump):
        return
    rho = k.seat.rho
    fill: dict[str, Card | Suit | Seat] = {"king": king, "seat": rho}
    denied = denied_by_fourth_hand(ctx, rho, king)
    if k.is_void(rho, led.suit):
        reason, why = say("later.finesse_by_the_count.reason"), say("later.finesse_by_the_count.why")
    elif denied is not None:
        reason, why = say("later.finesse_by_the_count.reason-3"), say("later.finesse_by_the_count.why")
        fill.update(low=denied[0], high=denied[1])
    elif k.outstanding(led.suit) == (king,):
        reason, why = say("later.finesse_by_the_count.reason-2"), say("later.finesse_by_the_count.why-2")
    else:
        return
    ace = next(c for c in mine if c.rank == A)
    yield Finding("finesse-by-the-count", frozenset(mine), frozenset({ace}), "worse", reason, why, fill)
