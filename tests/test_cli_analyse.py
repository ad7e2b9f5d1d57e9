"""``python -m tutor analyse`` (issue 15): its JSON shape, what it stores, bad input, and
``generate --analyse``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from tutor.cli import main
from tutor.evidence_store import EvidenceStore

ROOT = Path(__file__).resolve().parents[1]
LESSON = ROOT / "lessons" / "07-leads-from-honours.yaml"  # four lead exercises


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_json_is_items_computed_cached_seconds_and_a_rerun_computes_nothing(tmp_path, capsys):
    argv = ["analyse", str(LESSON), "--samples", "4", "--workers", "1", "--store", str(tmp_path), "--json"]
    code, out, err = run(capsys, *argv)
    data = json.loads(out)
    assert code == 0 and err == ""
    assert set(data) == {"items", "computed", "cached", "seconds"}
    assert (data["items"], data["computed"], data["cached"]) == (4, 4, 0) and isinstance(data["seconds"], float)
    assert len(list((tmp_path / "items").glob("*.json"))) == 4
    code, out, _ = run(capsys, *argv)
    assert json.loads(out) | {"seconds": 0} == {"items": 4, "computed": 0, "cached": 4, "seconds": 0}


def test_text_output_says_what_was_done_and_where(tmp_path, capsys):
    code, out, _ = run(capsys, "analyse", str(LESSON), "--samples", "3", "--workers", "1", "--store", str(tmp_path))
    assert code == 0 and out.startswith("4 items: 4 computed, 0 already stored") and str(tmp_path) in out


def test_daily_analyses_the_puzzles_of_the_coming_days(tmp_path, capsys):
    code, out, _ = run(capsys, "analyse", str(ROOT / "puzzles"), "--daily", "3", "--samples", "3", "--workers", "1",
                       "--store", str(tmp_path), "--json")
    data = json.loads(out)
    assert code == 0 and 1 <= data["items"] <= 3 and data["computed"] == data["items"]


@pytest.mark.slow(reason="1.2 s: solves layouts (CI runs it)")
def test_samples_and_seed_make_new_evidence(tmp_path, capsys):
    base = ["analyse", str(LESSON), "--workers", "1", "--store", str(tmp_path), "--json"]
    run(capsys, *base, "--samples", "3")
    assert json.loads(run(capsys, *base, "--samples", "4")[1])["computed"] == 4
    assert json.loads(run(capsys, *base, "--samples", "4", "--seed", "9")[1])["computed"] == 4


def test_a_store_that_cannot_be_written_is_one_error_line(tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    code, out, err = run(capsys, "analyse", str(LESSON), "--samples", "3", "--workers", "1",
                         "--store", str(blocker / "store"))
    assert code == 2 and out == "" and err.startswith("error: cannot write the evidence store") and err.count("\n") == 1


def test_no_scheduler_at_the_address_is_one_error_line(tmp_path, capsys, monkeypatch):
    import tutor.analyse

    class NoClient:
        def __init__(self, *a, **k):
            raise OSError("Timed out trying to connect")

    class FakeDistributed:
        Client = NoClient

    monkeypatch.setattr(tutor.analyse, "_distributed", lambda: FakeDistributed)
    code, out, err = run(capsys, "analyse", str(LESSON), "--samples", "3", "--scheduler", "tcp://127.0.0.1:1",
                         "--store", str(tmp_path))
    assert tutor.analyse and code == 2 and out == ""
    assert err == "error: no Dask scheduler at tcp://127.0.0.1:1: Timed out trying to connect\n"


@pytest.mark.slow(reason="1.8 s: a fresh interpreter per command (CI runs it)")
def test_the_command_line_does_not_import_dask_or_the_solver():
    """``analyse --help`` stays quick, and no other command pays for Dask: Dask, DDS and the bar
    load only when the analysis runs."""
    def loaded(build: str) -> str:
        code = (f"import sys; from tutor.cli import build_parser; {build}; "
                "print(sorted(m for m in ('dask', 'distributed', 'endplay', 'tqdm') if m in sys.modules))")
        return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True,
                              env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}).stdout.strip()

    assert loaded("build_parser('analyse')") == "[]"
    assert "dask" not in loaded("build_parser()")


def test_generate_analyse_stores_the_puzzles_evidence_and_prints_the_same_yaml(tmp_path, capsys, monkeypatch):
    code, plain, _ = run(capsys, "generate", "--theme", "king-third", "--count", "2", "--seed", "3")
    import tutor.analyse as an

    real = an.spec_of
    monkeypatch.setattr(an, "spec_of", lambda item, samples=4, seed=0: real(item, 4, seed))
    code, out, err = run(capsys, "generate", "--theme", "king-third", "--count", "2", "--seed", "3", "--analyse",
                         "--store", str(tmp_path))
    assert code == 0 and out == plain and "evidence: 2 computed" in err
    puzzles = yaml.safe_load(out)["puzzles"]
    store = EvidenceStore(tmp_path)
    assert len(list((tmp_path / "items").glob("*.json"))) == 2 and len(puzzles) == 2 and store.files()


def test_generate_store_without_analyse_is_refused(tmp_path, capsys):
    code, out, err = run(capsys, "generate", "--theme", "king-third", "--store", str(tmp_path))
    assert code == 2 and out == "" and err == "error: --store is for --analyse\n"


@pytest.mark.slow(reason="0.8 s: solves layouts (CI runs it)")
def test_prune_removes_the_evidence_of_items_no_longer_there(tmp_path, capsys):
    store = str(tmp_path / "store")
    run(capsys, "analyse", str(LESSON), "--samples", "3", "--workers", "1", "--store", store)
    first = sorted(p.name for p in (tmp_path / "store").rglob("*.json"))
    code, out, _ = run(capsys, "analyse", str(LESSON), "--samples", "4", "--workers", "1", "--store", store, "--prune")
    after = sorted(p.name for p in (tmp_path / "store").rglob("*.json"))
    assert code == 0 and "8 stale file(s) removed" in out
    assert len(after) == 8 and not set(first) & set(after)


def test_prune_without_store_is_refused(capsys):
    code, out, err = run(capsys, "analyse", "--prune")
    assert code == 2 and err == "error: --prune needs --store DIR (the folder to clean)\n"
