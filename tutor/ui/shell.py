"""The app's frame: page config, language switch, learner box, and the navigation.

On the server's first run it also starts computing today's daily evidence in the background
(:func:`warm_daily_evidence`): the daily puzzle is the same for everyone, and its double-dummy
evidence took 5-9 s after the first answer of the day; now it is usually ready before anyone
answers. The same thread imports the evidence's own modules, which the first answer on a fresh
server otherwise loads (bench/bench_first_daily.py); pandas is left to the other warm-up, last:
importing it here took the CPU from the first answer. It then imports, in the background, the
modules the Play page loads on first use (:func:`warm_imports`): about 1-1.5 s each here, and
the maxims' catalogue, Babel's data and pandas after them.
"""

from __future__ import annotations

import os
import threading
from datetime import UTC, datetime, timedelta

import streamlit as st

from tutor.accounts import auth_required
from tutor.i18n import t
from tutor.serving import Exposure, exposure, open_allowed
from tutor.ui import state
from tutor.ui.account import browser_work_box, learner_box
from tutor.ui.browser import keep_browser_key, sync_browser_cookie
from tutor.ui.cardpick import deck_toggle
from tutor.ui.common import inject_css
from tutor.ui.frame import inject_frame
from tutor.ui.lang import language_switch
from tutor.ui.nav import available_pages
from tutor.ui.session_cookie import sync_cookie
from tutor.vocab import Lang

__all__ = ["main", "warm_daily_evidence", "warm_imports", "WARM_MODULES", "LATE_MODULES"]

_WARMED = threading.Event()


def warm_daily_evidence() -> threading.Thread | None:
    """Once per server process: compute the evidence of the daily puzzles of yesterday, today
    and tomorrow (UTC; a learner's day follows his browser's zone) in a background thread, into
    the daily page's own store (:func:`tutor.ui.daily.evidence`, the same arguments it uses).

    Off with ``WHIST_TUTOR_WARM=0``. Returns the thread (tests wait for it), None when already
    started or off. The thread only computes data: it never touches the page."""
    if _WARMED.is_set() or os.environ.get("WHIST_TUTOR_WARM", "1") == "0":
        return None
    _WARMED.set()
    from tutor.ui.library import library
    from tutor.ui.store_access import progress_or, store

    try:
        puzzles = library().lead_pool
    except Exception:  # noqa: BLE001 - content problems are shown by the pages themselves
        return None
    db = progress_or(None, store)  # here, in the page's run: the thread reads the days kept through it
    today = datetime.now(UTC).date()
    days = [today, today - timedelta(days=1), today + timedelta(days=1)]

    def work() -> None:
        from tutor.cards import Card
        from tutor.content.daily import DailyError
        from tutor.dailies import daily
        from tutor.errors import WhistError
        from tutor.ui.daily import EVIDENCE_SEED, evidence, evidence_samples

        _import_all(EVIDENCE_MODULES)
        for day in days:
            try:
                p = daily(puzzles, day, db).puzzle
                if p.question in ("lead", "play") and isinstance(p.answer, Card):
                    # the very arguments of the daily page (show_evidence), so the page finds it
                    evidence(p.student_hand, p.trump_card, p.dealer, p.tricks_played, p.answer, tuple(p.maxims),
                             p.evidence_layouts or evidence_samples(), EVIDENCE_SEED, system=p.system, rules=p.rules)
            except (DailyError, WhistError):
                continue
            except Exception:  # noqa: BLE001 - a warm-up must never take the server down
                continue

    thread = threading.Thread(target=work, name="warm-daily-evidence", daemon=True)
    thread.start()
    return thread


#: What the daily evidence's chart and table load on first use, imported by the evidence warm-up
#: first so the first learner's answer does not pay for it.
EVIDENCE_MODULES: tuple[str, ...] = ("tutor.evidence_store", "tutor.ui.evidence_chart")

#: Modules a page imports on its first use that take a second or more to load on this machine
#: (the robots and the engine behind the Play page; the simulation and the chart behind the
#: daily evidence): imported once in the background after the server's first page, so the first
#: visitor of those pages does not wait for them.
WARM_MODULES: tuple[str, ...] = ("tutor.session", "tutor.simulate", *EVIDENCE_MODULES)
_IMPORTED = threading.Event()


def _import_all(names: tuple[str, ...]) -> None:
    """Import ``names`` (an import is done once per process: a page importing a module another
    thread is importing waits for it, never does it twice); a failure is left to the page that
    needs the module, which reports it itself."""
    import importlib

    for name in names:
        try:
            importlib.import_module(name)
        except Exception:  # noqa: BLE001 - a warm-up must never take the server down
            continue


#: Imported last by the warm-up, once the rest is ready: pandas, which every table
#: (``st.table``, ``st.dataframe``) loads on its first use -- the first deal finished on a fresh
#: server imported it (seconds here, under the import lock) and every session waited
#: (bench/bench_load.py: 10 learners, each click 6-9 s at the first deals' end).
LATE_MODULES: tuple[str, ...] = ("pandas",)


def _warm_all() -> None:
    """The modules of :data:`WARM_MODULES`; the maxims' catalogue, parsed once a process (0.6 s
    here: the first answer graded on a fresh server parsed it); Babel's data of each language
    (the first number or plural written); then :data:`LATE_MODULES`."""
    _import_all(WARM_MODULES)
    try:
        from tutor.conventions.catalogue import load_catalogue

        load_catalogue()
    except Exception:  # noqa: BLE001 - a broken catalogue is reported by the pages that use it
        pass
    from tutor import locale_fmt
    from tutor.i18n import LANGS

    for lang in LANGS:
        locale_fmt.count(2, {"one": "-", "other": "-"}, lang)
        locale_fmt.number(1.5, lang)
        locale_fmt.day(datetime.now(UTC), lang)
    _import_all(LATE_MODULES)


def warm_imports() -> threading.Thread | None:
    """Once per server process: import :data:`WARM_MODULES` and read the catalogue in a
    background thread (off with ``WHIST_TUTOR_WARM=0``). Returns the thread, None when already
    started or off."""
    if _IMPORTED.is_set() or os.environ.get("WHIST_TUTOR_WARM", "1") == "0":
        return None
    _IMPORTED.set()

    thread = threading.Thread(target=_warm_all, name="warm-imports", daemon=True)
    thread.start()
    return thread


def _exposure_allows(lang: Lang) -> bool:
    """Whether this server may serve at all, saying on the page how open it is (issue 23, F5).

    On the network with no logins and no ``WHIST_TUTOR_OPEN_NETWORK=yes``, nothing is served but
    the reason; open on purpose, every page says that anyone on the network can read and change
    progress."""
    how = exposure(st.get_option("server.address"), auth=auth_required(), allow_open=open_allowed())
    if how is Exposure.REFUSED:
        st.error(t("serving.refused", lang))
        return False
    if how is Exposure.OPEN_NETWORK:
        st.warning(t("serving.open_network", lang), icon="⚠️")
    return True


def _pages(lang: Lang) -> list[st.Page]:
    """The menu's pages in ``lang``, made once a session and language: making an ``st.Page``
    resolves and stats its script, some 5 ms a run for ten pages (bench/bench_load.py). Kept in
    the session, not shared: ``st.navigation`` marks the page it runs on the object itself."""
    cached = st.session_state.get(state.NAV_PAGES)
    if cached is not None and cached[0] == lang:
        made: list[st.Page] = cached[1]
        return made
    made = [st.Page(str(spec.script), title=t(spec.title_key, lang), icon=spec.icon, url_path=spec.key,
                    default=spec.default) for spec in available_pages()]
    st.session_state[state.NAV_PAGES] = (lang, made)
    return made


def main() -> None:
    """Run one script pass: sidebar first (so every page sees the language), then the page."""
    st.session_state[state.RUN] = st.session_state.get(state.RUN, 0) + 1  # who is asking: looked up anew
    st.set_page_config(page_title="Whist Tutor", page_icon="♠", layout="wide")
    lang = language_switch()
    # the browser tab's title in the page's language (issue 24 point 4): set again once known
    st.set_page_config(page_title=t("frame.title", lang))
    inject_css()
    inject_frame(lang)
    if not _exposure_allows(lang):
        return
    pages = _pages(lang)
    # the menu stays in the sidebar (a top bar falls back to the sidebar on a phone anyway); on a
    # phone the frame script closes the sidebar once a page is chosen there (defect 2)
    nav = st.navigation(pages)
    keep_browser_key()
    learner_box(lang)
    browser_work_box(lang)  # the browser's unnamed work: added to the learner just named, or offered
    with st.sidebar:
        sync_cookie()  # the browser keeps this session's login (or forgets it) over a reload
        sync_browser_cookie()  # and its own key, so a new tab is the same browser
    deck_toggle(lang)
    st.sidebar.caption(t("app.tagline", lang))
    nav.run()
    warm_imports()  # after the page: the first visitor's page is not kept waiting
    warm_daily_evidence()
