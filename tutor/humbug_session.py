"""A Humbug session: the learner (South) against the Humbug robot (North), deal after deal.

The same routine as :class:`tutor.session.Session`, for two players (002 «віст удвох, але без
дурнів»): the first dealer by a draw (the lower card deals, 000 «Сдача и партнерство» 6), then the
deal alternates; each deal is four piles, the keep-or-change decisions (the non-dealer's first),
13 tricks of two cards, and the deal written on the rule set's score sheet (:func:`tutor.humbug.score_humbug`).

The learner decides with what 002 lets him see: his pile and the turned-up card; the pile on his
right stays face down unless he takes it. His cards are checked by the law of following suit, and
one that differs from the robot's rule is shown beside the rule's card (:class:`HumbugMove`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from tutor.cards import Card, Hand, parse_card
from tutor.deal import Deal
from tutor.humbug import PLAYERS, SHEET_SIDE, Choice, HumbugError, HumbugGame, HumbugTrick, score_humbug
from tutor.humbug_robot import HumbugCard, HumbugDecision, choose_card, decide_exchange
from tutor.records import Player
from tutor.scoring import DealScore, ScoreSheet
from tutor.seats import Seat
from tutor.session import ROBOT_PLAYERS, STUDENT, DealSeries, PartnerDraw, SessionOptions, draw_partners, take_back
from tutor.variants import Variant

__all__ = ["HumbugSession", "HumbugMove", "HumbugRecord", "HumbugResult", "HUMBUG_ROBOT"]

#: The learner's opponent across the table.
HUMBUG_ROBOT: Player = ROBOT_PLAYERS[0]


@dataclass(frozen=True)
class HumbugMove:
    """A card the learner played, and the robot rule's card for the same view (the same card or not)."""

    card: Card
    rule_card: HumbugCard

    @property
    def as_rule(self) -> bool:
        return self.card == self.rule_card.card


@dataclass(frozen=True)
class HumbugResult:
    """What one learner action produced: his move, the robot's decision and cards, the score at the end."""

    move: HumbugMove | None
    decision: HumbugDecision | None
    robots: tuple[HumbugCard, ...]
    finished: DealScore | None = None


@dataclass(frozen=True)
class HumbugRecord:
    """One finished Humbug deal."""

    number: int
    robber: int
    deal: Deal
    decisions: Mapping[Seat, Choice]
    hands: Mapping[Seat, Hand]
    tricks: tuple[HumbugTrick, ...]
    won: Mapping[Seat, int]
    score: DealScore
    history: str

    def as_json(self) -> dict[str, object]:
        return {
            "number": self.number, "robber": self.robber, "piles": self.deal.pbn(), "dealer": self.deal.dealer.name,
            "trump": None if self.deal.trump is None else self.deal.trump.name,
            "trump_card": None if self.deal.trump_card is None else str(self.deal.trump_card),
            "decisions": {s.name: c for s, c in self.decisions.items()},
            "hands": {s.name: h.pbn() for s, h in self.hands.items()},
            "history": self.history, "tricks": {s.name: n for s, n in self.won.items()},
            "score": self.score.to_json(),
        }


class HumbugSession(DealSeries):
    """Humbug deals for the learner at South against the robot at North, scored on one sheet."""

    student_seat: Seat = Seat.S
    robot_seat: Seat = Seat.N

    def __init__(self, options: SessionOptions | None = None, *, deal: Deal | None = None) -> None:
        self.options = options or SessionOptions(variant=Variant(humbug=True))
        if not self.options.variant.humbug:
            raise HumbugError("a Humbug session needs the humbug variant")
        self.variant = self.options.variant
        self._rng = random.Random(self.options.seed)
        self.robber = 0
        self.sheets: list[ScoreSheet] = []
        self.records: list[HumbugRecord] = []
        self.seating: dict[Seat, Player] = {Seat.S: STUDENT, Seat.N: HUMBUG_ROBOT}
        self.draw: PartnerDraw = draw_partners(self._rng, (STUDENT, HUMBUG_ROBOT))
        self.game: HumbugGame
        self.decisions: dict[Seat, HumbugDecision] = {}
        self.moves: list[HumbugMove | HumbugCard] = []
        self.last_score: DealScore | None = None
        self._start_robber()
        first = Seat.S if self.draw.first_dealer == STUDENT else Seat.N
        self._opening = self._start_deal(deal.dealer if deal is not None else first, deal)

    # -- the deal --------------------------------------------------------------------------------
    def _start_robber(self) -> None:
        self.robber += 1
        self.sheets.append(ScoreSheet(self.options.rules))

    def _start_deal(self, dealer: Seat, deal: Deal | None = None) -> tuple[HumbugCard, ...]:
        if deal is None:
            deal = Deal.random(self._rng.randrange(2**32), dealer=dealer)
        self.deal = self.variant.adapt(deal)
        self.game = HumbugGame(self.deal)
        self.decisions = {}
        self.moves = []
        self.last_score = None
        return self._advance()

    @property
    def awaiting_decision(self) -> bool:
        """The learner has to keep or change his cards now."""
        return self.game.to_decide == self.student_seat

    @property
    def awaiting_student(self) -> bool:
        """The learner has a card to play now."""
        return self.game.in_play and self.game.to_play == self.student_seat

    @property
    def opening_robot_cards(self) -> tuple[HumbugCard, ...]:
        return self._opening

    def hand(self) -> Hand:
        """The learner's cards: his pile while he decides, then his hand in play."""
        return self.game.hand(self.student_seat)

    def legal_cards(self) -> tuple[Card, ...]:
        return self.game.legal_cards() if self.awaiting_student else ()

    def robot_decision(self) -> HumbugDecision | None:
        return self.decisions.get(self.robot_seat)

    # -- actions ---------------------------------------------------------------------------------
    def decide(self, choice: Choice | str) -> HumbugResult:
        """The learner keeps his pile (``keep``) or takes the pile on his right (``exchange``)."""
        word = {"keep": "keep", "exchange": "exchange", "change": "exchange"}.get(str(choice).strip().lower())
        if word is None:
            raise HumbugError(f"keep or exchange, not {choice!r}")
        if not self.awaiting_decision:
            raise HumbugError("it is not your decision now: you have kept or changed your cards already"
                              if self.student_seat in self.game.decisions else "the robot decides first")
        self.game.decide(self.student_seat, "keep" if word == "keep" else "exchange")
        robots = self._advance()
        return HumbugResult(None, self.robot_decision(), robots, self.last_score)

    def play(self, card: Card | str) -> HumbugResult:
        """The learner plays ``card``; the robot answers until the learner's next turn or the end."""
        if self.finished:
            raise HumbugError("the deal is over: start the next deal")
        if not self.awaiting_student:
            raise HumbugError("keep or change your cards first" if self.awaiting_decision else "it is not your turn")
        card = parse_card(card) if isinstance(card, str) else card
        rule = choose_card(self.game.view(self.student_seat))
        self.game.play(card)
        move = HumbugMove(card, rule)
        self.moves.append(move)
        robots = self._advance()
        return HumbugResult(move, None, robots, self.last_score)

    def undo(self) -> Card:
        """Take back the learner's last card and the robot's cards after it (never a decision)."""
        if self.finished:
            raise HumbugError("the deal is over and scored; it cannot be taken back")
        return take_back(self.moves, self.game.undo, HumbugMove, HumbugError).card

    def _advance(self) -> tuple[HumbugCard, ...]:
        played: list[HumbugCard] = []
        if self.game.to_decide == self.robot_seat:
            decision = decide_exchange(self.game.view(self.robot_seat))
            self.game.decide(self.robot_seat, decision.choice)
            self.decisions[self.robot_seat] = decision
        while self.game.in_play and self.game.to_play == self.robot_seat:
            rc = choose_card(self.game.view(self.robot_seat))
            self.game.play(rc.card)
            self.moves.append(rc)
            played.append(rc)
        if self.game.is_over and self.last_score is None:
            self._score()
        return tuple(played)

    def _score(self) -> None:
        won = {s: self.game.tricks_won(s) for s in PLAYERS}
        hands = {s: self.game.hands[s] for s in PLAYERS}
        score = score_humbug(hands, won, self.deal.trump, self.options.rules, standing=self.sheet.standing)
        self.sheet.record(score)
        self.last_score = score
        self.records.append(HumbugRecord(
            number=len(self.records) + 1, robber=self.robber, deal=self.deal,
            decisions=MappingProxyType(dict(self.game.decisions)), hands=MappingProxyType(hands),
            tricks=tuple(self.game.tricks), won=MappingProxyType(won), score=score, history=self.game.history(),
        ))

    def next_deal(self, deal: Deal | None = None) -> tuple[HumbugCard, ...]:
        """The next deal: the other player deals; a finished robber starts a new sheet."""
        if not self.finished:
            raise HumbugError("finish this deal first")
        if self.sheet.is_over:
            self._start_robber()
        self._opening = self._start_deal(deal.dealer if deal is not None else self.dealer.partner, deal)
        return self._opening

    def side_of(self, seat: Seat) -> str:
        """The sheet's column of a player (the South player writes under NS, the North player under EW)."""
        return SHEET_SIDE[seat].value
