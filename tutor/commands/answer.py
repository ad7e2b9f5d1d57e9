"""``python -m tutor answer --learner NAME --puzzle ID --card C``: record a learner's answer.

    → {"correct": true, "first_try": true, "learner_rating": 1560.0, "learner_rd": 306.8,
       "puzzle_rating": 1062.5, "next_review": "YYYY-MM-DD" | null}

For lead and play questions. The answer goes through the app's own service
(:func:`tutor.answering.answer`) into the app's store (``WHIST_TUTOR_DB``), so it is graded,
scored (``--hints`` cost part of it), recorded and rated exactly as a click on the Puzzles page:
the first try at a puzzle is rated (Glicko-2, the puzzle seeded by its difficulty), a miss comes
back for review (FSRS), ``next_review`` saying when (null: not in the review queue).
"""

from __future__ import annotations

import argparse

from tutor.answering import answer
from tutor.commands._args import CliError, add_json_flag, bounded_int, emit, nonempty
from tutor.commands._store import add_user_flags, find_learner, open_store, require_self, viewer
from tutor.content.grading import read_response
from tutor.content.loader import ContentError, load_cached

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
        puzzle = load_cached().puzzle(args.puzzle.strip())
    except ContentError:
        raise CliError(f"no puzzle with id {args.puzzle!r} (see the Puzzles page or puzzles/*.yaml)") from None
    if puzzle.question not in ("lead", "play"):
        raise CliError(f"puzzle {puzzle.id} asks a {puzzle.question} question; answer lead and play questions here")
    card = read_response(puzzle, args.card)  # a card that is no card ends here, before the store opens
    store = open_store()
    learner = find_learner(store, args.learner)
    require_self(viewer(store, args, concerned=learner), learner)
    outcome = answer(store, learner, puzzle, card, args.hints, kind="puzzle")
    if outcome.store_error is not None:
        raise outcome.store_error
    feedback, rating, item = outcome.feedback, outcome.learner_rating, outcome.item_rating
    assert rating is not None and item is not None  # recorded and read back, or store_error above
    due = outcome.next_review
    data = {"correct": feedback.correct, "first_try": outcome.first_try, "learner_rating": round(rating.rating, 1),
            "learner_rd": round(rating.rd, 1), "puzzle_rating": round(item.rating, 1),
            "next_review": due.date().isoformat() if due else None}
    emit(args, data, f"{'right' if feedback.correct else 'wrong'}: {feedback}\n"
                     f"{learner.name}: rating {rating.rating:.0f} ± {2 * rating.rd:.0f}; puzzle {item.rating:.0f}"
                     + (f"; review on {data['next_review']}" if due else ""))
    return 0
