"""learn page (thin script): the logic is in tutor.ui.learn."""

from tutor.ui.learn import show

show()
