"""Lessons 18 and 19 and the puzzles of the other tables (issue 25 point 6): honours and score
questions asked at Humbug (002), with two dummies (002: «Рахунки і правила абсолютно такі ж, як і в
вісті для чотирьох») and at Cayenne (Parlett), each proved by the engine that plays the table."""

from __future__ import annotations

from pathlib import Path

import pytest

from appkit import db, start
from tutor.content.engine import engine_card, engine_number, number_for
from tutor.content.grading import grade
from tutor.content.lint import lint_text
from tutor.content.loader import load_file
from tutor.content.models import Exercise
from tutor.content.situation import item_view
from tutor.content.worksheet import answer_text
from tutor.seats import Seat
from tutor.ui import state
from tutor.ui.learn import SCOPE

ROOT = Path(__file__).resolve().parents[1]
HUMBUG = ROOT / "lessons" / "18-whist-for-two.yaml"
CAYENNE = ROOT / "lessons" / "19-cayenne.yaml"
PUZZLES = ROOT / "puzzles" / "other-tables.yaml"


def _exercises(path: Path) -> list[Exercise]:
    loaded = load_file(path)
    assert not loaded.problems, loaded.problems
    return [e for _, e in loaded.lessons[0].item.exercises()]


def test_za_tri_3_za_dva_2_humbug_honours_by_its_own_scale_not_the_sides():
    """002: «За Онер пишеться ... за п'ять - 5 очок, за чотири - 4, за три - 3, за два - 2»: South's
    three hearts honours score 3 and North's two score 2 -- where four-hand whist, counting the side's
    five together, would give the five honours 5 to North-South and nothing to East-West."""
    south, north = _exercises(HUMBUG)[:2]
    assert engine_number(south).value == 3 and engine_number(north).value == 2
    deal = south.full_deal()
    assert number_for(deal, "honours-points-ns", None, "russian").value == 5
    assert number_for(deal, "honours-points-ew", None, "russian").value == 0


def test_rakhunky_i_pravyla_taki_zh_two_dummies_scored_as_for_four():
    """002 (two dummies): the player and his dummy are one side; honours and leve as at four."""
    honours, score = _exercises(HUMBUG)[2:4]
    assert honours.variant == score.variant == "two-dummies"
    for item in (honours, score):
        assert engine_number(item).value == number_for(item.full_deal(), item.ask, item.tricks.ns if item.tricks
                                                       else None, "russian").value == item.answer


def test_cayenne_lesson_is_scored_by_parletts_multipliers():
    """Parlett: at the cayenne suit 3 tricks over six x4 and three honours (basic 2) x4 make 20; grand
    two over six x8 = 16; nullo 8 for each of the opponents' three odd tricks = 24; four honours x4 = 16."""
    assert [engine_number(e).value for e in _exercises(CAYENNE)] == [20, 16, 24, 16]
    first = _exercises(CAYENNE)[0]
    deal = first.full_deal()
    assert deal.trump_card is None and deal.trump is not None and deal.trump.name == "H"


@pytest.mark.parametrize(("path", "old", "new", "problem"), [
    (HUMBUG, "answer: 3", "answer: 2", "the rules give 3"),
    (HUMBUG, "answer: 6", "answer: 3", "the rules give 6"),
    (CAYENNE, "answer: 24", "answer: 8", "the rules give 24"),
    (CAYENNE, "      contract: grand\n", "", "names its contract"),
    (HUMBUG, "      dealer: N\n", "      dealer: E\n", "one of them deals"),
])
def test_tutor_check_catches_a_wrong_number_at_another_table(path, old, new, problem):
    bad = path.read_text(encoding="utf-8").replace(old, new, 1)
    report = lint_text(bad, path.name)
    assert not report.ok and any(problem in p.message for p in report.problems), report.problems


def test_bolvany_v_viste_the_learner_plays_south_and_his_open_north():
    """000 «"Болваны" в висте» and 002 (whist for two «з двома бовдурами»: «Рахунки і правила абсолютно
    такі ж, як і в вісті для чотирьох»): a card question with two dummies shows South North's open
    hand -- the cards he still holds -- and the engine, judging as at four, proves the answer: third
    hand high on North's lead, the cheapest winner last to the trick."""
    puzzles = {p.item.id: p.item for p in load_file(PUZZLES).puzzles}
    third, last = puzzles["two-dummies-third-hand"], puzzles["two-dummies-last-to-play"]
    for item, card, maxim in ((third, "HQ", "third-hand-high"), (last, "SA", "win-as-cheaply-as-possible")):
        view = item_view(item)
        north = item.full_deal().hands[Seat.N]
        played = [c for t in item.tricks_played for s, c in t.plays() if s == Seat.N]
        assert view.open_hands() == {Seat.N: north.without(*played)} and view.to_play == Seat.S
        got = engine_card(item)
        assert str(got.card) == card == str(item.answer) and got.maxims[0] == maxim
    with pytest.raises(ValueError, match="North open"):
        Exercise.model_validate({"question": "play", "variant": "two-dummies", "trump": "D7", "hand": "KJ4.AQ32.T98.765",
                                 "answer": "S4", "maxims": ["third-hand-high"], "explanation": {"en": "x", "ru": "х"}})
    bad = PUZZLES.read_text(encoding="utf-8").replace("    answer: SA", "    answer: S8", 1)
    report = lint_text(bad, PUZZLES.name)
    assert not report.ok and any("the engine plays SA" in p.message for p in report.problems), report.problems


def test_a_table_variant_is_only_for_honours_and_score_questions():
    base = {"trump": "D7", "hand": "KJ4.AQ32.T98.765", "answer": "S4", "maxims": ["king-third-lead-small"],
            "explanation": {"en": "x", "ru": "х"}}
    with pytest.raises(ValueError, match="honours and score questions"):
        Exercise.model_validate({**base, "question": "lead", "variant": "humbug"})
    with pytest.raises(ValueError, match="names its contract"):
        Exercise.model_validate({**base, "question": "lead", "contract": "grand"})


def test_grading_at_cayenne_says_what_the_count_is_made_of_without_the_total():
    item = _exercises(CAYENNE)[0]
    wrong = grade(item, 12, "en")
    assert not wrong.correct and "20" not in wrong.message.en and "20" in wrong.explanation.en
    assert grade(item, 20, "ru").correct and answer_text(item, "en") == "20"


def test_the_other_tables_puzzles_are_proved():
    report = lint_text(PUZZLES.read_text(encoding="utf-8"), str(PUZZLES))
    assert report.ok, report.problems
    loaded = load_file(PUZZLES)
    assert {p.item.variant for p in loaded.puzzles} == {None, "humbug", "cayenne", "two-dummies"}
    assert {p.item.rules for p in loaded.puzzles if p.item.variant is None} == {"simple"}


@pytest.mark.parametrize(("lesson", "item", "answer"), [("18-whist-for-two.yaml", "whist-for-two/4", 3),
                                                        ("19-cayenne.yaml", "cayenne/3", 20)])
def test_the_learn_page_asks_the_other_tables_questions(app_env, lesson, item, answer):
    """On the Learn page (Russian) the deal is drawn, the number is typed and checked, and recorded."""
    lessons = app_env / "content" / "lessons"
    for old in lessons.glob("*.yaml"):
        old.unlink()
    (lessons / lesson).write_text((ROOT / "lessons" / lesson).read_text(encoding="utf-8"), encoding="utf-8")
    at = start("ru", learner="Ann")
    assert not at.exception, at.exception
    at.number_input(key=state.widget_key(SCOPE, item, "number")).set_value(answer).run()
    at.button(key=state.widget_key(SCOPE, item, "check")).click().run()
    assert not at.exception, at.exception
    assert at.success and at.success[0].value.startswith("Верно")
    store = db(app_env)
    [attempt] = store.attempts(store.learner("Ann").id)
    assert attempt.correct and attempt.answer == str(answer)

