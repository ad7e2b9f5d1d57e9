"""workshop page (thin script): the logic is in tutor.ui.workshop. On a server that requires
logins it is for teachers only (it shows the problem reports learners send)."""

from tutor.ui.account import teacher_gate
from tutor.ui.lang import current_lang
from tutor.ui.workshop import show

if teacher_gate(current_lang(), "nav.workshop"):
    show()
