"""Playing a deal: whose turn, which cards are legal, who wins each trick.

The laws (000 "Масти и взятки" 1-3; 001 §5; 003 "Розыгрыш"): every player must follow the suit
led if he can, but need not win; without it he may play any card, a trump or not; the trick goes
to the highest trump, else to the highest card of the suit led; the winner leads next. The first
lead belongs to the dealer's left-hand opponent (000 "Сдача" 17).

:class:`PlayState` is the play of one full deal (all hands known). It refuses illegal cards, can
undo, counts tricks, shows the last two tricks (000 "Ошибки" 8: only they may be looked at), and
in lenient mode records revokes for the laws lessons. What one seat sees when the other hands are
hidden is :class:`tutor.seatview.SeatView`, which checks a record of tricks as far as that seat's
hand allows.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property

from tutor import i18n
from tutor.cards import Card, Hand, Rank, Suit, parse_card
from tutor.deal import Deal
from tutor.errors import CardError, HistoryError, IllegalPlayError, SeatError
from tutor.seats import Seat, Side, parse_seat
from tutor.vocab import Lang

__all__ = [
    "Trick",
    "PlayState",
    "Revoke",
    "trick_winner",
    "parse_history",
    "format_history",
    "find_revokes",
    "follow_suit",
    "must_follow_suit",
]

LAW_FOLLOW_SUIT = "000 «Масти и взятки» 1: «Каждый игрок обязан сносить требуемую масть»"


def trick_winner(leader: Seat, cards: Sequence[Card], trump: Suit | None) -> Seat:
    """The seat whose card wins: the highest trump, else the highest card of the suit led.

    Works on a partial trick too (the card currently winning).
    """
    if not cards:
        raise HistoryError("an empty trick has no winner")
    best = 0
    for i in range(1, len(cards)):
        if cards[i].beats(cards[best], trump):
            best = i
    return Seat((leader + best) % 4)


def follow_suit(hand: Hand, led: Suit | None) -> tuple[Card, ...]:
    """The cards of ``hand`` the law allows: the suit led if held, else any card (000 «Масти и
    взятки» 1-2); ``led`` is None for a lead.

    The one statement of the law for every view that holds a :class:`Hand` (the solver's
    position, a seat's :class:`tutor.seatview.SeatView` -- a robot's, the student's, the
    conventions engine's, a content item's, the page's); :class:`PlayState` applies the same
    law to its suit masks.
    """
    if led is not None:
        same = hand.suit(led)
        if same:
            return same
    return hand.cards


def must_follow_suit(card: Card, led: Suit, lang: Lang) -> str:
    """The learner's words for ``card`` refused by the law of following suit (``led`` was led and
    the player holds it), in ``lang``: the one wording the engine's error, the conventions' verdict,
    the grader and the question page give (locale key ``cards.must_follow_suit``)."""
    return i18n.t("cards.must_follow_suit", lang, card=card.symbol(lang), suit=led.label(lang))


#: The seats in play order from each leader (a trick's seats are a slice of its leader's row).
_SEATS_FROM: tuple[tuple[Seat, ...], ...] = tuple(tuple(Seat((lead + i) % 4) for i in range(4)) for lead in range(4))


@dataclass(frozen=True)
class Trick:
    """One trick: the seat that led and the cards in play order (1 to 4 of them)."""

    leader: Seat
    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        if not 1 <= len(self.cards) <= 4:
            raise HistoryError(f"a trick has 1 to 4 cards, got {len(self.cards)}")
        if len(set(self.cards)) != len(self.cards):
            raise HistoryError(f"a card appears twice in the trick {self}")

    @classmethod
    def parse(cls, text: str, leader: Seat | None = None) -> Trick:
        """Read ``W:DK D4 D9 D2`` (the leader's seat, then the cards in play order)."""
        src = text.strip()
        m = re.match(r"^([A-Za-zСВЮЗсвюз]+)\s*:\s*(.*)$", src)
        if m:
            try:
                leader = parse_seat(m.group(1))
            except SeatError as exc:
                raise HistoryError(f"{exc} in trick {text!r}") from None
            src = m.group(2)
        if leader is None:
            raise HistoryError(f"trick {text!r} does not say who led (write e.g. W:DK D4 D9 D2)")
        try:
            cards = tuple(parse_card(t) for t in src.replace(",", " ").split())
        except CardError as exc:
            raise HistoryError(f"{exc} in trick {text!r}") from None
        return cls(leader, cards)

    @property
    def complete(self) -> bool:
        return len(self.cards) == 4

    @property
    def suit_led(self) -> Suit:
        return self.cards[0].suit

    def seats(self) -> tuple[Seat, ...]:
        return _SEATS_FROM[self.leader][: len(self.cards)]

    def plays(self) -> tuple[tuple[Seat, Card], ...]:
        return self._plays

    @cached_property
    def _plays(self) -> tuple[tuple[Seat, Card], ...]:
        # a trick is read many times a decision (every seat's view walks the record): built once
        return tuple(zip(self.seats(), self.cards))

    def card_of(self, seat: Seat) -> Card | None:
        for s, c in self.plays():
            if s == seat:
                return c
        return None

    def winner(self, trump: Suit | None) -> Seat:
        return trick_winner(self.leader, self.cards, trump)

    def __str__(self) -> str:
        return f"{self.leader.name}:" + " ".join(str(c) for c in self.cards)

    def __repr__(self) -> str:
        return f"Trick.parse({str(self)!r})"


def parse_history(text: str | Sequence[Trick] | None) -> list[Trick]:
    """Read tricks separated by ``/``: ``W:DK D4 D9 D2 / W:DA D6 D3 H5``.

    Only the last trick may be incomplete. Each trick names its leader.
    """
    if text is None:
        return []
    if not isinstance(text, str):
        return list(text)
    if not text.strip():
        return []
    parts = text.split("/")
    tricks = []
    for i, part in enumerate(parts):
        if not part.strip():
            raise HistoryError(f"trick {i + 1} is empty in {text!r}")
        tricks.append(Trick.parse(part))
    for i, t in enumerate(tricks[:-1]):
        if not t.complete:
            raise HistoryError(f"trick {i + 1} ({t}) has {len(t.cards)} cards; only the last may be unfinished")
    return tricks


def format_history(tricks: Iterable[Trick]) -> str:
    return " / ".join(str(t) for t in tricks)


@dataclass(frozen=True)
class Revoke:
    """A card played off-suit while the player held the suit led (000 «Масти и взятки» 4)."""

    trick: int  # 1-based
    seat: Seat
    card: Card
    suit_led: Suit

    def __str__(self) -> str:
        return f"trick {self.trick}: {self.seat.name} played {self.card} holding {self.suit_led.symbol}"


# Card lookup tables for the play loop: the cards of a suit held, from a 13-bit rank mask.
_BY_SUIT_RANK: tuple[tuple[Card, ...], ...] = tuple(
    tuple(Card(s, Rank(r)) for r in range(2, 15)) for s in Suit  # index rank - 2
)
_MASK_CACHE: dict[tuple[int, int], tuple[Card, ...]] = {}


def _cards_from_mask(suit: int, mask: int) -> tuple[Card, ...]:
    key = (suit, mask)
    cards = _MASK_CACHE.get(key)
    if cards is None:
        row = _BY_SUIT_RANK[suit]
        cards = tuple(row[r - 2] for r in range(14, 1, -1) if mask >> (r - 2) & 1)
        _MASK_CACHE[key] = cards
    return cards


@dataclass
class _Undo:
    seat: Seat
    card: Card
    closed_trick: tuple[Seat, tuple[Card, ...], Seat] | None = None
    revoke: Revoke | None = None
    rightful_leader: Seat | None = None  # set when a lead out of turn was accepted


class PlayState:
    """The play of a whole deal, all four hands known.

    >>> from tutor.deal import Deal
    >>> st = PlayState(Deal.random(7))
    >>> st.to_play == st.deal.dealer.lho
    True
    """

    def __init__(self, deal: Deal, *, strict: bool = True) -> None:
        self.deal = deal
        self.trump: Suit | None = deal.trump
        self.strict = strict
        self._masks: list[list[int]] = [[0, 0, 0, 0] for _ in Seat]
        for seat in Seat:
            for card in deal.hands[seat]:
                self._masks[seat][card.suit] |= 1 << (card.rank - 2)
        self.leader: Seat = deal.leader
        self.to_play: Seat = deal.leader
        self.current: list[Card] = []
        self.tricks: list[Trick] = []
        self._winners: list[Seat] = []
        self._won = [0, 0]  # NS, EW
        self.revokes: list[Revoke] = []
        self._undo: list[_Undo] = []

    # -- construction from a record ---------------------------------------------------------
    @classmethod
    def from_history(cls, deal: Deal, history: str | Sequence[Trick], *, strict: bool = True) -> PlayState:
        """Replay a record of tricks; raises :class:`HistoryError` where it breaks the laws."""
        state = cls(deal, strict=strict)
        for n, trick in enumerate(parse_history(history), start=1):
            if trick.leader != state.to_play:
                raise HistoryError(f"trick {n} is led by {trick.leader.name}, but {state.to_play.name} should lead")
            for card in trick.cards:
                try:
                    state.play(card)
                except IllegalPlayError as exc:
                    raise HistoryError(f"trick {n}: {exc}") from None
        return state

    # -- queries ----------------------------------------------------------------------------
    def hand(self, seat: Seat) -> Hand:
        """The cards ``seat`` still holds."""
        m = self._masks[seat]
        return Hand(c for s in Suit for c in _cards_from_mask(s, m[s]))

    def holds(self, seat: Seat, card: Card) -> bool:
        return bool(self._masks[seat][card.suit] >> (card.rank - 2) & 1)

    @property
    def suit_led(self) -> Suit | None:
        return self.current[0].suit if self.current else None

    def legal_cards(self, seat: Seat | None = None) -> tuple[Card, ...]:
        """The cards the player to move may play: the suit led if he has it, else any card."""
        m = self._masks[self.to_play if seat is None else seat]
        if self.current:
            led = self.current[0].suit
            if m[led]:
                return _cards_from_mask(led, m[led])
        return _cards_from_mask(0, m[0]) + _cards_from_mask(1, m[1]) + _cards_from_mask(2, m[2]) + _cards_from_mask(3, m[3])

    def is_legal(self, card: Card) -> bool:
        try:
            self.verify_play(card)
        except IllegalPlayError:
            return False
        return True

    def verify_play(self, card: Card | str) -> Card:
        """Raise :class:`IllegalPlayError` naming the law if ``card`` may not be played now."""
        card = parse_card(card) if isinstance(card, str) else card
        if self.is_over:
            raise IllegalPlayError("the deal is over: all 13 tricks are played")
        seat = self.to_play
        m = self._masks[seat]
        if not m[card.suit] >> (card.rank - 2) & 1:
            raise IllegalPlayError(f"{seat.name} does not hold {card}")
        if self.strict and self.current:
            led = self.current[0].suit
            if card.suit != led and m[led]:
                raise IllegalPlayError(f"{seat.name}: {must_follow_suit(card, led, 'en')} ({LAW_FOLLOW_SUIT})")
        return card

    @property
    def is_over(self) -> bool:
        return len(self.tricks) == 13 or (not self.current and not any(self._masks[self.to_play]))

    @property
    def trick_number(self) -> int:
        """1-based number of the trick being played."""
        return len(self.tricks) + 1

    def tricks_won(self, side: Side) -> int:
        return self._won[0 if side is Side.NS else 1]

    @property
    def winners(self) -> tuple[Seat, ...]:
        return tuple(self._winners)

    def last_tricks(self, n: int = 2) -> tuple[Trick, ...]:
        """The tricks a player may look back at: only the last two (000 «Ошибки» 8)."""
        return tuple(self.tricks[-min(n, 2):]) if self.tricks else ()

    def history(self) -> str:
        parts = [str(t) for t in self.tricks]
        if self.current:
            parts.append(str(Trick(self.leader, tuple(self.current))))
        return " / ".join(parts)

    # -- actions ----------------------------------------------------------------------------
    def play(self, card: Card | str) -> Seat | None:
        """Play ``card`` for the player to move. Returns the trick's winner when it closes it."""
        card = self.verify_play(card)
        seat = self.to_play
        m = self._masks[seat]
        undo = _Undo(seat, card)
        if self.current and card.suit != self.current[0].suit and m[self.current[0].suit]:
            undo.revoke = Revoke(len(self.tricks) + 1, seat, card, self.current[0].suit)
            self.revokes.append(undo.revoke)
        m[card.suit] &= ~(1 << (card.rank - 2))
        self.current.append(card)
        self._undo.append(undo)
        if len(self.current) < 4:
            self.to_play = Seat((seat + 1) % 4)
            return None
        winner = trick_winner(self.leader, self.current, self.trump)
        undo.closed_trick = (self.leader, tuple(self.current), winner)
        self.tricks.append(Trick(self.leader, tuple(self.current)))
        self._winners.append(winner)
        self._won[0 if winner in (Seat.N, Seat.S) else 1] += 1
        self.current = []
        self.leader = self.to_play = winner
        return winner

    def accept_lead_out_of_turn(self, seat: Seat, card: Card | str) -> None:
        """``seat`` led out of turn and the opponents accept the card: it stands as the lead and
        play goes on from there (000 «Ошибки» 3: «противники имеют право или признать карту»)."""
        card = parse_card(card) if isinstance(card, str) else card
        if self.current:
            raise IllegalPlayError("a lead out of turn is made to an empty table")
        if seat == self.to_play:
            raise IllegalPlayError(f"{seat.name} is on lead: this is no lead out of turn")
        rightful = self.to_play
        self.leader = self.to_play = seat
        try:
            self.play(card)
        except IllegalPlayError:
            self.leader = self.to_play = rightful
            raise
        self._undo[-1].rightful_leader = rightful

    def undo(self) -> Card:
        """Take back the last card played."""
        if not self._undo:
            raise IllegalPlayError("nothing to undo")
        u = self._undo.pop()
        if u.closed_trick is not None:
            leader, cards, winner = u.closed_trick
            self.tricks.pop()
            self._winners.pop()
            self._won[0 if winner in (Seat.N, Seat.S) else 1] -= 1
            self.current = list(cards)
            self.leader = leader
        self.current.pop()
        if u.revoke is not None:
            self.revokes.remove(u.revoke)
        self._masks[u.seat][u.card.suit] |= 1 << (u.card.rank - 2)
        self.to_play = u.seat
        if u.rightful_leader is not None:
            self.leader = self.to_play = u.rightful_leader
        return u.card

    # -- claims -----------------------------------------------------------------------------
    def claim_is_certain(self) -> bool:
        """Whether the player on lead surely takes every remaining trick, however others play.

        A sufficient test: every trump he holds is higher than every other trump left and he has
        at least as many as anyone else (so leading them draws the rest), and in each other suit
        his lowest card beats every card of that suit still out.
        """
        if self.current or self.is_over:
            return False
        me = self.to_play
        mine = self._masks[me]
        for suit in Suit:
            if not mine[suit]:
                continue
            low = (mine[suit] & -mine[suit]).bit_length()  # lowest rank bit, 1-based
            others = 0
            for seat in Seat:
                if seat != me:
                    others |= self._masks[seat][suit]
            if others and others.bit_length() > low:
                return False
        if self.trump is not None:
            my_trumps = bin(mine[self.trump]).count("1")
            most = max(bin(self._masks[s][self.trump]).count("1") for s in Seat if s != me)
            non_trump = any(mine[s] for s in Suit if s != self.trump)
            if most and (my_trumps < most or (my_trumps == 0 and non_trump)):
                return False
        return True


def find_revokes(deal: Deal, history: str | Sequence[Trick]) -> list[Revoke]:
    """The revokes in a record of play supplied from outside (000 «Масти и взятки» 4).

    The record is replayed leniently: off-suit cards are allowed and each one played while the
    player held the suit led is reported. Other breaches (a card not held, out of turn) raise.
    """
    return list(PlayState.from_history(deal, history, strict=False).revokes)


