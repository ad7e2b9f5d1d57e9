"""The fast loop (``pytest -n 2 -m "not slow and not browser"``, README "Contributing") still
covers every area: a ``slow`` or ``browser`` marker may move a heavy test out of it, never a whole
test file (issue 22, "Must show": the fast loop under 60 s, CI still running everything).

The check reads the test files' syntax (no import, no collection: a few milliseconds): a test file
keeps at least one test function that neither it nor its module marks ``slow`` or ``browser``.
"""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent

#: Files that are all slow on purpose, each with the fast test that covers the same code.
ALL_SLOW = {
    # A real dask cluster (distributed) per module; the analyse code it drives is run in process by
    # tests/test_cli_analyse.py and tests/test_evidence_store.py.
    "test_analyse_cluster.py",
    # mypy --strict over tutor/ (a minute of CPU); CI and every helper also run `mypy tutor` itself.
    "test_types.py",
    # 1,000 generated puzzles linted; the generator and the linter have fast tests in
    # tests/test_content_generate.py and tests/test_content_lint.py.
    "test_content_scale.py",
}


def _marks(decorators: list[ast.expr]) -> set[str]:
    """The names ``x`` of the ``pytest.mark.x`` / ``pytest.mark.x(...)`` decorators."""
    names = set()
    for node in decorators:
        if isinstance(node, ast.Call):
            node = node.func
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Attribute) \
                and node.value.attr == "mark":
            names.add(node.attr)
    return names


def _module_marks(tree: ast.Module) -> set[str]:
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "pytestmark"
                                                for t in node.targets):
            values = node.value.elts if isinstance(node.value, ast.List | ast.Tuple) else [node.value]
            return _marks(values)
    return set()


def fast_tests(path: Path) -> list[str]:
    """The test functions of ``path`` the fast loop runs (not marked slow or browser)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    if _module_marks(tree) & {"slow", "browser"}:
        return []
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith("test"):
            if not _marks(node.decorator_list) & {"slow", "browser"}:
                found.append(node.name)
    return found


def test_every_test_file_keeps_a_fast_test():
    """Issue 22: a heavy test moves to ``slow`` with its reason; its file's area stays in the loop."""
    files = sorted(p for p in TESTS.glob("test_*.py")) + sorted((TESTS / "faults").glob("test_*.py"))
    assert len(files) > 100
    emptied = [p.relative_to(TESTS).as_posix() for p in files
               if p.name not in ALL_SLOW and not fast_tests(p)]
    assert not emptied, f"these files have no test left in the fast loop: {emptied}"


def test_the_check_sees_a_module_mark_and_a_decorator(tmp_path):
    """The check itself can fail: a file all marked slow, by module or by decorators, has none."""
    (tmp_path / "a.py").write_text("import pytest\npytestmark = pytest.mark.slow\ndef test_x(): pass\n")
    (tmp_path / "b.py").write_text("import pytest\n@pytest.mark.slow(reason='r')\ndef test_x(): pass\n"
                                   "@pytest.mark.browser\ndef test_y(): pass\n")
    (tmp_path / "c.py").write_text("import pytest\n@pytest.mark.slow\ndef test_x(): pass\ndef test_y(): pass\n")
    assert fast_tests(tmp_path / "a.py") == []
    assert fast_tests(tmp_path / "b.py") == []
    assert fast_tests(tmp_path / "c.py") == ["test_y"]


def test_every_shipped_page_is_opened_by_a_fast_test():
    """Every page script under tutor/ui/pages is named by a test the fast loop runs (AppTest)."""
    pages = sorted(p.stem for p in (TESTS.parent / "tutor" / "ui" / "pages").glob("*.py"))
    assert pages
    fast_sources = "\n".join(p.read_text(encoding="utf-8") for p in TESTS.glob("test_app_*.py") if fast_tests(p))
    unopened = [page for page in pages if page not in fast_sources]
    assert not unopened, f"no fast AppTest names these pages: {unopened}"
