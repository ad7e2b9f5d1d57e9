"""The robot at Cayenne's nullo: a stated rule for playing to lose tricks.

The conventions of whist are made for winning tricks (the maxims, the double-dummy checks), so at
nullo (Foster's Complete Hoyle, Cayenne: "playing to take as few tricks as possible, without a
trump suit") the robot follows its own short rule, said with every card (the tutor's rule, not a
book's; the books leave nullo's play to judgement):

* on lead: the lowest card of the hand (the longer suit among equals);
* following suit: the highest card that does not win the trick; when every card of the suit would
  win it, the highest -- the trick is lost anyway, and the card that would win a later one is gone;
* out of the suit led: the highest card of the hand.

Every ace counts high here (:mod:`tutor.cayenne`: the tutor's players all say so). The robot
decides from its own :class:`~tutor.seatview.SeatView` -- its cards and the tricks -- never from
a hidden hand.
"""

from __future__ import annotations

from tutor.cards import Card
from tutor.i18n import t
from tutor.play import PlayState, trick_winner
from tutor.robots import FORCED, Robot, RobotCard, RobotError
from tutor.seats import Seat
from tutor.seatview import SeatView
from tutor.standing import Standing
from tutor.text import Text

__all__ = ["NulloRobot", "NULLO_RULE"]

#: The tag of a card chosen by the nullo rule (no maxim of the catalogue speaks at nullo).
NULLO_RULE = "rule:nullo"


class NulloRobot(Robot):
    """One seat at nullo, playing by :data:`NULLO_RULE` (see the module's docstring): a
    :class:`~tutor.robots.Robot` for the table (same seat, same ``choose``), with its own rule."""

    def __init__(self, seat: Seat) -> None:
        super().__init__(seat, samples=0)

    def __repr__(self) -> str:
        return f"NulloRobot({self.seat!r})"

    def choose(self, state: PlayState, standing: Standing | None = None) -> RobotCard:
        """The card to play now (the robot's turn in ``state``); only the robot's view is read
        (``standing``, the game's score, does not change a card at nullo)."""
        if state.is_over or state.to_play != self.seat:
            raise RobotError(f"it is not {self.seat.name}'s turn")
        return self.decide(SeatView.from_state(state, self.seat))

    def decide(self, view: SeatView) -> RobotCard:
        legal = view.legal_cards()
        if not legal:
            raise RobotError(f"{view.seat.name} has no card to play")
        if len(legal) == 1:
            return self._card(legal[0], "forced", (FORCED,))
        current = view.current
        if current is None:
            low = min(legal, key=lambda c: (int(c.rank), -len(view.remaining.suit(c.suit)), c.index))
            return self._card(low, "lead_low")
        led = current.suit_led
        if legal[0].suit != led:  # out of the suit led: every card follows no suit
            return self._card(max(legal, key=lambda c: (int(c.rank), c.index)), "throw_high")
        best = current.card_of(trick_winner(current.leader, current.cards, None))
        assert best is not None  # the winner of the cards on the table played one of them
        under = [c for c in legal if c.rank < best.rank]
        if under:
            return self._card(max(under, key=lambda c: int(c.rank)), "under")
        return self._card(max(legal, key=lambda c: int(c.rank)), "must_win")

    def _card(self, card: Card, why: str, maxims: tuple[str, ...] = (NULLO_RULE,)) -> RobotCard:
        text = Text.each(lambda lang: t(f"cayenne.nullo.{why}", lang, card=card.symbol(lang)))
        return RobotCard(self.seat, card, maxims, text, note=text)
