"""workshop page (thin script): the logic is in tutor.ui.workshop."""

from tutor.ui.workshop import show

show()
