"""Study: what does each card-play maxim of both systems gain or cost double-dummy?

Seeded random whole deals are played with the conventions engine's own advice at all four seats
(each seat sees only what it may, :class:`tutor.robots.RobotView`), once per system (``russian``,
``english``) on the same deals. At every decision where the seat has more than one legal card and
the deciding maxim (the first the advice cites) is a card-play maxim (catalogue categories
lead-card, lead-suit, later-lead, following, trump-signal), the TRUE position (the real deal at
that moment) is solved double-dummy with DDS (endplay, batched), and for the deciding maxim we
record the conventional card's tricks and those of each card that maxim rejected (the cards whose
verdict cites it first; a decision where no verdict cites the deciding maxim first is not
recorded).
:func:`tutor.conventions.figures.aggregate` turns the records into, per
(system, maxim): n, the mean gain against the average and against the best rejected card, with
standard errors, and the share of positions where the conventional card is double-dummy best.

The study is generic over the engine: it reads the maxims from the advice and the catalogue, so
it runs unchanged whatever rules the engine holds. Deals are sampled in rounds until every maxim
seen has ``--target`` positions (positions of maxims already complete are not solved, so the
later rounds only pay for the rare maxims) or a cap on deals or time is hit; rare maxims are
reported with their honest n. Targeted sampling for the rare ones: a maxim that at its rate so
far would not reach the target by the deal cap also gets ``--resample`` layouts of the unseen
cards for each of its decisions (consistent with what the seat saw, so the maxim decides the same
way); such records share a cluster and the standard error counts each decision once, and the
output gives the number of independent decisions beside n. The playing and solving live in
:mod:`tutor.rule_study` (``python -m tutor analyse --study`` runs the same study): ``--jobs 1``
runs in this process, more start a local Dask cluster (as ``tutor analyse``); the result is
deterministic for a seed (unless the time cap stops it). This script adds shipping and the docs.

    python bench/study_rules.py --quick                 # a test run, a minute or two
    python bench/study_rules.py                         # the full run: >= 1,000 positions a maxim
    python bench/study_rules.py --ship                  # ... and ship the JSON to the app
    python bench/study_rules.py --max-minutes 6 --trial --ship   # a labelled trial study
    python bench/study_rules.py --docs                  # only rewrite docs/conventions.md's rule table
    python bench/study_rules.py --ship-file bench/results/X.json   # ship a finished run

Output: bench/results/study_rules-<date>-<digest>.json and .md (git-ignored; a name taken gets
-2, -3...: never over an earlier run). ``--ship`` copies
the JSON to tutor/conventions/study/<UTC date and time>_<version>-<digest>.json (never over an
existing file);
the Maxims page and docs/conventions.md read the newest file there.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tutor.conventions.catalogue import load_catalogue  # noqa: E402
from tutor.conventions.figures import (  # noqa: E402
    MARK_END,
    MARK_START,
    STUDY_DIR,
    load_study,
    render_rules_doc,
    replace_between_markers,
)
from tutor.rule_study import (  # noqa: E402,F401  (re-exported: older tools import them from here)
    SYSTEMS,
    card_play_maxims,
    play_deal,
    render_md,
    run_chunk,
    study,
    write_result,
)

RESULTS = ROOT / "bench" / "results"
DOC = ROOT / "docs" / "conventions.md"


def ship(json_path: Path, result: dict, directory: Path = STUDY_DIR) -> Path:
    """Copy the study to the app's folder as a NEW file named by date and engine version."""
    directory.mkdir(parents=True, exist_ok=True)
    # The UTC time first, so the newest study sorts last (the app reads the last one).
    name = f"{result.get('finished', result['date'])}_{result['engine']['version']}-{result['engine']['digest']}"
    if result.get("quick"):
        least = min((r["n"] for r in result["rules"]), default=0)
        name += f"-trial-n{least}-{result['target']}"  # the n of the rarest maxim and the target
    dest = directory / f"{name}.json"
    if dest.exists():
        raise SystemExit(f"{dest} exists: a shipped study is never overwritten")
    shutil.copyfile(json_path, dest)
    return dest


def write_docs(path: Path = DOC) -> Path:
    """Rewrite the rule section of docs/conventions.md (between the markers) from the catalogue
    and the newest shipped study; everything outside the markers is kept."""
    section = render_rules_doc(load_catalogue(), load_study())
    text = path.read_text(encoding="utf-8") if path.exists() else f"# Conventions\n\n{MARK_START}\n{MARK_END}\n"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(replace_between_markers(text, section), encoding="utf-8")
    return path


def _progress(deals: int, cap: int, positions: int) -> None:
    print(f"\r{deals:,} of at most {cap:,} deals, {positions:,} positions   ", end="", file=sys.stderr, flush=True)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--target", type=int, default=1000, help="positions wanted per (system, maxim)")
    ap.add_argument("--max-deals", type=int, default=30000)
    ap.add_argument("--max-minutes", type=float, default=38.0)
    ap.add_argument("--resample", type=int, default=7,
                    help="extra layouts per decision of a maxim too rare to reach the target by the deal cap")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--chunk", type=int, default=10, help="deals per worker task (the figures do not depend on it)")
    ap.add_argument("--round", type=int, default=200, help="deals per round between checks of the counts")
    ap.add_argument("--quick", action="store_true", help="a small test run: target 30, at most 40 deals")
    ap.add_argument("--trial", action="store_true",
                    help="label the output a trial run (the page says so; --quick implies it)")
    ap.add_argument("--out-dir", default=str(RESULTS))
    ap.add_argument("--ship", action="store_true", help="copy the JSON to tutor/conventions/study/")
    ap.add_argument("--docs", action="store_true", help="only rewrite docs/conventions.md's rule section")
    ap.add_argument("--ship-file", help="ship an existing study JSON (from bench/results/) without a run")
    args = ap.parse_args(argv)
    if args.docs:
        print(write_docs())
        return
    if args.ship_file:
        path = Path(args.ship_file)
        print(f"shipped {ship(path, json.loads(path.read_text(encoding='utf-8')))}")
        return
    if args.quick:
        args.target, args.max_deals, args.round, args.chunk = min(args.target, 30), min(args.max_deals, 40), 20, 5
    result = study(seed=args.seed, target=args.target, max_deals=args.max_deals,
                   max_seconds=60 * args.max_minutes, workers=args.jobs, chunk=args.chunk, round_deals=args.round,
                   resample=args.resample, progress=_progress)
    print(file=sys.stderr)
    result["quick"] = bool(args.quick or args.trial)
    command = "python bench/study_rules.py " + " ".join(argv if argv is not None else sys.argv[1:])
    json_path = write_result(result, Path(args.out_dir), command.strip())
    print(f"{json_path} and .md: {result['positions']:,} positions, {result['deals']:,} deals, "
          f"{result['seconds']:.0f} s, {result['positions_per_second']} positions/s")
    if args.ship:
        print(f"shipped {ship(json_path, result)}")


if __name__ == "__main__":
    main()
