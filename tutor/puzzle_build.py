"""``tutor puzzles build``: the puzzle library made, proved and written (issue 26, point 2).

The pipeline, in seeded rounds so that the same seed gives the same library however it runs:

1. positions stream from :func:`tutor.content.library.positions` (random and constrained deals for
   opening leads; the robots' own games for later leads, returns and plays);
2. rule (a), a real decision (:func:`tutor.content.library.decide`), and rule (c), no near-copy of
   a draft already kept (its :func:`~tutor.content.library.pattern_key`) nor of a puzzle already in
   the library the build is added to (``--beside``), need no solver;
3. the survivors' double-dummy evidence is solved -- in this process or on a Dask LocalCluster,
   exactly as ``tutor analyse`` does (:func:`tutor.analyse.run_analysis`, on one
   :class:`~tutor.analyse.Runner` started for the whole build) -- over ``layouts``
   layouts each, straight into the evidence store the library ships;
4. rule (b): the evidence agrees with the answer, or the puzzle says why not in this hand's words
   (:func:`tutor.content.library_text.dd_note`); a puzzle whose answer the solver finds costly
   and its own suit does not back either (the convention's card is worse in its suit *and* the
   suit is worse) is rejected when the cost passes :data:`MAX_UNEXPLAINED_COST`;
5. each kept draft becomes a :class:`~tutor.content.models.Puzzle` (themes from its deciding
   maxims, a difficulty from the position, a title, graded hints, an explanation, sources cited,
   en and ru) and is proved by the linter's :func:`~tutor.content.lint.prove` before it is kept,
   and kept only while its explanation is not already the words of :data:`~tutor.content.quality.SHARED_MAX`
   puzzles (this build's and ``beside``'s: the gate ``tutor check`` applies to the whole library).

Rounds: ``ROUND`` positions are decided at a time and their evidence solved together (the
cluster gets work in bulk); a round's order is the stream's, so the kept set is the same however
the tasks ran.
"""

from __future__ import annotations

import itertools
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tutor.analyse import Runner, run_analysis, spec_of
from tutor.cards import Card
from tutor.content.library import Draft, Turn, decide, difficulty_of, positions, puzzle_key, themes_of
from tutor.content.library_text import dd_note, explanation_of, hints_of, prompt_of, title_of
from tutor.content.lint import prove
from tutor.content.loader import Located
from tutor.content.models import Accept, Puzzle
from tutor.content.quality import SHARED_MAX, explanation_words
from tutor.content.writer import puzzles_yaml
from tutor.evidence_store import EvidenceStore
from tutor.outfiles import write_atomic
from tutor.seats import Seat

__all__ = ["BuildFigures", "build", "ROUND", "MAX_UNEXPLAINED_COST", "DEFAULT_LAYOUTS", "write_library",
           "RewordFigures", "turn_of", "reword", "reword_library"]

#: Positions decided per round (their evidence solved in one run).
ROUND = 60
#: The cost (tricks) above which a disagreement the answer's own suit does not explain rejects the puzzle.
MAX_UNEXPLAINED_COST = 0.5
#: Layouts per library item: fewer than the shipped items' 100 (the library is 20 times bigger; the
#: number is kept in each puzzle, ``evidence_layouts``, and shown with the figure).
DEFAULT_LAYOUTS = 20


@dataclass
class BuildFigures:
    """What a build did: positions tried, kept, and rejected by each rule."""

    tried: int = 0
    kept: int = 0
    rejected: Counter[str] = field(default_factory=Counter)
    by_kind: Counter[str] = field(default_factory=Counter)
    by_difficulty: Counter[int] = field(default_factory=Counter)
    layouts: int = 0
    seconds: float = 0.0

    def as_json(self) -> dict[str, Any]:
        return {"tried": self.tried, "kept": self.kept, "rejected": dict(sorted(self.rejected.items())),
                "by_kind": dict(sorted(self.by_kind.items())),
                "by_difficulty": {str(k): v for k, v in sorted(self.by_difficulty.items())},
                "layouts_per_item": self.layouts, "seconds": round(self.seconds, 1)}

    def text(self) -> str:
        rej = ", ".join(f"{k} {v}" for k, v in sorted(self.rejected.items())) or "none"
        kinds = ", ".join(f"{k} {v}" for k, v in sorted(self.by_kind.items()))
        levels = ", ".join(f"{k}: {v}" for k, v in sorted(self.by_difficulty.items()))
        return (f"positions tried {self.tried}, kept {self.kept}; rejected: {rej}\n"
                f"kept by kind: {kinds}\nby difficulty: {levels}\n"
                f"evidence: {self.layouts} layouts per item; {self.seconds:.0f} s")


def _puzzle(draft: Draft, pid: str, record: dict[str, Any], layouts: int) -> Puzzle:
    note = dd_note(draft, record)
    trap = record["comparison"]["verdict"] != "agree"
    pos = draft.position
    deal = pos.deal
    assert deal.trump_card is not None
    accept = [Accept(answer=c.card, reason=c.why) for c in draft.accepted]
    return Puzzle(
        id=pid, title=title_of(draft), themes=themes_of(draft), difficulty=difficulty_of(draft, trap),
        dealer=pos.dealer, trump=deal.trump_card, hand=deal.hands[Seat.S],
        deal=deal if pos.played else None, played=pos.played or None,
        question="lead" if not pos.view().on_table else "play", prompt=prompt_of(draft), answer=draft.advice.card,
        accept=accept, maxims=list(draft.advice.maxims), hints=hints_of(draft),
        explanation=explanation_of(draft, note), evidence_layouts=layouts,
    )


def _unexplained(draft: Draft, record: dict[str, Any]) -> bool:
    """The solver's cost is large and the answer's own suit does not back its card either."""
    c = record["comparison"]
    if c["verdict"] != "costs" or float(c["cost"]) <= MAX_UNEXPLAINED_COST:
        return False
    means = {str(r["card"]): float(r["mean"]) for r in record["leads"]}
    answer = draft.advice.card
    mine = means.get(str(answer), 0.0)
    same = [m for k, m in means.items() if k[0] == str(answer)[0] and k != str(answer)]
    return bool(same) and max(same) > mine


def build(seed: int, leads: int, plays: int, store: EvidenceStore, *, layouts: int = DEFAULT_LAYOUTS,
          workers: int = 1, scheduler: str | None = None, prefix: str = "lib",
          on_round: Callable[[list[Puzzle], BuildFigures], None] | None = None,
          max_tried: int | None = None, beside: Iterable[Puzzle] = ()) -> tuple[list[Puzzle], BuildFigures]:
    """``leads`` lead problems (opening leads first-trick; later leads count as plays' stream
    gives them) and ``plays`` problems from the robots' games, kept by the three rules, with
    their evidence in ``store``. ``on_round(kept so far, figures)`` after each round (the command
    writes the library there, so a cut-off build keeps what it made). ``beside``: puzzles already
    in the library, kept before this build for rule (c) (a second seed keeps no near-copy of
    them: :func:`~tutor.content.library.puzzle_key`)."""
    t0 = time.perf_counter()
    figures = BuildFigures(layouts=layouts)
    kept: list[Puzzle] = []
    beside = list(beside)
    seen: set[tuple[object, ...]] = {k for k in map(puzzle_key, beside) if k is not None}
    # ``tutor check``'s gate on pasted words (point 6), applied here so the library passes it:
    # no explanation shared word for word by more than SHARED_MAX puzzles, these and the library's
    said = Counter(explanation_words(p) for p in beside)
    wanted = {"lead": leads, "play": plays}
    have = Counter[str]()
    streams: list[tuple[str, Iterator[Any]]] = []
    if leads:
        streams.append(("lead", positions(seed, True)))
    if plays:
        streams.append(("play", positions(seed, False)))
    # one cluster for the whole build, not one a round (its start-up and the workers' imports cost
    # seconds each time)
    with Runner(workers=workers, scheduler=scheduler) as runner:
        for name, stream in streams:
            while have[name] < wanted[name] and (max_tried is None or figures.tried < max_tried):
                drafts: list[Draft] = []
                # a round no bigger than what is still wanted (with a margin for the rejections):
                # the evidence of a draft never kept is the expensive waste
                size = max(4, min(ROUND, int((wanted[name] - have[name]) * 1.4) + 2))
                for pos in itertools.islice(stream, size):
                    figures.tried += 1
                    got = decide(pos)
                    if isinstance(got, str):
                        figures.rejected[f"a:{got}"] += 1
                        continue
                    if got.key in seen:
                        figures.rejected["c:near-copy"] += 1
                        continue
                    seen.add(got.key)
                    drafts.append(got)
                specs = []
                for d in drafts:
                    probe = _puzzle_probe(d, layouts)
                    specs.append(spec_of(probe))
                run_analysis([s for s in specs if s is not None], store, runner=runner)
                for d, spec in zip(drafts, specs):
                    if have[name] >= wanted[name]:
                        break
                    assert spec is not None
                    record = store.get(spec)
                    if record is None:
                        figures.rejected["b:no-evidence"] += 1
                        continue
                    if _unexplained(d, record):
                        figures.rejected["b:evidence-against"] += 1
                        continue
                    kind = "lead" if d.position.kind in ("opening-lead", "later-lead", "return") else "play"
                    pid = f"{prefix}-{seed}-{d.position.kind}-{have[name] + 1}"
                    puzzle = _puzzle(d, pid, record, layouts)
                    problems = prove(Located(puzzle, "<build>", 0, {}))
                    if problems:
                        figures.rejected["proof:" + problems[0].message.split(":")[0][:40]] += 1
                        continue
                    if said[explanation_words(puzzle)] >= SHARED_MAX:
                        figures.rejected["gate:shared-explanation"] += 1
                        continue
                    said[explanation_words(puzzle)] += 1
                    kept.append(puzzle)
                    have[name] += 1
                    figures.kept += 1
                    figures.by_kind[d.position.kind] += 1
                    figures.by_difficulty[puzzle.difficulty] += 1
                    del kind
                figures.seconds = time.perf_counter() - t0
                if on_round is not None:
                    on_round(kept, figures)
    figures.seconds = time.perf_counter() - t0
    return kept, figures


def _puzzle_probe(draft: Draft, layouts: int) -> Puzzle:
    """The draft as a puzzle before its words exist: what the evidence spec reads (the position,
    the engine's card and maxims, the number of layouts)."""
    from tutor.content.models import Text

    pos = draft.position
    deal = pos.deal
    assert deal.trump_card is not None
    x = Text(en="-", ru="-")
    return Puzzle(id="probe", title=x, themes=["opening-lead"], difficulty=1, dealer=pos.dealer, trump=deal.trump_card,
                  hand=deal.hands[Seat.S], deal=deal if pos.played else None, played=pos.played or None,
                  question="lead" if not pos.view().on_table else "play", answer=draft.advice.card,
                  maxims=list(draft.advice.maxims), hints=[x], explanation=x, evidence_layouts=layouts)


def write_library(puzzles: list[Puzzle], out: Path, header: str) -> list[Path]:
    """The library as files under ``out``: ``lead/<kind>.yaml`` and ``play/<kind>.yaml``, each
    puzzle in the order built (atomically: a reader sees a whole file)."""
    groups: dict[Path, list[Puzzle]] = {}
    for p in puzzles:
        kind = p.id.split("-", 2)[2].rsplit("-", 1)[0]
        folder = "lead" if p.question == "lead" else "play"
        groups.setdefault(out / folder / f"{kind}.yaml", []).append(p)
    for path, items in groups.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, puzzles_yaml(items, header))
    return sorted(groups)


def _is_card(x: object) -> bool:
    return isinstance(x, Card)


# -- rewording the library in place (no evidence solved) ------------------------------------------------


@dataclass
class RewordFigures:
    """What a reword did: the files and puzzles read, the puzzles given new words, and each puzzle
    kept as it was with why (``no-kind``, ``no-evidence``, a :func:`decide` reason, ``answer-changed``,
    ``maxims-changed``)."""

    files: int = 0
    read: int = 0
    reworded: int = 0
    reported: list[tuple[str, str]] = field(default_factory=list)

    def as_json(self) -> dict[str, Any]:
        return {"files": self.files, "read": self.read, "reworded": self.reworded,
                "reported": [{"id": i, "why": w} for i, w in self.reported]}

    def text(self) -> str:
        lines = [f"{self.files} file(s), {self.read} puzzles read, {self.reworded} reworded, "
                 f"{len(self.reported)} kept as they were"]
        lines += [f"  {i}: {w}" for i, w in self.reported]
        return "\n".join(lines)


def turn_of(puzzle: Puzzle) -> Turn | None:
    """The South turn a library puzzle was built from: its kind read from its id
    (``PREFIX-SEED-KIND-N``), its deal, dealer and tricks played. An opening lead is written with
    South's hand only: the other hands are filled in order (the turned-up card in the dealer's),
    which nothing South sees depends on. None when the id names no kind of the build."""
    from tutor.cards import CARDS, Hand
    from tutor.content.library import KINDS
    from tutor.deal import Deal
    from tutor.play import format_history

    parts = puzzle.id.split("-", 2)
    kind = parts[2].rsplit("-", 1)[0] if len(parts) == 3 else ""
    if kind not in KINDS:
        return None
    deal = puzzle.full_deal()
    if deal is None:
        south = puzzle.student_hand
        tc = puzzle.trump_card
        rest = [c for c in CARDS if c not in south and c != tc]
        hands: dict[Seat, Hand] = {Seat.S: south}
        for seat in (Seat.W, Seat.N, Seat.E):
            if seat == puzzle.dealer:
                hands[seat] = Hand([tc, *rest[:12]])
                rest = rest[12:]
            else:
                hands[seat] = Hand(rest[:13])
                rest = rest[13:]
        deal = Deal(hands, dealer=puzzle.dealer, trump_card=tc)
    return Turn("library", kind, deal, format_history(puzzle.played) if puzzle.played else "")


def reword(puzzle: Puzzle, store: EvidenceStore) -> Puzzle | str:
    """``puzzle`` with its title, hints and explanation written again from the words of
    :mod:`tutor.content.library_text` (the double-dummy note from its stored evidence, nothing
    solved), its id, answer, maxims, difficulty, themes and accepted cards unchanged -- or why it
    cannot be: its draft no longer decides, or decides another card or by other maxims."""
    from tutor.analyse import spec_of
    from tutor.evidence_store import EvidenceStoreError, assemble

    turn = turn_of(puzzle)
    if turn is None:
        return "no-kind"
    got = decide(turn)
    if isinstance(got, str):
        return got
    if got.advice.card != puzzle.answer:
        return "answer-changed"
    if list(got.advice.maxims) != list(puzzle.maxims):
        return "maxims-changed"
    spec = spec_of(puzzle)
    record = store.get(spec) if spec is not None else None
    if record is None and spec is not None:
        table = store.get_table(spec)
        try:
            record = assemble(spec, table) if table is not None else None
        except EvidenceStoreError:
            record = None
    if record is None:
        return "no-evidence"
    return puzzle.model_copy(update={"title": title_of(got), "hints": hints_of(got),
                                     "explanation": explanation_of(got, dd_note(got, record))})


def reword_library(files: Iterable[Path], root: Path, out: Path, store: EvidenceStore) -> RewordFigures:
    """Each puzzle file of ``files`` (under ``root``) written again under ``out`` at the same
    relative path, its header line kept and each puzzle reworded (:func:`reword`); a puzzle that
    cannot be is kept as it was and reported."""
    from tutor.content.loader import ContentError, load_paths

    figures = RewordFigures()
    for path in files:
        loaded = load_paths([path])
        if loaded.problems:  # a file that does not read is not written over
            raise ContentError(loaded.problems)
        header = "\n".join(line[2:] for line in path.read_text(encoding="utf-8").splitlines()
                           if line.startswith("# ")) or None
        items: list[Puzzle] = []
        for located in loaded.puzzles:
            figures.read += 1
            got = reword(located.item, store)
            if isinstance(got, str):
                figures.reported.append((located.item.id, got))
                items.append(located.item)
            else:
                figures.reworded += 1
                items.append(got)
        target = out / path.relative_to(root)
        target.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(target, puzzles_yaml(items, header))
        figures.files += 1
    return figures
