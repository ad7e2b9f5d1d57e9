"""Limits of the command line (docs/limits.md): ranges, files written, the progress file for teachers.

* every numeric option of every command has a range, says it in ``--help`` and in
  ``docs/limits.md``, and is refused outside it (exit 2, one ``error:`` line);
* ``--out`` never overwrites without ``--force``, never an input, never through a link, and
  writes atomically; every command that writes says what it wrote;
* ``db check`` reads without writing, ``db backup FILE`` makes a consistent copy.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import sqlite3
import sys
import time
from pathlib import Path

import pytest

from tutor.cli import build_parser, main
from tutor.progress import SCHEMA_VERSION, ProgressStore

REPO = Path(__file__).resolve().parents[1]
EXAMPLES = REPO / "puzzles" / "examples.yaml"
PBN = REPO / "tests" / "fixtures" / "content" / "pbn" / "two_boards.pbn"
LIMITS_DOC = REPO / "docs" / "limits.md"


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def assert_refused(code: int, out: str, err: str, *words: str) -> None:
    assert code == 2, (code, out, err)
    assert out == "" and err.startswith("error: ") and err.count("\n") == 1, err
    for w in words:
        assert w in err, (w, err)


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture(autouse=True)
def _stdin_quit(monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))


# -- numeric options -------------------------------------------------------------------------------
def _numeric_options() -> list[tuple[str, argparse.Action]]:
    """Every option of every command whose value is a number."""
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    found = []
    stack = list(sub.choices.items())
    while stack:
        name, p = stack.pop()
        for action in p._actions:
            if isinstance(action, argparse._SubParsersAction):
                stack.extend((f"{name} {n}", q) for n, q in action.choices.items())
            elif action.type is int or getattr(action.type, "__name__", "").startswith("whole number"):
                found.append((name, action))
    return found


NUMERIC = _numeric_options()


def test_every_numeric_option_has_a_documented_range() -> None:
    assert len(NUMERIC) >= 8, NUMERIC
    doc = LIMITS_DOC.read_text(encoding="utf-8")
    for command, action in NUMERIC:
        option = action.option_strings[0]
        assert action.type is not int, f"{command} {option} takes any int: give it bounded_int(lo, hi)"
        lo_hi = action.type.__name__.removeprefix("whole number from ").split(" to ")
        assert len(lo_hi) == 2, (command, option)
        assert lo_hi[1] in (action.help or "").replace(",", ""), (
            f"{command} {option}: --help must give the range ({action.help!r})")
        assert f"`{command} {option}`" in doc, f"docs/limits.md must list `{command} {option}`"


@pytest.mark.parametrize("command, action", NUMERIC, ids=[f"{c}-{a.option_strings[0]}" for c, a in NUMERIC])
def test_numeric_option_outside_its_range_is_exit_2(command: str, action: argparse.Action) -> None:
    lo, hi = (int(x) for x in action.type.__name__.removeprefix("whole number from ").split(" to "))
    for bad in (str(lo - 1), str(hi + 1), "9" * 90, "x", ""):
        with pytest.raises(argparse.ArgumentTypeError):
            action.type(bad)
    assert action.type(str(lo)) == lo and action.type(str(hi)) == hi


def test_play_deal_a_billion_samples_is_refused_at_once(capsys) -> None:
    """It used to be accepted, and the memory ran away (890 MB after 50 s)."""
    started = time.perf_counter()
    assert_refused(*run(capsys, "play-deal", "--samples", "1000000000"), "--samples", "0 to 100")
    assert time.perf_counter() - started < 5


@pytest.mark.parametrize("option", ["--deal", "--puzzle", "--trump", "--dealer", "--variant"])
def test_play_deal_empty_option_is_an_error_not_ignored(capsys, option: str) -> None:
    argv = ["play-deal", "--deals", "1", option, ""]
    assert_refused(*run(capsys, *argv), option, "empty")


def test_check_on_an_empty_folder_is_an_error(capsys, tmp_path) -> None:
    (tmp_path / "notes.txt").write_text("not content")
    assert_refused(*run(capsys, "check", str(tmp_path)), "no .yaml")


def test_score_takes_at_most_thirteen_revokes_a_side(capsys) -> None:
    deal = "N:A7.984.J8643.KQ8 8643.KJ75.KT.A72 QT2.AT2.Q75.JT64 KJ95.Q63.A92.953"
    base = ["score", "--deal", deal, "--trump", "H", "--tricks", "NS=8"]
    assert run(capsys, *base, *["--revoke", "EW"] * 2)[0] == 0
    assert_refused(*run(capsys, *base, *["--revoke", "EW"] * 1000), "more than 13")


# -- files written ---------------------------------------------------------------------------------
def test_worksheet_does_not_overwrite_without_force(capsys, tmp_path) -> None:
    out = tmp_path / "sheet.html"
    out.write_text("my own notes")
    assert_refused(*run(capsys, "worksheet", str(EXAMPLES), "--out", str(out)), "--force")
    assert out.read_text() == "my own notes"
    code, text, _ = run(capsys, "worksheet", str(EXAMPLES), "--out", str(out), "--force")
    assert code == 0 and text.startswith(f"wrote {out}")
    assert "<html" in out.read_text(encoding="utf-8").lower()


def test_worksheet_never_overwrites_its_input(capsys, tmp_path) -> None:
    """``worksheet --out puzzles/x.yaml puzzles/x.yaml`` replaced the puzzles with HTML."""
    src = tmp_path / "x.yaml"
    src.write_bytes(EXAMPLES.read_bytes())
    before = digest(src)
    assert_refused(*run(capsys, "worksheet", "--out", str(src), "--force", str(src)), "one of the inputs")
    assert_refused(*run(capsys, "worksheet", "--out", str(src), "--force", str(tmp_path)), "one of the inputs")
    assert digest(src) == before


def test_worksheet_does_not_write_through_a_symlink(capsys, tmp_path) -> None:
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    target = outside / "precious.txt"
    target.write_text("keep me")
    (tmp_path / "work").mkdir()
    link = tmp_path / "work" / "sheet.html"
    link.symlink_to(target)
    for extra in ([], ["--force"]):
        assert_refused(*run(capsys, "worksheet", str(EXAMPLES), "--out", str(link), *extra), "symbolic link")
    assert target.read_text() == "keep me"


def test_written_files_leave_no_temporary_file(capsys, tmp_path) -> None:
    out = tmp_path / "sheet.html"
    assert run(capsys, "worksheet", str(EXAMPLES), "--out", str(out))[0] == 0
    assert [p.name for p in tmp_path.iterdir()] == ["sheet.html"]


def test_generate_and_import_pbn_write_with_out_and_say_so(capsys, tmp_path) -> None:
    gen = tmp_path / "gen.yaml"
    code, text, _ = run(capsys, "generate", "--theme", "honours", "--count", "2", "--out", str(gen))
    assert code == 0 and text.strip() == f"wrote {gen}: 2 puzzle(s), {gen.stat().st_size} bytes"
    assert run(capsys, "check", str(gen))[0] == 0
    imp = tmp_path / "imp.yaml"
    code, text, _ = run(capsys, "import-pbn", str(PBN), "--out", str(imp))
    assert code == 0 and text.startswith(f"wrote {imp}: 2 puzzle(s)")
    assert_refused(*run(capsys, "import-pbn", str(PBN), "--out", str(imp)), "--force")


# -- the progress file -----------------------------------------------------------------------------
@pytest.fixture
def db(tmp_path) -> Path:
    path = tmp_path / "progress.db"
    store = ProgressStore(path)
    ann = store.learner("Ann")
    for i in range(5):
        store.record_attempt(ann.id, f"p{i}", "puzzle", correct=True)
    store.close()  # as the app leaves it when it stops (its kept connections closed)
    return path


def test_db_check_reports_a_good_file_and_changes_nothing(capsys, db) -> None:
    files = {p.name: digest(p) for p in db.parent.iterdir()}
    code, out, _ = run(capsys, "db", "check", "--db", str(db))
    assert code == 0 and f"ok, schema {SCHEMA_VERSION}" in out and "5 attempt(s)" in out
    assert {p.name: digest(p) for p in db.parent.iterdir()} == files


def test_db_check_finds_a_foreign_file_exit_1(capsys, tmp_path) -> None:
    other = tmp_path / "other.db"
    conn = sqlite3.connect(other)
    conn.execute("CREATE TABLE t (x)")
    conn.commit()
    conn.close()
    before = digest(other)
    code, out, _ = run(capsys, "db", "check", "--db", str(other))
    assert code == 1 and "another program" in out
    assert digest(other) == before


def test_db_check_uses_the_configured_file(capsys, db, monkeypatch) -> None:
    monkeypatch.setenv("WHIST_TUTOR_DB", str(db))
    assert run(capsys, "db", "check")[0] == 0


def test_db_backup_copies_every_answer_and_says_so(capsys, db, tmp_path) -> None:
    copy = tmp_path / "copy.db"
    code, out, _ = run(capsys, "db", "backup", str(copy), "--db", str(db))
    assert code == 0 and out.startswith(f"wrote {copy}") and "5 attempt(s)" in out
    assert ProgressStore(copy).count_attempts() == 5
    assert_refused(*run(capsys, "db", "backup", str(copy), "--db", str(db)), "--force")
    assert run(capsys, "db", "backup", str(copy), "--db", str(db), "--force")[0] == 0


def test_db_backup_never_overwrites_the_database_or_its_journal(capsys, db) -> None:
    before = digest(db)
    assert_refused(*run(capsys, "db", "backup", str(db), "--db", str(db), "--force"), "one of the inputs")
    wal = db.with_name(db.name + "-wal")
    if wal.exists():
        assert_refused(*run(capsys, "db", "backup", str(wal), "--db", str(db), "--force"), "one of the inputs")
    assert digest(db) == before
