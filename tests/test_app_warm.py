"""The server warms up in the background after its first page (issue 12, "Fast"): the modules the
Play page and the daily evidence load on first use are imported then, not when the first
visitor clicks (about 1-1.5 s each on this machine)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

SCRIPT = """
import sys
from tutor.ui.shell import LATE_MODULES, WARM_MODULES, warm_imports
assert not [m for m in WARM_MODULES + LATE_MODULES if m in sys.modules], "imported before the warm-up"
warm_imports().join(120)
print(sorted(m for m in WARM_MODULES + LATE_MODULES if m not in sys.modules))
print(warm_imports())
"""


def run(env: dict[str, str]) -> list[str]:
    out = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, capture_output=True, text=True, timeout=180,
                         env={**os.environ, "PYTHONPATH": str(ROOT), **env})
    assert out.returncode == 0, out.stderr
    return out.stdout.split("\n")


def test_the_play_engine_and_the_evidence_chart_are_imported_in_the_background_once():
    missing, again = run({"WHIST_TUTOR_WARM": "1"})[:2]
    assert missing == "[]"
    assert again == "None"  # once per server process
    from tutor.ui.shell import WARM_MODULES

    assert {"tutor.session", "tutor.ui.evidence_chart"} <= set(WARM_MODULES)
