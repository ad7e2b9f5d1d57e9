"""What a played deal leaves behind: the players at the table, the student's judged cards and the
finished deal's record, which the session writes and the review reads.

Kept apart from :mod:`tutor.session` so that the review (:mod:`tutor.review`), which the session
calls, depends on these records and not on the session itself: no import cycle.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tutor.cards import Card
from tutor.deal import Deal
from tutor.robots import RobotCard
from tutor.scoring import DealScore
from tutor.seats import Seat
from tutor.text import Text, json_or_blank
from tutor.variants import Variant
from tutor.vocab import Lang

__all__ = ["CONVENTIONAL", "Player", "StudentCard", "DealRecord"]

#: Verdicts of the conventions engine that count as following the conventions.
CONVENTIONAL = ("best", "equal")


@dataclass(frozen=True)
class Player:
    """Someone at the table: the student or a named robot."""

    key: str
    name_en: str
    name_ru: str
    human: bool = False

    def name(self, lang: Lang = "en") -> str:
        return self.name_ru if lang == "ru" else self.name_en


@dataclass(frozen=True)
class StudentCard:
    """A card the student played (for himself or his dummy), judged by the conventions engine.

    ``advised`` is the conventional card and ``maxims`` the maxims behind it (deciding first);
    ``verdict`` is the engine's word on the student's card (``best``, ``equal``, ``worse``,
    ``bad``); ``broken`` the maxims that reject it and ``why`` the explanation of that.
    """

    trick: int
    seat: Seat
    card: Card
    advised: Card
    maxims: tuple[str, ...]
    verdict: str
    broken: tuple[str, ...] = ()
    why: Text | None = None  #: none for the advised card
    explanation: Text | None = None
    position_history: str = ""

    @property
    def conventional(self) -> bool:
        return self.verdict in CONVENTIONAL

    def as_json(self) -> dict[str, Any]:
        return {"trick": self.trick, "seat": self.seat.name, "card": str(self.card), "advised": str(self.advised),
                "maxims": list(self.maxims), "verdict": self.verdict, "broken": list(self.broken),
                "conventional": self.conventional, "why": json_or_blank(self.why)}


@dataclass(frozen=True)
class DealRecord:
    """A finished deal as the session keeps it for the review and the score sheet."""

    number: int
    robber: int
    deal: Deal
    variant: Variant
    history: str
    moves: tuple[StudentCard | RobotCard, ...]
    claimed_at: int | None  # the trick from which the student claimed the rest
    tricks_ns: int
    score: DealScore
    seating: Mapping[Seat, Player]
