"""``python -m tutor analyse [PATH…] [--samples N] [--workers K | --scheduler URL] [--seed S]
[--store DIR [--prune]] [--daily DAYS] [--task-size L] [--json]``: the evidence of every item, ahead of time;
``python -m tutor analyse --study [--deals N] [--target P] [--workers K | --scheduler URL] [--seed S]
[--out DIR] [--json]``: the rule study (:mod:`tutor.rule_study`) on the same machinery.

Every lead and play puzzle and lesson exercise under PATH (default: the content the app serves),
or with ``--daily N`` the daily puzzles of the next N days, gets its double-dummy evidence in the
evidence store (:mod:`tutor.evidence_store`), so the app shows it at once. ``--workers 1`` runs in
this process; more workers start a local Dask cluster; ``--scheduler tcp://host:port`` uses a
running one. A progress bar goes to stderr (when it is a terminal); with ``--json`` stdout gets
``{"items": n, "computed": m, "cached": k, "seconds": s}``.

``--study`` plays seeded deals with the conventions engine and solves its decisions (tasks of a
few deals, in process or on Dask as above) and writes the study's JSON and Markdown beside the
earlier ones (``bench/results/`` of a checkout, never over an earlier file); with ``--json`` stdout
gets ``{"deals": d, "positions": p, "maxims": m, "at_target": t, "stopped": why, "seconds": s,
"file": path}``. Shipping it to the app stays a separate step (``bench/study_rules.py --ship-file``).

The engines and Dask are imported inside :func:`run`, so ``python -m tutor analyse --help`` and
the other commands stay quick.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from typing import Any

from tutor.commands._args import CliError, add_json_flag, bounded_int, emit, nonempty, seed_type

#: The most layouts per item: as ``simulate --samples``.
MAX_SAMPLES = 10_000
#: More local workers than this is a mistake on one machine (a cluster takes ``--scheduler``).
MAX_WORKERS = 256
#: How far ahead ``--daily`` looks: the schedule is known, a year is plenty.
MAX_DAYS = 366
#: The most deals a ``--study`` plays (the shipped one needed 30,000).
MAX_DEALS = 1_000_000


def _scheduler(text: str) -> str:
    if not re.fullmatch(r"(tcp|tls|ucx|inproc)://[^\s/]+(:[0-9]+)?/?", text.strip()):
        raise argparse.ArgumentTypeError(f"not a Dask scheduler address: {text[:60]!r} (write tcp://host:8786)")
    return text.strip()


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("analyse",
                       help="compute the double-dummy evidence of every puzzle and exercise (in process or on Dask)")
    p.add_argument("paths", nargs="*", type=nonempty, metavar="PATH",
                   help="lesson/puzzle files or folders (default: the content the app serves)")
    p.add_argument("--samples", type=bounded_int(2, MAX_SAMPLES), default=None,
                   help="layouts per item, 2 to 10000 (default 100, as the app)")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--workers", type=bounded_int(1, MAX_WORKERS), default=None,
                       help="worker processes on this machine, 1 to 256 (default: one per core, with Dask installed); 1 runs in process without Dask")
    where.add_argument("--scheduler", type=_scheduler, default=None, metavar="URL",
                       help="a running Dask scheduler, tcp://host:8786")
    p.add_argument("--seed", type=seed_type, default=None, help="random seed of the layouts, 0 to 4294967295 (default 0, as the app)")
    p.add_argument("--store", type=nonempty, default=None, metavar="DIR",
                   help="the evidence folder (default: $WHIST_TUTOR_EVIDENCE_DIR or the user's data folder)")
    p.add_argument("--daily", type=bounded_int(1, MAX_DAYS), default=None, metavar="DAYS",
                   help="only the daily puzzles of the next DAYS days, 1 to 366")
    p.add_argument("--task-size", type=bounded_int(1, 1000), default=None, metavar="L",
                   help="layouts per task, 1 to 1000 (default 50)")
    study = p.add_argument_group("the rule study")
    study.add_argument("--study", action="store_true",
                       help="run the rule study instead: every card-play maxim's double-dummy gain (no PATH)")
    study.add_argument("--deals", type=bounded_int(1, MAX_DEALS), default=None, metavar="N",
                       help="with --study: at most N deals, 1 to 1000000 (default 30000, as the shipped study)")
    study.add_argument("--target", type=bounded_int(1, 1_000_000), default=None, metavar="P",
                       help="with --study: stop once every maxim has P positions, 1 to 1000000 (default 1000)")
    study.add_argument("--out", type=nonempty, default=None, metavar="DIR",
                       help="with --study: the folder for its JSON and Markdown (default bench/results of the checkout)")
    p.add_argument("--prune", action="store_true",
                   help="with --store: then remove the evidence of items no longer there (keeps a shipped folder clean)")
    add_json_flag(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.study:
        return run_study(args)
    for flag, given in (("--deals", args.deals), ("--target", args.target), ("--out", args.out)):
        if given is not None:
            raise CliError(f"{flag} goes with --study")
    from tutor.analyse import DEFAULT_TASK_SIZE, collect, daily_specs, run_analysis
    from tutor.evidence_store import (
        DEFAULT_SAMPLES,
        DEFAULT_SEED,
        SHIPPED_DIR,
        SHIPPED_MEMO,
        EvidenceStore,
        default_store,
        remember_engine_digest,
    )

    samples = args.samples if args.samples is not None else DEFAULT_SAMPLES
    seed = args.seed if args.seed is not None else DEFAULT_SEED
    for path in args.paths:
        if not os.path.exists(path):
            raise CliError(f"no such file or folder: {path}")
    if args.prune and args.store is None:
        raise CliError("--prune needs --store DIR (the folder to clean)")
    store = EvidenceStore(args.store) if args.store is not None else default_store()
    if args.daily is not None:
        specs = daily_specs(args.daily, args.paths or None, samples, seed)
    else:
        specs = collect(args.paths or None, samples, seed)
    workers = args.workers if args.workers is not None else _default_workers()
    bar = _bar()

    def progress(done: int, total: int) -> None:
        if bar is not None:
            bar.total = total
            bar.n = done
            bar.refresh()

    try:
        summary = run_analysis(specs, store, workers=workers, scheduler=args.scheduler,
                               task_size=args.task_size or DEFAULT_TASK_SIZE, progress=progress)
    finally:
        if bar is not None:
            bar.close()
    pruned = store.prune(specs) if args.prune else 0
    if store.root.resolve() == SHIPPED_DIR:  # the shipped folder: its engine digest memo too
        remember_engine_digest(SHIPPED_DIR / SHIPPED_MEMO)
    where = args.scheduler or ("in process" if workers == 1 else f"{workers} local workers")
    text = (f"{summary.items} items: {summary.computed} computed, {summary.cached} already stored; "
            f"{summary.layouts} layouts solved in {summary.seconds:.1f} s ({where}); store: {store.root}"
            + (f"; {pruned} stale file(s) removed" if args.prune else ""))
    emit(args, summary.as_json(), text)
    return 0


def run_study(args: argparse.Namespace) -> int:
    """``--study``: the rule study, its files written, never shipped (that is an explicit step)."""
    wrong = [flag for flag, given in (("PATH", args.paths), ("--samples", args.samples is not None),
                                      ("--store", args.store is not None), ("--daily", args.daily is not None),
                                      ("--task-size", args.task_size is not None), ("--prune", args.prune)) if given]
    if wrong:
        raise CliError(f"--study takes no {', '.join(wrong)} (it plays its own deals; see --deals, --target, --out)")
    from pathlib import Path

    from tutor.rule_study import DEFAULT_DEALS, DEFAULT_SEED, DEFAULT_TARGET, default_results_dir, study, write_result

    out = Path(args.out) if args.out is not None else default_results_dir()
    if out.exists() and not out.is_dir():
        raise CliError(f"--out {out}: not a folder")
    workers = args.workers if args.workers is not None else _default_workers()
    deals = args.deals if args.deals is not None else DEFAULT_DEALS
    bar = _bar(unit="deal", desc="study")

    def progress(done: int, cap: int, positions: int) -> None:
        if bar is not None:
            bar.total = cap
            bar.n = done
            bar.set_postfix(positions=positions, refresh=False)
            bar.refresh()

    seed = args.seed if args.seed is not None else DEFAULT_SEED
    target = args.target if args.target is not None else DEFAULT_TARGET
    try:
        result = study(seed=seed, max_deals=deals, target=target, workers=workers, scheduler=args.scheduler,
                       progress=progress)
    finally:
        if bar is not None:
            bar.close()
    # smaller than the shipped study's settings: labelled a trial, so shipping it says so on the page
    result["quick"] = target < DEFAULT_TARGET or (result["stopped"] == "deal cap" and deals < DEFAULT_DEALS)
    where = f"--scheduler {args.scheduler}" if args.scheduler else f"--workers {workers}"
    command = f"python -m tutor analyse --study --deals {deals} --target {target} --seed {seed} {where}"
    try:
        path = write_result(result, out, command)
    except OSError as exc:
        raise CliError(f"cannot write the study in {out}: {exc.strerror or exc}") from None
    rules = result["rules"]
    shown = os.path.relpath(path) if not os.path.relpath(path).startswith("..") else str(path)
    at_target = sum(1 for r in rules if r["n"] >= result["target"])
    data = {"deals": result["deals"], "positions": result["positions"], "maxims": len(rules),
            "at_target": at_target, "stopped": result["stopped"], "seconds": result["seconds"], "file": str(path)}
    text = (f"study: {result['deals']:,} deals, {result['positions']:,} positions solved in {result['seconds']:.1f} s "
            f"({result['where']}); {len(rules)} (system, maxim) pairs measured, {at_target} at {result['target']:,} "
            f"positions; stopped by: {result['stopped']}.\n"
            f"written: {shown} (and .md)\n"
            f"to show it in the app: python bench/study_rules.py --ship-file {shown}")
    emit(args, data, text)
    return 0


def _default_workers() -> int:
    """One worker per core when Dask is installed (the ``cluster`` extra), else in process."""
    import importlib.util

    if importlib.util.find_spec("distributed") is None:
        return 1
    return max(1, os.cpu_count() or 1)


def _bar(unit: str = "layout", desc: str = "evidence") -> Any:
    """A tqdm bar (of layouts, or deals) on stderr, or None when stderr is not a terminal (scripts, tests)."""
    if not sys.stderr.isatty():
        return None
    import importlib

    try:
        tqdm = importlib.import_module("tqdm").tqdm
    except ImportError:  # a bar is a nicety: without tqdm the run goes on silently
        return None
    return tqdm(total=0, unit=unit, file=sys.stderr, desc=desc, dynamic_ncols=True)
