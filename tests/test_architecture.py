"""The layers of docs/architecture.md hold: no import cycle, no upward import, Streamlit only in
the interface layer (issue 13 point 5). Imports are read from the source (every ``import`` and
``from … import`` of a tutor module, inside functions too), not from a running program."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TUTOR = ROOT / "tutor"

#: Lowest first; a module may import from its own layer and the layers below (docs/architecture.md).
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("base", ("tutor.errors", "tutor.yamlsafe")),
    ("notation", ("tutor.cards", "tutor.seats", "tutor.i18n", "tutor.clock", "tutor.outfiles", "tutor.vocab")),
    ("game", ("tutor.play", "tutor.deal", "tutor.rulesets", "tutor.seatview")),
    ("engines", ("tutor.conventions", "tutor.solver", "tutor.minimax", "tutor.scoring", "tutor.laws",
                 "tutor.variants")),
    ("players", ("tutor.robots", "tutor.simulate", "tutor.render", "tutor.reading", "tutor.strengths")),
    ("session", ("tutor.session", "tutor.review", "tutor.records", "tutor.content", "tutor.progress",
                 "tutor.evidence", "tutor.storage", "tutor.glicko", "tutor.spaced", "tutor.accounts",
                 "tutor.evidence_store", "tutor.analyse", "tutor.rule_study", "tutor.played_deal",
                 "tutor.deal_review")),
    ("interface", ("tutor.ui", "tutor.cli", "tutor.commands", "tutor.__main__", "tutor")),
)


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    name = ".".join(parts)
    return name[: -len(".__init__")] if name.endswith(".__init__") else name


MODULES = {module_name(p): p for p in TUTOR.rglob("*.py")}


def layer_of(module: str) -> int:
    """The layer index of ``module``: the longest matching prefix in :data:`LAYERS`."""
    best, best_len = -1, -1
    for i, (_, prefixes) in enumerate(LAYERS):
        for prefix in prefixes:
            if (module == prefix or module.startswith(prefix + ".")) and len(prefix) > best_len:
                best, best_len = i, len(prefix)
    if best < 0:
        raise AssertionError(f"{module} is in no layer of docs/architecture.md: add it there and here")
    return best


def imports_of(path: Path) -> set[str]:
    """The tutor modules ``path`` imports (a ``from pkg import mod`` counts as the module)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0 and node.module.startswith("tutor"):
            out.add(node.module)
            out.update(f"{node.module}.{a.name}" for a in node.names if f"{node.module}.{a.name}" in MODULES)
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names if a.name.startswith("tutor"))
    return {m for m in out if m in MODULES}


GRAPH = {m: imports_of(p) - {m} for m, p in MODULES.items()}


def test_every_module_has_a_layer():
    """Each module of tutor/ is placed in a layer (a new module must be placed consciously)."""
    for m in MODULES:
        layer_of(m)


@pytest.mark.parametrize("module", sorted(MODULES))
def test_no_upward_import(module):
    """A module imports only from its own layer or the layers below it."""
    mine = layer_of(module)
    upward = sorted(d for d in GRAPH[module] if layer_of(d) > mine and not module.startswith(d + "."))
    assert upward == [], f"{module} ({LAYERS[mine][0]}) imports from above: " + ", ".join(
        f"{d} ({LAYERS[layer_of(d)][0]})" for d in upward)


def _cycle() -> list[str] | None:
    """One import cycle among tutor's modules, or None (package __init__ re-exports excluded:
    ``tutor.conventions`` importing its own submodules is the package's face, not a cycle)."""
    graph = {m: {d for d in ds if not m.startswith(d + ".") and not d.startswith(m + ".")} for m, ds in GRAPH.items()}
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(m: str) -> list[str] | None:
        state[m] = 1
        stack.append(m)
        for d in sorted(graph[m]):
            if state.get(d) == 1:
                return stack[stack.index(d):] + [d]
            if d not in state:
                found = visit(d)
                if found:
                    return found
        stack.pop()
        state[m] = 2
        return None

    for m in sorted(graph):
        if m not in state:
            found = visit(m)
            if found:
                return found
    return None


def test_no_import_cycle():
    """No module reaches itself through its imports (issue 13: session ⇄ review, position →
    signals → rules → position and cli ⇄ commands are gone)."""
    cycle = _cycle()
    assert cycle is None, " -> ".join(cycle or [])


def test_streamlit_only_in_the_interface():
    """tutor/ui and app.py are the only places that import Streamlit."""
    offenders = []
    for m, p in MODULES.items():
        if m.startswith("tutor.ui"):
            continue
        tree = ast.parse(p.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else (
                [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            if any(n == "streamlit" or n.startswith("streamlit.") for n in names):
                offenders.append(m)
    assert offenders == []


def test_the_checks_can_fail():
    """The cycle finder and the layer check do see what they look for."""
    GRAPH["tutor.cards"].add("tutor.deal")
    try:
        assert _cycle() is not None
        assert layer_of("tutor.deal") > layer_of("tutor.cards")
    finally:
        GRAPH["tutor.cards"].discard("tutor.deal")


#: The one type for what one seat sees of a deal in progress (issue 13 point 2), and the types
#: allowed to hold a seat's cards beside the tricks because they are built FROM it.
SEAT_VIEW = "tutor.seatview.SeatView"
BUILT_FROM_THE_VIEW = {"tutor.conventions.position.Knowledge"}  # what the conventions infer from it
_CARDS_FIELDS = {"hand", "remaining"}
_TABLE_FIELDS = {"played", "tricks", "current"}


def _engine_fields(node: ast.ClassDef) -> set[str]:
    """The class's annotated fields that hold engine values: a ``Hand`` (cards) or a ``Trick``
    (the table). A record of text (a content item, a cache key) is what a view is built from."""
    out = set()
    for s in node.body:
        if isinstance(s, ast.AnnAssign) and isinstance(s.target, ast.Name):
            names = {n.id for n in ast.walk(s.annotation) if isinstance(n, ast.Name)}
            names |= {n.value for n in ast.walk(s.annotation) if isinstance(n, ast.Constant) and isinstance(n.value, str)}
            if names & {"Hand", "Trick"}:
                out.add(s.target.id)
    return out


def _seat_view_like() -> list[str]:
    """Classes that hold a seat's cards and the tricks on the table (annotated fields), or are
    named like a view: each one is a second home for the seat view unless it is a Protocol."""
    found = []
    for m, p in MODULES.items():
        tree = ast.parse(p.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.ClassDef):
                continue
            if any(isinstance(b, ast.Name) and b.id == "Protocol" for b in node.bases):
                continue  # states what a function reads; holds nothing
            fields = _engine_fields(node)
            named = node.name.endswith("View") or node.name in ("Situation", "Position")
            if named or (fields & _CARDS_FIELDS and fields & _TABLE_FIELDS):
                found.append(f"{m}.{node.name}")
    return sorted(set(found) - {SEAT_VIEW} - BUILT_FROM_THE_VIEW)


def test_one_type_for_what_a_seat_sees():
    """What one seat sees of a deal (its cards, the trump, the tricks) has one type,
    tutor.seatview.SeatView; a second class holding a seat's cards beside the tricks, or named
    like a view, fails here (issue 13 point 2: there were seven)."""
    assert _seat_view_like() == []


def test_the_seat_view_check_sees_a_second_view():
    """The check does see a class of the old shape (a seat's remaining cards and the trick in progress)."""
    import textwrap

    src = textwrap.dedent('''
        class StudentSight:
            remaining: Hand
            current: Trick | None
            hand: str
    ''')
    node = ast.parse(src).body[0]
    assert isinstance(node, ast.ClassDef)
    assert _engine_fields(node) == {"remaining", "current"}
