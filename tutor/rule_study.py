"""The rule study: what each card-play maxim of both systems gains or costs double-dummy.

Seeded random whole deals are played with the conventions engine's own advice at all four seats
(each seat sees only what it may, :class:`tutor.seatview.SeatView`), once per system (``russian``,
``english``) on the same deals. At every decision where the seat has more than one legal card and
the deciding maxim (the first the advice cites) is a card-play maxim, the TRUE position is solved
double-dummy (one DDS batch per task) and the conventional card's tricks are recorded beside those
of each card that maxim rejected; :func:`tutor.conventions.figures.aggregate` turns the records
into the figures the Maxims page and docs/conventions.md show.

Deals are played in rounds until every maxim seen has ``target`` positions or a cap is hit; a
maxim too rare to reach the target by the deal cap also gets ``resample`` layouts of the unseen
cards for each of its decisions (one cluster per decision for the standard errors). Each round is
cut into tasks of a few deals, run by :class:`tutor.analyse.Runner` -- in this process, on a local
Dask cluster or on a remote one -- and the results are taken in deal order, so the figures are the
same wherever and in whatever order the tasks ran (the time cap, when one is set, is the only
thing that can change them). ``python -m tutor analyse --study`` and ``bench/study_rules.py`` both
run :func:`study`; shipping a result to the app stays a separate, explicit step.
"""

from __future__ import annotations

import datetime as _dt
import json
import math
import random
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import tutor
from tutor.analyse import Runner
from tutor.cards import Card
from tutor.conventions.advice import advise
from tutor.conventions.catalogue import CARD_PLAY, load_catalogue
from tutor.conventions.figures import SCHEMA, Record, RuleFigure, aggregate, engine_digest
from tutor.conventions.systems import applies
from tutor.deal import Deal
from tutor.errors import WhistError
from tutor.play import PlayState
from tutor.robots import FORCED, sample_positions
from tutor.seats import Seat
from tutor.seatview import SeatView
from tutor.solver import Position as SolverPosition
from tutor.solver import set_threads, solve_many
from tutor.vocab import SYSTEMS, System

__all__ = ["SYSTEMS", "DEFAULT_SEED", "DEFAULT_TARGET", "DEFAULT_DEALS", "DEFAULT_RESAMPLE", "DEFAULT_CHUNK",
           "DEFAULT_ROUND", "card_play_maxims", "play_deal", "run_chunk", "study", "render_md", "write_result",
           "default_results_dir"]

#: The shipped study's settings: seed 1, 1,000 positions a maxim, at most 30,000 deals.
DEFAULT_SEED = 1
DEFAULT_TARGET = 1000
DEFAULT_DEALS = 30_000
DEFAULT_RESAMPLE = 7
#: Deals per task: a few, so the bar moves and a lost worker costs little; a deal is ~40 solves.
DEFAULT_CHUNK = 5
#: Deals per round between two looks at the counts (which maxims are done, which are rare).
DEFAULT_ROUND = 200

Pending = tuple[SolverPosition, str, Card, tuple[Card, ...], int]


def card_play_maxims() -> dict[str, str]:
    """Every card-play maxim of the catalogue: id -> category (not the law of following suit,
    which the engine cites only for a single legal card)."""
    return {m.id: m.category for m in load_catalogue() if m.category in CARD_PLAY and m.id != FORCED}


def _kind(card: Card, conventional: Card) -> str:
    if card.suit != conventional.suit:
        return "other-suit"
    return "higher" if card.rank > conventional.rank else "lower"


def play_deal(index: int, seed: int, system: System, done: frozenset[tuple[str, str]],
              card_play: dict[str, str], rare: frozenset[tuple[str, str]] = frozenset(),
              resample: int = 0) -> list[Pending]:
    """Play deal ``index`` with the engine's advice at every seat; the positions to solve:
    (position, deciding maxim, conventional card, rejected cards, cluster).

    Each recorded decision gives its TRUE position. For a ``rare`` maxim it also gives
    ``resample`` layouts of the cards the seat cannot see, drawn consistent with what it saw
    (:func:`tutor.robots.sample_positions`, the robots' own sampler): the seat's advice depends only on its
    view, so the maxim decides the same way there; the layouts of one decision share a cluster
    id, and the standard errors count a cluster once (:func:`aggregate`)."""
    deal = Deal.random(random.Random(f"study-rules|{seed}|{index}"), dealer=Seat(index % 4))
    state = PlayState(deal)
    out: list[Pending] = []
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
        if deciding is not None and deciding in card_play and (system, deciding) not in done:
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


def run_chunk(indices: tuple[int, ...], seed: int, done: frozenset[tuple[str, str]], card_play: dict[str, str],
              rare: frozenset[tuple[str, str]], resample: int,
              dds_threads: int | None = None) -> tuple[list[list[Any]], int, float, float]:
    """One task: play and solve a few deals in both systems. Pure (the same arguments give the
    same rows in any process). Returns the record rows, the positions solved, play and solve s."""
    if dds_threads is not None:
        set_threads(dds_threads)
    t0 = time.perf_counter()
    pending: list[tuple[System, SolverPosition, str, Card, tuple[Card, ...], int]] = []
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


def study(*, seed: int = DEFAULT_SEED, target: int = DEFAULT_TARGET, max_deals: int = DEFAULT_DEALS,
          max_seconds: float = math.inf, workers: int = 1, scheduler: str | None = None,
          chunk: int = DEFAULT_CHUNK, round_deals: int = DEFAULT_ROUND, resample: int = DEFAULT_RESAMPLE,
          progress: Callable[[int, int, int], None] | None = None) -> dict[str, Any]:
    """Run the study; the result as the shipped JSON holds it.

    ``workers``/``scheduler`` as :class:`tutor.analyse.Runner`. ``progress(deals done, deal cap,
    positions)`` after each task. Without ``max_seconds`` the figures depend only on the seed and
    the settings (not on ``chunk``, the workers, or the order the tasks finished in)."""
    card_play = card_play_maxims()
    expected = sorted((s, m) for s in SYSTEMS for m in card_play if applies(m, s))
    records: list[Record] = []
    counts: Counter[tuple[str, str]] = Counter()  # positions recorded (resampled layouts included)
    decisions: Counter[tuple[str, str]] = Counter()  # independent decisions: the rate that decides "rare"
    seen_clusters: set[tuple[str, str, int]] = set()
    deals = 0
    play_s = solve_s = 0.0
    start = time.perf_counter()
    stopped = "target"
    chunk = max(1, int(chunk))
    with Runner(workers=workers, scheduler=scheduler) as runner:
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
            chunks = [tuple(indices[i:i + chunk]) for i in range(0, n, chunk)]
            calls = [(f"study-{seed}-{c[0]}-{c[-1]}-{len(done)}-{len(rare)}",
                      (c, seed, done, card_play, rare, resample, runner.threads)) for c in chunks]
            results: dict[int, tuple[list[list[Any]], int, float, float]] = {}
            base = deals

            def finished(i: int, result: tuple[list[list[Any]], int, float, float],
                         results: dict[int, tuple[list[list[Any]], int, float, float]] = results,
                         base: int = base, chunks: list[tuple[int, ...]] = chunks) -> None:
                results[i] = result
                if progress is not None:
                    progress(base + sum(len(chunks[j]) for j in results), max_deals,
                             len(records) + sum(r[1] for r in results.values()))

            runner.run(run_chunk, calls, finished)
            for i in range(len(chunks)):  # in deal order, whatever order the tasks finished in
                rows, _npos, p, s = results[i]
                for row in rows:
                    rec = Record.from_row(row)
                    key = (rec.system, rec.maxim)
                    if counts[key] < target:
                        records.append(rec)
                        counts[key] += 1
                        if rec.cluster < 0 or (*key, rec.cluster) not in seen_clusters:
                            decisions[key] += 1
                            seen_clusters.add((*key, rec.cluster))
                play_s += p
                solve_s += s
            deals += n
    seconds = time.perf_counter() - start
    figures = aggregate(records)
    order = {k: i for i, k in enumerate(expected)}
    figures.sort(key=lambda f: order.get((f.system, f.maxim), len(order)))
    never = [{"system": s, "maxim": m} for s, m in expected if (s, m) not in counts]
    now = _dt.datetime.now(_dt.UTC)
    where = scheduler or ("in process" if workers <= 1 else f"{workers} local workers")
    return {
        "schema": SCHEMA,
        "engine": {"version": tutor.__version__, "digest": engine_digest()},
        "date": now.strftime("%Y-%m-%d"),
        "finished": now.strftime("%Y-%m-%dT%H%MZ"),
        "seed": seed, "target": target, "deals": deals, "stopped": stopped,
        "seconds": round(seconds, 1), "positions": len(records),
        "positions_per_second": round(len(records) / seconds, 2) if seconds else None,
        "cpu_seconds": {"play": round(play_s, 1), "solve": round(solve_s, 1)},
        "jobs": workers, "where": where, "resample": resample,
        "rules": [f.as_json() for f in figures],
        "never_decided": never,
    }


def render_md(result: dict[str, Any], command: str) -> str:
    """The study as a Markdown table, for people (the JSON is what the app reads)."""
    cat = load_catalogue()
    lines = [
        "# Study: every card-play maxim, double-dummy",
        "",
        f"Command: `{command}`  ",
        f"Date {result['date']}; engine {result['engine']['version']} (rules digest {result['engine']['digest']}); "
        f"seed {result['seed']}; {result['deals']:,} deals; {result['positions']:,} positions solved in "
        f"{result['seconds']:.0f} s ({result['positions_per_second']} positions/s, {result.get('where', result['jobs'])}); "
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


def default_results_dir() -> Path:
    """Where a study is written: ``bench/results/`` of the checkout the package runs from (where
    ``bench/study_rules.py`` always wrote, git-ignored), else ``study-results`` in the current folder."""
    root = Path(tutor.__file__).resolve().parents[1]
    if (root / "bench").is_dir():
        return root / "bench" / "results"
    return Path.cwd() / "study-results"


def write_result(result: dict[str, Any], out_dir: Path, command: str) -> Path:
    """Write the study's JSON and Markdown in ``out_dir``; the JSON's path.

    Named ``study_rules-<date>-<digest>[-trial]``; a name already taken gets ``-2``, ``-3``...:
    an earlier run is never overwritten (it may be the one somebody meant to ship)."""
    out_dir.mkdir(parents=True, exist_ok=True)
    stem = f"study_rules-{result['date']}-{result['engine']['digest']}" + ("-trial" if result.get("quick") else "")
    text = json.dumps(result, ensure_ascii=False, indent=1) + "\n"
    for n in range(1, 10_000):
        name = stem if n == 1 else f"{stem}-{n}"
        json_path = out_dir / f"{name}.json"
        try:
            with open(json_path, "x", encoding="utf-8") as fh:  # "x": fails rather than overwrite
                fh.write(text)
        except FileExistsError:
            continue
        md_path = json_path.with_suffix(".md")
        if not md_path.exists():
            md_path.write_text(render_md(result, command), encoding="utf-8")
        return json_path
    raise FileExistsError(f"{out_dir}: too many studies named {stem}")
