"""Writing puzzles as YAML, the way an author writes them (fields in the documented order).

The generator and the PBN import print puzzles for a teacher to paste into ``puzzles/*.yaml``;
what they print must read back through :mod:`tutor.content.loader` to the same puzzles.

:func:`add_puzzles` puts such a file's puzzles after the ones a teacher has written, as text:
his own lines -- comments, spacing, an unfinished puzzle -- stay as he wrote them (the
Workshop's Generate and Import used to replace his whole text, walkthrough defect 10).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

import yaml

from tutor.content.models import Puzzle
from tutor.errors import WhistError
from tutor.yamlsafe import strict_load

__all__ = ["FIELD_ORDER", "AddError", "add_puzzles", "puzzle_count", "puzzle_data", "puzzles_yaml"]

#: The order fields are written in (the order of the documented example in models.py).
FIELD_ORDER: tuple[str, ...] = (
    "id", "title", "themes", "difficulty", "rules", "system", "variant", "contract", "custom", "cut", "dealer", "trump",
    "hand", "deal", "played", "deliberate", "exposed", "called", "called_suit", "question", "ask", "tricks", "standing",
    "revokes", "revoke_penalty", "prompt", "answer", "accept", "maxims", "hints", "explanation", "override",
    "evidence_layouts",
)


def puzzle_data(puzzle: Puzzle) -> dict[str, Any]:
    """The puzzle as plain data in :data:`FIELD_ORDER`, leaving out empty optional fields."""
    raw = puzzle.model_dump(mode="json", exclude_none=True)
    raw.pop("seat", None)  # always S
    for name in ("accept", "revokes", "exposed", "deliberate"):
        if not raw.get(name):
            raw.pop(name, None)
    if isinstance(raw.get("tricks"), dict):
        raw["tricks"] = {k: v for k, v in raw["tricks"].items() if v is not None}
    return {k: raw[k] for k in FIELD_ORDER if k in raw}


class _Dumper(yaml.SafeDumper):
    """Block style, but a text ({en, ru}) and short lists of words stay on one line each."""


def _represent_dict(dumper: yaml.SafeDumper, data: dict[Any, Any]) -> yaml.Node:
    return dumper.represent_mapping("tag:yaml.org,2002:map", data.items())


def _represent_list(dumper: yaml.SafeDumper, data: list[Any]) -> yaml.Node:
    flow = all(isinstance(x, (str, int)) for x in data)
    return dumper.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=flow)


_Dumper.add_representer(dict, _represent_dict)
_Dumper.add_representer(list, _represent_list)


def puzzles_yaml(puzzles: Iterable[Puzzle], header: str | None = None) -> str:
    """A complete puzzle file: ``puzzles:`` and the list; ``header`` becomes a leading comment."""
    body = yaml.dump({"puzzles": [puzzle_data(p) for p in puzzles]}, Dumper=_Dumper, allow_unicode=True,
                     sort_keys=False, width=110, default_flow_style=False)
    if header:
        body = "".join(f"# {line}\n" for line in header.splitlines()) + body
    return body


class AddError(WhistError):
    """New puzzles cannot be put after a text's own without changing what it says: ``kind`` is
    ``no-list`` (no block list under a top-level ``puzzles:``) or ``changed`` (the result would
    not list the text's puzzles and the new ones)."""

    def __init__(self, message: str, kind: str) -> None:
        super().__init__(message)
        self.kind = kind


#: ``puzzles:`` as a top-level key with nothing after it but a comment (a block list follows).
_PUZZLES_KEY = re.compile(r"^puzzles:[ \t]*(#.*)?$")
#: An item's id line in a block list (``- id: x`` or ``  id: x``), the id in group 2.
_ID_LINE = re.compile(r"^(\s*(?:-\s+)?id:\s*)([A-Za-z0-9_.-]+)(\s*(?:#.*)?)$")


def _is_content(line: str) -> bool:
    return bool(line.strip()) and not line.lstrip().startswith("#")


def puzzle_count(text: str) -> int | None:
    """How many puzzles a puzzle file's text lists, or None when it does not read as one."""
    try:
        data = strict_load(text)
    except yaml.YAMLError:
        return None
    if isinstance(data, dict) and isinstance(data.get("puzzles"), list):
        return len(data["puzzles"])
    return None


def _fresh_ids(lines: list[str], taken: set[str]) -> list[str]:
    """The addition's id lines with every id already used in the text made unique (``-2``...)."""
    out = []
    for line in lines:
        m = _ID_LINE.match(line)
        if m:
            new_id, n = m[2], 2
            while new_id in taken:
                new_id, n = f"{m[2]}-{n}", n + 1
            taken.add(new_id)
            line = f"{m[1]}{new_id}{m[3]}"
        out.append(line)
    return out


def add_puzzles(text: str, addition: str) -> str:
    r"""``text`` (a puzzle file being written) with the puzzles of ``addition`` (a file as
    :func:`puzzles_yaml` writes it) put after its own, every line of ``text`` kept as it is.

    An id the text already uses gets ``-2`` (``-3``...), so the two never clash. A text with
    nothing in it but comments becomes the addition. Raises :class:`AddError` when the text has
    no block list under a top-level ``puzzles:`` to add to (a lesson, ``puzzles: []``), and when
    the text listed its puzzles and the result would not list them all and the new ones.

    >>> mine = "puzzles:\n  - id: mine  # my own\n    title: {en: A, ru: Б}\n"
    >>> print(add_puzzles(mine, "puzzles:\n- id: mine\n  title: {en: B, ru: В}\n"), end="")
    puzzles:
      - id: mine  # my own
        title: {en: A, ru: Б}
      - id: mine-2
        title: {en: B, ru: В}
    """
    new_lines = addition.splitlines()
    try:
        start = next(i for i, line in enumerate(new_lines) if _PUZZLES_KEY.match(line))
    except StopIteration:
        raise AddError("the new text has no puzzles: list", "no-list") from None
    # the addition's own comments above its list (where a puzzle came from) go with its items
    items = [line for line in new_lines[:start] if line.strip()] + new_lines[start + 1:]
    if not any(_is_content(line) for line in text.splitlines()):
        return addition if addition.endswith("\n") else addition + "\n"
    lines = text.splitlines()
    key = next((i for i, line in enumerate(lines) if _PUZZLES_KEY.match(line)), None)
    if key is None:
        raise AddError("the text has no 'puzzles:' list to add to", "no-list")
    end = key + 1  # the list runs over indented lines, items at column 0, blanks and comments
    last = key
    while end < len(lines) and (not lines[end].strip() or lines[end][0] in " \t-#"):
        if _is_content(lines[end]):
            last = end
        end += 1
    first_item = next((line for line in lines[key + 1:end] if line.lstrip().startswith("- ")), None)
    indent = len(first_item) - len(first_item.lstrip()) if first_item is not None else 2
    taken = {m[2] for line in lines if (m := _ID_LINE.match(line))}
    moved = [(" " * indent + line) if line.strip() else line for line in _fresh_ids(items, taken)]
    merged = "\n".join(lines[:last + 1] + moved + lines[last + 1:]) + "\n"
    before, added = puzzle_count(text), puzzle_count(addition)
    if before is not None and added is not None and puzzle_count(merged) != before + added:
        raise AddError("the new puzzles could not be put after the text's own without changing them", "changed")
    return merged
