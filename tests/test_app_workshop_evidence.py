"""AppTest: the workshop generates puzzles "with evidence" (issue 15), and the app computes the
evidence of a puzzle nobody stored -- a generated one -- with a progress bar, once.

The evidence goes to the store the app reads (``$WHIST_TUTOR_EVIDENCE_DIR``, a fresh folder per
test); ``WHIST_TUTOR_SAMPLES=4`` keeps the solving quick.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import streamlit
from streamlit.runtime.scriptrunner_utils.exceptions import StopException

import tutor.analyse
import tutor.evidence_store as es
from appkit import open_page, open_tab, start
from tutor.clock import learner_today
from tutor.content.generate import generate
from tutor.content.writer import puzzles_yaml
from tutor.evidence_store import EvidenceStore
from tutor.i18n import t
from tutor.ui import daily
from tutor.ui.workshop import evidence_specs

THEME = "king-third"


@pytest.fixture
def store_dir(app_env, monkeypatch):
    root = app_env / "evidence"
    monkeypatch.setenv("WHIST_TUTOR_EVIDENCE_DIR", str(root))
    monkeypatch.setenv("WHIST_TUTOR_WARM", "0")
    return root


def generate_in_workshop(lang: str, *, with_evidence: bool, count: int = 2):
    at = open_page(start(lang), "workshop")
    at.selectbox(key="workshop_theme").set_value(THEME)
    at.number_input(key="workshop_count").set_value(count)
    at.number_input(key="workshop_seed").set_value(4)
    if with_evidence:
        at.checkbox(key="workshop_with_evidence").check()
    at.button(key="workshop_generate").click().run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def specs(count: int = 2):
    return evidence_specs(generate(THEME, count=count, seed=4))


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_workshop_with_evidence_stores_every_generated_puzzles_evidence(store_dir, lang):
    at = generate_in_workshop(lang, with_evidence=True)
    assert at.checkbox(key="workshop_with_evidence").label == t("workshop.with_evidence", lang)
    store = EvidenceStore(store_dir)
    wanted = specs()
    assert len(wanted) == 2 and all(store.has(s) for s in wanted)
    assert any(t("workshop.evidence_done", lang, n=2) in s.value for s in at.success)
    assert at.text_area(key="workshop_text").value == puzzles_yaml(generate(THEME, count=2, seed=4))
    assert "workshop_evidence_job" not in at.session_state


def test_workshop_without_the_box_computes_no_evidence(store_dir, monkeypatch):
    def boom(*a, **k):
        raise AssertionError("solved without being asked")

    monkeypatch.setattr(es, "solve_blocks", boom)
    generate_in_workshop("en", with_evidence=False)
    assert not store_dir.exists() or not list(store_dir.rglob("*.json"))


def generate_cut_after_the_first(monkeypatch):
    """Generate with evidence, the run cut after the first puzzle's evidence (Streamlit stops a
    script this way when a button or a tab is clicked); ``run_analysis`` is the real one after."""
    real = tutor.analyse.run_analysis

    def first_then_cut(specs_, store, **kw):
        real(specs_[:1], store, **kw)
        raise StopException()

    monkeypatch.setattr(tutor.analyse, "run_analysis", first_then_cut)
    at = generate_in_workshop("en", with_evidence=True)
    monkeypatch.setattr(tutor.analyse, "run_analysis", real)
    return at


def test_the_evidence_goes_on_when_the_teacher_opens_another_tab(store_dir, monkeypatch):
    """The run is cut after the first puzzle (the teacher clicked the Import tab); the next run
    draws only that tab, and the evidence left is computed under the tabs all the same."""
    at = generate_cut_after_the_first(monkeypatch)
    open_tab(at, "workshop_tab", t("workshop.tab_pbn", "en"))
    assert not at.exception, [e.value for e in at.exception]
    store = EvidenceStore(store_dir)
    assert all(store.has(s) for s in specs()) and "workshop_evidence_job" not in at.session_state
    assert any(t("workshop.evidence_done", "en", n=2) in s.value for s in at.success)


def test_stopping_keeps_the_evidence_computed_and_the_editor(store_dir, monkeypatch):
    """The run is cut after the first puzzle's evidence (Streamlit stops a script this way when a
    button is clicked); the stop button then says how much is kept, the store keeps it, the
    editor keeps the generated puzzles, and nothing more is solved."""
    at = generate_cut_after_the_first(monkeypatch)
    text = at.text_area(key="workshop_text").value
    stop = at.button(key="workshop_evidence_stop")
    assert stop.label == t("workshop.evidence_cancel", "en")
    monkeypatch.setattr(tutor.analyse, "run_analysis", lambda *a, **k: pytest.fail("ran after the stop"))
    stop.click().run()
    assert not at.exception, [e.value for e in at.exception]
    first, second = specs()
    store = EvidenceStore(store_dir)
    assert store.has(first) and not store.has(second)
    assert any(t("workshop.evidence_stopped", "en", done=1, total=2) in s.value for s in at.success)
    assert at.text_area(key="workshop_text").value == text
    assert "workshop_evidence_job" not in at.session_state


def test_a_generated_daily_puzzle_gets_its_evidence_computed_once_with_a_bar(store_dir, monkeypatch):
    """A puzzle no store holds (generated into the course): the first answer solves its layouts
    with the bar moving and stores them; the next session reads them and solves nothing."""
    [puzzle] = generate(THEME, count=1, seed=4)
    content = store_dir.parent / "content"
    for f in (content / "puzzles").glob("*.yaml"):
        f.unlink()
    (content / "puzzles" / "generated.yaml").write_text(puzzles_yaml([puzzle]), encoding="utf-8")
    bars: list[float] = []
    real_progress = streamlit.delta_generator.DeltaGenerator.progress

    def watched(self, value, text=None, width="stretch"):
        bars.append(float(value))
        return real_progress(self, value, text=text, width=width)

    monkeypatch.setattr(streamlit.delta_generator.DeltaGenerator, "progress", watched)
    solved: list[int] = []
    real_solve = es.solve_blocks
    monkeypatch.setattr(es, "solve_blocks", lambda spec, blocks, *a: solved.append(len(blocks)) or real_solve(spec, blocks, *a))

    def answer(learner: str):
        daily._EVIDENCE.clear()  # a new server process: only the store is left
        at = open_page(start("en", learner=learner), "daily")
        today = learner_today(None)
        at.button(key=f"w:daily:{today.isoformat()}:{puzzle.id}:card-{puzzle.answer}").click().run()
        assert not at.exception, [e.value for e in at.exception]
        at.session_state[daily.TABLE_KEY] = True  # open the evidence table
        at.run()
        assert at.dataframe and len(at.dataframe[0].value) >= 2
        return at

    answer("Ann")
    assert solved and bars and bars[-1] == 1.0  # the bar was told how far the solving went
    spec = specs(1)[0]
    assert EvidenceStore(store_dir).has(spec)  # the page asks for what the workshop computes
    solved.clear()
    bars.clear()
    answer("Bob")
    assert solved == []


def test_daily_page_loads_the_chart_code_after_it_is_drawn(store_dir):
    """The browser loads the chart's code while the learner reads (bench_first_daily: more than
    half of the first answer's wait), once the page is drawn -- not as part of drawing it (an
    empty hidden chart made every new tab of the page wait some 0.2 s for Vega, issue 24): no
    chart before the answer, a script that imports Streamlit's own chart file, which this
    Streamlit has; the evidence table is not drawn until opened."""
    from streamlit import file_util

    from appkit import PUZZLES

    basics = store_dir.parent / "content" / "puzzles" / "basics.yaml"
    basics.write_text(PUZZLES.split("  - id: follow-hearts")[0], encoding="utf-8")  # the lead puzzle only
    at = open_page(start("en", learner="Cleo"), "daily")
    assert not at.exception
    nodes = list(_walk(at._tree))
    assert not [n for n in nodes if getattr(n, "type", "") in ("vega_lite_chart", "arrow_vega_lite_chart")]
    script = daily.chart_script()
    assert script is not None and (Path(file_util.get_static_dir()) / script).is_file()
    assert daily.prefetch_script(script) in [h.proto.body for h in at.get("html")]
    assert not at.dataframe


def _walk(node):
    yield node
    for child in getattr(node, "children", {}).values():
        yield from _walk(child)
