"""``python -m tutor puzzles reword [--library library/] [--out DIR] [--store DIR] [--json]``: the
library's words written again in place (:func:`tutor.puzzle_build.reword_library`), nothing solved.

``python -m tutor puzzles build --seed S --lead N --play M [--layouts L] [--workers K | --scheduler URL]
[--out library/] [--store DIR] [--prefix P] [--beside DIR …] [--json]``: the puzzle library (:mod:`tutor.puzzle_build`).

Writes ``OUT/lead/<kind>.yaml`` and ``OUT/play/<kind>.yaml`` (ordinary puzzle files, the schema of
puzzles/) after every round, so a build cut off keeps what it made; the evidence goes into
``--store`` (default ``OUT/evidence``, the folder the evidence store reads after the shipped one).
``--beside`` names the library a second seed is added to: a draft that is a near-copy of one of
its puzzles is rejected (rule c), as one of the build's own would be; the files under OUT are not
read there, so the same command builds the same files again. At the end it prints the build's
figures: positions tried, kept, rejected by each rule.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from tutor.commands._args import CliError, add_json_flag, bounded_int, emit, nonempty, seed_type

#: More in one build than the daily needs for years; a bigger library is several seeds.
MAX_COUNT = 20_000


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("puzzles", help="the puzzle library: build it from deals and the robots' games")
    inner = p.add_subparsers(dest="puzzles_command", required=True)
    b = inner.add_parser("build", help="deal positions, keep the real problems, solve their evidence, write YAML")
    b.add_argument("--seed", type=seed_type, required=True, help="0 to 4,294,967,295; the same seed gives the same library")
    b.add_argument("--lead", type=bounded_int(0, MAX_COUNT), default=0, help="opening-lead problems to keep (0 to 20,000)")
    b.add_argument("--play", type=bounded_int(0, MAX_COUNT), default=0,
                   help="problems from the robots' games to keep: later leads, returns, plays, discards (0 to 20,000)")
    b.add_argument("--layouts", type=bounded_int(10, 1000), default=None,
                   help="layouts of each puzzle's evidence, 10 to 1,000 (default 20)")
    b.add_argument("--workers", type=bounded_int(1, 64), default=1, help="1: in this process; 2 to 64: a Dask LocalCluster")
    b.add_argument("--scheduler", type=nonempty, default=None, help="a running Dask scheduler (tcp://host:port)")
    b.add_argument("--out", type=nonempty, default="library", help="the library folder (default: library/)")
    b.add_argument("--store", type=nonempty, default=None, help="the evidence folder (default: OUT/evidence)")
    b.add_argument("--prefix", type=nonempty, default="lib", help="the puzzles' id prefix (default lib)")
    b.add_argument("--beside", type=nonempty, action="append", default=[],
                   help="puzzle files or folders already in the library: no near-copy of theirs is kept "
                        "(a second seed added to the library; repeatable)")
    add_json_flag(b)
    b.set_defaults(func=run)
    r = inner.add_parser("reword", help="write the library's titles, hints and explanations again (nothing solved)")
    r.add_argument("--library", type=nonempty, default="library", help="the library folder to read (default: library/)")
    r.add_argument("--out", type=nonempty, default=None, help="where to write it (default: in place, the --library folder)")
    r.add_argument("--store", type=nonempty, default=None, help="the evidence folder (default: LIBRARY/evidence)")
    add_json_flag(r)
    r.set_defaults(func=run_reword)


def run(args: argparse.Namespace) -> int:
    from tutor.evidence_store import EvidenceStore
    from tutor.puzzle_build import DEFAULT_LAYOUTS, BuildFigures, build, write_library

    if args.lead + args.play == 0:
        raise CliError("ask for some puzzles: --lead N and/or --play M")
    if args.scheduler is not None and args.workers != 1:
        raise CliError("--workers and --scheduler exclude each other")
    out = Path(args.out)
    store = EvidenceStore(args.store if args.store is not None else out / "evidence")
    layouts = args.layouts or DEFAULT_LAYOUTS
    # the options that change what is built, so that the header's command builds the file again
    extra = "".join(f" --{name} {value}" for name, value, default in
                    (("prefix", args.prefix, "lib"), ("out", args.out, "library")) if value != default)
    extra += "".join(f" --beside {b}" for b in args.beside)
    if args.store is not None:
        extra += f" --store {args.store}"
    header = (f"made by: python -m tutor puzzles build --seed {args.seed} --lead {args.lead} --play {args.play} "
              f"--layouts {layouts}{extra} (do not edit by hand: build again)")
    beside = []
    if args.beside:
        from tutor.content.loader import load_paths

        content = load_paths(args.beside)
        if content.problems:
            raise CliError(f"--beside: {content.problems[0]}")
        mine = out.resolve()
        beside = [p.item for p in content.puzzles if not Path(p.path).resolve().is_relative_to(mine)]

    def on_round(kept: list, figures: BuildFigures) -> None:  # type: ignore[type-arg]
        if kept:
            write_library(kept, out, header)
        if not args.json:
            sys.stderr.write(f"\r{figures.kept} kept of {figures.tried} tried ({figures.seconds:.0f} s)")
            sys.stderr.flush()

    puzzles, figures = build(args.seed, args.lead, args.play, store, layouts=layouts, workers=args.workers,
                             scheduler=args.scheduler, prefix=args.prefix, on_round=on_round, beside=beside)
    files = write_library(puzzles, out, header) if puzzles else []
    if not args.json:
        sys.stderr.write("\n")
    data = {**figures.as_json(), "files": [str(f) for f in files], "store": str(store.root)}
    emit(args, data, figures.text() + f"\nwrote {len(files)} file(s) under {out}; evidence in {store.root}")
    return 0


def run_reword(args: argparse.Namespace) -> int:
    """``tutor puzzles reword``: each puzzle file under ``--library`` (its lead/ and play/ folders,
    and a later seed's folders below it; not the evidence) written again under ``--out`` at the
    same place, its header line kept; the puzzles that keep their old words are listed with why."""
    from tutor.content.loader import ContentError
    from tutor.evidence_store import EvidenceStore
    from tutor.puzzle_build import reword_library

    root = Path(args.library)
    if not root.is_dir():
        raise CliError(f"--library: {root} is not a folder")
    store_dir = Path(args.store) if args.store is not None else root / "evidence"
    if not store_dir.is_dir():
        raise CliError(f"--store: {store_dir} is not a folder")
    files = sorted(p for p in root.rglob("*.yaml") if not p.resolve().is_relative_to(store_dir.resolve()))
    if not files:
        raise CliError(f"--library: no puzzle files under {root}")
    out = Path(args.out) if args.out is not None else root
    try:
        figures = reword_library(files, root, out, EvidenceStore(store_dir))
    except ContentError as exc:
        raise CliError(f"--library: {exc}") from exc
    emit(args, {**figures.as_json(), "out": str(out)}, figures.text() + f"\nwrote under {out}")
    return 0
