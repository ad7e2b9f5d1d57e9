"""Grading: a wrong answer is explained by the maxim it breaks; numbers by what they are made of."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import shipped
from tutor.cards import parse_card
from tutor.content.grading import GradingError, answer_score, grade, hint, hint_cost, names_a_card
from tutor.content.loader import REPO_ROOT, Located, load_paths, load_puzzles
from tutor.content.situation import item_ruling, item_view
from tutor.conventions.catalogue import get_maxim

PUZZLES = {p.id: p for p in load_puzzles([REPO_ROOT / "puzzles" / "examples.yaml"])}
KING = PUZZLES["example-king-fourth-lead"]
LEGAL = PUZZLES["example-follow-suit"]
HONOURS = PUZZLES["example-honours-three"]


def test_right_card_is_right_in_any_spelling():
    """000 LST 3: K-x-x-x, lead the smallest."""
    for response in ("S2", "♠2", "2♠"):
        fb = grade(KING, response)
        assert fb.correct and fb.verdict == "right" and fb.maxims[0] == "king-third-lead-small"


def test_wrong_card_cites_the_maxim_it_breaks():
    """anchors.md: say why a wrong answer is wrong. Leading the king breaks 000 LST 3."""
    fb = grade(KING, "SK", "ru")
    assert not fb.correct and fb.verdict in ("worse", "bad")
    assert fb.maxims == ("king-third-lead-small",)
    assert "♠K" in fb.message.en and "♠К" in fb.message.ru and str(fb) == fb.message.ru
    trump = grade(KING, "D3")
    assert trump.maxims == ("few-trumps-wait-for-call",)  # 000 LST 8


def test_accepted_alternative_is_right_with_its_reason():
    alt = type(KING).model_validate({**KING.model_dump(), "answer": "S4", "accept": [
        {"answer": "S2", "reason": {"en": "The lowest is the book card.", "ru": "Младшая — по книге."}}]})
    fb = grade(alt, "S2")
    assert fb.correct and fb.verdict == "accepted" and "The lowest is the book card." in fb.message.en


def test_card_not_held_or_not_following_suit_is_illegal():
    """000 «Масти и взятки» 1: holding the suit led, a player must follow it."""
    assert grade(KING, "SQ").verdict == "illegal"
    fb = grade(LEGAL, "S2")
    assert (fb.correct, fb.verdict, fb.maxims) == (False, "illegal", ("must-follow-suit",))


def test_any_legal_card_answers_a_legal_question():
    """000 «Масти и взятки» 1: any card of the suit led will do; winning is not required."""
    assert all(grade(LEGAL, c).correct for c in ("HQ", "H8", "H3"))


def test_number_feedback_says_what_the_count_is_made_of():
    """000 REC 3: three honours (split between partners) score 2 points."""
    right = grade(HONOURS, 2)
    assert right.correct and "3 honours" in right.message.en
    wrong = grade(HONOURS, "3", "ru")
    assert not wrong.correct and "Правильно: 2" in wrong.explanation.ru and "3 онера" in wrong.explanation.ru
    assert "(♥A ♥K ♥J)" in wrong.explanation.en
    assert "(♥A ♥K ♥J)" in wrong.message.en  # why: what the count is made of
    assert "right count" not in wrong.message.en and "Правильно" not in wrong.message.ru


def test_unreadable_response_is_an_error_not_a_wrong_answer():
    with pytest.raises(GradingError):
        grade(KING, "S1")
    with pytest.raises(GradingError):
        grade(HONOURS, "two")


def test_hints_go_from_vague_to_near():
    assert hint(KING, 1) == KING.hints[0] and hint(KING, 2) == KING.hints[-1]
    with pytest.raises(GradingError):
        hint(KING, 3)
    with pytest.raises(GradingError):
        hint(KING, 0)


def _check_no_wrong_answer_names_the_right_card(located_items: Iterable[Located[Any]]) -> None:
    """anchors.md: a wrong answer says why it is wrong, and the hints and "try again" keep their
    point only if the message does not give the answer away. Every wrong card of every lead/play
    item given is checked; the right card is named in the explanation (shown when solved or when
    the solution is asked for)."""
    checked = 0
    for located in located_items:
        item = located.item
        if item.question not in ("lead", "play"):
            continue
        answer = parse_card(str(item.answer))
        for card in item_view(item).remaining:
            fb = grade(item, card)
            if fb.correct:
                continue
            checked += 1
            for lang in ("en", "ru"):
                text = fb.message[lang].replace(card.symbol(lang), "")
                assert answer.symbol(lang) not in text, (item.id, str(card), fb.message[lang])
            assert answer.symbol("en") in fb.explanation.en and answer.symbol("ru") in fb.explanation.ru
    assert checked > 100


@pytest.mark.slow(reason="grades every wrong card of the 2,350 shipped lead and play items (40 s of CPU); CI runs "
                         "it, the fast loop runs the same check on tests/shipped.py's sample")
def test_wrong_answer_never_names_the_right_card_in_any_shipped_item() -> None:
    _check_no_wrong_answer_names_the_right_card(shipped.items())


@pytest.mark.slow(reason="0.7 s: grades every wrong card of a sample (CI runs it)")
def test_wrong_answer_never_names_the_right_card_in_a_sample_of_every_shipped_file() -> None:
    """The check above on the sample of every lesson, every hand-written puzzle and the head of
    each library file (tests/shipped.py)."""
    _check_no_wrong_answer_names_the_right_card(shipped.sample_items())


def test_wrong_card_message_quotes_the_maxim_title_in_both_languages():
    """000 LST 8: leading a trump from three breaks «three trumps or fewer, wait for partner»; the
    card is in another suit than the answer, so the message names that maxim by its title."""
    fb = grade(KING, "D3")
    m = get_maxim("few-trumps-wait-for-call")
    assert m.title_in("en") in fb.message.en and m.title_in("ru") in fb.message.ru
    assert fb.shown == ("few-trumps-wait-for-call",)
    assert "♠2" not in fb.message.en and "The card is ♠2." in fb.explanation.en


def test_wrong_card_in_the_answers_suit_is_not_told_a_title_that_names_the_card():
    """Issue 12: «King third or fourth — lead small» after ♠K from K-x-x-x names ♠2. The first
    wrong answer says only the kind of rule it breaks and points toward the idea."""
    fb = grade(KING, "SK", "ru")
    title = get_maxim("king-third-lead-small")
    assert title.title_in("en") not in fb.message.en and title.title_in("ru") not in fb.message.ru
    assert fb.shown == () and fb.maxims == ("king-third-lead-small",)  # all of them kept for the solution
    assert "not this card" in fb.message.en and "не та карта" in fb.message.ru
    assert fb.idea is not None and fb.idea.en and fb.idea.ru


def test_a_wrong_card_of_the_answers_suit_names_the_case_of_the_rule_it_breaks():
    """Defect 17: «♥Т — не та карта: она идёт против правила о том, с какой карты масти ходить»
    named no maxim, though a wrong answer "is explained by the maxim it breaks, quoted". The
    rule is quoted by the case it governs, the head of its title, not by what it asks for
    (000 LST 3: «Имея короля сам-третей…»)."""
    fb = grade(KING, "SK", "ru")
    assert "«Король сам-третей — …»" in fb.message.ru and "“King third or fourth — …”" in fb.message.en
    assert "маленьк" not in fb.message.ru and "small" not in fb.message.en
    lesson7 = [loc.item for loc in load_paths([REPO_ROOT / "lessons" / "07-leads-from-honours.yaml"]).items()]
    coronka = next(i for i in lesson7 if "coronka-lead-queen" in i.maxims)
    wrong = next(c for c in item_ruling(coronka, item_view(coronka)).cards
                 if c.suit == parse_card(str(coronka.answer)).suit and c != coronka.answer)
    fb = grade(coronka, wrong, "ru")
    assert not fb.correct and "«Коронка (терс-мажор) — …»" in fb.message.ru and "дам" not in fb.message.ru


def test_a_card_the_law_refuses_names_the_law_not_the_cards_it_allows():
    """Defect 18: «♥Д нельзя: в ходу трефы, и они у вас есть» answered the question "which cards
    may you play" (any club), then «Подумайте: какой вы по счёту в этой взятке…», an idea for a
    choice among legal cards. Now the law is named, quoted (000 «Масти и взятки» 1), and the idea
    is the law's."""
    fb = grade(LEGAL, "S2", "ru")
    law = get_maxim("must-follow-suit")
    assert f"«{law.title_in('ru')}»" in fb.message.ru and f"“{law.title_in('en')}”" in fb.message.en
    assert "черв" not in fb.message.ru and "heart" not in fb.message.en.lower()
    assert fb.idea is not None and "по счёту" not in fb.idea.ru and "закон" in fb.idea.ru


def _check_no_wrong_answer_gives_a_maxim_or_count_away(located_items: Iterable[Located[Any]]) -> None:
    """Issue 12: a wrong answer gives nothing away -- no maxim whose title names a card ("lead
    small", "from the top", "cover"), no maxim at all when the card is in the answer's suit, and
    no number of good answers."""
    checked = 0
    for located in located_items:
        item = located.item
        if item.question not in ("lead", "play"):
            continue
        answer = parse_card(str(item.answer))
        for card in item_ruling(item, item_view(item)).cards:
            fb = grade(item, card)
            if fb.correct:
                continue
            checked += 1
            assert all(not names_a_card(m) for m in fb.shown), (item.id, str(card), fb.shown)
            if card.suit == answer.suit:
                assert fb.shown == (), (item.id, str(card))
            for mid in fb.maxims:
                if mid in fb.shown:
                    continue
                m = get_maxim(mid)
                assert m.title_in("en") not in fb.message.en and m.title_in("ru") not in fb.message.ru, (item.id, mid)
            for lang in ("en", "ru"):
                rest = fb.message[lang].replace(card.symbol(lang), "")
                assert not any(ch.isdigit() for ch in rest), (item.id, fb.message[lang])
                assert fb.idea is not None and answer.symbol(lang) not in fb.idea[lang]
    assert checked > 100


@pytest.mark.slow(reason="rules every wrong card of the 2,350 shipped lead and play items (40 s of CPU); CI runs "
                         "it, the fast loop runs the same check on tests/shipped.py's sample")
def test_wrong_answer_never_names_a_card_naming_maxim_nor_a_count_in_any_shipped_item() -> None:
    _check_no_wrong_answer_gives_a_maxim_or_count_away(shipped.items())


@pytest.mark.slow(reason="0.6 s: grades every wrong answer of a sample (CI runs it)")
def test_wrong_answer_never_names_a_card_naming_maxim_nor_a_count_in_a_sample_of_every_shipped_file() -> None:
    """The check above on tests/shipped.py's sample."""
    _check_no_wrong_answer_gives_a_maxim_or_count_away(shipped.sample_items())


def test_names_a_card_tells_card_maxims_from_suit_maxims():
    assert names_a_card("king-third-lead-small") and names_a_card("second-hand-low")
    assert names_a_card("lead-highest-trump")  # "from the top": the highest trump
    assert not names_a_card("lead-long-suit") and not names_a_card("answer-the-call")


@pytest.mark.parametrize("correct, used, total, score", [
    (True, 0, 2, 1.0), (True, 1, 2, 0.667), (True, 2, 2, 0.333), (False, 0, 2, 0.0), (True, 0, 0, 1.0),
])
def test_each_hint_costs_an_equal_part_of_the_score(correct, used, total, score):
    assert answer_score(correct, used, total) == pytest.approx(score, abs=1e-3)


@given(st.integers(0, 10), st.integers(0, 10))
def test_score_never_rises_with_more_hints(used, total):
    assert 0 < answer_score(True, used + 1, total) <= answer_score(True, used, total) <= 1


def test_the_hint_button_names_what_the_next_hint_costs_in_percent():
    """Two hints: each takes a third of a right answer; an item without hints has nothing to pay."""
    assert [hint_cost(used, 2) for used in (0, 1)] == [33, 33]
    assert hint_cost(0, 0) == 0


def test_a_wrong_count_never_gives_the_right_one_away():
    """Walkthrough defect 4: «Не 5. Пересчитайте. леве 3.» -- a breakdown of one part is the total;
    the parts come without their score, and a part naming the total is left out."""
    wrong = grade(HONOURS, 3, "ru")
    assert "2 очка" not in wrong.message.ru and ": 2" not in wrong.message.en and "2 points" not in wrong.message.en
    assert "(♥A ♥K ♥J)" in wrong.message.en  # the clue stays: which honours are held
    assert wrong.message.ru[0].isupper()
