"""JSON Schema of the content files, exported from the pydantic models (never written by hand).

Editors use ``content/schema/puzzle.schema.json`` and ``lesson.schema.json`` to complete and
check YAML as it is typed (e.g. ``# yaml-language-server: $schema=../content/schema/lesson.schema.json``).
A test compares the files with :func:`schemas` so they cannot drift from the models; rewrite
them with ``python -m tutor.content.schema``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from tutor.content.loader import REPO_ROOT
from tutor.content.models import THEMES, Lesson, PuzzleFile

__all__ = ["SCHEMA_DIR", "schemas", "render", "write_schemas"]

#: Where the exported schemas live in the checkout.
SCHEMA_DIR = REPO_ROOT / "content" / "schema"


def schemas() -> dict[str, dict[str, Any]]:
    """File name -> JSON Schema (the puzzle file, with ``puzzles:``, and the lesson file)."""
    puzzle = PuzzleFile.model_json_schema()
    puzzle["$id"] = "puzzle.schema.json"
    puzzle["title"] = "Whist Tutor puzzle file"
    puzzle["description"] = "puzzles/*.yaml: a list of puzzles under puzzles:. Themes: " + ", ".join(THEMES) + "."
    lesson = Lesson.model_json_schema()
    lesson["$id"] = "lesson.schema.json"
    lesson["title"] = "Whist Tutor lesson"
    lesson["description"] = "lessons/*.yaml: one lesson; the first step teaches, exercises follow."
    return {"puzzle.schema.json": puzzle, "lesson.schema.json": lesson}


def render(schema: dict[str, Any]) -> str:
    """The exact text written to disk (stable key order, UTF-8, trailing newline)."""
    return json.dumps(schema, ensure_ascii=False, indent=2, sort_keys=True) + "\n"


def write_schemas(directory: Path = SCHEMA_DIR) -> list[Path]:
    """Write every schema into ``directory``; returns the paths written."""
    directory.mkdir(parents=True, exist_ok=True)
    out = []
    for name, schema in schemas().items():
        path = directory / name
        path.write_text(render(schema), encoding="utf-8")
        out.append(path)
    return out


if __name__ == "__main__":  # python -m tutor.content.schema
    for written in write_schemas(Path(sys.argv[1]) if len(sys.argv) > 1 else SCHEMA_DIR):
        print(written)
