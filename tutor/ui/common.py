"""What every page draws with: the app's styles (the pictures', the deck's colours, the phone
layout) and the HTML built by :mod:`tutor.render`.

The rest of what pages share has a module named for it: the language (:mod:`tutor.ui.lang`),
the progress store (:mod:`tutor.ui.store_access`), who the learner is (:mod:`tutor.ui.learner`)
and the account box (:mod:`tutor.ui.account`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import streamlit as st

from tutor.render import CSS, deck_css
from tutor.ui import state

__all__ = ["APP_CSS", "inject_css", "show_html", "open_tabs"]


#: The app's own CSS beyond the pictures: nothing wider than a phone's screen (360-430 px), and
#: text contrast at WCAG AA for the captions Streamlit fades to 60 % (2.98:1 on white; at 80 %
#: the theme's own text colour keeps over 4.5:1, in the light and the dark theme alike).
APP_CSS = """
[data-testid="stCaptionContainer"] { opacity: .8 !important; }
.wt-narrow { display: none; }
.wt-robots ul { margin: 0 0 .3rem; padding-left: 1.1rem; }
.wt-robots li { margin: .1rem 0; }
.wt-robots-title { font-weight: 600; }
.wt-last-line { font-size: .85rem; }
[data-testid="stExpandSidebarButton"], [data-testid="stSidebarCollapseButton"] button {
  min-width: 44px; min-height: 44px; }
[data-testid="stMarkdownContainer"] table { max-width: 100%; }
.stHtml, [data-testid="stHtml"] { max-width: 100%; overflow-x: auto; }
@media (max-width: 640px) {
  [data-testid="stMainBlockContainer"] { padding-left: .75rem; padding-right: .75rem; }
  [data-testid="stMarkdownContainer"] { overflow-wrap: anywhere; }
  [data-testid="stHorizontalBlock"] { flex-wrap: wrap; }
  [data-testid="stTable"], [data-testid="stDataFrame"] { max-width: 100%; overflow-x: auto; }
  /* a suit stays on its line where it can (tighter spacing), and a suit too long for its box
     goes on under its ranks, not under the suit sign (defect 21: «♥ Т 8 5 4 3 / 2») */
  .wt-hand { overflow-wrap: normal !important; }
  .wt-hand > div { word-spacing: -.18em; padding-left: 1.1em; text-indent: -1.1em; }
  /* the phone's Play turn in one screen (issue 24 point 3): compact pictures and feedback */
  .wt-wide { display: none; }
  .wt-narrow { display: block; }
  .wt-robots { font-size: .85rem; }
  .wt-robots ul { list-style: none; padding-left: 0; }
  .wt-robot summary { cursor: pointer; }
  [data-testid="stAlertContainer"] { padding: .5rem .75rem; font-size: .9rem; }
  h1 { font-size: 1.7rem !important; padding-top: .5rem !important; }
  .st-key-wt-play-area { gap: .35rem; }
  .st-key-wt-play-area .wt-table { margin: 0; }
  .st-key-wt-play-area .wt-me .wt-seat-name + .wt-seat-name { display: none; }
  .st-key-wt-play-area .wt-center { min-height: 0; }
  /* the trick: the side cards overhang the short middle row (the corners are empty) */
  .st-key-wt-play-area .wt-trick { grid-template-rows: 2.9rem 1.3rem 2.9rem; padding: .1rem 0; }
  .st-key-wt-play-area .wt-seat .wt-seat-name, .st-key-wt-play-area .wt-seat .wt-count { display: inline; }
  .st-key-wt-play-area .wt-seat .wt-count::before { content: " · "; }
  .st-key-wt-play-area [data-testid="stAlertContainer"] { font-size: .85rem; padding: .35rem .6rem; }
  .st-key-wt-play-area [data-testid="stMarkdownContainer"] p { font-size: .9rem; }
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


def open_tabs(key: str, tabs: Sequence[tuple[str, Callable[[], None]]]) -> int:
    """Tabs, each a label and what draws it, whose open one lives in the session under ``key``;
    only the open tab is drawn, and its index is returned. A click on a tab reruns the page, so a
    new tab of the browser waits for one tab's widgets, not all of them (issue 24: the Rules page
    drew four); the open tab also outlives a rerun while typing (issue 12). A label the session no
    longer knows (a new session, or the language changed) opens the first tab. The widgets of a
    tab not drawn keep their values by ``persist_state``."""
    labels = [label for label, _ in tabs]
    if st.session_state.get(key) not in labels:
        st.session_state.pop(key, None)
    for i, (box, (_, draw)) in enumerate(zip(st.tabs(labels, key=key, on_change="rerun"), tabs, strict=True)):
        if box.open:
            with box:
                draw()
            return i
    return 0  # not reached: a tracked tab set always has one open
