"""A password login that survives a reload: the session token kept in a cookie of this site.

Streamlit keeps a session's state on the server only, and a reload (or a new tab on a link) is a
new session: before, it was logged out. Now the token the store gave at login (the database
keeps only its hash, :mod:`tutor.accounts`) is written from the page into a cookie --
``SameSite=Strict`` (never sent by another site's link or form), ``path=/``, ``Secure`` over
HTTPS, lasting as long as the session itself -- and read back when a new session starts
(``st.context.cookies``, what the browser sent when the tab opened). The store decides, as for
every token: an expired or revoked one (logged out, password changed, learner deleted) is
refused, and the page clears the cookie. Logging out clears it too.

The cookie is written by the page's script, so it cannot be ``HttpOnly``: a script running in
the page could read it. The app runs no script of anyone else's (learner-visible text is
escaped and stripped of images and links out, issue 23); the school's sign-in (OpenID) uses
Streamlit's own signed ``HttpOnly`` cookie instead.
"""

from __future__ import annotations

import json
import re

import streamlit as st

from tutor.accounts import SESSION_TTL
from tutor.ui import state

__all__ = ["COOKIE", "browser_token", "sync_cookie", "cookie_script", "cookie_value", "set_cookie_script"]

#: The cookie's name.
COOKIE = "whist_session"
_TOKEN = re.compile(r"[A-Za-z0-9_-]{20,100}")


def cookie_value(name: str, pattern: re.Pattern[str]) -> str:
    """The cookie ``name`` as the browser sent it when this session began, if it matches
    ``pattern`` ("" when none or unusable)."""
    try:
        value = st.context.cookies.get(name)
    except Exception:  # noqa: BLE001 -- no browser context (a test, a bot)
        return ""
    return value if isinstance(value, str) and pattern.fullmatch(value) else ""


def _sent() -> str:
    """The login cookie as the browser sent it when this session began ("" when none or unusable)."""
    return cookie_value(COOKIE, _TOKEN)


def browser_token() -> str:
    """The token this browser kept from an earlier session, once per session ("" after the
    first call, and always after a logout in this session: the cookie sent at the start is
    stale by then)."""
    if st.session_state.get(state.AUTH_COOKIE_READ):
        return ""
    st.session_state[state.AUTH_COOKIE_READ] = True
    return _sent()


def set_cookie_script(name: str, value: str, max_age: int) -> str:
    """The page's script that keeps ``value`` in the cookie ``name`` for ``max_age`` seconds
    (0 clears it): ``SameSite=Strict``, ``path=/``, ``Secure`` over HTTPS. ``value`` is one of
    the app's own tokens or keys (URL-safe characters), never text from a user."""
    if not re.fullmatch(r"[A-Za-z0-9_-]*", value):
        raise ValueError("a cookie here holds only URL-safe characters")
    text = json.dumps(f"{name}={value}; Max-Age={max_age}; Path=/; SameSite=Strict")
    return f"<script>document.cookie = {text} + (location.protocol === 'https:' ? '; Secure' : '');</script>"


def cookie_script(token: str) -> str:
    """The page's script that keeps ``token`` in the cookie ("" clears it)."""
    if token and not _TOKEN.fullmatch(token):
        raise ValueError("not a session token")
    return set_cookie_script(COOKIE, token, int(SESSION_TTL.total_seconds()) if token else 0)


def sync_cookie() -> None:
    """Make the browser's cookie hold this session's token (or nothing once logged out): nothing
    is drawn while the cookie the browser sent is already right."""
    st.session_state[state.AUTH_COOKIE_READ] = True  # from here on the session's own login decides
    want = str(st.session_state.get(state.AUTH_TOKEN) or "")
    if want == _sent() and state.AUTH_COOKIE_HELD not in st.session_state:
        return
    # drawn on every run from the first change on: the same script stays on the page (run once),
    # a changed one (logged out, in again) runs anew
    st.html(cookie_script(want), unsafe_allow_javascript=True)
    st.session_state[state.AUTH_COOKIE_HELD] = want
