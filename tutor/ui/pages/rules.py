"""rules page (thin script): the logic is in tutor.ui.rules."""

from tutor.ui.rules import show

show()
