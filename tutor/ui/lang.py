"""The session's language: picked in the sidebar, else the browser's locale, kept across a reload.

Every page starts from :func:`current_lang` (or writes its texts with :func:`tr`); the sidebar
switch (:func:`language_switch`) is the one place it changes.
"""

from __future__ import annotations

import streamlit as st

from tutor.i18n import LANGS, language_for_locale, t
from tutor.ui import state
from tutor.vocab import DEFAULT_LANG, Lang, VocabularyError, parse_lang

__all__ = ["LANG_PARAM", "NAMES", "SWITCH_KEY", "init_lang", "current_lang", "tr", "language_switch"]

#: The URL query parameter that keeps a language picked in the sidebar across a reload.
LANG_PARAM = "lang"


def _lang_or_none(value: object) -> Lang | None:
    """A language read by :func:`tutor.vocab.parse_lang` from the URL or the session state, or
    None: a stale or typed-in ``?lang=de`` is no error, the page falls back to the locale."""
    if value is None:
        return None
    try:
        return parse_lang(value)
    except VocabularyError:
        return None


def init_lang() -> Lang:
    """The language of this session: picked in the sidebar (this session, or before a reload:
    then it is in the URL as ``?lang=``), else the browser's locale.

    Until the learner picks, the locale is read again on every run: the browser does not always
    report it on a session's very first run, and a default taken then must not stick.
    """
    if not st.session_state.get(state.LANG_CHOSEN):
        param = _lang_or_none(st.query_params.get(LANG_PARAM))
        if param is not None:
            st.session_state[state.LANG] = param
            st.session_state[state.LANG_CHOSEN] = True
        else:
            try:
                locale = st.context.locale
            except Exception:  # noqa: BLE001 - no browser context (bare script run): use the default
                locale = None
            if locale or _lang_or_none(st.session_state.get(state.LANG)) is None:
                st.session_state[state.LANG] = language_for_locale(locale)
    return _lang_or_none(st.session_state.get(state.LANG)) or DEFAULT_LANG  # set just above, to one of LANGS


def current_lang() -> Lang:
    lang = _lang_or_none(st.session_state.get(state.LANG))
    return lang if lang is not None else init_lang()


def tr(key: str, **fmt: object) -> str:
    """``t`` in the session's language."""
    return t(key, current_lang(), **fmt)


#: The session-state key of the sidebar's language button (one button per other language: the
#: key ends with that language's code).
SWITCH_KEY = "lang_switch"
#: Each language's name in itself: the button that switches to it is named so, whatever the
#: page's language, as a reader who needs it would look for it.
NAMES: dict[Lang, str] = {"en": "English", "ru": "Русский"}


def _switch_to(lang: Lang) -> None:
    st.session_state[state.LANG] = lang
    st.session_state[state.LANG_CHOSEN] = True


def language_switch() -> Lang:
    """The sidebar language switch; returns the language now in force.

    A button names each other language in itself (issue 24: a select box was the costliest
    widget a new tab drew, some 0.1 s of every page's first load, bench/bench_pages_locale.py,
    for a choice of two). The browser's locale decides only until the learner picks a language
    here; from then on the pick wins -- on every page, and after a reload, since it is also kept
    in the URL."""
    lang = init_lang()
    for other in LANGS:
        if other != lang:
            st.sidebar.button(NAMES[other], key=f"{SWITCH_KEY}_{other}", icon=":material/translate:",
                              on_click=_switch_to, args=(other,))
    lang = current_lang()
    if st.session_state.get(state.LANG_CHOSEN) and st.query_params.get(LANG_PARAM) != lang:
        st.query_params[LANG_PARAM] = lang
    return lang
