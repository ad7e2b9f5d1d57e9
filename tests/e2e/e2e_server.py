"""Shared set-up of the real-browser tests: a ``streamlit run app.py`` server on a free port,
polled on ``/_stcore/health``, and Debian's Chromium (never ``playwright install``)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
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


@dataclass
class Served:
    """A running app: its base URL and process; with ``cpu_probe``, :meth:`cpu` reads the
    server's own CPU time."""

    base: str
    proc: subprocess.Popen[bytes]
    probe: Path | None = None

    def cpu(self) -> float:
        """The server process's CPU time so far, in seconds (all its threads, those ended too:
        ``time.process_time`` read inside it on a SIGUSR1, :func:`_probe_main`). Precise to the
        microsecond where ``/proc``'s figures count in 10 ms ticks."""
        if self.probe is None:
            raise RuntimeError("started without cpu_probe=True")
        before = self.probe.read_text() if self.probe.exists() else ""
        self.proc.send_signal(signal.SIGUSR1)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            text = self.probe.read_text() if self.probe.exists() else ""
            if text and text != before:
                return int(text.split()[1]) / 1e9
            time.sleep(0.002)
        raise RuntimeError("the server did not answer the CPU probe")


@contextmanager
def streamlit_process(workdir: Path, env: Mapping[str, str], *, port: int | None = None,
                      args: Sequence[str] = (), cpu_probe: bool = False,
                      script: Path = ROOT / "app.py") -> Iterator[Served]:
    """Run the app with ``env`` added to the environment (and ``args`` after Streamlit's own,
    such as ``--secrets.files FILE``) on ``port`` (default: a free one); yield it once healthy.
    ``cpu_probe``: started through this file's probe (:func:`_probe_main`), so the benches read
    the server's CPU time per click. ``script``: another Streamlit app, run from its own folder
    (so with that folder's ``.streamlit/`` config, not the tutor's); its log is ``workdir/server.log``."""
    port = port or free_port()
    log_path = workdir / "server.log"
    log = log_path.open("w")
    probe = workdir / "server.cpu" if cpu_probe else None
    launch = [str(Path(__file__).resolve()), str(probe)] if probe is not None else ["-m", "streamlit"]
    proc = subprocess.Popen(
        [sys.executable, *launch, "run", str(script), "--server.headless", "true",
         "--server.port", str(port), "--server.address", "127.0.0.1", "--browser.gatherUsageStats", "false", *args],
        cwd=script.parent, env=dict(os.environ, STREAMLIT_BROWSER_GATHER_USAGE_STATS="false", **env),
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
        yield Served(base, proc, probe)
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


@contextmanager
def streamlit_server(workdir: Path, env: Mapping[str, str], *, port: int | None = None,
                     args: Sequence[str] = ()) -> Iterator[str]:
    """:func:`streamlit_process`, yielding only its base URL."""
    with streamlit_process(workdir, env, port=port, args=args) as served:
        yield served.base


def _probe_main(out: str) -> None:
    """``python e2e_server.py FILE run app.py ...``: Streamlit's own command line, with a SIGUSR1
    handler that writes a counter and ``time.process_time_ns()`` (the whole process, every
    thread, ended ones too) to FILE -- what :meth:`Served.cpu` reads."""
    import itertools

    from streamlit.web import cli

    calls = itertools.count(1)

    def dump(*_: object) -> None:
        tmp = out + ".tmp"
        with open(tmp, "w") as f:
            f.write(f"{next(calls)} {time.process_time_ns()}")
        os.replace(tmp, out)

    signal.signal(signal.SIGUSR1, dump)
    # every thread's stack on SIGWINCH, written by C even while a thread holds the GIL: where
    # the server waits when a bench sees it stall
    import faulthandler

    faulthandler.register(signal.SIGWINCH, file=open(out + ".stacks", "a"), all_threads=True)
    if os.environ.get("WHIST_BENCH_PROFILE"):
        _profile_runs(os.environ["WHIST_BENCH_PROFILE"])
    sys.argv = ["streamlit", *sys.argv[2:]]
    cli.main()


def _profile_runs(out: str) -> None:
    """Profile every script run (cProfile in the run's own thread, where the script executes),
    the stats summed and written to ``out`` on SIGUSR2 -- a bench reads where a click's CPU goes
    in the real server, fragments and all, without a sampling profiler."""
    import cProfile
    import pstats
    import threading

    from streamlit.runtime.scriptrunner import script_runner

    lock = threading.Lock()
    profiles: list[cProfile.Profile] = []
    real = script_runner.ScriptRunner._run_script

    def run(self: Any, rerun_data: Any) -> None:
        prof = cProfile.Profile()
        prof.enable()
        try:
            real(self, rerun_data)
        finally:
            prof.disable()
            with lock:
                profiles.append(prof)

    def dump(*_: object) -> None:
        with lock:
            taken = profiles[:]
            profiles.clear()
        if taken:
            stats = pstats.Stats(taken[0])
            for prof in taken[1:]:
                stats.add(prof)
            stats.dump_stats(out)

    script_runner.ScriptRunner._run_script = run  # type: ignore[method-assign]
    signal.signal(signal.SIGUSR2, dump)


def settled(page: Any) -> None:
    """Wait until Streamlit is not running the script (no "running" status widget) and no
    element is drawn faded as stale (a fragment's rerun shows no status widget)."""
    page.wait_for_timeout(300)
    page.wait_for_function("!document.querySelector(\"[data-testid='stStatusWidget'] button\")"
                           " && !document.querySelector('[data-stale=\"true\"]')", timeout=60_000)
    page.wait_for_timeout(300)


def choose_option(page: Any, box: Any, name: str, *, tries: int = 6) -> None:
    """Open a select box and click its option ``name``, as a user does -- typing it to search the
    list when the option is not drawn, and again if a rerun drew the box anew and closed its list
    before the option showed (a loaded machine: CI)."""
    from playwright.sync_api import TimeoutError as NotShown

    option = page.get_by_role("option", name=name)
    for attempt in range(tries):
        settled(page)
        box.click()
        try:
            option.first.wait_for(timeout=3_000)
        except NotShown:
            # the list opens scrolled to the option now chosen and draws only the options near it
            # (a long list: the 30 days of a month): type, as a user searches it, so the option shows
            try:
                box.fill(name)
                option.first.wait_for(timeout=10_000)
            except Exception:
                if attempt == tries - 1:
                    raise
                continue
        option.first.click()
        return


def open_phone_menu(page: Any, *, tries: int = 6) -> None:
    """Tap the phone's menu button until the sidebar is open (a tap during a rerun can be lost)."""
    button = page.locator("[data-testid='stExpandSidebarButton']")
    opened = ("document.querySelector(\"[data-testid='stSidebar']\")"
              ".getAttribute('data-collapsed') === 'false'")
    for attempt in range(tries):
        settled(page)
        if page.evaluate(opened):
            return
        button.tap()
        try:
            page.wait_for_function(opened, timeout=10_000)
            return
        except Exception:
            if attempt == tries - 1:
                raise


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


if __name__ == "__main__":
    _probe_main(sys.argv[1])
