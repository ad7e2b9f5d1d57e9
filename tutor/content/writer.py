"""Writing puzzles as YAML, the way an author writes them (fields in the documented order).

The generator and the PBN import print puzzles for a teacher to paste into ``puzzles/*.yaml``;
what they print must read back through :mod:`tutor.content.loader` to the same puzzles.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import yaml

from tutor.content.models import Puzzle

__all__ = ["FIELD_ORDER", "puzzle_data", "puzzles_yaml"]

#: The order fields are written in (the order of the documented example in models.py).
FIELD_ORDER: tuple[str, ...] = (
    "id", "title", "themes", "difficulty", "rules", "system", "variant", "contract", "custom", "cut", "dealer", "trump",
    "hand", "deal", "played", "deliberate", "exposed", "called", "called_suit", "question", "ask", "tricks", "standing",
    "revokes", "revoke_penalty", "prompt", "answer", "accept", "maxims", "hints", "explanation", "override",
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
