"""The puzzle library beside puzzles/ (issue 26: ``library/lead/<theme>.yaml``, made by the puzzle
pipeline) is read with the rest -- by ``check``, the commands and the app -- and, at two thousand
items, parsed once per change of its files, not on every call or page run."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from appkit import MORE_LEADS, PUZZLES, write_content
from tutor.content import loader
from tutor.content.loader import default_paths, load_cached, load_paths, puzzle_paths


@pytest.fixture
def root(tmp_path, monkeypatch) -> Path:
    write_content(tmp_path)
    monkeypatch.setenv("WHIST_TUTOR_CONTENT_DIR", str(tmp_path))
    return tmp_path


def _library(root: Path) -> Path:
    folder = root / "library" / "lead"
    folder.mkdir(parents=True)
    (folder / "king-third.yaml").write_text(MORE_LEADS, encoding="utf-8")
    return folder


def test_without_a_library_nothing_changes(root):
    assert default_paths() == [root / "lessons", root / "puzzles"]
    assert puzzle_paths() == [root / "puzzles"]


def test_the_library_is_read_beside_the_puzzles(root):
    _library(root)
    assert default_paths() == [root / "lessons", root / "puzzles", root / "library"]
    content = load_paths()
    assert content.problems == []
    ids = {p.item.id for p in content.puzzles}
    assert {"king-fourth-lead", "lead-a", "lead-b", "lead-c"} <= ids
    assert {p.item.id for p in load_cached(puzzle_paths()).puzzles} == ids


def test_the_content_is_parsed_once_until_a_file_changes(root, monkeypatch):
    folder = _library(root)
    reads: list[object] = []
    real = loader.load_paths
    monkeypatch.setattr(loader, "load_paths", lambda paths=None: reads.append(paths) or real(paths))
    first = load_cached(puzzle_paths())
    assert load_cached(puzzle_paths()) is first and len(reads) == 1
    changed = folder / "king-third.yaml"
    changed.write_text(MORE_LEADS.replace("lead-c", "lead-d"), encoding="utf-8")
    later = time.time() + 5
    os.utime(changed, (later, later))  # a new time, whatever the file system's clock resolution
    again = load_cached(puzzle_paths())
    assert len(reads) == 2 and "lead-d" in {p.item.id for p in again.puzzles}
    (root / "puzzles" / "basics.yaml").write_text(PUZZLES.split("  - id: follow-hearts")[0], encoding="utf-8")
    os.utime(root / "puzzles" / "basics.yaml", (later + 5, later + 5))
    assert "follow-hearts" not in {p.item.id for p in load_cached(puzzle_paths()).puzzles} and len(reads) == 3


def test_the_app_serves_the_library_with_its_lead_problems_indexed(root):
    from tutor.ui.library import library

    _library(root)
    lib = library()
    assert lib.puzzle("lead-b") is not None and lib.puzzle("nope") is None
    assert [lib.number(p.id) for p in lib.puzzles] == list(range(1, len(lib.puzzles) + 1))
    assert [p.id for p in lib.lead_pool] == ["king-fourth-lead", "lead-a", "lead-b", "lead-c"]
    assert library() is lib  # the same object while no file changes
