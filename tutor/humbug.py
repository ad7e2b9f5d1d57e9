"""Humbug, whist for two without dummies (002: «Є також варіант віста удвох, але без дурнів - Humbug»).

The seed's rules, each where it is applied:

* «Карти здаються на 4 купки, по 13 карт в кожній. Гравці сідають один проти одного»: a
  :class:`~tutor.deal.Deal` of four piles; the two players sit South and North, the piles of East
  and West lie between them. The dealer (South or North) turns up his last card as in whist.
* «кожен гравець вирішує, чи грає він на своїх картах або скидає їх і купує інші. В останньому
  випадку він бере карти, що лежать від нього направо»: :meth:`HumbugGame.decide`; the pile on a
  player's right is his right-hand seat's (South takes East's, North takes West's), and once
  changed there is no going back (the decision is final, never undone).
* «Козирем користується здає, але якщо він надумає змінити карти, то позбавляється його»: the
  dealer's turned-up card stays in his thrown pile when he exchanges (:attr:`HumbugGame.trump_card_kept`);
  the suit stays trumps.
* «Гравець, що не змінював своїх карт, не може дивитися гру, що лежить від нього праворуч; не
  можна також дивитися і скинуті карти»: a player's :class:`HumbugView` holds his own cards in play,
  the turned-up card and where it is known to lie, and the tricks -- never a pile.
* «Він грається за всіма правилами звичайного, і записи його ведуться в тому ж порядку»: 13 tricks of
  two cards, suit followed (:func:`tutor.play.follow_suit`), the non-dealer leads first (the player
  on the dealer's left, 000 «Сдача и партнерство» 17); scored on the rule set's sheet (:func:`score_humbug`).
* «За Онер пишеться ... за п'ять - 5 очок, за чотири - 4, за три - 3, за два - 2»; «Humbug грається і без
  козирів, Онер тоді вважаються тузи»: :data:`HUMBUG_HONOURS`, counted in each player's hand.

The seed does not say who decides first; here the non-dealer does (he also leads first), and the
dealer decides knowing whether his opponent changed -- a change made at the table is seen.
On the sheet the South player writes in the NS column and the North player in the EW column.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Literal

from tutor.cards import Card, Hand, Rank, Suit
from tutor.deal import Deal
from tutor.errors import WhistError
from tutor.play import follow_suit
from tutor.rulesets import Ruleset, find_ruleset
from tutor.scoring import DealScore, ScoreItem
from tutor.seats import Seat, Side

__all__ = [
    "HumbugError",
    "Choice",
    "CHOICES",
    "PLAYERS",
    "HUMBUG_HONOURS",
    "HumbugTrick",
    "HumbugView",
    "HumbugGame",
    "right_pile",
    "humbug_honours",
    "score_humbug",
    "two_card_winner",
    "format_humbug_history",
    "parse_humbug_history",
]

Choice = Literal["keep", "exchange"]
#: The two decisions of 002: play on one's own cards, or throw them and take the pile on the right.
CHOICES: tuple[Choice, ...] = ("keep", "exchange")
#: The seats of the two players (they face each other); East and West hold the other two piles.
PLAYERS: tuple[Seat, Seat] = (Seat.S, Seat.N)
#: 002: «за п'ять - 5 очок, за чотири - 4, за три - 3, за два - 2» (number held, points).
HUMBUG_HONOURS: tuple[tuple[int, int], ...] = ((2, 2), (3, 3), (4, 4), (5, 5))


class HumbugError(WhistError):
    """An action Humbug's rules do not allow now (a second decision, a card out of turn, …)."""


def right_pile(player: Seat) -> Seat:
    """The pile a player takes when he changes his cards: the one on his right (002)."""
    if player not in PLAYERS:
        raise HumbugError(f"the Humbug players sit South and North, not {player.name}")
    return player.rho


def two_card_winner(leader: Seat, lead: Card, reply: Card, trump: Suit | None) -> Seat:
    """Who wins a trick of two cards: the higher of the suit led, or a trump on a plain card."""
    other = leader.partner
    if reply.suit == lead.suit:
        return other if reply.rank > lead.rank else leader
    return other if trump is not None and reply.suit == trump else leader


@dataclass(frozen=True)
class HumbugTrick:
    """A trick of Humbug: the leader and the two cards in play order (leader's first)."""

    leader: Seat
    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        if self.leader not in PLAYERS or not 1 <= len(self.cards) <= 2:
            raise HumbugError(f"a Humbug trick is led by South or North and has two cards: {self.cards}")

    @property
    def complete(self) -> bool:
        return len(self.cards) == 2

    def winner(self, trump: Suit | None) -> Seat:
        return two_card_winner(self.leader, self.cards[0], self.cards[1], trump)

    def __str__(self) -> str:
        return f"{self.leader.name}:" + " ".join(str(c) for c in self.cards)


def format_humbug_history(tricks: Sequence[HumbugTrick]) -> str:
    """The tricks as ``S:SA S2 / N:H4 HK`` (the leader, then the two cards in play order)."""
    return " / ".join(str(t) for t in tricks)


def parse_humbug_history(text: str) -> tuple[HumbugTrick, ...]:
    """Read :func:`format_humbug_history`'s text back (each trick two cards)."""
    from tutor.cards import parse_card
    from tutor.seats import parse_seat

    out: list[HumbugTrick] = []
    for part in (p.strip() for p in text.split("/")):
        if not part:
            continue
        head, sep, rest = part.partition(":")
        if not sep:
            raise HumbugError(f"a trick is written LEADER:card card, not {part!r}")
        out.append(HumbugTrick(parse_seat(head.strip()), tuple(parse_card(c) for c in rest.split())))
    return tuple(out)


@dataclass(frozen=True)
class HumbugView:
    """What one Humbug player may know (002): his cards in play, the turned-up card and whether
    it is known to lie in the dealer's hand, both players' decisions so far, and the tricks.

    ``pile`` is the hand he looked at first (his own); before his decision it is his hand. The
    piles on the table and the thrown cards are never in it."""

    seat: Seat
    dealer: Seat
    trump: Suit | None
    trump_card: Card | None
    trump_card_kept: bool | None  #: None until the dealer decides
    decisions: tuple[tuple[Seat, Choice], ...]
    hand: Hand
    tricks: tuple[HumbugTrick, ...]
    current: tuple[Card, ...]
    leader: Seat

    @property
    def deciding(self) -> bool:
        """This player has still to keep or change his cards."""
        return self.seat not in dict(self.decisions)

    @property
    def is_lead(self) -> bool:
        return not self.current

    @property
    def played(self) -> tuple[Card, ...]:
        return tuple(c for t in self.tricks for c in t.cards) + self.current

    def legal_cards(self) -> tuple[Card, ...]:
        led = self.current[0].suit if self.current else None
        return follow_suit(self.hand, led)

    def unseen(self) -> tuple[Card, ...]:
        """The cards this player cannot place: neither his nor played (in the opponent's hand or a pile)."""
        return self._unseen

    @cached_property
    def _unseen(self) -> tuple[Card, ...]:
        from tutor.cards import CARDS

        gone = set(self.hand) | set(self.played)
        return tuple(c for c in CARDS if c not in gone)

    def history(self) -> str:
        return format_humbug_history(self.tricks + ((HumbugTrick(self.leader, self.current),) if self.current else ()))


class HumbugGame:
    """One deal of Humbug from the deal of four piles to the thirteenth trick.

    Phases: the two decisions (the non-dealer's first), then the play; :meth:`view` gives a
    player's knowledge at any moment.
    """

    def __init__(self, deal: Deal) -> None:
        if deal.dealer not in PLAYERS:
            raise HumbugError(f"the Humbug dealer is South or North, not {deal.dealer.name}")
        if deal.size != 13:
            raise HumbugError("Humbug is dealt as four piles of 13 cards")
        self.deal = deal
        self.decisions: dict[Seat, Choice] = {}
        self.hands: dict[Seat, Hand] = {}
        self.tricks: list[HumbugTrick] = []
        self.current: list[Card] = []
        self.leader: Seat = deal.dealer.partner  # the non-dealer leads first
        self._held: dict[Seat, Hand] = {}  # each player's cards now, kept up to date by play and undo

    # -- the exchange ------------------------------------------------------------------------------
    @property
    def dealer(self) -> Seat:
        return self.deal.dealer

    @property
    def trump(self) -> Suit | None:
        return self.deal.trump

    @property
    def to_decide(self) -> Seat | None:
        """Who keeps or changes now: the non-dealer first, then the dealer; None once both have."""
        for seat in (self.dealer.partner, self.dealer):
            if seat not in self.decisions:
                return seat
        return None

    def decide(self, seat: Seat, choice: Choice) -> Hand:
        """``seat`` keeps his pile or throws it for the pile on his right; returns his hand in play.
        A decision is final (002: «після чого він не має права користуватися своїми скинутими картами»)."""
        if choice not in CHOICES:
            raise HumbugError(f"keep or exchange, not {choice!r}")
        if self.to_decide != seat:
            raise HumbugError(f"it is not {seat.name}'s decision now" if seat not in self.decisions
                              else f"{seat.name} has decided already: a change cannot be taken back")
        self.decisions[seat] = choice
        hand = self.deal.hands[seat] if choice == "keep" else self.deal.hands[right_pile(seat)]
        self.hands[seat] = hand
        self._held[seat] = hand
        return hand

    @property
    def trump_card_kept(self) -> bool | None:
        """Whether the dealer still holds the turned-up card (False once he has changed; 002:
        «якщо він надумає змінити карти, то позбавляється його»); None before he decides."""
        if self.deal.trump_card is None or self.dealer not in self.decisions:
            return None
        return self.decisions[self.dealer] == "keep"

    # -- the play ----------------------------------------------------------------------------------
    @property
    def in_play(self) -> bool:
        return self.to_decide is None and not self.is_over

    @property
    def is_over(self) -> bool:
        return len(self.tricks) == 13

    @property
    def to_play(self) -> Seat:
        if self.to_decide is not None:
            raise HumbugError("the cards are not played before both players have kept or changed them")
        return self.leader if not self.current else self.leader.partner

    def hand(self, seat: Seat) -> Hand:
        """The cards ``seat`` holds now (his pile before he decides)."""
        return self._held.get(seat, self.deal.hands[seat])

    def legal_cards(self) -> tuple[Card, ...]:
        led = self.current[0].suit if self.current else None
        return follow_suit(self.hand(self.to_play), led)

    def play(self, card: Card) -> HumbugTrick | None:
        """Play ``card`` for the player to move; returns the trick when it is complete."""
        if self.is_over:
            raise HumbugError("the deal is over")
        seat = self.to_play
        hand = self.hand(seat)
        if card not in hand:
            raise HumbugError(f"{card} is not in {seat.name}'s hand")
        if card not in self.legal_cards():
            from tutor.play import must_follow_suit

            raise HumbugError(must_follow_suit(card, self.current[0].suit, "en"))
        self.current.append(card)
        self._held[seat] = hand.without(card)
        if len(self.current) < 2:
            return None
        trick = HumbugTrick(self.leader, tuple(self.current))
        self.tricks.append(trick)
        self.current = []
        self.leader = trick.winner(self.trump)
        return trick

    def undo(self) -> Card:
        """Take back the last card played (never a decision)."""
        if self.current:
            card, seat = self.current.pop(), self.leader
        else:
            if not self.tricks:
                raise HumbugError("no card has been played")
            trick = self.tricks.pop()
            self.leader = trick.leader
            self.current = [trick.cards[0]]
            card, seat = trick.cards[1], trick.leader.partner
        self._held[seat] = self._held[seat].with_cards(card)
        return card

    def tricks_won(self, seat: Seat) -> int:
        return sum(1 for t in self.tricks if t.winner(self.trump) == seat)

    def history(self) -> str:
        return format_humbug_history(self.tricks)

    def view(self, seat: Seat) -> HumbugView:
        """What ``seat`` may know now: never a pile on the table, never the thrown cards (002)."""
        if seat not in PLAYERS:
            raise HumbugError(f"the Humbug players sit South and North, not {seat.name}")
        kept = self.trump_card_kept
        order = (self.dealer.partner, self.dealer)
        return HumbugView(
            seat=seat, dealer=self.dealer, trump=self.trump, trump_card=self.deal.trump_card,
            trump_card_kept=kept,
            decisions=tuple((s, self.decisions[s]) for s in order if s in self.decisions),
            hand=self.hand(seat), tricks=tuple(self.tricks), current=tuple(self.current), leader=self.leader,
        )


# -- scoring ---------------------------------------------------------------------------------------
def _honour_ranks(rs: Ruleset, trump: Suit | None) -> tuple[Card, ...]:
    if rs.honours is None:
        return ()
    if trump is None:
        return tuple(Card(s, Rank.ACE) for s in Suit)
    return tuple(Card(trump, r) for r in rs.honours.ranks)


def humbug_honours(hand: Hand, trump: Suit | None, ruleset: Ruleset | str = "russian") -> tuple[int, int]:
    """(honours held, points) of one Humbug hand: the trump honours of the rule set (without trumps
    the aces, 002 «Онер тоді вважаються тузи»), scored 2, 3, 4, 5 for two to five (002)."""
    rs = find_ruleset(ruleset)
    held = sum(1 for c in _honour_ranks(rs, trump) if c in hand)
    return held, dict(HUMBUG_HONOURS).get(held, 0)


def _coronka_points(hand: Hand, trump: Suit | None, rs: Ruleset) -> int:
    """The coronkas of one hand by the rule set's scale (a run from the ace of three or more)."""
    if rs.coronkas is None:
        return 0
    total = 0
    for suit in Suit:
        ranks = set(hand.ranks(suit))
        n = 0
        while n < 13 and Rank(Rank.ACE - n) in ranks:
            n += 1
        doubled = suit == trump or (trump is None and rs.coronkas.no_trump_doubles)
        total += rs.coronkas.points(n, doubled)
    return total


#: The column of the sheet each player writes in (the South player NS, the North player EW).
SHEET_SIDE: Mapping[Seat, Side] = {Seat.S: Side.NS, Seat.N: Side.EW}


def score_humbug(hands: Mapping[Seat, Hand], tricks: Mapping[Seat, int], trump: Suit | None,
                 ruleset: Ruleset | str = "russian", *,
                 standing: Mapping[Side, int] | None = None) -> DealScore:
    """One Humbug deal on the rule set's sheet «в тому ж порядку» (002): the leve (tricks over six),
    each player's honours by Humbug's scale, coronkas, slams; ``hands`` are the hands played."""
    rs = find_ruleset(ruleset)
    if sum(tricks.values()) != 13:
        raise HumbugError(f"a Humbug deal has 13 tricks, not {sum(tricks.values())}")
    stand = {Side.NS: 0, Side.EW: 0, **(standing or {})}
    items: list[ScoreItem] = []
    barred: set[Side] = set()
    for seat in PLAYERS:
        if tricks[seat] > 6:
            items.append(ScoreItem(SHEET_SIDE[seat], "leve", (tricks[seat] - 6) * rs.trick_points, "below"))
    if rs.honours is not None:
        for seat in PLAYERS:
            _, pts = humbug_honours(hands[seat], trump, rs)
            side = SHEET_SIDE[seat]
            if pts and rs.honours.barred_at is not None and stand[side] >= rs.honours.barred_at:
                barred.add(side)
            elif pts:
                items.append(ScoreItem(side, "honours", pts, rs.honours.where))
    where = rs.coronkas.where if rs.coronkas else "above"
    for seat in PLAYERS:
        pts = _coronka_points(hands[seat], trump, rs)
        if pts:
            items.append(ScoreItem(SHEET_SIDE[seat], "coronka", pts, where))
    bonus = dict(rs.slam_bonus)
    for seat in PLAYERS:
        if tricks[seat] in bonus:
            items.append(ScoreItem(SHEET_SIDE[seat], "grand-slam" if tricks[seat] == 13 else "small-slam",
                                   bonus[tricks[seat]], "above"))
    return DealScore(
        ruleset=rs.name, items=tuple(items),
        tricks=((Side.NS, tricks[Seat.S]), (Side.EW, tricks[Seat.N])),
        standing=((Side.NS, stand[Side.NS]), (Side.EW, stand[Side.EW])),
        barred=frozenset(barred),
    )
