"""The app's frame: page config, language switch, learner box, and the navigation."""

from __future__ import annotations

import streamlit as st

from tutor.i18n import t
from tutor.ui.cardpick import deck_toggle
from tutor.ui.common import inject_css, language_switch, learner_box
from tutor.ui.drafts import keep_browser_key
from tutor.ui.nav import available_pages

__all__ = ["main"]


def main() -> None:
    """Run one script pass: sidebar first (so every page sees the language), then the page."""
    st.set_page_config(page_title="Whist Tutor", page_icon="♠", layout="wide")
    lang = language_switch()
    inject_css()
    pages = [
        st.Page(str(spec.script), title=t(spec.title_key, lang), icon=spec.icon, url_path=spec.key,
                default=spec.default)
        for spec in available_pages()
    ]
    nav = st.navigation(pages)
    keep_browser_key()
    learner_box(lang)
    deck_toggle(lang)
    st.sidebar.caption(t("app.tagline", lang))
    nav.run()
