"""The layers of docs/architecture.md hold: no import cycle, no upward import, Streamlit only in
the interface layer (issue 13 point 5). Imports are read from the source (every ``import`` and
``from … import`` of a tutor module, inside functions too), not from a running program."""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import pytest


@functools.cache
def _parse(source: str) -> ast.Module:
    """One parse of a module's text for all the checks here (each walks the same trees; none
    changes one)."""
    return ast.parse(source)


ROOT = Path(__file__).resolve().parents[1]
TUTOR = ROOT / "tutor"

#: Lowest first; a module may import from its own layer and the layers below (docs/architecture.md).
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("base", ("tutor.errors", "tutor.yamlsafe", "tutor.clock", "tutor.serving", "tutor.page_base")),
    ("notation", ("tutor.cards", "tutor.seats", "tutor.i18n", "tutor.locale_fmt", "tutor.outfiles", "tutor.infiles", "tutor.vocab",
                  "tutor.text", "tutor.strengths")),
    # the persistence wing stands beside the game stack: it sits low in this list because it imports
    # only the base and the notation, and only the session and the interface reach it (checked below)
    ("persistence", ("tutor.storage", "tutor.progress", "tutor.glicko", "tutor.spaced", "tutor.accounts")),
    ("game", ("tutor.play", "tutor.deal", "tutor.rulesets", "tutor.standing", "tutor.seatview", "tutor.scoring",
              "tutor.laws", "tutor.cut", "tutor.cayenne", "tutor.variants")),
    ("engines", ("tutor.conventions", "tutor.solver", "tutor.minimax", "tutor.reading", "tutor.simulate", "tutor.humbug")),
    ("players and content", ("tutor.humbug_robot", "tutor.cayenne_robot", "tutor.robots", "tutor.content", "tutor.evidence", "tutor.render",
                             "tutor.records", "tutor.played_deal", "tutor.deal_review")),
    ("session", ("tutor.club", "tutor.club_session", "tutor.cayenne_session", "tutor.humbug_session", "tutor.session", "tutor.review", "tutor.evidence_store", "tutor.analyse",
                 "tutor.rule_study", "tutor.answering", "tutor.dailies", "tutor.puzzle_build")),
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
    tree = _parse(path.read_text(encoding="utf-8"))
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0 and node.module.startswith("tutor"):
            out.add(node.module)
            out.update(f"{node.module}.{a.name}" for a in node.names if f"{node.module}.{a.name}" in MODULES)
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names if a.name.startswith("tutor"))
    return {m for m in out if m in MODULES}


@functools.cache
def _graph() -> dict[str, set[str]]:
    """Who imports whom among tutor's modules: built when a test first asks (every worker collects
    this file; only one runs it)."""
    return {m: imports_of(p) - {m} for m, p in MODULES.items()}


def test_every_module_has_a_layer():
    """Each module of tutor/ is placed in a layer (a new module must be placed consciously)."""
    for m in MODULES:
        layer_of(m)


@pytest.mark.parametrize("module", sorted(MODULES))
def test_no_upward_import(module):
    """A module imports only from its own layer or the layers below it."""
    mine = layer_of(module)
    upward = sorted(d for d in _graph()[module] if layer_of(d) > mine and not module.startswith(d + "."))
    assert upward == [], f"{module} ({LAYERS[mine][0]}) imports from above: " + ", ".join(
        f"{d} ({LAYERS[layer_of(d)][0]})" for d in upward)


def _cycle() -> list[str] | None:
    """One import cycle among tutor's modules, or None (package __init__ re-exports excluded:
    ``tutor.conventions`` importing its own submodules is the package's face, not a cycle)."""
    graph = {m: {d for d in ds if not m.startswith(d + ".") and not d.startswith(m + ".")} for m, ds in _graph().items()}
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
        tree = _parse(p.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else (
                [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            if any(n == "streamlit" or n.startswith("streamlit.") for n in names):
                offenders.append(m)
    assert offenders == []


def test_the_checks_can_fail():
    """The cycle finder and the layer check do see what they look for."""
    _graph()["tutor.cards"].add("tutor.deal")
    try:
        assert _cycle() is not None
        assert layer_of("tutor.deal") > layer_of("tutor.cards")
    finally:
        _graph()["tutor.cards"].discard("tutor.deal")


#: The one type for what one seat sees of a deal in progress (issue 13 point 2), and the types
#: allowed to hold a seat's cards beside the tricks because they are built FROM it.
SEAT_VIEW = "tutor.seatview.SeatView"
BUILT_FROM_THE_VIEW = {"tutor.conventions.position.Knowledge"}  # what the conventions infer from it
#: Another game's view: Humbug's two players and tricks of two cards (002), which a SeatView (four
#: seats, tricks of four) cannot hold; it is the one view of that game.
OTHER_GAMES = {"tutor.humbug.HumbugView"}
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
        tree = _parse(p.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.ClassDef):
                continue
            if any(isinstance(b, ast.Name) and b.id == "Protocol" for b in node.bases):
                continue  # states what a function reads; holds nothing
            fields = _engine_fields(node)
            named = node.name.endswith("View") or node.name in ("Situation", "Position")
            if named or (fields & _CARDS_FIELDS and fields & _TABLE_FIELDS):
                found.append(f"{m}.{node.name}")
    return sorted(set(found) - {SEAT_VIEW} - BUILT_FROM_THE_VIEW - OTHER_GAMES)


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


#: The largest room and the largest class (issue 22: the store had grown to 2,114 lines and one
#: class of 1,152): past these a module is split into rooms, a class into repositories.
MAX_MODULE_LINES = 800
MAX_CLASS_LINES = 400


def _long_modules(sources: dict[str, str]) -> list[str]:
    """The modules of more than :data:`MAX_MODULE_LINES` lines, with their length."""
    return sorted(f"{m} ({n})" for m, src in sources.items() if (n := len(src.splitlines())) > MAX_MODULE_LINES)


def _long_classes(sources: dict[str, str]) -> list[str]:
    """The classes of more than :data:`MAX_CLASS_LINES` lines (from ``class`` to their last line)."""
    found = []
    for m, src in sources.items():
        for node in ast.walk(_parse(src)):
            if isinstance(node, ast.ClassDef) and node.end_lineno is not None:
                length = node.end_lineno - node.lineno + 1
                if length > MAX_CLASS_LINES:
                    found.append(f"{m}.{node.name} ({length})")
    return sorted(found)


@functools.cache
def _sources() -> dict[str, str]:
    """The text of every module of tutor/ (read when a test first asks, as :func:`_graph`)."""
    return {m: p.read_text(encoding="utf-8") for m, p in MODULES.items()}


def test_no_module_over_800_lines():
    """Every module of tutor/ is a room a reader can hold: at most 800 lines."""
    assert _long_modules(_sources()) == []


def test_no_class_over_400_lines():
    """No class of tutor/ is over 400 lines (``ProgressStore`` was 1,152: now a facade over
    one repository per area)."""
    assert _long_classes(_sources()) == []


def test_the_size_checks_can_fail():
    """Both size checks see a module and a class one line too long, and pass them at the limit."""
    body = "\n".join(f"    x{i} = {i}" for i in range(MAX_CLASS_LINES - 1))
    at_limit = f"class Big:\n{body}\n"
    assert _long_classes({"m": at_limit}) == []
    assert _long_classes({"m": at_limit + "    one_more = 0\n"}) == [f"m.Big ({MAX_CLASS_LINES + 1})"]
    assert _long_modules({"m": "x = 0\n" * MAX_MODULE_LINES}) == []
    assert _long_modules({"m": "x = 0\n" * (MAX_MODULE_LINES + 1)}) == [f"m ({MAX_MODULE_LINES + 1})"]


def _begins_a_transaction(node: ast.AST) -> bool:
    """``exec_driver_sql("BEGIN IMMEDIATE" if … else "BEGIN")``: how a SQLite transaction begins
    (tutor/storage's begin hook) is no query on a table, and Core has no word for it."""
    words = [n.value for n in ast.walk(node) if isinstance(n, ast.Constant) and isinstance(n.value, str)]
    return bool(words) and all(w.startswith("BEGIN") for w in words)


def _sql_text(sources: dict[str, str]) -> list[str]:
    """Where SQL is written as text for SQLAlchemy (``text(...)``, ``exec_driver_sql``) outside
    the migrations: the store speaks Core on the tables of tutor/storage/models.py."""
    found = []
    for m, src in sources.items():
        if m.startswith("tutor.storage.migrations"):
            continue
        for node in ast.walk(_parse(src)):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("sqlalchemy"):
                found += [f"{m}: imports {a.name}" for a in node.names if a.name in ("text", "TextClause")]
            elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                  and node.func.attr == "exec_driver_sql" and not _begins_a_transaction(node)):
                found.append(f"{m}:{node.lineno}: exec_driver_sql")
    return sorted(found)


def test_no_sql_text_outside_the_migrations():
    """The schema has one home: the tables (tutor/storage/models.py) and their migrations; the
    store's queries are SQLAlchemy Core on them, never SQL strings (there were 87)."""
    assert _sql_text(_sources()) == []


def test_the_sql_text_check_can_fail():
    """The check sees both spellings of SQL as text, and lets a migration keep its own."""
    src = "from sqlalchemy import select, text\nconn.exec_driver_sql('SELECT 1')\nconn.exec_driver_sql('BEGIN')\n"
    assert _sql_text({"tutor.x": src}) == ["tutor.x: imports text", "tutor.x:2: exec_driver_sql"]
    assert _sql_text({"tutor.storage.migrations.versions.v9": src}) == []


#: The persistence wing (docs/architecture.md): beside the game stack, not above it. Its modules
#: keep progress and know nothing of cards, deals or conventions.
WING = next(prefixes for name, prefixes in LAYERS if name == "persistence")


def _in(module: str, prefixes: tuple[str, ...]) -> bool:
    return any(module == p or module.startswith(p + ".") for p in prefixes)


def _wing_reaches_the_game(graph: dict[str, set[str]]) -> list[str]:
    """Imports from the persistence wing into anything but the wing, the base and the notation."""
    below = LAYERS[0][1] + LAYERS[1][1]
    return sorted(f"{m} -> {d}" for m, ds in graph.items() if _in(m, WING)
                  for d in ds if not _in(d, WING) and not _in(d, below))


def test_the_persistence_wing_stands_beside_the_game_stack():
    """storage/, progress/, glicko, spaced and accounts import only each other, the base and the
    notation (the learner's clock): the wing can be read, tested and changed without the game."""
    assert _wing_reaches_the_game(_graph()) == []


def _game_reaches_the_wing(graph: dict[str, set[str]]) -> list[str]:
    """Imports of the wing from the game stack below the session (game, engines, players, content)."""
    names = [name for name, _ in LAYERS]
    stack = tuple(p for name, prefixes in LAYERS[names.index("game"):names.index("session")] for p in prefixes)
    return sorted(f"{m} -> {d}" for m, ds in graph.items() if _in(m, stack) for d in ds if _in(d, WING))


def test_only_the_session_and_the_interface_hold_the_wing():
    """Beside, not below: no rule, engine, robot or content module reads or writes progress; the
    answer service (tutor/answering.py), the pages and the commands hold a store."""
    assert _game_reaches_the_wing(_graph()) == []


def test_the_wing_check_can_fail():
    """A repository that imported the deals would be seen, and a rule that read the ratings."""
    assert _wing_reaches_the_game({"tutor.progress.attempts": {"tutor.deal", "tutor.clock"}}) == [
        "tutor.progress.attempts -> tutor.deal"]
    assert _game_reaches_the_wing({"tutor.conventions.leads": {"tutor.glicko", "tutor.cards"}}) == [
        "tutor.conventions.leads -> tutor.glicko"]


def _undrawn(doc: str) -> list[str]:
    """The groups and modules of :data:`LAYERS` that the picture of docs/architecture.md leaves out."""
    out = [name for name, _ in LAYERS if name != "persistence" and f"\n {name} " not in doc]
    if "persistence wing" not in doc:
        out.append("persistence")
    for _, prefixes in LAYERS:
        for prefix in prefixes:
            path = prefix.replace(".", "/")
            if prefix != "tutor" and f"{path}.py" not in doc and f"{path}/" not in doc:
                out.append(prefix)
    return out


def test_the_doc_draws_every_layer_and_module():
    """docs/architecture.md draws each group of LAYERS and names each of its modules."""
    assert _undrawn((ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")) == []


def test_the_doc_check_can_fail():
    missing = _undrawn("\n base tutor/errors.py")
    assert {"notation", "persistence", "tutor.cards", "tutor.progress"} <= set(missing)
    assert "base" not in missing and "tutor.errors" not in missing
