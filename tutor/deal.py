"""Deals: four hands, the dealer and the turned-up trump card.

The dealer deals one card at a time clockwise, starting with the player on his left; the very
last card is his own and is turned up: its suit is trumps and the card stays in his hand
(000 "Сдача" 8-9; 001 §3; 003 "Сдача"). The player on the dealer's left leads first
(000 "Сдача" 17).

Random deals are seeded, and can be constrained: hands or cards already known, the trump card
in the dealer's hand, suits a player has shown out of. Constrained deals are drawn uniformly
among all layouts that fit (:func:`sample_layout`), which the Monte-Carlo analysis relies on.
"""

from __future__ import annotations

import bisect
import math
import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from tutor.cards import CARDS, Card, Hand, Suit, parse_card, parse_suit
from tutor.errors import CardError, DealError, HandError, SeatError
from tutor.seats import Seat, parse_seat
from tutor.vocab import Lang

__all__ = ["Deal", "LayoutSampler", "sample_layout", "parse_trump"]


def parse_trump(text: str | Card | Suit | None) -> tuple[Suit | None, Card | None]:
    """Read ``--trump``: a suit (``H``, ``♥``), a card (``H7``), or ``NT``/``-`` for no trumps.

    Returns ``(suit, card)``; ``card`` is None when only the suit was given.
    """
    if text is None:
        return None, None
    if isinstance(text, Card):
        return text.suit, text
    if isinstance(text, Suit):
        return text, None
    t = text.strip()
    if t.upper() in ("NT", "N", "-", "NONE", "БК"):
        return None, None
    try:
        return parse_suit(t), None
    except CardError:
        pass
    try:
        card = parse_card(t)
    except CardError:
        raise DealError(f"not a trump: {text!r} (give a suit like H or ♥, or the trump card like H7)") from None
    return card.suit, card


@dataclass(frozen=True)
class Deal:
    """Four hands (indexed by :class:`Seat`), the dealer, and the trump suit and card.

    A complete deal has 13 cards a hand; an ending (as used by the solver) has fewer, the same
    number in each hand. ``trump`` is None for no-trump whist (002). When ``trump_card`` is
    given it must lie in the dealer's hand of a complete deal.
    """

    hands: tuple[Hand, Hand, Hand, Hand]
    dealer: Seat = Seat.E
    trump_card: Card | None = None
    trump: Suit | None = field(default=None)

    def __init__(
        self,
        hands: Mapping[Seat, Hand | str] | Iterable[Hand | str],
        dealer: Seat | str = Seat.E,
        trump_card: Card | str | None = None,
        trump: Suit | str | None = None,
    ) -> None:
        if isinstance(hands, Mapping):
            try:
                items = [hands[s] for s in Seat]
            except KeyError as exc:
                raise DealError(f"deal is missing the hand of {exc.args[0]}") from None
        else:
            items = list(hands)
        if len(items) != 4:
            raise DealError(f"a deal has four hands, got {len(items)}")
        parsed = tuple(h if isinstance(h, Hand) else Hand.parse(h) for h in items)
        dealer = parse_seat(dealer)
        if isinstance(trump_card, str):
            trump_card = parse_card(trump_card)
        if isinstance(trump, str):
            trump = parse_trump(trump)[0]
        if trump_card is not None:
            if trump is not None and trump != trump_card.suit:
                raise DealError(f"trump card {trump_card} is not of the trump suit {trump}")
            trump = trump_card.suit
        object.__setattr__(self, "hands", parsed)
        object.__setattr__(self, "dealer", dealer)
        object.__setattr__(self, "trump_card", trump_card)
        object.__setattr__(self, "trump", trump)
        self._validate()

    def _validate(self) -> None:
        sizes = {len(h) for h in self.hands}
        if len(sizes) != 1:
            detail = ", ".join(f"{s.name} {len(self.hands[s])}" for s in Seat)
            raise DealError(f"hands have different sizes: {detail}")
        size = sizes.pop()
        if size > 13:
            raise DealError(f"hands have {size} cards, at most 13")
        seen: dict[Card, Seat] = {}
        for seat in Seat:
            for card in self.hands[seat]:
                if card in seen:
                    raise DealError(f"card {card} is in both {seen[card].name} and {seat.name}")
                seen[card] = seat
        if self.trump_card is not None and size == 13 and self.trump_card not in self.hands[self.dealer]:
            raise DealError(
                f"the trump card {self.trump_card} must be in the dealer's ({self.dealer.name}) hand"
            )

    # -- parse / format ---------------------------------------------------------------------
    @classmethod
    def from_pbn(
        cls,
        text: str,
        dealer: Seat | str = Seat.E,
        trump_card: Card | str | None = None,
        trump: Suit | str | None = None,
    ) -> Deal:
        """Read ``N:hand hand hand hand`` (clockwise from the named seat).

        >>> Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765",
        ...               dealer="W", trump_card="C5").trump
        Suit.C
        """
        if not isinstance(text, str):
            raise DealError(f"not a deal: {text!r}")
        src = text.strip().strip('"')
        if len(src) < 2 or src[1] != ":":
            raise DealError(f"not a PBN deal: {text!r} (write N:hand hand hand hand)")
        try:
            first = parse_seat(src[0])
        except SeatError:
            raise DealError(f"not a PBN deal: {text!r} (starts with a seat: N, E, S or W)") from None
        parts = src[2:].split()
        if len(parts) != 4:
            raise DealError(f"a PBN deal has four hands, got {len(parts)}: {text!r}")
        hands: dict[Seat, Hand] = {}
        seat = first
        for part in parts:
            try:
                hands[seat] = Hand.parse(part)
            except HandError as exc:
                raise DealError(f"hand of {seat.name}: {exc}") from None
            seat = seat.next
        return cls(hands, dealer=dealer, trump_card=trump_card, trump=trump)

    def pbn(self, first: Seat | str = Seat.N) -> str:
        """PBN ``N:hand hand hand hand``, clockwise from ``first``."""
        first = parse_seat(first)
        seats = [Seat((first + i) % 4) for i in range(4)]
        return f"{first.name}:" + " ".join(self.hands[s].pbn() for s in seats)

    def __str__(self) -> str:
        return self.pbn()

    def __repr__(self) -> str:
        args = [repr(self.pbn()), f"dealer={self.dealer!r}"]
        if self.trump_card is not None:
            args.append(f"trump_card={self.trump_card!r}")
        else:
            args.append(f"trump={self.trump!r}")
        return f"Deal.from_pbn({', '.join(args)})"

    def diagram(self, lang: Lang = "en") -> str:
        """A text diagram: North on top, South at the bottom, suits in symbols."""
        def lines(seat: Seat) -> list[str]:
            return self.hands[seat].symbols(lang).split(" ")  # one suit a line

        width = 16
        out: list[str] = []
        for line in [Seat.N.label(lang)] + lines(Seat.N):
            out.append(" " * width + line)
        west, east = [Seat.W.label(lang)] + lines(Seat.W), [Seat.E.label(lang)] + lines(Seat.E)
        for w, e in zip(west, east):
            out.append(w.ljust(width * 2) + e)
        for line in [Seat.S.label(lang)] + lines(Seat.S):
            out.append(" " * width + line)
        trump = self.trump.symbol if self.trump is not None else ("без козырей" if lang == "ru" else "no trumps")
        card = f" ({self.trump_card.symbol(lang)})" if self.trump_card is not None else ""
        if lang == "ru":
            out.append(f"Сдаёт: {self.dealer.label(lang)}; козырь: {trump}{card}")
        else:
            out.append(f"Dealer: {self.dealer.label(lang)}; trumps: {trump}{card}")
        return "\n".join(out)

    # -- queries ----------------------------------------------------------------------------
    def __getitem__(self, seat: Seat) -> Hand:
        return self.hands[seat]

    @property
    def leader(self) -> Seat:
        """Who leads to the first trick: the player on the dealer's left (000 "Сдача" 17)."""
        return self.dealer.lho

    @property
    def size(self) -> int:
        return len(self.hands[0])

    def holder(self, card: Card | str) -> Seat:
        card = parse_card(card) if isinstance(card, str) else card
        for seat in Seat:
            if card in self.hands[seat]:
                return seat
        raise DealError(f"card {card} is not in this deal")

    def rotated_to(self, dealer: Seat) -> Deal:
        """The same cards with another dealer (the trump card stays where it lies only if that fits)."""
        card = self.trump_card if self.trump_card in self.hands[dealer] else None
        return Deal(self.hands, dealer=dealer, trump_card=card, trump=self.trump)

    # -- random deals -----------------------------------------------------------------------
    @classmethod
    def random(
        cls,
        seed: int | random.Random | None = None,
        *,
        dealer: Seat | str = Seat.E,
        fixed: Mapping[Seat, Hand | str] | None = None,
        trump_card: Card | str | None = None,
        voids: Mapping[Seat, Iterable[Suit]] | None = None,
    ) -> Deal:
        """A random deal, seeded for reproducibility.

        Unconstrained, it deals as the laws say: shuffle, deal clockwise from the dealer's left,
        turn up the last card (the dealer's) as the trump card. ``fixed`` pins whole hands,
        ``trump_card`` pins the turned-up card in the dealer's hand, ``voids`` keeps suits out of
        hands; the remaining cards are spread uniformly over all layouts that fit.
        """
        rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        dealer = parse_seat(dealer)
        if not fixed and trump_card is None and not voids:
            deck = list(CARDS)
            rng.shuffle(deck)
            hands: list[list[Card]] = [[], [], [], []]
            seat = dealer.lho
            for dealt in deck:
                hands[seat].append(dealt)
                seat = seat.next
            return cls([Hand(h) for h in hands], dealer=dealer, trump_card=deck[-1])
        fixed_hands = {parse_seat(s): (h if isinstance(h, Hand) else Hand.parse(h)) for s, h in (fixed or {}).items()}
        card = parse_card(trump_card) if isinstance(trump_card, str) else trump_card
        known: dict[Seat, list[Card]] = {s: list(h) for s, h in fixed_hands.items()}
        for s, h in fixed_hands.items():
            if len(h) != 13:
                raise DealError(f"fixed hand of {s.name} has {len(h)} cards, expected 13")
        if card is not None and dealer not in fixed_hands:
            known.setdefault(dealer, []).append(card)
        elif card is not None and card not in fixed_hands[dealer]:
            raise DealError(f"the trump card {card} must be in the dealer's ({dealer.name}) hand")
        layout = sample_layout(rng, known=known, sizes=dict.fromkeys(Seat, 13), voids=voids or {})
        if card is None:
            # The dealer's turned-up card is one of his cards, chosen as the deal would: at random.
            card = rng.choice(list(layout[dealer]))
        return cls(layout, dealer=dealer, trump_card=card)


def sample_layout(
    rng: random.Random,
    *,
    known: Mapping[Seat, Iterable[Card]],
    sizes: Mapping[Seat, int],
    voids: Mapping[Seat, Iterable[Suit]] | None = None,
    pool: Iterable[Card] | None = None,
) -> dict[Seat, Hand]:
    """Spread the unknown cards over the seats uniformly among all layouts that fit.

    ``known`` cards are already placed; each seat ends with ``sizes[seat]`` cards; a seat never
    receives a suit it is void in. ``pool`` is the set of unknown cards (default: every card not
    known). For many draws of one position, build a :class:`LayoutSampler` once instead.
    """
    hands = LayoutSampler(known=known, sizes=sizes, voids=voids, pool=pool).draw(rng)
    return dict(zip(Seat, hands))


class LayoutSampler:
    """Exact uniform layouts of the unseen cards, the counting tables built once per position.

    Draw how many cards of each suit each seat gets, weighted by the number of layouts behind that
    split (seats void in the suit get none), then shuffle the suit's cards into those places. The
    counting tables are memoised, so after the first draw of a position (about 25 ms for an
    opening lead) each further draw costs microseconds -- what the Monte-Carlo analysis needs.
    """

    def __init__(
        self,
        *,
        known: Mapping[Seat, Iterable[Card]],
        sizes: Mapping[Seat, int],
        voids: Mapping[Seat, Iterable[Suit]] | None = None,
        pool: Iterable[Card] | None = None,
    ) -> None:
        voids = voids or {}
        self.known = {s: tuple(known.get(s, ())) for s in Seat}
        placed = {c for cs in self.known.values() for c in cs}
        if len(placed) != sum(len(cs) for cs in self.known.values()):
            raise DealError("a known card is placed twice")
        unknown = [c for c in (CARDS if pool is None else pool) if c not in placed]
        need = {s: sizes.get(s, 0) - len(self.known[s]) for s in Seat}
        if any(n < 0 for n in need.values()) or sum(need.values()) != len(unknown):
            raise DealError(f"{len(unknown)} unseen cards do not fill the hands' {sum(need.values())} places")
        void_sets = {s: frozenset(parse_suit(v) if isinstance(v, str) else v for v in voids.get(s, ())) for s in Seat}
        for s in Seat:
            for c in self.known[s]:
                if c.suit in void_sets[s]:
                    raise DealError(f"{s.name} is void in {c.suit.symbol} but must hold {c}")
        self.seats = tuple(s for s in Seat if need[s] > 0)
        self.by_suit = tuple(tuple(c for c in unknown if c.suit == suit) for suit in Suit)
        self.eligible = tuple(
            tuple(i for i, s in enumerate(self.seats) if suit not in void_sets[s]) for suit in Suit
        )
        self.caps = tuple(need[s] for s in self.seats)
        #: The seats (indices into ``seats``) void in some suit from the i-th on, and the cards of
        #: those suits: what :meth:`ways` needs to know whether the multinomial count applies.
        self._void_from = tuple(
            frozenset(i for i in range(len(self.seats)) for j in range(suit_i, 4) if i not in self.eligible[j])
            for suit_i in range(4))
        self._left = tuple(sum(len(self.by_suit[j]) for j in range(suit_i, 4)) for suit_i in range(4))
        self._ways: dict[tuple[int, tuple[int, ...]], int] = {}
        self._options: dict[tuple[int, tuple[int, ...]], tuple[list[int], list[tuple[int, ...]], list[tuple[int, ...]]]] = {}
        self.total = self.ways(0, self.caps)
        if self.total == 0:
            raise DealError("no layout of the unseen cards fits what has been shown")

    def _splits(self, suit_i: int, remaining: tuple[int, ...]) -> list[tuple[int, tuple[int, ...], tuple[int, ...]]]:
        """(multinomial weight, split, rest) for every way to place this suit's cards."""
        n = len(self.by_suit[suit_i])
        eligible = self.eligible[suit_i]
        k = len(remaining)
        out: list[tuple[int, tuple[int, ...], tuple[int, ...]]] = []

        def rec(i: int, left: int, split: list[int], weight: int) -> None:
            if i == k:
                if left == 0:
                    out.append((weight, tuple(split), tuple(r - c for r, c in zip(remaining, split))))
                return
            top = min(left, remaining[i]) if i in eligible else 0
            for c in range(top + 1):
                split.append(c)
                rec(i + 1, left - c, split, weight * math.comb(left, c))
                split.pop()

        rec(0, n, [], 1)
        return out

    def ways(self, suit_i: int, remaining: tuple[int, ...]) -> int:
        """The number of layouts of suits ``suit_i``.. into the room ``remaining``."""
        if suit_i == 4:
            return 0 if any(remaining) else 1
        key = (suit_i, remaining)
        value = self._ways.get(key)
        if value is None:
            if not any(r and i in self._void_from[suit_i] for i, r in enumerate(remaining)):
                value = self._multinomial(suit_i, remaining)
            else:
                value = sum(w * self.ways(suit_i + 1, rest) for w, _, rest in self._splits(suit_i, remaining))
            self._ways[key] = value
        return value

    def _multinomial(self, suit_i: int, remaining: tuple[int, ...]) -> int:
        """The layouts of suits ``suit_i``.. when no seat with room left is void in any of them:
        the cards are then just so many different cards dealt into hands of the sizes left, a
        multinomial count -- no split of a suit to enumerate (building the counting tables of an
        opening lead, where nobody has shown a void, went from ~14 ms to microseconds)."""
        n = self._left[suit_i]
        if sum(remaining) != n:
            return 0
        value = 1
        for r in remaining:
            value *= math.comb(n, r)
            n -= r
        return value

    def _choices(self, suit_i: int,
                 remaining: tuple[int, ...]) -> tuple[list[int], list[tuple[int, ...]], list[tuple[int, ...]]]:
        key = (suit_i, remaining)
        table = self._options.get(key)
        if table is None:
            cum: list[int] = []
            splits: list[tuple[int, ...]] = []
            rests: list[tuple[int, ...]] = []
            acc = 0
            for w, split, rest in self._splits(suit_i, remaining):
                weight = w * self.ways(suit_i + 1, rest)
                if weight:
                    acc += weight
                    cum.append(acc)
                    splits.append(split)
                    rests.append(rest)
            table = (cum, splits, rests)
            self._options[key] = table
        return table

    def draw(self, rng: random.Random) -> tuple[Hand, Hand, Hand, Hand]:
        """One layout, every layout that fits being equally likely."""
        hands: dict[Seat, list[Card]] = {s: list(self.known[s]) for s in Seat}
        remaining = self.caps
        for suit_i in range(4):
            cum, splits, rests = self._choices(suit_i, remaining)
            j = bisect.bisect_right(cum, rng.randrange(cum[-1]))
            cards = list(self.by_suit[suit_i])
            rng.shuffle(cards)
            pos = 0
            for i, n in enumerate(splits[j]):
                if n:
                    hands[self.seats[i]].extend(cards[pos:pos + n])
                    pos += n
            remaining = rests[j]
        return Hand(hands[Seat.N]), Hand(hands[Seat.E]), Hand(hands[Seat.S]), Hand(hands[Seat.W])
