"""puzzles page (thin script): the logic is in tutor.ui.puzzles."""

from tutor.ui.puzzles import show

show()
