"""``python -m tutor analyse --study`` (issue 15): the rule study on the analysis machinery.

The figures must depend only on the seed and the settings: not on how many deals a task holds,
not on the order the tasks finish in, not on whether they ran in process or on two Dask workers.
A few deals keep these quick (the 2-worker cluster takes seconds to start: marked slow).
"""

from __future__ import annotations

import json
import random

import pytest

import tutor.analyse
from tutor.cli import main
from tutor.rule_study import study, write_result

#: Small enough to be quick, with a target low enough that later rounds skip finished maxims and
#: resample the rare ones (the paths where the rounds' order matters).
SMALL = {"seed": 5, "target": 3, "max_deals": 6, "round_deals": 3, "resample": 2}


def figures(result: dict) -> tuple:
    return result["deals"], result["positions"], result["stopped"], result["rules"], result["never_decided"]


@pytest.fixture(scope="module")
def serial() -> dict:
    return study(workers=1, chunk=1, **SMALL)


@pytest.mark.slow(reason="plays and solves the small study twice more (with its serial run, 9 s of CPU); the fast "
                         "loop keeps the study's own tests: progress, JSON, text, arguments")
def test_study_figures_do_not_depend_on_deals_per_task(serial):
    assert serial["positions"] > 0 and serial["rules"]
    assert figures(study(workers=1, chunk=3, **SMALL)) == figures(serial)


@pytest.mark.slow(reason="plays and solves the small study again in a shuffled order (4 s of CPU, and the serial "
                         "run of the module fixture)")
def test_study_figures_do_not_depend_on_the_order_tasks_finish_in(serial, monkeypatch):
    """The results are taken in deal order: a runner that hands them back shuffled changes nothing."""
    real = tutor.analyse.Runner.run

    def shuffled(self, fn, calls, done):
        got: list = []
        real(self, fn, calls, lambda i, r: got.append((i, r)))
        random.Random(len(got)).shuffle(got)
        for i, r in got:
            done(i, r)

    monkeypatch.setattr(tutor.analyse.Runner, "run", shuffled)
    assert figures(study(workers=1, chunk=1, **SMALL)) == figures(serial)


@pytest.mark.slow
def test_study_on_a_two_worker_local_cluster_gives_the_same_figures(serial):
    pytest.importorskip("distributed")
    result = study(workers=2, chunk=1, **SMALL)
    assert result["where"] == "2 local workers"
    assert figures(result) == figures(serial)


@pytest.mark.slow(reason="0.8 s: a rule study (CI runs it)")
def test_study_progress_counts_deals_up_to_the_cap():
    seen: list[tuple[int, int, int]] = []
    study(workers=1, chunk=1, seed=1, target=2, max_deals=2, round_deals=2, progress=lambda *a: seen.append(a))
    assert [s[:2] for s in seen] == [(1, 2), (2, 2)] and seen[-1][2] > 0


@pytest.mark.slow(reason="1.0 s: a rule study (CI runs it)")
def test_study_json_is_deals_positions_maxims_stopped_seconds_file(tmp_path, capsys):
    code = main(["analyse", "--study", "--deals", "2", "--workers", "1", "--seed", "3", "--out", str(tmp_path), "--json"])
    out, err = capsys.readouterr()
    data = json.loads(out)
    assert code == 0 and err == ""
    assert set(data) == {"deals", "positions", "maxims", "at_target", "stopped", "seconds", "file"}
    assert data["deals"] == 2 and data["positions"] > 0 and data["maxims"] > 0 and data["stopped"] == "deal cap"
    written = json.loads(open(data["file"], encoding="utf-8").read())
    assert written["positions"] == data["positions"] and written["seed"] == 3
    assert written["quick"] is True  # a 2-deal run is labelled a trial, should anybody ship it
    assert (tmp_path / data["file"]).with_suffix(".md").is_file()


def test_study_text_says_where_it_wrote_and_how_to_ship(tmp_path, capsys):
    code = main(["analyse", "--study", "--deals", "1", "--workers", "1", "--out", str(tmp_path)])
    out = capsys.readouterr().out
    assert code == 0 and out.startswith("study: 1 deals,") and str(tmp_path) in out
    assert "bench/study_rules.py --ship-file" in out


def test_a_study_never_overwrites_an_earlier_one(tmp_path):
    result = {"date": "2026-12-01", "engine": {"version": "0.1.0", "digest": "abcd"}, "seed": 1, "target": 3,
              "deals": 1, "positions": 0, "seconds": 1.0, "positions_per_second": 0, "jobs": 1, "stopped": "deal cap",
              "rules": [], "never_decided": []}
    first = write_result(result, tmp_path, "x")
    before = first.read_bytes()
    second = write_result({**result, "seed": 2}, tmp_path, "x")
    assert first != second and first.read_bytes() == before
    assert json.loads(second.read_text(encoding="utf-8"))["seed"] == 2 and second.with_suffix(".md").is_file()


@pytest.mark.parametrize("argv, says", [
    (["analyse", "--study", "lessons"], "--study takes no PATH"),
    (["analyse", "--study", "--samples", "5"], "--study takes no --samples"),
    (["analyse", "--deals", "5"], "--deals goes with --study"),
    (["analyse", "--study", "--deals", "0"], "--deals"),
])
def test_study_arguments_that_do_not_fit_are_one_error_line(argv, says, tmp_path, capsys):
    code = main([*argv, "--out", str(tmp_path)] if "--study" in argv else argv)
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and says in err and err.count("\n") == 1
    assert list(tmp_path.iterdir()) == []
