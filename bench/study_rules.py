"""Study: what does each card-play maxim of both systems gain or cost double-dummy?

Seeded random whole deals are played with the conventions engine's own advice at all four seats
(each seat sees only what it may, :class:`tutor.seatview.SeatView`), once per system (``russian``,
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
output gives the number of independent decisions beside n. Two worker processes share the deals; the result is deterministic
for a seed (unless the time cap stops it).

    python bench/study_rules.py --quick                 # a test run, a minute or two
    python bench/study_rules.py                         # the full run: >= 1,000 positions a maxim
    python bench/study_rules.py --ship                  # ... and ship the JSON to the app
    python bench/study_rules.py --max-minutes 6 --trial --ship   # a labelled trial study
    python bench/study_rules.py --docs                  # only rewrite docs/conventions.md's rule table
    python bench/study_rules.py --ship-file bench/results/X.json   # ship a finished run

Output: bench/results/study_rules-<date>-<digest>.json and .md (git-ignored). ``--ship`` copies
the JSON to tutor/conventions/study/<UTC date and time>_<version>-<digest>.json (never over an
existing file);
the Maxims page and docs/conventions.md read the newest file there.
"""

from __future__ import annotations

import argparse
import datetime as _dt
import json
import os
import random
import shutil
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import tutor  # noqa: E402
from tutor.conventions.advice import advise  # noqa: E402
from tutor.conventions.catalogue import CARD_PLAY, load_catalogue  # noqa: E402
from tutor.conventions.figures import (  # noqa: E402
    MARK_END, MARK_START, SCHEMA, STUDY_DIR, Record, RuleFigure, aggregate, engine_digest, load_study,
    render_rules_doc, replace_between_markers,
)
from tutor.conventions.systems import applies  # noqa: E402
from tutor.deal import Deal  # noqa: E402
from tutor.errors import WhistError  # noqa: E402
from tutor.play import PlayState  # noqa: E402
from tutor.robots import FORCED, sample_positions  # noqa: E402
from tutor.seatview import SeatView  # noqa: E402
from tutor.seats import Seat  # noqa: E402
from tutor.solver import Position as SolverPosition  # noqa: E402
from tutor.solver import solve_many  # noqa: E402

SYSTEMS = ("russian", "english")
RESULTS = ROOT / "bench" / "results"
DOC = ROOT / "docs" / "conventions.md"


def card_play_maxims() -> dict[str, str]:
    """Every card-play maxim of the catalogue: id -> category (not the law of following suit,
    which the engine cites only for a single legal card)."""
    return {m.id: m.category for m in load_catalogue() if m.category in CARD_PLAY and m.id != FORCED}


def _kind(card, conventional) -> str:
    if card.suit != conventional.suit:
        return "other-suit"
    return "higher" if card.rank > conventional.rank else "lower"


def play_deal(index: int, seed: int, system: str, done: frozenset[tuple[str, str]],
              card_play: dict[str, str], rare: frozenset[tuple[str, str]] = frozenset(),
              resample: int = 0) -> list[tuple[SolverPosition, str, object, tuple, int]]:
    """Play deal ``index`` with the engine's advice at every seat; the positions to solve:
    (position, deciding maxim, conventional card, rejected cards, cluster).

    Each recorded decision gives its TRUE position. For a ``rare`` maxim it also gives
    ``resample`` layouts of the cards the seat cannot see, drawn consistent with what it saw
    (:func:`tutor.robots.sample_positions`, the robots' own sampler): the seat's advice depends only on its
    view, so the maxim decides the same way there; the layouts of one decision share a cluster
    id, and the standard errors count a cluster once (:func:`aggregate`)."""
    deal = Deal.random(random.Random(f"study-rules|{seed}|{index}"), dealer=Seat(index % 4))
    state = PlayState(deal)
    out = []
    step = 0
    while not state.is_over:
        step += 1
        seat = state.to_play
        legal = state.legal_cards()
        if len(legal) == 1:
            state.play(legal[0])
            continue
        view = SeatView.from_state(state, seat)
        try:
            advice = advise(view, system)
        except WhistError as exc:  # an engine bug must not sink an hour's run: say so, play on
            print(f"\nadvice failed in deal {index} ({system}), {seat.name}: {exc}", file=sys.stderr)
            state.play(legal[0])
            continue
        card = advice.card if advice.card in legal else legal[0]
        deciding = advice.maxims[0] if advice.maxims else None
        if deciding in card_play and (system, deciding) not in done:
            rejected = tuple(v.card for v in advice.candidates
                             if v.verdict != "equal" and v.maxims and v.maxims[0] == deciding)
            if rejected:
                cluster = -1
                extra: list[SolverPosition] = []
                if resample and (system, deciding) in rare:
                    cluster = (index * 2 + SYSTEMS.index(system)) * 64 + step
                    rng = random.Random(f"study-rules|{seed}|{index}|{system}|{step}")
                    extra = sample_positions(view, rng, resample)
                for pos in [SolverPosition.from_state(state), *extra]:
                    out.append((pos, deciding, card, rejected, cluster))
        state.play(card)
    return out


def run_chunk(args: tuple) -> tuple[list[list], int, float, float]:
    """Play and solve a chunk of deals in both systems: record rows, positions, play s, solve s."""
    indices, seed, done, card_play, rare, resample = args
    t0 = time.perf_counter()
    pending = []
    for i in indices:
        for system in SYSTEMS:
            if all((system, m) in done for m in card_play if applies(m, system)):
                continue
            pending += [(system, *p) for p in play_deal(i, seed, system, done, card_play, rare, resample)]
    t1 = time.perf_counter()
    solutions = solve_many([p[1] for p in pending]) if pending else []
    t2 = time.perf_counter()
    rows = []
    for (system, _pos, maxim, card, rejected, cluster), sol in zip(pending, solutions):
        rec = Record(system, maxim, sol.tricks[card], tuple(sol.tricks[c] for c in rejected), sol.best,
                     tuple(_kind(c, card) for c in rejected), cluster)
        rows.append(rec.as_row())
    return rows, len(pending), t1 - t0, t2 - t1


def _init_worker() -> None:
    # Each worker process is one core's worth: DDS's own thread pool would only compete.
    try:
        import endplay._dds as dds
        dds.SetMaxThreads(1)
    except Exception:  # pragma: no cover - an older endplay: DDS picks its thread count itself
        pass


def study(*, seed: int, target: int, max_deals: int, max_seconds: float, jobs: int,
          chunk: int, round_deals: int, resample: int = 0) -> dict:
    card_play = card_play_maxims()
    expected = sorted((s, m) for s in SYSTEMS for m in card_play if applies(m, s))
    records: list[Record] = []
    counts: Counter = Counter()  # positions recorded (resampled layouts included)
    decisions: Counter = Counter()  # independent play decisions: the rate that decides "rare"
    seen_clusters: set[tuple[str, str, int]] = set()
    deals = 0
    play_s = solve_s = 0.0
    start = time.perf_counter()
    stopped = "target"
    with ProcessPoolExecutor(max_workers=jobs, initializer=_init_worker) as pool:
        while True:
            done = frozenset(k for k, n in counts.items() if n >= target)
            short = [k for k in counts if k not in done]
            if deals and not short:
                break
            if deals >= max_deals:
                stopped = "deal cap"
                break
            if time.perf_counter() - start > max_seconds:
                stopped = "time cap"
                break
            n = min(round_deals, max_deals - deals)
            # Targeted sampling: a maxim that, at its rate so far, would not reach the target by
            # the deal cap gets resampled layouts of each of its decisions.
            rare = frozenset(k for k in short if deals and decisions[k] * max_deals / deals < target)
            indices = list(range(deals, deals + n))
            tasks = [(indices[i:i + chunk], seed, done, card_play, rare, resample) for i in range(0, n, chunk)]
            for rows, _npos, p, s in pool.map(run_chunk, tasks):
                for row in rows:
                    rec = Record.from_row(row)
                    key = (rec.system, rec.maxim)
                    if counts[key] < target:  # the order is the deals', so deterministic
                        records.append(rec)
                        counts[key] += 1
                        if rec.cluster < 0 or (*key, rec.cluster) not in seen_clusters:
                            decisions[key] += 1
                            seen_clusters.add((*key, rec.cluster))
                play_s += p
                solve_s += s
            deals += n
            elapsed = time.perf_counter() - start
            complete = sum(1 for k in counts if counts[k] >= target)
            print(f"\r{deals:,} deals, {len(records):,} positions ({len(records) / elapsed:.1f}/s), "
                  f"{complete}/{len(counts)} maxims at {target:,}, {elapsed:.0f} s   ",
                  end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    seconds = time.perf_counter() - start
    figures = aggregate(records)
    order = {k: i for i, k in enumerate(expected)}
    figures.sort(key=lambda f: order.get((f.system, f.maxim), len(order)))
    never = [{"system": s, "maxim": m} for s, m in expected if (s, m) not in counts]
    return {
        "schema": SCHEMA,
        "engine": {"version": tutor.__version__, "digest": engine_digest()},
        "date": _dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%d"),
        "finished": _dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%dT%H%MZ"),
        "seed": seed, "target": target, "deals": deals, "stopped": stopped,
        "seconds": round(seconds, 1), "positions": len(records),
        "positions_per_second": round(len(records) / seconds, 2) if seconds else None,
        "cpu_seconds": {"play": round(play_s, 1), "solve": round(solve_s, 1)},
        "jobs": jobs, "resample": resample,
        "rules": [f.as_json() for f in figures],
        "never_decided": never,
    }


def render_md(result: dict, command: str) -> str:
    cat = load_catalogue()
    lines = [
        "# Study: every card-play maxim, double-dummy",
        "",
        f"Command: `{command}`  ",
        f"Date {result['date']}; engine {result['engine']['version']} (rules digest {result['engine']['digest']}); "
        f"seed {result['seed']}; {result['deals']:,} deals; {result['positions']:,} positions solved in "
        f"{result['seconds']:.0f} s ({result['positions_per_second']} positions/s, {result['jobs']} processes); "
        f"stopped by: {result['stopped']}" + (" (**trial run**)" if result.get("quick") else "") + ".",
        "",
        "Each figure is a paired mean over the positions where the maxim decided the card: the conventional",
        "card's double-dummy tricks minus the average (vs mean) or the best (vs best) of the cards it rejected,",
        "± one standard error; *best* = share of positions where the conventional card is double-dummy best",
        "among all legal cards. Positive = the maxim gains even with all hands open.",
        "",
        "| system | maxim | category | n | vs mean | vs best | best | higher / lower / other suit |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for row in result["rules"]:
        f = RuleFigure.from_json(row)
        kinds = " / ".join(
            (f"{f.by_kind[k][1]:+.2f} (n {f.by_kind[k][0]})" if k in f.by_kind else "—")
            for k in ("higher", "lower", "other-suit"))
        category = cat.get(f.maxim).category if f.maxim in cat else "?"
        short = " (short)" if f.n < result["target"] else ""
        if f.independent < f.n:
            short += f" ({f.independent:,} indep.)"
        lines.append(f"| {f.system} | `{f.maxim}` | {category} | {f.n:,}{short} | {f.vs_mean[0]:+.3f} ± {f.vs_mean[1]:.3f} | "
                     f"{f.vs_best[0]:+.3f} ± {f.vs_best[1]:.3f} | {100 * f.best_share:.0f}% | {kinds} |")
    if result["never_decided"]:
        lines += ["", "Never the deciding maxim of a recorded position in these deals: "
                  + ", ".join(f"`{r['maxim']}` ({r['system']})" for r in result["never_decided"]) + "."]
    return "\n".join(lines) + "\n"


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


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--target", type=int, default=1000, help="positions wanted per (system, maxim)")
    ap.add_argument("--max-deals", type=int, default=30000)
    ap.add_argument("--max-minutes", type=float, default=38.0)
    ap.add_argument("--resample", type=int, default=7,
                    help="extra layouts per decision of a maxim too rare to reach the target by the deal cap")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--chunk", type=int, default=10, help="deals per worker task")
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
                   max_seconds=60 * args.max_minutes, jobs=args.jobs, chunk=args.chunk, round_deals=args.round,
                   resample=args.resample)
    result["quick"] = bool(args.quick or args.trial)
    out = Path(args.out_dir)
    out.mkdir(parents=True, exist_ok=True)
    stem = f"study_rules-{result['date']}-{result['engine']['digest']}" + ("-trial" if result["quick"] else "")
    json_path = out / f"{stem}.json"
    json_path.write_text(json.dumps(result, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    command = "python bench/study_rules.py " + " ".join(argv if argv is not None else sys.argv[1:])
    (out / f"{stem}.md").write_text(render_md(result, command.strip()), encoding="utf-8")
    print(f"{json_path} and .md: {result['positions']:,} positions, {result['deals']:,} deals, "
          f"{result['seconds']:.0f} s, {result['positions_per_second']} positions/s")
    if args.ship:
        print(f"shipped {ship(json_path, result)}")


if __name__ == "__main__":
    main()
