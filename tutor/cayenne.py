"""Cayenne, the whist whose trump is named after the deal: its contracts, its scoring, its sheet.

002 only names the game («Кайон - для трьох»); its rules are the books':

* R. F. Foster, *Foster's Complete Hoyle*, "Cayenne, or Cayenne Whist": four players, two packs;
  "the two lowest pairing against the two highest. The lowest of the four is the dealer"; "the
  trump suit must be named by the dealer or his partner, after they have examined their cards. The
  dealer has the first say, and he may either select cayenne or any of the other suits; or he may
  announce grand, playing for the tricks without any trump suit; or he may call nullo, playing to
  take as few tricks as possible, without a trump suit. If the dealer makes the choice, his partner
  must abide by it; but if he has not a hand to justify him in deciding, he should leave the
  selection to his partner, who must decide one way or the other"; "as in Whist, the first six
  tricks taken by one side do not count".
* D. Parlett, *The Penguin Book of Card Games*, "Cayenne": the cayenne suit is the suit of a card
  cut from the second pack before the deal; thirteen cards each; eldest leads; "the side taking
  most tricks in a suit contract counts a basic 1 point per odd trick taken, and whichever side held
  the majority of honours (AKQJT of trumps) scores a basic 2 if they held three, 4 if they held
  four, or 6 if they held five"; the basic score is multiplied by the suit's value, four for the
  cayenne suit; "in a no-trump contract the multiplier is 8 and there are no honours"; "at nullo the
  winning side scores 8 times the number of odd tricks taken by their opponents"; "game is 10 points
  and rubber is the best of seven games, earning a bonus of 8".

The other suits are contracts too (Foster: "he may either select cayenne or any of the other
suits"), each by its colour (:func:`colours`): Parlett's "second colour" is the other suit of the
cayenne suit's colour ("if the cayenne suit was clubs and the trump suit spades (second colour), the
basic score is multiplied by 3"), the two suits of the other colour are the third and the fourth
(multiplied by 2 and 1). Which of those two is the third the library's copies do not show; the tutor
says its own order (:data:`NOT_OFFERED`, shown on the Rules page): the third is the one named first
in the order spades, hearts, diamonds, clubs. At nullo every ace counts high (Parlett: "an Ace
counts as the lowest card of its suit unless its holder specifies otherwise upon playing it" -- here
every holder so specifies). The disagreement with 002 (Cayenne for three) is the rule-set data's
(:mod:`tutor.rulesets`).

>>> from tutor.deal import Deal
>>> deal = Deal.random(3, dealer="E")
>>> score_cayenne(deal, Contract(Suit.H, "grand", Seat.E), tricks_ns=9).below[Side.NS]
24
>>> [s.symbol for s in colours(Suit.C)]
['♣', '♠', '♥', '♦']
>>> Contract(Suit.C, "second", Seat.E).trump, Contract(Suit.C, "second", Seat.E).multiplier
(Suit.S, 3)
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Literal, get_args

from tutor.cards import Hand, Rank, Suit
from tutor.deal import Deal
from tutor.errors import WhistError
from tutor.i18n import t
from tutor.rulesets import Ruleset, Text
from tutor.scoring import DealScore, ScoreItem, ScoreSheet
from tutor.seats import Seat, Side
from tutor.vocab import Lang

__all__ = ["CayenneError", "Declaration", "DECLARATIONS", "Contract", "MULTIPLIER", "HONOUR_POINTS", "CAYENNE_RULES",
           "NOT_OFFERED", "score_cayenne", "honours_held", "CayenneSheet", "Decision", "declare", "colours",
           "SUIT_DECLARATIONS", "declaration_of"]

#: The contracts: a suit as trumps by its colour (the cayenne suit, the second, third or fourth
#: colour: Foster's "cayenne or any of the other suits"), grand (no trumps, for tricks), nullo (no
#: trumps, to lose tricks).
Declaration = Literal["cayenne", "second", "third", "fourth", "grand", "nullo"]
DECLARATIONS: tuple[Declaration, ...] = get_args(Declaration)
#: The declarations that make a suit trumps, in the order of :func:`colours`.
SUIT_DECLARATIONS: tuple[Declaration, ...] = ("cayenne", "second", "third", "fourth")
#: Parlett's multiplier of the basic score: the cayenne suit 4, the second colour 3, the third 2, the
#: fourth 1, grand and nullo 8.
MULTIPLIER = MappingProxyType({"cayenne": 4, "second": 3, "third": 2, "fourth": 1, "grand": 8, "nullo": 8})
#: Parlett: the side holding the majority of the five honours scores a basic 2 for three, 4 for four,
#: 6 for five (before the multiplier); no honours at grand or nullo.
HONOUR_POINTS = MappingProxyType({3: 2, 4: 4, 5: 6})
_HONOURS = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN)
#: What the books allow and the tutor does not play, each with its reason (shown on the Rules page).
NOT_OFFERED: tuple[str, ...] = ("third-colour-order", "ace-low-at-nullo")
_ORDER = (Suit.S, Suit.H, Suit.D, Suit.C)


def colours(cayenne: Suit) -> tuple[Suit, Suit, Suit, Suit]:
    """The suits by their value as trumps: the cayenne suit, the second colour (the other suit of its
    colour, Parlett), then the third and fourth (the other colour; the tutor's order, see the module)."""
    same = next(s for s in Suit if s != cayenne and s.is_red == cayenne.is_red)
    third, fourth = (s for s in _ORDER if s.is_red != cayenne.is_red)
    return cayenne, same, third, fourth


def declaration_of(suit: Suit, cayenne: Suit) -> Declaration:
    """The declaration that makes ``suit`` trumps when ``cayenne`` is the cayenne suit."""
    return SUIT_DECLARATIONS[colours(cayenne).index(suit)]


class CayenneError(WhistError):
    """A Cayenne contract or score that cannot be: an unknown declaration, a pass by the partner."""


#: The sheet's mechanics as a rule set (not one of the presets): game ten, the rubber the best of
#: seven games with a bonus of eight (Parlett); the deal's points come from :func:`score_cayenne`.
CAYENNE_RULES = Ruleset(
    name="cayenne",
    title=Text("Cayenne", "Кайен"),
    source="Foster's Complete Hoyle, Cayenne, or Cayenne Whist; Parlett, The Penguin Book of Card Games, Cayenne",
    summary=Text("Cayenne: the dealer or his partner names the cayenne suit as trumps, grand or nullo; game ten, "
                 "the rubber the best of seven games.",
                 "Кайен: сдающий или его партнёр назначает козырем масть кайен, гранд или нулло; игра — десять "
                 "очков, робер — лучшая из семи игр."),
    trick_points=1, game_target=10, honours=None, coronkas=None, slam_bonus=(), revoke=None, game_bonus=0,
    game_values=None, games_to_win=4, rubber_bonus=8, netting=False, game_word=Text("game", "игра"),
    rubber_word=Text("rubber", "робер"), trick_item="odd-tricks",
)


@dataclass(frozen=True)
class Contract:
    """What a Cayenne deal is played at: the cayenne suit (cut from the second pack), the contract
    named, and who named it (the dealer, or his partner when the dealer left it to him)."""

    cayenne: Suit
    declaration: Declaration
    named_by: Seat

    def __post_init__(self) -> None:
        if self.declaration not in DECLARATIONS:
            raise CayenneError(f"unknown Cayenne contract {self.declaration!r} (use {', '.join(DECLARATIONS)})")

    @property
    def trump(self) -> Suit | None:
        """The trump suit: the suit of the colour named, or none at grand and nullo."""
        if self.declaration in SUIT_DECLARATIONS:
            return colours(self.cayenne)[SUIT_DECLARATIONS.index(self.declaration)]
        return None

    @property
    def multiplier(self) -> int:
        return MULTIPLIER[self.declaration]

    def title(self, lang: Lang = "en") -> str:
        """The contract as the table says it ("cayenne ♥", "second colour ♦", "grand", "nullo")."""
        return t(f"cayenne.contract.{self.declaration}", lang, suit=(self.trump or self.cayenne).symbol)

    def to_json(self) -> dict[str, Any]:
        return {"cayenne": self.cayenne.name, "declaration": self.declaration, "named_by": self.named_by.name,
                "trump": self.trump.name if self.trump is not None else None, "multiplier": self.multiplier}


def honours_held(deal: Deal, trump: Suit) -> dict[Side, int]:
    """How many of the five honours (A K Q J 10 of trumps) each side holds, in one hand or two."""
    out = {Side.NS: 0, Side.EW: 0}
    for seat in Seat:
        out[seat.side] += sum(1 for c in deal.hands[seat].suit(trump) if c.rank in _HONOURS)
    return out


def score_cayenne(deal: Deal, contract: Contract, tricks_ns: int) -> DealScore:
    """A Cayenne deal's score (Parlett): the odd tricks of the side taking most, times the contract's
    multiplier; at a suit the honours of the side holding most of them, times the same; at
    nullo the side taking fewer tricks scores eight times the odd tricks its opponents took. Every
    point counts towards the game of ten (below the line)."""
    if not 0 <= tricks_ns <= 13:
        raise CayenneError(f"a side takes 0 to 13 tricks, not {tricks_ns}")
    tricks = {Side.NS: tricks_ns, Side.EW: 13 - tricks_ns}
    more = Side.NS if tricks_ns > 6 else Side.EW
    odd = tricks[more] - 6
    items: list[ScoreItem] = []
    if contract.declaration == "nullo":
        items.append(ScoreItem(more.other, "odd-tricks", odd * contract.multiplier, "below"))
    else:
        items.append(ScoreItem(more, "odd-tricks", odd * contract.multiplier, "below"))
        if contract.trump is not None:
            held = honours_held(deal, contract.trump)
            major = max(held, key=lambda s: held[s])
            items.append(ScoreItem(major, "honours", HONOUR_POINTS[held[major]] * contract.multiplier, "below"))
    return DealScore(CAYENNE_RULES.name, tuple(items), tricks=((Side.NS, tricks[Side.NS]), (Side.EW, tricks[Side.EW])))


class CayenneSheet(ScoreSheet):
    """A Cayenne rubber's sheet: a game to ten, the rubber to four games won, the bonus of eight."""

    def __init__(self) -> None:
        super().__init__(CAYENNE_RULES)

    def __repr__(self) -> str:
        return "CayenneSheet()"

    def score(self, deal: Deal, tricks_ns: int | str, **kwargs: Any) -> DealScore:
        """Score a deal played at ``contract=`` and record it."""
        contract = kwargs.get("contract")
        if not isinstance(contract, Contract):
            raise CayenneError("a Cayenne deal is scored with its contract (contract=Contract(...))")
        ds = score_cayenne(deal, contract, int(tricks_ns))
        self.record(ds)
        return ds


# -- the robots' stated rule for naming the contract -------------------------------------------
@dataclass(frozen=True)
class Decision:
    """A robot's word on the contract: the declaration, or None when the dealer leaves it to his
    partner; the reason in the learner's two languages."""

    declaration: Declaration | None
    reason: Text


def declare(hand: Hand, cayenne: Suit, *, must: bool) -> Decision:
    """The robots' rule (the tutor's own, stated; the books leave the choice to judgement): name the
    cayenne suit with five of it, or four with two of its top three; else another suit with six of it,
    or five with two of its top three (the longest, the higher colour among equals); grand with three
    aces and no void; nullo with no ace and at most one king; else the dealer leaves it to his
    partner. The partner (``must``) names the cayenne suit with four of it, another suit with five,
    grand with two aces and no void, nullo with no ace, and the cayenne suit otherwise."""
    def tops(suit: Suit) -> int:
        return sum(1 for c in hand.suit(suit) if c.rank in (Rank.ACE, Rank.KING, Rank.QUEEN))

    trumps = hand.suit(cayenne)
    aces = sum(1 for c in hand if c.rank == Rank.ACE)
    kings = sum(1 for c in hand if c.rank == Rank.KING)
    void = any(not hand.has_suit(s) for s in Suit)
    others = sorted(colours(cayenne)[1:], key=lambda s: -len(hand.suit(s)))  # stable: the higher colour first
    other = others[0]
    longest = len(hand.suit(other))
    facts: dict[str, object] = {"n": len(trumps), "suit": cayenne.symbol, "aces": aces, "kings": kings, "m": longest,
                                "other": other.symbol}

    def said(key: str, declaration: Declaration | None) -> Decision:
        return Decision(declaration, Text(t(f"cayenne.rule.{key}", "en", **facts), t(f"cayenne.rule.{key}", "ru", **facts)))

    if not must:
        if len(trumps) >= 5 or (len(trumps) >= 4 and tops(cayenne) >= 2):
            return said("dealer_cayenne", "cayenne")
        if longest >= 6 or (longest >= 5 and tops(other) >= 2):
            return said("dealer_suit", declaration_of(other, cayenne))
        if aces >= 3 and not void:
            return said("dealer_grand", "grand")
        if aces == 0 and kings <= 1:
            return said("dealer_nullo", "nullo")
        return said("dealer_pass", None)
    if len(trumps) >= 4:
        return said("partner_cayenne", "cayenne")
    if longest >= 5:
        return said("partner_suit", declaration_of(other, cayenne))
    if aces >= 2 and not void:
        return said("partner_grand", "grand")
    if aces == 0:
        return said("partner_nullo", "nullo")
    return said("partner_cayenne_else", "cayenne")
