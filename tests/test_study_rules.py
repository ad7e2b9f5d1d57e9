"""The rule study ("evidence for every rule", docs/conventions.md): aggregation, the shipped figures,
the Maxims page line, the docs/conventions.md generator, and one slow run of ``--quick``.

The aggregation and the generator are checked on tiny hand-made inputs, so these tests are fast,
deterministic and independent of whatever rules the engine holds.
"""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import pytest

from tutor.conventions.catalogue import load_catalogue
from tutor.conventions.figures import (
    MARK_END,
    MARK_START,
    Record,
    RuleFigure,
    aggregate,
    figure_line,
    load_study,
    mean_se,
    render_rules_doc,
    replace_between_markers,
)

ROOT = Path(__file__).resolve().parents[1]


def _records() -> list[Record]:
    # king-third-lead-small: small card 6 tricks vs the king 5 twice, equal once
    return [
        Record("russian", "king-third-lead-small", 6, (5,), 6, ("higher",)),
        Record("russian", "king-third-lead-small", 6, (5,), 6, ("higher",)),
        Record("russian", "king-third-lead-small", 4, (4,), 5, ("higher",)),
        Record("english", "second-hand-low", 3, (2, 4), 4, ("higher", "higher")),
    ]


def test_mean_se_of_paired_differences():
    m, se = mean_se([1.0, 1.0, 0.0])
    assert m == pytest.approx(2 / 3)
    assert se == pytest.approx(math.sqrt((1 / 9 + 1 / 9 + 4 / 9) / 2 / 3))
    assert mean_se([2.0]) == (2.0, 0.0)


def test_aggregate_gain_vs_mean_and_best_rejected_card_and_best_share():
    figs = {(f.system, f.maxim): f for f in aggregate(_records())}
    k = figs[("russian", "king-third-lead-small")]
    assert k.n == 3
    assert k.vs_mean[0] == pytest.approx(2 / 3)
    assert k.vs_best[0] == pytest.approx(2 / 3)
    assert k.best_share == pytest.approx(2 / 3)  # the third position: another card took 5
    assert k.by_kind["higher"][0] == 3
    s = figs[("english", "second-hand-low")]
    assert s.vs_mean == (0.0, 0.0)  # 3 - mean(2, 4)
    assert s.vs_best == (-1.0, 0.0)  # 3 - 4
    assert s.best_share == 0.0


def test_record_needs_a_rejected_card_and_a_consistent_best():
    with pytest.raises(ValueError):
        Record("russian", "x", 3, (), 3)
    with pytest.raises(ValueError):
        Record("russian", "x", 3, (4,), 3)


def test_rule_figure_round_trips_through_json():
    fig = aggregate(_records())[0]
    assert RuleFigure.from_json(json.loads(json.dumps(fig.as_json()))).as_json() == fig.as_json()


def _ship(tmp: Path, name: str, figs: list[RuleFigure], **meta) -> Path:
    data = {"schema": 1, "engine": {"version": "0.1.0", "digest": "abcd1234"}, "date": name[:10],
            "seed": 1, "deals": 10, "target": 3, **meta, "rules": [f.as_json() for f in figs]}
    path = tmp / f"{name}.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_load_study_reads_the_newest_file_and_people_notes(tmp_path):
    _ship(tmp_path, "2026-01-01_0.1.0-old", [])
    _ship(tmp_path, "2026-02-01_0.1.0-new", aggregate(_records()), quick=True)
    (tmp_path / "notes.yaml").write_text(
        "second-hand-low@english: {en: Partner learns the lie of the suit., ru: Партнёр узнаёт расклад.}\n",
        encoding="utf-8")
    study = load_study(tmp_path)
    assert study.name == "2026-02-01_0.1.0-new.json" and study.quick
    assert study.figure("russian", "king-third-lead-small").n == 3
    assert study.note("second-hand-low", "english", "ru") == "Партнёр узнаёт расклад."
    assert study.note("king-third-lead-small", "russian", "en") is None
    assert load_study(tmp_path / "none") is None


def test_figure_line_positive_in_both_languages():
    fig = RuleFigure("russian", "king-third-lead-small", 1240, (0.16, 0.03), (0.1, 0.02), 0.92)
    en = figure_line(fig, "en")
    assert en.startswith("Double-dummy: +0.16 tricks") and "(±0.03), 1,240 positions" in en and "92%" in en
    ru = figure_line(fig, "ru")
    assert "+0,16 взятки" in ru and "1\u00a0240 позиций" in ru and "king-third" not in ru


def test_figure_line_negative_says_what_double_dummy_cannot_see():
    fig = RuleFigure("russian", "ace-small-lead-small", 1000, (-0.09, 0.02), (-0.2, 0.03), 0.8)
    en = figure_line(fig, "en")
    assert en.startswith("Costs 0.09 tricks double-dummy") and "partner" in en and "not yet judged" in en
    note = figure_line(fig, "en", "Its value is information to partner.")
    assert note.endswith("Its value is information to partner.")
    assert figure_line(fig, "ru").startswith("В открытую правило стоит 0,09 взятки")


def test_docs_generator_lists_every_card_play_rule_with_source_scope_and_figure():
    cat = load_catalogue()
    figs = aggregate(_records())
    from tutor.conventions.figures import Study
    study = Study("s.json", {"engine": {"version": "0.1.0", "digest": "d"}, "date": "2026-01-01"},
                  {(f.system, f.maxim): f for f in figs})
    doc = render_rules_doc(cat, study)
    m = cat.get("king-third-lead-small")
    assert f"### {m.id}" in doc and m.cite("en") in doc
    if m.scope:
        assert m.scope["en"].split("\n")[0][:30] in doc
    assert "+0.667 ± 0.333 vs rejected" in doc and "n = 3" in doc
    assert "### lead-long-suit" in doc  # every card-play maxim, measured or not
    assert "not measured" in doc


def test_replace_between_markers_keeps_hand_written_sections():
    text = f"# Conventions\n\nIntro.\n\n{MARK_START}\nold table\n{MARK_END}\n\n## Doubtful items\n\nKeep me.\n"
    out = replace_between_markers(text, "new table\n")
    assert "old table" not in out and "new table" in out
    assert out.startswith("# Conventions\n\nIntro.") and out.endswith("## Doubtful items\n\nKeep me.\n")
    assert replace_between_markers("# T\n", "x\n").endswith(f"{MARK_START}\nx\n{MARK_END}\n")


@pytest.mark.slow
def test_study_quick_run_writes_json_and_markdown(tmp_path):
    """``bench/study_rules.py --quick`` plays, solves and writes both outputs (not a tracked file)."""
    subprocess.run([sys.executable, str(ROOT / "bench" / "study_rules.py"), "--quick", "--out-dir", str(tmp_path)],
                   check=True, cwd=ROOT, timeout=600)
    [js] = list(tmp_path.glob("*.json"))
    data = json.loads(js.read_text(encoding="utf-8"))
    assert data["quick"] and data["positions"] > 0 and data["rules"]
    assert all(r["n"] >= 1 and len(r["vs_mean"]) == 2 for r in data["rules"])
    assert js.with_suffix(".md").is_file()


def test_aggregate_counts_a_resampled_decision_once_for_the_error():
    """Resampled layouts of one decision share a cluster: n counts layouts, the error decisions."""
    recs = [Record("russian", "never-lead-singleton", 5, (4,), 5, ("other-suit",), cluster=1) for _ in range(4)]
    recs += [Record("russian", "never-lead-singleton", 4, (4,), 4, ("other-suit",), cluster=2) for _ in range(4)]
    [fig] = aggregate(recs)
    assert fig.n == 8 and fig.decisions == 2 and fig.independent == 2
    assert fig.vs_mean[0] == pytest.approx(0.5)
    assert fig.vs_mean[1] == pytest.approx(0.5)  # two cluster means 1 and 0: s.e. 0.5, not 0.19
    assert "8 positions (2 independent decisions)" in figure_line(fig, "en")
    assert "(из 2 независимых решений)" in figure_line(fig, "ru")


def test_rules_digest_ignores_wording_but_not_code(tmp_path):
    """A study names the rules it measured: a corrected docstring or catalogue sentence keeps the
    digest (the figures still hold), a changed line of code or a maxim moved between systems does
    not (the figure shown is the figure of these rules)."""
    import shutil
    from pathlib import Path

    from tutor.conventions import figures

    src = Path(figures.__file__).parent
    for f in list(src.glob("*.py")) + [src / "catalogue.yaml"]:
        shutil.copy(f, tmp_path / f.name)
    base = figures.engine_digest(tmp_path)
    leads = tmp_path / "leads.py"
    leads.write_text(leads.read_text(encoding="utf-8").replace('"""Leads:', '"""Leads (reworded):', 1), encoding="utf-8")
    assert figures.engine_digest(tmp_path) == base
    leads.write_text(leads.read_text(encoding="utf-8") + "\nEXTRA = 1\n", encoding="utf-8")
    assert figures.engine_digest(tmp_path) != base


def test_a_scoring_maxim_leaves_the_rules_digest_and_the_shipped_study_current(tmp_path):
    """A maxim of how a rule set counts the score (odd-tricks-one-point, defect 5) chooses no card:
    the digest the study names stays; a card-play maxim added does not."""
    import shutil
    from pathlib import Path

    from tutor.conventions import figures

    src = Path(figures.__file__).parent
    for f in list(src.glob("*.py")) + [src / "catalogue.yaml"]:
        shutil.copy(f, tmp_path / f.name)
    base = figures.engine_digest(tmp_path)
    cat = tmp_path / "catalogue.yaml"
    text = cat.read_text(encoding="utf-8")
    cat.write_text(text.replace("- id: odd-tricks-one-point\n", "- id: odd-tricks-one-point-copy\n", 1), encoding="utf-8")
    assert figures.engine_digest(tmp_path) == base
    cat.write_text(text.replace("- id: third-hand-high\n", "- id: third-hand-high-copy\n", 1), encoding="utf-8")
    assert figures.engine_digest(tmp_path) != base
