"""What every page draws with: the app's styles (the pictures', the deck's colours, the phone
layout) and the HTML built by :mod:`tutor.render`.

The rest of what pages share has a module named for it: the language (:mod:`tutor.ui.lang`),
the progress store (:mod:`tutor.ui.store_access`), who the learner is (:mod:`tutor.ui.learner`)
and the account box (:mod:`tutor.ui.account`).
"""

from __future__ import annotations

import streamlit as st

from tutor.render import CSS, deck_css
from tutor.ui import state

__all__ = ["APP_CSS", "inject_css", "show_html"]


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
