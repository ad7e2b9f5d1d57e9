"""The puzzle library's rules and gates (issue 26 points 2 and 6): a position is kept only with a
real decision, the words never give the answer away, and the build is seeded."""

from __future__ import annotations

import itertools

from tutor.cards import Rank
from tutor.content.library import Draft, decide, positions
from tutor.content.library_text import hints_of, title_of
from tutor.content.lint import names_holding
from tutor.content.quality import names_holding_ru, names_rank, shared_explanations
from tutor.seats import Seat


def _drafts(n: int, leads: bool = True) -> list[Draft]:
    out = []
    for pos in itertools.islice(positions(3, leads), 200):
        d = decide(pos)
        if isinstance(d, Draft):
            out.append(d)
        if len(out) >= n:
            break
    return out


def test_a_kept_lead_has_two_plausible_suits_and_no_equal_card_unaccepted():
    """Issue 26 point 2 (a): at least two candidates, every other card worse or bad or accepted."""
    for d in _drafts(10):
        assert d.plausible and all(c.suit != d.advice.card.suit for c in d.plausible)
        others = [c for c in d.advice.candidates if c.card != d.advice.card and c not in d.accepted]
        assert all(c.verdict in ("worse", "bad") for c in others)


def test_the_same_seed_gives_the_same_positions():
    """Same seed, same library: the stream of positions is a function of the seed."""
    a = [(p.deal.hands, p.played) for p in itertools.islice(positions(5, False), 20)]
    b = [(p.deal.hands, p.played) for p in itertools.islice(positions(5, False), 20)]
    assert a == b


def test_titles_name_no_holding_and_hints_no_rank_of_the_answer():
    """Issue 26 point 6 (the editor's review: «Туз и король наверху», hint 2 naming the card)."""
    for d in _drafts(10):
        t = title_of(d)
        held = [c for c in d.position.deal.hands[Seat.S] if c.suit == d.advice.card.suit]
        assert not names_holding(t.en, held) and not names_holding_ru(t.ru)
        for h in hints_of(d):
            assert not names_rank(h.en, d.advice.card.rank, "en") and not names_rank(h.ru, d.advice.card.rank, "ru")


def test_the_gates_catch_what_the_review_found():
    assert names_rank("From K-x-x-x lead small", Rank.KING, "en")
    assert names_rank("Ходите с дамы", Rank.QUEEN, "ru")
    assert names_holding_ru("Туз и король наверху")
    assert shared_explanations([(str(i), "One text for all.") for i in range(5)]) == {"One text for all.": 5}
