""""Next puzzle" on the Puzzles page (issue 12, "Fast"): the learner's next puzzle is chosen when
he clicks, not on every run of the page (it reads his history from the store)."""

from __future__ import annotations

import pytest

from appkit import open_page, start
from tutor.ui.state import widget_key


@pytest.fixture
def calls(monkeypatch):
    """Counts the calls of the next-puzzle choice the Puzzles page makes."""
    import tutor.ui.puzzles as puzzles

    seen: list[str] = []
    real = puzzles.suggested_next

    def counted(learner, chosen, current):  # type: ignore[no-untyped-def]
        seen.append(current)
        return real(learner, chosen, current)

    monkeypatch.setattr(puzzles, "suggested_next", counted)
    return seen


def test_the_next_puzzle_is_chosen_only_when_next_is_clicked(app_env, calls):
    at = start("en", learner="Ann")
    open_page(at, "puzzles")
    at.selectbox(key="puzzle").set_value("king-fourth-lead").run()
    assert calls == [], "chosen on a page run nobody asked for it"
    at.button(key=widget_key("puzzles", "king-fourth-lead", "card-S2")).click().run()
    assert calls == []
    at.button(key="puzzle_next").click().run()
    assert not at.exception
    assert calls == ["king-fourth-lead"]
    assert at.session_state["puzzle"] == "follow-hearts"
    assert at.button(key=widget_key("puzzles", "follow-hearts", "card-HQ")) is not None
