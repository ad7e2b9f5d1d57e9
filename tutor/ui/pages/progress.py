"""progress page (thin script): the logic is in tutor.ui.progress_page."""

from tutor.ui.progress_page import show

show()
