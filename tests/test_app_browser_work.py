"""Issue 24, point 2 (AppTest): what a learner does before naming himself is kept for the browser
in the store and becomes his when he names himself or logs in (walkthrough defect 1: after two
lessons, the daily and three puzzles, the name «Маша» showed 0/15 lessons, 0 answers, a streak
of 0). Work kept from an earlier visit -- perhaps another pupil's, at a school's shared computer
-- is offered, not taken. The words say what happens (defect 16: no "left" on a phone).

The real-browser side is ``tests/e2e/test_browser_work.py``."""

from __future__ import annotations

from datetime import date

import pytest
from streamlit.testing.v1 import AppTest

from appkit import APP, LESSON, PUZZLES, db, open_page, reload
from tutor.i18n import t
from tutor.progress import BrowserWork
from tutor.ui.account import work_words
from tutor.ui.drafts import BROWSER_PARAM

DAILY = f"{date.today().isoformat()}:king-fourth-lead"


@pytest.fixture
def course(app_env):
    """Two lessons and one lead puzzle (so the daily puzzle is that puzzle, whatever the date)."""
    (app_env / "content" / "lessons" / "02-second.yaml").write_text(
        LESSON.replace("id: first-lead", "id: second-lead").replace("order: 1", "order: 2"), encoding="utf-8")
    (app_env / "content" / "puzzles" / "basics.yaml").write_text(PUZZLES.split("  - id: follow-hearts")[0],
                                                                  encoding="utf-8")
    return app_env


def unnamed_work(at: AppTest) -> AppTest:
    """Both lessons done, the daily puzzle solved and the puzzle answered, no name typed."""
    at.session_state["lesson"] = "first-lead"
    open_page(at, "learn")
    at.button(key="w:lesson:first-lead/2:card-S2").click().run()
    at.session_state["lesson"] = "second-lead"
    at.run()
    at.button(key="w:lesson:second-lead/2:card-S2").click().run()
    open_page(at, "daily")
    at.button(key=f"w:daily:{DAILY}:card-S2").click().run()
    open_page(at, "puzzles")
    at.button(key="w:puzzles:king-fourth-lead:card-S4").click().run()  # wrong first...
    assert not at.exception
    return at


def sidebar_text(at: AppTest) -> str:
    return " ".join(str(e.value) for kind in ("success", "info", "caption") for e in getattr(at.sidebar, kind))


def test_work_done_unnamed_becomes_the_learners_when_she_names_herself(course):
    at = AppTest.from_file(APP, default_timeout=60)
    at.session_state["lang"] = "ru"
    at.run()
    unnamed_work(at)
    key = at.query_params.get(BROWSER_PARAM)
    assert key and db(course).browser_work(key) == BrowserWork(answers=4, lessons=2, daily_days=1)
    open_page(at, "progress")  # before the name: this browser's own progress, and how it becomes hers
    assert any(t("browser.heading", "ru") in s.value for s in at.subheader)
    assert any(m.value == "2/2" for m in at.metric)
    at.sidebar.text_input(key="learner").input("Маша").run()
    said = " ".join(b.value for b in at.success)  # on the page: on a phone the menu has closed
    assert t("browser.gained", "ru", what="4 ответа, 2 пройденных урока и 1 день ежедневной задачи") in said
    masha = db(course).find_learner("Маша")
    assert masha is not None
    values = {m.label: m.value for m in at.metric}
    assert values.items() >= {t("progress.streak", "ru"): "1", t("progress.lessons_done", "ru"): "2/2",
                              t("progress.attempts", "ru"): "4"}.items()
    assert db(course).streak(masha.id, date.today()) == 1
    assert [r.item_id for r in db(course).review_queue(masha.id)] == ["king-fourth-lead"]
    assert at.query_params.get(BROWSER_PARAM) != key  # a fresh key: the old one held her work
    assert db(course).browser_work(key) == BrowserWork() and db(course).learners() == [masha]


def test_the_note_after_an_unnamed_answer_says_what_happens(course):
    """«Впишите своё имя слева» had no "left" on a phone: the note says «в меню», and that all
    done here becomes hers; on a club's server, to log in."""
    at = AppTest.from_file(APP, default_timeout=60)
    at.session_state["lang"] = "ru"
    at.run()
    open_page(at, "daily")
    at.button(key=f"w:daily:{DAILY}:card-S2").click().run()
    said = t("feedback.no_learner", "ru")
    assert "слева" not in said and "в меню" in said and any(said in c.value for c in at.caption)
    assert t("app.no_learner", "ru") in sidebar_text(at)


def test_work_kept_from_an_earlier_visit_is_offered_not_taken(course):
    """A new session on the same browser (a reload, the next day, or the next pupil at a shared
    computer): naming oneself asks whether the kept work is one's own."""
    first = AppTest.from_file(APP, default_timeout=60)
    first.session_state["lang"] = "en"
    first.run()
    open_page(first, "daily")
    first.button(key=f"w:daily:{DAILY}:card-S2").click().run()
    key = first.query_params.get(BROWSER_PARAM)
    at = reload(first)
    at.sidebar.text_input(key="learner").input("Bob").run()
    bob = db(course).find_learner("Bob")
    assert bob is not None and db(course).attempts(bob.id) == []
    assert t("browser.offer", "en", what=work_words(BrowserWork(answers=1, daily_days=1), "en")) in sidebar_text(at)
    at.sidebar.button(key="browser_leave").click().run()
    assert db(course).attempts(bob.id) == [] and db(course).browser_work(key).answers == 1
    assert at.query_params.get(BROWSER_PARAM) != key  # not asked again: this browser goes on afresh

    again = reload(first)
    again.sidebar.text_input(key="learner").input("Ann").run()
    again.sidebar.button(key="browser_take").click().run()
    ann = db(course).find_learner("Ann")
    assert ann is not None and [a.kind for a in db(course).attempts(ann.id)] == ["daily"]
    assert db(course).streak(ann.id, date.today()) == 1
    assert t("browser.gained", "en", what=work_words(BrowserWork(answers=1, daily_days=1), "en")) in " ".join(b.value for b in again.success)


def test_logging_in_claims_the_work_on_a_club_server(course, monkeypatch):
    """``WHIST_TUTOR_AUTH=required``: a pupil answers before logging in (the note says to log
    in), then logs in; the answer is his, and nobody else's name is shown."""
    store = db(course)
    store.set_password(store.learner("Ann").id, "correct horse battery")
    store.close()
    monkeypatch.setenv("WHIST_TUTOR_AUTH", "required")
    at = AppTest.from_file(APP, default_timeout=60)
    at.session_state["lang"] = "en"
    at.run()
    open_page(at, "daily")
    at.button(key=f"w:daily:{DAILY}:card-S2").click().run()
    assert any(t("feedback.no_learner_login", "en") in c.value for c in at.caption)
    at.sidebar.text_input(key="auth_name").input("Ann")
    at.sidebar.text_input(key="auth_password").input("correct horse battery")
    at.sidebar.button(key="auth_login").click().run()
    ann = db(course).find_learner("Ann")
    assert ann is not None and [a.kind for a in db(course).attempts(ann.id)] == ["daily"]
    assert not at.exception
