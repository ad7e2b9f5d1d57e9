"""The content schema's field types: each reads the YAML's text into the engine's own value once,
at the edge, and writes it back as the same canonical text (see :mod:`tutor.content.models`, which
builds the lessons and puzzles from them; apart so that the models stay one concept and readable).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Annotated, Any, Literal, NamedTuple

from pydantic import Field, PlainSerializer, PlainValidator, StringConstraints
from pydantic_core import PydanticCustomError

from tutor.cards import Card, Hand, Suit, parse_card
from tutor.conventions.catalogue import ID_PATTERN
from tutor.cut import PLAYER_NAMES
from tutor.deal import Deal
from tutor.errors import HandError, WhistError
from tutor.humbug import CHOICES
from tutor.play import Trick, format_history, parse_history
from tutor.seats import Seat

__all__ = ["AnswerValue", "NonEmpty", "CardField", "Hand13", "AnyHand", "History", "DealField", "Answer", "MaximId",
           "SeatField", "CutField", "SideName", "SuitField", "PlayedCard", "SeatCardField", "one_card", "write_answer", "not_text"]


# -- field types ------------------------------------------------------------------------------
#
# Parse once, at the edge: each field below reads the YAML's text into the engine's own value
# (a Card, a Hand, a Seat, the played Tricks, a Deal) when the file is loaded, and writes it back as
# the same canonical text (``PlainSerializer``), so a loaded item holds values every consumer uses
# as they are -- the grader, the engine, the rulings, the page and the worksheet never read an item's
# cards again -- while ``model_dump(mode="json")`` (the writer, the JSON output) and the JSON Schema
# (``json_schema_input_type``) still speak the notation of the files. A field also takes the value
# itself (``trump=Card.parse("D7")``), so code that builds an item passes what it holds.
# Messages stay those of the text: pydantic's own for a value that is not text at all, the
# notation's (``not a card: 'SX' ...``) for text that cannot be read.

def not_text(value: Any) -> PydanticCustomError:
    return PydanticCustomError("string_type", "Input should be a valid string")


def _one_of(words: tuple[str, ...]) -> PydanticCustomError:
    shown = ", ".join(repr(w) for w in words[:-1]) + f" or {words[-1]!r}"
    return PydanticCustomError("literal_error", "Input should be {expected}", {"expected": shown})


def _read_card(value: Any) -> Card:
    """Any accepted spelling of a card (``♠K``, ``K♠``, ``H10``, ``♦Д``) -> the :class:`Card`."""
    if isinstance(value, Card):
        return value
    if not isinstance(value, str):
        raise not_text(value)
    return parse_card(value)


def _read_hand(value: Any, size: int | None) -> Hand:
    if isinstance(value, Hand):
        hand = value
    elif not isinstance(value, str):
        raise not_text(value)
    else:
        return Hand.parse(value, size=size)
    if size is not None and len(hand) != size:
        raise HandError(f"hand has {len(hand)} cards, expected {size}")
    return hand


def _read_history(value: Any) -> tuple[Trick, ...]:
    if isinstance(value, (tuple, list)) and all(isinstance(t, Trick) for t in value):
        tricks: Sequence[Trick] = value
    elif not isinstance(value, str):
        raise not_text(value)
    else:
        tricks = parse_history(value)
    if not tricks:
        raise ValueError("played is empty: leave the field out when no card has been played")
    return tuple(tricks)


def _read_deal(value: Any) -> Deal:
    if isinstance(value, Deal):
        deal = Deal(value.hands)  # the four hands, as the text reads them (full_deal() adds the rest)
    elif not isinstance(value, str):
        raise not_text(value)
    else:
        deal = Deal.from_pbn(value)
    if deal.size != 13:
        raise ValueError(f"a deal has 13 cards a hand, this one {deal.size}")
    return deal


_SEATS = ("N", "E", "S", "W")
_SUITS = ("S", "H", "D", "C")


def _read_seat(value: Any) -> Seat:
    if isinstance(value, Seat):
        return value
    if not isinstance(value, str) or value not in _SEATS:
        raise _one_of(_SEATS)
    return Seat[value]


def _read_suit(value: Any) -> Suit:
    if isinstance(value, Suit):
        return value
    if not isinstance(value, str) or value not in _SUITS:
        raise _one_of(_SUITS)
    return Suit[value]


#: An answer: a number (honours, score), a card (lead, play), the set of cards (legal), a player's
#: name (cut) or a Humbug choice, ``keep`` or ``exchange`` (exchange).
AnswerValue = int | Card | tuple[Card, ...] | str


def _read_answer(value: Any) -> AnswerValue:
    """A card, a number, a list of cards (read as a tuple of :class:`Card`, in the given order) or, for
    a question on the cut, a player's name (:data:`tutor.cut.PLAYER_NAMES`: ``Anna``, ``You``), or, for
    Humbug's exchange question, ``keep`` or ``exchange`` (:data:`tutor.humbug.CHOICES`)."""
    if isinstance(value, bool):
        raise ValueError(f"an answer is a card, a number or a list of cards, not {value!r}")
    if isinstance(value, (int, Card)):
        return value
    if isinstance(value, str):
        if value.strip() in PLAYER_NAMES or value.strip() in CHOICES:
            return value.strip()
        return parse_card(value)
    if isinstance(value, (list, tuple)):
        cards = tuple(_read_card_in_answer(v) for v in value)
        if len(set(cards)) != len(cards):
            raise ValueError("a card is listed twice in the answer")
        return cards
    raise ValueError(f"an answer is a card, a number or a list of cards, not {value!r}")


def _read_card_in_answer(value: Any) -> Card:
    if isinstance(value, Card):
        return value
    if not isinstance(value, str):
        raise ValueError(f"a card is written like SK or ♥10, not {value!r}")
    return parse_card(value)


def one_card(answer: AnswerValue) -> Card:
    if not isinstance(answer, Card):
        raise WhistError(f"the answer {write_answer(answer)!r} is not one card")
    return answer


def write_answer(value: AnswerValue) -> int | str | list[str]:
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, tuple):
        return [str(c) for c in value]
    return value


NonEmpty = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1)]
CardField = Annotated[
    Card,
    PlainValidator(_read_card, json_schema_input_type=str),
    PlainSerializer(str, return_type=str),
    Field(description="A card: suit letter and rank (SK, HT, D2); ♠K, K♠, H10 and ♦Д are read too."),
]
Hand13 = Annotated[
    Hand,
    PlainValidator(lambda v: _read_hand(v, 13), json_schema_input_type=str),
    PlainSerializer(Hand.pbn, return_type=str),
    Field(description="13 cards, PBN spades.hearts.diamonds.clubs (KJ4.AQ32.T98.765) or ♠KJ4 ♥AQ32 …"),
]
AnyHand = Annotated[
    Hand,
    PlainValidator(lambda v: _read_hand(v, None), json_schema_input_type=str),
    PlainSerializer(Hand.pbn, return_type=str),
    Field(description="Some cards, PBN spades.hearts.diamonds.clubs (KJ4.AQ32.T98.765)."),
]
History = Annotated[
    tuple[Trick, ...],
    PlainValidator(_read_history, json_schema_input_type=str),
    PlainSerializer(format_history, return_type=str),
    Field(description="Played tricks: 'W:DK D4 D9 D2 / W:DA D6 D3 H5' (leader, cards in play order)."),
]
DealField = Annotated[
    Deal,
    PlainValidator(_read_deal, json_schema_input_type=str),
    PlainSerializer(lambda d: d.pbn(), return_type=str),
    Field(description="All four hands, PBN 'N:hand hand hand hand' clockwise from the named seat."),
]
Answer = Annotated[
    AnswerValue,
    PlainValidator(_read_answer, json_schema_input_type=int | str | list[str]),
    PlainSerializer(write_answer, return_type=int | str | list[str]),
    Field(description=("lead/play: a card; legal: the list of legal cards; honours/score: a number; cut: a player; "
                       "exchange: keep or exchange.")),
]
#: The cards a cut gives each player (a question on the cut): ``{You: S5, Anna: HA, ...}``.
if TYPE_CHECKING:  # a Literal built from the names at run time; a static checker sees the strings
    PlayerName = str
else:
    PlayerName = Literal[PLAYER_NAMES]
CutField = Annotated[
    dict[PlayerName, CardField],
    Field(description="cut: the card each player drew, by name (You, Anna, Boris, Vera, Gleb, Dina)."),
]
MaximId = Annotated[str, StringConstraints(pattern=ID_PATTERN)]
SeatField = Annotated[
    Seat,
    PlainValidator(_read_seat, json_schema_input_type=Literal["N", "E", "S", "W"]),
    PlainSerializer(lambda s: s.name, return_type=str),
]
SideName = Annotated[Literal["NS", "EW"], Field(description="A side: NS (North-South) or EW (East-West).")]
SuitField = Annotated[
    Suit,
    PlainValidator(_read_suit, json_schema_input_type=Literal["S", "H", "D", "C"]),
    PlainSerializer(lambda s: s.name, return_type=str),
]
class PlayedCard(NamedTuple):
    """A card of the history and the seat that played it, written ``W:SK``."""

    seat: Seat
    card: Card

    def __str__(self) -> str:
        return f"{self.seat.name}:{self.card}"


def _read_seat_card(value: Any) -> PlayedCard:
    """``W:SK`` (the seat that played it, then the card) -> ``PlayedCard(Seat.W, SK)``."""
    if isinstance(value, PlayedCard):
        return value
    if not isinstance(value, str):
        raise not_text(value)
    if ":" not in value:
        raise ValueError(f"a played card is written like W:SK (the seat, then the card), not {value!r}")
    seat, card = value.split(":", 1)
    seat = seat.strip().upper()
    if seat not in _SEATS:
        raise ValueError(f"{seat!r} is not a seat (N, E, S or W) in {value!r}")
    return PlayedCard(Seat[seat], parse_card(card.strip()))


SeatCardField = Annotated[
    PlayedCard,
    PlainValidator(_read_seat_card, json_schema_input_type=str),
    PlainSerializer(str, return_type=str),
    Field(description="A card of the history and the seat that played it: W:SK."),
]
