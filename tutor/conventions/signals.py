"""Signals for trumps: reading a call from the played tricks, and making, echoing and answering it.

The seeds ask the player to watch «за приглашениями для козырного хода» (000, first paragraph)
and to lead trumps with three or fewer only «пока этого не захочет партнер» (000 LST 8), without
defining the signal. The mechanism is the classic one (Foster, Cavendish, Pole; docs/conventions.md): a
player who plays a higher card and later a lower one of the same plain suit, when the higher card
was neither an attempt to win the trick nor forced, asks his partner to lead trumps.

A high card is read as no call (``forced-high-card-is-not-a-call``, Pole) when it took the lead of
the trick when played (an attempt to win) -- except second hand, where a card up to the eight is
no attempt to win (second hand plays low) and so reads as a call -- when it was the player's lead (the order of leading
cards follows the lead conventions instead), or when it was played third hand on partner's lead,
where 000 LST 14 obliges the player to put his highest («обязательно кладут свою старшую») --
a card the rules force on him tells nothing.

The call may also be made in discards (Cavendish, *Whist Developments*; Foster): a player void in
the suit led who throws an unnecessarily high card of a plain suit and later a lower one of the
same suit calls just as if he had followed suit so. A discard is always free -- no law and no
maxim forces one plain card rather than another, whatever the seat -- so the third-hand exception
of 000 LST 14 does not apply to it; such a call is marked ``Call.discard``. A strong trump hand
that has to discard calls with the second-lowest card of its weakest suit (the 7 from 7-3) once
the fall of the cards shows winners that would be ruffed (Pembridge's "legitimate reason"; on
trick one the first discard just shows the weak suit, 000 HNT 14); a singleton, or an honour as
the second-lowest card, cannot make the call. A call (or echo) once begun is completed with the
lowest card of its suit, never with another high one that would leave it unread. Any card above
the lowest that is no honour and was not needed begins a readable call -- 8 then 2, 6 then 5 and
3 then 2 alike (Cassell: "a ten before a seven or a five before a deuce"; Pole: "it must be
played unnecessarily"; content review E-3): second hand any card up to the eight, even one that
heads the trick for now (second hand plays low, so it was not needed), fourth hand one that does
not take the trick. make-the-call and echo-the-call accept them all as right and name the
highest, the plainest, first.

A refused ruff is a call too (refused-ruff-is-a-call; Cavendish ch. 32; GBK rule 35; Hoyle's
Games Improved: "if your friend refuse to trump an opponent's certain winning card, play trumps"):
:func:`read_refusals` reads it -- a plain discard on the opponents' sure winner -- into
``Knowledge.refused_ruffs``, and answer-the-call answers it. answer-the-call chooses the suit only;
the trump to lead comes from the lead-card rules.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tutor.cards import Card, Rank, Suit
from tutor.conventions.calls import could_signal
from tutor.conventions.discards import refusing_ruff, suit_weakness
from tutor.conventions.rules import Context, Finding, say
from tutor.text import Text

_RANKS: tuple[Rank, ...] = tuple(Rank)

__all__ = [
    "trump_strength",
    "answer_the_call",
    "make_the_call",
    "echo_the_call",
    "not_trying_to_win",
]


def trump_strength(trumps: Sequence[Card]) -> bool:
    """Strong in trumps, in the sense of the call: five or more, or four with an honour (Cavendish; EB)."""
    return len(trumps) >= 5 or (len(trumps) == 4 and any(c.rank.is_honour for c in trumps))


def not_trying_to_win(ctx: Context) -> bool:
    """The student follows suit to a trick he cannot win, or need not win.

    Cannot: none of his cards of the suit beats the winning card (or the trick is trumped).
    Need not: he is second hand (second hand plays low), or partner is winning and either the
    student plays last or partner's card is the highest still out.
    """
    k = ctx.k
    cur = k.current
    if cur is None or k.winning_card is None:
        return False
    mine = ctx.mine(cur.suit_led)
    if not mine:
        return False
    if not any(c.beats(k.winning_card, k.trump) for c in mine):
        return True
    if len(cur.cards) == 1:
        return True
    if k.winning_seat == k.partner:
        return len(cur.cards) == 3 or k.is_master(k.winning_card)
    return False


# -- rules ------------------------------------------------------------------------------------


def answer_the_call(ctx: Context) -> Iterable[Finding]:
    """Partner has called (a high-low, a call in discards, or a refused ruff): lead trumps at the
    first opportunity (Pole; EB; Cavendish ch. 32; 000 LST 8 «пока этого не захочет партнер»).

    This rule chooses the SUIT only. Which trump to lead (with three or fewer the highest, with
    four or more the lowest, Pole; EB) is the business of the lead-card rules
    (:func:`tutor.conventions.leads.lead_card`, :mod:`tutor.conventions.holdings`), applied after it.
    """
    k = ctx.k
    if k.current is not None or k.trump is None or k.trumps_out:
        return
    call = next((c for c in (*k.calls, *k.refused_ruffs) if c.seat == k.partner), None)
    trumps = ctx.trumps()
    if call is None or not trumps:
        return
    fill = {"high": call.high, "low": call.low}
    also: tuple[str, ...] = ("call-for-trumps",)
    if call.refused:
        reason = say("signals.answer_the_call.reason")
        why = say("signals.answer_the_call.why")
        also = ("refused-ruff-is-a-call", "call-for-trumps")
    elif call.discard:
        reason = say("signals.answer_the_call.reason-2")
        why = say("signals.answer_the_call.why-2")
    else:
        reason = say("signals.answer_the_call.reason-3")
        why = say("signals.answer_the_call.why-3")
    yield Finding(
        "answer-the-call",
        frozenset(ctx.legal),
        frozenset(trumps),
        "bad",
        reason,
        why,
        fill,
        also=also,
    )


def _signal_cards(ctx: Context) -> tuple[Card, ...]:
    """The cards that begin a readable call here, highest first: any card of the suit above the
    lowest (the lowest is kept to finish the high-low) that is no honour and was not needed --
    second hand, any card up to the eight (second hand plays low, so a higher small card is
    unnecessary even if it heads the trick for now); fourth hand, a card that does not take the
    trick (else it reads as an attempt to win, forced-high-card-is-not-a-call). The reading side
    is :func:`tutor.conventions.calls.could_signal`: what is made here is read there.

    Every one of them calls: 8 then 2, 6 then 5 and 3 then 2 alike (content review E-3). Cassell's
    Blue Peter is "a ten before a seven or a five before a deuce"; Pole: "in the trump signal it
    must be played unnecessarily"; Pembridge: "first a ten and then a deuce". The higher card is
    the plainer to read, so it is named first (:func:`_call_finding`). 000 «Намеки и подсказки» 9
    (the lower of equal cards, to win a trick) has nothing to say about a signal.
    """
    k = ctx.k
    cur = k.current
    winning = k.winning_card
    if cur is None or winning is None or cur.suit_led == k.trump or len(cur.cards) == 2:
        return ()  # third hand's card is forced by 000 LST 14 and reads as no call
    mine = ctx.mine(cur.suit_led)
    if len(mine) < 2:
        return ()
    second = len(cur.cards) == 1

    def free(c: Card) -> bool:
        if c.rank.is_honour:
            return False
        return not c.beats(winning, k.trump) or (second and c.rank <= Rank.EIGHT)

    return tuple(c for c in mine[:-1] if free(c))


def _started_call(ctx: Context) -> Card | None:
    """The high card of a call the student has begun and not finished: a free earlier play
    (see :func:`could_signal`) of a plain card above one he still holds in that suit."""
    k = ctx.k
    for trick in ctx.position.played:
        for i, (seat, card) in enumerate(trick.plays()):
            if seat != k.seat or card.suit == k.trump or not could_signal(trick, i, k.trump):
                continue
            if any(c.rank < card.rank for c in ctx.mine(card.suit)):
                return card
    return None


def _complete_call(ctx: Context, maxim: str, high: Card) -> Iterable[Finding]:
    """Finish a call begun with ``high``: the lowest card of its suit, on the first trick where
    that card may be played free -- following that suit, or discarding once ruffing is ruled out.
    A higher card instead would leave the call unread (Foster: the lower card completes it)."""
    k = ctx.k
    cur = k.current
    if cur is None or k.winning_card is None:
        return
    following = bool(ctx.mine(cur.suit_led))
    if following and (cur.suit_led != high.suit or not not_trying_to_win(ctx) or len(cur.cards) == 2):
        return
    if not following and (any(c.suit == k.trump for c in ctx.cands) or not ctx.mine(high.suit)):
        return
    low = ctx.mine(high.suit)[-1]
    scope = ctx.mine(cur.suit_led) if following else tuple(c for c in ctx.legal if c.suit != k.trump)
    yield Finding(
        maxim, frozenset(scope), frozenset({low}), "worse",
        say("signals.complete_call.reason"),
        say("signals.complete_call.why"),
        {"high": high},
        also=("call-for-trumps",),
    )


def _call_finding(ctx: Context, maxim: str, cards: tuple[Card, ...], reason: Text,
                  why: Text) -> Finding:
    """Every card of ``cards`` starts the call and is accepted as right; the highest, the
    plainest to read (Cassell's "ten before a seven"), is named first."""
    cur = ctx.k.current
    assert cur is not None
    return Finding(maxim, frozenset(ctx.mine(cur.suit_led)), frozenset(cards), "worse", reason, why,
                   {"low": ctx.mine(cur.suit_led)[-1]}, accept=True, prefer=frozenset({cards[0]}),
                   equal_why=_ANY_HIGHER)


_ANY_HIGHER = say("signals.module.any_higher")


def echo_the_call(ctx: Context) -> Iterable[Finding]:
    """Partner called (or led trumps) and the student holds four or more: call back (Modern Whist §45)."""
    k = ctx.k
    if k.trump is None or k.trumps_out or k.has_called(k.seat) or len(ctx.trumps()) < 4:
        return
    if not (k.has_called(k.partner) or k.partner in k.trump_leaders):
        return
    yield from _call_rule(ctx, "echo-the-call", _ECHO_WHY, _ECHO_OTHER, in_discards=False)


_ECHO_WHY = say("signals.module.echo_why")
_ECHO_OTHER = say("signals.module.echo_other")


def _call_rule(ctx: Context, maxim: str, why: Text, other: Text, *,
               in_discards: bool) -> Iterable[Finding]:
    """What echoing and making the call share once their own condition holds: a call already
    begun is completed; out of the suit led (``in_discards``: making the call only) the call is
    made in discards; otherwise, when not trying to win, an unnecessarily high card signals."""
    started = _started_call(ctx)
    if started is not None:
        yield from _complete_call(ctx, maxim, started)
        return
    cur = ctx.k.current
    if in_discards and cur is not None and not ctx.mine(cur.suit_led):
        yield from _discard_call(ctx)
        return
    if not not_trying_to_win(ctx):
        return
    cards = _signal_cards(ctx)
    if cards:
        yield _call_finding(ctx, maxim, cards, why, other)


def _discard_signal_card(ctx: Context) -> Card | None:
    """The discard that makes a call: the second-lowest card of the weakest plain suit (the 7
    from 7-3), once the higher rules have decided to discard rather than ruff. None when that
    suit is a singleton or its second-lowest card is an honour (it would read as strength)."""
    k = ctx.k
    cur = k.current
    if cur is None or ctx.mine(cur.suit_led) or any(c.suit == k.trump for c in ctx.cands):
        return None
    plain = [s for s in Suit if s != k.trump and ctx.mine(s)]
    if not plain:
        return None
    weakest = min(suit_weakness(ctx.mine(s)) for s in plain)
    cards = [ctx.mine(s)[-2] for s in plain
             if suit_weakness(ctx.mine(s)) == weakest and len(ctx.mine(s)) >= 2]
    cards = [c for c in cards if not c.rank.is_honour and c in ctx.cands]
    return min(cards, key=lambda c: (c.rank, c.suit)) if cards else None


def _winners_at_risk(ctx: Context) -> bool:
    """The fall of the cards shows that plain-suit winners will be ruffed (the "legitimate
    reason" for a call, Pembridge, Lecture VII): an opponent has ruffed, or has shown out of a
    plain suit while trumps are still out."""
    k = ctx.k
    if k.opponents_ruffed:
        return True
    return any(s != k.trump for opp in (k.seat.lho, k.seat.rho) for s in k.voids[opp])


def _discard_call(ctx: Context) -> Iterable[Finding]:
    """make-the-call out of the suit led. A discard is also the player's first word about his
    plain suits (000 HNT 14), so the call waits for the reason the maxim names -- winners that
    would otherwise be ruffed -- instead of spending that first word on trick one."""
    if not _winners_at_risk(ctx) or refusing_ruff(ctx):
        return  # a refused ruff is itself the call (refused-ruff-is-a-call): no second signal
    card = _discard_signal_card(ctx)
    if card is None:
        return
    yield Finding(
        "make-the-call",
        frozenset(c for c in ctx.legal if c.suit != ctx.k.trump),
        frozenset({card}),
        "worse",
        say("signals.discard_call.reason"),
        say("signals.discard_call.why"),
        {"low": ctx.mine(card.suit)[-1]},
        also=("call-for-trumps", "discard-from-weakest-suit"),
    )


def make_the_call(ctx: Context) -> Iterable[Finding]:
    """Strong in trumps (5+, or 4 with an honour) and not trying to win: signal with an
    unnecessarily high card, the lower one to follow (Cavendish; EB1911). Out of the suit led,
    once discarding is decided, the call is made in discards (Cavendish, Whist Developments)."""
    k = ctx.k
    if k.trump is None or k.trumps_out or k.has_called(k.seat) or not trump_strength(ctx.trumps()):
        return
    yield from _call_rule(ctx, "make-the-call", _MAKE_WHY, _MAKE_OTHER, in_discards=True)


_MAKE_WHY = say("signals.module.make_why")
_MAKE_OTHER = say("signals.module.make_other")
