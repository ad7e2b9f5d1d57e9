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
* Whist for two with two dummies (000 «"Болваны" в висте»; 002 «удвох, тобто з двома
  бовдурами»): each player plays his own hand and an open dummy opposite. The student plays South
  and the open North; one robot plays East and the open West. Both dummies lie open; the robot's
  view of each of its two seats holds the two open hands and its other seat, never South.
* Humbug (002 «віст удвох, але без дурнів»): two players, four piles, each keeps his pile or takes
  the one on his right (:mod:`tutor.humbug`); played by :class:`tutor.humbug_session.HumbugSession`.
* Cayenne (named by 002; the rules are Foster's and Parlett's, :mod:`tutor.cayenne`): four players,
  no card turned up; the dealer or his partner names the contract after the deal -- the cayenne
  suit as trumps, grand or nullo; played by :class:`tutor.cayenne_session.CayenneSession`.

No trumps combines with each: ``dummy+no-trump``, ``two-dummies+no-trump``, ``humbug+no-trump``
(002: «Humbug грається і без козирів»).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from tutor.deal import Deal
from tutor.errors import WhistError
from tutor.i18n import t
from tutor.seats import Seat
from tutor.vocab import Lang

__all__ = ["VariantError", "Variant", "CLASSIC", "VARIANT_NAMES", "parse_variant"]

#: The names :func:`parse_variant` accepts (and their combination ``dummy+no-trump``).
VARIANT_NAMES: tuple[str, ...] = ("classic", "dummy", "no-trump", "dummy+no-trump", "two-dummies",
                                  "two-dummies+no-trump", "humbug", "humbug+no-trump", "cayenne")

_UNSUPPORTED: Mapping[str, str] = MappingProxyType({})


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
    two_dummies: bool = False
    humbug: bool = False
    cayenne: bool = False

    def __post_init__(self) -> None:
        if sum((self.dummy, self.two_dummies, self.humbug, self.cayenne)) > 1:
            raise VariantError("dummy whist, whist with two dummies, humbug and cayenne are different tables: choose one")
        if self.cayenne and self.no_trump:
            raise VariantError("cayenne names its trump after the deal (grand is its game without trumps): "
                               "cayenne+no-trump is not a table")

    @property
    def name(self) -> str:
        parts = [p for p, on in (("dummy", self.dummy), ("two-dummies", self.two_dummies), ("humbug", self.humbug),
                                 ("cayenne", self.cayenne), ("no-trump", self.no_trump)) if on]
        return "+".join(parts) or "classic"

    def title(self, lang: Lang = "en") -> str:
        """The variant as a learner reads it."""
        if self.cayenne:
            return t("cayenne.title", lang)
        en = {"classic": "Classic whist", "dummy": "Dummy whist for three", "no-trump": "No-trump whist",
              "dummy+no-trump": "Dummy whist for three, no trumps",
              "two-dummies": "Whist for two with two dummies",
              "two-dummies+no-trump": "Whist for two with two dummies, no trumps",
              "humbug": "Humbug (whist for two, no dummies)", "humbug+no-trump": "Humbug without trumps"}
        ru = {"classic": "Классический вист", "dummy": "Вист втроём с болваном", "no-trump": "Вист без козырей",
              "dummy+no-trump": "Вист втроём с болваном, без козырей",
              "two-dummies": "Вист вдвоём с двумя болванами",
              "two-dummies+no-trump": "Вист вдвоём с двумя болванами, без козырей",
              "humbug": "Хамбаг (вист вдвоём без болванов)", "humbug+no-trump": "Хамбаг без козырей"}
        return (ru if lang == "ru" else en)[self.name]

    def dummy_seat(self, student: Seat = Seat.S) -> Seat | None:
        """The open hand the student plays as well (his partner's seat), if any."""
        return student.partner if (self.dummy or self.two_dummies) else None

    def robot_dummy(self, student: Seat = Seat.S) -> Seat | None:
        """The open hand the robot plays besides its own (whist with two dummies: the student's left)."""
        return student.lho if self.two_dummies else None

    def student_seats(self, student: Seat = Seat.S) -> tuple[Seat, ...]:
        """The seats whose cards the student chooses."""
        return (student, student.partner) if (self.dummy or self.two_dummies) else (student,)

    def robot_seats(self, student: Seat = Seat.S) -> tuple[Seat, ...]:
        mine = self.student_seats(student)
        return tuple(s for s in Seat if s not in mine)

    def exposed(self, student: Seat = Seat.S) -> tuple[Seat, ...]:
        """Hands every player sees (the dummies')."""
        return tuple(s for s in (self.dummy_seat(student), self.robot_dummy(student)) if s is not None)

    def robot_view(self, seat: Seat, student: Seat = Seat.S) -> tuple[Seat, ...]:
        """The hands a robot playing ``seat`` sees besides its own: the open dummies and, with two
        dummies, the other hand it plays (its own closed hand when it plays its dummy) -- never the
        student's closed hand."""
        seen = [s for s in self.exposed(student) if s != seat]
        if self.two_dummies and seat in self.robot_seats(student):
            seen += [s for s in self.robot_seats(student) if s != seat and s not in seen]
        return tuple(seen)

    def adapt(self, deal: Deal) -> Deal:
        """The deal as this variant plays it: without trumps no card is turned up (002); at Cayenne
        none is either, the trump is named after the deal."""
        if (self.no_trump or self.cayenne) and (deal.trump is not None or deal.trump_card is not None):
            return Deal(deal.hands, dealer=deal.dealer, trump_card=None, trump=None)
        return deal

    def __repr__(self) -> str:
        extra = "".join(f", {k}=True" for k, on in (("two_dummies", self.two_dummies), ("humbug", self.humbug),
                                                     ("cayenne", self.cayenne)) if on)
        return f"Variant(dummy={self.dummy}, no_trump={self.no_trump}{extra})"


CLASSIC = Variant()


def parse_variant(text: str | Variant | None) -> Variant:
    """Read ``classic``, ``dummy``, ``no-trump``, ``two-dummies``, ``humbug`` and their ``+no-trump``
    (also ``nt``, ``болван``, ``хамбаг``)."""
    if isinstance(text, Variant):
        return text
    if text is None or not str(text).strip():
        return CLASSIC
    dummy = no_trump = two = humbug = cayenne = False
    for part in str(text).lower().replace(",", "+").split("+"):
        p = part.strip()
        if p in ("classic", "classical", "классический", ""):
            continue
        if p in ("dummy", "болван", "dummy-whist"):
            dummy = True
        elif p in ("no-trump", "no-trumps", "notrump", "nt", "без-козырей"):
            no_trump = True
        elif p in ("two-dummies", "two-dummy", "double-dummy", "два-болвана"):
            two = True
        elif p in ("humbug", "хамбаг"):
            humbug = True
        elif p in ("cayenne", "кайен", "кайон"):
            cayenne = True
        elif p in _UNSUPPORTED:
            raise VariantError(_UNSUPPORTED[p])
        else:
            raise VariantError(f"unknown variant {text!r} (use one of {', '.join(VARIANT_NAMES)})")
    return Variant(dummy=dummy, no_trump=no_trump, two_dummies=two, humbug=humbug, cayenne=cayenne)
