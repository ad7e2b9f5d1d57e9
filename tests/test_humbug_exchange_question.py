"""Humbug's keep-or-exchange as a question (issue 25): the ``exchange`` question kind from the YAML to the
page. 002: «кожен гравець вирішує, чи грає він на своїх картах або скидає їх і купує інші. В останньому
випадку він бере карти, що лежать від нього направо»; «Козирем користується здає, але якщо він надумає
змінити карти, то позбавляється його». The answer is proved by the very rule the Humbug robot decides by
(:func:`tutor.humbug_robot.decide_exchange`, maxim ``humbug-exchange-by-count``); each test is named
after the seed sentence or the rule it checks."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tutor.content.engine import engine_exchange, exchange_counts
from tutor.content.grading import GradingError, grade
from tutor.content.lint import lint_text
from tutor.content.loader import load_file
from tutor.content.models import Exercise
from tutor.content.worksheet import answer_text, worksheet_html
from tutor.conventions.catalogue import get_maxim
from tutor.deal import Deal
from tutor.humbug import PLAYERS, HumbugGame
from tutor.humbug_robot import EXCHANGE_MAXIM, decide_exchange
from tutor.seats import Seat

ROOT = Path(__file__).resolve().parents[1]
PUZZLES = ROOT / "puzzles" / "other-tables.yaml"
LESSON = ROOT / "lessons" / "20-humbug-keep-or-exchange.yaml"
WEAK_DEALER = "humbug-dealer-exchanges-a-weak-pile"
EXPLANATION = {"en": "The count decides.", "ru": "Решает счёт."}


def _item(**over: object) -> Exercise:
    data: dict[str, object] = {"question": "exchange", "variant": "humbug", "dealer": "S", "trump": "S3",
                               "hand": "J9843.Q72.964.K5", "answer": "exchange", "maxims": [EXCHANGE_MAXIM],
                               "explanation": EXPLANATION}
    data.update(over)
    return Exercise.model_validate(data)


def _exchange_items() -> list[Exercise]:
    out: list[Exercise] = [p.item for p in load_file(PUZZLES).puzzles if p.item.question == "exchange"]
    out += [e for _, e in load_file(LESSON).lessons[0].item.exercises() if e.question == "exchange"]
    return out


# -- the rule: the robot's, on what 002 lets the player know --------------------------------------

def test_vyrishuie_chy_hraie_na_svoikh_kartakh_the_question_is_answered_by_the_robots_own_rule():
    """002 «вирішує, чи грає він на своїх картах або скидає їх»: on 200 real Humbug deals (either player
    dealing) the exchange question built from South's pile and the turned-up card gets the choice, the
    counts and the rule id of the robot deciding South's cards in the game itself."""
    for seed in range(200):
        dealer = PLAYERS[seed % 2]
        game = HumbugGame(Deal.random(seed, dealer=dealer))
        if game.to_decide == Seat.N:  # South dealt: North decides first (tutor/humbug.py)
            game.decide(Seat.N, decide_exchange(game.view(Seat.N)).choice)
        robot = decide_exchange(game.view(Seat.S))
        deal = game.deal
        item = _item(dealer=dealer.name, trump=str(deal.trump_card), hand=deal.hands[Seat.S].pbn(),
                     answer=robot.choice)
        asked = engine_exchange(item)
        assert (asked.choice, asked.own, asked.pile, asked.rule) == (robot.choice, robot.own, robot.pile, robot.rule)


def test_kozyrem_korystuietsia_zdaie_the_dealers_turned_up_card_counts_in_his_pile_and_is_lost_on_exchange():
    """002 «Козирем користується здає, але якщо він надумає змінити карти, то позбавляється його»: the
    dealer's turned-up trump is part of the pile he keeps (its 2 counted), the explanation says it goes
    with the pile he throws; when North dealt, the card lies in North's pile, so the pile on South's right
    is reckoned without it."""
    dealt = engine_exchange(_item())
    assert dealt.own == 16 and dealt.choice == "exchange"
    text = exchange_counts(_item())
    assert "♠3" in text.en and "позбавляється" in text.en and "позбавляється" in text.ru
    # the same pile when North turned up the ace of spades (the 39 unseen cards less that ace, 6 of count)
    north = engine_exchange(_item(dealer="N", trump="SA", answer="keep"))
    assert north.pile == round((66 - 16 - 6) * 13 / 38, 2) and north.choice == "keep"
    assert "North's" in exchange_counts(_item(dealer="N", trump="SA", answer="keep")).en


def test_the_rule_is_the_catalogues_maxim_citing_002_in_ukrainian():
    m = get_maxim(EXCHANGE_MAXIM)
    assert m.source.seed == "002" and m.quote_lang == "uk" and "позбавляється" in m.quote
    assert m.category == "law" and "humbug-honours-scale" in m.also


# -- the schema: what an exchange item holds ------------------------------------------------------

@pytest.mark.parametrize(("over", "problem"), [
    ({"variant": None}, "asked at Humbug"),
    ({"deal": "N:T964.QJ852.A3.J7 852.T6.K85.AK932 AKQJ3.K74.T96.Q5 7.A93.QJ742.T864"}, "leave deal: out"),
    ({"played": "W:HK H4"}, "leave played: out"),
    ({"answer": "S4"}, "answered keep or exchange"),
    ({"answer": 3}, "answered keep or exchange"),
    ({"accept": [{"answer": "keep", "reason": EXPLANATION}]}, "one right choice"),
    ({"ask": "honours-points-ns"}, "ask: is only"),
    ({"hand": None}, "needs hand:"),
])
def test_ne_mozhe_dyvytysia_hru_shcho_lezhyt_pravoruch_an_exchange_item_shows_only_the_own_pile(over, problem):
    """002 «не може дивитися гру, що лежить від нього праворуч; не можна також дивитися і скинуті карти»:
    the decision is asked from South's pile and the turned-up card -- no deal, no history -- at Humbug,
    answered keep or exchange."""
    with pytest.raises(ValueError, match=re.escape(problem)):
        _item(**over)


def test_keep_or_exchange_answers_only_an_exchange_question():
    with pytest.raises(ValueError, match="keep or exchange answers an exchange question"):
        Exercise.model_validate({"question": "lead", "trump": "D7", "hand": "KJ4.AQ32.T98.765", "answer": "keep",
                                 "maxims": ["king-third-lead-small"], "explanation": EXPLANATION})


# -- the linter's proof ----------------------------------------------------------------------------

LESSON_TEXT = """id: x
order: 99
title: {en: "Humbug", ru: "Хамбаг"}
summary: {en: "Keep or exchange.", ru: "Оставить или сменить."}
steps:
  - teach: {en: "Count the pile.", ru: "Посчитайте купку."}
  - exercise:
      question: exchange
      variant: humbug
      dealer: DEALER
      trump: TRUMP
      hand: J9843.Q72.964.K5
      answer: ANSWER
      maxims: [MAXIMS]
      explanation: {en: "The count decides.", ru: "Решает счёт."}
"""


@pytest.mark.parametrize(("dealer", "trump", "answer", "maxims", "problem"), [
    ("S", "S3", "exchange", EXCHANGE_MAXIM, None),
    ("S", "S3", "keep", EXCHANGE_MAXIM, "the rule of the count says exchange"),
    ("N", "SA", "keep", EXCHANGE_MAXIM, None),
    ("N", "SA", "exchange", EXCHANGE_MAXIM, "the rule of the count says keep"),
    ("S", "S3", "exchange", "humbug-honours-scale", "rests on humbug-exchange-by-count"),
    ("E", "SA", "exchange", EXCHANGE_MAXIM, "South and North"),
    ("N", "S3", "exchange", EXCHANGE_MAXIM, "lies in the dealer's (N) hand"),
    ("S", "SA", "exchange", EXCHANGE_MAXIM, "must be in South's hand"),
])
def test_tutor_check_proves_the_exchange_by_the_rule_of_the_count(dealer, trump, answer, maxims, problem):
    """The answer is the robot's rule's choice (002's exchange, the dealer's trump card lost with his
    pile), the rule's maxim is cited first, the dealer is one of the two players and holds the turned-up card."""
    text = (LESSON_TEXT.replace("DEALER", dealer).replace("TRUMP", trump).replace("ANSWER", answer)
            .replace("MAXIMS", maxims))
    report = lint_text(text, "x.yaml")
    if problem is None:
        assert report.ok, report.problems
    else:
        assert not report.ok and any(problem in p.message for p in report.problems), report.problems


def test_the_shipped_exchange_items_teach_both_choices_for_both_dealers_and_are_proved():
    """Two puzzles and lesson 20's three exercises: keeping right and exchanging right, South dealing and North."""
    items = _exchange_items()
    assert len(items) >= 4
    assert {i.answer for i in items} == {"keep", "exchange"}
    assert {i.dealer for i in items} == {Seat.S, Seat.N}
    assert {i.answer for i in items if i.dealer == Seat.S} == {"keep", "exchange"}
    for item in items:
        assert engine_exchange(item).choice == item.answer and item.maxims[0] == EXCHANGE_MAXIM
        assert "002" in item.explanation.en + item.explanation.ru and re.search("[ієї]", item.explanation.ru)
    for path in (PUZZLES, LESSON):
        report = lint_text(path.read_text(encoding="utf-8"), str(path))
        assert report.ok, report.problems


# -- grading: a wrong choice is told the rule it breaks, not the counts that decide it ---------------

@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_wrong_choice_is_told_the_rule_of_the_count_without_the_counts(lang):
    item = _item()
    wrong = grade(item, "keep", lang)
    right = grade(item, "exchange", lang)
    assert not wrong.correct and wrong.verdict == "wrong" and wrong.maxims == (EXCHANGE_MAXIM,)
    message = wrong.message[lang]
    assert "16" not in message and "16.7" not in message and "16,7" not in message
    assert ("ace 4, king 3" if lang == "en" else "туз 4, король 3") in message
    assert wrong.idea is not None and "16" not in wrong.idea[lang]
    assert ("take the pile on your right" if lang == "en" else "взять купку справа") in wrong.explanation[lang]
    assert ("16.7" if lang == "en" else "16,7") in wrong.explanation[lang]
    assert right.correct and right.message[lang].startswith("Right: take" if lang == "en" else "Верно: взять")
    assert "♠3" in right.message[lang]


def test_a_choice_is_read_in_either_language_and_written_as_the_learner_says_it():
    item = _item()
    assert grade(item, "Сменить").correct and not grade(item, " KEEP ").correct
    with pytest.raises(GradingError, match="keep or exchange"):
        grade(item, "SA")
    assert answer_text(item, "ru") == "взять купку справа" and answer_text(item, "en") == "take the pile on your right"
    sheet = worksheet_html([item], "ru")
    assert "Хамбаг: вы оставляете свою купку" in sheet


# -- the page: the pile, the turned-up card, two buttons, the answer checked ------------------------

def test_the_puzzles_page_asks_the_exchange_with_two_buttons_and_checks_the_answer(app_env):
    """The Puzzles page (Russian) opens the dealer's weak pile: the pile and the turned-up ♠3 are drawn,
    "keep" is refused by the rule of the count (no count shown), "take the pile" is right, and both
    answers are recorded as the learner gave them."""
    from appkit import db, open_page, start
    from tutor.ui import state
    from tutor.ui.puzzles import PUZZLE_PARAM, SCOPE

    (app_env / "content" / "puzzles" / "other-tables.yaml").write_text(PUZZLES.read_text(encoding="utf-8"),
                                                                        encoding="utf-8")
    at = start("ru", learner="Ann")
    at.query_params[PUZZLE_PARAM] = WEAK_DEALER
    open_page(at, "puzzles")
    assert not at.exception, at.exception
    assert at.selectbox(key=state.PUZZLE).value == WEAK_DEALER
    captions = " ".join(c.value for c in at.caption)
    assert "Вы сдавали: открытая ♠3 лежит в вашей купке" in captions
    keep = at.button(key=state.widget_key(SCOPE, WEAK_DEALER, "choice-keep"))
    assert keep.label == "Оставить свою купку"
    assert at.button(key=state.widget_key(SCOPE, WEAK_DEALER, "choice-exchange")).label == "Взять купку справа"
    keep.click().run()
    assert not at.exception, at.exception
    assert at.error and at.error[0].value.startswith("Оставить купку здесь — против правила счёта")
    assert "16,7" not in at.error[0].value
    at.button(key=state.widget_key(SCOPE, WEAK_DEALER, "retry")).click().run()
    at.button(key=state.widget_key(SCOPE, WEAK_DEALER, "choice-exchange")).click().run()
    assert not at.exception, at.exception
    assert at.success and at.success[0].value.startswith("Верно: взять купку справа")
    store = db(app_env)
    attempts = store.attempts(store.learner("Ann").id, item_id=WEAK_DEALER)
    assert [(a.correct, a.answer) for a in attempts] == [(False, "keep"), (True, "exchange")]


def test_lesson_20_on_the_learn_page_is_answered_by_the_choice_buttons(app_env):
    """Lesson 20's first exercise on the Learn page (English): the dealer's pile with the turned-up ♠3,
    "Keep my pile" right, recorded as keep."""
    from appkit import db, start
    from tutor.ui import state
    from tutor.ui.learn import SCOPE

    lessons = app_env / "content" / "lessons"
    for old in lessons.glob("*.yaml"):
        old.unlink()
    (lessons / LESSON.name).write_text(LESSON.read_text(encoding="utf-8"), encoding="utf-8")
    at = start("en", learner="Ann")
    assert not at.exception, at.exception
    item = "humbug-keep-or-exchange/3"
    assert "You dealt: the turned-up ♠3 lies in your pile" in " ".join(c.value for c in at.caption)
    at.button(key=state.widget_key(SCOPE, item, "choice-keep")).click().run()
    assert not at.exception, at.exception
    assert at.success and at.success[0].value.startswith("Right: keep your pile.")
    store = db(app_env)
    [attempt] = store.attempts(store.learner("Ann").id)
    assert attempt.correct and attempt.answer == "keep"
