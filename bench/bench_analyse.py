"""Benchmark: layouts solved per second by ``tutor analyse``, in process and on Dask, against the raw
endplay batch on the same layouts (issue 15).

The inputs are the first ``--items`` opening-lead items of the shipped content (no tricks played,
so endplay's public API takes the very same deals), ``--samples`` layouts each, drawn exactly as
``tutor analyse`` draws them (:func:`tutor.evidence_store.solve_blocks`' blocks). Measured, each on
a fresh store:

- raw endplay batch: ``endplay.dds.solve_all_boards`` on those layouts (PBN deals, chunks of 200);
- ``--workers 1``: :func:`tutor.analyse.run_analysis` in this process (sampling, DDS batch per task,
  statistics, JSON files);
- a LocalCluster of 1 and of 2 worker processes (1 Python thread each, DDS threads = cores /
  workers, as ``tutor analyse --workers K`` sets them), started before the clock runs (the start-up
  is printed apart), for each ``--task-sizes`` (layouts per task).

Every run's store is checked byte-identical to the in-process one. The machine is shared: the
figures move by 10-20 % from run to run.

    python bench/bench_analyse.py [--items 4] [--samples 50] [--task-sizes 10,50] [--repeat 3]
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tutor.analyse import collect, run_analysis  # noqa: E402
from tutor.evidence_store import BLOCK, EvidenceStore  # noqa: E402


def store_bytes(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in EvidenceStore(root).files()}


def layouts_of(specs):
    """The layouts ``tutor analyse`` solves, as solver positions (block by block, as a task draws them)."""
    import random

    from tutor.evidence_store import FORMAT, view_of
    from tutor.simulate import sample_positions

    out = []
    for s in specs:
        view = view_of(s)
        for b in range(s.blocks):
            rng = random.Random(f"whist-evidence|{FORMAT}|{s.seed}|{s.position_hash}|{b}")
            out.extend(sample_positions(view, s.block_size(b), rng))
    return out


def raw_endplay(positions) -> float:
    from endplay.dds import solve_all_boards
    from endplay.types import Deal as EpDeal
    from endplay.types import Denom, Player

    from tutor.seats import Seat

    deals = []
    for pos in positions:
        d = EpDeal("N:" + " ".join(pos.hands[s].pbn() for s in Seat))
        d.first = Player(int(pos.leader))
        d.trump = Denom.nt if pos.trump is None else Denom(int(pos.trump))
        deals.append(d)
    t0 = time.perf_counter()
    n = 0
    for i in range(0, len(deals), 200):
        n += len(list(solve_all_boards(deals[i:i + 200])))
    assert n == len(positions)
    return time.perf_counter() - t0


APP_READ = """
import time
from tutor.content.loader import load_puzzles
p = next(p for p in load_puzzles() if p.question == "lead" and not p.played)
t0 = time.perf_counter()
import tutor.evidence_store as es
es.solve_blocks = None  # nothing may be solved: the evidence must come from the store
spec = es.EvidenceSpec.of(p.hand, p.trump, answer=p.answer, maxims=p.maxims, dealer=p.dealer, system=p.system,
                          rules=p.rules)
es.evidence_for(spec, es.default_store(), strict=False)
print((time.perf_counter() - t0) * 1000)
"""


def app_read_ms(env_dir: Path) -> float:
    """A fresh process reads a shipped puzzle's evidence the way the daily page does (the
    evidence store's import included, the content's loading not): milliseconds."""
    import subprocess

    env = dict(os.environ, WHIST_TUTOR_EVIDENCE_DIR=str(env_dir), PYTHONPATH=str(ROOT))
    subprocess.run([sys.executable, "-c", APP_READ], env=env, check=True, capture_output=True)  # the digest memo
    out = subprocess.run([sys.executable, "-c", APP_READ], env=env, check=True, capture_output=True, text=True)
    return float(out.stdout.strip())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--items", type=int, default=4)
    ap.add_argument("--samples", type=int, default=50)
    ap.add_argument("--task-sizes", default="10,50")
    ap.add_argument("--workers", default="1,2", help="LocalCluster sizes to time")
    ap.add_argument("--repeat", type=int, default=3, help="rounds; each figure is the best round")
    args = ap.parse_args()
    sizes = [int(x) for x in args.task_sizes.split(",")]
    cluster_sizes = [int(x) for x in args.workers.split(",")]

    specs = [s for s in collect(samples=args.samples) if not s.played][: args.items]
    total = sum(s.samples for s in specs)
    tmp = Path(tempfile.mkdtemp(prefix="bench-analyse-"))
    cores = os.cpu_count() or 1
    print(f"{len(specs)} opening-lead items x {args.samples} layouts = {total} layouts; {cores} cores; "
          f"block {BLOCK} layouts; best of {args.repeat} rounds (the configurations alternate in each round)")
    layouts = layouts_of(specs)
    print(f"app: a shipped puzzle's stored evidence read by a fresh process in {app_read_ms(tmp / 'home'):.0f} ms",
          flush=True)

    from distributed import Client, LocalCluster

    clusters = {}
    for n in cluster_sizes:
        t0 = time.perf_counter()
        cluster = LocalCluster(n_workers=n, threads_per_worker=1, processes=True, dashboard_address=":0",
                               silence_logs=50)
        client = Client(cluster)
        client.run(lambda: __import__("tutor.evidence_store"))  # workers import the engine once, off the clock
        clusters[n] = (cluster, client)
        print(f"(LocalCluster of {n} worker(s) started in {time.perf_counter() - t0:.1f} s, not counted)", flush=True)

    times: dict[str, list[float]] = {}
    reference = None
    for r in range(args.repeat):
        times.setdefault("raw endplay batch (solve_all_boards)", []).append(raw_endplay(layouts))
        folder = tmp / f"serial-{r}"
        times.setdefault("tutor analyse --workers 1 (in process)", []).append(
            run_analysis(specs, EvidenceStore(folder), workers=1).seconds)
        reference = reference or store_bytes(folder)
        for n, (cluster, _) in clusters.items():
            for size in sizes:
                folder = tmp / f"w{n}-t{size}-{r}"
                t = run_analysis(specs, EvidenceStore(folder), scheduler=cluster.scheduler_address, task_size=size,
                                 dds_threads=max(1, cores // n)).seconds
                assert store_bytes(folder) == reference, f"the store of {n} workers, task {size} differs"
                times.setdefault(f"LocalCluster {n} worker(s), task {size} layouts", []).append(t)
        print(f"round {r + 1}: " + ", ".join(f"{v[-1]:.1f}" for v in times.values()) + " s", flush=True)
    for _, client in clusters.values():
        client.close()
    for cluster, _ in clusters.values():
        cluster.close()
    raw = min(next(iter(times.values())))
    print(f"\n  {'configuration':48s} {'best s':>7s}  {'layouts/s':>9s}  vs raw")
    for what, ts in times.items():
        best = min(ts)
        print(f"  {what:48s} {best:7.2f}  {total / best:9.1f}  {100 * (best - raw) / raw:+6.1f} %")
    print("  every store byte-identical to the in-process one")
    shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
