"""The learner's rating on the Progress page, his own data (export, delete), the choice of the
next puzzle on the Puzzles page (issue 14), and the stars the puzzles' ratings show (issue 26).

Kept apart from :mod:`tutor.ui.progress_page` and :mod:`tutor.ui.puzzles`, which call one
function each: the rating is shown as a number with its range (rating ± 2 RD, the range the
true strength likely lies in), a chart over time and a table per theme.
"""

from __future__ import annotations

import json
import random
import zlib
from collections.abc import Sequence

import streamlit as st

from tutor.content.models import Puzzle, theme_label
from tutor.progress import Candidate, Learner, ProgressError, default_db_target
from tutor.ui import state
from tutor.ui.alerts import show_error, show_success
from tutor.ui.lang import current_lang, tr
from tutor.ui.learner import AUTH_TOKEN
from tutor.ui.progress_charts import draw, rating_rows, rating_spec, theme_rows, theme_spec
from tutor.ui.school import school_user, sign_out
from tutor.ui.store_access import get_store, progress_or, store, store_message
from tutor.vocab import Lang

__all__ = ["show_rating", "show_my_data", "deleted_notice", "suggested_next", "standings", "shown_stars",
           "STANDINGS_TTL"]

#: How long a page may show the puzzles' stars and flags as read (seconds). Reading them scans the
#: ratings and the strong learners' first tries; a star that moves a minute late is harmless.
STANDINGS_TTL = 60


@st.cache_resource(ttl=STANDINGS_TTL, show_spinner=False, max_entries=4)
def _standings(target: str) -> dict[str, tuple[int | None, bool]]:
    """Read at most once a minute per database, and shared, not copied, by every session (a
    resource: the pages only read it; a copy of 2,000 entries on every page run would cost more
    than the lookups)."""
    return {k: (v.stars, v.flag is not None) for k, v in get_store(target).item_standings().items()}


def standings() -> dict[str, tuple[int | None, bool]]:
    """Each rated or flagged puzzle's (stars from its rating or None, flagged), by id; empty
    when progress is off (the authors' difficulties stand)."""
    return progress_or({}, lambda: _standings(default_db_target()))


def shown_stars(puzzle: Puzzle, known: dict[str, tuple[int | None, bool]]) -> int:
    """The difficulty shown: the stars the learners' first tries give once there are enough of
    them (:data:`tutor.progress.standings.MIN_TRIES`), the author's before."""
    stars = known.get(puzzle.id, (None, False))[0]
    return puzzle.difficulty if stars is None else stars


def show_rating(learner: Learner, lang: Lang, *, my_data: bool = True) -> None:
    """The rating with its range, its course over time and per theme; then the learner's data
    (``my_data``: a named learner's, not a browser's unnamed work)."""
    db = store()
    st.markdown("#### " + tr("rating.title"))
    history = db.rating_history(learner.id)
    if not history:
        st.caption(tr("rating.none"))
    else:
        r = db.rating(learner.id)
        # the figure alone (it was cut off with its range on a phone: defect 7); the range under it
        st.metric(tr("rating.title"), f"{round(r.rating)}", help=tr("rating.help"))
        st.caption(tr("rating.range_text", low=round(r.low), high=round(r.high)))
        st.markdown("##### " + tr("rating.over_time"))
        rows = rating_rows(history, lang)
        draw(rating_spec(rows, lang), tr("rating.chart_alt") if len(rows) > 1 else tr("rating.one_day"))
        themes = db.theme_ratings(learner.id)
        if themes:
            st.markdown("##### " + tr("rating.by_theme"))
            table = [{tr("rating.theme"): theme_label(t, lang), tr("rating.rating"): round(x.rating),
                      tr("rating.range"): f"{round(x.low)}–{round(x.high)}"}
                     for t, x in sorted(themes.items(), key=lambda kv: kv[1].rating)]
            st.dataframe(table, hide_index=True, width="stretch")
            per_theme = db.theme_history(learner.id)
            if per_theme:  # one line per theme over the days
                names = {th: theme_label(th, lang) for th in per_theme}
                draw(theme_spec(theme_rows(per_theme, names, lang), lang), tr("rating.theme_alt"))
    if my_data:
        show_my_data(learner)


def _delete(learner_id: int) -> None:
    try:
        store().delete_learner(learner_id)
    except ProgressError as exc:  # said, not swallowed: the learner must know he was not deleted
        st.session_state[state.MY_DATA_ERROR] = store_message(exc, current_lang())
        return
    st.session_state.pop(AUTH_TOKEN, None)
    st.session_state[state.LEARNER] = ""
    st.session_state.pop(state.LEARNER_CACHE, None)
    st.session_state[state.MY_DATA_DELETED] = True
    if school_user() is not None:  # signed in with a school account: signed out, not made anew
        sign_out()


def deleted_notice() -> None:
    """"Your data was deleted", once, on the page the learner deleted himself from (he is no
    longer logged in then, so the page does not reach :func:`show_my_data`)."""
    if st.session_state.pop(state.MY_DATA_DELETED, False):
        show_success(tr("account.deleted"))


def show_my_data(learner: Learner) -> None:
    """The learner's own data: all of it as JSON, or deleted for good (with a confirmation)."""
    if error := st.session_state.pop(state.MY_DATA_ERROR, None):
        show_error(str(error))
    with st.expander(tr("account.my_data")):
        data = progress_or(None, lambda: store().export_learner(learner.id))
        if data is not None:
            st.download_button(tr("account.export"), json.dumps(data, ensure_ascii=False, indent=2),
                               file_name=f"whist-tutor-{learner.name}.json", mime="application/json",
                               key=state.MY_DATA_EXPORT)
        sure = st.checkbox(tr("account.delete_confirm"), key=state.MY_DATA_SURE)
        st.button(tr("account.delete"), key=state.MY_DATA_DELETE, disabled=not sure, on_click=_delete,
                  args=(learner.id,), type="secondary")


def suggested_next(learner: Learner | None, puzzles: Sequence[Puzzle], current: str) -> str | None:
    """The next puzzle chosen for the learner by :meth:`ProgressStore.next_puzzle` (near his
    rating, mostly from his weakest themes, not one solved lately), among ``puzzles`` but not
    ``current`` nor one flagged for a teacher; None without a learner or a choice. The same on every rerun of the page (the
    draw is seeded by the learner and the puzzle), so the button keeps its target."""
    if learner is None:
        return None
    known = standings()
    # a puzzle flagged for a teacher is not handed out as the next one until it is checked
    pool = [Candidate(p.id, tuple(p.themes), p.difficulty) for p in puzzles
            if p.id != current and not known.get(p.id, (None, False))[1]]
    if not pool:
        return None
    rng = random.Random(zlib.crc32(f"{learner.id}:{current}".encode()))
    return progress_or(None, lambda: store().next_puzzle(learner.id, pool, rng=rng))


