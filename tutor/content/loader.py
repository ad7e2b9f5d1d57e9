"""Reading lesson and puzzle files, with every problem reported as ``path:line: message``.

YAML is read with :class:`StrictLoader`, a :class:`yaml.SafeLoader` that refuses duplicate keys
and any tag beyond plain YAML data (``!!python/object`` and friends are refused, never
constructed). Rather than stop at the first problem, :func:`read_yaml` walks the composed node
tree itself: it records the line of every mapping key and sequence item, collects every duplicate
key and unknown tag, and hands back plain data with a line map. The pydantic models then validate
each item, and each pydantic error is mapped back to the line of the field it is about -- so an
author sees all the problems of a file at once, each where it is.

A file is a lesson (one mapping with ``steps:``) or a puzzle file (a mapping with ``puzzles:``
holding a list), told apart by its content, so fixtures can live anywhere.
"""

from __future__ import annotations

import contextlib
import difflib
import gc
import os
import re
import time
from collections import OrderedDict
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, TypeVar

import yaml
from pydantic import BaseModel, ValidationError

from tutor.content.models import Exercise, FieldProblem, Item, Lesson, Puzzle
from tutor.errors import WhistError
from tutor.infiles import NotAFile, read_regular
from tutor.yamlsafe import COMPOSER, MAP_TAG, PLAIN_TAGS, SEQ_TAG, TIMESTAMP_TAG, StrictLoader

__all__ = [
    "ContentError",
    "Problem",
    "Located",
    "LoadedFile",
    "ContentSet",
    "StrictLoader",
    "read_yaml",
    "parse_text",
    "load_file",
    "load_paths",
    "load_puzzles",
    "load_lessons",
    "default_paths",
    "puzzle_paths",
    "load_cached",
    "signature",
    "LIBRARY",
    "REPO_ROOT",
]

#: The checkout the package lives in (an editable install): lessons/ and puzzles/ are beside tutor/.
REPO_ROOT = Path(__file__).resolve().parent.parent.parent
#: The folder of the puzzle library beside ``puzzles/`` (issue 26: the lead and play problems the
#: puzzle pipeline builds, ``library/lead/<theme>.yaml``); read with the rest when it is there.
LIBRARY = "library"

_MAX_NODES = 200_000  # aliases can multiply a small file; content files are far below this
#: The largest content file read, in MB, unless ``$WHIST_TUTOR_MAX_FILE_MB`` says otherwise.
#: Checked before parsing: a 60 MB file took 23 s and 1.2 GB before it was refused. The
#: largest shipped file is under 100 KB; a library of 1,000 puzzles in one file is about 1 MB.
DEFAULT_MAX_FILE_MB = 5


def max_file_bytes() -> int:
    """The size cap of one content file in bytes (``$WHIST_TUTOR_MAX_FILE_MB``, default 5)."""
    raw = os.environ.get("WHIST_TUTOR_MAX_FILE_MB", "")
    try:
        mb = float(raw) if raw.strip() else DEFAULT_MAX_FILE_MB
    except ValueError:
        mb = DEFAULT_MAX_FILE_MB
    if not 0 < mb <= 1024:
        mb = DEFAULT_MAX_FILE_MB
    return int(mb * 1024 * 1024)


class gc_paused(contextlib.ContextDecorator):
    """Pause Python's cyclic garbage collector while a library is read or checked.

    Why: every object a load creates stays alive (models, line maps), and on Python 3.11 each
    full collection walks all of them -- reading 10,000 items took twice as long per item as
    reading 1,000, half of it in the collector. Nothing made here is cyclic garbage; the
    collector runs again as soon as the work is done. Nested pauses are fine.
    """

    def __enter__(self) -> gc_paused:
        self._was = gc.isenabled()
        gc.disable()
        return self

    def __exit__(self, *exc: object) -> None:
        if self._was:
            gc.enable()


def _too_big(size: int, cap: int) -> str:
    return (f"the file is {size / 1048576:.1f} MB, over the {cap / 1048576:g} MB limit of a content file "
            "(WHIST_TUTOR_MAX_FILE_MB): split it into several files")
_UNION_TAGS = {"teach-step", "exercise-step"}


class ContentError(WhistError):
    """A content file has problems; ``problems`` lists them all (each ``path:line: message``)."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems = tuple(problems)
        first = str(self.problems[0]) if self.problems else "content error"
        more = f" (and {len(self.problems) - 1} more)" if len(self.problems) > 1 else ""
        super().__init__(first + more)


@dataclass(frozen=True, order=True)
class Problem:
    """One problem in a content file, where it is."""

    path: str
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.message}"


# -- reading YAML with lines ------------------------------------------------------------------

Path_ = tuple[Any, ...]


@dataclass
class _Walk:
    loader: yaml.SafeLoader
    path: str
    lines: dict[Path_, int] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    nodes: int = 0
    #: the collections being built, outermost first: an alias to one of them is a loop
    open: set[int] = field(default_factory=set)

    def problem(self, node: yaml.Node, message: str) -> None:
        self.problems.append(Problem(self.path, node.start_mark.line + 1, message))

    def build(self, node: yaml.Node, at: Path_) -> Any:
        self.nodes += 1
        if self.nodes > _MAX_NODES:
            raise _TooBig()
        self.lines.setdefault(at, node.start_mark.line + 1)
        if isinstance(node, (yaml.MappingNode, yaml.SequenceNode)):
            if id(node) in self.open:
                # `a: &x [*x]`: the alias names a collection that holds itself; building it would
                # never end (issue 23, F6: it crashed every page that served the folder)
                self.problem(node, "an alias refers to the list or mapping that holds it (a loop): "
                                   "write the values out instead")
                return _REFUSED
            self.open.add(id(node))
            try:
                return self.collection(node, at)
            finally:
                self.open.discard(id(node))
        return self.scalar(node)

    def collection(self, node: yaml.MappingNode | yaml.SequenceNode, at: Path_) -> Any:
        if isinstance(node, yaml.MappingNode):
            if node.tag != MAP_TAG:
                self.problem(node, f"tag {node.tag} is not allowed in content (plain YAML only)")
                return _REFUSED
            out: dict[Any, Any] = {}
            first: dict[Any, int] = {}
            for key_node, value_node in node.value:
                if not isinstance(key_node, yaml.ScalarNode):
                    self.problem(key_node, "a key must be a plain word")
                    continue
                key = self.scalar(key_node)
                if key == "<<" or key_node.tag == "tag:yaml.org,2002:merge":
                    self.problem(key_node, "merge keys (<<) are not supported in content")
                    continue
                try:
                    hash(key)
                except TypeError:
                    self.problem(key_node, "a key must be a plain word")
                    continue
                if key in first:
                    self.problem(key_node, f"duplicate key {key!r} (first on line {first[key]})")
                    continue
                first[key] = key_node.start_mark.line + 1
                self.lines[at + (key,)] = key_node.start_mark.line + 1
                out[key] = self.build(value_node, at + (key,))
                # the key's line is the better place to point at than the value's
                self.lines[at + (key,)] = key_node.start_mark.line + 1
            return out
        if node.tag != SEQ_TAG:
            self.problem(node, f"tag {node.tag} is not allowed in content (plain YAML only)")
            return _REFUSED
        return [self.build(item, at + (i,)) for i, item in enumerate(node.value)]

    def scalar(self, node: yaml.Node) -> Any:
        if node.tag == TIMESTAMP_TAG:
            return node.value  # a date-like word stays text
        if node.tag not in PLAIN_TAGS:
            self.problem(node, f"tag {node.tag} is not allowed in content (plain YAML only)")
            return _REFUSED
        return self.loader.construct_object(node, deep=True)


class _TooBig(Exception):
    pass


class _Refused:
    """Stands in for a value whose tag was refused, so that pydantic does not report it a second time."""

    def __repr__(self) -> str:
        return "<refused>"


_REFUSED = _Refused()


def read_yaml(text: str, path: str = "<text>") -> tuple[Any, dict[Path_, int], list[Problem]]:
    """Parse YAML text into plain data, the line of every key and item, and every problem found.

    A syntax error ends the reading (the rest of the file cannot be trusted): it is returned as
    the only problem, with its line.
    """
    loader = COMPOSER(text)
    try:
        try:
            node = loader.get_single_node()
        except yaml.MarkedYAMLError as exc:
            mark = exc.problem_mark or exc.context_mark
            line = mark.line + 1 if mark is not None else 1
            what = exc.problem or str(exc)
            if exc.context:
                ctx_mark = exc.context_mark
                at = f" (line {ctx_mark.line + 1})" if ctx_mark is not None and ctx_mark.line + 1 != line else ""
                what = f"{exc.context}{at}, {what}"
            return None, {}, [Problem(path, line, f"bad YAML: {what}")]
        except yaml.YAMLError as exc:
            return None, {}, [Problem(path, 1, f"bad YAML: {exc}")]
        if node is None:
            return None, {(): 1}, [Problem(path, 1, "the file is empty")]
        walk = _Walk(loader, path)
        try:
            data = walk.build(node, ())
        except _TooBig:
            return None, {}, [Problem(path, 1, f"the file holds more than {_MAX_NODES} YAML nodes (too much in one "
                                            "file, or aliases repeating parts): split it")]
        return data, walk.lines, walk.problems
    finally:
        loader.dispose()


# -- located items ----------------------------------------------------------------------------

#: Covariant: a located puzzle is a located item (``Located`` is frozen, so it is only read).
T = TypeVar("T", bound=BaseModel, covariant=True)


@dataclass(frozen=True)
class Located(Generic[T]):
    """An item with where it came from: the file, its line, and the line of each of its fields."""

    item: T
    path: str
    line: int
    lines: Mapping[Path_, int] = field(repr=False, compare=False, default_factory=dict)
    where: str = ""

    def line_of(self, *loc: Any) -> int:
        """The line of a field (``line_of("accept", 0, "answer")``), or of its nearest parent."""
        best = self.line
        at: Path_ = ()
        for el in loc:
            at = at + (el,)
            if at in self.lines:
                best = self.lines[at]
            else:
                break
        return best

    def problem(self, message: str, *loc: Any) -> Problem:
        return Problem(self.path, self.line_of(*loc), message)


@dataclass(frozen=True)
class LoadedFile:
    """What one file held: puzzles or a lesson, and its problems (empty when it is sound)."""

    path: str
    kind: str  # "puzzles" | "lesson" | "unknown"
    puzzles: tuple[Located[Puzzle], ...] = ()
    lessons: tuple[Located[Lesson], ...] = ()
    problems: tuple[Problem, ...] = ()

    def exercises(self) -> list[Located[Exercise]]:
        """The exercises of the lesson, each located at its step."""
        out: list[Located[Exercise]] = []
        for les in self.lessons:
            for i, ex in les.item.exercises():
                prefix = ("steps", i, "exercise")
                out.append(_sub(les, prefix, ex, f"lesson {les.item.id} step {i + 1}"))
        return out


def _sub(parent: Located[Any], prefix: Path_, item: Any, where: str) -> Located[Any]:
    n = len(prefix)
    lines = {k[n:]: v for k, v in parent.lines.items() if k[:n] == prefix}
    return Located(item, parent.path, parent.lines.get(prefix, parent.line), lines, where)


#: A value refused among more allowed ones than this is named with a guess and the list, not
#: pydantic's one long "Input should be 'a', 'b', … or 'v'" (walkthrough defect 34: a theme).
_LONG_CHOICE = 8


def _not_among(err: Mapping[str, Any], loc: Sequence[Any]) -> str | None:
    """A value not among a long list of allowed ones, in one sentence: what was written, the
    nearest allowed word, and the list -- or None for a short list (pydantic's text is clear).

    >>> _not_among({"input": "coronka-lead", "ctx": {"expected": "'coronka', 'laws', 'a', 'b', 'c', "
    ...             "'d', 'e', 'f' or 'opening-lead'"}}, ["themes", 1])
    "'coronka-lead' is not a theme (did you mean 'coronka'?); the themes: coronka, laws, a, b, c, d, e, f, opening-lead"
    """
    allowed = re.findall(r"'([^']*)'", str((err.get("ctx") or {}).get("expected", "")))
    if len(allowed) <= _LONG_CHOICE:
        return None
    got = str(err.get("input"))
    what = "theme" if "themes" in loc else "value allowed here"
    near = difflib.get_close_matches(got, allowed, n=1, cutoff=0.5)
    guess = f" (did you mean {near[0]!r}?)" if near else ""
    listed = "the themes" if what == "theme" else "allowed"
    return f"{got!r} is not a {what}{guess}; {listed}: {', '.join(allowed)}"


def _message(err: Mapping[str, Any], loc: Sequence[Any]) -> str:
    kind = err.get("type", "")
    name = ".".join(str(x) for x in loc)
    if kind == "literal_error" and (said := _not_among(err, loc)) is not None:
        return f"{name}: {said}" if name else said
    if kind in ("extra_forbidden", "missing"):
        parent = ".".join(str(x) for x in loc[:-1])
        what = "unknown field" if kind == "extra_forbidden" else "missing field"
        return (f"{parent}: " if parent else "") + (f"{what} {loc[-1]!r}" if loc else what)
    msg = str(err.get("msg", "invalid"))
    if msg.startswith("Value error, "):
        msg = msg[len("Value error, "):]
    elif msg.startswith("Assertion failed, "):
        msg = msg[len("Assertion failed, "):]
    return f"{name}: {msg}" if name else msg


def _validation_problems(exc: ValidationError, path: str, prefix: Path_, lines: Mapping[Path_, int]) -> list[Problem]:
    out: list[Problem] = []
    for err in exc.errors(include_url=False):
        if err.get("input") is _REFUSED:
            continue  # already reported as a refused tag
        loc = list(err.get("loc", ()))
        ctx_err = (err.get("ctx") or {}).get("error")
        if isinstance(ctx_err, FieldProblem):
            loc = loc + list(ctx_err.loc)
        at = prefix
        clean: list[Any] = []
        for el in loc:
            if at + (el,) in lines:
                at = at + (el,)
                clean.append(el)
            elif isinstance(el, str) and (el in _UNION_TAGS or el.startswith("function-")):
                continue
            else:
                clean.append(el)
                break
        line = lines.get(at, lines.get(prefix, 1))
        out.append(Problem(path, line, _message(err, clean)))
    return out


def parse_text(text: str, path: str = "<text>") -> LoadedFile:
    """Read one file's text (the Workshop validates an author's YAML live with this)."""
    cap = max_file_bytes()
    if len(text) > cap:  # characters: at least as many bytes, so no larger text passes
        return LoadedFile(path, "unknown", problems=(Problem(path, 1, _too_big(len(text.encode("utf-8")), cap)),))
    data, lines, problems = read_yaml(text, path)
    if data is None:
        return LoadedFile(path, "unknown", problems=tuple(problems))
    if not isinstance(data, dict):
        problems.append(Problem(path, lines.get((), 1),
                                "a content file is a mapping: puzzles: [...] or a lesson (id, order, title, summary, steps)"))
        return LoadedFile(path, "unknown", problems=tuple(problems))
    if "puzzles" in data:
        return _read_puzzles(data, lines, problems, path)
    return _read_lesson(data, lines, problems, path)


def _read_puzzles(data: dict[Any, Any], lines: dict[Path_, int], problems: list[Problem], path: str) -> LoadedFile:
    for key in data:
        if key != "puzzles":
            problems.append(Problem(path, lines.get((key,), 1), f"unknown field {key!r} (a puzzle file holds only puzzles:)"))
    items = data["puzzles"]
    if not isinstance(items, list) or not items:
        problems.append(Problem(path, lines.get(("puzzles",), 1), "puzzles: must be a non-empty list of puzzles"))
        return LoadedFile(path, "puzzles", problems=tuple(problems))
    located: list[Located[Puzzle]] = []
    per_item: dict[int, dict[Path_, int]] = {}
    for key, line in lines.items():  # one pass: each puzzle's own field lines
        if len(key) >= 2 and key[0] == "puzzles" and isinstance(key[1], int):
            per_item.setdefault(key[1], {})[key[2:]] = line
    for i, raw in enumerate(items):
        prefix: Path_ = ("puzzles", i)
        try:
            puzzle = Puzzle.model_validate(raw)
        except ValidationError as exc:
            problems.extend(_validation_problems(exc, path, prefix, lines))
            continue
        located.append(Located(puzzle, path, lines.get(prefix, 1), per_item.get(i, {}), f"puzzle {puzzle.id}"))
    return LoadedFile(path, "puzzles", puzzles=tuple(located), problems=tuple(sorted(problems)))


def _read_lesson(data: dict[Any, Any], lines: dict[Path_, int], problems: list[Problem], path: str) -> LoadedFile:
    try:
        lesson = Lesson.model_validate(data)
    except ValidationError as exc:
        problems.extend(_validation_problems(exc, path, (), lines))
        return LoadedFile(path, "lesson", problems=tuple(sorted(problems)))
    loc = Located(lesson, path, lines.get((), 1), dict(lines), f"lesson {lesson.id}")
    return LoadedFile(path, "lesson", lessons=(loc,), problems=tuple(sorted(problems)))


def load_file(path: str | Path) -> LoadedFile:
    """Read one lesson or puzzle file; an unreadable file is a problem too, not an exception."""
    p = Path(path)
    cap = max_file_bytes()
    try:
        size = p.stat().st_size
        if size > cap:  # before reading a byte: the size alone decides
            return LoadedFile(str(p), "unknown", problems=(Problem(str(p), 1, _too_big(size, cap)),))
        raw = read_regular(p, cap)  # a pipe or a device is refused at once; a growing file stops at the cap
        if len(raw) > cap:
            return LoadedFile(str(p), "unknown", problems=(Problem(str(p), 1, _too_big(len(raw), cap)),))
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:  # say it in an author's words, not the codec's
        why = f"not UTF-8 text (byte 0x{exc.object[exc.start]:02x} at offset {exc.start}); save it as UTF-8"
        return LoadedFile(str(p), "unknown", problems=(Problem(str(p), 1, f"cannot read the file: {why}"),))
    except NotAFile as exc:
        return LoadedFile(str(p), "unknown", problems=(Problem(str(p), 1, f"cannot read the file: {exc}"),))
    except OSError as exc:
        why = (exc.strerror or str(exc)).lower()
        return LoadedFile(str(p), "unknown", problems=(Problem(str(p), 1, f"cannot read the file: {why}"),))
    return parse_text(text, str(p))


def content_root() -> Path:
    """The folder holding lessons/, puzzles/ and library/: ``$WHIST_TUTOR_CONTENT_DIR`` when set, else
    the repository's own (the app, ``check`` and ``check --find-deals`` all read the same place)."""
    env = os.environ.get("WHIST_TUTOR_CONTENT_DIR")
    return Path(env).expanduser() if env else REPO_ROOT


def puzzle_paths(root: Path | None = None) -> list[Path]:
    """The puzzles/ folder of ``root`` (default :func:`content_root`), and its library/ when there is one."""
    base = content_root() if root is None else root
    library = base / LIBRARY
    return [base / "puzzles", *([library] if library.is_dir() else [])]


def default_paths() -> list[Path]:
    """The lessons/ and puzzles/ folders of :func:`content_root`, and library/ when it exists."""
    root = content_root()
    return [root / "lessons", *puzzle_paths(root)]


#: What :func:`_folder_yaml` last found in a folder: every folder under it with its modification
#: time, and the YAML files it held then.
_WALKED: dict[str, tuple[tuple[tuple[str, int], ...], tuple[Path, ...]]] = {}
#: A folder's modification this recent (ns) is not trusted to show the next change in it.
_RACY_NS = 2_000_000_000


def _folder_yaml(folder: Path) -> tuple[Path, ...]:
    """The YAML files under ``folder``, sorted: the same files, in the same order, as
    ``rglob("*")`` filtered by suffix (neither follows a link to a folder).

    Walked again only when a folder under it changed: a file added, removed or renamed changes its
    folder's modification time, so while every folder's is as it was, the list is too (a file
    edited in place changes only its own: :func:`signature` stats every file it lists). The
    library's evidence store keeps some 4,500 JSON files beside 13 YAML ones, and the app looks at
    the content's signature on a page run: walking them all took 60 ms of CPU a look."""
    key = str(folder)
    seen = _WALKED.get(key)
    if seen is not None:
        try:
            if all(os.stat(d).st_mtime_ns == mtime for d, mtime in seen[0]):
                return seen[1]
        except OSError:
            pass
    started = time.time_ns()
    folders: list[tuple[str, int]] = []
    found: list[Path] = []
    for where, _, names in os.walk(folder):
        try:
            folders.append((where, os.stat(where).st_mtime_ns))
        except OSError:
            folders.append((where, -1))
        found.extend(Path(where, name) for name in names if name.endswith((".yaml", ".yml")))
    files = tuple(sorted(q for q in found if q.suffix in (".yaml", ".yml") and q.is_file()))
    # a folder changed in the last seconds may change again within its clock's tick, its time
    # unchanged: such a walk is not kept (walked again next time), as git treats a racy entry
    if all(mtime < started - _RACY_NS for _, mtime in folders):
        _WALKED[key] = (tuple(folders), files)
    else:
        _WALKED.pop(key, None)
    return files


def _yaml_files(paths: Iterable[str | Path]) -> Iterator[Path]:
    """The YAML files under ``paths``: a folder's sorted (:func:`_folder_yaml`), a file as given."""
    for raw in paths:
        p = Path(raw)
        if p.is_dir():
            yield from _folder_yaml(p)
        else:
            yield p


@dataclass(frozen=True)
class ContentSet:
    """Every file read, their items, and every problem found while reading them."""

    files: tuple[LoadedFile, ...]

    @property
    def puzzles(self) -> list[Located[Puzzle]]:
        return [p for f in self.files for p in f.puzzles]

    @property
    def lessons(self) -> list[Located[Lesson]]:
        return sorted((les for f in self.files for les in f.lessons), key=lambda x: (x.item.order, x.item.id))

    @property
    def exercises(self) -> list[Located[Exercise]]:
        return [e for f in self.files for e in f.exercises()]

    def items(self) -> list[Located[Item]]:
        """Everything with a question (puzzles and lesson exercises), for the linter."""
        return [*self.puzzles, *self.exercises]

    @property
    def problems(self) -> list[Problem]:
        return [p for f in self.files for p in f.problems]

    def puzzle(self, puzzle_id: str) -> Puzzle:
        for p in self.puzzles:
            if p.item.id == puzzle_id:
                return p.item
        raise ContentError([Problem("<content>", 0, f"no puzzle with id {puzzle_id!r}")])


@gc_paused()
def load_paths(paths: Iterable[str | Path] | None = None) -> ContentSet:
    """Read every ``*.yaml`` under the given files and folders (default: lessons/ and puzzles/).

    A path that does not exist is a problem of the set (the linter reports it), not an exception.
    """
    files: list[LoadedFile] = []
    for p in _yaml_files(default_paths() if paths is None else paths):
        if not p.exists() and paths is not None:
            files.append(LoadedFile(str(p), "unknown", problems=(Problem(str(p), 0, "no such file or folder"),)))
            continue
        if p.exists():
            files.append(load_file(p))
    return ContentSet(tuple(files))


def load_puzzles(paths: Iterable[str | Path] | None = None) -> list[Puzzle]:
    """The puzzles, sorted by id (default: the repository's puzzles/ and library/); raises
    :class:`ContentError` listing every problem if any file is bad. Read once a process while
    the files are unchanged (:func:`load_cached`)."""
    content = load_cached(paths if paths is not None else puzzle_paths(REPO_ROOT))
    if content.problems:
        raise ContentError(content.problems)
    return sorted((p.item for p in content.puzzles), key=lambda p: p.id)


def load_lessons(paths: Iterable[str | Path] | None = None) -> list[Lesson]:
    """The lessons in course order; raises :class:`ContentError` listing every problem if any file is bad.
    The twin of :func:`load_puzzles`, for scripts and the tests (the app reads through its library)."""
    content = load_cached(paths if paths is not None else [REPO_ROOT / "lessons"])
    if content.problems:
        raise ContentError(content.problems)
    return [les.item for les in content.lessons]


#: What :func:`load_cached` read, by the files' signature (newest last).
_CACHED: OrderedDict[tuple[tuple[str, int, int], ...], ContentSet] = OrderedDict()
_CACHED_MAX = 4


def signature(paths: Iterable[str | Path]) -> tuple[tuple[str, int, int], ...]:
    """Every content file under ``paths`` with its modification time and size: what a cache of
    the content is keyed by (a file changed, added or removed changes it). A path that does not
    exist is kept with zeros, so it is reported when it is read."""
    out: list[tuple[str, int, int]] = []
    for p in _yaml_files(paths):
        try:
            stat = p.stat()
        except OSError:
            out.append((str(p), 0, 0))
            continue
        out.append((str(p), stat.st_mtime_ns, stat.st_size))
    return tuple(out)


def load_cached(paths: Iterable[str | Path] | None = None) -> ContentSet:
    """:func:`load_paths`, read again only when a file under ``paths`` changed.

    Why: a library of 2,000 puzzles takes seconds to parse and validate, and a process that asks
    for many days' daily (``tutor daily`` in a loop, a test of three years of dailies) must not
    pay that on every call. The items are frozen models, so sharing them is safe."""
    folders = [Path(p) for p in (default_paths() if paths is None else paths)]
    key = signature(folders)
    hit = _CACHED.get(key)
    if hit is not None:
        _CACHED.move_to_end(key)
        return hit
    content = load_paths(None if paths is None else folders)
    _CACHED[key] = content
    while len(_CACHED) > _CACHED_MAX:
        _CACHED.popitem(last=False)
    return content
