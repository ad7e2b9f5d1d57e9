"""Workshop file handling: safe names, saving inside the folder only, validation of pasted text."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor.ui.workshop import TEMPLATE, WorkshopError, safe_filename, save_yaml, validate


@given(st.text(max_size=100))
def test_safe_filename_never_leaves_the_folder(name):
    """Whatever is typed, the name is letters, digits and hyphens plus .yaml, or refused."""
    try:
        out = safe_filename(name)
    except WorkshopError:
        return
    assert out.endswith(".yaml") and "/" not in out and "\\" not in out and not out.startswith(".")
    assert set(out[:-5]) <= set("abcdefghijklmnopqrstuvwxyz0123456789-")
    assert len(out) <= 65


@pytest.mark.parametrize("name, expected", [("My Puzzles", "my-puzzles.yaml"), ("../x.yaml", "x.yaml"),
                                            ("Ход от туза", None), ("set.YML", "set.yaml")])
def test_safe_filename_examples(name, expected):
    if expected is None:
        with pytest.raises(WorkshopError):
            safe_filename(name)
    else:
        assert safe_filename(name) == expected


def test_save_refuses_to_overwrite(tmp_path):
    save_yaml(tmp_path, "a", "x: 1\n")
    with pytest.raises(WorkshopError):
        save_yaml(tmp_path, "a", "x: 2\n")
    assert (tmp_path / "a.yaml").read_text() == "x: 1\n"


def test_template_is_a_valid_proved_puzzle():
    """The editor starts from a puzzle the linter proves (the engine agrees with its answer)."""
    loaded, problems = validate(TEMPLATE)
    assert problems == [] and len(loaded.puzzles) == 1


def test_duplicate_keys_are_reported_by_line():
    loaded, problems = validate(TEMPLATE.replace("    difficulty: 1\n", "    difficulty: 1\n    difficulty: 2\n"))
    assert any(p.line == 6 and "difficulty" in p.message for p in problems), problems
