"""daily page (thin script): the logic is in tutor.ui.daily."""

from tutor.ui.daily import show

show()
