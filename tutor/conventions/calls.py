"""Reading the trump signals from the played tricks: calls, echoes and refused ruffs.

What a watching player reads (000, first paragraph: «следить ... за приглашениями для козырного
хода»); the rules that make, echo and answer a call are in :mod:`tutor.conventions.signals`. This
module only reads tricks, so that :mod:`tutor.conventions.position` can build a seat's knowledge
from it without depending on the rules (which depend on the position).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tutor.cards import Card, Rank, Suit
from tutor.play import Trick, trick_winner
from tutor.seats import Seat

__all__ = ["Call", "read_calls", "read_signals", "read_refusals", "could_signal"]

_RANKS: tuple[Rank, ...] = tuple(Rank)


@dataclass(frozen=True)
class Call:
    """A completed call for trumps: ``seat`` played ``high`` and later ``low`` of ``suit``.

    ``trick`` is the 1-based trick where the call was completed; ``echo`` is True when it answered
    a call (or a trump lead) of the caller's partner (``echo-the-call``); ``discard`` is True when
    the high card was a discard (the call was made in discards, not in following suit).
    """

    seat: Seat
    suit: Suit
    high: Card
    low: Card
    trick: int
    echo: bool = False
    forced: bool = False  #: a high-low that is NOT a call: the high card tried to win or was forced
    discard: bool = False  #: the high card was thrown on another suit's trick (a call made in discards)
    refused: bool = False  #: a refused ruff: ``high`` is the opponents' sure winner, ``low`` the card thrown instead

    @property
    def kind(self) -> str:
        """``"refusal"`` (a refused ruff, ``refused-ruff-is-a-call``), ``"discard"`` (a call in
        discards) or ``"peter"`` (high-low in following suit)."""
        return "refusal" if self.refused else "discard" if self.discard else "peter"


@dataclass(frozen=True)
class _Play:
    trick: int
    card: Card
    signal: bool  # could be the high card of a call (see could_signal)
    forced: bool  # followed, but tried to win or was forced: a later lower card makes no call
    discard: bool = False  # thrown on a trick of another suit (always free: see could_signal)


def read_calls(tricks: Sequence[Trick], trump: Suit | None) -> tuple[Call, ...]:
    """Every seat's call for trumps in ``tricks`` (at most one per seat: the first), in order.

    High-low pairs that are no call (``forced``) are left out; :func:`read_signals` gives both.

    >>> from tutor.play import parse_history
    >>> h = parse_history("W:DA D7 D3 D2 / W:DK D6 D4 D5 / W:HA H8 H2 H3")
    >>> [(c.seat.name, str(c.high), str(c.low)) for c in read_calls(h, Suit.C)]
    [('N', 'D7', 'D6')]
    """
    return tuple(c for c in read_signals(tricks, trump) if not c.forced)


def read_signals(tricks: Sequence[Trick], trump: Suit | None) -> tuple[Call, ...]:
    """Calls for trumps, and high-low pairs that look like one but are not (``forced=True``:
    the high card was an attempt to win or was forced by 000 LST 14; Pole). At most one real call
    and one forced pair per seat."""
    if trump is None:
        return ()
    seen: dict[tuple[Seat, Suit], list[_Play]] = {}
    calls: list[Call] = []
    callers: set[Seat] = set()
    forced_seen: set[Seat] = set()
    trump_leaders: list[tuple[int, Seat]] = []
    for n, trick in enumerate(tricks, start=1):
        if trick.suit_led == trump:
            trump_leaders.append((n, trick.leader))
        for i, (seat, card) in enumerate(trick.plays()):
            if card.suit != trump and seat not in callers:
                history = seen.setdefault((seat, card.suit), [])
                if i > 0:
                    for earlier in history:
                        if earlier.trick < n and earlier.signal and earlier.card.rank > card.rank:
                            partner = seat.partner
                            echo = partner in callers or any(t < n and s == partner for t, s in trump_leaders)
                            calls.append(Call(seat, card.suit, earlier.card, card, n, echo,
                                              discard=earlier.discard))
                            callers.add(seat)
                            break
                    else:
                        pair = next((e for e in history if e.trick < n and e.forced and e.card.rank > card.rank), None)
                        if pair is not None and seat not in forced_seen:
                            calls.append(Call(seat, card.suit, pair.card, card, n, forced=True))
                            forced_seen.add(seat)
                free = could_signal(trick, i, trump)
                history.append(_Play(n, card, signal=free, forced=i > 0 and not free,
                                     discard=i > 0 and card.suit != trick.suit_led))
    return tuple(calls)


def read_refusals(tricks: Sequence[Trick], trump: Suit | None) -> tuple[Call, ...]:
    """Every seat's first refused ruff in ``tricks`` (refused-ruff-is-a-call), in order: a
    :class:`Call` with ``refused=True`` whose ``high`` is the opponents' sure winner the seat
    declined to trump and ``low`` the card it threw instead (see :func:`_refused_winner`).

    Cavendish ch. 32: partner "should conclude either that you have no trump, or more probably
    four trumps and a powerful hand besides"; the books (Hoyle's Games Improved; Enquire Within)
    tell partner to lead trumps all the same, since he cannot know which. A refusal is withdrawn
    once the seat shows out of trumps without having trumped since: he had none.

    >>> from tutor.play import parse_history
    >>> read_refusals(parse_history("W:HA H2 D8 H3"), Suit.C)  # E throws on his partner's ace: no refusal
    ()
    >>> [(c.seat.name, str(c.high), str(c.low)) for c in read_refusals(parse_history("W:HA D8 H3 H2"), Suit.C)]
    [('N', 'HA', 'D8')]
    """
    if trump is None:
        return ()
    refusals: list[Call] = []
    refusers: set[Seat] = set()
    gone: set[Card] = set()
    trumps_played: dict[Seat, list[int]] = {}
    shown_out: dict[Seat, int] = {}  # the trick where a seat showed out of trumps
    trump_leaders: list[tuple[int, Seat]] = []
    for n, trick in enumerate(tricks, start=1):
        if trick.suit_led == trump:
            trump_leaders.append((n, trick.leader))
        for i, (seat, card) in enumerate(trick.plays()):
            if card.suit == trump:
                trumps_played.setdefault(seat, []).append(n)
            elif i > 0 and trick.suit_led == trump:
                shown_out.setdefault(seat, n)
            refused = _refused_winner(trick, i, trump, gone)
            if refused is not None and seat not in refusers and seat not in shown_out:
                echo = any(t < n and s == seat.partner for t, s in trump_leaders)
                refusals.append(Call(seat, trick.suit_led, refused, card, n, echo, discard=True, refused=True))
                refusers.add(seat)
        gone.update(trick.cards)
    return tuple(
        c for c in refusals
        if not (c.seat in shown_out
                and not any(c.trick <= t < shown_out[c.seat] for t in trumps_played.get(c.seat, ())))
    )


def _refused_winner(trick: Trick, i: int, trump: Suit | None, gone: set[Card]) -> Card | None:
    """The opponents' sure winner that the ``i``-th player of ``trick`` declined to trump, if his
    card is such a refusal (Cavendish ch. 32; Hoyle's Games Improved: "if your friend refuse to
    trump an opponent's certain winning card, play trumps").

    A refusal is a plain discard on a plain-suit trick that an opponent of the player is winning
    with a plain card (not a ruff: whether he could overtrump is unknown), and the card is sure to
    win unless trumped: the player sits third or fourth (his partner has played), or he sits second
    and the card led is the best of its suit still out. A thirteenth card led to the second hand is
    no such card (000 HNT 12 tells him not to trump it; Hoyle calls it doubtful); neither is a
    doubtful card (partner may hold the best), which a strong hand declines as a matter of course.
    ``gone`` are the cards of the earlier tricks.
    """
    if i == 0 or trump is None or trick.suit_led == trump:
        return None
    card = trick.cards[i]
    if card.suit in (trick.suit_led, trump):
        return None
    seat = Seat((trick.leader + i) % 4)
    winner = trick_winner(trick.leader, trick.cards[:i], trump)
    if winner.side is seat.side:
        return None
    high = trick.card_of(winner)
    assert high is not None  # the winner of cards[:i] played one of them
    if high.suit != trick.suit_led:
        return None
    if i == 1:
        seen = gone | {high}
        higher_out = any(r > high.rank and Card(high.suit, r) not in seen for r in _RANKS)
        if higher_out or sum(1 for r in _RANKS if Card(high.suit, r) in seen) == 13:
            return None
    return high


def could_signal(trick: Trick, i: int, trump: Suit | None) -> bool:
    """Whether the ``i``-th card of ``trick`` was free, so that a lower card later makes it a call.

    Not a lead; not third hand on partner's lead (forced by 000 LST 14); second hand, any card
    up to the eight (second hand low: it was not needed); fourth hand, or an honour second hand,
    only if it did not take the lead of the trick when played (an attempt to win). A discard (a plain card on another suit's
    trick) is always free: it cannot win, and 000 LST 14 binds only a player who follows suit.
    """
    if i == 0:
        return False
    if trick.cards[i].suit != trick.suit_led:
        return trump is None or trick.cards[i].suit != trump
    if i == 2:
        return False
    if i == 1 and trick.cards[i].rank <= Rank.EIGHT:
        # Second hand plays low (Cavendish, Pole): a small card above his lowest is not needed
        # there even if it heads the trick for the moment, so it reads as the high card of a
        # call -- "8 then 2" second hand is as much a peter as 6 then 5 (Cassell: "a ten before a
        # seven"; content review E-3). A nine or an honour put on may be the lowest of a sequence
        # (10-9, Cavendish's second hand) or an attempt to win: no call.
        return True
    return trick_winner(trick.leader, trick.cards[: i + 1], trump) != Seat((trick.leader + i) % 4)
