"""End-to-end: the workshop's "With evidence" in a real Chromium (issue 15) -- the bar shows while
the generated puzzles' evidence is solved, "Stop computing" stops it between two tasks, the
evidence finished by then stays in the store and the generated puzzles stay in the editor."""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from appkit import write_content  # noqa: E402
from e2e_server import CHROMIUM, streamlit_server  # noqa: E402
from tutor.i18n import t  # noqa: E402

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Chromium is not installed at /usr/bin/chromium"),
]


@pytest.fixture(scope="module")
def server(tmp_path_factory) -> Iterator[tuple[str, Path]]:
    tmp = tmp_path_factory.mktemp("e2e-workshop")
    content = write_content(tmp / "content")
    evidence = tmp / "evidence"
    # enough layouts a puzzle (several seconds each here) that the stop button can be clicked mid-way
    env = {"WHIST_TUTOR_CONTENT_DIR": str(content), "WHIST_TUTOR_DB": str(tmp / "progress.db"),
           "WHIST_TUTOR_EVIDENCE_DIR": str(evidence), "WHIST_TUTOR_SAMPLES": "150", "WHIST_TUTOR_WARM": "0"}
    with streamlit_server(tmp, env) as base:
        yield base, evidence


def test_stopping_the_workshop_evidence_keeps_what_is_done(server, browser):
    base, evidence = server
    context = browser.new_context(locale="en-US", viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(120_000)
    try:
        page.goto(f"{base}/workshop")
        page.get_by_role("heading", name=t("nav.workshop", "en")).first.wait_for()
        page.get_by_text(t("workshop.with_evidence", "en"), exact=True).click()
        page.get_by_role("button", name=t("workshop.generate", "en")).click()
        page.locator("[data-testid='stProgress']").first.wait_for()
        page.get_by_role("button", name=t("workshop.evidence_cancel", "en")).click()
        said = page.get_by_text(re.compile(r"Stopped: evidence kept for \d of 3 puzzle"))
        said.wait_for()
        done = int(re.search(r"kept for (\d) of 3", said.inner_text()).group(1))
        assert done < 3  # stopped before the end
        items = list((evidence / "items").glob("*.json")) if (evidence / "items").exists() else []
        assert len(items) == done and all(json.loads(p.read_text(encoding="utf-8")) for p in items)
        editor = page.get_by_role("textbox", name=t("workshop.editor", "en")).input_value()
        assert editor.count("- id: gen-") == 3  # the generated puzzles stay in the editor
        page.locator("[data-testid='stProgress']").first.wait_for(state="detached")  # the bar goes with the run
    finally:
        context.close()
