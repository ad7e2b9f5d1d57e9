"""Histories that make sense: every card of an item's ``played`` tricks is one a good player plays.

A puzzle teaches by example twice: by its answer, and by the tricks it shows before the question.
A history in which West plays his king second hand, or South opens the ace from ace-king-queen,
teaches the wrong card while it asks for the right one (content review D-14; issue 10 point 4).
So every card of the history -- South's and the three hidden hands' -- must be the conventions
engine's card for that seat at that moment, or one it rates ``equal``; otherwise the item names
the card as a deliberate mistake and says why (``deliberate: [{card: "W:SK", reason: …}]``).

To judge West's card the engine needs West's hand, and an item gives only South's. The item
therefore carries a hidden full deal (``deal:``), never shown before the answer of a card
question (:func:`tutor.ui.components.item_board` and the worksheet draw the whole deal only for
honours and score questions). :func:`find_deal` finds such a deal automatically -- it samples
the unseen cards consistent with South's hand, the cards played, the voids shown and the trump
card in the dealer's hand, and keeps the first deal in which every card is conventional --
and :func:`write_deal` writes it into the item's file without touching anything else.

The engine changes as the conventions are refined, so the finder is re-runnable:
``python -m tutor check --find-deals PATH`` replaces a deal that no longer proves its history.
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from tutor.cards import CARDS, Card, Hand, Suit
from tutor.content.engine import advise_position
from tutor.content.loader import Located
from tutor.content.models import Item
from tutor.deal import Deal
from tutor.errors import WhistError
from tutor.play import PlayState, Trick
from tutor.seats import Seat
from tutor.seatview import SeatView
from tutor.vocab import System

__all__ = [
    "CardCheck",
    "DealSearch",
    "check_seat",
    "check_history",
    "unconventional",
    "deliberate_cards",
    "find_deal",
    "write_deal",
]

#: The hidden seats (the student sits South).
HIDDEN: tuple[Seat, ...] = (Seat.N, Seat.E, Seat.W)


@dataclass(frozen=True)
class CardCheck:
    """The engine's judgement of one card of a history.

    ``conventional`` when the card is the engine's card for ``seat`` at that moment or one it
    rates ``equal``; otherwise ``maxim`` is the maxim the card breaks (the one the engine cites
    against it) and ``engine_card`` the card it would play.
    """

    trick: int
    seat: Seat
    card: Card
    conventional: bool
    engine_card: Card | None
    maxim: str | None

    def message(self) -> str:
        """``trick 2, West's ♠K is not conventional: second-hand-low (the engine plays ♠4)``."""
        head = f"trick {self.trick}, {self.seat.label('en')}'s {self.card.symbol('en')}"
        if self.conventional:
            return f"{head} is conventional"
        engine = f" (the engine plays {self.engine_card.symbol('en')})" if self.engine_card is not None else ""
        return f"{head} is not conventional: {self.maxim or 'no maxim'}{engine}"


def _before(tricks: Sequence[Trick], n: int, i: int) -> tuple[Trick, ...]:
    """The tricks seen before the ``i``-th card of trick ``n`` (0-based): the finished ones and
    the cards already on the table."""
    done = tuple(tricks[:n])
    if i == 0:
        return done
    return done + (Trick(tricks[n].leader, tricks[n].cards[:i]),)


def check_seat(
    hand: Hand,
    seat: Seat,
    tricks: Sequence[Trick],
    trump: Card,
    dealer: Seat,
    *,
    rules: str = "russian",
    system: System = "russian",
) -> list[CardCheck]:
    """Judge every card ``seat`` played in ``tricks``, holding ``hand`` (its 13 cards as dealt).

    Each card is judged from that seat: ``SeatView.build(hand=…, played=<what was seen before
    the card>, seat=seat)``, and the engine's advice for it (:func:`advise_position`).
    """
    out: list[CardCheck] = []
    for n, trick in enumerate(tricks):
        for i, (s, card) in enumerate(trick.plays()):
            if s != seat:
                continue
            before = _before(tricks, n, i)
            try:
                pos = SeatView.build(hand=hand, trump=trump, played=before or None, dealer=dealer, seat=seat,
                                     rules=rules)
                advice = advise_position(pos, system)
            except WhistError as exc:
                out.append(CardCheck(n + 1, seat, card, False, None, f"the engine refused the position: {exc}"))
                continue
            verdict = next((c for c in advice.candidates if c.card == card), None)
            ok = card == advice.card or (verdict is not None and verdict.verdict == "equal")
            maxim = None
            if not ok:
                maxim = (verdict.maxims[0] if verdict is not None and verdict.maxims
                         else advice.maxims[0] if advice.maxims else None)
            out.append(CardCheck(n + 1, seat, card, ok, advice.card, maxim))
    return out


def deliberate_cards(item: Item) -> frozenset[tuple[Seat, Card]]:
    """The cards the item names as deliberate mistakes (``deliberate:``)."""
    return frozenset(d.seat_card for d in item.deliberate)


def check_history(item: Item, deal: Deal, seats: Iterable[Seat] = tuple(Seat)) -> list[CardCheck]:
    """Judge every card the given seats played in the item's history, on ``deal``."""
    tricks = item.tricks_played
    out: list[CardCheck] = []
    for seat in seats:
        out.extend(check_seat(deal.hands[seat], seat, tricks, item.trump_card, item.dealer_seat,
                              rules=item.rules, system=item.system))
    return sorted(out, key=lambda c: (c.trick, (c.seat - tricks[c.trick - 1].leader) % 4))


def unconventional(item: Item, deal: Deal | None = None) -> list[CardCheck]:
    """The cards of the history that are neither conventional nor named ``deliberate``."""
    deal = deal if deal is not None else item.full_deal()
    if deal is None or not item.played:
        return []
    excused = deliberate_cards(item)
    return [c for c in check_history(item, deal) if not c.conventional and (c.seat, c.card) not in excused]


# -- the finder ------------------------------------------------------------------------------

@dataclass(frozen=True)
class _Constraints:
    """What the history fixes about the hidden hands."""

    played: Mapping[Seat, frozenset[Card]]
    voids: Mapping[Seat, frozenset[Suit]]
    fixed: Mapping[Seat, frozenset[Card]]  # unplayed cards known to be in a hand (the trump card)
    pool: tuple[Card, ...]  # the unseen, unplayed cards to distribute

    def need(self, seat: Seat) -> int:
        return 13 - len(self.played[seat]) - len(self.fixed[seat])

    def allowed(self, seat: Seat, card: Card) -> bool:
        return card.suit not in self.voids[seat]


def _constraints(item: Item) -> _Constraints:
    tricks = item.tricks_played
    south = item.student_hand
    played: dict[Seat, set[Card]] = {s: set() for s in Seat}
    voids: dict[Seat, set[Suit]] = {s: set() for s in Seat}
    for trick in tricks:
        for seat, card in trick.plays():
            played[seat].add(card)
            if card.suit != trick.suit_led:
                voids[seat].add(trick.suit_led)
    trump = item.trump_card
    fixed: dict[Seat, set[Card]] = {s: set() for s in Seat}
    dealer = item.dealer_seat
    if dealer != Seat.S and trump not in played[dealer]:
        holder = next((s for s in Seat if trump in played[s]), None)
        if holder is not None:
            raise WhistError(f"the trump card {trump} lies in the dealer's ({dealer.name}) hand, "
                             f"but {holder.name} played it")
        if trump.suit in voids[dealer]:
            raise WhistError(f"the dealer {dealer.name} showed out of trumps but holds the trump card {trump}")
        fixed[dealer].add(trump)
    seen = set(south) | {c for s in HIDDEN for c in played[s]} | {c for s in HIDDEN for c in fixed[s]}
    pool = tuple(c for c in CARDS if c not in seen)
    return _Constraints({s: frozenset(v) for s, v in played.items()}, {s: frozenset(v) for s, v in voids.items()},
                        {s: frozenset(v) for s, v in fixed.items()}, pool)


def _distribute(cards: Sequence[Card], seats: Sequence[Seat], need: Mapping[Seat, int], con: _Constraints,
                rng: random.Random, tries: int = 50) -> dict[Seat, list[Card]] | None:
    """Deal ``cards`` at random to ``seats``, each getting ``need[seat]``, no card of a suit the
    seat showed out of. None when no such deal was found."""
    order = sorted(cards, key=lambda c: (sum(con.allowed(s, c) for s in seats), rng.random()))
    for _ in range(tries):
        left = dict(need)
        out: dict[Seat, list[Card]] = {s: [] for s in seats}
        for card in order:
            options = [s for s in seats if left[s] > 0 and con.allowed(s, card)]
            if not options:
                break
            weights = [left[s] for s in options]
            seat = rng.choices(options, weights)[0]
            out[seat].append(card)
            left[seat] -= 1
        else:
            return out
    return None


@dataclass
class DealSearch:
    """The finder's result for one item."""

    deal: Deal | None  #: a deal in which every card of the hidden seats is conventional, or None
    south: list[CardCheck] = field(default_factory=list)  #: South's own unconventional cards
    best: Deal | None = None  #: when none was found: the deal with the fewest unconventional cards
    best_failures: list[CardCheck] = field(default_factory=list)
    iterations: int = 0
    seconds: float = 0.0

    @property
    def found(self) -> bool:
        return self.deal is not None


def find_deal(item: Item, *, seed: int = 0, seconds: float = 10.0, max_iterations: int = 20000) -> DealSearch:
    """Search a hidden deal for ``item`` in which every card of N, E and W is conventional.

    The unseen cards are dealt at random consistent with South's hand, the cards played, the
    voids shown and the trump card in the dealer's hand; a seat whose cards are all conventional
    keeps its hand while the failing seats (with one other, so that cards can move) are dealt
    again -- each seat's cards depend only on its own hand. South's cards are judged too, but no
    deal can change them: they are reported in ``south``.
    """
    start = time.monotonic()
    tricks = item.tricks_played
    excused = deliberate_cards(item)
    result = DealSearch(None)
    result.south = [c for c in check_seat(item.student_hand, Seat.S, tricks, item.trump_card, item.dealer_seat,
                                          rules=item.rules, system=item.system)
                    if not c.conventional and (c.seat, c.card) not in excused]
    con = _constraints(item)
    rng = random.Random(seed)
    cache: dict[tuple[Seat, frozenset[Card]], list[CardCheck]] = {}

    def failures(seat: Seat, hidden: Sequence[Card]) -> list[CardCheck]:
        key = (seat, frozenset(hidden))
        if key not in cache:
            hand = Hand([*con.played[seat], *con.fixed[seat], *hidden])
            cache[key] = [c for c in check_seat(hand, seat, tricks, item.trump_card, item.dealer_seat,
                                                rules=item.rules, system=item.system)
                          if not c.conventional and (c.seat, c.card) not in excused]
        return cache[key]

    need = {s: con.need(s) for s in HIDDEN}
    hands = _distribute(con.pool, HIDDEN, need, con, rng, tries=500)
    if hands is None:
        raise WhistError("no deal fits the history: the voids shown leave the unseen cards nowhere to go")
    best_count = None
    for it in range(max_iterations):
        result.iterations = it + 1
        bad = {s: failures(s, hands[s]) for s in HIDDEN}
        count = sum(len(v) for v in bad.values())
        if best_count is None or count < best_count:
            best_count = count
            result.best = _deal(item, con, hands)
            result.best_failures = sorted((c for v in bad.values() for c in v), key=lambda c: c.trick)
        if count == 0:
            result.deal = result.best
            break
        if time.monotonic() - start > seconds:
            break
        group = [s for s in HIDDEN if bad[s]]
        others = [s for s in HIDDEN if s not in group]
        if others and (len(group) == 1 or rng.random() < 0.3):
            group.append(rng.choice(others))
        cards = [c for s in group for c in hands[s]]
        again = _distribute(cards, group, {s: need[s] for s in group}, con, rng)
        if again is not None:
            hands = {**hands, **again}
    result.seconds = time.monotonic() - start
    return result


def _deal(item: Item, con: _Constraints, hidden: Mapping[Seat, Sequence[Card]]) -> Deal:
    hands = {s: Hand([*con.played[s], *con.fixed[s], *hidden[s]]) for s in HIDDEN}
    hands[Seat.S] = item.student_hand
    deal = Deal(hands, dealer=item.dealer_seat, trump_card=item.trump_card)
    PlayState.from_history(deal, item.tricks_played)  # the history must replay on it (never fails by construction)
    return deal


# -- writing the deal into the file ------------------------------------------------------------

_DEAL_LINE = re.compile(r"^(\s*)deal:\s*.*$")


def write_deal(loc: Located[Item], deal: Deal) -> None:
    """Write ``deal:`` into the item's file: replace the item's deal line, or add one after its
    ``hand:`` line with the same indentation. Nothing else in the file changes."""
    path = Path(loc.path)
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    text = f'deal: "{deal.pbn()}"'
    if loc.item.deal is not None:
        at = loc.line_of("deal") - 1
        m = _DEAL_LINE.match(lines[at].rstrip("\n"))
        if m is None:
            raise WhistError(f"{loc.path}:{at + 1}: the deal is not on one line; cannot rewrite it")
        lines[at] = f"{m.group(1)}{text}\n"
    else:
        at = loc.line_of("hand") - 1
        hand_line = lines[at]
        m = re.match(r"^(\s*)(-\s+)?hand:", hand_line)
        if m is None:
            raise WhistError(f"{loc.path}:{at + 1}: cannot find the hand: line of {loc.item.hand}")
        indent = m.group(1) + (" " * len(m.group(2)) if m.group(2) else "")
        newline = "\n" if hand_line.endswith("\n") else ""
        lines.insert(at + 1, f"{indent}{text}{newline or chr(10)}")
    path.write_text("".join(lines), encoding="utf-8")
