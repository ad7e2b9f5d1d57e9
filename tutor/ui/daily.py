"""The Daily puzzle page: a lead problem, the same for everyone on a date (:mod:`tutor.dailies`),
titled by its situation and never by its holding (:func:`tutor.content.headline.headline`), the
learner's streak, the answer checked and explained, and then the double-dummy evidence: every
legal card scored over random layouts of the unseen cards (:func:`tutor.simulate.simulate_lead`),
beside the maxim's card (:func:`tutor.evidence.compare`).

The archive: any past day since the first daily can be picked and its puzzle solved, with what
the learner did on that day ("you solved it then"). An answer to a past day's puzzle counts for
the rating like any puzzle (kind ``puzzle``), not for the streak.

The simulation is imported only when the evidence is drawn (after an answer): importing it loads
endplay, which loads matplotlib -- about 0.6 s that the page's first render does not need.
"""

from __future__ import annotations

import calendar
import copy
import functools
import json
import os
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from datetime import date
from pathlib import Path
from typing import Any

import streamlit as st

from tutor.cards import Card, Hand, parse_card
from tutor.content.daily import EPOCH, DailyError, DailyPick
from tutor.content.headline import headline
from tutor.content.models import Puzzle, theme_label
from tutor.dailies import daily
from tutor.errors import WhistError
from tutor.locale_fmt import day as format_day
from tutor.play import Trick
from tutor.progress import ProgressError
from tutor.seats import Seat
from tutor.ui import state
from tutor.ui.alerts import show_error, show_info
from tutor.ui.components import Answered, run_item
from tutor.ui.lang import current_lang, tr
from tutor.ui.learner import learner_date, progress_learner
from tutor.ui.library import Library, content_page
from tutor.ui.ratings import shown_stars, standings
from tutor.ui.store_access import progress_or, store
from tutor.vocab import Lang, System

__all__ = ["show", "evidence", "simulate_evidence", "evidence_samples", "served", "TABLE_KEY", "DAY_KEY", "MONTH_KEY", "DATE_KEY"]

SCOPE = "daily"
DEFAULT_SAMPLES = 100
#: The layouts' seed: fixed (not the date), so a puzzle's evidence is the same on every day it is
#: served and the evidence store -- shipped with the content, filled by ``tutor analyse`` -- has it.
EVIDENCE_SEED = 0
#: The session key of the evidence table's expander (open: the table is drawn).
TABLE_KEY = state.DAILY_EVIDENCE_TABLE
#: The session key of the day shown (today unless a past day is picked in the archive).
DAY_KEY = state.DAILY_DAY
#: The archive's month and day boxes.
MONTH_KEY = state.DAILY_MONTH
DATE_KEY = state.DAILY_DATE
#: The most layouts the evidence solves: as ``simulate --samples`` (about 25 a second here).
MAX_SAMPLES = 10_000


def evidence_samples() -> int:
    """How many layouts the evidence solves (``$WHIST_TUTOR_SAMPLES``, 2 to :data:`MAX_SAMPLES`;
    tests use a handful)."""
    try:
        return min(MAX_SAMPLES, max(2, int(os.environ.get("WHIST_TUTOR_SAMPLES", DEFAULT_SAMPLES))))
    except ValueError:
        return DEFAULT_SAMPLES


#: Evidence already computed in this server process, newest last: (arguments) -> plain data.
_EVIDENCE: OrderedDict[tuple[Any, ...], dict[str, Any]] = OrderedDict()
_EVIDENCE_LOCK = threading.Lock()
MAX_EVIDENCE = 64


#: How the evidence functions take a position: a loaded puzzle's values (Hand, Card, Seat, the played
#: Tricks), as the page passes them, or the notation's text (scripts, tests).
def simulate_evidence(hand: Hand | str, trump: Card | str, dealer: Seat | str, played: Sequence[Trick] | str,
                      answer: Card | str, maxims: tuple[str, ...],
                      samples: int, seed: int, progress: Callable[[int, int], None] | None = None, *,
                      system: System = "russian", rules: str = "russian") -> dict[str, Any]:
    """The simulation table and the comparison with the maxim's card, as plain data: read from the
    evidence store (:mod:`tutor.evidence_store`; ``tutor analyse`` fills it, and the shipped content
    ships its own), or computed -- the same blocks of layouts ``tutor analyse`` solves -- and stored.

    Pure: it draws nothing. ``progress(done, total)`` is only told how far the solving is. A store
    that cannot be written does not hide the evidence: it is shown, and computed again next time."""
    from tutor.evidence_store import EvidenceSpec, default_store, evidence_for  # deferred: see the module docstring

    spec = EvidenceSpec.of(hand, trump, answer=answer, maxims=maxims, dealer=dealer, played=played,
                           system=system, rules=rules, samples=samples, seed=seed)
    return evidence_for(spec, default_store(), progress=progress, strict=False)


def evidence(hand: Hand | str, trump: Card | str, dealer: Seat | str, played: Sequence[Trick] | str,
             answer: Card | str, maxims: tuple[str, ...],
             samples: int, seed: int, progress: Callable[[int, int], None] | None = None, *,
             system: System = "russian", rules: str = "russian") -> dict[str, Any]:
    """:func:`simulate_evidence`, kept once per server for everyone (the daily puzzle is the same
    for every learner on a date), and returned as a fresh copy. The evidence store behind it
    survives restarts; this dict spares even the file read.

    Why not ``st.cache_data``: a cached function must not touch the page -- it records the
    progress bar's updates and replays them into the *next* learner's session, whose bar does not
    exist (``CacheReplayClosureError``). Here only data is kept, and the caller draws."""
    key = (hand, trump, dealer, tuple(played) if not isinstance(played, str) else played, answer, tuple(maxims),
           samples, seed, system, rules)
    with _EVIDENCE_LOCK:
        hit = _EVIDENCE.get(key)
        if hit is not None:
            _EVIDENCE.move_to_end(key)
            return copy.deepcopy(hit)
    data = simulate_evidence(hand, trump, dealer, played, answer, tuple(maxims), samples, seed, progress,
                             system=system, rules=rules)
    with _EVIDENCE_LOCK:
        _EVIDENCE[key] = data
        while len(_EVIDENCE) > MAX_EVIDENCE:
            _EVIDENCE.popitem(last=False)
    return copy.deepcopy(data)


def show_evidence(puzzle: Puzzle, lang: Lang, seed: int) -> None:
    if puzzle.question not in ("lead", "play") or not isinstance(puzzle.answer, Card):
        return
    st.subheader(tr("daily.evidence"))
    samples = puzzle.evidence_layouts or evidence_samples()  # a library puzzle's evidence is shipped over fewer
    bar = st.progress(0.0, text=tr("daily.simulating", n=samples))

    def progress(done: int, total: int) -> None:
        bar.progress(min(done / max(total, 1), 1.0), text=tr("daily.simulating", n=total))

    try:
        data = evidence(puzzle.student_hand, puzzle.trump_card, puzzle.dealer, puzzle.tricks_played, puzzle.answer,
                        tuple(puzzle.maxims), samples, seed, progress=progress, system=puzzle.system, rules=puzzle.rules)
    except WhistError as exc:
        bar.empty()
        show_error(tr("app.engine_error", error=str(exc)))
        return
    bar.empty()
    from tutor.evidence import stored_comparison_text, stored_reading_text  # loaded with the evidence above
    from tutor.locale_fmt import integer, number
    from tutor.ui.evidence_chart import show_chart  # deferred: drawn only after an answer

    st.caption(tr("daily.evidence_intro", n=integer(int(data["samples"]), lang)))
    read = stored_reading_text(data, lang)  # what the layouts were weighted by (a position after some tricks)
    if read:
        st.caption(read)
    show_chart(data, lang)
    show_info(stored_comparison_text(data, lang))  # its figures as the page's language writes them
    # The table only once opened (a rerun of the answer's fragment): st.dataframe imports pandas,
    # a second and more on a fresh server, which the first answer's evidence need not wait for.
    table = st.expander(tr("chart.table"), key=TABLE_KEY, on_change="rerun")
    if table.open:
        # the figures as text in the page's language (a number column is drawn with a decimal point)
        rows = [{tr("daily.card"): parse_card(r["card"]).symbol(lang), tr("daily.mean"): number(r["mean"], lang),
                 tr("daily.stderr"): number(r["stderr"], lang), tr("daily.delta"): number(r["delta_vs_best"], lang)}
                for r in data["leads"]]
        table.dataframe(rows, hide_index=True)


def served(lib: Library, day: date) -> DailyPick:
    """The puzzle of ``day``, kept in the store as served (:func:`tutor.dailies.daily`); without a
    store, as planned."""
    db = progress_or(None, store)
    return daily(lib.lead_pool, day, db, serve=True)


def _back_to_today(today: date) -> None:
    st.session_state[DAY_KEY] = today


def _chosen_day(today: date) -> date:
    """The day the learner picked in the archive (today unless he picked another), kept within
    the schedule: the first daily's day to today. A picker left on today follows when the day
    changes under an open page (midnight): it meant "today", not that date."""
    picked = st.session_state.get(DAY_KEY)
    seen = st.session_state.get(state.DAILY_SEEN_TODAY)
    if seen != today:
        if picked == seen:
            picked = today
        st.session_state[state.DAILY_SEEN_TODAY] = today
    if not isinstance(picked, date) or picked > today or picked < EPOCH:
        picked = today
    st.session_state[DAY_KEY] = picked
    return picked


def _month_of(day: date) -> int:
    """A month as one number, ``year * 12 + month - 1``: the month box's option."""
    return day.year * 12 + day.month - 1


def _months(today: date) -> list[int]:
    """The months of the schedule, newest first: the first daily's month to this one."""
    return list(range(_month_of(today), _month_of(EPOCH) - 1, -1))


def _days_of(month: int, today: date) -> list[int]:
    """The days of ``month`` that have a daily (none before the first, none after today), newest first."""
    year, index = divmod(month, 12)
    first = date(year, index + 1, 1)
    last = calendar.monthrange(year, index + 1)[1]
    low = EPOCH.day if _month_of(EPOCH) == month else 1
    high = today.day if _month_of(today) == month else last
    return list(range(high, low - 1, -1)) if first <= today else []


def _picked(today: date) -> None:
    """The month or the day box changed: the day they name, a day of the month kept within it
    (the 31st, then a 30-day month: its 30th)."""
    month = st.session_state.get(MONTH_KEY)
    if not isinstance(month, int):
        return
    days = _days_of(month, today)
    if not days:
        return
    wanted = st.session_state.get(DATE_KEY)
    wanted = wanted if isinstance(wanted, int) else days[0]
    year, index = divmod(month, 12)
    st.session_state[DAY_KEY] = date(year, index + 1, min(max(wanted, days[-1]), days[0]))


def _month_label(month: int, lang: Lang) -> str:
    year, index = divmod(month, 12)
    text = format_day(date(year, index + 1, 1), lang, "LLLL y")  # "December 2026", «декабрь 2026»
    return text[:1].upper() + text[1:]


def _archive_picker(today: date) -> date:
    """The archive: a month and a day of it, every day since the first daily, and the way back
    to today. Two select boxes, not ``st.date_input``: its calendar says "year", "month", "day"
    and "Choose date" in English whatever the page's language (issue 24 point 4), and its
    segments are small to tap on a phone; these name months and weekdays as Babel writes them
    in the page's language («декабрь 2026», «2 декабря, среда»)."""
    day = _chosen_day(today)
    lang = current_lang()
    month = _month_of(day)
    # the boxes show the day chosen (a callback, "today", or midnight may have moved it)
    st.session_state[MONTH_KEY] = month
    st.session_state[DATE_KEY] = day.day
    st.caption(tr("daily.archive") + " · " + tr("daily.archive_help"))
    c1, c2, c3 = st.columns([3, 3, 2], vertical_alignment="bottom")
    c1.selectbox(tr("daily.archive_month"), _months(today), key=MONTH_KEY, on_change=_picked, args=(today,),
                 format_func=lambda m: _month_label(m, lang))
    c2.selectbox(tr("daily.archive_day"), _days_of(month, today), key=DATE_KEY, on_change=_picked, args=(today,),
                 format_func=lambda d: format_day(date(day.year, day.month, d), lang, "d MMMM, EEEE"))
    if day != today:
        c3.button(tr("daily.archive_today"), key=state.DAILY_TODAY, on_click=_back_to_today, args=(today,),
                  icon=":material/today:")
    return day


def _then(learner_id: int | None, pick: DailyPick) -> str:
    """What the learner did with a past day's puzzle on that day."""
    if learner_id is None:
        return tr("daily.then_unknown")
    results = progress_or(dict[date, dict[str, bool]](), lambda: store().daily_results(learner_id)).get(pick.day, {})
    if pick.puzzle.id not in results:
        return tr("daily.then_none")
    return tr("daily.then_solved") if results[pick.puzzle.id] else tr("daily.then_missed")


def show() -> None:
    lang = current_lang()
    today = learner_date()
    lib = content_page("nav.daily")
    day = _archive_picker(today)
    try:
        pick = served(lib, day)
    except DailyError as exc:
        show_info(tr("daily.none", error=tr(f"daily.error_{exc.reason.replace('-', '_')}", id=exc.puzzle_id)))
        return
    puzzle = pick.puzzle
    learner = progress_learner()  # the named learner, else this browser's own streak
    past = day != today
    c1, c2 = st.columns([3, 1])
    # the situation, never the puzzle's own title: that often names the holding (issue 26)
    c1.markdown(f"### {headline(puzzle, lang)}")
    c1.caption(tr("daily.meta", day=format_day(day, lang, "full"), level="★" * shown_stars(puzzle, standings())))
    if day.weekday() >= 5:
        c1.caption(tr("daily.weekend"))
    if past:
        show_info(tr("daily.archive_of", day=format_day(day, lang, "long")) + " "
                  + _then(learner.id if learner is not None else None, pick) + " " + tr("daily.archive_counts"))
    elif learner is not None:
        try:
            c2.metric(tr("progress.streak"), store().streak(learner.id, today))
        except ProgressError:  # the file failed since the learner was looked up: no streak, the puzzle goes on
            pass

    def evidence_after(answered: Answered | None) -> None:
        # inside the answer's fragment, so the evidence follows the click without a page rerun
        if answered is not None and answered.settled:
            # the themes once it is settled: named before, they would give the idea away
            st.caption(tr("puzzles.themes") + ": " + ", ".join(theme_label(t_, lang) for t_ in puzzle.themes))
            show_evidence(puzzle, lang, seed=EVIDENCE_SEED)

    # keep: the answer is kept for this browser (and the learner, when named), so a reload or a
    # visit with no name typed does not lose it (issue 12). A past day's puzzle is a puzzle: it
    # counts for the rating, not for the streak of the day it is solved on.
    run_item(puzzle, scope=SCOPE, item_id=f"{day.isoformat()}:{puzzle.id}", lang=lang,
             kind="puzzle" if past else "daily", record_id=puzzle.id, after=evidence_after, keep=True)
    if puzzle.question in ("lead", "play"):
        prefetch_chart()


#: Streamlit's script of its charts (Vega and its compiler are its own imports), in its files.
CHART_SCRIPT_GLOB = "static/js/ArrowVegaLiteChart.*.js"


@functools.cache
def chart_script() -> str | None:
    """Where Streamlit serves its chart script, relative to the page (its name carries a hash
    that changes with Streamlit's version: looked up in the installed Streamlit's files); None if
    this Streamlit has none by that name (then the first chart loads it, as any app's does)."""
    from streamlit import file_util

    found = sorted(Path(file_util.get_static_dir()).glob(CHART_SCRIPT_GLOB))
    return found[0].relative_to(file_util.get_static_dir()).as_posix() if found else None


def prefetch_script(script: str) -> str:
    """The page script that imports ``script`` as soon as the browser is idle after drawing the
    page (at most 2 s later). Started at once, not after a pause: a learner who clicks within a
    second of the page would otherwise wait for the chart's code after his click (measured:
    chart drawn 0.27 s after a click 1 s after the page, 0.9-1.0 s after a click at once)."""
    return ("<script>(() => { const w = window.parent || window;"
            f" const go = () => import(new URL({json.dumps(script)}, w.document.baseURI).href).catch(() => {{}});"
            " 'requestIdleCallback' in w ? w.requestIdleCallback(go, {timeout: 2000}) : w.setTimeout(go, 0); })();"
            "</script>")


def prefetch_chart() -> None:
    """The browser loads Streamlit's chart code (its chart script, Vega and Vega's compiler:
    twenty-odd files, loaded lazily on a page's first chart) while the learner reads the puzzle,
    not after the answer -- on a fresh browser that was more than half of the wait for the
    evidence chart (bench/bench_first_daily.py). It was an empty hidden chart; that made the
    page itself wait for the chart's code, some 0.2 s of a new tab (issue 24, page ready): now a
    script imports it once the page is drawn, when the browser is idle. The same URL Streamlit
    imports, so the browser loads it once."""
    script = chart_script()
    if script is not None:
        st.html(prefetch_script(script), unsafe_allow_javascript=True)
