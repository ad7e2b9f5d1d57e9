"""The docstrings' examples run (issue 13: doctests that run). Every module of tutor/ is imported
and its examples checked -- the Streamlit pages' helpers too (``.ci/run``'s own
``pytest --doctest-modules tutor`` found one there that this test had left out)."""

from __future__ import annotations

import doctest
import importlib
import linecache
import pkgutil

import pytest

import tutor

MODULES = sorted(
    m.name for m in pkgutil.walk_packages(tutor.__path__, "tutor.")
    if not m.name.endswith("__main__")
)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_hold(name: str) -> None:
    """Each example in the module's docstrings gives what it says."""
    module = importlib.import_module(name)
    # doctest's debugger re-checks every file in linecache before each docstring's examples (an
    # os.stat of each of the thousands of files the run has seen): an empty cache makes that nothing
    linecache.clearcache()
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, verbose=False)
    assert result.failed == 0, f"{name}: {result.failed} of {result.attempted} examples fail"


def test_the_examples_are_many() -> None:
    """The run is real: the modules hold dozens of examples (a rename that hid them would show).
    Counted as doctest finds them (the examples themselves run in the test above)."""
    finder = doctest.DocTestFinder()
    found = sum(len(test.examples) for n in MODULES for test in finder.find(importlib.import_module(n)))
    assert found >= 40
