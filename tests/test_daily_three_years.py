"""Issue 26, point 4 (must show): ``python -m tutor daily --date D --json`` for 1,095 consecutive
dates gives 1,095 distinct puzzles, each ``question: lead``, each with its double-dummy evidence in
the output -- read from the shipped evidence store, nothing solved at answer time.

The test makes no content of its own: it asks the command about the content the repository ships
(``puzzles/`` and the puzzle library ``library/``), with no progress database (the schedule as
planned from the content; the store's kept days are tested in tests/test_store_dailies.py) and an
empty user evidence folder (so only the shipped evidence counts).
"""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from tutor.cli import main
from tutor.content.daily import EPOCH
from tutor.content.loader import load_cached, puzzle_paths
from tutor.dailies import daily, stored_evidence

DAYS = 1095

#: The days the fast twin also asks the command line about: the first week (each weekday and the
#: weekend), then every 73rd day to the last (15 more).
SAMPLE_DAYS = sorted({*range(7), *range(0, DAYS, 73), DAYS - 1})


def _has_evidence(evidence: dict[str, Any] | None) -> bool:
    return bool(evidence and evidence["leads"] and evidence["comparison"]["text"]["en"])


@pytest.mark.slow(reason="runs `tutor daily --json` in process for 1,095 dates (18 s of CPU); CI runs it, the fast "
                         "loop runs the twin below")
def test_three_years_of_dailies_are_distinct_lead_problems_with_their_evidence(capsys, monkeypatch, tmp_path):
    monkeypatch.delenv("WHIST_TUTOR_CONTENT_DIR", raising=False)
    monkeypatch.setenv("WHIST_TUTOR_DB", str(tmp_path / "no-progress.db"))
    monkeypatch.setenv("WHIST_TUTOR_EVIDENCE_DIR", str(tmp_path / "no-evidence"))
    ids: list[str] = []
    without_evidence: list[str] = []
    for n in range(DAYS):
        day = (EPOCH + timedelta(days=n)).isoformat()
        code = main(["daily", "--date", day, "--json"])
        data = json.loads(capsys.readouterr().out)
        assert code == 0 and data["date"] == day
        assert data["puzzle"]["question"] == "lead", (day, data["id"])
        if not _has_evidence(data["evidence"]):
            without_evidence.append(data["id"])
        ids.append(data["id"])
    assert not (tmp_path / "no-progress.db").exists()  # asking made no database
    assert without_evidence == []
    repeated = len(ids) - len(set(ids))
    assert repeated == 0, f"{len(set(ids))} distinct puzzles in {DAYS} days"


def test_three_years_of_dailies_as_the_command_reads_them_and_a_sample_through_the_command(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The check above with the command's own two steps for each of the 1,095 dates -- the day's
    puzzle of the shipped puzzles (:func:`tutor.dailies.daily`, no store) and its stored evidence
    (:func:`tutor.dailies.stored_evidence`) -- and ``tutor daily --date D --json`` itself on
    :data:`SAMPLE_DAYS`, which must give the same puzzle."""
    monkeypatch.delenv("WHIST_TUTOR_CONTENT_DIR", raising=False)
    monkeypatch.setenv("WHIST_TUTOR_DB", str(tmp_path / "no-progress.db"))
    monkeypatch.setenv("WHIST_TUTOR_EVIDENCE_DIR", str(tmp_path / "no-evidence"))
    puzzles = [p.item for p in load_cached(puzzle_paths()).puzzles]
    picks = [daily(puzzles, EPOCH + timedelta(days=n), None).puzzle for n in range(DAYS)]
    assert [p.id for p in picks if p.question != "lead"] == []
    assert [p.id for p in picks if not _has_evidence(stored_evidence(p))] == []
    repeated = len(picks) - len({p.id for p in picks})
    assert repeated == 0, f"{DAYS - repeated} distinct puzzles in {DAYS} days"
    for n in SAMPLE_DAYS:
        day = (EPOCH + timedelta(days=n)).isoformat()
        code = main(["daily", "--date", day, "--json"])
        data = json.loads(capsys.readouterr().out)
        assert code == 0 and data["date"] == day
        assert (data["id"], data["puzzle"]["question"]) == (picks[n].id, "lead"), day
        assert _has_evidence(data["evidence"]), day
    assert not (tmp_path / "no-progress.db").exists()  # asking made no database
