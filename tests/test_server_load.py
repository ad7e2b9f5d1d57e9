"""Light on the server (issue 24 point 7): what a click must not cost. Each test names work the
server did on every click before -- measured by bench/bench_load.py, which gives the figures
(server CPU per card click by page, and 10 and 30 learners at once)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from appkit import write_content
from tutor.progress import ProgressStore
from tutor.session import Session, SessionOptions

ROOT = Path(__file__).resolve().parents[1]
PW = "correct horse battery"


def test_the_server_collects_no_garbage_after_each_run_and_watches_no_source_file():
    """Streamlit's defaults: ``gc.collect(2)`` after every script run -- with the course, the
    maxims and the engines in memory most of a card click's CPU (about 100 of 110 ms) -- and,
    after a run that imported modules, a walk over every loaded module's path in the event loop,
    seconds in which no session was answered (10 learners: every click 6-9 s at the first
    finished deals). The shipped configuration turns both off."""
    config = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text(encoding="utf-8"))
    assert config["runner"]["postScriptGC"] is False
    assert config["server"]["fileWatcherType"] == "none"


def _deal_to_the_end() -> Session:
    session = Session(SessionOptions(seed=3, samples=0))
    while not session.finished:
        session.play(session.legal_cards()[0])
    return session


def test_a_finished_deals_review_is_solved_once(monkeypatch):
    """The Play page draws the review on every run until the next deal: 13 double-dummy solves
    each time (some 0.6 s of CPU) before."""
    import tutor.session as session_module

    built: list[object] = []
    real = session_module.build_review
    monkeypatch.setattr(session_module, "build_review", lambda *a, **k: built.append(a) or real(*a, **k))
    session = _deal_to_the_end()
    first = session.review()
    assert session.review() is first and session.review(session.records[-1]) is first
    assert len(built) == 1


def test_the_library_looks_at_its_files_once_in_a_while_and_serves_a_change(tmp_path, monkeypatch):
    """Every page run listed and stat-ed every content file and hashed the list for the cache's
    key (some 5 ms a run); now once in :data:`SIGNATURE_TTL` s -- and a file changed is served
    after that."""
    from tutor.ui import library as lib_module

    root = write_content(tmp_path / "content")
    monkeypatch.setenv("WHIST_TUTOR_CONTENT_DIR", str(root))
    looked: list[Path] = []
    real = lib_module._signature
    monkeypatch.setattr(lib_module, "_signature", lambda r: looked.append(r) or real(r))
    clock = [1000.0]
    monkeypatch.setattr(lib_module.time, "monotonic", lambda: clock[0])
    first = lib_module.library()
    assert lib_module.library() is first and len(looked) == 1
    (root / "puzzles" / "basics.yaml").write_text((root / "puzzles" / "basics.yaml").read_text()
                                                  .replace("King fourth", "King fourth, again"), encoding="utf-8")
    clock[0] += lib_module.SIGNATURE_TTL + 0.1
    again = lib_module.library()
    assert len(looked) == 2 and again is not first
    assert again.puzzle("king-fourth-lead").title["en"] == "King fourth, again"


@pytest.fixture
def club(tmp_path, monkeypatch, new_store_file):
    write_content(tmp_path / "content")
    monkeypatch.setenv("WHIST_TUTOR_CONTENT_DIR", str(tmp_path / "content"))
    monkeypatch.setenv("WHIST_TUTOR_DB", str(new_store_file))
    monkeypatch.setenv("WHIST_TUTOR_SAMPLES", "4")
    monkeypatch.setenv("WHIST_TUTOR_AUTH", "required")
    store = ProgressStore(new_store_file)
    store.set_password(store.learner("Ann").id, PW)
    store.close()
    return monkeypatch


def test_who_the_learner_is_is_read_from_the_store_once_a_run(club):
    """A page asks who the learner is a dozen times a run (the sidebar, the page, each question),
    and each asking read the login's session from the store: now once a run, and again at once
    when the login changes."""
    from streamlit.testing.v1 import AppTest

    from appkit import APP

    at = AppTest.from_file(APP, default_timeout=60)
    at.session_state["lang"] = "en"
    at.run()
    at.sidebar.text_input(key="auth_name").input("Ann")
    at.sidebar.text_input(key="auth_password").input(PW)
    at.sidebar.button(key="auth_login").click().run()
    at.switch_page("tutor/ui/pages/puzzles.py").run()
    asked: list[str] = []
    real = ProgressStore.session_learner
    club.setattr(ProgressStore, "session_learner", lambda self, token: asked.append(token) or real(self, token))
    at.run()
    assert not at.exception and "Ann" in " ".join(c.value for c in at.sidebar.caption)
    assert len(asked) == 1
    at.sidebar.button(key="auth_logout").click().run()  # logged out: known at once, not a run later
    assert any(c.value.startswith("Log in") for c in at.sidebar.caption)
