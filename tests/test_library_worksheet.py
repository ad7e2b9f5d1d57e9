"""The editor's worksheet (issue 26 point 6: "`bench/` draws 40 library puzzles at random and writes
them with their evidence as a worksheet for a human editor"): it runs over the shipped library, each
puzzle with its shipped evidence, the history as the puzzle files write it, in en and ru."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[1] / "bench" / "library_worksheet.py"


def test_the_worksheet_draws_library_puzzles_with_their_evidence_readably(tmp_path, monkeypatch):
    spec = importlib.util.spec_from_file_location("library_worksheet", BENCH)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    for lang in ("en", "ru"):
        out = tmp_path / f"ws-{lang}.md"
        monkeypatch.setattr(sys, "argv", ["library_worksheet", "--count", "6", "--seed", "3", "--lang", lang,
                                          "--out", str(out)])
        assert bench.main() == 0
        text = out.read_text(encoding="utf-8")
        assert text.count("\n## ") == 6 and text.count("Editor: [ ]") == 6
        assert "_no evidence stored_" not in text and text.count("**Evidence**") == 6
        assert "- played: `" in text and "Trick.parse" not in text  # the history is written as in the puzzle files: "E:H9 H8 H4 HQ / …"
        assert ("**Hints**" in text) and (("Сдавал" in text) if lang == "ru" else ("dealt" in text))
