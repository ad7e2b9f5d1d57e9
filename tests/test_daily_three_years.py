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

from tutor.cli import main
from tutor.content.daily import EPOCH

DAYS = 1095


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
        evidence = data["evidence"]
        if not (evidence and evidence["leads"] and evidence["comparison"]["text"]["en"]):
            without_evidence.append(data["id"])
        ids.append(data["id"])
    assert not (tmp_path / "no-progress.db").exists()  # asking made no database
    assert without_evidence == []
    repeated = len(ids) - len(set(ids))
    assert repeated == 0, f"{len(set(ids))} distinct puzzles in {DAYS} days"
