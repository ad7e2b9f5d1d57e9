"""Evidence for every rule: the double-dummy figures of the card-play maxims (docs/conventions.md).

``bench/study_rules.py`` plays seeded random deals with the engine's own advice at all four
seats and, at every decision a card-play maxim settles among several legal cards, solves the
TRUE position double-dummy. For the deciding maxim it records the conventional card's tricks
against the cards that maxim rejected. This module holds the parts the app and the docs need
and that tests can check on tiny inputs without DDS:

* :class:`Record` -- one position; :func:`aggregate` -- per (system, maxim): n, the mean gain
  against the average rejected card and against the best rejected card with standard errors,
  and the share of positions where the conventional card is double-dummy best;
* :func:`load_study` -- the newest shipped study in ``tutor/conventions/study/`` (a JSON named
  by date and engine version; people's judgements on negative figures live in ``notes.yaml``
  beside it, so they survive a re-run);
* :func:`figure_line` -- the sentence the Maxims page shows, en or ru;
* :func:`render_rules_doc` / :func:`replace_between_markers` -- the generated rule section of
  ``docs/conventions.md``.

Double-dummy play sees all four hands, so it cannot value what a card tells partner: a negative
figure is not by itself a verdict on the maxim, and the page says so.
"""

from __future__ import annotations

import ast
import functools
import hashlib
import json
import math
import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

import yaml

from tutor.conventions.catalogue import CARD_PLAY, Catalogue, Maxim
from tutor.locale_fmt import count, integer, number, signed
from tutor.text import Text
from tutor.vocab import SYSTEMS, Lang, System, parse_system

__all__ = [
    "STUDY_DIR",
    "NOT_CARD_PLAY",
    "SCHEMA",
    "Record",
    "RuleFigure",
    "Study",
    "mean_se",
    "aggregate",
    "engine_digest",
    "study_files",
    "load_study",
    "figure_line",
    "render_rules_doc",
    "systems_measured",
    "replace_between_markers",
    "MARK_START",
    "MARK_END",
]

#: Shipped studies (JSON, one per run, never overwritten) and ``notes.yaml`` (people's judgements).
STUDY_DIR = Path(__file__).with_name("study")
#: Version of the study JSON layout.
SCHEMA = 1
MARK_START = "<!-- rules:start -->"
MARK_END = "<!-- rules:end -->"

#: How a rejected card relates to the conventional one (a generic name for "the alternative").
KINDS: tuple[str, ...] = ("higher", "lower", "other-suit")


@dataclass(frozen=True)
class Record:
    """One recorded decision: the deciding maxim, and double-dummy tricks (for the side to move,
    from this trick on) of the conventional card, of each card the maxim rejected, and of the
    best legal card. ``kinds`` says for each rejected card whether it is a higher or lower card of
    the same suit or a card of another suit."""

    system: System
    maxim: str
    conventional: int
    rejected: tuple[int, ...]
    best: int
    kinds: tuple[str, ...] = ()
    cluster: int = -1  # records of one play decision (its true layout and resampled ones) share it

    def __post_init__(self) -> None:
        if not self.rejected:
            raise ValueError(f"a record of {self.maxim} needs at least one rejected card")
        if self.kinds and len(self.kinds) != len(self.rejected):
            raise ValueError("one kind per rejected card")
        if self.best < max(self.conventional, *self.rejected):
            raise ValueError("the best legal card cannot take fewer tricks than a card played")

    @property
    def gain_vs_mean(self) -> float:
        """Conventional card minus the average rejected card."""
        return self.conventional - sum(self.rejected) / len(self.rejected)

    @property
    def gain_vs_best(self) -> int:
        """Conventional card minus the best rejected card."""
        return self.conventional - max(self.rejected)

    @property
    def is_best(self) -> bool:
        """The conventional card is (tied) double-dummy best among all legal cards."""
        return self.conventional >= self.best

    def as_row(self) -> list[Any]:
        return [self.system, self.maxim, self.conventional, list(self.rejected), self.best, list(self.kinds),
                self.cluster]

    @classmethod
    def from_row(cls, row: Sequence[Any]) -> Record:
        return cls(parse_system(row[0]), row[1], int(row[2]), tuple(int(x) for x in row[3]), int(row[4]), tuple(row[5]),
                   int(row[6]) if len(row) > 6 else -1)


def mean_se(values: Sequence[float]) -> tuple[float, float]:
    """Mean and its standard error (sample s.d. / sqrt(n)); the error is 0 for fewer than 2 values."""
    n = len(values)
    if n == 0:
        return math.nan, math.nan
    m = sum(values) / n
    if n < 2:
        return m, 0.0
    var = sum((v - m) ** 2 for v in values) / (n - 1)
    return m, math.sqrt(var / n)


@dataclass(frozen=True)
class RuleFigure:
    """The figure of one maxim in one system (means and standard errors in tricks)."""

    system: System
    maxim: str
    n: int
    vs_mean: tuple[float, float]
    vs_best: tuple[float, float]
    best_share: float
    by_kind: Mapping[str, tuple[int, float, float]] = field(default_factory=lambda: MappingProxyType({}))
    note: Text | None = None
    decisions: int | None = None  # independent play decisions, when resampled layouts share one

    @property
    def independent(self) -> int:
        """How many independent play decisions the figure rests on (``n`` unless resampled)."""
        return self.n if self.decisions is None else self.decisions

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "system": self.system, "maxim": self.maxim, "n": self.n,
            "vs_mean": [round(self.vs_mean[0], 4), round(self.vs_mean[1], 4)],
            "vs_best": [round(self.vs_best[0], 4), round(self.vs_best[1], 4)],
            "best_share": round(self.best_share, 4),
            "by_kind": {k: [n, round(m, 4), round(se, 4)] for k, (n, m, se) in self.by_kind.items()},
        }
        if self.note is not None:
            out["note"] = self.note.to_json()
        if self.decisions is not None:
            out["decisions"] = self.decisions
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> RuleFigure:
        return cls(
            system=parse_system(data["system"]), maxim=str(data["maxim"]), n=int(data["n"]),
            vs_mean=(float(data["vs_mean"][0]), float(data["vs_mean"][1])),
            vs_best=(float(data["vs_best"][0]), float(data["vs_best"][1])),
            best_share=float(data["best_share"]),
            by_kind=MappingProxyType({k: (int(v[0]), float(v[1]), float(v[2]))
                                      for k, v in (data.get("by_kind") or {}).items()}),
            note=Text.parse(data["note"]) if data.get("note") else None,
            decisions=int(data["decisions"]) if data.get("decisions") is not None else None,
        )

    def significant(self, z: float = 2.0) -> bool:
        """The mean gain differs from 0 by more than ``z`` standard errors."""
        m, se = self.vs_mean
        return abs(m) > z * se and m != 0


def _clustered(rs: Sequence[Record], value: Callable[[Record], float]) -> tuple[float, float]:
    """Mean of ``value`` over records and its standard error, counting each cluster (one play
    decision with its resampled layouts) as one observation: the cluster means are averaged,
    so correlated layouts never shrink the error below what the decisions support."""
    if all(r.cluster < 0 for r in rs):
        return mean_se([value(r) for r in rs])
    clusters: dict[int, list[float]] = {}
    for i, r in enumerate(rs):
        clusters.setdefault(r.cluster if r.cluster >= 0 else -1 - i, []).append(value(r))
    return mean_se([sum(v) / len(v) for v in clusters.values()])


def aggregate(records: Iterable[Record]) -> list[RuleFigure]:
    """Per (system, maxim), in order of first appearance: n, the paired mean gains with their
    standard errors, the share where the conventional card is best, and the gain against each
    kind of rejected card (higher / lower / other suit) where the records name kinds. Records
    sharing a ``cluster`` (resampled layouts of one decision) count as one for the errors, and
    ``decisions`` says how many independent decisions there were."""
    groups: dict[tuple[System, str], list[Record]] = {}
    for r in records:
        groups.setdefault((r.system, r.maxim), []).append(r)
    out = []
    for (system, maxim), rs in groups.items():
        clustered = any(r.cluster >= 0 for r in rs)
        decisions = len({r.cluster if r.cluster >= 0 else -1 - i for i, r in enumerate(rs)}) if clustered else None
        kinds: dict[str, list[float]] = {}
        for r in rs:
            for kind in KINDS:
                alts = [t for t, k in zip(r.rejected, r.kinds) if k == kind]
                if alts:
                    kinds.setdefault(kind, []).append(r.conventional - sum(alts) / len(alts))
        out.append(RuleFigure(
            system=system, maxim=maxim, n=len(rs),
            vs_mean=_clustered(rs, lambda r: r.gain_vs_mean),
            vs_best=_clustered(rs, lambda r: r.gain_vs_best),
            best_share=sum(r.is_best for r in rs) / len(rs),
            by_kind=MappingProxyType({k: (len(v), *mean_se(v)) for k, v in kinds.items()}),
            decisions=decisions,
        ))
    return out


@functools.lru_cache(maxsize=256)
def _code_of(source: str) -> str:
    """The code of a module without its docstrings: what a rule does, not how it is described.
    Remembered by the text (a module's parse costs milliseconds, and a study, the Maxims page and
    the tests ask for the digest of the same files again and again)."""
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                node.body = body[1:] or [ast.Pass()]
    return ast.dump(tree, annotate_fields=False)


#: Maxims of another category than ``scoring`` that no card is chosen by, left out of :func:`engine_digest`:
#: Humbug's keep-or-exchange (a law of 002 and the tutor's count, decided before the play begins).
NOT_CARD_PLAY: frozenset[str] = frozenset({"humbug-exchange-by-count"})


def engine_digest(root: Path | None = None) -> str:
    """Eight hex digits naming the engine's rules: a hash of the conventions modules' code (their
    docstrings and comments left out) and of which maxims the catalogue gives each system, so a
    study names the exact rules it measured and a corrected sentence does not make it stale. The
    scoring maxims (how a rule set counts the score) are left out: no card is chosen by them, so
    a new one (odd-tricks-one-point, issue 24 defect 5) leaves the measured rules as they were; so
    are the maxims of :data:`NOT_CARD_PLAY` (Humbug's keep-or-exchange, decided before any card)."""
    root = root or Path(__file__).parent
    h = hashlib.sha256()
    for path in sorted(root.glob("*.py")):
        if path.name == "figures.py":
            continue  # the study's own plumbing is not a rule
        h.update(path.name.encode())
        h.update(_code_of(path.read_text(encoding="utf-8")).encode())
    h.update(_card_play_maxims((root / "catalogue.yaml").read_text(encoding="utf-8")).encode())
    return h.hexdigest()[:8]


@functools.lru_cache(maxsize=16)
def _card_play_maxims(catalogue_text: str) -> str:
    """Which maxims the catalogue gives each system, for :func:`engine_digest`: the maxims a card
    is chosen by, with their systems and category (remembered by the text, as :func:`_code_of`)."""
    catalogue = yaml.safe_load(catalogue_text)
    return "".join(
        f"{entry.get('id')}:{','.join(entry.get('systems', []))}:{entry.get('category')}"
        for entry in catalogue.get("maxims", [])
        if entry.get("category") != "scoring" and entry.get("id") not in NOT_CARD_PLAY  # no card is played by them
    )


@dataclass(frozen=True)
class Study:
    """A shipped study: its run settings and the figures per (system, maxim)."""

    name: str
    meta: Mapping[str, Any]
    figures: Mapping[tuple[System, str], RuleFigure]
    notes: Mapping[str, Text] = field(default_factory=lambda: MappingProxyType({}))

    def figure(self, system: System, maxim: str) -> RuleFigure | None:
        return self.figures.get((system, maxim))

    def note(self, maxim: str, system: System, lang: Lang) -> str | None:
        """People's judgement of a maxim's figure (``notes.yaml``; ``maxim@system`` wins over
        ``maxim``), else a note shipped in the study JSON."""
        for key in (f"{maxim}@{system}", maxim):
            if key in self.notes:
                return self.notes[key][lang]
        fig = self.figure(system, maxim)
        return fig.note[lang] if fig is not None and fig.note is not None else None

    @property
    def quick(self) -> bool:
        return bool(self.meta.get("quick"))


def _study_dir() -> Path:
    """:data:`STUDY_DIR`, or the folder named by ``WHIST_TUTOR_STUDY_DIR`` (tests, a trial study)."""
    env = os.environ.get("WHIST_TUTOR_STUDY_DIR")
    return Path(env) if env else STUDY_DIR


def study_files(directory: Path | None = None) -> list[Path]:
    """The shipped study JSONs, oldest first (names start with the ISO date)."""
    directory = directory or _study_dir()
    if not directory.is_dir():
        return []
    return sorted(directory.glob("*.json"))


def load_study(directory: Path | None = None) -> Study | None:
    """The newest shipped study, with the notes of ``notes.yaml``; None if none is shipped."""
    directory = directory or _study_dir()
    files = study_files(directory)
    if not files:
        return None
    data = json.loads(files[-1].read_text(encoding="utf-8"))
    figures = {}
    for row in data.get("rules", []):
        fig = RuleFigure.from_json(row)
        figures[(fig.system, fig.maxim)] = fig
    notes: dict[str, Text] = {}
    notes_path = directory / "notes.yaml"
    if notes_path.is_file():
        raw = yaml.safe_load(notes_path.read_text(encoding="utf-8")) or {}
        for key, value in raw.items():
            if isinstance(value, Mapping):
                notes[str(key)] = Text.parse(value)  # both languages (the file's own rule)
    meta = {k: v for k, v in data.items() if k != "rules"}
    return Study(files[-1].name, MappingProxyType(meta), MappingProxyType(figures), MappingProxyType(notes))


# -- words -----------------------------------------------------------------------------------------
def _num(x: float, lang: Lang, digits: int = 2, sign: bool = False) -> str:
    """A figure as the page's language writes it, by Babel («+0,47», "+0.47")."""
    return signed(x, lang, digits) if sign else number(x, lang, digits)


#: "position" declined (Babel picks the form: «1 позиция», «3 позиции», «1 000 позиций»).
_POSITIONS = {"ru": {"one": "позиция", "few": "позиции", "many": "позиций", "other": "позиции"},
              "en": {"one": "position", "other": "positions"}}


_DEFAULT_NEGATIVE = {
    "en": ("Double-dummy play sees all four hands, so it cannot value what a card tells partner; "
           "whether this is the price of a convention or a misreading of the rule is not yet judged."),
    "ru": ("Игра в открытую видит все четыре руки и не может оценить, что карта сообщает партнёру; "
           "цена ли это соглашения или неверное прочтение правила — ещё не решено."),
}


def figure_line(fig: RuleFigure, lang: Lang, note: str | None = None) -> str:
    """The sentence the Maxims page shows beside the source, e.g. "Double-dummy: +0.16 tricks
    against the cards it rules out (±0.03), 1,240 positions; the card is double-dummy best in
    92 % of them". A negative mean reads as a cost, with ``note`` (or a neutral default) saying
    what double-dummy cannot see."""
    m, se = fig.vs_mean
    if lang == "ru":
        n = count(fig.n, _POSITIONS["ru"], lang)
        if fig.independent < fig.n:  # resampled layouts: how many play decisions they come from
            n += f" (из {integer(fig.independent, lang)} независимых решений)"
    else:
        n = count(fig.n, _POSITIONS["en"], lang)
        if fig.independent < fig.n:
            n += f" ({integer(fig.independent, lang)} independent decisions)"
    share = round(100 * fig.best_share)
    if lang == "ru":
        if m < 0 and fig.significant():
            return (f"В открытую правило стоит {_num(-m, lang)} взятки (±{_num(se, lang)}) против карт, "
                    f"которые оно отвергает; {n}. {note or _DEFAULT_NEGATIVE['ru']}")
        return (f"В открытую: {_num(m, lang, sign=True)} взятки против карт, которые правило отвергает "
                f"(±{_num(se, lang)}), {n}; карта правила лучшая в открытую в {share} % из них.")
    if m < 0 and fig.significant():
        return (f"Costs {_num(-m, lang)} tricks double-dummy (±{_num(se, lang)}) against the cards it rules out, "
                f"{n}. {note or _DEFAULT_NEGATIVE['en']}")
    return (f"Double-dummy: {_num(m, lang, sign=True)} tricks against the cards it rules out "
            f"(±{_num(se, lang)}), {n}; the card is double-dummy best in {share}% of them.")


# -- docs/conventions.md -----------------------------------------------------------------------------
def _cell(text: str | None) -> str:
    return (text or "").replace("|", "\\|").replace("\n", " ").strip()


def _unmeasured(study: Study | None, system: System | None, maxim: str) -> str:
    never = {(r.get("system"), r.get("maxim")) for r in (study.meta.get("never_decided") or [])} if study else set()
    if study is not None and (system, maxim) in never:  # ``never`` is empty without a study
        deals = study.meta.get("deals")
        return f"never the deciding maxim in {deals:,} deals" if isinstance(deals, int) else "never the deciding maxim"
    return "not measured"


def _figure_md(fig: RuleFigure | None, study: Study | None = None, system: System | None = None, maxim: str = "") -> str:
    if fig is None:
        return _unmeasured(study, system, maxim)
    m, se = fig.vs_mean
    b, bse = fig.vs_best
    indep = f" from {fig.independent:,} independent decisions" if fig.independent < fig.n else ""
    return (f"{m:+.3f} ± {se:.3f} vs rejected, {b:+.3f} ± {bse:.3f} vs best rejected, "
            f"best {100 * fig.best_share:.0f}%, n = {fig.n:,}{indep}")


def systems_measured(m: Maxim, study: Study | None) -> list[System]:
    """The systems whose figure of ``m`` to show: its own, and any other the engine used it in
    (the russian system applies the english rule where the seeds are silent)."""
    return [s for s in SYSTEMS
            if s in m.systems or (study is not None and study.figure(s, m.id) is not None)]


def render_rules_doc(catalogue: Catalogue | Iterable[Maxim], study: Study | None) -> str:
    """The generated rule section of docs/conventions.md: a summary table of every card-play
    maxim (source, systems, figure per system) and one entry per maxim with its scope,
    exceptions, the maxims that override it and where the systems differ."""
    maxims = [m for m in catalogue if m.category in CARD_PLAY]
    lines = []
    if study is None:
        lines.append("No study is shipped yet: the figures read *not measured*.")
    else:
        meta = study.meta
        lines.append(
            f"Figures: study `{study.name}` (engine {meta.get('engine', {}).get('version', '?')}, "
            f"rules digest `{meta.get('engine', {}).get('digest', '?')}`, {meta.get('date', '?')}, "
            f"seed {meta.get('seed', '?')}, {meta.get('deals', 0):,} deals"
            + (", **quick run: small samples, read the n**" if study.quick else "") + ").")
    lines += [
        "A figure is the mean, over random positions where the maxim decided the card, of the",
        "conventional card's double-dummy tricks minus those of the cards the maxim rejected",
        "(± one standard error); *best* is how often the conventional card was double-dummy best.",
        "Positive means the maxim gains tricks even with all hands open; a negative figure may be",
        "the price of information to partner, which double-dummy play cannot value.",
        "",
        "| maxim | category | systems | source | russian | english |",
        "|---|---|---|---|---|---|",
    ]
    for m in maxims:
        figs = []
        for s in SYSTEMS:
            if s not in systems_measured(m, study):
                figs.append("—")
                continue
            fig = study.figure(s, m.id) if study else None
            if fig is None:
                figs.append(_unmeasured(study, s, m.id))
                continue
            indep = f", {fig.independent:,} independent" if fig.independent < fig.n else ""
            figs.append(f"{fig.vs_mean[0]:+.2f} ± {fig.vs_mean[1]:.2f} (n = {fig.n:,}{indep})")
        lines.append(f"| [`{m.id}`](#{m.id}) | {m.category} | {', '.join(m.systems)} | {_cell(m.cite('en'))} | "
                     f"{figs[0]} | {figs[1]} |")
    lines.append("")
    for m in maxims:
        lines += [f"### {m.id}", "", f"**{_cell(m.title_in('en'))}** / {_cell(m.title_in('ru'))}", ""]
        lines.append(f"- Source: {m.cite('en')}" + (" (paraphrased)" if m.paraphrase else ""))
        if m.see:
            lines.append("- See also: " + "; ".join(s.cite("en") for s in m.see))
        lines.append(f"- Systems: {', '.join(m.systems)}")
        for label, value, missing in (("Scope", m.scope, "not stated in the catalogue yet"),
                                      ("Exceptions", m.exceptions, "none stated"),
                                      ("Where the systems differ", m.differences, "no difference recorded")):
            if value:
                lines.append(f"- {label}: {_cell(value.get('en'))}" + (f" / {_cell(value.get('ru'))}" if value.get("ru") else ""))
            else:
                lines.append(f"- {label}: {missing}")
        if m.overridden_by:
            lines.append("- Overridden by: " + ", ".join(f"`{o}`" for o in m.overridden_by))
        for s in systems_measured(m, study):
            fig = study.figure(s, m.id) if study else None
            lines.append(f"- Double-dummy ({s}): {_figure_md(fig, study, s, m.id)}")
            note = study.note(m.id, s, "en") if study else None
            if note:
                lines.append(f"  - Note: {note}")
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def replace_between_markers(text: str, section: str) -> str:
    """``text`` with everything between :data:`MARK_START` and :data:`MARK_END` replaced by
    ``section`` (hand-written parts outside the markers are kept); the markers are appended if
    absent."""
    start, end = text.find(MARK_START), text.find(MARK_END)
    if start < 0 or end < 0 or end < start:
        return text.rstrip() + f"\n\n{MARK_START}\n{section}{MARK_END}\n"
    return text[:start + len(MARK_START)] + "\n" + section + text[end:]
