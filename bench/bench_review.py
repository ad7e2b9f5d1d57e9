"""Seconds per reviewed deal (issue 27: a whole deal with double-dummy costs in under 3 s).

Reviews the book deals of tests/fixtures/review/cavendish.pbn and elwell.pbn and ``--deals`` robots' deals
(``tutor autoplay``, classic robots), each in full -- every card of the four seats judged by the
conventions from its own view (with what it told partner and the opponents) and its double-dummy
cost, the 52 positions solved in one DDS batch -- and prints the conventions' part, the solver's
part and the whole, per deal (median, p95, max), with the machine's load.

    python bench/bench_review.py [--deals 10] [--system russian]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from timing import load, pct  # noqa: E402

from tutor.commands.autoplay import autoplay  # noqa: E402
from tutor.deal_review import annotate, solve_costs  # noqa: E402
from tutor.played_deal import from_autoplay, read_played_file  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=10, help="robots' deals besides the book deals (default 10)")
    ap.add_argument("--system", default="russian", choices=("russian", "english"))
    args = ap.parse_args()
    books = ROOT / "tests" / "fixtures" / "review"
    deals = read_played_file(books / "cavendish.pbn") + read_played_file(books / "elwell.pbn")
    if args.deals > 0:
        deals += from_autoplay({"deals": autoplay(1, args.deals)})
    notes, solves, totals = [], [], []
    annotate(deals[0], args.system)  # imports and the catalogue, once, outside the figures
    for d in deals:
        t0 = time.perf_counter()
        review = annotate(d, args.system)
        t1 = time.perf_counter()
        solve_costs(review)
        t2 = time.perf_counter()
        notes.append(t1 - t0)
        solves.append(t2 - t1)
        totals.append(t2 - t0)
    print(f"{len(deals)} deals reviewed ({args.system}; {load()})")
    for name, xs in (("conventions' notes", notes), ("double-dummy costs", solves), ("whole review", totals)):
        print(f"  {name:<20} median {pct(xs, 0.5):.2f} s  p95 {pct(xs, 0.95):.2f} s  max {max(xs):.2f} s per deal")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
