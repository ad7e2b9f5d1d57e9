"""The Progress page: pick or create a learner, accuracy by theme, the streak, lessons done, and
the failed puzzles waiting for review."""

from __future__ import annotations

from datetime import datetime, timezone

import streamlit as st

from tutor.content.models import THEMES
from tutor.progress import ProgressError
from tutor.ui import state
from tutor.ui.alerts import show_error, show_info, show_warning
from tutor.ui.common import current_lang, current_learner, learner_date, store, store_message, tr
from tutor.ui.library import library
from tutor.ui.ratings import show_rating

__all__ = ["show", "theme_label"]


def theme_label(theme: str, lang: str) -> str:
    names = THEMES.get(theme)
    if names is None:
        return theme
    return names[1] if lang == "ru" else names[0]


def _use_name(name: str) -> None:
    """Callback: make ``name`` the current learner (callbacks run before the sidebar is drawn)."""
    st.session_state[state.LEARNER] = name


def _create() -> None:
    name = (st.session_state.get(state.LEARNER_NEW) or "").strip()
    if name:
        try:
            learner = store().learner(name)
        except ProgressError as exc:
            st.session_state[state.PROGRESS_ERROR] = store_message(exc, current_lang())
            return
        st.session_state[state.LEARNER] = learner.name
        st.session_state[state.LEARNER_NEW] = ""


def show() -> None:
    lang = current_lang()
    st.title(tr("nav.progress"))
    try:
        _show(lang)
    except ProgressError as exc:  # the file cannot be used: say so, never a raw sqlite trace
        show_warning(store_message(exc, lang))


def _show(lang: str) -> None:
    db = store()
    learners = db.learners()
    c1, c2 = st.columns(2)
    with c1:
        if learners:
            names = [l.name for l in learners]
            st.selectbox(tr("progress.pick"), names, index=None, key="progress_pick",
                         placeholder=tr("progress.pick_placeholder"))
            picked = st.session_state.get("progress_pick")
            st.button(tr("progress.use"), key="progress_use", on_click=_use_name, args=(picked or "",),
                      disabled=not picked)
    with c2:
        st.text_input(tr("progress.new"), key=state.LEARNER_NEW, max_chars=40)
        st.button(tr("progress.create"), key="progress_create", on_click=_create)
    if err := st.session_state.pop(state.PROGRESS_ERROR, None):
        show_error(err)
    learner = current_learner()
    if learner is None:
        show_info(tr("progress.no_learner"))
        return
    st.subheader(tr("progress.of", name=learner.name))
    lib = library()
    done = db.lessons_done(learner.id)
    stats = db.accuracy_by_theme(learner.id)
    m1, m2, m3 = st.columns(3)
    m1.metric(tr("progress.streak"), db.streak(learner.id, learner_date()))
    m2.metric(tr("progress.lessons_done"), f"{len(done & {les.id for les in lib.lessons})}/{len(lib.lessons)}")
    m3.metric(tr("progress.attempts"), len(db.attempts(learner.id)))

    st.markdown("#### " + tr("progress.by_theme"))
    if stats:
        rows = [{tr("progress.theme"): theme_label(s.theme, lang), tr("progress.tried"): s.attempts,
                 tr("progress.right"): s.correct, tr("progress.accuracy"): round(100 * s.accuracy)} for s in stats]
        st.dataframe(rows, hide_index=True, width="stretch")
        st.bar_chart({theme_label(s.theme, lang): round(100 * s.accuracy) for s in stats}, horizontal=True)
        weakest = stats[0]
        if weakest.accuracy < 1:
            st.caption(tr("progress.weakest", theme=theme_label(weakest.theme, lang)))
    else:
        st.caption(tr("progress.nothing_yet"))

    show_rating(learner, lang)  # store helper (issue 14): rating with its range, per theme; the learner's data

    st.markdown("#### " + tr("progress.lessons"))
    for les in lib.lessons:
        mark = ":green[:material/check_circle:]" if les.id in done else ":gray[:material/radio_button_unchecked:]"
        st.markdown(f"{mark} {les.order}. {les.title[lang]}")

    st.markdown("#### " + tr("progress.review"))
    queue = db.review_queue(learner.id)
    if not queue:
        st.caption(tr("progress.review_empty"))
    now = datetime.now(timezone.utc)
    for item in queue:
        puzzle = lib.puzzle(item.item_id)
        title = puzzle.title[lang] if puzzle else item.item_id
        when = tr("progress.due_now") if item.due <= now else tr("progress.due_on", day=item.due.date().isoformat())
        st.markdown(f"- **{title}** (`{item.item_id}`) — {when}")
    if queue:
        st.page_link("tutor/ui/pages/puzzles.py", label=tr("progress.go_review"), icon=":material/replay:")
