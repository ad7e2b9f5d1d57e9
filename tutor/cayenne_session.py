"""Cayenne deals against robots: the cayenne suit cut, the contract named, the play, its sheet.

A :class:`tutor.session.Session` (the same table, draw, review and Play page) with Cayenne's own
order of a deal (:mod:`tutor.cayenne` has the sources):

1. the deal, thirteen cards each, no card turned up; a card cut from the second pack gives the
   cayenne suit (Parlett);
2. the dealer names the contract -- a suit (the cayenne suit or another), grand or nullo -- or leaves it to his partner,
   who must name one (Foster: "the dealer has the first say ... his partner ... must decide one way
   or the other"); a robot decides by the stated rule of :func:`tutor.cayenne.declare` and says why;
3. the play: the dealer's left leads; at the cayenne suit or grand the classic robots play by the
   maxims (trumps the cayenne suit, or none); at nullo by the nullo rule of
   :class:`tutor.cayenne_robot.NulloRobot`, and the learner's cards are not judged by the maxims
   (made for winning tricks), nor reviewed by them;
4. the score on a :class:`tutor.cayenne.CayenneSheet`: the game of ten, the rubber of seven games.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Literal

from tutor.cards import CARDS, Card, Suit, parse_suit
from tutor.cayenne import (
    DECLARATIONS,
    CayenneError,
    CayenneSheet,
    Contract,
    Decision,
    Declaration,
    declaration_of,
    declare,
)
from tutor.cayenne_robot import NulloRobot
from tutor.deal import Deal
from tutor.errors import CardError
from tutor.i18n import t
from tutor.play import PlayState
from tutor.records import DealRecord, StudentCard
from tutor.review import Review
from tutor.robots import Robot, RobotCard
from tutor.rulesets import Text
from tutor.seats import Seat, Side
from tutor.session import ClaimError, PlayResult, Session, SessionError, SessionOptions
from tutor.variants import parse_variant
from tutor.vocab import LANGS

__all__ = ["CayenneSession", "Call", "PASS"]

#: The dealer's word when he leaves the contract to his partner.
PASS = "pass"
Call = tuple[Seat, Decision]


class CayenneSession(Session):
    """Cayenne deals, one after another, the student South against robots (``variant`` cayenne)."""

    def __init__(self, options: SessionOptions | None = None, *, deal: Deal | None = None) -> None:
        options = options or SessionOptions(variant=parse_variant("cayenne"))
        if not options.variant.cayenne:
            raise SessionError("a Cayenne session plays the cayenne variant")
        self.contracts: list[Contract] = []
        super().__init__(options, deal=deal)

    def __repr__(self) -> str:
        return f"CayenneSession({self.options!r})"

    def _start_robber(self) -> None:
        super()._start_robber()
        self.sheets[-1] = CayenneSheet()

    def _start_deal(self, dealer: Seat, deal: Deal | None = None) -> None:
        if deal is None:
            deal = Deal.random(self._rng.randrange(2**32), dealer=dealer)
        self._hands = deal.hands
        #: the card cut from the second pack, whose suit is the cayenne suit (Parlett)
        self.cayenne_card: Card = self._rng.choice(CARDS)
        self.contract: Contract | None = None
        self.calls: list[Call] = []
        self.deal = Deal(deal.hands, dealer=dealer)
        self.state = PlayState(self.deal)
        self.moves = []
        self.claimed_at = None
        self.last_score = None
        self.robots = {}
        self._opening: tuple[RobotCard, ...] = ()
        self._robot_calls()

    # -- the contract ------------------------------------------------------------------------------
    @property
    def cayenne(self) -> Suit:
        return self.cayenne_card.suit

    @property
    def caller(self) -> Seat | None:
        """Who is to name the contract now (the dealer, then his partner); None once it is named."""
        if self.contract is not None:
            return None
        return self.dealer if not self.calls else self.dealer.partner

    @property
    def awaiting_declaration(self) -> bool:
        """The student (South) is to name the contract or leave it to his partner."""
        return self.caller in self.student_seats

    @property
    def awaiting_student(self) -> bool:
        return self.contract is not None and super().awaiting_student

    def hand(self, seat: Seat = Seat.S) -> tuple[Card, ...]:
        """A hand as dealt (the student looks at his before he names the contract)."""
        return tuple(self._hands[seat])

    def _robot_calls(self) -> None:
        """Robots name the contract (or leave it) until it is named or the student is to speak."""
        while self.caller is not None and self.caller not in self.student_seats:
            seat = self.caller
            decision = declare(self._hands[seat], self.cayenne, must=bool(self.calls))
            self.calls.append((seat, decision))
            if decision.declaration is not None:
                self._begin(decision.declaration, seat)

    def declare(self, choice: Declaration | Literal["pass"] | str) -> tuple[RobotCard, ...]:
        """The student names the contract (``cayenne``, ``second``, ``third``, ``fourth``, ``grand``,
        ``nullo``, or a suit: ``S``, ``♥`` ...) or, as dealer, leaves it to his partner (``pass``);
        returns the robots' cards that follow, up to his first turn."""
        seat = self.caller
        if seat is None or seat not in self.student_seats:
            raise SessionError("it is not yours to name the contract now")
        word = str(choice).strip().lower()
        if word == PASS:
            if seat != self.dealer:
                raise CayenneError("the dealer's partner must decide one way or the other (Foster): he cannot pass")
            self.calls.append((seat, Decision(None, Text(t("cayenne.table.pass", "en"), t("cayenne.table.pass", "ru")))))
            self._robot_calls()
            return self._opening
        named: Declaration
        if word in DECLARATIONS:
            named = DECLARATIONS[DECLARATIONS.index(word)]
        else:
            try:
                named = declaration_of(parse_suit(word.upper()), self.cayenne)
            except CardError:
                raise CayenneError(f"name a suit (S, H, D, C or cayenne, second, third, fourth), grand or nullo"
                                   f"{' or pass' if seat == self.dealer else ''}, not {choice!r}") from None
        said = Text(*(Contract(self.cayenne, named, seat).title(lang) for lang in LANGS))
        self.calls.append((seat, Decision(named, said)))
        self._begin(named, seat)
        return self._opening

    def _begin(self, declaration: Declaration, seat: Seat) -> None:
        self.contract = Contract(self.cayenne, declaration, seat)
        self.deal = Deal(self._hands, dealer=self.dealer, trump=self.contract.trump)
        self.state = PlayState(self.deal)
        n = len(self.records) + 1
        self.robots = {
            s: (NulloRobot(s) if declaration == "nullo" else
                Robot(s, self.options.system, strength=self.options.robots, samples=self.options.samples,
                      seed=self.options.seed * 1000 + n, rules=self.options.rules))
            for s in self.variant.robot_seats(self.student_seat)
        }
        self._opening = self._advance()

    @property
    def opening_robot_cards(self) -> tuple[RobotCard, ...]:
        return self._opening

    # -- play ----------------------------------------------------------------------------------------
    @property
    def reviewable(self) -> bool:
        """The review by the maxims and double-dummy costs is given: not at nullo (both are made for
        winning tricks)."""
        return self.contract is not None and self.contract.declaration != "nullo"

    def judge(self, card: Card | str) -> StudentCard:
        if self.contract is not None and self.contract.declaration == "nullo":
            played = self.state.verify_play(card)
            why = Text(t("cayenne.nullo.not_judged", "en"), t("cayenne.nullo.not_judged", "ru"))
            return StudentCard(trick=self.state.trick_number, seat=self.state.to_play, card=played, advised=played,
                               maxims=(), verdict="equal", broken=(), why=why, explanation=why,
                               position_history=self.state.history())
        return super().judge(card)

    def play(self, card: Card | str) -> PlayResult:
        if self.contract is None:
            raise SessionError("the contract is not named yet")
        return super().play(card)

    def claim(self) -> PlayResult:
        if self.contract is not None and self.contract.declaration == "nullo":
            raise ClaimError("at nullo nobody claims the tricks: the side that takes fewer wins")
        return super().claim()

    def review(self, record: DealRecord | None = None) -> Review:
        index = len(self.records) - 1 if record is None else self.records.index(record)
        if index >= 0 and self.contracts[index].declaration == "nullo":
            raise SessionError("at nullo the review by the maxims is not given: they are made for winning tricks")
        return super().review(record)

    def _score(self) -> None:
        assert self.contract is not None  # play begins only once the contract is named
        tricks_ns = self.state.tricks_won(Side.NS)
        sheet = self.sheet
        assert isinstance(sheet, CayenneSheet)
        score = sheet.score(self.deal, tricks_ns, contract=self.contract)
        self.last_score = score
        self.contracts.append(self.contract)
        self.records.append(DealRecord(
            number=len(self.records) + 1, robber=self.robber, deal=self.deal, variant=self.variant,
            history=self.state.history(), moves=tuple(self.moves), claimed_at=self.claimed_at,
            tricks_ns=tricks_ns, score=score, seating=MappingProxyType(dict(self.seating)),
        ))
