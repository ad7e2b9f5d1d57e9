"""The cut for the deal: who deals first, who partners whom, who waits -- under each seed's custom.

The seeds disagree on the cut, and a learner meets all three customs at real tables, so each is
data here (:data:`CUSTOMS`) and one function, :func:`rule_cut`, reads a cut under any of them:

* ``lowest`` -- 000 «Сдача и партнерство» 5, 6: «Младшая карта играет с младшей, старшая — со
  старшей»; «Первым сдает тот, кто выбирает место: тот, у кого самая младшая карта». The ace is
  the highest card (000 «Порядок карт» 2: «туз, король, дама, валет, десятка ... до двойки»).
* ``highest`` -- 001 §2: «каждый вытягивает карту: игрок с выбранной старшей картой сдаёт первым;
  если значения совпали, тяните снова. Это удобная домашняя договорённость». The ace is high (001
  §1). 001 gives no rule for the partners, so under this custom the partners are not decided here.
* ``club`` -- 003 «Старшинство карт»: «При жеребьевке туз считается младшей картой»; «Число игроков»:
  the four highest cards play first, the others wait; «Жеребьевка»: the two higher cards partner
  each other against the two lower, «Право выбора колоды и мест остается за младшей картой». 003
  does not say who deals; the lowest deals, as in 000 6 (the English books agree: Hoyle's Games
  Improved, "Whist": "the person who cuts the lowest card is entitled to the deal. In cutting, the
  ace is accounted the lowest"; Cassell's Book of In-door Amusements: "Ace.--Highest in play,
  lowest in cutting").

Equal cards that decide something are drawn again (001 says so; 000 and 003 are silent, and it is
the usual practice): :func:`rule_cut` leaves that part undecided and :meth:`CutRuling.answer`
refuses to answer it, so no exercise can ask what its cut does not decide.

The players are named, not seated: the draw comes before the seats (000 6: the lowest *chooses*
his seat). The names are the club's (:data:`PLAYER_NAMES`, the learner first); their Russian
forms are in the locale files (``club.player.*``).

>>> from tutor.cards import Card
>>> cut = {"You": Card.parse("S5"), "Anna": Card.parse("HA"), "Boris": Card.parse("D9"), "Vera": Card.parse("C2")}
>>> rule_cut(cut, "lowest").dealer, rule_cut(cut, "highest").dealer, rule_cut(cut, "club").dealer
('Vera', 'Anna', 'Anna')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Literal, get_args

from tutor.cards import Card, Rank, parse_card
from tutor.errors import CardError, WhistError
from tutor.i18n import t
from tutor.vocab import Lang

__all__ = ["CutError", "Custom", "CUSTOMS", "CLUB_TABLE", "parse_cut", "format_cut", "CutAsk", "CUT_ASKS", "PLAYER_NAMES", "LEARNER", "cut_rank",
           "CutRuling", "rule_cut", "player_name", "custom_rule"]

#: The customs of the cut: 000's (the lowest deals), 001's house custom (the highest deals), 003's
#: club draw (the ace the lowest card; the four highest play).
Custom = Literal["lowest", "highest", "club"]
CUSTOMS: tuple[Custom, ...] = get_args(Custom)
#: What an exercise on a cut may ask: who deals first, who is the learner's partner, who waits.
CutAsk = Literal["dealer", "partner", "waiting"]
CUT_ASKS: tuple[CutAsk, ...] = get_args(CutAsk)
#: The players of a cut, the learner first (the club's names, tutor.club uses the same).
PLAYER_NAMES: tuple[str, ...] = ("You", "Anna", "Boris", "Vera", "Gleb", "Dina")
LEARNER = PLAYER_NAMES[0]
#: How many may sit down to a club table's draw: four to six (003 «Число игроков»: «В жеребьевке - все
#: игроки, если состав желающих расширяется до 5-6»).
CLUB_TABLE: tuple[int, int] = (4, 6)
#: How many draw under each custom: four at a table; at the club up to six.
_PLAYERS: Mapping[str, tuple[int, int]] = MappingProxyType({"lowest": (4, 4), "highest": (4, 4), "club": CLUB_TABLE})


class CutError(WhistError):
    """A cut that cannot be read: an unknown custom or player, a card drawn twice, the wrong
    number of players, or a question the cut does not decide (a tie: they draw again)."""


def cut_rank(card: Card, custom: Custom) -> int:
    """A card's rank in the cut: the two is 2, the king 13; the ace is 14, except in the club's draw,
    where «туз считается младшей картой» (003) and it is 1.

    >>> from tutor.cards import Card
    >>> cut_rank(Card.parse("HA"), "lowest"), cut_rank(Card.parse("HA"), "club")
    (14, 1)
    """
    if card.rank == Rank.ACE:
        return 1 if custom == "club" else 14
    return int(card.rank)


def _check(cut: Mapping[str, Card], custom: str) -> Custom:
    if custom not in CUSTOMS:
        raise CutError(f"unknown custom of the cut {custom!r} (use one of {', '.join(CUSTOMS)})")
    unknown = [p for p in cut if p not in PLAYER_NAMES]
    if unknown:
        raise CutError(f"unknown player {unknown[0]!r} in the cut (the players are {', '.join(PLAYER_NAMES)})")
    if LEARNER not in cut:
        raise CutError(f"the learner ({LEARNER}) draws too")
    low, high = _PLAYERS[custom]
    if not low <= len(cut) <= high:
        many = str(low) if low == high else f"{low} to {high}"
        raise CutError(f"the {custom} custom is a cut of {many} players, not {len(cut)}")
    if len(set(cut.values())) != len(cut):
        raise CutError("a card is drawn twice in the cut")
    return custom


@dataclass(frozen=True)
class CutRuling:
    """What a cut decides under one custom. A part the cut leaves to a new draw (equal cards where
    they decide) is None: ``dealer`` when the deciding cards tie, ``pairs`` when the second and third
    cards of the four tie (or the custom names no partners: 001), ``waiting`` when the fourth and
    fifth tie at a club table."""

    custom: Custom
    cut: Mapping[str, Card]
    order: tuple[str, ...]  #: the players from the lowest card to the highest (in the custom's ranks)
    playing: tuple[str, ...] | None  #: the four who play first (all of them at a table of four)
    waiting: tuple[str, ...] | None  #: those who wait (club tables of five or six)
    dealer: str | None
    pairs: tuple[tuple[str, str], tuple[str, str]] | None  #: (the two low, the two high)

    def partner_of(self, player: str) -> str | None:
        """The player's partner, if the cut decides it (and the player plays)."""
        for pair in self.pairs or ():
            if player in pair:
                return pair[1] if pair[0] == player else pair[0]
        return None

    def answer(self, ask: CutAsk, player: str = LEARNER) -> str:
        """The answer to ``ask`` (a player's name); :class:`CutError` when the cut leaves it to a new
        draw, or it is not asked under this custom."""
        if ask == "dealer":
            if self.dealer is None:
                raise CutError("equal cards decide the deal: they draw again")
            return self.dealer
        if ask == "partner":
            if self.custom == "highest":
                raise CutError("the house custom of 001 names who deals, not who partners whom")
            found = self.partner_of(player)
            if found is None:
                raise CutError(f"the cut does not decide {player}'s partner (equal cards, or {player} waits)")
            return found
        if ask == "waiting":
            if self.custom != "club" or self.waiting is None or len(self.waiting) != 1:
                raise CutError("'who waits' is asked of a club table of five, whose cut decides it")
            return self.waiting[0]
        raise CutError(f"unknown question on the cut {ask!r} (use one of {', '.join(CUT_ASKS)})")


def rule_cut(cut: Mapping[str, Card], custom: str) -> CutRuling:
    """Read ``cut`` (each player's card) under ``custom``: who plays, who deals, who partners whom."""
    kind = _check(cut, custom)
    rank = {p: cut_rank(c, kind) for p, c in cut.items()}
    order = tuple(sorted(cut, key=lambda p: (rank[p], PLAYER_NAMES.index(p))))
    playing: tuple[str, ...] | None = order
    waiting: tuple[str, ...] | None = ()
    if len(order) > 4:
        # 003: the four highest play; a tie across the cut between the fourth and the fifth is drawn again
        cut_at = len(order) - 4
        if rank[order[cut_at - 1]] == rank[order[cut_at]]:
            playing = waiting = None
        else:
            playing, waiting = order[cut_at:], order[:cut_at]
    dealer: str | None = None
    pairs: tuple[tuple[str, str], tuple[str, str]] | None = None
    if playing is not None:
        four = [rank[p] for p in playing]
        if kind == "highest":
            dealer = playing[-1] if four[-1] != four[-2] else None
        else:
            dealer = playing[0] if four[0] != four[1] else None
            if four[1] != four[2]:
                pairs = ((playing[0], playing[1]), (playing[2], playing[3]))
    return CutRuling(kind, MappingProxyType(dict(cut)), order, playing, waiting, dealer, pairs)


def player_name(name: str, lang: Lang = "en") -> str:
    """A player's name as the learner reads it (``Vera`` / ``Вера``; ``You`` / ``Вы``)."""
    if name not in PLAYER_NAMES:
        raise CutError(f"unknown player {name!r}")
    return t(f"club.player.{name}", lang)


def custom_rule(custom: Custom, ask: CutAsk, lang: Lang = "en") -> str:
    """The custom's rule for ``ask`` in the learner's words, with its source: what a wrong answer is
    told (the rule, never the name it gives)."""
    return t(f"club.cut.rule.{custom}.{ask}", lang)


def parse_cut(text: str) -> dict[str, Card]:
    """Read a cut as a learner types it: a name and a card per player, ``You S5, Anna HA`` (the names
    in either language, any case; ``♥A``, ``A♥`` and ``HA`` are one card).

    >>> {p: str(c) for p, c in parse_cut("вы ♠5, Anna HA; Борис D9, vera 2♣").items()}
    {'You': 'S5', 'Anna': 'HA', 'Boris': 'D9', 'Vera': 'C2'}
    """
    names = {n.casefold(): n for n in PLAYER_NAMES}
    names.update({player_name(n, "ru").casefold(): n for n in PLAYER_NAMES})
    out: dict[str, Card] = {}
    for part in (p.strip() for p in text.replace(";", ",").split(",")):
        if not part:
            continue
        bits = part.split()
        if len(bits) != 2:
            raise CutError(f"write a name and a card, like 'Anna HA', not {part!r}")
        name = names.get(bits[0].casefold())
        if name is None:
            raise CutError(f"unknown player {bits[0]!r} (the players are {', '.join(PLAYER_NAMES)})")
        if name in out:
            raise CutError(f"{name} draws twice")
        try:
            out[name] = parse_card(bits[1])
        except CardError as exc:
            raise CutError(f"{name}: {exc}") from None
    if not out:
        raise CutError("no card is drawn: write e.g. 'You S5, Anna HA, Boris D9, Vera C2'")
    return out


def format_cut(cut: Mapping[str, Card], lang: Lang | None = None) -> str:
    """The cut as :func:`parse_cut` reads it: ``You S5, Anna HA``, or in a learner's language
    (``Вы ♠5, Анна ♥Т``).

    >>> from tutor.cards import Card
    >>> format_cut({"You": Card.parse("S5"), "Anna": Card.parse("HA")}, "ru")
    'Вы ♠5, Анна ♥Т'
    """
    if lang is None:
        return ", ".join(f"{p} {c}" for p, c in cut.items())
    return ", ".join(f"{player_name(p, lang)} {c.symbol(lang)}" for p, c in cut.items())
