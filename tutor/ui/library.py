"""The lessons and puzzles the app serves, read once and cached until a file changes.

A broken file must not take the app down: :func:`tutor.content.loader.load_paths` reads every
file it can and lists each problem as ``path:line: message``; the pages show those problems in
an error box and serve the rest. The content folder is the project root (``lessons/``,
``puzzles/`` and, when there is one, the puzzle library ``library/``) or ``$WHIST_TUTOR_CONTENT_DIR``.

A library of two thousand puzzles is parsed once per change of its files, not per page run: the
cache key is the files' sizes and times (a ``stat`` each), and the puzzles are looked up by id and
by place through indexes built once with the library.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Collection
from dataclasses import dataclass, field
from pathlib import Path

import streamlit as st

from tutor.content.loader import ContentSet, Problem, content_root, load_paths, puzzle_paths, signature
from tutor.content.markup import strip_model
from tutor.content.models import Lesson, Puzzle
from tutor.ui.alerts import show_error
from tutor.ui.lang import current_lang, tr
from tutor.ui.validator_text import translate_message
from tutor.vocab import HomeworkKind

__all__ = ["Library", "content_root", "library", "show_problems", "content_page", "LINK_PARAMS", "linked"]

#: The URL parameter that opens an item on its page, chosen: ``/puzzles?puzzle=ID`` and
#: ``/learn?lesson=ID`` -- a learner's homework (defect 11) and a teacher's reports link there.
LINK_PARAMS: dict[HomeworkKind, str] = {"puzzle": "puzzle", "lesson": "lesson"}

@dataclass(frozen=True)
class Library:
    """What the app serves: lessons in course order, puzzles (easiest first), and the problems found."""

    lessons: tuple[Lesson, ...]
    puzzles: tuple[Puzzle, ...]
    problems: tuple[Problem, ...]
    #: puzzle id -> (its place in :attr:`puzzles`, counted from 1; the puzzle): built once, so a
    #: picker labelling 2,000 puzzles does not walk the list for each of them
    _by_id: dict[str, tuple[int, Puzzle]] = field(init=False, repr=False, compare=False)
    #: the lead problems, by id: the daily puzzle's pool (:mod:`tutor.content.daily`)
    lead_pool: tuple[Puzzle, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_id", {p.id: (n, p) for n, p in enumerate(self.puzzles, start=1)})
        object.__setattr__(self, "lead_pool", tuple(sorted((p for p in self.puzzles if p.question == "lead"),
                                                           key=lambda p: p.id)))

    def puzzle(self, puzzle_id: str) -> Puzzle | None:
        hit = self._by_id.get(puzzle_id)
        return None if hit is None else hit[1]

    def number(self, puzzle_id: str) -> int | None:
        """The puzzle's place in the library (1 = the first listed), None when it is not here."""
        hit = self._by_id.get(puzzle_id)
        return None if hit is None else hit[0]

    def lesson(self, lesson_id: str) -> Lesson | None:
        return next((les for les in self.lessons if les.id == lesson_id), None)

    def puzzles_citing(self, maxim_id: str) -> list[Puzzle]:
        return [p for p in self.puzzles if maxim_id in p.maxims]


def _folders(root: Path) -> list[Path]:
    """The content folders served from ``root``: lessons/, puzzles/ and library/ (those that exist)."""
    return [f for f in (root / "lessons", *puzzle_paths(root)) if f.is_dir()]


def _signature(root: Path) -> tuple[tuple[str, int, int], ...]:
    """Every content file with its size and modification time: the cache key."""
    return signature(_folders(root))


@st.cache_resource(show_spinner=False, max_entries=4)
def _load(root: str, signature: tuple[tuple[str, int, int], ...]) -> Library:
    """Read the content once per signature. A resource, not data: the Library is immutable
    (frozen dataclass and models), so every session shares one object instead of unpickling
    a copy of 100 puzzles on each page run (~3 ms each)."""
    content: ContentSet = load_paths(_folders(Path(root)))
    # images and loading HTML are refused by `check`; a file served unchecked loses them here
    return Library(
        lessons=tuple(strip_model(les.item) for les in content.lessons),
        puzzles=tuple(sorted((strip_model(p.item) for p in content.puzzles), key=lambda p: (p.difficulty, p.id))),
        problems=tuple(content.problems),
    )


#: How long a look at the content files' sizes and times holds (seconds): a file changed is
#: served within this. A page run used to list and stat every file and hash the list for the
#: cache's key -- some 5 ms a run (issue 24 point 7, bench/bench_load.py).
SIGNATURE_TTL = 2.0
_SEEN: dict[Path, tuple[float, tuple[tuple[str, int, int], ...], Library]] = {}
_SEEN_LOCK = threading.Lock()


def library() -> Library:
    """The library served from the content folder: the one read for the files as they are now
    (looked at again once :data:`SIGNATURE_TTL` has passed)."""
    root = content_root()
    now = time.monotonic()
    with _SEEN_LOCK:
        seen = _SEEN.get(root)
    if seen is not None and now - seen[0] < SIGNATURE_TTL:
        return seen[2]
    signature = _signature(root)
    lib = seen[2] if seen is not None and seen[1] == signature else _load(str(root), signature)
    with _SEEN_LOCK:
        _SEEN[root] = (now, signature, lib)
    return lib


def show_problems(problems: tuple[Problem, ...] | list[Problem], title: str) -> None:
    """A broken content file, shown with its ``file:line`` messages (the rest is still served)."""
    if problems:
        root = str(content_root()) + os.sep
        lang = current_lang()
        shown = []
        for p in problems[:30]:
            msg = translate_message(p.message, lang)
            shown.append(f"- `{p.path.replace(root, '')}:{p.line}: {msg.text}`")
        lines = "\n".join(shown)
        more = f"\n- … (+{len(problems) - 30})" if len(problems) > 30 else ""
        show_error(f"{title}\n\n{lines}{more}")


def content_page(title_key: str) -> Library:
    """The head of a page that serves lessons or puzzles (Learn, Puzzles, Daily): its title, the
    broken files' problems above everything else, and the library the page then serves."""
    st.title(tr(title_key))
    lib = library()
    show_problems(lib.problems, tr("content.broken"))
    return lib


def linked(kind: HomeworkKind, ids: Collection[str]) -> str | None:
    """The item a link asked this page to open (``?puzzle=ID``), when ``ids`` has it; the
    parameter is taken out of the URL at once, so the learner's next choice is his own."""
    param = LINK_PARAMS[kind]
    wanted = st.query_params.get(param)
    if wanted is None:
        return None
    del st.query_params[param]
    return wanted if wanted in ids else None
