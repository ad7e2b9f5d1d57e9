"""The Classes page (issue 14): a teacher creates a class and gives its code, sets homework (puzzles
and lessons, with a due date) and reads the grid of learners × items -- a puzzle solved at the
first try, with hints, wrong, not yet; a lesson done or not yet -- with each learner's weak
themes, and downloads it as CSV. A learner joins a class with the code his teacher gave, and
sees his own homework: what, from which class, by when, how far he is -- and answers a homework
puzzle right there, through the same question flow as the Puzzles page (recorded, rated and
scheduled by :mod:`tutor.answering`, so the grid reads the same whichever page it was done on).

On a server with ``WHIST_TUTOR_AUTH=required`` only a logged-in teacher sees the teacher's part;
a learner joins, and sees his classes and his own homework only.
"""

from __future__ import annotations

from datetime import date

import streamlit as st

from tutor.content.models import Lesson, Puzzle, theme_label
from tutor.progress import Assignment, ClassInfo, Homework, ItemState, Learner, ProgressError, ReportRow, report_csv
from tutor.ui import state
from tutor.ui.alerts import show_error, show_info, show_success, show_warning
from tutor.ui.components import run_item
from tutor.ui.lang import current_lang, tr
from tutor.ui.learner import current_learner
from tutor.ui.library import library
from tutor.ui.store_access import store, store_message

__all__ = ["show", "grid_rows", "homework_rows", "STATE_KEYS", "SCOPE"]

#: The scope of the homework puzzles answered here (their answers are this page's own).
SCOPE = "homework"

#: The locale key of each state of an assigned item.
STATE_KEYS = {ItemState.FIRST_TRY: "classes.first_try", ItemState.HINTS: "classes.hints",
              ItemState.WRONG: "classes.wrong", ItemState.OPEN: "classes.open"}
_MARKS = {ItemState.FIRST_TRY: "✅", ItemState.HINTS: "🟡", ItemState.WRONG: "❌", ItemState.OPEN: "·"}
_MSG = state.CLASSES_MSG


def grid_rows(rows: list[ReportRow], items: list[str], lang: str,
              lessons: frozenset[str] = frozenset()) -> list[dict[str, str]]:
    """The grid as the page shows it: a row per learner, a column per item, weak themes last.
    A lesson (``lessons``) is done or not yet: it has no first try, so no hints and no wrong."""
    out = []
    for row in rows:
        line = {tr("classes.learner"): row.learner}
        for item in items:
            state_ = row.items[item]
            word = tr("classes.done") if item in lessons and state_ is ItemState.FIRST_TRY else tr(STATE_KEYS[state_])
            line[_column(item, lessons)] = f"{_MARKS[state_]} {word}"
        line[tr("classes.weak")] = ", ".join(theme_label(t, lang) for t in row.weak_themes)
        out.append(line)
    return out


def _column(item: str, lessons: frozenset[str]) -> str:
    return f"📖 {item}" if item in lessons else item


def homework_rows(homework: list[Assignment], lang: str, puzzles: dict[str, Puzzle],
                  lessons: dict[str, Lesson]) -> list[dict[str, str]]:
    """The homework set, one row per item: what it is (a puzzle or a lesson, by its title in the
    page's language), its id (the grid's column) and its due date."""
    out = []
    for a in homework:
        found: Puzzle | Lesson | None = lessons.get(a.item_id) if a.kind == "lesson" else puzzles.get(a.item_id)
        out.append({tr("classes.kind"): tr("classes.kind_lesson" if a.kind == "lesson" else "classes.kind_puzzle"),
                    tr("classes.item"): found.title[lang] if found is not None else a.item_id,
                    tr("classes.column"): _column(a.item_id, frozenset({a.item_id}) if a.kind == "lesson"
                                                  else frozenset()),
                    tr("classes.due"): a.due.isoformat() if a.due else tr("classes.no_due")})
    return out




def _create(teacher_id: int) -> None:
    name = (st.session_state.get(state.CLASS_NEW_NAME) or "").strip()
    lang = current_lang()
    try:
        made = store().create_class(name, teacher_id)
    except ProgressError as exc:
        st.session_state[_MSG] = ("error", store_message(exc, lang))
        return
    st.session_state[state.CLASS_NEW_NAME] = ""
    st.session_state[state.CLASS_PICK] = made.name
    st.session_state[_MSG] = ("ok", tr("classes.created", name=made.name, code=made.code))


def _join(learner_id: int) -> None:
    code = (st.session_state.get(state.CLASS_JOIN_CODE) or "").strip()
    try:
        joined = store().join_class(code, learner_id)
    except ProgressError:
        st.session_state[_MSG] = ("error", tr("classes.bad_code"))
        return
    st.session_state[state.CLASS_JOIN_CODE] = ""
    st.session_state[_MSG] = ("ok", tr("classes.joined", name=joined.name))


def _assign(class_id: int) -> None:
    puzzles = list(st.session_state.get(state.CLASS_HOMEWORK) or [])
    lessons = list(st.session_state.get(state.CLASS_HOMEWORK_LESSONS) or [])
    due = st.session_state.get(state.CLASS_DUE)
    if not puzzles and not lessons:
        st.session_state[_MSG] = ("error", tr("classes.pick_items"))
        return
    when = due if isinstance(due, date) else None
    try:
        if puzzles:
            store().assign(class_id, puzzles, kind="puzzle", due=when)
        if lessons:
            store().assign(class_id, lessons, kind="lesson", due=when)
    except ProgressError as exc:
        st.session_state[_MSG] = ("error", store_message(exc, current_lang()))
        return
    st.session_state[state.CLASS_HOMEWORK] = []
    st.session_state[state.CLASS_HOMEWORK_LESSONS] = []
    st.session_state[_MSG] = ("ok", tr("classes.assigned"))


def _label(found: Puzzle | Lesson | None, item_id: str, lang: str) -> str:
    return f"{found.title[lang]} ({item_id})" if found is not None else item_id


def _message() -> None:
    msg = st.session_state.pop(_MSG, None)
    if msg and msg[0] == "ok":
        show_success(msg[1])
    elif msg:
        show_error(msg[1])


def show() -> None:
    lang = current_lang()
    st.title(tr("nav.classes"))
    try:
        _show(lang)
    except ProgressError as exc:
        show_warning(store_message(exc, lang))


def _show(lang: str) -> None:
    me = current_learner()
    _message()
    if me is None:
        show_info(tr("classes.need_learner"))
        return
    _join_part(me)
    if not me.is_teacher:  # creating a class grants no role (issue 23): a teacher makes teachers
        show_info(tr("classes.ask_teacher"))
        return
    _teacher_part(me, lang)


def _join_part(me: Learner) -> None:
    db = store()
    joined = db.classes_joined(me.id)
    if joined:
        st.caption(tr("classes.member_of", names=", ".join(c.name for c in joined)))
        _my_homework(me, current_lang())
    with st.expander(tr("classes.join"), expanded=not joined and not me.is_teacher):
        st.text_input(tr("classes.join_code"), key=state.CLASS_JOIN_CODE, max_chars=20)
        st.button(tr("classes.join_button"), key=state.CLASS_JOIN, on_click=_join, args=(me.id,))


def _my_homework(me: Learner, lang: str) -> None:
    """The learner's homework from his classes: what, from which class, by when, and how far he is."""
    work = store().homework(me.id)
    st.markdown("#### " + tr("classes.my_homework"))
    if not work:
        show_info(tr("classes.no_homework"))
        return
    lib = library()
    rows = []
    for h in work:
        a = h.assignment
        found: Puzzle | Lesson | None = lib.lesson(a.item_id) if a.kind == "lesson" else lib.puzzle(a.item_id)
        word = (tr("classes.done") if a.kind == "lesson" and h.state is ItemState.FIRST_TRY
                else tr(STATE_KEYS[h.state]))
        rows.append({tr("classes.pick"): h.class_name,
                     tr("classes.kind"): tr("classes.kind_lesson" if a.kind == "lesson" else "classes.kind_puzzle"),
                     tr("classes.item"): _label(found, a.item_id, lang),
                     tr("classes.due"): a.due.isoformat() if a.due else tr("classes.no_due"),
                     tr("classes.state"): f"{_MARKS[h.state]} {word}"})
    st.dataframe(rows, hide_index=True, width="stretch")
    _do_homework(work, lang)


def _do_homework(work: list[Homework], lang: str) -> None:
    """A homework puzzle answered where the learner reads his homework: the Puzzles page's
    question flow (:func:`tutor.ui.components.run_item`), so it is graded, scored, recorded,
    rated and scheduled as there. A lesson is a course of steps: it is done on the Learn page."""
    lib = library()
    puzzles: dict[str, Puzzle] = {}
    for h in work:
        found = lib.puzzle(h.assignment.item_id) if h.assignment.kind == "puzzle" else None
        if found is not None:
            puzzles[found.id] = found
    if any(h.assignment.kind == "lesson" for h in work):
        st.caption(tr("classes.lessons_on_learn"))
    if not puzzles:
        return
    st.selectbox(tr("classes.do"), list(puzzles), index=None, key=state.CLASS_DO, placeholder=tr("classes.do_pick"),
                 format_func=lambda i: _label(puzzles.get(i), i, lang))
    chosen = st.session_state.get(state.CLASS_DO)
    if chosen in puzzles:
        with st.container(border=True):
            run_item(puzzles[chosen], scope=SCOPE, item_id=chosen, lang=lang, kind="puzzle")


def _teacher_part(me: Learner, lang: str) -> None:
    db = store()
    st.markdown("#### " + tr("classes.mine"))
    with st.expander(tr("classes.new"), expanded=not db.classes_taught(me.id)):
        st.text_input(tr("classes.name"), key=state.CLASS_NEW_NAME, max_chars=40)
        st.button(tr("classes.create"), key=state.CLASS_CREATE, on_click=_create, args=(me.id,))
    taught = db.classes_taught(me.id)
    if not taught:
        show_info(tr("classes.none"))
        return
    names = [c.name for c in taught]
    if st.session_state.get(state.CLASS_PICK) not in names:
        st.session_state[state.CLASS_PICK] = names[0]
    st.selectbox(tr("classes.pick"), names, key=state.CLASS_PICK)
    cls: ClassInfo = taught[names.index(st.session_state[state.CLASS_PICK])]
    st.markdown(tr("classes.code", code=cls.code))
    lib = library()
    with st.expander(tr("classes.homework")):
        st.multiselect(tr("classes.puzzles"), [p.id for p in lib.puzzles], key=state.CLASS_HOMEWORK,
                       format_func=lambda i: _label(lib.puzzle(i), i, lang))
        st.multiselect(tr("classes.lessons"), [les.id for les in lib.lessons], key=state.CLASS_HOMEWORK_LESSONS,
                       format_func=lambda i: _label(lib.lesson(i), i, lang))
        st.date_input(tr("classes.due"), value=None, key=state.CLASS_DUE)
        st.button(tr("classes.assign"), key=state.CLASS_ASSIGN, on_click=_assign, args=(cls.id,))
    homework = db.assignments(cls.id)
    if homework:
        st.markdown("#### " + tr("classes.set"))
        st.dataframe(homework_rows(homework, lang, {p.id: p for p in lib.puzzles}, {le.id: le for le in lib.lessons}),
                     hide_index=True, width="stretch")
    st.markdown("#### " + tr("classes.grid"))
    items = [a.item_id for a in homework]
    lessons = frozenset(a.item_id for a in homework if a.kind == "lesson")
    rows = db.class_report(cls.id, viewer_id=me.id)
    if not rows:
        show_info(tr("classes.no_learners"))
        return
    if not items:
        show_info(tr("classes.no_homework"))
    st.dataframe(grid_rows(rows, items, lang, lessons), hide_index=True, width="stretch")
    st.download_button(tr("classes.csv"), report_csv(rows, items), file_name=f"{cls.name}.csv", mime="text/csv",
                       key=state.CLASS_CSV)
