"""Every session-state key is named in ``tutor/ui/state.py`` (its docstring's promise).

Streamlit's session state is one flat dict for all pages: a key spelled by hand in a page can
collide with another page's or drift from the test that drives it (design review §3.2, §4).
"""

from __future__ import annotations

import re
from pathlib import Path

from tutor.ui import state

UI = Path(__file__).resolve().parents[1] / "tutor" / "ui"
APP = Path(__file__).resolve().parents[1] / "app.py"

#: A key spelled as text where a widget is made or the session state is read or written. An
#: f-string that starts from a variable (``f"{key}:opened"``) is a part keyed from a given key.
_TEXT = r"""f?["'](?!\{)"""
KEY_LITERAL = re.compile(
    rf"""\bkey={_TEXT}"""
    rf"""|session_state\s*\[\s*{_TEXT}"""
    rf"""|session_state\.(?:get|pop|setdefault)\(\s*{_TEXT}"""
    r"""|["'][^"']*["']\s+(?:not\s+)?in\s+st\.session_state"""
)


def _literals(path: Path) -> list[str]:
    return [f"{path.name}:{n}: {line.strip()}" for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
            if KEY_LITERAL.search(line)]


def test_no_session_state_key_is_spelled_outside_state_py() -> None:
    found = [hit for p in sorted(UI.rglob("*.py")) if p.name != "state.py" for hit in _literals(p)]
    found += _literals(APP)
    assert found == []


def test_the_key_finder_sees_a_key_spelled_by_hand() -> None:
    """The check above would fail on the old pages: a literal key is found."""
    for line in ('st.button("x", key="auth_login")', 'st.session_state["class_pick"] = 1',
                 'st.session_state.get("workshop_count")', 'if "auth_saved" in st.session_state:'):
        assert KEY_LITERAL.search(line), line
    assert not KEY_LITERAL.search("st.button('x', key=state.AUTH_LOGIN)")
    assert not KEY_LITERAL.search('st.session_state.pop(f"{key}:opened", False)')


def test_every_key_name_in_state_is_unique() -> None:
    """Two names for one key text would be two pages sharing a widget's value by accident."""
    values = [v for k, v in vars(state).items() if k.isupper() and isinstance(v, str)]
    assert len(values) == len(set(values)), sorted(v for v in values if values.count(v) > 1)
