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

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
LAUNCH_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]


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


def password_login(page: Any, name: str, password: str, lang: str = "en") -> None:
    """Log in from the sidebar as a user does: the name and the password typed (each committed
    with Enter), then *Log in* clicked."""
    from tutor.i18n import t

    side = page.locator("[data-testid='stSidebar']")
    box = side.get_by_label(t("app.learner", lang), exact=True)
    box.fill(name)
    box.press("Enter")
    settled(page)
    pw = side.get_by_label(t("account.password", lang), exact=True)
    pw.fill(password)
    pw.press("Enter")
    settled(page)
    side.get_by_role("button", name=t("account.login", lang), exact=True).click()
    settled(page)


def sidebar_go(page: Any, key: str, lang: str = "en", *, heading: bool = True) -> None:
    """Open page ``key`` by its sidebar link (the same session, still logged in: a new URL would
    be a new session); wait for its heading unless ``heading`` is False."""
    import re

    from tutor.i18n import t

    title = t(f"nav.{key}", lang)
    page.locator("[data-testid='stSidebarNav'] a", has_text=title).first.click()
    page.wait_for_url(re.compile(rf"/{key}(\?|$)"))
    if heading:
        page.get_by_role("heading", name=title).first.wait_for()
    settled(page)
