"""Quality gates over generated words (issue 26, point 6), which ``tutor check`` applies to every
puzzle: a hint must not name the answer's rank, a title must not name the holding, and an
explanation must be the hand's own, not one shared word for word by more than a few puzzles.

Why these three: the editor's review of the old generator (shared/reviews/generated-puzzles.md)
found the second hint naming the card ("lead the lowest of K-x-x-x"), titles giving the holding
away («Туз и король наверху») and one explanation pasted over a whole theme.

>>> from tutor.cards import Rank
>>> names_rank("Lead the king of hearts", Rank.KING, "en"), names_rank("Ход с ♥К", Rank.KING, "ru")
(True, True)
>>> names_rank("You hold three trumps", Rank.THREE, "en")
False
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Collection, Iterable
from typing import TYPE_CHECKING

from tutor.cards import Card, Rank
from tutor.content.models import Puzzle
from tutor.deal import Deal
from tutor.play import Trick
from tutor.vocab import Lang

if TYPE_CHECKING:
    from tutor.content.models import Text

__all__ = ["names_rank", "text_names_rank", "names_holding_ru", "SHARED_MAX", "explanation_words", "shared_explanations",
           "history_faults"]

#: How many puzzles may share one explanation word for word (a lesson's exercise and its puzzle,
#: two spellings of one classic position); more is a pasted paragraph.
SHARED_MAX = 3

_WORDS_EN = {
    Rank.ACE: ("ace", "aces"), Rank.KING: ("king", "kings"), Rank.QUEEN: ("queen", "queens"),
    Rank.JACK: ("jack", "jacks", "knave", "knaves"), Rank.TEN: ("ten", "tens"),
    Rank.TWO: ("deuce", "deuces"), Rank.THREE: ("trey", "treys"),
}
#: Russian rank names (stems: «король», «короля», «дамой», «валета», «двойку»…).
_STEMS_RU = {
    Rank.ACE: ("туз",), Rank.KING: ("корол",), Rank.QUEEN: ("дам",), Rank.JACK: ("валет",),
    Rank.TEN: ("десятк",), Rank.NINE: ("девятк",), Rank.EIGHT: ("восьмёрк", "восьмерк"), Rank.SEVEN: ("семёрк", "семерк"),
    Rank.SIX: ("шестёрк", "шестерк"), Rank.FIVE: ("пятёрк", "пятерк"), Rank.FOUR: ("четвёрк", "четверк"),
    Rank.THREE: ("тройк",), Rank.TWO: ("двойк",),
}
_LETTER_EN = {Rank.ACE: "A", Rank.KING: "K", Rank.QUEEN: "Q", Rank.JACK: "J", Rank.TEN: "10"}
_LETTER_RU = {Rank.ACE: "Т", Rank.KING: "К", Rank.QUEEN: "Д", Rank.JACK: "В", Rank.TEN: "10"}
_SUITS = "♠♥♦♣"


def _symbol(rank: Rank, lang: Lang) -> str:
    letters = _LETTER_RU if lang == "ru" else _LETTER_EN
    return letters.get(rank, str(int(rank)))


def names_rank(text: str, rank: Rank, lang: Lang) -> bool:
    """Whether ``text`` names ``rank``: its word (``king``, «короля»), its letter as a card
    (``♥K``, ``K♥``, ``K-x-x``) or, for a small card, its figure beside a suit symbol (``♠3``).
    A bare figure (``three trumps``, «3 козыря») is a count, not a card."""
    low = text.lower()
    sym = _symbol(rank, lang)
    esc = re.escape(sym)
    if re.search(rf"[{_SUITS}]{esc}(?![0-9])|(?<![0-9A-Za-zА-Яа-я]){esc}[{_SUITS}]", text):
        return True
    if rank >= Rank.JACK and re.search(rf"(?<![A-Za-zА-Яа-я]){esc}-[xх]", text):
        return True
    if lang == "ru":
        return any(re.search(rf"(?<![а-яё]){stem}", low) for stem in _STEMS_RU.get(rank, ()))
    return any(re.search(rf"\b{w}\b", low) for w in _WORDS_EN.get(rank, ()))


def text_names_rank(text: Text, rank: Rank) -> bool:
    """Whether an en/ru text (a hint) names ``rank`` in either language: a hint must not name the
    answer's rank, so a writer of hints (the generators, a review's puzzles) drops one that does."""
    return names_rank(text.en, rank, "en") or names_rank(text.ru, rank, "ru")


#: Russian words by which a title names the shape of a holding («коронка», «король сам-третей»,
#: «маленькие», «онеры» in the plural), the Russian side of the English words of
#: :func:`tutor.content.lint.names_holding`; a single honour («онером») is a card on the table.
_SHAPE_RU = ("коронк", "сам-", "онеры", "онеров", "онерам", "онерах", "маленьк", "старш", "терц", "кварт", "секвенц",
             "подряд")
#: The honours a Russian title may name, by rank (stems: «туз», «короля», «дамой», «валет», «десятка»).
_HONOURS_RU = {Rank.ACE: "туз", Rank.KING: "корол", Rank.QUEEN: "дам", Rank.JACK: "валет", Rank.TEN: "десятк"}
#: A small card led is the trick, not the holding: «Восток ходит маленькой», "East leads a small card".
_LED_SMALL_RU = re.compile(r"(?<![а-яё])(?:ход[а-яё]*|пош[а-яё]*)\s+(?:с\s+)?маленьк[а-яё]*")


def names_holding_ru(title: str, holding: Collection[Card]) -> bool:
    """Whether a Russian title names the holding a card is played from: an honour the suit holds, or
    a word for its shape. An honour the suit does not hold is the situation (partner's ace, the
    queen led), and so is a small card led.

    >>> from tutor.cards import parse_card
    >>> ak = [parse_card(c) for c in ("HA", "HK", "H8", "H5")]
    >>> names_holding_ru("Туз и король наверху", ak), names_holding_ru("Первый ход: спорят две масти", ak)
    (True, False)
    >>> names_holding_ru("Партнёр ходит дамой", ak), names_holding_ru("Восток ходит маленькой", ak)
    (False, False)
    """
    low = _LED_SMALL_RU.sub(" ", title.lower())
    held = {c.rank for c in holding}
    if any(re.search(rf"(?<![а-яё]){w}", low) for w in _SHAPE_RU):
        return True
    return any(re.search(rf"(?<![а-яё]){stem}", low) for rank, stem in _HONOURS_RU.items() if rank in held)


def _folded(text: str) -> str:
    return " ".join(text.split())


def explanation_words(puzzle: Puzzle) -> str:
    """A puzzle's explanation as the shared-words gate compares it: the English text, spaces folded
    (the key ``tutor check``, ``tutor generate`` and ``tutor puzzles build`` all count by)."""
    return _folded(puzzle.explanation.en)


def shared_explanations(explanations: Iterable[tuple[str, str]]) -> dict[str, int]:
    """The explanations (English text, spaces folded as :func:`explanation_words` folds them) shared
    by more than :data:`SHARED_MAX` puzzles, with how many share each; ``explanations`` are
    (puzzle id, English explanation)."""
    counts = Counter(_folded(text) for _, text in explanations)
    return {text: n for text, n in counts.items() if n > SHARED_MAX}


def history_faults(deal: Deal, tricks: Iterable[Trick]) -> list[tuple[Trick, Card]]:
    """The cards of a puzzle's history that no player makes (the content review's D-3), each with
    its trick; a history played by robots is checked before it is kept (``tutor puzzles build``):

    - a small card led of a suit whose king and queen its leader has cashed, while he keeps the ace
      (he cashes the ace first);
    - a discard that leaves an ace bare: a discard comes "from the weak suit" (000 «Намеки и
      подсказки» 14), and the small card beside an ace is not one.

    >>> from tutor.play import parse_history
    >>> deal = Deal.from_pbn("N:AKQ2.32.5432.432 JT9.AKQJ.KQJ.JT9 876.T987.A98.A87 543.654.T76.KQ65")
    >>> [str(c) for _, c in history_faults(deal, parse_history("N:SK S9 S8 S3 / N:SQ ST S7 S4 / N:S2 SJ S6 S5"))]
    ['S2']
    """
    faults: list[tuple[Trick, Card]] = []
    led: dict[tuple[object, object], set[Rank]] = {}
    gone: set[Card] = set()
    for t in tricks:
        first = t.cards[0]
        seat = deal.holder(first)
        mine = led.setdefault((seat, first.suit), set())
        holds_ace = any(c.suit == first.suit and c.rank == Rank.ACE and c not in gone for c in deal[seat].cards)
        if {Rank.KING, Rank.QUEEN} <= mine and holds_ace and first.rank < Rank.QUEEN:
            faults.append((t, first))
        mine.add(first.rank)
        for c in t.cards[1:]:
            holder = deal.holder(c)
            if c.suit == first.suit or any(x.suit == first.suit and x not in gone for x in deal[holder].cards):
                continue  # followed suit (or a revoke: not a discard)
            left = [x for x in deal[holder].cards if x.suit == c.suit and x not in gone and x != c]
            if len(left) == 1 and left[0].rank == Rank.ACE:
                faults.append((t, c))
        gone.update(t.cards)
    return faults
