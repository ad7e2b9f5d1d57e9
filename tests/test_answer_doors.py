"""One answer, every door (issue 22 point 2): the same answer to the same puzzle, given on the
Puzzles page (AppTest), with ``tutor answer`` and on the Classes page as homework, leaves the same
attempt and the same ratings of the learner and the puzzle (tutor/answering.py is the one way).

Before, the app never passed the puzzle's difficulty and the CLI never passed the score: the
same first right answer to a difficulty-1 puzzle rated the puzzle 1337.7 and the learner 1662.3
from the app, 1062.5 and 1560.0 from the CLI, and the CLI stored 1.0 for an answer with hints.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from appkit import open_page, start
from tutor.cli import main
from tutor.glicko import Rating
from tutor.progress import ProgressStore, Role
from tutor.ui import state
from tutor.ui.classes import SCOPE as HOMEWORK
from tutor.ui.puzzles import SCOPE as PUZZLES

PUZZLE = "king-fourth-lead"  # tests/appkit.py: difficulty 1, two hints, the answer S2
NAME = "Ann"


def _fresh(new_store_file: Path, tmp_path: Path, door: str, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A new store of its own for one door (the puzzle's rating is shared by its solvers: each
    door must start from the same nobody-has-tried-it state), with the learner named and, for
    the homework door, a class that set the puzzle and that the learner joined."""
    path = tmp_path / f"{door}.db"
    shutil.copyfile(new_store_file, path)
    store = ProgressStore(path)
    ann = store.learner(NAME)
    teacher = store.learner("Teach")
    store.set_role(teacher.id, Role.TEACHER)
    cls = store.create_class("5B", teacher.id)
    store.join_class(cls.code, ann.id)
    store.assign(cls.id, [PUZZLE])
    store.close()
    monkeypatch.setenv("WHIST_TUTOR_DB", str(path))
    return path


def _on_a_page(scope: str, hints: int, card: str) -> None:
    at = start("en", learner=NAME)
    if scope == PUZZLES:
        open_page(at, "puzzles")
        at.selectbox(key=state.PUZZLE).set_value(PUZZLE).run()
    else:
        open_page(at, "classes")
        at.selectbox(key=state.CLASS_DO).set_value(PUZZLE).run()
    for _ in range(hints):
        at.button(key=state.widget_key(scope, PUZZLE, "hint")).click().run()
    at.button(key=state.widget_key(scope, PUZZLE, f"card-{card}")).click().run()
    assert not at.exception


def _by_cli(hints: int, card: str, capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    # typed as a learner types it: lower case and the suit's symbol are the same card
    code = main(["answer", "--learner", NAME, "--puzzle", PUZZLE, "--card", "♠" + card[1:].lower(),
                 "--hints", str(hints), "--json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    data: dict[str, object] = json.loads(out)
    return data


def _left(path: Path) -> dict[str, object]:
    """What the answer left in the store: the attempt (less its id and time), the ratings."""
    store = ProgressStore(path)
    try:
        ann = store.learner(NAME)
        [attempt] = store.attempts(ann.id)
        return {"attempt": (attempt.item_id, attempt.kind, attempt.themes, attempt.correct, attempt.hints_used,
                            attempt.score, attempt.answer, attempt.day),
                "learner": _round(store.rating(ann.id)), "puzzle": _round(store.item_rating(PUZZLE)),
                "themes": {t: _round(r) for t, r in store.theme_ratings(ann.id).items()},
                "review": [(r.item_id, r.stage) for r in store.review_queue(ann.id)],
                "homework": [h.state for h in store.homework(ann.id)]}
    finally:
        store.close()


def _round(r: Rating) -> tuple[float, float, float]:
    return (round(r.rating, 6), round(r.rd, 6), round(r.vol, 9))


@pytest.mark.parametrize(("hints", "card"), [(0, "S2"), (1, "S2"), (0, "SK")], ids=["right", "right-hint", "wrong"])
def test_one_answer_leaves_the_same_record_and_ratings_from_every_door(app_env, new_store_file, monkeypatch, capsys,
                                                                      hints, card):
    left = {}
    path = _fresh(new_store_file, app_env, "app", monkeypatch)
    _on_a_page(PUZZLES, hints, card)
    left["app"] = _left(path)
    path = _fresh(new_store_file, app_env, "cli", monkeypatch)
    said = _by_cli(hints, card, capsys)
    left["cli"] = _left(path)
    path = _fresh(new_store_file, app_env, "homework", monkeypatch)
    _on_a_page(HOMEWORK, hints, card)
    left["homework"] = _left(path)

    assert left["app"] == left["cli"] == left["homework"]
    first = left["app"]
    assert first["attempt"][:7] == (PUZZLE, "puzzle", ("opening-lead", "king-third"), card == "S2", hints,
                                    {0: 1.0, 1: 0.667}[hints] if card == "S2" else 0.0, card)
    # the puzzle's difficulty (1) seeded its rating from every door: 1100 ± 250 before the game
    learner, puzzle = first["learner"], first["puzzle"]
    assert said["learner_rating"] == round(learner[0], 1) and said["puzzle_rating"] == round(puzzle[0], 1)
    if (hints, card) == (0, "S2"):
        assert (round(puzzle[0], 1), round(learner[0], 1)) == (1062.5, 1560.0)
    assert puzzle[1] < 250.0  # narrower than its seed: a game was played against the seed


def test_the_cli_refuses_more_hints_than_the_puzzle_has(app_env, new_store_file, monkeypatch, capsys):
    """``--hints 3`` on a puzzle of two hints is an error line (exit 2), and nothing is recorded --
    before, it was stored as three hints and a score of 1.0."""
    path = _fresh(new_store_file, app_env, "cli", monkeypatch)
    code = main(["answer", "--learner", NAME, "--puzzle", PUZZLE, "--card", "S2", "--hints", "3"])
    _, err = capsys.readouterr()
    assert code == 2 and err.startswith("error: ") and "has 2" in err
    store = ProgressStore(path)
    assert store.attempts(store.learner(NAME).id) == []
    store.close()
