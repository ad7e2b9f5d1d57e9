"""The app reads the evidence store first (issue 15): the daily page's evidence comes from the
store -- the user's, then the one shipped with the content -- and is computed only when missing."""

from __future__ import annotations

from datetime import date

import pytest

import tutor.evidence_store as es
from appkit import open_page, start
from shipped import shipped_puzzles
from tutor.clock import learner_today
from tutor.content.daily import plan as daily_plan
from tutor.evidence_store import EvidenceSpec, EvidenceStore, evidence_for
from tutor.ui import daily


def no_solving(monkeypatch):
    def boom(*a, **k):
        raise AssertionError("the app solved layouts the store holds")

    monkeypatch.setattr(es, "solve_blocks", boom)


def test_app_evidence_is_read_from_the_store_without_solving(tmp_path, monkeypatch):
    monkeypatch.setenv("WHIST_TUTOR_EVIDENCE_DIR", str(tmp_path))
    spec = EvidenceSpec.of("KJ4.AQ32.T98.765", "C2", answer="S4", maxims=["king-third-lead-small"], samples=6, seed=5)
    stored = evidence_for(spec, EvidenceStore(tmp_path))
    no_solving(monkeypatch)
    got = daily.simulate_evidence("KJ4.AQ32.T98.765", "C2", "E", "", "S4", ("king-third-lead-small",), 6, 5)
    assert got == stored and got["comparison"]["advice"] == "S4"


def test_app_computes_what_is_missing_and_stores_it(tmp_path, monkeypatch):
    monkeypatch.setenv("WHIST_TUTOR_EVIDENCE_DIR", str(tmp_path))
    seen = []
    got = daily.simulate_evidence("KJ4.AQ32.T98.765", "C2", "E", "", "S4", ("king-third-lead-small",), 20, 8,
                                  progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (20, 20) and len(seen) >= 2  # the bar moves while solving
    spec = EvidenceSpec.of("KJ4.AQ32.T98.765", "C2", answer="S4", maxims=["king-third-lead-small"], samples=20, seed=8)
    assert EvidenceStore(tmp_path).get(spec) == got


@pytest.mark.slow(reason="0.9 s: reads the whole shipped library (CI runs it)")
def test_fresh_install_shows_the_first_daily_evidence_from_the_shipped_store(tmp_path, monkeypatch):
    """No user store yet, the shipped content: today's daily puzzle's evidence is read from
    tutor/content/evidence, nothing is solved."""
    monkeypatch.delenv("WHIST_TUTOR_CONTENT_DIR", raising=False)
    monkeypatch.delenv("WHIST_TUTOR_SAMPLES", raising=False)
    monkeypatch.setenv("WHIST_TUTOR_DB", str(tmp_path / "progress.db"))
    monkeypatch.setenv("WHIST_TUTOR_EVIDENCE_DIR", str(tmp_path / "evidence"))
    today = learner_today(None)
    puzzle = daily_plan(shipped_puzzles(), today).puzzle
    if puzzle.question not in ("lead", "play"):
        pytest.skip(f"today's daily puzzle ({puzzle.id}) asks a {puzzle.question}, which has no evidence")
    no_solving(monkeypatch)
    daily._EVIDENCE.clear()
    at = start("en", learner="Fresh")
    open_page(at, "daily")
    at.button(key=f"w:daily:{today.isoformat()}:{puzzle.id}:card-{puzzle.answer}").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert not at.dataframe  # the table is drawn once opened (pandas is not the first answer's wait)
    at.session_state[daily.TABLE_KEY] = True
    at.run()
    assert at.dataframe and len(at.dataframe[0].value) >= 1
    # "over N random layouts": the shipped samples -- a library item's own count (its evidence_layouts),
    # else the shipped default of 100
    n = puzzle.evidence_layouts or 100
    assert any(f"over {n} random layouts" in c.value for c in at.caption), [c.value for c in at.caption]


@pytest.mark.slow(reason="1.3 s: a year of dailies (CI runs it)")
def test_every_shipped_daily_puzzle_of_the_year_has_shipped_evidence(monkeypatch):
    monkeypatch.delenv("WHIST_TUTOR_CONTENT_DIR", raising=False)
    from datetime import timedelta

    from tutor.analyse import spec_of
    from tutor.evidence_store import SHIPPED_DIR, library_evidence_dir

    pool = shipped_puzzles()
    # as the app reads it on a fresh install: the shipped folder, then the library's own evidence
    shipped = EvidenceStore(SHIPPED_DIR, fallbacks=(library_evidence_dir(),))
    start_day = date(2026, 1, 1)
    specs = [spec_of(daily_plan(pool, start_day + timedelta(days=i)).puzzle) for i in range(366)]
    assert all(shipped.get_table(s) is not None for s in specs if s is not None)
