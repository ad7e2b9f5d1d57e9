"""Robot players that follow the maxims, and say which one each card obeys.

Trickster Whist players complain when robots break the maxims (anchors.md); ours play by the
conventions engine (:func:`tutor.conventions.advice.advise`) from their OWN seat: their own 13
cards, the turned-up trump card (which every player saw, 000 «Сдача» 9), the tricks played and
an exposed dummy when there is one. A robot never looks at a hidden hand: :class:`RobotView` is
built from a :class:`~tutor.play.PlayState` by copying only what that seat may see, and the
decision (:meth:`Robot.decide`) receives nothing else.

Where no maxim decides -- the engine ranks several cards "equal" -- the robot falls back to a
small double-dummy sample: a few layouts of the unseen cards consistent with what it has seen
(:class:`tutor.deal.LayoutSampler`: the trump card stays with the dealer until played, shown voids
respected), each solved by DDS (:func:`tutor.solver.solve_many`), and the tied card with the best
mean wins. Every card a robot plays carries the deciding maxim id, or ``"double-dummy"``.

Decisions are deterministic: the random source of each decision is seeded by the robot's seed,
its seat and the history so far, so replaying a deal (or undoing and redoing) repeats it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType

from tutor.cards import CARDS, Card, Hand, Suit
from tutor.conventions.advice import Advice, advise
from tutor.conventions.position import Position as ConventionPosition
from tutor.conventions.rules import SYSTEMS
from tutor.conventions.rules import text as _text
from tutor.deal import LayoutSampler
from tutor.errors import WhistError
from tutor.play import PlayState, Trick, follow_suit
from tutor.seats import Seat, Side
from tutor.solver import Position as SolverPosition
from tutor.solver import solve_many

__all__ = [
    "DOUBLE_DUMMY",
    "FORCED",
    "RobotError",
    "RobotView",
    "RobotCard",
    "Robot",
    "SYSTEMS",
]

#: The tag a robot card carries when the double-dummy sample chose it among equal cards.
DOUBLE_DUMMY = "double-dummy"
#: The maxim a card carries when it was the only legal card (the law of following suit decided).
FORCED = "must-follow-suit"
#: Layouts drawn when the engine cites no maxim at all and the robot was told not to sample.
MIN_SAMPLES = 2


class RobotError(WhistError):
    """A robot asked to play when it is not its turn, or with a bad setting."""


@dataclass(frozen=True)
class RobotView:
    """What one seat can see at its turn: nothing more reaches a robot's decision.

    ``hand`` is the seat's original 13 cards, ``remaining`` what it still holds; ``exposed`` the
    remaining cards of an open dummy (dummy whist, 000 «Болваны»); ``sizes`` how many cards each
    seat holds (the table can count them).
    """

    seat: Seat
    hand: Hand
    remaining: Hand
    dealer: Seat
    trump: Suit | None
    trump_card: Card | None
    tricks: tuple[Trick, ...]  # complete tricks
    leader: Seat  # of the trick in progress (or about to be led)
    current: tuple[Card, ...]
    won: tuple[int, int]  # NS, EW
    sizes: Mapping[Seat, int]
    exposed: Mapping[Seat, Hand] = field(default_factory=lambda: MappingProxyType({}))

    @classmethod
    def from_state(cls, state: PlayState, seat: Seat, *, exposed: Sequence[Seat] = ()) -> "RobotView":
        """Copy from ``state`` only what ``seat`` may see (its own cards, the table, a dummy)."""
        deal = state.deal
        played = [len(state.tricks)] * 4  # one card from every seat in each complete trick
        for i in range(len(state.current)):
            played[(state.leader + i) % 4] += 1
        size = deal.size
        return cls(
            seat=seat,
            hand=deal.hands[seat],
            remaining=state.hand(seat),
            dealer=deal.dealer,
            trump=deal.trump,
            trump_card=deal.trump_card,
            tricks=tuple(state.tricks),
            leader=state.leader,
            current=tuple(state.current),
            won=(state.tricks_won(Side.NS), state.tricks_won(Side.EW)),
            sizes=MappingProxyType({s: size - played[s] for s in Seat}),  # the table can count
            exposed=MappingProxyType({s: state.hand(s) for s in exposed if s != seat}),
        )

    @property
    def played(self) -> tuple[Trick, ...]:
        """The record of play as the seat saw it: complete tricks and the one in progress."""
        if self.current:
            return self.tricks + (Trick(self.leader, self.current),)
        return self.tricks

    def legal_cards(self) -> tuple[Card, ...]:
        """Follow suit if able, else any card (000 «Масти и взятки» 1-2)."""
        return follow_suit(self.remaining, self.current[0].suit if self.current else None)

    def position(self, rules: str = "russian") -> ConventionPosition:
        """The conventions engine's position from this seat."""
        return ConventionPosition(self.hand, self.trump_card, self.trump, self.dealer, self.played, self.seat, rules)

    def history_key(self) -> str:
        return " / ".join(str(t) for t in self.played)

    # -- sampling the unseen cards ------------------------------------------------------------
    def voids(self) -> dict[Seat, frozenset[Suit]]:
        """Suits each other seat has shown out of (a card off the suit led)."""
        out: dict[Seat, set[Suit]] = {s: set() for s in Seat}
        for trick in self.played:
            led = trick.suit_led
            for s, c in trick.plays()[1:]:
                if c.suit != led:
                    out[s].add(led)
        return {s: frozenset(v) for s, v in out.items() if s != self.seat and v}

    def known(self) -> dict[Seat, tuple[Card, ...]]:
        """Cards whose place this seat knows: its own, a dummy's, the dealer's trump card."""
        known: dict[Seat, list[Card]] = {self.seat: list(self.remaining)}
        for s, h in self.exposed.items():
            known[s] = list(h)
        gone = {c for t in self.played for c in t.cards}
        card = self.trump_card
        if card is not None and card not in gone and self.dealer not in known:
            known[self.dealer] = [card]
        return {s: tuple(cs) for s, cs in known.items()}

    def sample(self, rng: random.Random, count: int) -> list[SolverPosition]:
        """``count`` full layouts of the unseen cards that fit what this seat has seen."""
        known = self.known()
        placed = {c for cs in known.values() for c in cs}
        gone = {c for t in self.played for c in t.cards}
        pool = [c for c in CARDS if c not in gone and c not in placed]
        sampler = LayoutSampler(known=known, sizes=dict(self.sizes), voids=self.voids(), pool=pool)
        return [
            SolverPosition(sampler.draw(rng), self.trump, self.leader, self.current, self.won)
            for _ in range(count)
        ]


@dataclass(frozen=True)
class RobotCard:
    """A card a robot played and why: the deciding maxim first, or ``"double-dummy"``.

    ``dd_means`` (double-dummy fallback only) are the mean tricks of the robot's side over the
    sampled layouts for each tied card.
    """

    seat: Seat
    card: Card
    maxims: tuple[str, ...]
    explanation: Mapping[str, str]
    dd_means: Mapping[Card, float] | None = None

    def __post_init__(self) -> None:
        if not self.maxims:
            raise RobotError(f"a robot card must name a maxim or {DOUBLE_DUMMY!r}: {self.card}")

    @property
    def maxim(self) -> str:
        """The deciding maxim (or ``"double-dummy"``)."""
        return self.maxims[0]

    @property
    def by_double_dummy(self) -> bool:
        return self.maxims[0] == DOUBLE_DUMMY

    def as_json(self) -> dict:
        out = {"seat": self.seat.name, "card": str(self.card), "maxims": list(self.maxims),
               "explanation": dict(self.explanation)}
        if self.dd_means is not None:
            out["dd_means"] = {str(c): round(v, 3) for c, v in self.dd_means.items()}
        return out


class Robot:
    """One robot seat playing by the maxims of ``system``.

    ``samples``: layouts in the double-dummy fallback. With 0 the fallback is cheap: the engine's
    own pick among equal cards is played and cites the engine's maxims; only where the engine
    cites no maxim at all does a minimal sample (:data:`MIN_SAMPLES`) decide. ``rules`` is the
    rule-set name the conventions engine is told. ``exposed``: seats whose cards lie open (a dummy).
    """

    def __init__(
        self,
        seat: Seat,
        system: str = "russian",
        *,
        samples: int = 6,
        seed: int = 0,
        rules: str = "russian",
        exposed: Sequence[Seat] = (),
    ) -> None:
        if system not in SYSTEMS:
            raise RobotError(f"unknown convention system {system!r} (use {', '.join(SYSTEMS)})")
        if samples < 0:
            raise RobotError(f"samples must be 0 or more, got {samples}")
        self.seat = seat
        self.system = system
        self.samples = int(samples)
        self.seed = int(seed)
        self.rules = rules
        self.exposed = tuple(exposed)

    def __repr__(self) -> str:
        return (f"Robot({self.seat!r}, {self.system!r}, samples={self.samples}, seed={self.seed}, "
                f"rules={self.rules!r}, exposed={self.exposed!r})")

    def choose(self, state: PlayState) -> RobotCard:
        """The card this robot plays now (its turn in ``state``); the hidden hands are not read."""
        if state.is_over or state.to_play != self.seat:
            raise RobotError(f"it is not {self.seat.name}'s turn")
        return self.decide(RobotView.from_state(state, self.seat, exposed=self.exposed))

    def decide(self, view: RobotView) -> RobotCard:
        """The card to play from ``view`` alone."""
        legal = view.legal_cards()
        if not legal:
            raise RobotError(f"{view.seat.name} has no card to play")
        if len(legal) == 1:
            card = legal[0]
            return RobotCard(view.seat, card, (FORCED,), _text(
                f"{card.symbol('en')} is the only card that follows suit.",
                f"{card.symbol('ru')} — единственная карта в масть хода.",
            ))
        advice = advise(view.position(self.rules), self.system)
        card = advice.card
        if card not in legal:  # the engine is trusted, the law is checked anyway
            raise RobotError(f"the conventions engine offered {card}, not a legal card for {view.seat.name}")
        tied = self._tied(advice, legal)
        maxims = tuple(advice.maxims)
        if len(tied) > 1 and (self.samples > 0 or not maxims):
            # No maxim separates the tied cards; with ``samples=0`` the engine's pick stands
            # unless it cites no maxim at all, and then a minimal sample decides.
            return self._double_dummy(view, tied, self.samples or MIN_SAMPLES, maxims)
        if not maxims:
            raise RobotError(f"the conventions engine gave {card} without a maxim")
        return RobotCard(view.seat, card, maxims, MappingProxyType(dict(advice.explanation)))

    @staticmethod
    def _tied(advice: Advice, legal: Sequence[Card]) -> tuple[Card, ...]:
        """The cards no maxim separates from the engine's pick (its "equal" candidates)."""
        cards = {advice.card, *(v.card for v in advice.candidates if v.verdict == "equal")}
        return tuple(c for c in legal if c in cards)

    def _double_dummy(self, view: RobotView, tied: Sequence[Card], samples: int,
                      context: tuple[str, ...] = ()) -> RobotCard:
        """Choose among ``tied`` by the mean double-dummy tricks over ``samples`` layouts;
        ``context`` (the maxims that narrowed the choice to the tied cards) follows the tag."""
        rng = random.Random(f"{self.seed}|{view.seat.name}|{view.history_key()}")
        positions = view.sample(rng, samples)
        solutions = solve_many(positions)
        means = {c: sum(sol.tricks[c] for sol in solutions) / len(solutions) for c in tied}
        # The best mean; among exact ties the lowest card (keep the high ones, 000 LST 7's spirit
        # of never wasting a card), a deterministic rule.
        card = max(tied, key=lambda c: (means[c], -int(c.rank), -c.index))
        n = len(solutions)
        others = ", ".join(f"{c.symbol('en')} {means[c]:.2f}" for c in tied if c is not card)
        others_ru = ", ".join(f"{c.symbol('ru')} {means[c]:.2f}" for c in tied if c is not card)
        return RobotCard(
            view.seat, card, (DOUBLE_DUMMY, *context),
            _text(
                f"No maxim separates these cards; over {n} layouts consistent with what {view.seat.label('en')} "
                f"has seen, {card.symbol('en')} takes {means[card]:.2f} tricks on average ({others}).",
                f"Ни одно правило не выделяет карту; на {n} раскладах, совместимых с тем, что видел "
                f"{view.seat.label('ru')}, {card.symbol('ru')} в среднем берёт {means[card]:.2f} взятки ({others_ru}).",
            ),
            MappingProxyType(means),
        )
