"""Issue 23 on the pages (AppTest), in both languages: the Classes page offers a class only to a
teacher and says who makes teachers; a look-alike name is refused in the sidebar; a learner
past the report limit is told so and nothing more is kept."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from appkit import db, open_page, report_note, start
from tutor.i18n import t
from tutor.progress.reports import PER_SENDER
from tutor.ui import state


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_learner_is_offered_no_class_of_his_own(app_env, lang):
    at = open_page(start(lang, learner="Bob"), "classes")
    assert not at.exception
    assert t("classes.ask_teacher", lang) in [i.value for i in at.info]
    assert not [b for b in at.button if b.key == state.CLASS_CREATE]
    store = db(app_env)
    assert not store.find_learner("Bob").is_teacher
    store.close()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_look_alike_name_is_refused_in_the_sidebar(app_env, lang):
    store = db(app_env)
    store.learner("alice")
    store.close()
    at = start(lang, learner="\u0430lice")  # a Cyrillic а
    assert not at.exception
    said = [e.value for e in at.sidebar.error]
    assert t("store.name_lookalike", lang, name="\u0430lice", existing="alice") in said
    store = db(app_env)
    assert [x.name for x in store.learners()] == ["alice"]
    store.close()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_learner_past_the_report_limit_is_told_and_nothing_is_kept(app_env, lang):
    store = db(app_env)
    fay = store.learner("Fay")
    for k in range(PER_SENDER):
        store.report_problem(f"p{k}", "odd", learner_id=fay.id, ts=datetime.now(UTC))
    store.close()
    at = open_page(start(lang, learner="Fay"), "puzzles")
    report_note(at).input("One more").run()
    at.button(key=state.REPORT_SEND).click().run()
    assert not at.exception
    assert t("store.report_sender", lang) in [e.value for e in at.error]
    store = db(app_env)
    assert len(store.reports()) == PER_SENDER
    store.close()
