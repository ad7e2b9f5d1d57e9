"""The evidence store: double-dummy evidence computed once, kept on disk, read at once.

The evidence of a lead or play item (every candidate card scored over random layouts of the
unseen cards, and the item's card beside the simulation's best, :func:`tutor.evidence.compare`)
takes seconds to compute and never changes for the same inputs. So it is computed ahead (``tutor
analyse``, on one machine or a Dask cluster) or once when a learner first asks, and kept here.

Two kinds of file, both JSON, written atomically (a temporary file in the same folder, then
``os.replace``, :func:`tutor.outfiles.write_atomic`: a reader sees the old file or the new one,
never half of one):

- ``tables/<table key>.json``: the solved table (tricks of the student's side, one row per layout,
  one column per legal card). The expensive part. Its key hashes what decides the layouts and
  their values: the position, the number of samples, the seed, the block size, the sampler's
  format and the DDS (endplay) version -- and, for a position where the student's seat reads
  something from the tricks (:class:`tutor.reading.Reading`: a king led, a call, a first discard),
  the inferences its layouts were weighted by and how (:data:`READING`). A position with nothing
  to read (every opening lead) keeps the key and the uniform layouts it always had.
- ``items/<key>.json``: what the app shows (the simulation's figures and the comparison). Its key
  adds what decides the comparison: the item's card and maxims, the system, the rules and the
  conventions engine's digest (:func:`tutor.conventions.figures.engine_digest`). A changed engine
  makes the item records stale but not the tables: the comparison is rebuilt from the stored table
  in milliseconds.

Why the results are bit-identical however they are computed: the layouts are drawn in blocks of
:data:`BLOCK`, each from its own seed (the run's seed, the position's hash and the block's index),
never from shared state; a task solves some blocks of one position; the rows are put together in
block order in the process that writes the store. Serial, on a local cluster, on a remote one, in
any task order: the same blocks, the same rows, the same bytes.

The store reads from its folder first, then from fallbacks: by default the user's data folder
(``$WHIST_TUTOR_EVIDENCE_DIR``, else ``$XDG_DATA_HOME/whist-tutor/evidence``, beside the progress
database) and then the read-only evidence shipped with the content (:data:`SHIPPED_DIR`), so a
fresh install never waits for the shipped puzzles' evidence.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import os
import random
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from tutor.cards import Card, Hand, parse_card
from tutor.errors import WhistError
from tutor.outfiles import OutFileError, write_atomic
from tutor.play import Trick, format_history, parse_history
from tutor.reading import MAX_TRIES, UNLIKELY, Inference, Reading
from tutor.seats import Seat, parse_seat
from tutor.seatview import SeatView
from tutor.vocab import System

__all__ = [
    "EvidenceStoreError",
    "EvidenceSpec",
    "EvidenceStore",
    "BLOCK",
    "FORMAT",
    "READING",
    "DEFAULT_SAMPLES",
    "DEFAULT_SEED",
    "SHIPPED_DIR",
    "default_dir",
    "default_store",
    "library_evidence_dir",
    "solve_blocks",
    "assemble",
    "evidence_for",
    "view_of",
]

#: Bump when the stored shape or the way layouts are drawn changes: every key changes with it.
FORMAT = 1
#: How a position with inferences draws its layouts (:meth:`tutor.reading.Reading.draw`): part of
#: its table key, with the inferences themselves. Bump it when that way changes; the uniform
#: layouts of a position with nothing to read (:data:`FORMAT`) are left as they are.
READING = {"method": "rejection", "version": 1, "unlikely": UNLIKELY, "tries": MAX_TRIES}
#: Layouts drawn from one seed. A task solves whole blocks, so the task size never changes a result.
BLOCK = 10
#: The app's and ``tutor analyse``'s default number of layouts per item (the daily page's).
DEFAULT_SAMPLES = 100
#: The seed of the stored evidence: fixed, so the same item has the same evidence on every day.
DEFAULT_SEED = 0
#: The evidence shipped with the content, read-only for the app; made by
#: ``python -m tutor analyse --store tutor/content/evidence --prune``.
SHIPPED_DIR = Path(__file__).resolve().parent / "content" / "evidence"


class EvidenceStoreError(WhistError):
    """The store cannot be used: a folder that cannot be written, an item that cannot be analysed."""


def _digest(data: dict[str, Any]) -> str:
    text = json.dumps(data, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()[:32]


_CONVENTIONS = Path(__file__).resolve().parent / "conventions"


#: The shipped digest memo (beside the shipped evidence): a fresh install has no memo of its own,
#: and its first evidence must not wait for the rules' code to be parsed either.
SHIPPED_MEMO = "engine-digest.json"
#: The user's memo, in the user's store folder.
USER_MEMO = ".engine-digest.json"


def _rules_signature() -> list[list[Any]]:
    """The files :func:`tutor.conventions.figures.engine_digest` reads, each with a hash of its
    bytes: reading and hashing them takes a millisecond (parsing them, a quarter of a second), and
    unlike sizes and times the hashes are the same on every install, so a shipped memo holds."""
    files = sorted([*_CONVENTIONS.glob("*.py"), _CONVENTIONS / "catalogue.yaml"])
    return [[p.name, hashlib.sha256(p.read_bytes()).hexdigest()[:16]] for p in files if p.is_file()]


def _memo_digest(path: Path, signature: list[list[Any]]) -> str | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if signature and data.get("signature") == signature and isinstance(data.get("digest"), str):
            return str(data["digest"])
    except (OSError, ValueError, AttributeError):  # no memo, or a damaged one
        pass
    return None


def remember_engine_digest(path: Path) -> None:
    """Write the digest memo at ``path`` (``tutor analyse --store tutor/content/evidence`` keeps the
    shipped one current); a folder that cannot be written is left be -- the memo only saves time."""
    try:
        signature = _rules_signature()
    except OSError:
        return
    from tutor.conventions.figures import engine_digest  # deferred: it reads the rules' code

    digest = _memo_digest(path, signature) or engine_digest()
    with contextlib.suppress(OSError, WhistError):
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, json.dumps({"signature": signature, "digest": digest}, indent=1) + "\n")


@functools.lru_cache(maxsize=1)
def _engine_digest() -> str:
    """The conventions engine's version, remembered beside the store with the hashes of the files
    it was computed from (the user's memo, else the shipped one): the digest parses the rules'
    code (a quarter of a second, seconds on a busy machine), and the app's first evidence of a
    server process -- on a fresh install too -- must not wait for it."""
    memo = default_dir() / USER_MEMO
    try:
        signature = _rules_signature()
    except OSError:
        signature = []
    for path in (memo, SHIPPED_DIR / SHIPPED_MEMO):
        known = _memo_digest(path, signature)
        if known is not None:
            return known
    from tutor.conventions.figures import engine_digest  # deferred: it reads the rules' code

    digest = engine_digest()
    if signature:
        with contextlib.suppress(OSError, WhistError):
            memo.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(memo, json.dumps({"signature": signature, "digest": digest}) + "\n")
    return digest


@functools.lru_cache(maxsize=1)
def _solver_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return f"endplay-{version('endplay')}"
    except PackageNotFoundError:  # pragma: no cover - endplay is a dependency
        return "endplay-unknown"


@dataclass(frozen=True)
class EvidenceSpec:
    """Everything that decides one item's evidence, in canonical form (build it with :meth:`of`)."""

    hand: str
    trump: str
    dealer: str
    seat: str
    played: str
    answer: str
    maxims: tuple[str, ...]
    system: System
    rules: str
    samples: int
    seed: int

    @classmethod
    def of(cls, hand: Hand | str, trump: Card | str, *, answer: Card | str, maxims: Sequence[str] = (),
           dealer: Seat | str = "E", seat: Seat | str = "S", played: Sequence[Trick] | str = "",
           system: System = "russian", rules: str = "russian",
           samples: int = DEFAULT_SAMPLES, seed: int = DEFAULT_SEED) -> EvidenceSpec:
        """The spec of a position as an item writes it, canonicalised (``♠K`` and ``SK`` are one card),
        so two spellings of one item share their evidence. Bad cards raise the cards' own errors.

        A loaded item passes its values (a :class:`Hand`, :class:`Card` s, :class:`Seat` s, the
        played :class:`Trick` s), which are only written out: text is read here only when given."""
        if int(samples) < 2:
            raise EvidenceStoreError(f"at least 2 samples are needed for a standard error, got {samples}")
        if isinstance(trump, str):
            trump_text = str(parse_card(trump)) if trump.upper() != "NT" else "NT"
        else:
            trump_text = str(trump)
        return cls(
            hand=(hand if isinstance(hand, Hand) else Hand.parse(hand)).pbn(), trump=trump_text,
            dealer=parse_seat(dealer).name, seat=parse_seat(seat).name,
            played=format_history(parse_history(played) if isinstance(played, str) else played),
            answer=str(answer if isinstance(answer, Card) else parse_card(answer)),
            maxims=tuple(maxims), system=system, rules=rules, samples=int(samples), seed=int(seed),
        )

    # -- keys ------------------------------------------------------------------------------------
    @property
    def position_hash(self) -> str:
        """The position alone (what the student sees): the layouts' seeds are drawn from it."""
        return _digest({"hand": self.hand, "trump": self.trump, "dealer": self.dealer, "seat": self.seat,
                        "played": self.played})

    @property
    def inferences(self) -> tuple[Inference, ...]:
        """What the student's seat reads from the tricks (:func:`tutor.reading.read`), which weights
        the layouts; empty for an opening lead. A position that cannot be analysed raises
        :class:`EvidenceStoreError`."""
        return _inferences(self.hand, self.trump, self.dealer, self.seat, self.played)

    @property
    def table_key(self) -> str:
        """What decides the solved table: position, samples, seed, block, format, DDS version, and
        the inferences the layouts are weighted by with :data:`READING` (only when there are
        some: an opening lead's key is the one it always had)."""
        data: dict[str, Any] = {"format": FORMAT, "position": self.position_hash, "samples": self.samples,
                                "seed": self.seed, "block": BLOCK, "solver": _solver_version()}
        if self.inferences:
            from tutor.simulate import inference_json

            data["reading"] = {**READING, "inferences": [inference_json(i) for i in self.inferences]}
        return _digest(data)

    @property
    def key(self) -> str:
        """What decides the item's evidence: the table's key, the item's card and maxims, the
        system, the rules and the conventions engine's version."""
        return _digest({"table": self.table_key, "answer": self.answer, "maxims": list(self.maxims),
                        "system": self.system, "rules": self.rules, "engine": _engine_digest()})

    @property
    def blocks(self) -> int:
        return -(-self.samples // BLOCK)

    def block_size(self, block: int) -> int:
        return min(BLOCK, self.samples - block * BLOCK)

    def as_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["maxims"] = list(self.maxims)
        return data


# -- computing ---------------------------------------------------------------------------------------
Rows = tuple[tuple[int, ...], ...]


def view_of(spec: EvidenceSpec) -> SeatView:
    """The student's view of the spec's position (:func:`tutor.simulate.student_view`), checked."""
    from tutor.simulate import SimulationError, student_view

    try:
        return student_view(spec.hand, spec.trump, dealer=spec.dealer, seat=spec.seat, played=spec.played)
    except (SimulationError, WhistError) as exc:
        raise EvidenceStoreError(f"cannot analyse {spec.hand} (trump {spec.trump}): {exc}") from None


@functools.lru_cache(maxsize=4096)
def _inferences(hand: str, trump: str, dealer: str, seat: str, played: str) -> tuple[Inference, ...]:
    from tutor.simulate import SimulationError, student_view

    try:
        view = student_view(hand, trump, dealer=dealer, seat=seat, played=played)
    except (SimulationError, WhistError) as exc:
        raise EvidenceStoreError(f"cannot analyse {hand} (trump {trump}): {exc}") from None
    return Reading.of(view).inferences


def solve_blocks(spec: EvidenceSpec, blocks: Sequence[int], dds_threads: int | None = None) -> tuple[tuple[int, Rows], ...]:
    """One task: draw the layouts of ``blocks`` (each from its own seed) and solve them all in one
    DDS batch. Pure: the same spec and block give the same rows in any process, in any order.
    ``dds_threads`` is this process's share of the cores (local workers), None to leave DDS be."""
    from tutor.simulate import sample_positions
    from tutor.solver import BATCH_LIMIT, set_threads, solve_many

    if dds_threads is not None:
        set_threads(dds_threads)
    view = view_of(spec)
    cards = view.legal_cards()
    reading = Reading(view, spec.inferences)  # the seat's one reading (tutor.reading.read), built once
    positions = []
    for b in blocks:
        if not 0 <= b < spec.blocks:
            raise EvidenceStoreError(f"block {b} is outside 0..{spec.blocks - 1}")
        rng = random.Random(f"whist-evidence|{FORMAT}|{spec.seed}|{spec.position_hash}|{b}")
        positions.extend(sample_positions(view, spec.block_size(b), rng, reading))
    solutions = solve_many(positions, chunk=BATCH_LIMIT)
    out = []
    at = 0
    for b in blocks:
        n = spec.block_size(b)
        out.append((b, tuple(tuple(sol.won + sol.tricks[c] for c in cards) for sol in solutions[at:at + n])))
        at += n
    return tuple(out)


def assemble(spec: EvidenceSpec, table: Sequence[Sequence[int]]) -> dict[str, Any]:
    """The item record from a whole table: the ``simulate`` figures and the comparison with the
    item's card (:func:`tutor.evidence.compare`), as the app shows them."""
    from tutor.evidence import compare
    from tutor.simulate import analysis_from_table

    view = view_of(spec)
    analysis = analysis_from_table(view, spec.samples, spec.seed, view.legal_cards(), table, spec.inferences)
    try:
        comparison = compare(spec.hand, spec.trump, spec.answer, analysis, maxims=spec.maxims, dealer=spec.dealer,
                             seat=spec.seat, played=spec.played)
    except WhistError as exc:
        raise EvidenceStoreError(f"cannot compare {spec.answer} with the best card: {exc}") from None
    data = analysis.as_json()
    data["comparison"] = comparison.as_json()
    if comparison.reading:  # what each inference made of the layouts, as the app says it
        for entry, text in zip(data["reading"], comparison.reading_lines()):
            entry["layouts"] = text
    data.update({"format": FORMAT, "key": spec.key, "table_key": spec.table_key, "item": spec.as_json(),
                 "engine": _engine_digest()})
    return data


def _table_record(spec: EvidenceSpec, rows: Rows) -> dict[str, Any]:
    from tutor.simulate import inference_json

    view = view_of(spec)
    data = {"format": FORMAT, "key": spec.table_key, "position": spec.position_hash, "samples": spec.samples,
            "seed": spec.seed, "block": BLOCK, "solver": _solver_version(),
            "cards": [str(c) for c in view.legal_cards()], "table": [list(r) for r in rows]}
    if spec.inferences:  # the layouts were weighted by them (an opening lead's record is as it was)
        data["reading"] = {**READING, "inferences": [inference_json(i) for i in spec.inferences]}
    return data


# -- the store ---------------------------------------------------------------------------------------
def default_dir() -> Path:
    """``$WHIST_TUTOR_EVIDENCE_DIR``, else ``whist-tutor/evidence`` in the user's data folder
    (``$XDG_DATA_HOME`` or ``~/.local/share``: where the progress database lives by default)."""
    env = os.environ.get("WHIST_TUTOR_EVIDENCE_DIR")
    if env:
        return Path(env).expanduser()
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "whist-tutor" / "evidence"


def library_evidence_dir() -> Path:
    """The evidence of the puzzle library, shipped beside it (``library/evidence`` of the content
    folder, :func:`tutor.content.loader.content_root`; written by ``tutor puzzles build``). A
    folder of its own, not :data:`SHIPPED_DIR`: two thousand items' evidence is rebuilt by its
    own command, and ``tutor analyse --prune`` of the shipped folder never touches it."""
    from tutor.content.loader import LIBRARY, content_root

    return content_root() / LIBRARY / "evidence"


def default_store() -> EvidenceStore:
    """The user's store, falling back to the evidence shipped with the content, then to the
    puzzle library's (:func:`library_evidence_dir`)."""
    root = default_dir()
    shipped = () if root.resolve() == SHIPPED_DIR else (SHIPPED_DIR,)
    library = library_evidence_dir()
    return EvidenceStore(root, fallbacks=(*shipped, *(() if root.resolve() == library.resolve() else (library,))))


def _dump(data: dict[str, Any]) -> str:
    return json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":")) + "\n"


class EvidenceStore:
    """Evidence files under ``root`` (written there), read from ``root`` then each of ``fallbacks``."""

    def __init__(self, root: str | Path, fallbacks: Sequence[str | Path] = ()) -> None:
        self.root = Path(root)
        self.fallbacks = tuple(Path(f) for f in fallbacks)

    def __repr__(self) -> str:
        return f"EvidenceStore({str(self.root)!r}, fallbacks={[str(f) for f in self.fallbacks]!r})"

    def _read(self, kind: str, key: str) -> dict[str, Any] | None:
        for folder in (self.root, *self.fallbacks):
            path = folder / kind / f"{key}.json"
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, ValueError):  # missing, unreadable or damaged: as if not there
                continue
            if isinstance(data, dict) and data.get("key") == key and data.get("format") == FORMAT:
                return data
        return None

    def get(self, spec: EvidenceSpec) -> dict[str, Any] | None:
        """The item record, or None when it is not stored (or stored damaged)."""
        return self._read("items", spec.key)

    def get_table(self, spec: EvidenceSpec) -> Rows | None:
        data = self._read("tables", spec.table_key)
        if data is None:
            return None
        table = data.get("table")
        if not isinstance(table, list) or len(table) != spec.samples:
            return None
        return tuple(tuple(int(v) for v in row) for row in table)

    def has(self, spec: EvidenceSpec) -> bool:
        return self.get(spec) is not None

    def put(self, spec: EvidenceSpec, rows: Rows, record: dict[str, Any]) -> None:
        """Write the table (unless stored) and the item record; a folder that cannot be written
        raises :class:`EvidenceStoreError` with the folder named."""
        try:
            if self._read("tables", spec.table_key) is None:
                self._write("tables", spec.table_key, _table_record(spec, rows))
            self._write("items", spec.key, record)
        except (OSError, OutFileError) as exc:
            why = str(exc) if isinstance(exc, OutFileError) else (
                f"cannot write the evidence store {self.root}: {(exc.strerror or str(exc)).lower()}")
            raise EvidenceStoreError(
                f"{why} (set WHIST_TUTOR_EVIDENCE_DIR or --store to a folder you can write)") from None

    def _write(self, kind: str, key: str, data: dict[str, Any]) -> None:
        """One file, atomically (:func:`tutor.outfiles.write_atomic`: a temporary file in the same
        folder, flushed, renamed over the name): a reader sees the old file or the new, never a part."""
        folder = self.root / kind
        folder.mkdir(parents=True, exist_ok=True)
        write_atomic(folder / f"{key}.json", _dump(data))

    def check_writable(self) -> None:
        """Fail now, with the folder named, rather than after an hour of solving."""
        try:
            self.root.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=self.root, prefix=".probe.")
            os.close(fd)
            os.unlink(tmp)
        except OSError as exc:
            raise EvidenceStoreError(
                f"cannot write the evidence store {self.root}: {exc.strerror or exc}") from None

    def prune(self, keep: Sequence[EvidenceSpec]) -> int:
        """Remove from ``root`` every file that is not the evidence of ``keep`` (the shipped folder
        after the content or the engine changed); returns how many were removed."""
        wanted = {f"items/{s.key}.json" for s in keep} | {f"tables/{s.table_key}.json" for s in keep}
        removed = 0
        for path in self.files():
            if path.relative_to(self.root).as_posix() not in wanted and path.parent.name in ("items", "tables"):
                try:
                    path.unlink()
                except OSError as exc:
                    raise EvidenceStoreError(f"cannot remove {path}: {exc.strerror or exc}") from None
                removed += 1
        return removed

    def files(self) -> list[Path]:
        """Every file of ``root`` (tests compare stores byte for byte)."""
        return sorted(p for p in self.root.rglob("*.json") if p.is_file())


def evidence_for(spec: EvidenceSpec, store: EvidenceStore, *, progress: Callable[[int, int], None] | None = None,
                 strict: bool = True) -> dict[str, Any]:
    """The item record: from the store if there, else computed here (block by block, telling
    ``progress(done, total)``, the same blocks ``tutor analyse`` solves) and stored.

    A store that cannot be written raises :class:`EvidenceStoreError`; with ``strict=False`` (the
    app) the record is returned all the same -- the store is a cache, the learner still gets the
    evidence."""
    hit = store.get(spec)
    if hit is not None:
        if progress is not None:
            progress(spec.samples, spec.samples)
        return hit
    rows = store.get_table(spec)
    if rows is None:
        collected: list[tuple[int, ...]] = []
        step = max(1, min(5, spec.blocks // 5))  # about five steps of the bar, up to 50 layouts a DDS batch
        for start in range(0, spec.blocks, step):
            for _, block_rows in solve_blocks(spec, range(start, min(spec.blocks, start + step))):
                collected.extend(block_rows)
            if progress is not None:
                progress(len(collected), spec.samples)
        rows = tuple(collected)
    elif progress is not None:
        progress(spec.samples, spec.samples)
    record = assemble(spec, rows)
    try:
        store.put(spec, rows, record)
    except EvidenceStoreError:
        if strict:
            raise
    return record
