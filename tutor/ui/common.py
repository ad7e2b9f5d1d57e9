"""What every page shares: the language, the learner, the progress store, the card styles.

Kept small and free of page logic so a page reads top to bottom: ``lang = current_lang()``,
``learner = current_learner()``, then its own widgets.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import TypeVar

import streamlit as st

from tutor.accounts import MIN_PASSWORD, PasswordError, auth_required
from tutor.clock import learner_today
from tutor.content.sources import SEED_LANG, in_lang, mark_foreign, named_sources, source_html
from tutor.i18n import LANGS, language_for_locale, t
from tutor.progress import (
    Learner,
    LoginFailed,
    LoginThrottled,
    ProgressError,
    ProgressStore,
    StoreBusy,
    StoreReadOnly,
    StoreUnavailable,
    default_db_path,
    default_db_target,
)
from tutor.render import CSS, deck_css
from tutor.ui import state
from tutor.ui.alerts import AlertTarget, show_error, show_info, show_warning

__all__ = ["LANG_PARAM", "current_lang", "init_lang", "tr", "get_store", "store", "current_learner", "inject_css",
           "language_switch", "learner_box", "show_html", "store_problem", "store_message", "store_reason", "progress_or",
           "progress_note", "logged_in", "teacher_gate", "AUTH_TOKEN",
           "SEED_LANG", "in_lang", "source_html", "named_sources", "mark_foreign"]


T = TypeVar("T")

#: The URL query parameter that keeps a language picked in the sidebar across a reload.
LANG_PARAM = "lang"


def init_lang() -> str:
    """The language of this session: picked in the sidebar (this session, or before a reload:
    then it is in the URL as ``?lang=``), else the browser's locale.

    Until the learner picks, the locale is read again on every run: the browser does not always
    report it on a session's very first run, and a default taken then must not stick.
    """
    if not st.session_state.get(state.LANG_CHOSEN):
        param = st.query_params.get(LANG_PARAM)
        if param in LANGS:
            st.session_state[state.LANG] = param
            st.session_state[state.LANG_CHOSEN] = True
        else:
            try:
                locale = st.context.locale
            except Exception:  # noqa: BLE001 - no browser context (bare script run): use the default
                locale = None
            if locale or st.session_state.get(state.LANG) not in LANGS:
                st.session_state[state.LANG] = language_for_locale(locale)
    lang: str = st.session_state[state.LANG]  # set just above, to one of LANGS
    return lang


def current_lang() -> str:
    lang = st.session_state.get(state.LANG)
    return lang if lang in LANGS else init_lang()


def tr(key: str, **fmt: object) -> str:
    """``t`` in the session's language."""
    return t(key, current_lang(), **fmt)


@st.cache_resource(show_spinner=False)
def get_store(path: str) -> ProgressStore:
    """One store per database file for the whole server (it opens a connection per call)."""
    return ProgressStore(path)


def store() -> ProgressStore:
    """The progress store; raises :class:`ProgressError` (one line, naming the file) when the
    file cannot be used -- callers show :func:`store_message` and go on without progress."""
    return get_store(default_db_target())


def progress_or(default: T, read: Callable[[], T]) -> T:
    """``read()`` from the store, or ``default`` when the file fails meanwhile (damaged, locked,
    gone): a page shows what it can without the learner's progress rather than an exception."""
    try:
        return read()
    except ProgressError:
        return default


def store_problem() -> ProgressError | None:
    """Why progress is off or read-only on this server, or None when it works."""
    try:
        db = store()
    except ProgressError as exc:
        return exc
    if db.read_only is not None:
        return StoreReadOnly(db.read_only, db.path, "read-only")
    return None


def store_message(exc: ProgressError, lang: str) -> str:
    """A store error in the learner's language: what is wrong with the file, and that lessons and
    puzzles go on (the English text of ``exc`` is for the command line and the logs)."""
    why = store_reason(exc, lang)
    if isinstance(exc, StoreReadOnly):
        return t("store.read_only", lang, why=why)
    if isinstance(exc, (StoreBusy, StoreUnavailable)):
        return t("store.progress_off", lang, why=why)
    return why


def store_reason(exc: ProgressError, lang: str) -> str:
    """What is wrong with the progress file, in the learner's language (bad input to the store,
    such as an empty name, keeps its own words)."""
    path = str(getattr(exc, "path", "") or default_db_path())
    if isinstance(exc, StoreBusy):
        return t("store.busy", lang, path=path)
    if isinstance(exc, (StoreReadOnly, StoreUnavailable)):
        return t(f"store.{exc.reason}", lang, path=path)
    return str(exc)


def progress_note(lang: str, where: AlertTarget = st.sidebar) -> bool:
    """Show, once per page, that progress is off or read-only; True when progress works."""
    problem = store_problem()
    if problem is None:
        return True
    text = store_message(problem, lang)
    if isinstance(problem, StoreReadOnly):
        show_info(text, where=where)
    else:
        show_warning(text, where=where)
    return False


def current_learner() -> Learner | None:
    """The learner named in the sidebar, or None (then nothing is recorded).

    Looked up (or created) once per name and database, then remembered in the session, so a
    rerun does not write to the database."""
    name = (st.session_state.get(state.LEARNER) or "").strip()
    if auth_required():  # a server for a club or school: only a login says who this is
        return logged_in()
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


#: The app's own CSS beyond the pictures: nothing wider than a phone's screen (360-430 px), and
#: text contrast at WCAG AA for the captions Streamlit fades to 60 % (2.98:1 on white; at 80 %
#: the theme's own text colour keeps over 4.5:1, in the light and the dark theme alike).
APP_CSS = """
[data-testid="stCaptionContainer"] { opacity: .8 !important; }
[data-testid="stMarkdownContainer"] table { max-width: 100%; }
.stHtml, [data-testid="stHtml"] { max-width: 100%; overflow-x: auto; }
@media (max-width: 640px) {
  [data-testid="stMainBlockContainer"] { padding-left: .75rem; padding-right: .75rem; }
  [data-testid="stMarkdownContainer"] { overflow-wrap: anywhere; }
  [data-testid="stHorizontalBlock"] { flex-wrap: wrap; }
  [data-testid="stTable"], [data-testid="stDataFrame"] { max-width: 100%; overflow-x: auto; }
}
"""


def inject_css() -> None:
    """The styles of the pictures (:mod:`tutor.render`), the suit colours of the deck the learner
    chose in the sidebar (two or four colours, kept in session state) and the phone layout."""
    four = bool(st.session_state.get(state.DECK_FOUR_COLOUR, False))
    st.html(f"<style>{CSS}{deck_css(four)}{APP_CSS}</style>")


def show_html(markup: str) -> None:
    """Show markup built by :mod:`tutor.render` (already escaped there)."""
    st.html(markup)


def _language_chosen() -> None:
    st.session_state[state.LANG_CHOSEN] = True


def language_switch() -> str:
    """The sidebar language switch; returns the language now in force.

    The browser's locale decides only until the learner picks a language here; from then on
    the pick wins -- on every page, and after a reload, since it is also kept in the URL."""
    lang = init_lang()
    names = {"en": "English", "ru": "Русский"}
    st.sidebar.selectbox(
        t("app.language", lang), LANGS, key=state.LANG, format_func=lambda code: names.get(code, code),
        on_change=_language_chosen,
    )
    lang = current_lang()
    if st.session_state.get(state.LANG_CHOSEN) and st.query_params.get(LANG_PARAM) != lang:
        st.query_params[LANG_PARAM] = lang
    return lang


def learner_box(lang: str) -> Learner | None:
    """The sidebar name box: a learner picks or creates a name; a name with a password (and
    every name, on a server with ``WHIST_TUTOR_AUTH=required``) is used only after logging in."""
    if auth_required():
        return _login_box(lang)
    st.sidebar.text_input(t("app.learner", lang), key=state.LEARNER, max_chars=40,
                          placeholder=t("app.learner_placeholder", lang))
    name = (st.session_state.get(state.LEARNER) or "").strip()
    if not progress_note(lang):
        problem = store_problem()
        if not isinstance(problem, StoreReadOnly):
            return None
    if name and _locked_name(name):
        _password_form(lang, name)
        return None
    if not name:
        st.sidebar.caption(t("app.no_learner", lang))
        return None
    learner = current_learner()
    if learner is None:
        try:
            store().learner(name)
        except (StoreReadOnly, StoreBusy, StoreUnavailable):
            pass  # already said above (read-only: a new name cannot be created)
        except ProgressError as exc:
            show_error(str(exc), where=st.sidebar)
        return None
    st.sidebar.caption(t("app.learner_saved", lang, name=learner.name))
    if not learner.has_password:
        _protect_form(lang, learner)
    return learner


# -- accounts (issue 14) -----------------------------------------------------------------------
#: The session's login token (the database keeps only its hash; it lasts until it expires).
AUTH_TOKEN = state.AUTH_TOKEN
_AUTH_ERROR = state.AUTH_ERROR


def logged_in() -> Learner | None:
    """The learner this browser session logged in as, or None (no login, or it expired)."""
    token = st.session_state.get(AUTH_TOKEN)
    if not token:
        return None
    try:
        learner = store().session_learner(str(token))
    except ProgressError:
        return None
    if learner is None:
        st.session_state.pop(AUTH_TOKEN, None)
    return learner


def _locked(db: ProgressStore, name: str) -> bool:
    try:
        found = db.find_learner(name)
    except ProgressError:
        return False
    if found is None or not found.has_password:
        return False
    me = logged_in()
    return me is None or me.id != found.id


def _locked_name(name: str) -> bool:
    try:
        return _locked(store(), name)
    except ProgressError:
        return False


def _do_login(name_key_: str, password_key: str) -> None:
    """Callback: log in with the name and password typed (the password box is emptied at once)."""
    name = (st.session_state.get(name_key_) or "").strip()
    password = st.session_state.get(password_key) or ""
    st.session_state[password_key] = ""
    lang = current_lang()
    try:
        token = store().login(name, password)
    except LoginThrottled as exc:
        st.session_state[_AUTH_ERROR] = t("account.throttled", lang, time=exc.until.strftime("%H:%M:%S"))
        return
    except LoginFailed:
        st.session_state[_AUTH_ERROR] = t("account.wrong", lang)
        return
    except ProgressError as exc:
        st.session_state[_AUTH_ERROR] = store_message(exc, lang)
        return
    st.session_state[AUTH_TOKEN] = token
    st.session_state[state.LEARNER] = name
    st.session_state.pop(state.LEARNER_CACHE, None)


def _do_create(name_key_: str, password_key: str) -> None:
    """Callback: a new account with a password (on a server that requires logins)."""
    name = (st.session_state.get(name_key_) or "").strip()
    password = st.session_state.get(password_key) or ""
    lang = current_lang()
    try:
        db = store()
        if db.find_learner(name) is not None:
            st.session_state[password_key] = ""
            st.session_state[_AUTH_ERROR] = t("account.name_taken", lang, name=name)
            return
        if len(password) < MIN_PASSWORD:
            st.session_state[_AUTH_ERROR] = t("account.password_short", lang, n=MIN_PASSWORD)
            return
        learner = db.learner(name)
        db.set_password(learner.id, password)
    except ProgressError as exc:
        st.session_state[_AUTH_ERROR] = store_message(exc, lang)
        return
    _do_login(name_key_, password_key)


def _do_logout() -> None:
    token = st.session_state.pop(AUTH_TOKEN, None)
    if token:
        try:
            store().logout(str(token))
        except ProgressError:
            pass
    st.session_state[state.LEARNER] = ""
    st.session_state.pop(state.LEARNER_CACHE, None)


def _show_auth_error() -> None:
    if err := st.session_state.pop(_AUTH_ERROR, None):
        show_error(str(err), where=st.sidebar)


def _login_box(lang: str) -> Learner | None:
    """The sidebar of a server that requires logins: log in (or create an account), or who is
    logged in and a way out."""
    if not progress_note(lang):
        return None
    me = logged_in()
    if me is not None:
        st.sidebar.caption(t("account.logged_in", lang, name=me.name))
        st.sidebar.button(t("account.logout", lang), key=state.AUTH_LOGOUT, on_click=_do_logout)
        return me
    st.sidebar.caption(t("account.login_needed", lang))
    st.sidebar.text_input(t("app.learner", lang), key=state.AUTH_NAME, max_chars=40)
    st.sidebar.text_input(t("account.password", lang), key=state.AUTH_PASSWORD, type="password", max_chars=200)
    c1, c2 = st.sidebar.columns(2)
    c1.button(t("account.login", lang), key=state.AUTH_LOGIN, on_click=_do_login, args=(state.AUTH_NAME, state.AUTH_PASSWORD))
    c2.button(t("account.create", lang), key=state.AUTH_CREATE, on_click=_do_create,
              args=(state.AUTH_NAME, state.AUTH_PASSWORD))
    _show_auth_error()
    return None


def _password_form(lang: str, name: str) -> None:
    """A name that has a password, on one machine: log in with it to use the name."""
    st.sidebar.caption(t("account.has_password", lang, name=name))
    st.sidebar.text_input(t("account.password", lang), key=state.AUTH_PASSWORD, type="password", max_chars=200)
    st.sidebar.button(t("account.login", lang), key=state.AUTH_LOGIN, on_click=_do_login,
                      args=(state.LEARNER, state.AUTH_PASSWORD))
    _show_auth_error()


def _set_password(learner_id: int) -> None:
    password = st.session_state.get(state.AUTH_NEW_PASSWORD) or ""
    st.session_state[state.AUTH_NEW_PASSWORD] = ""
    lang = current_lang()
    try:
        db = store()
        db.set_password(learner_id, password)
        name = db.learner_by_id(learner_id).name
        st.session_state[AUTH_TOKEN] = db.login(name, password)
        st.session_state.pop(state.LEARNER_CACHE, None)
        st.session_state[state.AUTH_SAVED] = True
    except PasswordError:
        st.session_state[_AUTH_ERROR] = t("account.password_short", lang, n=MIN_PASSWORD)
    except ProgressError as exc:
        st.session_state[_AUTH_ERROR] = store_message(exc, lang)


def _protect_form(lang: str, learner: Learner) -> None:
    """On one machine a password is optional: offered, folded away."""
    if st.session_state.pop(state.AUTH_SAVED, False):
        st.sidebar.caption(t("account.password_set", lang))
    with st.sidebar.expander(t("account.protect", lang)):
        st.text_input(t("account.password", lang), key=state.AUTH_NEW_PASSWORD, type="password", max_chars=200)
        st.button(t("account.set_password", lang), key=state.AUTH_SET, on_click=_set_password, args=(learner.id,))
    _show_auth_error()


def teacher_gate(lang: str) -> bool:
    """Whether the page may be shown: always on one machine; on a server that requires logins,
    only to a logged-in teacher (the Workshop, the problem reports, the class pages)."""
    if not auth_required():
        return True
    me = logged_in()
    if me is not None and me.is_teacher:
        return True
    show_warning(t("account.teachers_only", lang))
    return False
# --------------------------------------------------------------------------------------------------
# Sources by their names, and words of the other language marked as such: built in one place,
# tutor.content.sources (the pages import them from here too).
