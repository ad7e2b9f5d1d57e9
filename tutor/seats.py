"""Seats and sides of the whist table.

Seats go clockwise N, E, S, W. Partners sit opposite (000 "Сдача и партнерство" 2); play passes
to the left, so a seat's ``next`` is its left-hand opponent (``lho``).
"""

from __future__ import annotations

import enum

from tutor.errors import SeatError
from tutor.vocab import Lang

__all__ = ["Seat", "Side", "parse_seat", "parse_side"]


class Seat(enum.IntEnum):
    """A place at the table; the integer value counts clockwise from North."""

    N = 0
    E = 1
    S = 2
    W = 3

    @property
    def lho(self) -> Seat:
        """Left-hand opponent: plays next, and leads first when this seat deals (000 "Сдача" 17)."""
        return _SEATS[(self + 1) % 4]

    #: The seat that plays after this one: the same seat as :attr:`lho`, named for the order of
    #: play (dealing, turns) rather than for the table.
    next = lho

    @property
    def partner(self) -> Seat:
        return _SEATS[(self + 2) % 4]

    @property
    def rho(self) -> Seat:
        """Right-hand opponent: plays just before this seat."""
        return _SEATS[(self + 3) % 4]

    @property
    def side(self) -> Side:
        return Side.NS if self in (Seat.N, Seat.S) else Side.EW

    def label(self, lang: Lang = "en") -> str:
        return (_SEAT_NAMES_RU if lang == "ru" else _SEAT_NAMES_EN)[self]

    @classmethod
    def parse(cls, text: Seat | str) -> Seat:
        return parse_seat(text)

    def __repr__(self) -> str:
        return f"Seat.{self.name}"

    def __str__(self) -> str:
        return self.name


_SEATS = (Seat.N, Seat.E, Seat.S, Seat.W)
_SEAT_NAMES_EN = ("North", "East", "South", "West")
_SEAT_NAMES_RU = ("Север", "Восток", "Юг", "Запад")
_SEAT_INPUT = {
    **{s.name: s for s in Seat},
    **{name.upper(): s for name, s in zip(_SEAT_NAMES_EN, Seat)},
    **{name.upper(): s for name, s in zip(_SEAT_NAMES_RU, Seat)},
    "С": Seat.N, "В": Seat.E, "Ю": Seat.S, "З": Seat.W,
}


class Side(enum.Enum):
    """A partnership: North-South or East-West."""

    NS = "NS"
    EW = "EW"

    @property
    def seats(self) -> tuple[Seat, Seat]:
        return (Seat.N, Seat.S) if self is Side.NS else (Seat.E, Seat.W)

    @property
    def other(self) -> Side:
        return Side.EW if self is Side.NS else Side.NS

    @classmethod
    def parse(cls, text: Side | str) -> Side:
        return parse_side(text)

    def __repr__(self) -> str:
        return f"Side.{self.name}"

    def __str__(self) -> str:
        return self.value


def parse_seat(text: Seat | str) -> Seat:
    """Read a seat: ``N``/``E``/``S``/``W``, a full name, or Russian ``С В Ю З``; a Seat is itself."""
    if isinstance(text, Seat):
        return text
    key = text.strip().upper() if isinstance(text, str) else None
    if key in _SEAT_INPUT:
        return _SEAT_INPUT[key]
    raise SeatError(f"not a seat: {text!r} (use N, E, S or W)")


def parse_side(text: Side | str) -> Side:
    """Read a side: ``NS``/``EW`` (``SN``/``WE`` too)."""
    if isinstance(text, Side):
        return text
    key = text.strip().upper() if isinstance(text, str) else ""
    if key in ("NS", "SN"):
        return Side.NS
    if key in ("EW", "WE"):
        return Side.EW
    raise SeatError(f"not a side: {text!r} (use NS or EW)")
