"""Homework answered on the Classes page (AppTest): the learner picks one of his homework puzzles
where he reads his homework and answers it there, in either language; the answer is recorded as
on the Puzzles page, and his homework list and the teacher's grid read it at once."""

from __future__ import annotations

import pytest

from appkit import db, open_page, start
from tutor.i18n import t
from tutor.progress import ItemState, Role
from tutor.ui import state
from tutor.ui.classes import SCOPE

PUZZLE = "king-fourth-lead"


@pytest.fixture
def homework(app_env):
    store = db(app_env)
    ann, teacher = store.learner("Ann"), store.learner("Teach")
    store.set_role(teacher.id, Role.TEACHER)
    cls = store.create_class("5B", teacher.id)
    store.join_class(cls.code, ann.id)
    store.assign(cls.id, [PUZZLE])
    store.assign(cls.id, ["first-lead"], kind="lesson")
    store.close()
    return app_env


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_homework_puzzle_is_answered_on_the_classes_page(homework, lang):
    at = open_page(start(lang, learner="Ann"), "classes")
    assert t("classes.lessons_on_learn", lang) in [c.value for c in at.caption]
    picker = at.selectbox(key=state.CLASS_DO)
    title = {"en": "King fourth", "ru": "Король сам-четвёрт"}[lang]  # tests/appkit.py
    assert picker.label == t("classes.do", lang) and picker.options == [f"{title} ({PUZZLE})"]
    picker.set_value(PUZZLE).run()
    at.button(key=state.widget_key(SCOPE, PUZZLE, "card-SK")).click().run()
    assert not at.exception and at.error  # not this card: the maxim it breaks
    mine = [c.value for c in at.caption]
    assert any(t("classes.wrong", lang) in c for c in mine)  # the homework list reads the answer at once
    store = db(homework)
    ann = store.learner("Ann")
    [attempt] = store.attempts(ann.id)
    assert (attempt.item_id, attempt.kind, attempt.answer, attempt.correct) == (PUZZLE, "puzzle", "SK", False)
    [row] = store.class_report(store.class_named("5B").id)
    assert row.items[PUZZLE] is ItemState.WRONG
    store.close()


def test_with_no_homework_puzzle_there_is_nothing_to_answer(app_env):
    store = db(app_env)
    ann, teacher = store.learner("Ann"), store.learner("Teach")
    store.set_role(teacher.id, Role.TEACHER)
    cls = store.create_class("5B", teacher.id)
    store.join_class(cls.code, ann.id)
    store.assign(cls.id, ["first-lead"], kind="lesson")
    store.close()
    at = open_page(start("en", learner="Ann"), "classes")
    assert not at.exception
    assert not [s for s in at.selectbox if s.key == state.CLASS_DO]
