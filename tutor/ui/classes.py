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

import csv
import io
from collections import Counter
from collections.abc import Sequence
from datetime import date

import streamlit as st

from tutor.accounts import auth_required
from tutor.content.models import THEMES, Lesson, Puzzle, theme_label
from tutor.locale_fmt import day
from tutor.progress import Assignment, ClassInfo, Homework, ItemState, Learner, ProgressError, ReportRow
from tutor.progress.records import csv_cell
from tutor.ui import state
from tutor.ui.alerts import show_error, show_info, show_success, show_warning
from tutor.ui.components import run_item
from tutor.ui.lang import current_lang, tr
from tutor.ui.learner import current_learner
from tutor.ui.library import LINK_PARAMS, Library, library
from tutor.ui.store_access import store, store_message
from tutor.vocab import HomeworkKind, Lang

__all__ = ["show", "grid_rows", "grid_csv", "column_names", "homework_rows", "state_word", "picker_order",
           "picker_theme", "STATE_KEYS", "SCOPE"]

#: The scope of the homework puzzles answered here (their answers are this page's own).
SCOPE = "homework"

#: The locale key of each state of an assigned item.
STATE_KEYS = {ItemState.FIRST_TRY: "classes.first_try", ItemState.HINTS: "classes.hints",
              ItemState.WRONG: "classes.wrong", ItemState.OPEN: "classes.open"}
_MSG = state.CLASSES_MSG
#: The pages a homework item opens on, with the item chosen (:data:`tutor.ui.library.LINK_PARAMS`).
_PAGES: dict[HomeworkKind, str] = {"puzzle": "tutor/ui/pages/puzzles.py", "lesson": "tutor/ui/pages/learn.py"}


def state_word(kind: HomeworkKind, item_state: ItemState) -> str:
    """Where a learner is with an item, in words only: the grid, its CSV and the homework list
    say the same, and a machine with no emoji font draws no empty boxes (defects 32 and 33). A
    lesson has no first try: it is done or not yet."""
    if kind == "lesson":
        return tr("classes.done") if item_state is ItemState.FIRST_TRY else tr("classes.open")
    return tr(STATE_KEYS[item_state])


def _found(lib: Library, a: Assignment) -> Puzzle | Lesson | None:
    return lib.lesson(a.item_id) if a.kind == "lesson" else lib.puzzle(a.item_id)


def column_names(homework: list[Assignment], lib: Library, lang: Lang) -> dict[str, str]:
    """The grid's column of each assigned item: its title in the teacher's language (a lesson's
    marked as one), with its id only when two items share a title."""
    titles: dict[str, str] = {}
    for a in homework:
        found = _found(lib, a)
        title = found.title[lang] if found is not None else a.item_id
        titles[a.item_id] = tr("classes.lesson_column", title=title) if a.kind == "lesson" else title
    repeated = Counter(titles.values())
    return {i: f"{name} ({i})" if repeated[name] > 1 else name for i, name in titles.items()}


def grid_rows(rows: list[ReportRow], columns: dict[str, str], lang: Lang,
              lessons: frozenset[str] = frozenset()) -> list[dict[str, str]]:
    """The grid as the page shows it and its CSV holds it: a row per learner, a column per item
    (``columns``: item id -> its name), the weak themes last, by their titles."""
    out = []
    for row in rows:
        line = {tr("classes.learner"): row.learner}
        for item, name in columns.items():
            line[name] = state_word("lesson" if item in lessons else "puzzle", row.items[item])
        line[tr("classes.weak")] = ", ".join(theme_label(t, lang) for t in row.weak_themes)
        out.append(line)
    return out


def grid_csv(table: list[dict[str, str]]) -> str:
    """The grid as CSV, cell for cell what the page shows (every cell made safe for a spreadsheet:
    a learner chooses his own name)."""
    if not table:
        return ""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([csv_cell(c) for c in table[0]])
    writer.writerows([csv_cell(v) for v in line.values()] for line in table)
    return out.getvalue()


def _due(a: Assignment, lang: Lang) -> str:
    return day(a.due, lang) if a.due else tr("classes.no_due")


def homework_rows(homework: list[Assignment], lang: Lang, lib: Library) -> list[dict[str, str]]:
    """The homework set, one row per item: what it is (a puzzle or a lesson), its title -- the
    grid's column -- and its due date."""
    return [{tr("classes.kind"): tr("classes.kind_lesson" if a.kind == "lesson" else "classes.kind_puzzle"),
             tr("classes.item"): name, tr("classes.due"): _due(a, lang)}
            for a, name in zip(homework, column_names(homework, lib, lang).values(), strict=True)]


def picker_theme(puzzle: Puzzle) -> str:
    """The theme a puzzle is listed under in the homework picker: its last, most particular one
    (``[opening-lead, king-third]`` under King third)."""
    return puzzle.themes[-1]


def picker_order(puzzles: Sequence[Puzzle], theme: str | None) -> list[Puzzle]:
    """The homework picker's puzzles: those of ``theme`` (all when None), grouped by
    :func:`picker_theme` in the themes' order, easiest first in a group (defect 38: one flat
    list of 102 "title (id)" entries)."""
    rank = {name: i for i, name in enumerate(THEMES)}
    shown = [p for p in puzzles if theme is None or theme in p.themes]
    return sorted(shown, key=lambda p: (rank.get(picker_theme(p), len(rank)), p.difficulty))


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


def _label(found: Puzzle | Lesson | None, item_id: str, lang: Lang) -> str:
    return f"{found.title[lang]} ({item_id})" if found is not None else item_id


def _puzzle_label(lib: Library, puzzle_id: str, lang: Lang, repeated: Counter[str]) -> str:
    """A puzzle in the homework picker: its group's theme, its title and stars; the id only
    when another puzzle has that title. The same whatever theme is chosen: Streamlit keeps a
    multiselect's picks by their labels."""
    p = lib.puzzle(puzzle_id)
    if p is None:
        return puzzle_id
    title = p.title[lang] + (f" ({p.id})" if repeated[p.title[lang]] > 1 else "")
    return f"{theme_label(picker_theme(p), lang)} · {title} · {'★' * p.difficulty}"


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


def _show(lang: Lang) -> None:
    me = current_learner()
    _message()
    if me is None:
        # on a server that requires logins there is no name box: a learner logs in (defect 36)
        show_info(tr("classes.need_login" if auth_required() else "classes.need_learner"))
        st.markdown(tr("account.first_teacher"))
        return
    _join_part(me)
    if not me.is_teacher:  # creating a class grants no role (issue 23): a teacher makes teachers
        show_info(tr("classes.ask_teacher"))
        st.markdown(tr("account.first_teacher"))
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


def _my_homework(me: Learner, lang: Lang) -> None:
    """The learner's homework from his classes: each item a link that opens it, chosen, on its
    page (defect 11), with the class, the due date and how far he is."""
    work = store().homework(me.id)
    st.markdown("#### " + tr("classes.my_homework"))
    if not work:
        show_info(tr("classes.no_homework"))
        return
    lib = library()
    for h in work:
        a = h.assignment
        found = _found(lib, a)
        row = st.container(horizontal=True, vertical_alignment="center", gap="small")
        icon = ":material/school:" if a.kind == "lesson" else ":material/extension:"
        title = found.title[lang] if found is not None else a.item_id
        if found is not None:
            row.page_link(_PAGES[a.kind], label=title, icon=icon, query_params={LINK_PARAMS[a.kind]: a.item_id})
        else:
            row.markdown(title)
        row.caption(" · ".join((h.class_name, tr("classes.kind_lesson" if a.kind == "lesson" else "classes.kind_puzzle"),
                                _due(a, lang), state_word(a.kind, h.state))))
    _do_homework(work, lang)


def _do_homework(work: list[Homework], lang: Lang) -> None:
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


def _teacher_part(me: Learner, lang: Lang) -> None:
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
        _homework_picker(lib, lang)
        st.date_input(tr("classes.due"), value=None, key=state.CLASS_DUE)
        st.button(tr("classes.assign"), key=state.CLASS_ASSIGN, on_click=_assign, args=(cls.id,))
    homework = db.assignments(cls.id)
    columns = column_names(homework, lib, lang)
    if homework:
        st.markdown("#### " + tr("classes.set"))
        st.dataframe(homework_rows(homework, lang, lib), hide_index=True, width="stretch")
    st.markdown("#### " + tr("classes.grid"))
    lessons = frozenset(a.item_id for a in homework if a.kind == "lesson")
    rows = db.class_report(cls.id, viewer_id=me.id)
    if not rows:
        show_info(tr("classes.no_learners"))
        return
    if not homework:
        show_info(tr("classes.no_homework"))
    table = grid_rows(rows, columns, lang, lessons)
    st.dataframe(table, hide_index=True, width="stretch")
    st.download_button(tr("classes.csv"), grid_csv(table), file_name=f"{cls.name}.csv", mime="text/csv",
                       key=state.CLASS_CSV)


def _homework_picker(lib: Library, lang: Lang) -> None:
    """Puzzles picked by theme (every theme, or one), grouped and easiest first; the picks of
    another theme stay picked when the theme changes. Then the lessons, in course order."""
    present = [name for name in THEMES if any(name in p.themes for p in lib.puzzles)]
    theme = st.selectbox(tr("classes.theme"), present, index=None, key=state.CLASS_HOMEWORK_THEME,
                         format_func=lambda name: theme_label(name, lang), placeholder=tr("classes.any_theme"))
    picked = [i for i in st.session_state.get(state.CLASS_HOMEWORK) or [] if lib.puzzle(i) is not None]
    shown = [p.id for p in picker_order(lib.puzzles, theme)]
    options = shown + [i for i in picked if i not in shown]
    repeated = Counter(p.title[lang] for p in lib.puzzles)
    st.multiselect(tr("classes.puzzles", n=len(shown)), options, key=state.CLASS_HOMEWORK,
                   format_func=lambda i: _puzzle_label(lib, i, lang, repeated), placeholder=tr("classes.pick_some"))
    lessons = {les.id: les for les in lib.lessons}
    st.multiselect(tr("classes.lessons"), list(lessons), key=state.CLASS_HOMEWORK_LESSONS,
                   format_func=lambda i: f"{lessons[i].order}. {lessons[i].title[lang]}",
                   placeholder=tr("classes.pick_some"))
