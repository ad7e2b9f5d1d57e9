"""maxims page (thin script): the logic is in tutor.ui.maxims."""

from tutor.ui.maxims import show

show()
