"""The robots' strengths (issue 11): a light module, so that pages and commands can offer the
choice without importing the solver that the robots use."""

from __future__ import annotations

from typing import Literal, get_args

from tutor.errors import WhistError

__all__ = ["Strength", "STRENGTHS", "DEFAULT_STRENGTH", "UnknownStrengthError", "parse_strength"]

Strength = Literal["beginner", "classic", "strong"]
#: The robots' strengths, weakest first (``--robots``, the Play page's table settings):
#: ``beginner`` -- the maxims with a beginner's habits; ``classic`` -- every maxim and card
#: reading; ``strong`` -- classic and a Monte-Carlo search over the layouts the reading allows.
STRENGTHS: tuple[Strength, ...] = get_args(Strength)
DEFAULT_STRENGTH: Strength = "classic"


class UnknownStrengthError(WhistError):
    """A robot strength other than beginner, classic or strong."""


def parse_strength(value: str) -> Strength:
    """``value`` as a :data:`Strength` (case-insensitive); raises UnknownStrengthError."""
    v = str(value).strip().lower()
    if v not in STRENGTHS:
        raise UnknownStrengthError(f"unknown robot strength {value!r} (use {', '.join(STRENGTHS)})")
    return v
