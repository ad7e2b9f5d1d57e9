"""The code passes ``ruff check`` with the project's rule set ([tool.ruff] in pyproject.toml: the
families chosen and the rules ignored, each with its reason).

ruff is in the ``test`` extra, which CI installs: a missing ruff fails here rather than passing
a lint nobody ran.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHECKED = ["tutor", "tests", "app.py", "bench"]


def test_ruff_check_finds_nothing() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--no-cache", *CHECKED],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert "No module named ruff" not in result.stderr, "ruff is missing: pip install -e '.[test]'"
    assert result.returncode == 0, f"ruff check found problems (ruff check --fix mends most):\n{result.stdout}\n{result.stderr}"
