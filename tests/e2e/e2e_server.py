"""Shared set-up of the real-browser tests: a ``streamlit run app.py`` server on a free port,
polled on ``/_stcore/health``, and Debian's Chromium (never ``playwright install``)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
LAUNCH_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
#: The marks of a real-browser test module: ``browser``, skipped where Debian's Chromium is missing.
BROWSER_MARKS = [pytest.mark.browser,
                 pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"Chromium is not installed at {CHROMIUM}")]
#: Where the browser tests leave their screenshots (ignored by git).
ARTIFACTS = ROOT / "tests" / "artifacts"
#: The Play page's cards the learner may click now (tutor.ui.cardpick's keyed boxes).
PLAYABLE = "[class*='st-key-wtcards-'] button:not([disabled])"


@contextmanager
def app_with_fresh_store(workdir: Path) -> Iterator[str]:
    """The app on a free port with a progress store of its own in ``workdir``: its base URL."""
    with streamlit_server(workdir, {"WHIST_TUTOR_DB": str(workdir / "progress.db")}) as base:
        yield base


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def streamlit_server(workdir: Path, env: Mapping[str, str], *, port: int | None = None,
                     args: Sequence[str] = ()) -> Iterator[str]:
    """Run the app with ``env`` added to the environment (and ``args`` after Streamlit's own,
    such as ``--secrets.files FILE``) on ``port`` (default: a free one); yield its base URL once
    healthy."""
    port = port or free_port()
    log_path = workdir / "server.log"
    log = log_path.open("w")
    proc = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", str(ROOT / "app.py"), "--server.headless", "true",
         "--server.port", str(port), "--server.address", "127.0.0.1", "--browser.gatherUsageStats", "false", *args],
        cwd=ROOT, env=dict(os.environ, STREAMLIT_BROWSER_GATHER_USAGE_STATS="false", **env),
        stdout=log, stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"{base}/_stcore/health", timeout=2) as r:
                    if r.status == 200:
                        break
            except OSError:
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("streamlit did not start:\n" + log_path.read_text())
            time.sleep(0.3)
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


def settled(page: Any) -> None:
    """Wait until Streamlit is not running the script (no "running" status widget) and no
    element is drawn faded as stale (a fragment's rerun shows no status widget)."""
    page.wait_for_timeout(300)
    page.wait_for_function("!document.querySelector(\"[data-testid='stStatusWidget'] button\")"
                           " && !document.querySelector('[data-stale=\"true\"]')", timeout=60_000)
    page.wait_for_timeout(300)
