"""Printing or writing generated puzzles: what ``generate`` and ``import-pbn`` both end with."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

from tutor.commands._args import emit
from tutor.content.models import Puzzle
from tutor.content.writer import puzzle_data, puzzles_yaml
from tutor.outfiles import write_atomic

__all__ = ["emit_puzzles"]


def emit_puzzles(args: argparse.Namespace, out: Path | None, puzzles: Sequence[Puzzle], header: str) -> int:
    """Write ``puzzles`` as YAML to ``out`` (atomically, saying what was written), or print them."""
    text = puzzles_yaml(list(puzzles), header)
    if out is not None:
        size = write_atomic(out, text)
        emit(args, {"out": str(out), "puzzles": len(puzzles), "bytes": size},
             f"wrote {out}: {len(puzzles)} puzzle(s), {size} bytes")
        return 0
    emit(args, {"puzzles": [puzzle_data(p) for p in puzzles]}, text.rstrip("\n"))
    return 0
