"""Loading and checking stay linear in the number of items (docs/limits.md, ``bench/bench_content.py``).

The full figures (150, 1,000 and 10,000 generated items) come from the bench script; this test
runs the 1,000-item library of the same script and asserts the target rate, 500 items/s loaded
and checked. Marked slow: about ten seconds with the generation.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[1] / "bench" / "bench_content.py"


@pytest.mark.slow
def test_a_generated_library_loads_and_checks_at_500_items_a_second(capsys):
    spec = importlib.util.spec_from_file_location("bench_content", BENCH)
    bench = importlib.util.module_from_spec(spec)
    sys.modules["bench_content"] = bench
    spec.loader.exec_module(bench)
    bench.scale([150])  # warm the engines' imports and caches
    capsys.readouterr()
    assert bench.scale([1000]) == 0, capsys.readouterr().out
    line = capsys.readouterr().out.splitlines()[-1].split()
    assert int(line[0]) == 1000 and float(line[5]) >= bench.TARGET_RATE, line
