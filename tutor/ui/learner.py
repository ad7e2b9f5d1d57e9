"""Who is at the keyboard: the learner named in the sidebar (or logged in), his time zone and
his calendar day. A page asks :func:`current_learner`; None means nothing is recorded.

The login and account forms that set who this is are :mod:`tutor.ui.account`; this module only
reads the session's login (:func:`logged_in`), so every page can ask without the forms.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import TypeVar, cast

import streamlit as st

from tutor.accounts import auth_required
from tutor.clock import learner_today
from tutor.progress import Learner, ProgressError, ProgressStore
from tutor.ui import state
from tutor.ui.school import school_learner
from tutor.ui.session_cookie import browser_token
from tutor.ui.store_access import store

T = TypeVar("T")

__all__ = ["AUTH_TOKEN", "once_a_run", "current_learner", "browser_zone", "learner_date", "logged_in", "name_locked"]


def once_a_run(what: str, inputs: tuple[object, ...], compute: Callable[[], T]) -> T:
    """``compute()`` once a full run of the page -- and the fragment runs after it, a card's
    click -- for the same ``inputs``. Why: a page asks who the learner is a dozen times a run,
    and each asking read the store (the name's password, the login's session): a fifth of a
    click's server CPU (bench/bench_load.py). A change of the inputs (a login, a logout, a name
    typed) looks up again at once; a new run always does."""
    memo: dict[str, tuple[tuple[object, ...], object]] = st.session_state.setdefault(state.ONCE_A_RUN, {})
    key = (st.session_state.get(state.RUN), *inputs)
    if what in memo and memo[what][0] == key:
        return cast(T, memo[what][1])
    value = compute()
    memo[what] = (key, value)
    return value


def current_learner() -> Learner | None:
    """The learner named in the sidebar, or None (then nothing is recorded).

    Looked up (or created) once per name and database, then remembered in the session, so a
    rerun does not write to the database; asked once a run (:func:`once_a_run`)."""
    inputs = (auth_required(), st.session_state.get(state.LEARNER), st.session_state.get(AUTH_TOKEN))
    return once_a_run("current_learner", inputs, _current_learner)


def _current_learner() -> Learner | None:
    if auth_required():  # a server for a club or school: only a login says who this is
        return logged_in()
    school = school_learner()  # a school account signed in names the learner, whatever is typed
    if school is not None:
        return school
    name = (st.session_state.get(state.LEARNER) or "").strip()
    if not name:
        return None
    try:
        db = store()
    except ProgressError:  # progress is off: the pages go on without a learner
        return None
    if _locked(db, name):  # the name has a password and this session has not logged in with it
        return None
    cached = st.session_state.get(state.LEARNER_CACHE)
    if cached and cached[0] == (name, str(db.path)):
        hit: Learner = cached[1]  # stored below as ((name, path), learner)
        return hit
    try:
        learner = db.learner(name)
        zone = browser_zone()
        if zone and learner.tz != zone:  # the learner's days are counted in his browser's zone
            learner = db.set_zone(learner.id, zone)
    except ProgressError:
        return None
    st.session_state[state.LEARNER_CACHE] = ((name, str(db.path)), learner)
    return learner


def browser_zone() -> str:
    """The browser's time zone name (``st.context.timezone``), "" when unknown (a test, a bot)."""
    try:
        return str(st.context.timezone or "")
    except Exception:  # noqa: BLE001 -- no browser context outside a real session
        return ""


def learner_date() -> date:
    """Today on the learner's clock: the browser's time zone, else the stored one, else the
    server's (:func:`tutor.clock.learner_today`) -- the one calendar of the daily puzzle, the
    attempts and the streak."""
    zone = browser_zone()
    if not zone:
        learner = current_learner()
        zone = learner.tz if learner is not None else ""
    return learner_today(zone)


#: The session's login token (the database keeps only its hash; it lasts until it expires).
AUTH_TOKEN = state.AUTH_TOKEN


def logged_in() -> Learner | None:
    """The learner this browser session logged in as, or None (no login, or it expired): the
    school account signed in (:mod:`tutor.ui.school`), else the password login of this session,
    else the one this browser kept over a reload (:mod:`tutor.ui.session_cookie`), which the
    store refuses once expired or revoked. Asked once a run (:func:`once_a_run`)."""
    return once_a_run("logged_in", (st.session_state.get(AUTH_TOKEN),), _logged_in)


def _logged_in() -> Learner | None:
    school = school_learner()
    if school is not None:
        return school
    token = st.session_state.get(AUTH_TOKEN)
    restored = False
    if not token:
        token = browser_token()
        restored = bool(token)
    if not token:
        return None
    try:
        learner = store().session_learner(str(token))
    except ProgressError:
        return None
    if learner is None:
        st.session_state.pop(AUTH_TOKEN, None)
    elif restored:  # a reload: the login kept by the browser is this session's again
        st.session_state[AUTH_TOKEN] = token
        st.session_state[state.LEARNER] = learner.name
        st.session_state.pop(state.LEARNER_CACHE, None)
    return learner


def _locked(db: ProgressStore, name: str) -> bool:
    """The name has a password and this session has not logged in with it."""
    try:
        found = db.find_learner(name)
    except ProgressError:
        return False
    if found is None or not found.has_password:
        return False
    me = logged_in()
    return me is None or me.id != found.id


def name_locked(name: str) -> bool:
    """Whether ``name`` may be used only after logging in with its password (False when the
    store cannot say: then nothing is recorded anyway)."""
    try:
        return _locked(store(), name)
    except ProgressError:
        return False

