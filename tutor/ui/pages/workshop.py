"""workshop page (thin script): the logic is in tutor.ui.workshop. On a server that requires
logins it is for teachers only (it shows the problem reports learners send)."""

from tutor.ui.common import current_lang, teacher_gate
from tutor.ui.workshop import show

if teacher_gate(current_lang()):
    show()
