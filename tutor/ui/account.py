"""The sidebar's account box: a name typed (on one machine), or a login with a password (on a
server with ``WHIST_TUTOR_AUTH=required``), the school's own sign-in when ``secrets.toml`` has an
``[auth]`` section (:mod:`tutor.ui.school`), creating an account, logging out, setting a
password, and the gate of the teachers' pages. A password login is kept over a reload by a
cookie (:mod:`tutor.ui.session_cookie`).

Who is logged in is read by :mod:`tutor.ui.learner`; this module holds the forms and their
callbacks, which only the sidebar (:mod:`tutor.ui.shell`) and the teachers' pages draw.
"""

from __future__ import annotations

import streamlit as st

from tutor.accounts import MIN_PASSWORD, PasswordError, auth_required
from tutor.i18n import t
from tutor.locale_fmt import count, listing
from tutor.progress import (
    BrowserWork,
    Learner,
    LoginFailed,
    LoginThrottled,
    ProgressError,
    StoreBusy,
    StoreReadOnly,
    StoreUnavailable,
)
from tutor.ui import state
from tutor.ui.alerts import show_error, show_info, show_success, show_warning
from tutor.ui.lang import current_lang
from tutor.ui.learner import (
    AUTH_TOKEN,
    current_learner,
    leave_browser_work,
    logged_in,
    name_locked,
    take_browser_work,
)
from tutor.ui.school import school_learner, sign_in_buttons, sign_out
from tutor.ui.store_access import progress_note, store, store_message, store_problem
from tutor.vocab import Lang

__all__ = ["learner_box", "browser_work_box", "work_words", "teacher_gate", "client_address"]

_AUTH_ERROR = state.AUTH_ERROR


def client_address() -> str | None:
    """The browser's address (``st.context.ip_address``), by which wrong passwords are counted
    besides the name; None when unknown (a test, a proxy that hides it: one shared count)."""
    try:
        address = st.context.ip_address
    except Exception:  # noqa: BLE001 -- no browser context outside a real session
        return None
    return str(address) if address else None


def learner_box(lang: Lang) -> Learner | None:
    """The sidebar name box: a learner picks or creates a name; a name with a password (and
    every name, on a server with ``WHIST_TUTOR_AUTH=required``) is used only after logging in."""
    me = logged_in()  # first: a login kept over a reload sets the name before its box is drawn
    if auth_required():
        return _login_box(lang)
    if me is not None and school_learner() is not None:
        return _signed_in(lang, me)
    if sign_in_buttons(lang):
        st.sidebar.caption(t("account.or_a_name", lang))
    # no list and no completion of the names kept here (issue 23): a name typed that exists is used
    st.sidebar.text_input(t("app.learner", lang), key=state.LEARNER, max_chars=40, autocomplete="off",
                          placeholder=t("app.learner_placeholder", lang))
    name = (st.session_state.get(state.LEARNER) or "").strip()
    if not progress_note(lang):
        problem = store_problem()
        if not isinstance(problem, StoreReadOnly):
            return None
    if name and name_locked(name):
        _password_form(lang, name)
        return None
    if not name:
        st.sidebar.caption(t("app.no_learner", lang))  # what is done is kept for this browser till then
        return None
    learner = current_learner()
    if learner is None:
        try:
            store().learner(name)
        except (StoreReadOnly, StoreBusy, StoreUnavailable):
            pass  # already said above (read-only: a new name cannot be created)
        except ProgressError as exc:
            show_error(store_message(exc, lang), where=st.sidebar)
        return None
    st.sidebar.caption(t("app.learner_saved", lang, name=learner.name))
    if not learner.has_password:
        _protect_form(lang, learner)
    return learner


def work_words(work: BrowserWork, lang: Lang) -> str:
    """What a browser kept, in words: «5 ответов, 2 урока и 1 день ежедневной задачи»."""
    parts = [(work.answers, "answers"), (work.lessons, "lessons"), (work.daily_days, "days"), (work.drafts, "drafts")]
    return listing([count(n, {form: t(f"browser.{noun}.{form}", lang) for form in ("one", "few", "many", "other")},
                          lang) for n, noun in parts if n], lang)


def browser_work_box(lang: Lang) -> None:
    """On the page (once): what this browser's unnamed work added to the learner just named
    (once), or -- for work kept from an earlier visit, perhaps another person's at a shared
    computer -- the question whether it is his."""
    current_learner()  # naming or logging in claims (or offers) the browser's work
    if gained := st.session_state.pop(state.BROWSER_GAINED, None):
        # on the page, not in the menu: on a phone the menu closes once the name is typed
        show_success(t("browser.gained", lang, what=work_words(gained, lang)))
    if err := st.session_state.pop(state.BROWSER_ERROR, None):
        show_error(store_message(err, lang), where=st.sidebar)
    offer = st.session_state.get(state.BROWSER_OFFER)
    if offer is None:
        return
    show_info(t("browser.offer", lang, what=work_words(offer[2], lang)), where=st.sidebar)
    c1, c2 = st.sidebar.columns(2)
    c1.button(t("browser.take", lang), key=state.BROWSER_TAKE, on_click=take_browser_work, type="primary")
    c2.button(t("browser.leave", lang), key=state.BROWSER_LEAVE, on_click=leave_browser_work)


def _do_login(name_key_: str, password_key: str) -> None:
    """Callback: log in with the name and password typed (the password box is emptied at once)."""
    name = (st.session_state.get(name_key_) or "").strip()
    password = st.session_state.get(password_key) or ""
    st.session_state[password_key] = ""
    lang = current_lang()
    try:
        token = store().login(name, password, client=client_address())
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


def _login_box(lang: Lang) -> Learner | None:
    """The sidebar of a server that requires logins: log in (or create an account), or who is
    logged in and a way out."""
    if not progress_note(lang):
        return None
    me = logged_in()
    if me is not None:
        if school_learner() is not None:
            return _signed_in(lang, me)
        st.sidebar.caption(t("account.logged_in", lang, name=me.name))
        st.sidebar.button(t("account.logout", lang), key=state.AUTH_LOGOUT, on_click=_do_logout)
        return me
    st.sidebar.caption(t("account.login_needed", lang))
    if sign_in_buttons(lang):
        st.sidebar.caption(t("account.or_a_password", lang))
    st.sidebar.text_input(t("app.learner", lang), key=state.AUTH_NAME, max_chars=40, autocomplete="off")
    st.sidebar.text_input(t("account.password", lang), key=state.AUTH_PASSWORD, type="password", max_chars=200)
    # one above the other, each the sidebar's width: side by side, "Create account" was cut to
    # "Create acco…" (defect 35), and «Создать учётную запись» is longer still
    st.sidebar.button(t("account.login", lang), key=state.AUTH_LOGIN, on_click=_do_login,
                      args=(state.AUTH_NAME, state.AUTH_PASSWORD), type="primary", width="stretch")
    st.sidebar.button(t("account.create", lang), key=state.AUTH_CREATE, on_click=_do_create,
                      args=(state.AUTH_NAME, state.AUTH_PASSWORD), width="stretch")
    _show_auth_error()
    return None


def _signed_in(lang: Lang, me: Learner) -> Learner:
    """Who is signed in with a school account, and the way out (the provider's too)."""
    st.sidebar.caption(t("account.school_signed_in", lang, name=me.name))
    st.sidebar.button(t("account.school_signout", lang), key=state.SCHOOL_SIGNOUT, on_click=sign_out)
    return me


def _password_form(lang: Lang, name: str) -> None:
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
        st.session_state[AUTH_TOKEN] = db.login(name, password, client=client_address())
        st.session_state.pop(state.LEARNER_CACHE, None)
        st.session_state[state.AUTH_SAVED] = True
    except PasswordError:
        st.session_state[_AUTH_ERROR] = t("account.password_short", lang, n=MIN_PASSWORD)
    except ProgressError as exc:
        st.session_state[_AUTH_ERROR] = store_message(exc, lang)


def _protect_form(lang: Lang, learner: Learner) -> None:
    """On one machine a password is optional: offered, folded away."""
    if st.session_state.pop(state.AUTH_SAVED, False):
        st.sidebar.caption(t("account.password_set", lang))
    with st.sidebar.expander(t("account.protect", lang)):
        st.text_input(t("account.password", lang), key=state.AUTH_NEW_PASSWORD, type="password", max_chars=200)
        st.button(t("account.set_password", lang), key=state.AUTH_SET, on_click=_set_password, args=(learner.id,))
    _show_auth_error()


def teacher_gate(lang: Lang, title_key: str) -> bool:
    """Whether the page may be shown: always on one machine; on a server that requires logins,
    only to a logged-in teacher (the Workshop, the problem reports, the class pages). Refused,
    the page still has its heading (``title_key``), and says how a teacher's account is made:
    a teacher who cannot find that stops here (walkthrough defects 9 and 36)."""
    if not auth_required():
        return True
    me = logged_in()
    if me is not None and me.is_teacher:
        return True
    st.title(t(title_key, lang))
    show_warning(t("account.teachers_only", lang))
    st.markdown(t("account.first_teacher", lang))
    return False
