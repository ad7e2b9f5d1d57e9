"""Which card to lead from a suit holding, in the russian and the english system.

Three questions, one function each:

* :func:`lead_from_holding` -- the first lead of a suit (an opening lead, or a suit nobody has
  led yet, trumps included);
* :func:`continue_from_holding` -- the next card of a suit the leader opened himself (the second
  card of the lead table: A-K -> K then A; A-K-Q-J -> K then Q (russian) or K then J (english));
* :func:`return_from_holding` -- the card of partner's suit returned to him (two left -> the higher,
  three or more -> the lowest, the master card always; in trumps three or fewer -> the highest,
  four or more -> the lowest).

The card rules are tried in a fixed order, most specific holding first, and the first that fits
decides (module-level tuples per system, :data:`RUSSIAN_CARD_ORDER` and
:data:`ENGLISH_CARD_ORDER`). Russian follows the seeds (000 LST 1-3, 7; HNT 1, 9-11, 13); where
they are silent, the english rule (docs/conventions.md). English follows Cavendish's Analysis of Leads
(Laws and Principles of Whist, 18th ed., ch. "Leads"), with Chambers, Pole and old Hoyle where
he is silent, and both schools accepted where they differ: a rule may name one card first and
accept another as just as right (``HoldingLead.accept``: Pole's and Hoyle's lowest beside
Cavendish's fourth best).

Trumps (the issue of HNT 13). «Имея на руках несколько козырей и сознавая необходимость с них
ходить, начинают всегда с самого старшего» is the rule of a player who leads trumps because he
must -- three trumps or fewer (answering partner's call, or forced): Hoyle's "When you lead small
trumps, begin with the highest", Pole's "with less than four, play out your best". With four or
more trumps the lead follows the card rules of a long suit: the head sequences, A-K -> K, a
coronka -> Q (russian), and otherwise the lowest (Hoyle: "If five trumps of a lower denomination,
begin with the lowest"; Cavendish: the fourth best). Answering a call or returning partner's trump
lead with four or more: the lowest (Pole).

"Touching" is judged with the cards already played: K-J is a sequence once the Q is gone.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tutor.cards import Card, Rank
from tutor.conventions.rules import equal_groups, say
from tutor.text import Text
from tutor.vocab import System

__all__ = [
    "is_strong_suit",
    "HoldingLead",
    "LeadSituation",
    "lead_from_holding",
    "continue_from_holding",
    "return_from_holding",
    "RUSSIAN_CARD_ORDER",
    "ENGLISH_CARD_ORDER",
    "card_order",
]

A, K, Q, J, T = Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN


@dataclass(frozen=True)
class HoldingLead:
    """The lead a card rule prescribes from one suit.

    ``keep`` are the cards the rule accepts, the first of them the one it names (``card``);
    ``accept`` are those among ``keep`` that another school of the same system leads instead,
    just as right, and ``accept_why`` says which school and why.
    """

    keep: tuple[Card, ...]
    maxim: str
    reason: Text
    why: Text
    accept: tuple[Card, ...] = ()
    accept_why: Text | None = None

    @property
    def card(self) -> Card:
        """The card the rule names first."""
        return self.keep[0]


@dataclass(frozen=True)
class LeadSituation:
    """What besides the cards decides the card of a trump or plain lead.

    ``answering``: partner has called for trumps, or led them, and this is a trump lead in
    answer (Pole: three or fewer -> the highest, four or more -> the lowest). ``forced``: the
    leader has already ruffed a plain suit (Cavendish: then open an A-K suit with the ace, so that
    partner does not ruff the king).
    """

    answering: bool = False
    forced: bool = False


@dataclass(frozen=True)
class _H:
    """A holding prepared for the patterns: cards high first, their ranks, effective sequences."""

    cards: tuple[Card, ...]
    ranks: frozenset[Rank]
    groups: tuple[tuple[Card, ...], ...]
    trump: bool
    situation: LeadSituation

    def has(self, *ranks: Rank) -> bool:
        return all(r in self.ranks for r in ranks)

    @property
    def n(self) -> int:
        return len(self.cards)

    @property
    def lowest(self) -> Card:
        return self.cards[-1]

    def small(self, above: Rank = T) -> tuple[Card, ...]:
        """Cards below ``above`` (the "small ones" of the books: below the honours)."""
        return tuple(c for c in self.cards if c.rank < above)


@dataclass(frozen=True)
class _Pick:
    keep: tuple[Card, ...]
    accept: tuple[Card, ...] = ()


Pattern = Callable[[_H], "_Pick | None"]


def _one(card: Card) -> _Pick:
    return _Pick((card,))


def _fourth_or_lowest(h: _H, prefer_lowest: bool) -> _Pick:
    """Cavendish's fourth best and Pole's and Hoyle's lowest: both accepted, one named first."""
    fourth, low = h.cards[3], h.lowest
    if fourth == low:
        return _one(low)
    return _Pick((low, fourth), (fourth,)) if prefer_lowest else _Pick((fourth, low), (low,))


# -- trumps led because one must, or in answer ------------------------------------------------


def _highest_short_trump(h: _H) -> _Pick | None:
    """HNT 13 in its scope: three trumps or fewer, led because one must -> the highest."""
    return _one(h.cards[0]) if h.trump and h.n <= 3 else None


def _answer_long_trumps(h: _H) -> _Pick | None:
    """Pole: answering partner's call (or returning his trump lead) with four or more -> the lowest."""
    return _one(h.lowest) if h.trump and h.situation.answering and h.n >= 4 else None


# -- head sequences ---------------------------------------------------------------------------


def _quart_major(h: _H) -> _Pick | None:
    return _one(h.cards[1]) if h.has(A, K, Q, J) else None


def _quart_major_plain(h: _H) -> _Pick | None:
    return None if h.trump else _quart_major(h)


def _quart_major_trumps(h: _H) -> _Pick | None:
    """Cavendish: A-K-Q-J in trumps -> the knave, then the ace."""
    return _one(h.cards[3]) if h.trump and h.has(A, K, Q, J) else None


def _coronka(h: _H) -> _Pick | None:
    return _one(h.cards[2]) if h.has(A, K, Q) and J not in h.ranks else None


def _coronka_trumps(h: _H) -> _Pick | None:
    """Cavendish: A-K-Q (no J) in trumps -> the queen."""
    return _coronka(h) if h.trump else None


def _ace_king_forced(h: _H) -> _Pick | None:
    """Cavendish: a plain A-K suit opened after having been forced to trump -> the ace first."""
    if h.trump or not h.situation.forced or not h.has(A, K):
        return None
    return _one(h.cards[0])


def _ace_king_only(h: _H) -> _Pick | None:
    """Cavendish; Elwell: A-K alone -> the ace, then the king (the ace first shows no more)."""
    return _one(h.cards[0]) if h.n == 2 and h.has(A, K) else None


def _ace_king(h: _H) -> _Pick | None:
    return _one(h.cards[1]) if h.has(A, K) and Q not in h.ranks else None


def _ace_king_any(h: _H) -> _Pick | None:
    return _one(h.cards[1]) if h.has(A, K) else None


def _ace_king_english(h: _H) -> _Pick | None:
    """Cavendish: A-K (with the J, or in a plain suit) -> the king; in trumps A-K + small ->
    the king only with seven or more trumps (the other case is :func:`_two_honours_small_trumps`)."""
    if not h.has(A, K):
        return None
    if h.trump and J not in h.ranks and h.n < 7:
        return None
    return _one(h.cards[1])


def _two_honours_small_trumps(h: _H) -> _Pick | None:
    """Cavendish: in trumps A-K + small (fewer than seven) and K-Q + small (fewer than seven, no
    ten) -> a small one (the fourth best for an American leader)."""
    if not h.trump or h.n < 3:
        return None
    ak = h.has(A, K) and Q not in h.ranks and J not in h.ranks and h.n < 7
    kq = h.has(K, Q) and A not in h.ranks and J not in h.ranks and T not in h.ranks and h.n < 7
    if not (ak or kq):
        return None
    return _fourth_or_lowest(h, prefer_lowest=False) if h.n >= 4 else _one(h.lowest)


def _ace_queen_knave(h: _H) -> _Pick | None:
    """Chambers; Pole; old Hoyle: A-Q-J -> the ace, then the queen."""
    return _one(h.cards[0]) if h.has(A, Q, J) and K not in h.ranks else None


def _ace_fifth(h: _H) -> _Pick | None:
    """000 HNT 11 «при тузе сам-пят»: the ace with four or more SMALL cards (no king or queen:
    A-Q-x-x-x is strong at the head, LST 7; Cavendish's example A-J-9-8-7 counts the knave small)."""
    return _one(h.cards[0]) if A in h.ranks and K not in h.ranks and Q not in h.ranks and h.n >= 5 else None


def _ace_fifth_plain(h: _H) -> _Pick | None:
    """Cavendish, Pole: A + four or more small in a plain suit -> the ace (in trumps a small one)."""
    return None if h.trump else _ace_fifth(h)


def _ace_small(h: _H) -> _Pick | None:
    if A in h.ranks and K not in h.ranks and h.n in (3, 4):
        return _one(h.lowest)
    return None


def _ace_small_three(h: _H) -> _Pick | None:
    return _one(h.lowest) if A in h.ranks and K not in h.ranks and h.n == 3 else None


def _king_queen_knave_long(h: _H) -> _Pick | None:
    """Chambers; old Hoyle: K-Q-J and two or more small -> the knave."""
    if h.has(K, Q, J) and A not in h.ranks and h.n >= 5:
        return _one(next(c for c in h.cards if c.rank == J))
    return None


def _under_sequence(h: _H) -> _Pick | None:
    """Cavendish ch. 15; Chambers: K-J-10-9 -> the 9, K-J-10 + small -> the 10, K-10-9-8 -> the 8:
    from a suit headed by a lone honour over a sequence, the lowest of the sequence, so that
    partner puts his high card on."""
    if h.n < 4 or h.cards[0].rank not in (K, Q) or len(h.groups[0]) != 1:
        return None
    second = h.groups[1] if len(h.groups) > 1 else ()
    if len(second) >= 3 and second[0].rank >= T:
        return _one(second[-1])
    if h.cards[0].rank == K and len(second) == 2 and second[0].rank == J:
        return _one(second[-1])
    return None


#: The lowest honour of whist (ace, king, queen, knave; the ten is none): a touching pair whose
#: lower card is below it is no pair of "touching honours".
LOWEST_HONOUR = J
#: The length from which such a pair heads a long suit (the pair and two or more small cards).
LONG_WITH_PAIR = 4


def pair_below_honours_in_long_suit(h: _H) -> bool:
    """The books' scope of "the higher of touching cards" for a long suit headed by a pair that is
    not two honours -- J-10 or 10-9 and two or more small cards: such a suit is led like any long
    suit, a small card (Cavendish, Analysis of leads: knave, ten and small, a small one; Pole, the
    lowest by the general rule; old Hoyle, knave, ten and three small trumps: a small one). The
    pair of honours of 000's own examples (king-queen, HNT 9; queen-knave-nine, LST 1) and a head
    sequence of three keep their top card, and so does a short suit (a forced lead)."""
    top = h.groups[0]
    return len(top) == 2 and top[-1].rank < LOWEST_HONOUR and h.n >= LONG_WITH_PAIR


def _touching(h: _H) -> _Pick | None:
    """000 LST 1, HNT 9: touching cards -> the higher; not a pair below the honours heading a
    long suit (:func:`pair_below_honours_in_long_suit`)."""
    top = h.groups[0]
    if pair_below_honours_in_long_suit(h):
        return None
    return _one(top[0]) if len(top) >= 2 and top[0].rank >= T else None


def _touching_english(h: _H) -> _Pick | None:
    """Cavendish, Chambers: a head sequence of three (Q-J-10, J-10-9, 10-9-8), K-Q, or a short
    suit (three cards or fewer) headed by two touching honours -> the top card. Q-J or J-10 with
    two or more small cards are led like any long suit (Cavendish: a small one)."""
    top = h.groups[0]
    if len(top) < 2 or top[0].rank < T:
        return None
    if len(top) >= 3 or top[0].rank == K or h.n <= 3:
        return _one(top[0])
    return None


def _king_third(h: _H, lengths: tuple[int, ...] = (3, 4)) -> _Pick | None:
    if h.cards[0].rank == K and h.n in lengths:
        return _one(h.lowest)
    return None


def _king_third_only(h: _H) -> _Pick | None:
    return _king_third(h, (3,))


def _doubleton_honour(h: _H) -> _Pick | None:
    return _one(h.cards[0]) if h.n == 2 and h.cards[0].rank in (Q, J) else None


def _short_small_suit(h: _H) -> _Pick | None:
    """Pole: a forced lead from a suit of three cards or fewer with no honour -> the highest (it
    tells partner the suit is weak)."""
    return _one(h.cards[0]) if not h.trump and h.n <= 3 and h.cards[0].rank <= T else None


def is_strong_suit(cards: Sequence[Card]) -> bool:
    """A strong suit (000 LST 6, 7, 11): four or more cards with two of the top honours (A, K, Q).

    Chambers: "a good strong suit of his own, as, for instance, one of those in the list above
    [the leading combinations], and containing four or more cards". Length alone under one honour
    (K-x-x-x-x) is not strength: read so, LST 6 sent the student away from partner's suit at a
    measured cost of 0.28 tricks a time (the double-dummy study)."""
    if len(cards) < 4:
        return False
    return sum(1 for c in cards if c.rank >= Q) >= 2


def _top_or_bottom(h: _H) -> _Pick | None:
    """000 LST 7, plain suits: a strong suit -> its top or its bottom card, never a middle one.
    "Strong" for the top card means two of the top honours (A-Q-x-x, K-Q-x-x-x, …): from a king
    or queen with small cards only, however many, no book leads the honour (content review D-1;
    Hoyle, Cavendish) -- such a suit is led from the bottom (:func:`_long_suit_low`)."""
    if h.trump or not is_strong_suit(h.cards) or sum(1 for c in h.cards if c.rank >= Q) < 2:
        return None
    return _Pick((h.cards[0], h.lowest))


def _long_suit_low(h: _H) -> _Pick | None:
    """000 LST 7 («с самой младшей, но только не со средней») for a long plain suit with no leading
    combination: the lowest (Pole, old Hoyle, Chambers); never a middle card."""
    return _one(h.lowest) if not h.trump and h.n >= 4 else None


def _long_trumps_low(h: _H) -> _Pick | None:
    """Hoyle: four or more trumps with no leading combination -> the lowest (Cavendish's fourth
    best accepted)."""
    return _fourth_or_lowest(h, prefer_lowest=True) if h.trump and h.n >= 4 else None


def _fourth_best(h: _H) -> _Pick | None:
    """Cavendish (the American leads): the fourth best; Pole, Hoyle, Chambers: the lowest."""
    return _fourth_or_lowest(h, prefer_lowest=False) if h.n >= 4 else None


_SCHOOLS = say("holdings.module.schools")

_TEXTS: dict[str, tuple[Text, Text]] = {
    "lead-highest-trump": (
        say("holdings.module.text"),
        say("holdings.module.text-2"),
    ),
    "answer-trumps-low-from-four": (
        say("holdings.module.text-3"),
        say("holdings.module.text-4"),
    ),
    "quart-major-lead-king": (
        say("holdings.module.text-5"),
        say("holdings.module.text-6"),
    ),
    "quart-major-in-trumps-lead-knave": (
        say("holdings.module.text-7"),
        say("holdings.module.text-8"),
    ),
    "coronka-lead-queen": (
        say("holdings.module.text-9"),
        say("holdings.module.text-10"),
    ),
    "ace-king-lead-king": (
        say("holdings.module.text-11"),
        say("holdings.module.text-12"),
    ),
    "ace-king-only-lead-ace": (
        say("holdings.module.text-13"),
        say("holdings.module.text-14"),
    ),
    "ace-king-after-ruffing-lead-ace": (
        say("holdings.module.text-15"),
        say("holdings.module.text-16"),
    ),
    "honours-and-small-trumps-lead-small": (
        say("holdings.module.text-17"),
        say("holdings.module.text-18"),
    ),
    "ace-queen-knave-lead-ace": (
        say("holdings.module.text-19"),
        say("holdings.module.text-20"),
    ),
    "ace-fifth-lead-ace": (
        say("holdings.module.text-21"),
        say("holdings.module.text-22"),
    ),
    "ace-small-lead-small": (
        say("holdings.module.text-23"),
        say("holdings.module.text-24"),
    ),
    "king-queen-knave-long-lead-knave": (
        say("holdings.module.text-25"),
        say("holdings.module.text-26"),
    ),
    "under-sequence-lead-lowest": (
        say("holdings.module.text-27"),
        say("holdings.module.text-28"),
    ),
    "top-of-touching-honours": (
        say("holdings.module.text-29"),
        say("holdings.module.text-30"),
    ),
    "king-third-lead-small": (
        say("holdings.module.text-31"),
        say("holdings.module.text-32"),
    ),
    "doubleton-honour-shows-weakness": (
        say("holdings.module.text-33"),
        say("holdings.module.text-34"),
    ),
    "short-suit-lead-highest": (
        say("holdings.module.text-35"),
        say("holdings.module.text-36"),
    ),
    "strong-suit-top-or-bottom": (
        say("holdings.module.text-37"),
        say("holdings.module.text-38"),
    ),
    "long-suit-lead-lowest": (
        say("holdings.module.text-39"),
        say("holdings.module.text-40"),
    ),
    "lead-low-from-long-trumps": (
        say("holdings.module.text-41"),
        say("holdings.module.text-42"),
    ),
    "fourth-best-from-long-suit": (
        say("holdings.module.text-43"),
        say("holdings.module.text-44"),
    ),
}

#: Card rules of the russian system, most specific first (000 HNT 13, 11, 10, LST 2, HNT 9/LST 1,
#: LST 3, HNT 1, LST 7). The first that fits the holding decides. Where the seeds are silent (a
#: forced lead of small cards, A-Q-J, long trumps with no honour, a long suit that is not strong)
#: the english rule applies (the russian system falls back to english: tutor/vocab.py).
RUSSIAN_CARD_ORDER: tuple[tuple[str, Pattern], ...] = (
    ("lead-highest-trump", _highest_short_trump),
    ("answer-trumps-low-from-four", _answer_long_trumps),
    ("ace-king-after-ruffing-lead-ace", _ace_king_forced),
    ("quart-major-lead-king", _quart_major),
    ("coronka-lead-queen", _coronka),
    ("ace-king-lead-king", _ace_king),
    ("ace-queen-knave-lead-ace", _ace_queen_knave),
    ("ace-fifth-lead-ace", _ace_fifth),
    ("ace-small-lead-small", _ace_small),
    ("top-of-touching-honours", _touching),
    ("king-third-lead-small", _king_third),
    ("doubleton-honour-shows-weakness", _doubleton_honour),
    ("short-suit-lead-highest", _short_small_suit),
    ("strong-suit-top-or-bottom", _top_or_bottom),
    ("lead-low-from-long-trumps", _long_trumps_low),
    ("long-suit-lead-lowest", _long_suit_low),
)

#: Card rules of the english system: Cavendish's Analysis of Leads (plain suits and trumps),
#: Chambers and Pole where he is silent, both schools accepted on the fourth best.
ENGLISH_CARD_ORDER: tuple[tuple[str, Pattern], ...] = (
    ("lead-highest-trump", _highest_short_trump),
    ("answer-trumps-low-from-four", _answer_long_trumps),
    ("ace-king-after-ruffing-lead-ace", _ace_king_forced),
    ("quart-major-in-trumps-lead-knave", _quart_major_trumps),
    ("coronka-lead-queen", _coronka_trumps),
    ("ace-king-only-lead-ace", _ace_king_only),
    ("ace-king-lead-king", _ace_king_english),
    ("honours-and-small-trumps-lead-small", _two_honours_small_trumps),
    ("ace-queen-knave-lead-ace", _ace_queen_knave),
    ("ace-fifth-lead-ace", _ace_fifth_plain),
    ("king-queen-knave-long-lead-knave", _king_queen_knave_long),
    ("under-sequence-lead-lowest", _under_sequence),
    ("top-of-touching-honours", _touching_english),
    ("fourth-best-from-long-suit", _fourth_best),
    ("ace-small-lead-small", _ace_small_three),
    ("king-third-lead-small", _king_third_only),
    ("doubleton-honour-shows-weakness", _doubleton_honour),
    ("short-suit-lead-highest", _short_small_suit),
)


def card_order(system: System) -> tuple[tuple[str, Pattern], ...]:
    return ENGLISH_CARD_ORDER if system == "english" else RUSSIAN_CARD_ORDER


def _prepare(cards: Sequence[Card], trump: bool, gone: frozenset[Card], situation: LeadSituation) -> _H:
    ordered = tuple(sorted(cards, key=lambda c: -c.rank))
    return _H(ordered, frozenset(c.rank for c in ordered), tuple(equal_groups(ordered, gone)), trump, situation)


#: The words of a rule whose scope is wider than its name, for the holdings the name does not fit:
#: the seed's «туз с маленькими» and «король сам-третей» decide A-Q-8-3, A-J-10-8 and K-J-10-2
#: too, and "with small cards" is not true of them (issue 26, the editor's reading).
_WITH_HIGH_CARDS: dict[str, tuple[Text, Text]] = {
    "ace-small-lead-small": (
        say("holdings.module.text-51"),
        say("holdings.module.text-52"),
    ),
    "king-third-lead-small": (
        say("holdings.module.text-53"),
        say("holdings.module.text-54"),
    ),
}


def _texts_for(maxim: str, h: _H) -> tuple[Text, Text]:
    """The rule's words for this holding: "with small cards" only when the cards under the head
    are all below the ten (:meth:`_H.small`)."""
    if maxim in _WITH_HIGH_CARDS and len(h.small()) < h.n - 1:
        return _WITH_HIGH_CARDS[maxim]
    return _TEXTS[maxim]


def _holding_lead(maxim: str, pick: _Pick, h: _H) -> HoldingLead:
    reason, why = _texts_for(maxim, h)
    return HoldingLead(pick.keep, maxim, reason, why, pick.accept, _SCHOOLS if pick.accept else None)


def lead_from_holding(
    cards: Sequence[Card],
    *,
    system: System = "russian",
    trump: bool = False,
    gone: frozenset[Card] = frozenset(),
    applies: Callable[[str], bool] | None = None,
    situation: LeadSituation = LeadSituation(),
) -> HoldingLead | None:
    """The card rule that decides the first lead of a suit from ``cards``, or None if none does.

    ``applies`` filters maxims (the system's catalogue membership): a rule whose maxim does not
    apply is passed over and the next one in the order may decide.

    >>> from tutor.cards import Hand, Suit
    >>> lead_from_holding(Hand.parse("K74...").suit(Suit.S)).keep
    (Card.parse('S4'),)
    >>> lead_from_holding(Hand.parse("AKQ5...").suit(Suit.S), system="english").maxim
    'ace-king-lead-king'
    >>> lead_from_holding(Hand.parse("K863...").suit(Suit.S), trump=True).card   # not the king
    Card.parse('S3')
    """
    if len(cards) < 2:
        return None
    h = _prepare(cards, trump, gone, situation)
    for maxim, pattern in card_order(system):
        if applies is not None and not applies(maxim):
            continue
        pick = pattern(h)
        if pick is not None:
            return _holding_lead(maxim, pick, h)
    return None


# -- later leads of a suit --------------------------------------------------------------------

_LATER_TEXTS: dict[str, tuple[Text, Text]] = {
    "continue-with-next-card": (
        say("holdings.module.text-45"),
        say("holdings.module.text-46"),
    ),
    "continue-with-next-best": (
        say("holdings.module.text-47"),
        say("holdings.module.text-48"),
    ),
    "return-higher-of-two-lowest-of-more": (
        say("holdings.module.text-49"),
        say("holdings.module.text-50"),
    ),
}


def _original_fourth(original: tuple[Card, ...], remaining: tuple[Card, ...]) -> Card | None:
    """The card that was fourth best before any was played, if still held (Cavendish App. A)."""
    return original[3] if len(original) >= 4 and original[3] in remaining else None


def continue_from_holding(
    original: Sequence[Card],
    remaining: Sequence[Card],
    *,
    system: System = "russian",
    trump: bool = False,
    gone: frozenset[Card] = frozenset(),
) -> HoldingLead | None:
    """The next lead of a suit the leader opened himself: the second card of the lead table.

    ``original`` is the leader's holding of the suit as dealt, ``remaining`` what he holds now.
    Russian (000 HNT 10, 11; LST 2): A-K -> K then A; A-K-Q-J -> K then Q; A + four small -> A
    then the lowest; A + small -> small then A. English (Cavendish, Analysis of Leads): while you
    keep the command and the next best, continue with the next best (A-K-J after K and the Q
    falling: the J); A-K-Q-J plain -> K, J; trumps -> J, A; A-K-Q trumps -> Q, then A with four
    or fewer, K with more; K-Q + small, the K won -> the original fourth best; K-Q-J + one small,
    the K won -> the J; A + four small -> A, then the original fourth best.

    >>> from tutor.cards import Hand, Suit
    >>> o = Hand.parse("AKQJ...").suit(Suit.S)
    >>> continue_from_holding(o, o[:1] + o[2:], gone=frozenset(o[1:2])).card
    Card.parse('SQ')
    """
    orig = tuple(sorted(original, key=lambda c: -c.rank))
    rem = tuple(sorted(remaining, key=lambda c: -c.rank))
    if len(rem) < 2:
        return None
    ranks = frozenset(c.rank for c in orig)
    played = [c for c in orig if c not in rem]
    nxt = _next_best_after_intermediate_cards(orig, rem, gone) if system == "english" else None
    if nxt is not None:
        reason, why = _LATER_TEXTS["continue-with-next-best"]
        return HoldingLead((nxt,), "continue-with-next-card", reason, why)
    card = _next_card(orig, rem, ranks, played, system, trump, gone)
    if card is None:
        return None
    reason, why = _LATER_TEXTS["continue-with-next-card"]
    if isinstance(card, tuple):
        return HoldingLead(card, "continue-with-next-card", reason, why, card[1:], _SCHOOLS)
    return HoldingLead((card,), "continue-with-next-card", reason, why)


def _next_card(
    orig: tuple[Card, ...], rem: tuple[Card, ...], ranks: frozenset[Rank], played: list[Card],
    system: System, trump: bool, gone: frozenset[Card],
) -> Card | tuple[Card, ...] | None:
    def held(rank: Rank) -> Card | None:
        return next((c for c in rem if c.rank == rank), None)

    first = played[0] if len(played) == 1 else None
    english = system == "english"
    third = _third_round_of_quart_major(orig, rem, ranks, played, trump) if english else None
    if third is not None:
        return third
    if first is not None:
        if {A, K, Q, J} <= ranks:
            if english and trump and first.rank == J:
                return held(A)
            if first.rank == K:
                return held(J) if english else held(Q)
        if {A, K, Q} <= ranks and J not in ranks and first.rank in (Q, K):
            if english and trump and first.rank == Q:
                return held(K) if len(orig) > 4 else held(A)
            return held(K) if first.rank == Q else held(Q)
        if {A, K} <= ranks and first.rank in (A, K):
            return held(A) if first.rank == K else held(K)
        if {A, Q, J} <= ranks and K not in ranks and first.rank == A:
            return held(Q)  # Chambers, Pole: ace-queen-knave -- the ace, then the queen
        if first.rank == A and K not in ranks and Q not in ranks and len(orig) >= 5:
            fourth = _original_fourth(orig, rem)
            if english and fourth is not None and fourth != rem[-1]:
                return (fourth, rem[-1])
            return rem[-1] if not english or fourth is None else fourth
        if first.rank == K and Q in ranks and A not in ranks:
            if J in ranks and len(orig) == 4:
                return held(J)
            fourth = _original_fourth(orig, rem)
            return fourth if fourth is not None and fourth.rank < T else None
        if A in ranks and first.rank != A and K not in ranks and held(A) is not None:
            return held(A)  # 000 LST 2: small first, «а потом уже с туза»
    # Cavendish: holding the command and the next best, continue with the next best.
    top_group = equal_groups(rem, gone)[0]
    masters = all(Card(rem[0].suit, r) in gone for r in range(rem[0].rank + 1, A + 1))
    if masters and len(top_group) >= 2:
        return top_group[-1] if english else top_group[0]
    return None


def _next_best_after_intermediate_cards(
    orig: tuple[Card, ...], rem: tuple[Card, ...], gone: frozenset[Card]
) -> Card | None:
    """Cavendish, Analysis of leads: "If intermediate cards fall and you remain with the command and
    the next best, you inform your partner of the fact by continuing with the next best" (A-K-J led
    king, the queen falling: the knave; A-Q-J led ace, the king falling: the knave). Only when a
    card of another hand has fallen below the leader's top card and above the next best: without one
    the table's own second card stands (A-K-Q-J: the knave after the king is the table, not an
    inference)."""
    if not rem or not all(Card(rem[0].suit, r) in gone for r in range(rem[0].rank + 1, A + 1)):
        return None
    top = equal_groups(rem, gone)[0]
    if len(top) < 2:
        return None
    mine = frozenset(orig)
    between = [Card(rem[0].suit, r) for r in range(top[-1].rank + 1, orig[0].rank)]
    if any(c in gone and c not in mine for c in between):
        return top[-1]
    return None


def _third_round_of_quart_major(
    orig: tuple[Card, ...], rem: tuple[Card, ...], ranks: frozenset[Rank], played: list[Card], trump: bool
) -> Card | None:
    """Cavendish, Analysis of leads, the third card of A-K-Q-J: in a plain suit king, knave, then
    "with more than four in suit, lead queen after knave. With only four in suit, lead ace after
    knave"; in trumps knave, ace, then "with more than four in suit, lead queen after ace. With only
    four in suit, lead king after ace" (the card tells partner how many are left)."""
    if not {A, K, Q, J} <= ranks or len(played) != 2:
        return None
    first_two = {c.rank for c in played}
    if first_two != ({J, A} if trump else {K, J}):
        return None
    want = Q if len(orig) > 4 else (K if trump else A)
    return next((c for c in rem if c.rank == want), None)


def return_from_holding(
    remaining: Sequence[Card], *, trump: bool = False, gone: frozenset[Card] = frozenset()
) -> HoldingLead | None:
    """The card of partner's suit to return (Cavendish, "Returning partner's lead"; Chambers;
    Pole): holding the master card, return it; with two cards left the higher, with three or more
    the lowest -- so that partner can count the suit. Partner's trump lead is returned by the
    trump rule counted on the trumps held before the trick (the student has followed to it once):
    three or fewer -- two left -- the highest ("with less than four, play out your best", Pole),
    four or more -- three left or more -- the lowest (Pole: "if you originally held four, return
    the lowest"; Cavendish ch. 19: "if you remain with three cards, you must have had four").

    >>> from tutor.cards import Hand, Suit
    >>> return_from_holding(Hand.parse("Q3...").suit(Suit.S)).card
    Card.parse('SQ')
    >>> return_from_holding(Hand.parse("Q63...").suit(Suit.S)).card
    Card.parse('S3')
    """
    rem = tuple(sorted(remaining, key=lambda c: -c.rank))
    if len(rem) < 2:
        return None
    if trump:
        maxim = "lead-highest-trump" if len(rem) <= 2 else "answer-trumps-low-from-four"
        reason, why = _TEXTS[maxim]
        return HoldingLead((rem[0] if len(rem) <= 2 else rem[-1],), maxim, reason, why)
    master = all(Card(rem[0].suit, r) in gone for r in range(rem[0].rank + 1, A + 1))
    card = rem[0] if master or len(rem) == 2 else rem[-1]
    reason, why = _LATER_TEXTS["return-higher-of-two-lowest-of-more"]
    return HoldingLead((card,), "return-higher-of-two-lowest-of-more", reason, why)
