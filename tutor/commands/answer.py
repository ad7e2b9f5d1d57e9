"""``python -m tutor answer --learner NAME --puzzle ID --card C``: record a learner's answer.

    → {"correct": true, "first_try": true, "learner_rating": 1662.3, "learner_rd": 290.3,
       "puzzle_rating": 1337.7, "next_review": "YYYY-MM-DD" | null}

For lead and play questions. The answer is graded as in the app and recorded in the app's store
(``WHIST_TUTOR_DB``); the first try at a puzzle is rated (Glicko-2), a miss comes back for review
(FSRS), ``next_review`` saying when (null: not in the review queue).
"""

from __future__ import annotations

import argparse

from tutor.commands._args import CliError, add_json_flag, bounded_int, emit, nonempty
from tutor.commands._store import add_user_flags, find_learner, open_store, require_self, viewer
from tutor.content.grading import grade
from tutor.content.loader import ContentError, load_paths

__all__ = ["register", "run"]


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("answer", help="record a learner's answer to a puzzle (lead and play questions)")
    p.add_argument("--learner", required=True, type=nonempty, metavar="NAME")
    p.add_argument("--puzzle", required=True, type=nonempty, metavar="ID")
    p.add_argument("--card", required=True, type=nonempty, metavar="C", help="the card played, like S4")
    p.add_argument("--hints", type=bounded_int(0, 3), default=0, metavar="N",
                   help="hints taken before the answer, 0 to 3 (a puzzle has at most three)")
    add_user_flags(p)
    add_json_flag(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        puzzle = load_paths().puzzle(args.puzzle.strip())
    except ContentError:
        raise CliError(f"no puzzle with id {args.puzzle!r} (see the Puzzles page or puzzles/*.yaml)") from None
    if puzzle.question not in ("lead", "play"):
        raise CliError(f"puzzle {puzzle.id} asks a {puzzle.question} question; answer lead and play questions here")
    feedback = grade(puzzle, args.card)
    store = open_store()
    learner = find_learner(store, args.learner)
    require_self(viewer(store, args, concerned=learner), learner)
    attempt = store.record_attempt(learner.id, puzzle.id, "puzzle", themes=puzzle.themes, correct=feedback.correct,
                                   hints_used=args.hints, answer=args.card.strip(), difficulty=puzzle.difficulty)
    first = [a.id for a in store.attempts(learner.id, item_id=puzzle.id)][0] == attempt.id
    rating = store.rating(learner.id)
    item = store.item_rating(puzzle.id, puzzle.difficulty)
    due = [r.due for r in store.review_queue(learner.id) if r.item_id == puzzle.id]
    data = {"correct": feedback.correct, "first_try": first, "learner_rating": round(rating.rating, 1),
            "learner_rd": round(rating.rd, 1), "puzzle_rating": round(item.rating, 1),
            "next_review": due[0].date().isoformat() if due else None}
    emit(args, data, f"{'right' if feedback.correct else 'wrong'}: {feedback}\n"
                     f"{learner.name}: rating {rating.rating:.0f} ± {2 * rating.rd:.0f}; puzzle {item.rating:.0f}"
                     + (f"; review on {data['next_review']}" if due else ""))
    return 0
