"""What the app's timing benches share (``bench_browser``, ``bench_first_daily``, ``bench_server``):
a percentile, and the machine's load printed beside every figure -- a figure taken on a loaded
machine means little, and the founders' figures are taken on a quiet one."""

from __future__ import annotations

import os


def pct(values: list[float], q: float) -> float:
    """The ``q`` quantile of ``values`` (0.5 the median, 0.95 the p95), between the two nearest
    values as ``statistics.quantiles(method="inclusive")`` does, and defined for a single value."""
    ordered = sorted(values)
    k = (len(ordered) - 1) * q
    lo, hi = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def load() -> str:
    """The machine's load averages (1, 5 and 15 minutes) and its cores."""
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"


def spread(values: list[float]) -> str:
    """``median X ms, p95 Y ms, worst Z ms`` of ``values`` (in ms), the benches' one way to say it."""
    return f"median {pct(values, .5):.0f} ms, p95 {pct(values, .95):.0f} ms, worst {max(values):.0f} ms"
