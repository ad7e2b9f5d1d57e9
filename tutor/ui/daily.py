"""The Daily puzzle page: the same puzzle for everyone on a date, the learner's streak, the
answer checked and explained, and then the double-dummy evidence: every legal card scored over
random layouts of the unseen cards (:func:`tutor.simulate.simulate_lead`), beside the maxim's
card (:func:`tutor.evidence.compare`).

The simulation is imported only when the evidence is drawn (after an answer): importing it loads
endplay, which loads matplotlib -- about 0.6 s that the page's first render does not need.
"""

from __future__ import annotations

import copy
import os
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Any

import streamlit as st

from tutor.cards import Card, Hand, parse_card
from tutor.content.daily import DailyError, daily_pick
from tutor.content.models import Puzzle, theme_label
from tutor.errors import WhistError
from tutor.play import Trick
from tutor.progress import ProgressError
from tutor.seats import Seat
from tutor.ui import state
from tutor.ui.alerts import show_error, show_info
from tutor.ui.components import Answered, run_item
from tutor.ui.lang import current_lang, tr
from tutor.ui.learner import current_learner, learner_date
from tutor.ui.library import content_page
from tutor.ui.store_access import store

__all__ = ["show", "evidence", "simulate_evidence", "evidence_samples", "TABLE_KEY"]

SCOPE = "daily"
DEFAULT_SAMPLES = 100
#: The layouts' seed: fixed (not the date), so a puzzle's evidence is the same on every day it is
#: served and the evidence store -- shipped with the content, filled by ``tutor analyse`` -- has it.
EVIDENCE_SEED = 0
#: The session key of the evidence table's expander (open: the table is drawn).
TABLE_KEY = state.DAILY_EVIDENCE_TABLE
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
                      system: str = "russian", rules: str = "russian") -> dict[str, Any]:
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
             system: str = "russian", rules: str = "russian") -> dict[str, Any]:
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


def show_evidence(puzzle: Puzzle, lang: str, seed: int) -> None:
    if puzzle.question not in ("lead", "play") or not isinstance(puzzle.answer, Card):
        return
    st.subheader(tr("daily.evidence"))
    samples = evidence_samples()
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
    from tutor.ui.evidence_chart import show_chart  # deferred: drawn only after an answer

    st.caption(tr("daily.evidence_intro", n=data["samples"]))
    show_chart(data, lang)
    show_info(data["comparison"]["text"][lang])
    # The table only once opened (a rerun of the answer's fragment): st.dataframe imports pandas,
    # a second and more on a fresh server, which the first answer's evidence need not wait for.
    table = st.expander(tr("chart.table"), key=TABLE_KEY, on_change="rerun")
    if table.open:
        rows = [{tr("daily.card"): parse_card(r["card"]).symbol(lang), tr("daily.mean"): round(r["mean"], 2),
                 tr("daily.stderr"): round(r["stderr"], 2), tr("daily.delta"): round(r["delta_vs_best"], 2)}
                for r in data["leads"]]
        table.dataframe(rows, hide_index=True)


def show() -> None:
    lang = current_lang()
    today = learner_date()
    lib = content_page("nav.daily")
    try:
        pick = daily_pick(lib.puzzles, today)
    except DailyError as exc:
        show_info(tr("daily.none", error=str(exc)))
        return
    puzzle = pick.puzzle
    learner = current_learner()
    c1, c2 = st.columns([3, 1])
    c1.markdown(f"### {puzzle.title[lang]}")
    c1.caption(tr("daily.meta", day=today.isoformat(), level=puzzle.difficulty,
                  themes=", ".join(theme_label(t_, lang) for t_ in puzzle.themes)))
    if learner is not None:
        try:
            c2.metric(tr("progress.streak"), store().streak(learner.id, today))
        except ProgressError:  # the file failed since the learner was looked up: no streak, the puzzle goes on
            pass
    def evidence_after(answered: Answered | None) -> None:
        # inside the answer's fragment, so the evidence follows the click without a page rerun
        if answered is not None and answered.settled:
            show_evidence(puzzle, lang, seed=EVIDENCE_SEED)

    # keep: the answer is kept for this browser (and the learner, when named), so a reload or a
    # visit with no name typed does not lose it (issue 12)
    run_item(puzzle, scope=SCOPE, item_id=f"{today.isoformat()}:{puzzle.id}", lang=lang, kind="daily",
             record_id=puzzle.id, after=evidence_after, keep=True)
    if puzzle.question in ("lead", "play"):
        prefetch_chart()


#: The key of the hidden chart that makes the browser load the chart's code early.
PREFETCH_KEY = state.DAILY_CHART_PREFETCH


def prefetch_chart() -> None:
    """An empty chart, hidden: the browser fetches and starts Streamlit's chart code (twenty-odd
    script files and Vega's compiler, lazily loaded on a page's first chart) while the learner
    reads the puzzle, not after the answer -- on a fresh browser that was more than half of the
    wait for the evidence chart (bench/bench_first_daily.py). No data, so nothing is converted
    on the server."""
    with st.container(key=PREFETCH_KEY):
        st.html(f"<style>.st-key-{PREFETCH_KEY}{{display:none}}</style>")
        st.vega_lite_chart(spec={"mark": "point", "height": 1}, width="stretch", height=1)
