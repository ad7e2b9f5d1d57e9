"""What one seat sees of a deal in progress: the one type for it, :class:`SeatView`.

A whist player at the table sees his own cards, the turned-up trump card (000 «Сдача» 9: it lies
face up until the dealer plays it), who dealt, the tricks played so far and, in dummy whist, the
open dummy (000 «Болваны»). Nothing else: the other hands are hidden. Every part of the tutor that
asks "what does this seat know?" -- the conventions engine judging a card, a robot choosing one,
the Monte-Carlo analysis sampling the hidden hands, the session judging the student, the content
grading a puzzle, the pages drawing the table -- reads this one value, so the laws of a record of
tricks are checked in one place (:func:`check_record`, run when a view is built) and the law of
following suit is stated once (:func:`tutor.play.follow_suit`, behind :meth:`SeatView.legal_cards`).

Before issue 13 seven types held this idea (``play.TableView``, the conventions' ``Position``,
``simulate.StudentView``, ``robots.RobotView``, the UI's ``SeatView``, ``content.situation.Situation``
and the laws' ``_SouthView``), five of them replaying the record on their own. What a seat
*infers* from its view -- the conventions' :class:`tutor.conventions.position.Knowledge` (calls,
echoes, first discards) and the robots' card reading -- is built FROM a view and lives with the
rules that infer it.

A view is frozen and validated when built (a card played twice, a card the seat holds played by
another, a revoke by a seat whose hand is known, a trick led out of turn, the trump card in the
wrong hand, an unknown rule set: each raises a :class:`~tutor.errors.WhistError` subclass), so no
reader has to distrust it. It has a text form, ``SeatView.parse(str(view)) == view``::

    seat=S hand=KJ4.AQ32.T98.765 trump=C2 dealer=E | W:DK D4 D9 D2 / W:DA

and ``repr`` gives that call back.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Literal, TypeVar, cast

from tutor.cards import CARDS, Card, Hand, Suit
from tutor.deal import LayoutSampler, parse_trump
from tutor.errors import HistoryError, WhistError
from tutor.play import LAW_FOLLOW_SUIT, PlayState, Trick, follow_suit, parse_history
from tutor.rulesets import find_ruleset
from tutor.seats import Seat, Side, parse_seat
from tutor.standing import Standing
from tutor.vocab import RULESET_NAMES, RuleSetName

__all__ = ["SeatView", "PositionError", "check_record"]

_T = TypeVar("_T")


class PositionError(WhistError):
    """A view that cannot arise: the trump card in the wrong hand, an unknown rule set, …"""


_NO_HANDS: Mapping[Seat, Hand] = MappingProxyType({})


def _read_rules(text: str) -> RuleSetName:
    """A rule-set name as a view is given it (exactly one of the vocabulary's names)."""
    for name in RULESET_NAMES:
        if name == text:
            return name
    raise PositionError(f"unknown rule set {text!r} (expected one of {', '.join(RULESET_NAMES)})")


@dataclass(frozen=True)
class _Followed:
    """What walking a record of tricks under the laws yields (private to :func:`_follow`)."""

    winners: tuple[Seat, ...]
    voids: Mapping[Seat, frozenset[Suit]]
    gone: frozenset[Card]
    to_play: Seat
    current: Trick | None


def _follow(
    tricks: Sequence[Trick],
    trump: Suit | None,
    first_leader: Seat,
    known: Mapping[Seat, Hand],
    trump_card: Card | None,
) -> _Followed:
    """Check a record of tricks against the laws as far as the known hands allow (see
    :func:`check_record`) and return what the table has seen."""
    dealer = first_leader.rho
    played: set[Card] = set()
    voids: dict[Seat, set[Suit]] = {s: set() for s in Seat}
    winners: list[Seat] = []
    remaining = {s: set(h) for s, h in known.items()}
    holder = {c: s for s, h in known.items() for c in h}  # who holds each known card, looked up once
    leader = first_leader
    for n, trick in enumerate(tricks, start=1):
        if trick.leader != leader:
            raise HistoryError(f"trick {n} is led by {trick.leader.name}, but {leader.name} should lead")
        led = trick.suit_led
        for seat, card in trick.plays():
            if card in played:
                raise HistoryError(f"card {card} is played twice (trick {n})")
            played.add(card)
            if card.suit in voids[seat]:
                raise HistoryError(f"{seat.name} plays {card} in trick {n} after showing out of {card.suit.symbol}")
            if card == trump_card and seat != dealer:
                raise HistoryError(f"{seat.name} plays the trump card {card}, which lies in the dealer's ({dealer.name}) hand")
            owner = holder.get(card)
            if owner is not None and owner != seat:
                raise HistoryError(f"{seat.name} plays {card} in trick {n}, but {owner.name} holds it")
            if seat in remaining:
                if card not in remaining[seat]:
                    raise HistoryError(f"{seat.name} plays {card} in trick {n} but does not hold it")
                if card.suit != led and seat != trick.leader and any(c.suit == led for c in remaining[seat]):
                    raise HistoryError(
                        f"{seat.name} plays {card} in trick {n} while holding {led.symbol}: must follow suit ({LAW_FOLLOW_SUIT})"
                    )
                remaining[seat].discard(card)
            if seat != trick.leader and card.suit != led:
                voids[seat].add(led)
        if trick.complete:
            leader = trick.winner(trump)
            winners.append(leader)
    if trump_card is not None and trump_card not in played and trump_card.suit in voids[dealer]:
        raise HistoryError(
            f"{dealer.name} shows out of {trump_card.suit.symbol} but still holds the turned-up trump card {trump_card}"
        )
    current = tricks[-1] if tricks and not tricks[-1].complete else None
    next_seat = Seat((current.leader + len(current.cards)) % 4) if current else leader
    return _Followed(
        winners=tuple(winners),
        voids=MappingProxyType({s: frozenset(v) for s, v in voids.items()}),
        gone=frozenset(played),
        to_play=next_seat,
        current=current,
    )


def check_record(
    tricks: Sequence[Trick] | str,
    trump: Suit | None,
    first_leader: Seat,
    *,
    known: Mapping[Seat, Hand] | None = None,
    trump_card: Card | None = None,
) -> None:
    """Check a record of tricks against the laws as far as the known hands allow.

    Each trick must be led by the winner of the one before (the first by ``first_leader``), no
    card may appear twice, a player who showed out of a suit cannot follow it later, and a seat
    whose hand is ``known`` must hold each card it plays and follow suit. The turned-up
    ``trump_card`` lies in the dealer's hand (the seat before ``first_leader``, 000 «Сдача» 9,
    17): nobody else may play it, and the dealer cannot show out of trumps while he holds it.
    Raises :class:`~tutor.errors.HistoryError` naming the trick. A :class:`SeatView` runs the same
    check when it is built; this is for a record no seat looks at (a lesson's diagram).
    """
    _follow(parse_history(tricks), trump, first_leader, known or {}, trump_card)


_TOKEN = re.compile(r"^(seat|hand|trump|dealer|rules|open|standing)=(\S*)$")


@dataclass(frozen=True)
class SeatView:
    """What ``seat`` sees at one moment of a deal: its own cards, the trump, the dealer, the tricks.

    ``hand`` is the seat's ORIGINAL cards (13 in a whole deal); what it still holds is
    :attr:`remaining`. ``trump_card`` is the turned-up card (None when only the trump suit is
    known); ``trump`` is None for no-trump whist (002). ``played`` holds the complete tricks and
    the one in progress. ``exposed`` the ORIGINAL cards of seats whose hands lie open (a dummy).
    ``rules`` names the rule set of the table. ``standing`` is the score of the game in progress
    before the deal (:class:`~tutor.standing.Standing`; None when not known): written on the sheet
    for all to see, it is public, and the books play to it (Cavendish ch. 35, "playing to the
    score"); the rule set says what it is worth. The first trick is led by the dealer's left.

    The rest is derived once, when the view is built: :attr:`to_play`, :attr:`current` (the
    trick in progress), :attr:`winners`, :attr:`voids`, :attr:`gone`, :attr:`sizes`.

    >>> v = SeatView.build(hand="KJ4.AQ32.T98.765", trump="C7", played="W:DK D4 D2")
    >>> v.to_play, [str(c) for c in v.legal_cards()]
    (Seat.S, ['DT', 'D9', 'D8'])
    """

    hand: Hand
    trump_card: Card | None
    trump: Suit | None
    dealer: Seat
    played: tuple[Trick, ...] = ()
    seat: Seat = Seat.S
    rules: RuleSetName = "russian"
    exposed: Mapping[Seat, Hand] = field(default_factory=lambda: _NO_HANDS, hash=False)
    standing: Standing | None = None
    # -- derived in __post_init__ -------------------------------------------------------------
    remaining: Hand = field(init=False, repr=False, compare=False)  #: the seat's cards still held
    to_play: Seat = field(init=False, repr=False, compare=False)  #: the seat to play next
    current: Trick | None = field(init=False, repr=False, compare=False)  #: the trick in progress
    winners: tuple[Seat, ...] = field(init=False, repr=False, compare=False)  #: of the complete tricks
    voids: Mapping[Seat, frozenset[Suit]] = field(init=False, repr=False, compare=False)  #: suits each seat showed out of
    gone: frozenset[Card] = field(init=False, repr=False, compare=False)  #: every card played, the trick in progress too
    sizes: Mapping[Seat, int] = field(init=False, repr=False, compare=False)  #: cards each seat holds (the table counts)
    _memo: dict[str, object] = field(init=False, repr=False, compare=False, hash=False, default_factory=dict)

    def __post_init__(self) -> None:
        if not isinstance(self.hand, Hand) or not 1 <= len(self.hand) <= 13:
            n = len(self.hand) if isinstance(self.hand, Hand) else "?"
            raise PositionError(f"the seat's original hand must have 1 to 13 cards, got {n}")
        _read_rules(self.rules)  # a view built by hand from untyped data is checked too
        if self.standing is not None:
            if not isinstance(self.standing, Standing):
                raise PositionError(f"a view's standing is a Standing, not {type(self.standing).__name__}")
            target = find_ruleset(self.rules).game_target
            for side in Side:
                if self.standing.of(side) >= target:
                    raise PositionError(f"{side.value} stands at {self.standing.of(side)}: at {target} the game "
                                        f"({self.rules} rules) is already won, so no deal of it is in progress")
        if self.trump_card is not None:
            if self.trump is not None and self.trump_card.suit != self.trump:
                raise PositionError(f"trump card {self.trump_card} is not of the trump suit {self.trump}")
            object.__setattr__(self, "trump", self.trump_card.suit)
            if self.dealer == self.seat and self.trump_card not in self.hand:
                raise PositionError(
                    f"the trump card {self.trump_card} belongs to the dealer ({self.dealer.name}), "
                    f"who is the student, but it is not in the hand"
                )
            if self.dealer != self.seat and self.trump_card in self.hand:
                raise PositionError(
                    f"the trump card {self.trump_card} is in the student's hand, "
                    f"but it belongs to the dealer ({self.dealer.name})"
                )
        object.__setattr__(self, "played", tuple(self.played))
        exposed = {s: h for s, h in self.exposed.items() if s != self.seat}
        object.__setattr__(self, "exposed", MappingProxyType(exposed) if exposed else _NO_HANDS)
        seen = _follow(self.played, self.trump, self.dealer.lho, {self.seat: self.hand, **exposed}, self.trump_card)
        by_seat: dict[Seat, int] = dict.fromkeys(Seat, 0)
        for trick in self.played:
            for s in trick.seats():
                by_seat[s] += 1
        mine = [c for t in self.played for s, c in t.plays() if s == self.seat]
        size = len(self.hand)
        object.__setattr__(self, "remaining", self.hand.without(*mine) if mine else self.hand)
        object.__setattr__(self, "to_play", seen.to_play)
        object.__setattr__(self, "current", seen.current)
        object.__setattr__(self, "winners", seen.winners)
        object.__setattr__(self, "voids", seen.voids)
        object.__setattr__(self, "gone", seen.gone)
        object.__setattr__(self, "sizes", MappingProxyType({s: size - by_seat[s] for s in Seat}))

    # -- construction -------------------------------------------------------------------------
    @classmethod
    def build(
        cls,
        *,
        hand: Hand | str,
        trump: str | Suit | Card | None,
        played: str | Sequence[Trick] | None = None,
        dealer: Seat | str | None = None,
        seat: Seat | str = Seat.S,
        rules: RuleSetName | str = "russian",
        exposed: Mapping[Seat, Hand] | None = None,
        standing: Standing | str | None = None,
    ) -> SeatView:
        """Read a view from text, as the CLI and the content files give it.

        ``trump`` is a suit (``H``) or the turned-up card (``H7``); ``played`` is a history
        (``W:DK D4 D9 D2 / …``). Without ``dealer`` it is inferred: the first trick's leader sits on
        the dealer's left; with no tricks the dealer is E, so that S (the student) leads.
        ``standing`` is the score of the game, ``NS=4,EW=2`` (:meth:`Standing.parse`).

        >>> SeatView.build(hand="KJ4.AQ32.T98.765", trump="C2").dealer
        Seat.E
        """
        h = Hand.parse(hand, size=13) if isinstance(hand, str) else hand
        trump_suit, trump_card = parse_trump(trump)
        tricks = tuple(parse_history(played)) if played is not None else ()
        seat_ = parse_seat(seat)
        if dealer is not None:
            dealer_ = parse_seat(dealer)
        elif tricks:
            dealer_ = tricks[0].leader.rho
        else:
            dealer_ = Seat.E
        score = Standing.parse(standing) if isinstance(standing, str) else standing
        return cls(h, trump_card, trump_suit, dealer_, tricks, seat_, _read_rules(rules), exposed or _NO_HANDS, score)

    @classmethod
    def from_state(cls, state: PlayState, seat: Seat, *, exposed: Iterable[Seat] = (),
                   rules: RuleSetName | str = "russian", standing: Standing | None = None) -> SeatView:
        """Copy from a whole deal in play only what ``seat`` may see: its own cards, the trump
        card, the tricks, the hands of the ``exposed`` seats (a dummy), and the score of the game
        (``standing``, from the score sheet, which every player sees)."""
        deal = state.deal
        tricks = list(state.tricks)
        if state.current:
            tricks.append(Trick(state.leader, tuple(state.current)))
        opened = {s: deal.hands[s] for s in exposed if s != seat}
        if state.strict and not state.revokes and standing is None:  # every card was checked by the laws as it was played
            return cls._vouched(state, seat, tuple(tricks), _read_rules(rules), opened)
        return cls(deal.hands[seat], deal.trump_card, deal.trump, deal.dealer, tuple(tricks), seat, _read_rules(rules),
                   MappingProxyType(opened), standing)

    @classmethod
    def _vouched(cls, state: PlayState, seat: Seat, tricks: tuple[Trick, ...], rules: RuleSetName,
                 opened: Mapping[Seat, Hand]) -> SeatView:
        """The view of a strict play state without a revoke, built without walking the record under
        the laws again: the state checked each card as it was played (:meth:`PlayState.verify_play`),
        and its deal when it was dealt, so :func:`check_record` could find nothing -- and a robot
        builds a view for every card it plays (the walk was a quarter of its time). The view is the
        very one the checked constructor builds (``tests/test_seatview.py`` compares them)."""
        deal = state.deal
        view = object.__new__(cls)
        put = object.__setattr__
        voids: dict[Seat, set[Suit]] = {s: set() for s in Seat}
        by_seat: dict[Seat, int] = dict.fromkeys(Seat, 0)
        gone: set[Card] = set()
        for trick in tricks:
            led = trick.suit_led
            for s, card in trick.plays():
                gone.add(card)
                by_seat[s] += 1
                if card.suit != led:
                    voids[s].add(led)
        size = len(deal.hands[seat])
        for name, value in (
            ("hand", deal.hands[seat]), ("trump_card", deal.trump_card), ("trump", deal.trump), ("dealer", deal.dealer),
            ("played", tricks), ("seat", seat), ("rules", rules),
            ("exposed", MappingProxyType(dict(opened)) if opened else _NO_HANDS), ("standing", None),
            ("remaining", state.hand(seat)), ("to_play", state.to_play),
            ("current", tricks[-1] if state.current else None), ("winners", state.winners),
            ("voids", MappingProxyType({s: frozenset(v) for s, v in voids.items()})), ("gone", frozenset(gone)),
            ("sizes", MappingProxyType({s: size - by_seat[s] for s in Seat})), ("_memo", {}),
        ):
            put(view, name, value)
        return view

    @classmethod
    def parse(cls, text: str) -> SeatView:
        """Read the text form ``seat=S hand=… trump=C2 dealer=E [rules=…] [standing=NS=4,EW=2]
        [open=N:…] | <tricks>`` (the part after ``|`` is a history, :func:`tutor.play.parse_history`;
        ``trump=NT`` for no trumps; ``open=`` once per exposed hand)."""
        head, _, tail = text.partition("|")
        values: dict[str, str] = {}
        opened: dict[Seat, Hand] = {}
        for token in head.split():
            m = _TOKEN.match(token)
            if m is None:
                raise PositionError(f"not a part of a seat view: {token!r} in {text!r} "
                                    "(write e.g. seat=S hand=KJ4.AQ32.T98.765 trump=C2 dealer=E | W:DK D4)")
            key, value = m.group(1), m.group(2)
            if key == "open":
                who, _, cards = value.partition(":")
                opened[parse_seat(who)] = Hand.parse(cards)
            elif key in values:
                raise PositionError(f"{key}= is given twice in {text!r}")
            else:
                values[key] = value
        missing = [k for k in ("hand", "trump") if k not in values]
        if missing:
            raise PositionError(f"a seat view needs {', '.join(k + '=' for k in missing)} in {text!r}")
        return cls.build(hand=Hand.parse(values["hand"]), trump=values["trump"], played=tail,
                         dealer=values.get("dealer"), seat=values.get("seat", "S"),
                         rules=values.get("rules", "russian"), exposed=opened, standing=values.get("standing"))

    def __str__(self) -> str:
        trump = str(self.trump_card) if self.trump_card is not None else (str(self.trump) if self.trump else "NT")
        parts = [f"seat={self.seat.name}", f"hand={self.hand}", f"trump={trump}", f"dealer={self.dealer.name}"]
        if self.rules != "russian":
            parts.append(f"rules={self.rules}")
        if self.standing is not None:
            parts.append(f"standing={self.standing}")
        parts += [f"open={s.name}:{h}" for s, h in sorted(self.exposed.items())]
        history = self.history()
        return " ".join(parts) + (f" | {history}" if history else "")

    def __repr__(self) -> str:
        return f"SeatView.parse({str(self)!r})"

    # -- what the table shows -----------------------------------------------------------------
    def history(self) -> str:
        """The record of play as the seat saw it (``W:DK D4 D9 D2 / W:DA``)."""
        return " / ".join(str(t) for t in self.played)

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The complete tricks."""
        return self.played[: len(self.winners)]

    @property
    def on_table(self) -> tuple[Card, ...]:
        """The cards of the trick in progress (none when a trick is to be led)."""
        return self.current.cards if self.current is not None else ()

    @property
    def leader(self) -> Seat:
        """Who led the trick in progress, or leads the next one."""
        return self.current.leader if self.current is not None else self.to_play

    @property
    def suit_led(self) -> Suit | None:
        return self.current.suit_led if self.current is not None else None

    def tricks_won(self, side: Side) -> int:
        return sum(1 for w in self.winners if w.side is side)

    @property
    def won(self) -> tuple[int, int]:
        """Complete tricks won by NS and by EW."""
        return self.tricks_won(Side.NS), self.tricks_won(Side.EW)

    @property
    def is_lead(self) -> bool:
        """No trick is in progress: the next card is a lead."""
        return self.current is None

    @property
    def kind(self) -> Literal["lead", "play"]:
        """``lead`` when the seat leads to a trick, ``play`` when it follows."""
        return "lead" if self.current is None else "play"

    @property
    def is_over(self) -> bool:
        """All the seat's cards are played."""
        return not self.remaining

    def legal_cards(self) -> tuple[Card, ...]:
        """The cards the seat may play now: the suit led if it holds it, else any (000 «Масти и
        взятки» 1-2, :func:`tutor.play.follow_suit`). Empty when it is not the seat's turn."""
        if self.to_play != self.seat:
            return ()
        return follow_suit(self.remaining, self.suit_led)

    def with_play(self, card: Card) -> SeatView:
        """The view after the seat to play plays ``card`` (checked like any view)."""
        tricks = list(self.played)
        if tricks and not tricks[-1].complete:
            last = tricks.pop()
            tricks.append(Trick(last.leader, last.cards + (card,)))
        else:
            tricks.append(Trick(self.to_play, (card,)))
        return SeatView(self.hand, self.trump_card, self.trump, self.dealer, tuple(tricks), self.seat, self.rules,
                        self.exposed, self.standing)

    # -- the hidden hands ---------------------------------------------------------------------
    def open_hands(self) -> dict[Seat, Hand]:
        """The cards still held by the seats whose hands lie open (a dummy)."""
        out: dict[Seat, Hand] = {}
        for s, h in self.exposed.items():
            theirs = [c for t in self.played for p, c in t.plays() if p == s]
            out[s] = h.without(*theirs) if theirs else h
        return out

    def known(self) -> dict[Seat, tuple[Card, ...]]:
        """Cards whose place this seat knows: its own, an open hand's, the dealer's trump card."""
        known: dict[Seat, tuple[Card, ...]] = {self.seat: self.remaining.cards}
        for s, h in self.open_hands().items():
            known[s] = h.cards
        card = self.trump_card
        if card is not None and card not in self.gone and self.dealer not in known:
            known[self.dealer] = (card,)
        return known

    def others_voids(self) -> dict[Seat, frozenset[Suit]]:
        """The suits each other seat has shown out of (only the seats that have)."""
        return {s: v for s, v in self.voids.items() if s != self.seat and v}

    def unseen(self) -> tuple[Card, ...]:
        """The cards neither played nor placed by :meth:`known`, in deck order."""
        placed = {c for cs in self.known().values() for c in cs}
        return tuple(c for c in CARDS if c not in self.gone and c not in placed)

    def layout_sampler(self) -> LayoutSampler:
        """Exact uniform layouts of the hidden cards that fit what this seat has seen (raises
        :class:`~tutor.errors.DealError` when none does)."""
        return LayoutSampler(known=self.known(), sizes=dict(self.sizes), voids=self.others_voids(), pool=self.unseen())

    # -- what readers derive from the view ----------------------------------------------------
    def memo(self, key: str, build: Callable[[SeatView], _T]) -> _T:
        """``build(self)``, computed once per view and kept with it: what a higher layer derives
        from the view (the conventions' knowledge) is read many times per decision."""
        try:
            return cast(_T, self._memo[key])
        except KeyError:
            value = self._memo[key] = build(self)
            return value
