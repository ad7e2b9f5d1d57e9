"""Evidence at scale: every lead and play item's evidence computed ahead, in process or on Dask.

Solving layouts is embarrassingly parallel, so the work is cut into tasks -- a few blocks of
layouts of one item (:func:`tutor.evidence_store.solve_blocks`, one DDS batch each) -- and run:

- ``workers=1``: in this process, one task after another (tests, debugging, small jobs);
- ``workers=K``: on a ``dask.distributed.LocalCluster`` of K worker processes started here;
- ``scheduler="tcp://host:port"``: on a running Dask cluster (``dask scheduler`` and ``dask
  worker`` on several machines with this package installed).

Only this process writes the store, once all blocks of an item are in, putting them together in
block order: the store is byte-identical however and in whatever order the tasks ran. A worker
killed mid-run loses its task, which Dask runs again on another worker (``retries`` covers a task
that raised); the store already holds every finished item, so a re-run computes only what is
missing. Dask is imported only when it is used.
"""

from __future__ import annotations

import os
import random
import time
import uuid
from collections.abc import Callable, Iterable, Sequence
from contextlib import nullcontext
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from tutor.cards import Card
from tutor.content.daily import plan as daily_plan
from tutor.content.loader import load_paths
from tutor.content.models import Item
from tutor.errors import WhistError
from tutor.evidence_store import (
    DEFAULT_SAMPLES,
    DEFAULT_SEED,
    EvidenceSpec,
    EvidenceStore,
    assemble,
    solve_blocks,
    view_of,
)

__all__ = ["AnalyseError", "Task", "Summary", "spec_of", "collect", "daily_specs", "plan", "run_analysis",
           "DEFAULT_TASK_SIZE", "RETRIES", "Runner"]

#: Layouts per task: big enough to hide Dask's per-task cost (a few ms) behind DDS's (~30 ms a
#: layout), small enough that a killed worker loses little and the bar moves.
DEFAULT_TASK_SIZE = 50
#: How often Dask runs a task again that raised (a worker that dies is handled by the scheduler).
RETRIES = 3


class AnalyseError(WhistError):
    """The analysis cannot run: content with problems, no cluster at the address, no Dask."""


@dataclass(frozen=True)
class Task:
    """Some blocks of one item's layouts: the unit of work sent to a worker."""

    spec: EvidenceSpec
    blocks: tuple[int, ...]

    @property
    def layouts(self) -> int:
        return sum(self.spec.block_size(b) for b in self.blocks)

    @property
    def name(self) -> str:
        """The task's name: the same task always has the same name, two different tasks never do
        (a run adds its own token to make the Dask key)."""
        return f"evidence-{self.spec.table_key}-{self.blocks[0]}-{self.blocks[-1]}"


@dataclass(frozen=True)
class Summary:
    """What a run did: ``items`` analysable, ``computed`` now, ``cached`` found in the store."""

    items: int
    computed: int
    cached: int
    seconds: float
    layouts: int

    def as_json(self) -> dict[str, Any]:
        return {"items": self.items, "computed": self.computed, "cached": self.cached,
                "seconds": round(self.seconds, 2)}


def spec_of(item: Item, samples: int = DEFAULT_SAMPLES, seed: int = DEFAULT_SEED) -> EvidenceSpec | None:
    """The evidence spec of a lead or play item with a card for its answer; None for the others
    (honours, score and legal questions have no card to simulate). An item that says over how many
    layouts its evidence is shipped (``evidence_layouts``, the puzzle library's) keeps that number."""
    if item.question not in ("lead", "play") or not isinstance(item.answer, Card):
        return None
    return EvidenceSpec.of(item.student_hand, item.trump_card, answer=item.answer, maxims=item.maxims, dealer=item.dealer,
                           seat=item.seat, played=item.tricks_played, system=item.system, rules=item.rules,
                           samples=item.evidence_layouts or samples, seed=seed)


def _load(paths: Sequence[str | Path] | None) -> Any:
    content = load_paths(list(paths) if paths else None)
    if content.problems:
        first = content.problems[0]
        more = f" (and {len(content.problems) - 1} more; run `tutor check`)" if len(content.problems) > 1 else ""
        raise AnalyseError(f"{first}{more}")
    return content


def collect(paths: Sequence[str | Path] | None = None, samples: int = DEFAULT_SAMPLES,
            seed: int = DEFAULT_SEED) -> list[EvidenceSpec]:
    """The spec of every lead/play puzzle and lesson exercise under ``paths`` (default: the content
    the app serves), each once; content with problems raises :class:`AnalyseError`."""
    content = _load(paths)
    return _unique(spec_of(x.item, samples, seed) for x in content.items())


def daily_specs(days: int, paths: Sequence[str | Path] | None = None, samples: int = DEFAULT_SAMPLES,
                seed: int = DEFAULT_SEED, start: date | None = None) -> list[EvidenceSpec]:
    """The specs of the daily puzzles of ``days`` days from ``start`` (default: today), as planned
    from the content (:func:`tutor.content.daily.plan`; the days the app keeps are chosen the same
    way until learners' ratings count, and the whole library is analysed ahead anyway)."""
    from tutor.clock import learner_today

    content = _load(paths)
    pool = [p.item for p in content.puzzles]
    first = start or learner_today(None)
    return _unique(spec_of(daily_plan(pool, first + timedelta(days=i)).puzzle, samples, seed) for i in range(days))


def _unique(specs: Iterable[EvidenceSpec | None]) -> list[EvidenceSpec]:
    seen: dict[str, EvidenceSpec] = {}
    for s in specs:
        if s is not None and s.key not in seen:
            seen[s.key] = s
    return list(seen.values())


def plan(specs: Sequence[EvidenceSpec], task_size: int = DEFAULT_TASK_SIZE) -> list[Task]:
    """Each spec's blocks cut into tasks of about ``task_size`` layouts (whole blocks); specs that
    share a table share its tasks."""
    from tutor.evidence_store import BLOCK

    per_task = max(1, -(-int(task_size) // BLOCK))
    tasks: list[Task] = []
    seen: set[str] = set()
    for s in specs:
        if s.table_key in seen:
            continue
        seen.add(s.table_key)
        for start in range(0, s.blocks, per_task):
            tasks.append(Task(s, tuple(range(start, min(s.blocks, start + per_task)))))
    return tasks


ResultSink = Callable[[Task, tuple[tuple[int, Any], ...]], None]


def run_analysis(
    specs: Sequence[EvidenceSpec],
    store: EvidenceStore,
    *,
    workers: int = 1,
    scheduler: str | None = None,
    task_size: int = DEFAULT_TASK_SIZE,
    shuffle: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    on_task_done: Callable[[int], None] | None = None,
    dds_threads: int | None = None,
    runner: Runner | None = None,
) -> Summary:
    """Compute and store the evidence of every spec missing from ``store``.

    ``progress(layouts done, layouts total)`` after each task; ``on_task_done(n)`` with the number
    of tasks done (tests kill a worker there). ``shuffle`` runs the tasks in a seeded random order
    (tests: the order must not matter). ``dds_threads``: DDS threads per worker (default: on a
    LocalCluster started here, the cores shared out; elsewhere DDS's own default). ``runner``: an
    entered :class:`Runner` to run the tasks on (a job of several runs starts its cluster once);
    ``workers``, ``scheduler`` and ``dds_threads`` are then the runner's.
    """
    t0 = time.perf_counter()
    missing = [s for s in specs if not store.has(s)]
    cached = len(specs) - len(missing)
    if missing:
        store.check_writable()
    by_table: dict[str, list[EvidenceSpec]] = {}
    need: list[EvidenceSpec] = []
    for s in missing:
        rows = store.get_table(s)
        if rows is not None:  # the table is stored (an engine change): only the comparison is new
            store.put(s, rows, assemble(s, rows))
            continue
        if s.table_key not in by_table:
            need.append(s)
        by_table.setdefault(s.table_key, []).append(s)
    for s in need:  # a position that cannot be analysed fails here, not in a worker after retries
        view_of(s)
    tasks = plan(need, task_size)
    if shuffle is not None:
        random.Random(shuffle).shuffle(tasks)
    total = sum(t.layouts for t in tasks)
    parts: dict[str, dict[int, Any]] = {k: {} for k in by_table}
    done = {"layouts": 0, "tasks": 0}

    def finished(task: Task, result: tuple[tuple[int, Any], ...]) -> None:
        key = task.spec.table_key
        for b, rows in result:
            parts[key][b] = rows
        if len(parts[key]) == task.spec.blocks:  # every block is in: write, in block order
            got = parts.pop(key)
            table = tuple(row for b in range(task.spec.blocks) for row in got[b])
            for s in by_table[key]:
                store.put(s, table, assemble(s, table))
        done["layouts"] += task.layouts
        done["tasks"] += 1
        if progress is not None:
            progress(done["layouts"], total)
        if on_task_done is not None:
            on_task_done(done["tasks"])

    if tasks:
        with nullcontext(runner) if runner is not None else Runner(workers=workers, scheduler=scheduler,
                                                                   dds_threads=dds_threads) as r:
            r.run(solve_blocks, [(t.name, (t.spec, t.blocks, r.threads)) for t in tasks],
                  lambda i, result: finished(tasks[i], result))
    return Summary(items=len(specs), computed=len(missing), cached=cached,
                   seconds=time.perf_counter() - t0, layouts=total)


def _distributed() -> Any:
    """``dask.distributed``, imported now (an untyped library, used through ``Any``)."""
    import importlib

    try:
        return importlib.import_module("distributed")
    except ImportError:
        raise AnalyseError("running on Dask needs dask[distributed]: pip install 'whist-tutor[cluster]' "
                           "(or use --workers 1)") from None


class Runner:
    """Where the tasks of a run go: this process (``workers <= 1`` and no scheduler), a
    ``LocalCluster`` of ``workers`` processes started here, or a running scheduler.

    A context manager, so a job of several rounds (the rule study decides each round's work from
    the last one's results) starts its cluster once. :meth:`run` hands each result back with the
    index of its call, in whatever order the tasks finish: the caller puts them in order, which is
    what makes a run's output independent of where and in what order the tasks ran.
    """

    def __init__(self, *, workers: int = 1, scheduler: str | None = None, dds_threads: int | None = None) -> None:
        self.workers = workers
        self.scheduler = scheduler
        self.in_process = scheduler is None and workers <= 1
        # local workers share this machine's cores; in process or remote, DDS keeps its own default
        self.threads = dds_threads
        if dds_threads is None and scheduler is None and not self.in_process:
            self.threads = max(1, (os.cpu_count() or 1) // workers)
        self._cluster: Any = None
        self._client: Any = None

    def __enter__(self) -> Runner:
        if self.in_process:
            return self
        dd = _distributed()
        if self.scheduler is None:
            self._cluster = dd.LocalCluster(n_workers=self.workers, threads_per_worker=1, processes=True,
                                            dashboard_address=":0", silence_logs=40)
            self._client = dd.Client(self._cluster)
        else:
            try:
                self._client = dd.Client(self.scheduler, timeout="10s")
            except (OSError, TimeoutError, ValueError) as exc:
                raise AnalyseError(f"no Dask scheduler at {self.scheduler}: {exc}") from None
        return self

    def __exit__(self, *exc: object) -> None:
        try:
            if self._client is not None:
                self._client.close()
        finally:
            if self._cluster is not None:
                self._cluster.close()
            self._client = self._cluster = None

    def run(self, fn: Callable[..., Any], calls: Sequence[tuple[str, tuple[Any, ...]]],
            done: Callable[[int, Any], None]) -> None:
        """``fn(*args)`` for each ``(name, args)`` of ``calls``; ``done(index, result)`` as each
        finishes. On Dask a task that raised runs again (:data:`RETRIES`), and one whose worker
        died runs on another; ``name`` must say what the task computes (a run adds its own token
        to make the key, so a result another run left on a shared scheduler is not taken)."""
        if self._client is None:
            for i, (_name, args) in enumerate(calls):
                done(i, fn(*args))
            return
        dd = _distributed()
        run = uuid.uuid4().hex[:12]
        futures = []
        index: dict[str, int] = {}
        for i, (name, args) in enumerate(calls):
            key = f"{name}-{run}"
            futures.append(self._client.submit(fn, *args, key=key, retries=RETRIES, pure=False))
            index[key] = i
        # results are gathered by as_completed itself, on the client's own loop: a separate
        # fut.result() could wait on another client's loop when a process holds two clients
        for fut, result in dd.as_completed(futures, with_results=True):
            done(index[fut.key], result)
            fut.release()
