"""Who is at the keyboard: the learner named in the sidebar (or logged in), his time zone and
his calendar day. A page asks :func:`current_learner` for the learner himself (None: nobody is
named), and :func:`progress_learner` for whose progress an answer counts to -- the named
learner, else this browser's own row in the store (:mod:`tutor.progress.browsers`), so nothing
done before naming is lost (issue 24, point 2).

When a learner is named or logs in, the work this browser kept unnamed becomes his: at once when
it was done in this very session (it is his), else after he says it is his (a school's shared
computer keeps the last pupil's unnamed work; :func:`take_browser_work`, :func:`leave_browser_work`).

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
from tutor.progress import BrowserWork, Learner, ProgressError, ProgressStore
from tutor.ui import state
from tutor.ui.browser import browser_key, known_browser_key, rotate_browser_key
from tutor.ui.school import school_learner
from tutor.ui.session_cookie import browser_token
from tutor.ui.store_access import store

T = TypeVar("T")

__all__ = ["AUTH_TOKEN", "once_a_run", "current_learner", "progress_learner", "browser_learner", "take_browser_work",
           "leave_browser_work", "browser_zone", "learner_date", "logged_in", "name_locked"]


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
    """The learner named in the sidebar (or logged in), or None: nobody is named, and what is
    done is kept for this browser (:func:`progress_learner`).

    Looked up (or created) once per name and database, then remembered in the session, so a
    rerun does not write to the database; asked once a run (:func:`once_a_run`). The first time a
    learner is known in a session, the browser's unnamed work is his (:func:`_claim`)."""
    inputs = (auth_required(), st.session_state.get(state.LEARNER), st.session_state.get(AUTH_TOKEN))
    learner = once_a_run("current_learner", inputs, _named)
    if learner is not None:
        _claim(learner)
    return learner


def _named() -> Learner | None:
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


def browser_learner(create: bool = False) -> Learner | None:
    """The row this browser's unnamed work is kept under -- made at its first answer when
    ``create`` -- or None (nothing kept yet, or progress is off). Remembered in the session."""
    key = browser_key() if create else known_browser_key()
    if key is None:
        return None
    try:
        db = store()
    except ProgressError:
        return None
    where = (key, str(db.path))
    cached = st.session_state.get(state.BROWSER_LEARNER)
    if cached and cached[0] == where and (cached[1] is not None or not create):
        hit: Learner | None = cached[1]
        return hit
    try:
        found = db.browser_learner(key, create=create, tz=browser_zone())
    except ProgressError:
        return None
    st.session_state[state.BROWSER_LEARNER] = (where, found)
    return found


def progress_learner(create: bool = False) -> Learner | None:
    """Whose progress the pages read and an answer counts to: the named learner, else this
    browser's own row (made at the first answer when ``create``); None when progress is off."""
    learner = current_learner()
    if learner is not None:
        return learner
    found = browser_learner(create)
    if create and found is not None:  # this session works under the browser's row: naming claims it
        st.session_state[state.BROWSER_WORKED] = True
    return found


def _claim(learner: Learner) -> None:
    """Once per session and learner: the browser's unnamed work becomes his -- at once when this
    session did it, else offered (:data:`state.BROWSER_OFFER`, drawn by the account box)."""
    key = known_browser_key()
    if key is None or st.session_state.get(state.BROWSER_CLAIMED) == (learner.id, key):
        return
    st.session_state[state.BROWSER_CLAIMED] = (learner.id, key)
    try:
        db = store()
        if db.read_only is not None:
            return
        if st.session_state.get(state.BROWSER_WORKED):
            _claimed(learner, db.claim_browser(key, learner.id))
        elif work := db.browser_work(key):
            st.session_state[state.BROWSER_OFFER] = (learner.id, key, work)
    except ProgressError:  # progress went off: the work stays with the browser, offered next time
        st.session_state.pop(state.BROWSER_CLAIMED, None)


def _claimed(learner: Learner, gained: BrowserWork) -> None:
    """After a claim: say what was added, and give the browser a fresh key (the old one held
    work that is the learner's now)."""
    st.session_state.pop(state.BROWSER_LEARNER, None)
    st.session_state.pop(state.BROWSER_WORKED, None)
    st.session_state.pop(state.BROWSER_OFFER, None)
    if gained:
        st.session_state[state.BROWSER_GAINED] = gained
        st.session_state[state.BROWSER_CLAIMED] = (learner.id, rotate_browser_key())


def take_browser_work() -> None:
    """Callback of the offer's "it is mine": the kept work becomes the learner's."""
    offer = st.session_state.pop(state.BROWSER_OFFER, None)
    learner = current_learner()
    if offer is None or learner is None or offer[0] != learner.id:
        return
    try:
        _claimed(learner, store().claim_browser(offer[1], learner.id))
    except ProgressError as exc:
        st.session_state[state.BROWSER_ERROR] = exc


def leave_browser_work() -> None:
    """Callback of the offer's "not mine": the work stays where it was, under the old key, and
    this browser goes on with a fresh one (it is not asked again)."""
    offer = st.session_state.pop(state.BROWSER_OFFER, None)
    learner = current_learner()
    st.session_state.pop(state.BROWSER_LEARNER, None)
    st.session_state.pop(state.BROWSER_WORKED, None)
    if offer is not None and learner is not None:
        st.session_state[state.BROWSER_CLAIMED] = (learner.id, rotate_browser_key())


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

