"""play page (thin script): the logic is in tutor.ui.play_page."""

from tutor.ui.play_page import render

render()
