"""The shipped content for the tests that sweep it: all of it (a CI check, marked ``slow``) or a
fixed sample that the fast loop's twin runs (issue 22: the fast loop under 60 s).

The sample is deterministic and covers every file and every kind of item: every lesson exercise
and every hand-written puzzle (``lessons/``, ``puzzles/``: about 180 items, each written for its
own point), the first :data:`PER_FILE` items of each file of the generated library (``library/``),
and the first library item of each question, theme, variant, system and rule set not covered yet.
The whole library (some 2,250 generated puzzles, 1,550 in one file) is read only by the sweeps.

The content is read through :func:`tutor.content.loader.load_cached` (the product's cache, keyed
by every file's size and time), so the test files a worker runs read it once.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from pathlib import Path

from tutor.content.loader import LIBRARY, REPO_ROOT, ContentError, ContentSet, Located, load_cached, puzzle_paths
from tutor.content.models import Item, Puzzle

#: The library items kept from each of its files (in file order).
PER_FILE = 4

#: The shipped folders: lessons/, puzzles/ and library/ of the repository (not $WHIST_TUTOR_CONTENT_DIR).
FOLDERS = [REPO_ROOT / "lessons", *puzzle_paths(REPO_ROOT)]


def content() -> ContentSet:
    """Everything shipped, read once (and again only when a file changes)."""
    return load_cached(FOLDERS)


_LIBRARY = REPO_ROOT / LIBRARY


def _in_library(loc: Located[Item]) -> bool:
    return _LIBRARY in Path(loc.path).parents


#: What the sample covers once each: the values an item is drawn by.
_KINDS: tuple[Callable[[Item], Iterable[Hashable]], ...] = (
    lambda i: [("question", i.question)],
    lambda i: [("theme", t) for t in getattr(i, "themes", ())],  # a lesson exercise has none
    lambda i: [("variant", i.variant)],
    lambda i: [("system", i.system)],
    lambda i: [("rules", i.rules)],
)


def sample(located: Iterable[Located[Item]]) -> list[Located[Item]]:
    """The fast loop's sample of ``located`` (in their order; see the module's docstring)."""
    everything = list(located)
    kept: list[Located[Item]] = []
    per_file: dict[str, int] = {}
    seen: set[Hashable] = set()
    rest: list[Located[Item]] = []
    for loc in everything:
        if not _in_library(loc) or per_file.get(loc.path, 0) < PER_FILE:
            per_file[loc.path] = per_file.get(loc.path, 0) + 1
            kept.append(loc)
            seen.update(k for kind in _KINDS for k in kind(loc.item))
        else:
            rest.append(loc)
    for loc in rest:  # the first of each kind the files' heads left out
        new = {k for kind in _KINDS for k in kind(loc.item)} - seen
        if new:
            kept.append(loc)
            seen |= new
    order = {id(loc): n for n, loc in enumerate(everything)}
    return sorted(kept, key=lambda loc: order[id(loc)])


def items() -> list[Located[Item]]:
    """Every shipped item with a question (puzzles and lesson exercises)."""
    return content().items()


def sample_items() -> list[Located[Item]]:
    """The sample of :func:`items`."""
    return sample(items())


def puzzles() -> list[Located[Puzzle]]:
    """Every shipped puzzle."""
    return content().puzzles


def sample_puzzles() -> list[Located[Puzzle]]:
    """The sample of :func:`puzzles`."""
    chosen = {id(loc) for loc in sample(puzzles())}
    return [loc for loc in puzzles() if id(loc) in chosen]


def shipped_puzzles() -> list[Puzzle]:
    """Every shipped puzzle (lessons aside), by id: :func:`tutor.content.loader.load_puzzles` of the
    repository, read once (it raises on a problem, as that does)."""
    found = content()
    if found.problems:
        raise ContentError(found.problems)
    return sorted((loc.item for loc in found.puzzles), key=lambda p: p.id)
