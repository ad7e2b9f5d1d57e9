"""The Puzzles page: the library filtered by theme and difficulty (and to the learner's homework),
a puzzle opened from a link (``?puzzle=ID``), graded hints, "why is my card
wrong", retry, the failed puzzles coming back for review, and "report a problem" (whose note is kept as a
draft until it is sent, so a reload does not lose it).

The difficulty shown and filtered by is the one the learners' first tries give a puzzle once it has
enough of them (its Glicko-2 rating as stars, :func:`tutor.ui.ratings.shown_stars`), the author's
before. A link can open one puzzle: ``/puzzles?puzzle=ID`` (the Workshop's list of flagged puzzles)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

import streamlit as st

from tutor.content.models import THEMES, Puzzle, theme_label
from tutor.locale_fmt import integer
from tutor.progress import Homework, Learner, ProgressError, ReviewItem
from tutor.ui import drafts, state
from tutor.ui.alerts import show_error, show_info, show_success
from tutor.ui.components import Answered, run_item
from tutor.ui.lang import current_lang, tr
from tutor.ui.learner import current_learner, progress_learner
from tutor.ui.library import Library, content_page, linked
from tutor.ui.ratings import shown_stars, standings, suggested_next
from tutor.ui.store_access import progress_or, store, store_reason
from tutor.vocab import Lang

__all__ = ["show", "filter_puzzles", "PUZZLE_PARAM"]

SCOPE = "puzzles"
REPORT_NOTE = state.REPORT_NOTE
#: The URL's query parameter that opens one puzzle (``/puzzles?puzzle=king-fourth-lead``).
PUZZLE_PARAM = "puzzle"


def filter_puzzles(puzzles: tuple[Puzzle, ...] | list[Puzzle], themes: list[str], levels: list[int],
                   only: set[str] | None = None, stars: Callable[[Puzzle], int] | None = None) -> list[Puzzle]:
    """Puzzles having any of ``themes`` (all when empty), at one of ``levels`` (all when empty;
    a puzzle's level is ``stars(puzzle)``, by default its author's difficulty), and among
    ``only`` when given (the review queue)."""
    out = []
    for p in puzzles:
        if themes and not set(themes) & set(p.themes):
            continue
        if levels and (stars(p) if stars is not None else p.difficulty) not in levels:
            continue
        if only is not None and p.id not in only:
            continue
        out.append(p)
    return out


def _report(puzzle_id: str) -> None:
    note = (st.session_state.get(REPORT_NOTE) or "").strip()
    learner = current_learner()
    try:
        store().report_problem(puzzle_id, note, learner_id=learner.id if learner else None,
                               browser=None if learner else drafts.browser_key())
    except ProgressError as exc:
        st.session_state[state.PUZZLE_REPORT_MSG] = ("error", store_reason(exc, current_lang()))
        return
    st.session_state[REPORT_NOTE] = ""
    st.session_state[state.PUZZLE_REPORT_MSG] = ("ok", "")


def _go_next(current: str, chosen: list[Puzzle]) -> None:
    """Callback of "Next puzzle": the one chosen for the learner (:func:`suggested_next`: near his
    rating, from his weak themes), else the list's next; then the whole page reruns at once.

    Chosen here, on the click, not on every run of the page: it reads the learner's history from
    the store, and most runs (a filter changed, the page opened) never use it. ``st.rerun`` from
    the callback makes the click one full-page run, not the answer's fragment and then the page."""
    ids = [p.id for p in chosen]
    pos = ids.index(current) if current in ids else -1
    nxt = suggested_next(progress_learner(), chosen, current) or (ids[pos + 1] if pos + 1 < len(ids) else None)
    if nxt is not None:
        st.session_state[state.PUZZLE] = nxt
    st.rerun()  # the picker and the board are outside the answer's fragment


def puzzle_label(lib: Library, puzzle_id: str, lang: Lang, stars: int | None = None) -> str:
    """The picker's label of a puzzle: its number in the library, its title and its stars (as
    shown: ``stars``, by default the author's).

    Stable and unique on purpose: Streamlit keeps a selectbox's choice by its label, so a label
    that changed under the learner (a ✓ added once solved) or two puzzles with one title made the
    picker jump to another puzzle on the next click (issue 12: "why not this card" jumped)."""
    p = _puzzle(lib, puzzle_id)
    return f"{lib.number(puzzle_id)}. {p.title[lang]} · {'★' * (p.difficulty if stars is None else stars)}"


#: The picker's labels made so far for the library in :data:`_LABELS_OF`, by puzzle, language and
#: stars: the picker lists the whole library (some 2,250 puzzles) and labelled every one anew on
#: each run of the page.
_LABELS: dict[tuple[str, Lang, int], str] = {}
_LABELS_OF: list[Library] = []


def _label(lib: Library, puzzle_id: str, lang: Lang, stars: int) -> str:
    """:func:`puzzle_label`, made once per library read (the labels of an older one are let go)."""
    if not _LABELS_OF or _LABELS_OF[0] is not lib:
        _LABELS.clear()
        _LABELS_OF[:] = [lib]
    key = (puzzle_id, lang, stars)
    label = _LABELS.get(key)
    if label is None:
        label = _LABELS[key] = puzzle_label(lib, puzzle_id, lang, stars)
    return label


def _after_answer(puzzle: Puzzle, chosen: list[Puzzle], has_next: bool, lang: Lang) -> Callable[[Answered | None], None]:
    """What follows the answer inside its fragment: the puzzle's themes once it is settled (named
    before, "King third" would give the idea away -- Lichess shows themes after solving), and
    "Next puzzle", which reruns the whole page."""

    def draw(answered: Answered | None) -> None:
        if answered is not None and answered.settled:
            st.caption(tr("puzzles.themes") + ": " + ", ".join(theme_label(t_, lang) for t_ in puzzle.themes))
        if answered is not None and has_next:
            st.button(tr("puzzles.next"), key=state.PUZZLE_NEXT, on_click=_go_next, args=(puzzle.id, chosen),
                      icon=":material/arrow_forward:", type="primary")

    return draw


def _puzzle(lib: Library, puzzle_id: str) -> Puzzle:
    """A puzzle by an id taken from ``lib``'s own puzzles (the picker's), so it is there."""
    found = lib.puzzle(puzzle_id)
    assert found is not None
    return found


def _homework(learner: Learner | None, lib: Library) -> list[str]:
    """The puzzles of the learner's homework (from every class he is in) that the library has."""
    if learner is None:
        return []
    work = progress_or(list[Homework](), lambda: store().homework(learner.id))
    return list(dict.fromkeys(h.assignment.item_id for h in work
                              if h.assignment.kind == "puzzle" and lib.puzzle(h.assignment.item_id) is not None))


def _open_linked(puzzle_id: str, homework: list[str]) -> None:
    """A link opened this puzzle (``?puzzle=ID``: the homework list, a teacher's report): it is
    chosen, and no filter hides it -- the homework one stays on for a homework puzzle."""
    st.session_state[state.PUZZLE] = puzzle_id
    st.session_state[state.PUZZLE_THEMES] = []
    st.session_state[state.PUZZLE_LEVELS] = []
    st.session_state[state.REVIEW_ONLY] = False
    st.session_state[state.PUZZLE_HOMEWORK_ONLY] = puzzle_id in homework


#: The most puzzles the picker lists at once: the whole library (some 2,250) was 0.2 MB of labels
#: for every new tab, about 0.27 s of its page ready here (issue 24, bench/bench_pages_locale.py).
#: The filters and the title search narrow the list; the picker shows the stretch of it around the puzzle on screen,
#: and moves with it (the last one listed, chosen, is the middle of the next stretch).
PICKER_WINDOW = 200


def picker_window(ids: list[str], current: str, size: int = PICKER_WINDOW) -> list[str]:
    """The ``size`` puzzles of ``ids`` around ``current`` (all of them when no more).

    >>> ids = [str(i) for i in range(1, 11)]
    >>> picker_window(ids, "5", 4), picker_window(ids, "1", 4), picker_window(ids, "10", 4)
    (['3', '4', '5', '6'], ['1', '2', '3', '4'], ['7', '8', '9', '10'])
    >>> picker_window(ids, "5", 20) == ids
    True
    """
    if len(ids) <= size:
        return ids
    start = min(max(0, ids.index(current) - size // 2), len(ids) - size)
    return ids[start:start + size]


def show() -> None:
    lang = current_lang()
    lib = content_page("nav.puzzles")
    if not lib.puzzles:
        show_info(tr("puzzles.none"))
        return
    known = standings()

    def stars(p: Puzzle) -> int:
        return shown_stars(p, known)

    learner = progress_learner()  # the named learner, else this browser's own progress
    homework = _homework(learner, lib)
    if (asked := linked("puzzle", {p.id for p in lib.puzzles})) is not None:
        _open_linked(asked, homework)
    present = [t_ for t_ in THEMES if any(t_ in p.themes for p in lib.puzzles)]
    c1, c2, c3 = st.columns([3, 2, 2])
    themes = c1.multiselect(tr("puzzles.themes"), present, key=state.PUZZLE_THEMES,
                            format_func=lambda t_: theme_label(t_, lang), placeholder=tr("puzzles.any"))
    levels = c2.multiselect(tr("puzzles.levels"), [1, 2, 3, 4, 5], key=state.PUZZLE_LEVELS,
                            placeholder=tr("puzzles.any"))
    due: set[str] | None = None
    if learner is not None:
        reviews = progress_or(list[ReviewItem](), lambda: store().due_reviews(learner.id, datetime.now(UTC)))
        c3.toggle(tr("puzzles.review_only", n=len(reviews)), key=state.REVIEW_ONLY, disabled=not reviews)
        if st.session_state.get(state.REVIEW_ONLY) and reviews:
            due = {r.item_id for r in reviews}
        if homework:
            c3.toggle(tr("puzzles.homework_only", n=len(homework)), key=state.PUZZLE_HOMEWORK_ONLY)
            if st.session_state.get(state.PUZZLE_HOMEWORK_ONLY):
                due = set(homework) if due is None else due & set(homework)
    current = st.session_state.get(state.PUZZLE)
    if due is not None and current and st.session_state.get(state.answer_key(SCOPE, current)) is not None:
        # a puzzle answered in review leaves the queue, but stays on screen with its feedback
        # until the learner moves on (issue 12: review mode gave no feedback)
        due.add(current)
    chosen = filter_puzzles(lib.puzzles, themes, levels, due, stars)
    # found by its title or number, in the whole list (the picker lists only a stretch of it)
    find = st.text_input(tr("puzzles.find"), key=state.PUZZLE_FIND, max_chars=80, autocomplete="off",
                         placeholder=tr("puzzles.find_placeholder")).strip().lower()
    if find:
        chosen = [p for p in chosen if find in _label(lib, p.id, lang, stars(p)).lower()]
    if not chosen:
        show_info(tr("puzzles.no_match"))
        return
    ids = [p.id for p in chosen]
    if st.session_state.get(state.PUZZLE) not in ids:
        st.session_state[state.PUZZLE] = ids[0]
    solved = progress_or(set[str](), lambda: store().solved_items(learner.id)) if learner is not None else set[str]()
    listed = picker_window(ids, st.session_state[state.PUZZLE], PICKER_WINDOW)
    st.selectbox(tr("puzzles.pick", n=integer(len(ids), lang)), listed, key=state.PUZZLE,
                 format_func=lambda i: _label(lib, i, lang, stars(_puzzle(lib, i))))
    if len(listed) < len(ids):
        first = ids.index(listed[0]) + 1
        st.caption(tr("puzzles.window", first=integer(first, lang), last=integer(first + len(listed) - 1, lang),
                      n=integer(len(ids), lang)))
    puzzle = _puzzle(lib, st.session_state[state.PUZZLE])
    rated = known.get(puzzle.id, (None, False))[0] is not None
    level = tr("puzzles.level_rated" if rated else "puzzles.level", n=stars(puzzle))
    st.caption(level + (" · " + tr("feedback.solved_before") if puzzle.id in solved else ""))
    pos = ids.index(puzzle.id)
    # the next one fits the learner's rating and weak themes (issue 14), else the list's next:
    # chosen when "Next puzzle" is clicked (:func:`_go_next`)
    has_next = pos + 1 < len(ids) or (learner is not None and len(ids) > 1)
    run_item(puzzle, scope=SCOPE, item_id=puzzle.id, lang=lang, kind="puzzle",
             after=_after_answer(puzzle, chosen, has_next, lang))
    drafts.restore(REPORT_NOTE, drafts.SLOT_REPORT, "")
    msg = st.session_state.pop(state.PUZZLE_REPORT_MSG, None)
    if state.REPORT_OPEN not in st.session_state:
        st.session_state[state.REPORT_OPEN] = bool(st.session_state.get(REPORT_NOTE))
    # keyed, so it stays as the learner left it: it used to fold when the sent note was cleared,
    # taking the thanks out of sight (issue 12); drawn only while open (a new tab waits for no
    # hidden note box, issue 24), the note kept by its draft
    box = st.expander(tr("puzzles.report"), key=state.REPORT_OPEN, on_change="rerun")
    if not box.open:
        return
    with box:
        st.text_area(tr("puzzles.report_note"), key=REPORT_NOTE, max_chars=2000)
        note_draft = drafts.autosave(REPORT_NOTE, drafts.SLOT_REPORT, "")
        if note_draft is not None and note_draft.text:
            drafts.saved_caption(note_draft)
        st.button(tr("puzzles.report_send"), key=state.REPORT_SEND, on_click=_report, args=(puzzle.id,))
        if msg and msg[0] == "ok":
            show_success(tr("puzzles.report_thanks"))
        elif msg:
            show_error(msg[1])
