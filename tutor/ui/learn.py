"""The Learn page: the course in order; each lesson teaches first, then asks (Bridge Classroom's
teach and exam sets). Exercises are checked by the content grader; a wrong answer quotes the
maxim it breaks; a lesson is marked done when every exercise has been answered right."""

from __future__ import annotations

import streamlit as st

from tutor.content.models import Diagram, ExerciseStep, Lesson, TeachStep
from tutor.content.sources import plain_citations
from tutor.errors import WhistError
from tutor.progress import ProgressError
from tutor.render import hand_html, history_html, table_html
from tutor.seats import Seat
from tutor.ui import state
from tutor.ui.alerts import show_error, show_info, show_success
from tutor.ui.cardpick import draw_hand_styles
from tutor.ui.common import show_html
from tutor.ui.components import run_item
from tutor.ui.lang import current_lang, tr
from tutor.ui.learner import progress_learner
from tutor.ui.library import Library, content_page, linked
from tutor.ui.store_access import progress_or, store
from tutor.vocab import Lang

__all__ = ["show", "show_diagram", "exercise_id"]

SCOPE = "lesson"


def exercise_id(lesson: Lesson, step: int) -> str:
    """The id an exercise is recorded under: the lesson and the step (1-based)."""
    return f"{lesson.id}/{step + 1}"


def show_diagram(d: Diagram, lang: Lang) -> None:
    """A teaching diagram: a whole deal, a hand, or tricks, with the trump card."""
    trump_card = d.trump
    try:
        deal = d.full_deal()
        if deal is not None:
            show_html(table_html({s: deal.hands[s] for s in Seat}, dealer=deal.dealer, trump_card=deal.trump_card,
                                 trump=deal.trump, lang=lang))
        elif d.hand is not None:
            hand = d.hand
            if trump_card is not None:
                st.caption(tr("learn.trump_card", card=trump_card.symbol(lang)))
            show_html(hand_html(hand, lang))
        if d.trick is not None:
            show_html(history_html(d.trick, lang, trump=trump_card.suit if trump_card else None))
    except WhistError as exc:
        show_error(tr("item.broken", error=str(exc)))
    if d.caption is not None:
        st.caption(plain_citations(d.caption[lang], lang))


def _solved_before(lesson: Lesson) -> set[str]:
    learner = progress_learner()
    if learner is None:
        return set()
    ids = {exercise_id(lesson, i) for i, _ in lesson.exercises()}
    return ids & progress_or(set[str](), lambda: store().solved_items(learner.id))


def _lesson(lib: Library, lesson_id: str) -> Lesson:
    """A lesson by an id taken from ``lib``'s own lessons (the picker's), so it is there."""
    found = lib.lesson(lesson_id)
    assert found is not None
    return found


def show() -> None:
    lang = current_lang()
    lib = content_page("nav.learn")
    if not lib.lessons:
        show_info(tr("learn.no_lessons"))
        return
    done = _done()
    ids = [les.id for les in lib.lessons]
    if (asked := linked("lesson", ids)) is not None:  # a homework link (``?lesson=ID``)
        st.session_state[state.LESSON] = asked
    if st.session_state.get(state.LESSON) not in ids:
        st.session_state[state.LESSON] = next((i for i in ids if i not in done), ids[0])
    # the label does not change when a lesson is done (a ✓ in it did): Streamlit keeps the choice
    # by its label, and a changed label made the picker jump to the first lesson (issue 12)
    st.selectbox(
        tr("learn.pick"), ids, key=state.LESSON,
        format_func=lambda i: f"{_lesson(lib, i).order}. {_lesson(lib, i).title[lang]}",
    )
    _lesson_body(lib, _lesson(lib, st.session_state[state.LESSON]), lang)


def _done() -> set[str]:
    learner = progress_learner()  # the named learner, else this browser's own progress
    return progress_or(set[str](), lambda: store().lessons_done(learner.id)) if learner else set[str]()


@st.fragment
def _lesson_body(lib: Library, lesson: Lesson, lang: Lang) -> None:
    """The lesson, step by step up to the first exercise not yet answered: one fragment, so an
    answer reruns the lesson -- its next step appears -- and not the whole app (issue 24 point 7:
    a lesson's click cost the answer's fragment and then a full run)."""
    done = _done()
    st.header(lesson.title[lang])
    st.caption(plain_citations(lesson.summary[lang], lang) + (" · ✓" if lesson.id in done else ""))
    solved = _solved_before(lesson)
    exercises = lesson.exercises()
    if exercises:
        draw_hand_styles(lang)  # once for all the lesson's exercises
    for i, step in enumerate(lesson.steps):
        if isinstance(step, TeachStep):
            st.markdown(plain_citations(step.teach[lang], lang))
            if step.diagram is not None:
                show_diagram(step.diagram, lang)
            continue
        assert isinstance(step, ExerciseStep)
        ex = step.exercise
        rid = exercise_id(lesson, i)
        number = [j for j, _ in exercises].index(i) + 1
        with st.container(border=True):
            st.markdown(f"##### {tr('learn.exercise', n=number, total=len(exercises))}"
                        + (f" — {ex.title[lang]}" if ex.title else ""))
            # inline: an answer decides whether the lesson goes on below this exercise
            answered = run_item(ex, scope=SCOPE, item_id=rid, lang=lang, kind="lesson", record_id=rid,
                                inline=True, card_styles=False)
        if answered is not None and answered.feedback.correct:
            solved.add(rid)
        if answered is None:
            st.caption(tr("learn.answer_to_go_on"))
            break
    else:
        if all(exercise_id(lesson, i) in solved for i, _ in exercises):
            keeper = progress_learner()  # the browser's row may have been made by this run's answer
            if keeper is not None and lesson.id not in done:
                try:
                    store().mark_lesson_done(keeper.id, lesson.id)
                except ProgressError:  # progress is off or read-only (said in the sidebar): the lesson goes on
                    pass
            show_success(tr("learn.lesson_done"))
            nxt = next((les for les in lib.lessons if les.order > lesson.order), None)
            if nxt is not None:
                st.button(tr("learn.next", title=nxt.title[lang]), key=state.LEARN_NEXT, on_click=_open_lesson,
                          args=(nxt.id,))
        else:
            show_info(tr("learn.retry_wrong"))


def _open_lesson(lesson_id: str) -> None:
    """Callback of "Next lesson": the picker above the lesson's fragment changes too, so the
    whole page runs."""
    st.session_state[state.LESSON] = lesson_id
    st.rerun()
