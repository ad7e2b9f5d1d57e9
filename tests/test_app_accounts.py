"""The app's side of issue 14 (AppTest): logins, teacher-only pages, the Classes page, the
rating on the Progress page -- and that nobody reads another learner's data through the app."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from streamlit.testing.v1 import AppTest

from appkit import APP, write_content
from tutor.i18n import t
from tutor.progress import ProgressStore, Role

PW = "correct horse battery"


@pytest.fixture
def env(tmp_path, monkeypatch, new_store_file):
    write_content(tmp_path / "content")
    monkeypatch.setenv("WHIST_TUTOR_CONTENT_DIR", str(tmp_path / "content"))
    monkeypatch.setenv("WHIST_TUTOR_DB", str(tmp_path / "progress.db"))
    monkeypatch.setenv("WHIST_TUTOR_SAMPLES", "4")
    monkeypatch.delenv("WHIST_TUTOR_AUTH", raising=False)
    monkeypatch.delenv("WHIST_TUTOR_WORKSHOP_DIR", raising=False)
    store = ProgressStore(new_store_file)  # tmp_path / "progress.db", set up once a run and copied
    teacher, ann, bob = store.learner("Teach"), store.learner("Ann"), store.learner("Bob")
    for who in (teacher, ann, bob):
        store.set_password(who.id, PW)
    store.set_role(teacher.id, Role.TEACHER)
    cls = store.create_class("5B", teacher.id)
    store.join_class(cls.code, ann.id)
    store.assign(cls.id, ["king-fourth-lead", "follow-hearts"])
    store.record_attempt(ann.id, "king-fourth-lead", "puzzle", themes=["opening-lead"], correct=False,
                         ts=datetime(2026, 11, 29, tzinfo=UTC))
    store.report_problem("king-fourth-lead", "secret note of Ann", learner_id=ann.id)
    store.close()
    return monkeypatch


def start(learner: str | None = None, page: str | None = None) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    at.session_state["lang"] = "en"
    if learner:
        at.session_state["learner"] = learner
    at.run()
    if page:
        at.switch_page(f"tutor/ui/pages/{page}.py").run()
    return at


def texts(at: AppTest) -> str:
    parts = [m.value for m in at.markdown] + [c.value for c in at.caption] + [i.value for i in at.info]
    parts += [w.value for w in at.warning] + [e.value for e in at.error] + [s.value for s in at.success]
    parts += [str(d.value) for d in at.dataframe] + [m.value for m in at.metric] + [h.value for h in at.subheader]
    return "\n".join(str(p) for p in parts)


def login(at: AppTest, name: str, password: str = PW, *, required: bool = True) -> AppTest:
    if required:
        at.sidebar.text_input(key="auth_name").input(name)
    at.sidebar.text_input(key="auth_password").input(password)
    return at.sidebar.button(key="auth_login").click().run()


def test_a_name_with_a_password_is_not_used_until_logged_in(env):
    at = start("Ann", "progress")
    assert not at.exception
    assert t("account.has_password", "en", name="Ann") in texts(at)
    assert t("progress.of", "en", name="Ann") not in texts(at)
    login(at, "Ann", required=False)
    assert not at.exception and t("progress.of", "en", name="Ann") in texts(at)


def test_with_logins_required_a_typed_name_is_no_login(env):
    env.setenv("WHIST_TUTOR_AUTH", "required")
    at = start("Ann", "progress")
    assert t("progress.of", "en", name="Ann") not in texts(at)
    login(at, "Ann")
    assert t("account.logged_in", "en", name="Ann") in texts(at)


def test_with_logins_required_the_progress_page_lists_no_other_learner(env):
    """With logins required nobody reads the other learners' names on the Progress page, nor
    makes an account there without a password (before: a picker of every name)."""
    env.setenv("WHIST_TUTOR_AUTH", "required")
    at = start(page="progress")
    assert not at.exception
    assert not [s_ for s_ in at.selectbox if s_.key == "progress_pick"]
    assert not [b for b in at.button if b.key == "progress_create"]
    login(at, "Ann")
    assert t("progress.of", "en", name="Ann") in texts(at)
    shown = texts(at) + " ".join(str(o) for s_ in at.selectbox for o in s_.options)
    assert "Bob" not in shown and "Teach" not in shown


def test_on_one_machine_the_progress_page_lists_no_names(env):
    """Open mode never lists the learners kept here (issue 23; before: a picker of every name): a
    name typed is used when it exists, made when new."""
    at = start(page="progress")
    assert not at.exception
    assert not at.selectbox  # no picker of names (the language is a button)
    shown = texts(at)
    assert "Bob" not in shown and "Teach" not in shown and "Ann" not in shown
    assert at.text_input(key="learner_new").proto.autocomplete == "off"
    assert at.sidebar.text_input(key="learner").proto.autocomplete == "off"
    at.text_input(key="learner_new").input("Dora")
    at.button(key="progress_create").click().run()
    assert t("progress.of", "en", name="Dora") in texts(at)


def test_with_logins_required_the_workshop_and_its_reports_are_for_teachers(env):
    env.setenv("WHIST_TUTOR_AUTH", "required")
    at = start(page="workshop")
    assert t("account.teachers_only", "en") in texts(at) and "secret note" not in texts(at)
    login(at, "Ann")
    assert t("account.teachers_only", "en") in texts(at)  # a learner is no teacher
    at = start(page="workshop")
    login(at, "Teach")
    assert not at.exception and t("account.teachers_only", "en") not in texts(at)


def test_a_wrong_password_in_the_app_is_refused_then_throttled(env):
    env.setenv("WHIST_TUTOR_AUTH", "required")
    at = start()
    for _ in range(3):
        login(at, "Ann", "wrong password!")
    assert t("account.wrong", "en") in texts(at)
    login(at, "Ann")  # the right one, too soon
    assert "Too many wrong passwords" in texts(at)
    assert t("account.logged_in", "en", name="Ann") not in texts(at)


def test_the_teacher_sees_the_grid_and_a_learner_does_not(env):
    env.setenv("WHIST_TUTOR_AUTH", "required")
    at = start(page="classes")
    login(at, "Teach")
    grid = texts(at)
    assert not at.exception and "Ann" in grid and t("classes.wrong", "en") in grid and "Bob" not in grid
    assert any(b.label == t("classes.csv", "en") for b in at.get("download_button"))
    at = start(page="classes")
    login(at, "Bob")
    assert not at.dataframe and "Ann" not in texts(at)


def test_the_progress_page_shows_the_rating_with_its_range(env):
    env.setenv("WHIST_TUTOR_AUTH", "required")
    at = start(page="progress")
    login(at, "Ann")
    shown = texts(at)
    assert t("rating.title", "en") in shown and "likely between" in shown


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_teacher_sets_a_lesson_as_homework_with_a_due_date_from_the_page(env, new_store_file, lang):
    """Lessons are homework too (before: only through the CLI): picked by their title, with a due
    date; the list of homework shows them and the grid has their column, done or not yet."""
    from datetime import date

    from tutor.locale_fmt import day

    env.setenv("WHIST_TUTOR_AUTH", "required")
    at = start(page="classes")
    at.session_state["lang"] = lang
    login(at, "Teach")
    picker = at.multiselect(key="class_homework_lessons")
    assert picker.options and t("classes.lessons", lang) == picker.label
    title = "The first lead" if lang == "en" else "Первый ход"
    assert picker.options == [f"1. {title}"]  # by its place in the course and its title, no id
    picker.select("first-lead")
    at.date_input(key="class_due").set_value(date(2026, 12, 24))
    at.button(key="class_assign").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert t("classes.assigned", lang) in texts(at)
    homework = str(at.dataframe[0].value)  # the homework list, then the grid
    due = day(date(2026, 12, 24), lang)  # the date as the page's language writes it (Babel)
    assert title in homework and due in homework and t("classes.kind_lesson", lang) in homework
    grid = at.dataframe[-1].value
    column = t("classes.lesson_column", lang, title=title)  # the grid names a lesson by its title
    assert column in grid.columns and t("classes.open", lang) in list(grid[column])

    store = ProgressStore(new_store_file)
    assert [(a.item_id, a.kind, a.due) for a in store.assignments(store.class_named("5B").id)][-1] == (
        "first-lead", "lesson", date(2026, 12, 24))
    store.mark_lesson_done(store.learner("Ann").id, "first-lead")
    store.close()
    at.run()
    grid = at.dataframe[-1].value
    assert list(grid[column]) == [t("classes.done", lang)]


def test_setting_homework_with_nothing_picked_says_so(env):
    env.setenv("WHIST_TUTOR_AUTH", "required")
    at = start(page="classes")
    login(at, "Teach")
    at.button(key="class_assign").click().run()
    assert t("classes.pick_items", "en") in texts(at)


def test_a_learner_downloads_his_data_and_deletes_himself_from_the_progress_page(env, new_store_file):
    """Issue 14 point 1 through the app: the export is offered to the logged-in learner, and the
    delete (confirmed) removes him and logs him out; nobody else's data goes with him."""
    env.setenv("WHIST_TUTOR_AUTH", "required")
    at = start(page="progress")
    login(at, "Ann")
    assert any(b.label == t("account.export", "en") for b in at.get("download_button"))
    # the rating is shown with its charts: over time and per theme
    assert t("rating.over_time", "en") in texts(at) and t("rating.by_theme", "en") in texts(at)
    assert at.button(key="my_data_delete").disabled  # not before the confirmation
    at.checkbox(key="my_data_sure").check().run()
    at.button(key="my_data_delete").click().run()
    assert not at.exception and t("account.deleted", "en") in texts(at)
    assert t("account.logged_in", "en", name="Ann") not in texts(at)
    store = ProgressStore(new_store_file)
    assert store.find_learner("Ann") is None and store.find_learner("Bob") is not None
    assert store.reports() == []  # Ann's report went with her
    store.close()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_learner_sees_his_homework_on_the_classes_page(env, new_store_file, lang):
    """Before, homework was visible to the teacher only: the learner now reads his own, by title,
    with its due date and where he is -- and nothing of a class he is not in."""
    from datetime import date

    from tutor.locale_fmt import day

    store = ProgressStore(new_store_file)
    store.assign(store.class_named("5B").id, ["follow-hearts"], due=date(2026, 12, 24))
    other = store.create_class("7A", store.learner("Teach").id)
    store.assign(other.id, ["first-lead"], kind="lesson")
    store.close()
    env.setenv("WHIST_TUTOR_AUTH", "required")
    at = start(page="classes")
    at.session_state["lang"] = lang
    login(at, "Ann")
    assert not at.exception
    assert t("classes.my_homework", lang) in texts(at)
    mine = " ".join(c.value for c in at.caption) + " ".join(link.value for link in at.page_link)
    assert day(date(2026, 12, 24), lang) in mine and t("classes.wrong", lang) in mine
    assert "first-lead" not in mine and ("The first lead" if lang == "en" else "Первый ход") not in mine
    assert not [m for m in at.markdown if t("classes.mine", lang) in m.value]  # no teacher's part
