"""``tutor learner``, ``tutor answer`` and ``tutor class`` (issue 14 point 6): the documented JSON
shapes, one store with the app (``WHIST_TUTOR_DB``), bad input as one ``error:`` line with exit
2, and nobody reading another learner's data or a class he does not teach through the CLI."""

from __future__ import annotations

import io
import json
import logging

import pytest

from tutor.cli import main
from tutor.progress import ProgressStore

PUZZLE = "king-fourth-spades"  # puzzles/leads-king.yaml: a lead question


def cli(capsys, *argv: str, stdin: str | None = None, monkeypatch=None) -> tuple[int, str, str]:
    if stdin is not None:
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    try:
        code = main(list(argv))
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 1
    out, err = capsys.readouterr()
    return code, out, err


def ok(capsys, *argv: str) -> dict:
    code, out, err = cli(capsys, *argv, "--json")
    assert code == 0, err
    return json.loads(out)


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request, monkeypatch):
    """WHIST_TUTOR_DB set as an app server would: a file, or a PostgreSQL URL."""
    # a store as a new one is left (tests/conftest.py: migrated once a run, copied per test)
    target = (request.getfixturevalue("pg_store_url") if request.param == "postgresql"
              else str(request.getfixturevalue("new_store_file")))
    monkeypatch.setenv("WHIST_TUTOR_DB", target)
    monkeypatch.delenv("WHIST_TUTOR_AUTH", raising=False)
    monkeypatch.delenv("WHIST_TUTOR_PASSWORD", raising=False)
    return target


def test_learner_add_show_export_delete(db, capsys):
    assert ok(capsys, "learner", "add", "alice") == {"learner": "alice", "rating": 1500.0, "rd": 350.0}
    answered = ok(capsys, "answer", "--learner", "alice", "--puzzle", PUZZLE, "--card", "S3")
    assert set(answered) >= {"correct", "learner_rating", "puzzle_rating", "next_review"}
    shown = ok(capsys, "learner", "show", "Alice")
    assert shown["learner"] == "alice" and shown["attempts"] == 1
    assert {t["theme"] for t in shown["themes"]} and all("accuracy" in t and "rating" in t for t in shown["themes"])
    code, out, _ = cli(capsys, "learner", "export", "alice")
    assert code == 0 and json.loads(out)["attempts"][0]["item"] == PUZZLE
    assert ok(capsys, "learner", "delete", "alice")["deleted"] is True
    code, _, err = cli(capsys, "learner", "show", "alice")
    assert code == 2 and err.startswith("error: no learner named")


def test_answer_records_a_first_try_and_its_review(db, capsys):
    ok(capsys, "learner", "add", "bob")
    wrong = ok(capsys, "answer", "--learner", "bob", "--puzzle", PUZZLE, "--card", "SK")
    assert wrong["correct"] is False and wrong["learner_rating"] < 1500 and wrong["first_try"] is True
    assert len(wrong["next_review"]) == 10 and wrong["next_review"][4] == "-"
    again = ok(capsys, "answer", "--learner", "bob", "--puzzle", PUZZLE, "--card", "SK")
    assert again["first_try"] is False and again["learner_rating"] == wrong["learner_rating"]
    # the app's store sees the same attempts
    store = ProgressStore(db)
    assert len(store.attempts(store.learner("bob").id)) == 2
    store.close()


def test_a_class_from_creation_to_its_report(db, capsys):
    for name in ("teach", "alice", "bob"):
        ok(capsys, "learner", "add", name, *(["--teacher"] if name == "teach" else []))
    made = ok(capsys, "class", "create", "5B", "--teacher", "teach")
    assert made["class"] == "5B" and len(made["code"]) == 6
    for name in ("alice", "bob"):
        assert ok(capsys, "class", "join", made["code"], "--learner", name)["class"] == "5B"
    ok(capsys, "class", "assign", "5B", "--puzzles", f"{PUZZLE},king-fourth-hearts", "--due", "2026-12-10")
    ok(capsys, "answer", "--learner", "alice", "--puzzle", PUZZLE, "--card", "SK")
    report = ok(capsys, "class", "report", "5B")
    assert report["class"] == "5B"
    assert [r["learner"] for r in report["learners"]] == ["alice", "bob"]
    assert report["learners"][0]["items"] == {PUZZLE: "wrong", "king-fourth-hearts": "open"}
    code, out, _ = cli(capsys, "class", "report", "5B", "--csv")
    assert code == 0 and out.splitlines()[0] == f"learner,{PUZZLE},king-fourth-hearts,weak_themes"
    assert out.splitlines()[1].startswith("alice,wrong,open,")


@pytest.mark.parametrize("argv, says", [
    (["learner", "add", ""], "is empty"),
    (["learner", "show", "nobody"], "no learner named"),
    (["answer", "--learner", "alice", "--puzzle", "no-such", "--card", "S2"], "no puzzle"),
    (["answer", "--learner", "alice", "--puzzle", PUZZLE, "--card", "ZZ"], "card"),
    (["class", "join", "NOPE99", "--learner", "alice"], "code"),
    (["class", "assign", "nope", "--puzzles", PUZZLE], "no class"),
    (["class", "assign", "5B", "--puzzles", "a,,b"], "empty id"),
    (["class", "assign", "5B", "--puzzles", PUZZLE, "--due", "tomorrow"], "not a date"),
    (["class", "create", "x" * 41, "--teacher", "alice"], "at most"),
])
def test_bad_input_is_one_error_line_and_exit_2(new_store_file, monkeypatch, capsys, argv, says):
    monkeypatch.setenv("WHIST_TUTOR_DB", str(new_store_file))
    monkeypatch.delenv("WHIST_TUTOR_AUTH", raising=False)
    ok(capsys, "learner", "add", "alice")
    code, out, err = cli(capsys, *argv)
    assert code == 2 and out == "" and err.count("\n") == 1 and err.startswith("error:"), err
    assert says in err and "Traceback" not in err


# -- security through the CLI ---------------------------------------------------------------------
@pytest.fixture
def school(new_store_file, monkeypatch, capsys):
    """A server that requires logins: a teacher with a class of alice; bob outside it."""
    monkeypatch.setenv("WHIST_TUTOR_DB", str(new_store_file))
    monkeypatch.setenv("WHIST_TUTOR_AUTH", "required")
    monkeypatch.delenv("WHIST_TUTOR_PASSWORD", raising=False)
    for name, extra in (("teach", ["--teacher"]), ("alice", []), ("bob", [])):
        code, _, err = cli(capsys, "learner", "add", name, *extra, "--password-stdin", "--json",
                           stdin=f"{name}-secret-pw\n", monkeypatch=monkeypatch)
        assert code == 0, err
    monkeypatch.setenv("WHIST_TUTOR_PASSWORD", "teach-secret-pw")
    code = ok(capsys, "class", "create", "5B", "--teacher", "teach", "--as", "teach")["code"]
    monkeypatch.setenv("WHIST_TUTOR_PASSWORD", "alice-secret-pw")
    ok(capsys, "class", "join", code, "--learner", "alice", "--as", "alice")
    return monkeypatch


def test_with_logins_required_every_command_needs_one(school, capsys):
    code, _, err = cli(capsys, "learner", "show", "alice")
    assert code == 2 and "requires a login" in err


def test_a_learner_reads_only_his_own_data_through_the_cli(school, capsys):
    school.setenv("WHIST_TUTOR_PASSWORD", "bob-secret-pw")
    assert ok(capsys, "learner", "show", "bob", "--as", "bob")["learner"] == "bob"
    for argv in (["learner", "show", "alice"], ["learner", "export", "alice"], ["learner", "delete", "alice"],
                 ["class", "report", "5B"], ["class", "assign", "5B", "--puzzles", PUZZLE],
                 ["answer", "--learner", "alice", "--puzzle", PUZZLE, "--card", "S2"]):
        code, out, err = cli(capsys, *argv, "--as", "bob")
        assert code == 2 and out == "" and err.startswith("error:"), (argv, err)
    school.setenv("WHIST_TUTOR_PASSWORD", "alice-secret-pw")
    code, _, err = cli(capsys, "class", "report", "5B", "--as", "alice")  # a member, not the teacher
    assert code == 2 and "teacher" in err


def test_the_teacher_reads_his_class_and_its_learners(school, capsys):
    school.setenv("WHIST_TUTOR_PASSWORD", "teach-secret-pw")
    assert ok(capsys, "learner", "show", "alice", "--as", "teach")["learner"] == "alice"
    assert ok(capsys, "class", "report", "5B", "--as", "teach")["learners"][0]["learner"] == "alice"
    code, _, _ = cli(capsys, "learner", "show", "bob", "--as", "teach")  # not in his class
    assert code == 2


def test_a_wrong_password_is_refused_then_throttled_and_never_logged(school, capsys, caplog):
    caplog.set_level(logging.DEBUG)
    school.setenv("WHIST_TUTOR_PASSWORD", "guess-guess-guess")
    errors = [cli(capsys, "learner", "show", "alice", "--as", "alice")[2] for _ in range(4)]
    assert all(e.startswith("error: wrong name or password") for e in errors[:3])
    assert errors[3].startswith("error: too many wrong passwords")
    school.setenv("WHIST_TUTOR_PASSWORD", "alice-secret-pw")
    assert "too many" in cli(capsys, "learner", "show", "alice", "--as", "alice")[2]
    everything = "".join(errors) + caplog.text
    assert "guess-guess-guess" not in everything and "alice-secret-pw" not in everything
