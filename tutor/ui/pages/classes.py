"""classes page (thin script): the logic is in tutor.ui.classes."""

from tutor.ui.classes import show

show()
