"""The ways a student can play a whole deal: classic four-hand whist, dummy whist, no-trump whist.

* Dummy whist for three (000 «"Болваны" в висте»; 002: «кожному гравцеві по черзі доведеться
  грати з відкритим йолопом»): one hand lies open on the table, and its partner plays it. Here
  the student sits South with the open dummy opposite (North) and chooses the dummy's cards too;
  two robots sit East and West. «Законы и правила виста одинаковы для любого числа играющих»
  (000), so the deal is scored like a four-hand one.
* No-trump whist (002: «Грають віст без козирів. Онер є тузи. Коронки вважаються всі як
  козирні»): no card is turned up, the highest card of the suit led always wins, the four aces
  are the honours and every coronka counts double. The scoring side of this is data in
  :mod:`tutor.rulesets` (``HonourScale.no_trump_aces``, ``CoronkaScale.no_trump_doubles``) and
  :mod:`tutor.scoring` applies it to any deal whose trump is None; this module only deals such a
  deal.
* Humbug (002: two players, each may exchange his hand for the pile on his right) is not
  supported: it needs a hand exchange before play that the session does not model.

The two supported variants combine: ``dummy+no-trump`` is dummy whist without trumps.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from tutor.deal import Deal
from tutor.errors import WhistError
from tutor.seats import Seat

__all__ = ["VariantError", "Variant", "CLASSIC", "VARIANT_NAMES", "parse_variant"]

#: The names :func:`parse_variant` accepts (and their combination ``dummy+no-trump``).
VARIANT_NAMES: tuple[str, ...] = ("classic", "dummy", "no-trump", "dummy+no-trump")

_UNSUPPORTED: Mapping[str, str] = MappingProxyType({
    "humbug": "humbug (002, two players exchanging hands) is not supported: the tutor deals four hands and "
              "has no hand exchange",
})


class VariantError(WhistError):
    """An unknown or unsupported variant name."""


@dataclass(frozen=True)
class Variant:
    """How a deal is played: whether the student's partner is an open dummy, whether there are trumps.

    >>> parse_variant("dummy+no-trump")
    Variant(dummy=True, no_trump=True)
    """

    dummy: bool = False
    no_trump: bool = False

    @property
    def name(self) -> str:
        parts = [p for p, on in (("dummy", self.dummy), ("no-trump", self.no_trump)) if on]
        return "+".join(parts) or "classic"

    def title(self, lang: str = "en") -> str:
        """The variant as a learner reads it."""
        en = {"classic": "Classic whist", "dummy": "Dummy whist for three", "no-trump": "No-trump whist",
              "dummy+no-trump": "Dummy whist for three, no trumps"}
        ru = {"classic": "Классический вист", "dummy": "Вист втроём с болваном", "no-trump": "Вист без козырей",
              "dummy+no-trump": "Вист втроём с болваном, без козырей"}
        return (ru if lang == "ru" else en)[self.name]

    def dummy_seat(self, student: Seat = Seat.S) -> Seat | None:
        """The open hand the student plays as well (his partner's seat), if any."""
        return student.partner if self.dummy else None

    def student_seats(self, student: Seat = Seat.S) -> tuple[Seat, ...]:
        """The seats whose cards the student chooses."""
        return (student, student.partner) if self.dummy else (student,)

    def robot_seats(self, student: Seat = Seat.S) -> tuple[Seat, ...]:
        mine = self.student_seats(student)
        return tuple(s for s in Seat if s not in mine)

    def exposed(self, student: Seat = Seat.S) -> tuple[Seat, ...]:
        """Hands every player sees (the dummy's)."""
        d = self.dummy_seat(student)
        return (d,) if d is not None else ()

    def adapt(self, deal: Deal) -> Deal:
        """The deal as this variant plays it: without trumps no card is turned up (002)."""
        if self.no_trump and (deal.trump is not None or deal.trump_card is not None):
            return Deal(deal.hands, dealer=deal.dealer, trump_card=None, trump=None)
        return deal

    def __repr__(self) -> str:
        return f"Variant(dummy={self.dummy}, no_trump={self.no_trump})"


CLASSIC = Variant()


def parse_variant(text: str | Variant | None) -> Variant:
    """Read ``classic``, ``dummy``, ``no-trump`` or ``dummy+no-trump`` (also ``nt``, ``болван``)."""
    if isinstance(text, Variant):
        return text
    if text is None or not str(text).strip():
        return CLASSIC
    dummy = no_trump = False
    for part in str(text).lower().replace(",", "+").split("+"):
        p = part.strip()
        if p in ("classic", "classical", "классический", ""):
            continue
        if p in ("dummy", "болван", "dummy-whist"):
            dummy = True
        elif p in ("no-trump", "no-trumps", "notrump", "nt", "без-козырей"):
            no_trump = True
        elif p in _UNSUPPORTED:
            raise VariantError(_UNSUPPORTED[p])
        else:
            raise VariantError(f"unknown variant {text!r} (use one of {', '.join(VARIANT_NAMES)})")
    return Variant(dummy=dummy, no_trump=no_trump)
