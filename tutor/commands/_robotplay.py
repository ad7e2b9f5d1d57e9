"""Robots playing a deal out for the commands that print it (``autoplay`` and its Cayenne table):
the loop and the history's text, written once."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tutor.play import PlayState, Trick
    from tutor.robots import Robot
    from tutor.seats import Seat

__all__ = ["play_out", "history_text"]


def play_out(state: PlayState, table: Mapping[Seat, Robot]) -> list[dict[str, Any]]:
    """The robots of ``table`` play ``state`` to its end; each card as ``{"seat", "card", "maxims"}``."""
    cards: list[dict[str, Any]] = []
    while not state.is_over:
        rc = table[state.to_play].choose(state)
        state.play(rc.card)
        cards.append({"seat": rc.seat.name, "card": str(rc.card), "maxims": list(rc.maxims)})
    return cards


def history_text(tricks: Sequence[Trick]) -> str:
    """The tricks as autoplay's JSON writes them: ``W: C4 CA C7 C2 / S: …`` (leader, then the cards)."""
    return " / ".join(f"{t.leader.name}: " + " ".join(str(c) for c in t.cards) for t in tricks)
