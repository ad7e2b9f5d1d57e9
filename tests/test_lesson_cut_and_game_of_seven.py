"""Lesson 16: the cut for the deal (000 and 001), the club draw of 003 and the value of the game of
seven (004 «Цена игры определяется путем вычитания проигравших из семи»), proved by the engine."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutor.content.engine import number_for
from tutor.content.lint import lint_text
from tutor.content.loader import load_file
from tutor.content.models import ExerciseStep, TeachStep
from tutor.deal import Deal
from tutor.seats import Side

LESSON = Path(__file__).resolve().parents[1] / "lessons" / "16-the-cut-and-other-tables.yaml"
DEAL = Deal.from_pbn("N:KT5.9843.T2.KJ74 A863.AQ2.K9.AQ82 QJ94.KT.A754.653 72.J765.QJ863.T9", dealer="E",
                     trump_card="SA")


@pytest.mark.parametrize(("stand", "tricks_ns", "ask", "value"), [
    ({Side.NS: 5, Side.EW: 3}, 9, "game-value-ns", 4),
    ({Side.NS: 4, Side.EW: 0}, 10, "game-value-ns", 7),
    ({Side.NS: 2, Side.EW: 6}, 5, "game-value-ew", 5),
    ({Side.NS: 6, Side.EW: 6}, 13, "game-value-ns", 1),
    ({Side.NS: 1, Side.EW: 2}, 9, "game-value-ns", 0),
])
def test_tsena_igry_semь_minus_ochki_proigravshikh(stand, tricks_ns, ask, value):
    """004 «Игра»: «Игру составляют 7 очков. За каждую взятку сверх шести начисляется 1 очко. Цена
    игры определяется путем вычитания проигравших из семи»; a deal that does not reach seven wins no
    game (0)."""
    assert number_for(DEAL, ask, tricks_ns, "american", standing=stand).value == value


def test_the_game_value_follows_the_rule_sets_table_not_only_seven():
    """The same question under the Laws of Short Whist: game 5, worth 3, 2 or 1 by the losers' score."""
    assert number_for(DEAL, "game-value-ns", 9, "english-short", standing={Side.NS: 3, Side.EW: 0}).value == 3
    assert number_for(DEAL, "game-value-ns", 9, "english-short", standing={Side.NS: 3, Side.EW: 3}).value == 1


def test_lesson_teaches_both_customs_of_the_cut_and_the_club_draw_and_is_proved():
    """000 «Первым сдает тот, кто выбирает место: тот, у кого самая младшая карта»; 001 «игрок с
    выбранной старшей картой сдаёт первым»; 003 «При жеребьевке туз считается младшей картой»: the
    lesson names each, in both languages, and every exercise is proved by the engine."""
    loaded = load_file(LESSON)
    assert loaded.kind == "lesson" and not loaded.problems
    lesson = loaded.lessons[0].item
    teach = [s.teach for s in lesson.steps if isinstance(s, TeachStep)]
    text = " ".join(t.en + " " + t.ru for t in teach)
    for quote in ("самая младшая карта", "старшей картой сдаёт первым", "туз считается младшей картой",
                  "lowest card", "higher card deals first", "ace counts as the lowest"):
        assert quote in text
    assert len([s for s in lesson.steps if isinstance(s, ExerciseStep)]) == 4
    assert lint_text(LESSON.read_text(encoding="utf-8"), str(LESSON)).ok


def test_a_wrong_game_value_in_the_lesson_is_caught():
    bad = LESSON.read_text(encoding="utf-8").replace("answer: 7", "answer: 6", 1)
    problems = lint_text(bad, "16.yaml").problems
    assert len(problems) == 1 and "game-value-ns" in str(problems[0])
