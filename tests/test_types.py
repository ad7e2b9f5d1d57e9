"""The package type-checks under ``mypy --strict`` (issue 13).

The hints are only worth having if they stay true: this test runs mypy with the project's own
configuration (``[tool.mypy]`` in pyproject.toml, strict mode and the few modules still waiting
for their types) so that a change which breaks a hint fails the suite, not a later review.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytest.importorskip("mypy", reason="mypy is in the 'test' extra; install it to check the types")


@pytest.mark.slow
def test_mypy_strict_reports_no_errors() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "tutor"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, f"mypy found errors:\n{result.stdout}\n{result.stderr}"
