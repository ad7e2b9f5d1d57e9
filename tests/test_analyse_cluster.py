"""``tutor analyse`` on a Dask LocalCluster (issue 15): the same bytes as in process, and a worker
killed mid-run costs only its task. Starting worker processes takes seconds: marked slow."""

from __future__ import annotations

import os
import signal

import pytest

from test_evidence_store import SPECS, store_bytes
from tutor.analyse import run_analysis
from tutor.evidence_store import BLOCK, EvidenceSpec, EvidenceStore

distributed = pytest.importorskip("distributed")

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def serial(tmp_path_factory):
    root = tmp_path_factory.mktemp("serial")
    run_analysis(SPECS, EvidenceStore(root), workers=1)
    return store_bytes(root)


def test_two_worker_local_cluster_writes_the_same_store_as_in_process(tmp_path, serial):
    summary = run_analysis(SPECS, EvidenceStore(tmp_path), workers=2, task_size=BLOCK)
    assert (summary.items, summary.computed) == (3, 3)
    assert store_bytes(tmp_path) == serial


def test_a_worker_killed_mid_run_loses_only_its_task(tmp_path):
    """SIGKILL one of two workers once the first task is back: its task runs again elsewhere (the
    nanny starts a new worker), the run completes, and the store is byte-identical to a serial run."""
    specs = [EvidenceSpec.of("KJ4.AQ32.T98.765", "C2", answer="S4", maxims=["king-third-lead-small"],
                             samples=40, seed=s) for s in range(4)]
    run_analysis(specs, EvidenceStore(tmp_path / "serial"), workers=1)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0",
                                  silence_logs=50) as cluster, distributed.Client(cluster) as client:
        before = client.run(os.getpid)
        victim = sorted(before.values())[0]
        killed = []

        def kill_one(done: int) -> None:
            if done == 1 and not killed:
                os.kill(victim, signal.SIGKILL)
                killed.append(victim)

        summary = run_analysis(specs, EvidenceStore(tmp_path / "cluster"), scheduler=cluster.scheduler_address,
                               task_size=BLOCK, on_task_done=kill_one)
        assert killed and victim not in client.run(os.getpid).values()
    assert (summary.items, summary.computed) == (4, 4)
    assert store_bytes(tmp_path / "cluster") == store_bytes(tmp_path / "serial")
