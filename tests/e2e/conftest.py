"""The real-browser tests' shared fixture: one headless Debian Chromium per test module, started
with the flags this machine needs (``e2e_server.LAUNCH_ARGS``; never ``playwright install``)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from e2e_server import CHROMIUM, LAUNCH_ARGS


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        try:
            yield b
        finally:
            b.close()
