"""The Progress page: pick or create a learner, accuracy by theme, the streak, lessons done, and
the failed puzzles waiting for review."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

import streamlit as st

from tutor.accounts import auth_required
from tutor.content.models import theme_label
from tutor.i18n import t
from tutor.progress import Attempt, Learner, ProgressError, ProgressStore
from tutor.ui import state
from tutor.ui.alerts import show_error, show_info, show_warning
from tutor.ui.lang import current_lang, tr
from tutor.ui.learner import browser_learner, current_learner, learner_date
from tutor.ui.library import library
from tutor.ui.progress_charts import accuracy_spec, draw
from tutor.ui.ratings import deleted_notice, show_rating
from tutor.ui.store_access import store, store_message
from tutor.vocab import Lang

__all__ = ["show", "WEAK_PCT", "theme_timeline"]

#: A theme is weak while under this share of right first answers (percent).
WEAK_PCT = 60


def theme_timeline(attempts: Sequence[Attempt], lang: Lang) -> list[dict[str, Any]]:
    """Accuracy by theme over time: for each day a theme was practised, the share (percent) of
    its items right at the first try up to that day. First tries only, as the table (retries do
    not flatter the figure); lessons left out. ``weak`` is true for a theme whose latest share
    is under :data:`WEAK_PCT`, so the whole line is highlighted."""
    first: dict[str, Attempt] = {}
    for a in sorted(attempts, key=lambda a: a.ts):
        if a.kind != "lesson":
            first.setdefault(a.item_id, a)
    tally: dict[str, list[int]] = {}
    points: dict[tuple[str, str], float] = {}
    for a in sorted(first.values(), key=lambda a: a.ts):
        for theme in a.themes or ("—",):
            right, total = tally.setdefault(theme, [0, 0])
            tally[theme] = [right + int(a.correct), total + 1]
            points[(theme, a.day.isoformat())] = round(100 * tally[theme][0] / tally[theme][1])
    weak = {theme for theme, (right, total) in tally.items() if 100 * right < WEAK_PCT * total}
    return [{"day": day, "theme": theme_label(theme, lang), "accuracy": pct, "weak": theme in weak,
             "kind": t("chart.weak" if theme in weak else "chart.strong", lang, pct=WEAK_PCT)}
            for (theme, day), pct in sorted(points.items(), key=lambda kv: (kv[0][1], kv[0][0]))]




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
    deleted_notice()  # after "delete me" nobody is logged in: the page says it was done, first
    try:
        _show(lang)
    except ProgressError as exc:  # the file cannot be used: say so, never a raw sqlite trace
        show_warning(store_message(exc, lang))


def _pick_or_create(db: ProgressStore) -> None:
    """Type a name (a single machine, logins not required): one that exists is used, a new one
    is made. The names kept here are never listed nor completed (issue 23): a stranger at the
    keyboard learns no other learner's name."""
    c1, _ = st.columns(2)
    with c1:
        st.text_input(tr("progress.new"), key=state.LEARNER_NEW, max_chars=40, autocomplete="off")
        st.button(tr("progress.create"), key=state.PROGRESS_CREATE, on_click=_create)


def _show(lang: Lang) -> None:
    db = store()
    # with logins required every learner signs in from the sidebar: no list of the others' names,
    # no account made without a password here (issue 14: nobody sees another learner's data)
    if not auth_required():
        _pick_or_create(db)
    if err := st.session_state.pop(state.PROGRESS_ERROR, None):
        show_error(err)
    learner = current_learner()
    if learner is None:
        # nobody named: this browser's own progress, kept in the store, and how it becomes his
        guest = browser_learner()
        if guest is None:
            show_info(tr("progress.no_learner"))
            return
        st.subheader(tr("browser.heading"))
        show_info(tr("browser.hint_login" if auth_required() else "browser.hint"))
        _progress_of(db, guest, lang)
        return
    st.subheader(tr("progress.of", name=learner.name))
    _progress_of(db, learner, lang)


def _progress_of(db: ProgressStore, learner: Learner, lang: Lang) -> None:
    """The streak, lessons, accuracy, rating and review queue of a learner (or of this browser's
    unnamed work: then without "my data", which belongs to a named learner)."""
    lib = library()
    done = db.lessons_done(learner.id)
    stats = db.accuracy_by_theme(learner.id)
    m1, m2, m3 = st.columns(3)
    m1.metric(tr("progress.streak"), db.streak(learner.id, learner_date()))
    m2.metric(tr("progress.lessons_done"), f"{len(done & {les.id for les in lib.lessons})}/{len(lib.lessons)}")
    m3.metric(tr("progress.attempts"), len(db.attempts(learner.id)))

    st.markdown("#### " + tr("progress.by_theme"))
    if stats:
        # accuracy second: on a phone the last columns were out of sight (defect 20)
        rows = [{tr("progress.theme"): theme_label(s.theme, lang), tr("progress.accuracy"): round(100 * s.accuracy),
                 tr("progress.tried"): s.attempts, tr("progress.right"): s.correct} for s in stats]
        st.dataframe(rows, hide_index=True, width="stretch")
        timeline = theme_timeline(db.attempts(learner.id), lang)
        if timeline:
            draw(accuracy_spec(timeline, lang, WEAK_PCT), t("chart.progress_legend", lang, pct=WEAK_PCT))
        weakest = stats[0]
        if weakest.accuracy < 1:
            st.caption(tr("progress.weakest", theme=theme_label(weakest.theme, lang)))
    else:
        st.caption(tr("progress.nothing_yet"))

    show_rating(learner, lang, my_data=not learner.browser)  # store helper (issue 14): rating with its range, per theme; the learner's data

    st.markdown("#### " + tr("progress.lessons"))
    for les in lib.lessons:
        mark = ":green[:material/check_circle:]" if les.id in done else ":gray[:material/radio_button_unchecked:]"
        st.markdown(f"{mark} {les.order}. {les.title[lang]}")

    st.markdown("#### " + tr("progress.review"))
    queue = db.review_queue(learner.id)
    if not queue:
        st.caption(tr("progress.review_empty"))
    now = datetime.now(UTC)
    for item in queue:
        puzzle = lib.puzzle(item.item_id)
        title = puzzle.title[lang] if puzzle else item.item_id
        when = tr("progress.due_now") if item.due <= now else tr("progress.due_on", day=item.due.date().isoformat())
        st.markdown(f"- **{title}** — {when}")  # the title only: a learner does not read puzzle ids
    if queue:
        st.page_link("tutor/ui/pages/puzzles.py", label=tr("progress.go_review"), icon=":material/replay:")
