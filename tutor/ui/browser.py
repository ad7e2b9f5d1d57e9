"""This browser's anonymous key: whose work it is while no learner is named -- the answers, lessons
and daily streak kept in the store under the browser's own row (:mod:`tutor.progress.browsers`)
and the drafts (:mod:`tutor.ui.drafts`).

The key is made at the browser's first answer or draft (a visitor who never wrote gets none) and
kept two ways: in the page's address (``?browser=…``, so a reload finds it, as drafts always did)
and in a cookie of this site (``SameSite=Strict``, a year), so a new tab -- or the app opened again
from a bookmark -- is the same browser. The cookie wins over an address: a link carrying someone
else's key (a learner shares the page's address) does not make this browser his; the store keeps
only the key's hash. Claimed work moves to the learner and the browser gets a fresh key
(:func:`rotate_browser_key`).
"""

from __future__ import annotations

import re
import secrets
from typing import TypeGuard

import streamlit as st

from tutor.ui import state
from tutor.ui.session_cookie import cookie_value, set_cookie_script

__all__ = ["BROWSER_PARAM", "BROWSER_COOKIE", "new_browser_key", "browser_key", "known_browser_key",
           "keep_browser_key", "rotate_browser_key", "sync_browser_cookie"]

#: The URL query parameter that carries this browser's anonymous key.
BROWSER_PARAM = "browser"
#: The cookie that keeps it for the whole browser.
BROWSER_COOKIE = "whist_browser"
#: How long the cookie lasts: a year (a learner may come back after the summer).
_COOKIE_AGE = 365 * 24 * 3600
_KEY = re.compile(r"[A-Za-z0-9_-]{8,64}")


def new_browser_key() -> str:
    """A fresh anonymous key: 96 random bits, URL-safe (16 characters)."""
    return secrets.token_urlsafe(12)


def _valid(key: object) -> TypeGuard[str]:
    return isinstance(key, str) and bool(_KEY.fullmatch(key))


def _found() -> str | None:
    """The key this session holds, else this browser's cookie, else the address's; None if none."""
    key = st.session_state.get(state.BROWSER_KEY)
    if _valid(key):
        return key
    for candidate in (cookie_value(BROWSER_COOKIE, _KEY), st.query_params.get(BROWSER_PARAM)):
        if _valid(candidate):
            st.session_state[state.BROWSER_KEY] = candidate
            return candidate
    return None


def known_browser_key() -> str | None:
    """This browser's key when it has one (never makes one): whose unnamed work to look for."""
    key = _found()
    if key is not None and st.query_params.get(BROWSER_PARAM) != key:
        st.query_params[BROWSER_PARAM] = key
    return key


def browser_key() -> str:
    """This browser's key, made anew when it has none; written back to the URL whenever the URL
    lost it (a page switch may drop query parameters)."""
    key = known_browser_key()
    if key is None:
        key = new_browser_key()
        st.session_state[state.BROWSER_KEY] = key
        st.query_params[BROWSER_PARAM] = key
    return key


def keep_browser_key() -> None:
    """Every page: once this browser has a key, keep it in the URL, so a reload on any page (not
    only where drafts are written) still finds its work. A visitor who never wrote gets none."""
    known_browser_key()


def rotate_browser_key() -> str:
    """A fresh key for this browser, once its work became a learner's (or was left to whoever it
    belongs to): a link copied from here later carries a key that never held anyone's work."""
    key = new_browser_key()
    st.session_state[state.BROWSER_KEY] = key
    st.query_params[BROWSER_PARAM] = key
    return key


def sync_browser_cookie() -> None:
    """Make the browser's cookie hold this session's key: nothing is drawn while the cookie it
    sent is already right (or there is no key yet)."""
    key = st.session_state.get(state.BROWSER_KEY)
    if not _valid(key):
        return
    if key == cookie_value(BROWSER_COOKIE, _KEY) and state.BROWSER_COOKIE_HELD not in st.session_state:
        return
    st.html(set_cookie_script(BROWSER_COOKIE, key, _COOKIE_AGE), unsafe_allow_javascript=True)
    st.session_state[state.BROWSER_COOKIE_HELD] = key
