"""review page (thin script): the logic is in tutor.ui.review_page."""

from tutor.ui.review_page import render

render()
