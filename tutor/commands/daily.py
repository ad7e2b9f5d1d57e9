"""``python -m tutor daily [--date YYYY-MM-DD] [--answer A] [--json]``: the daily lead problem of a date.

The same puzzle for everyone on a date (:mod:`tutor.dailies`): a day the app has served is read
from its progress store (``WHIST_TUTOR_DB``, or the default file, when there is one -- this command
never adds a day to it), any other day is planned from the content and the puzzles' ratings. With
``--puzzles`` the schedule is planned from those files alone (the app's store is for its content).
``--answer`` grades a response with the same grader the app uses.

``--json`` carries the puzzle (``question: lead``; its answer, accepted cards and explanation left
out) and its double-dummy ``evidence`` as the Daily page shows it after an answer, read from the
evidence store -- nothing is solved here, so every date answers at once; ``null`` when it was never
computed (``tutor analyse`` computes it). The evidence names the maxim's card: it is for tools.
"""

from __future__ import annotations

import argparse
from datetime import date
from pathlib import Path
from typing import Any

from tutor.clock import learner_today
from tutor.commands._args import CliError, add_json_flag, emit, lang_type
from tutor.content.describe import position_lines, question_text
from tutor.content.grading import grade
from tutor.content.headline import headline
from tutor.content.loader import ContentError, load_cached, puzzle_paths
from tutor.dailies import daily, stored_evidence
from tutor.progress import ProgressStore
from tutor.storage import is_url
from tutor.storage.files import default_db_path, default_db_target
from tutor.text import Text
from tutor.vocab import LANGS


def _date(text: str) -> date:
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a date: {text!r} (write YYYY-MM-DD)") from None


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("daily", help="the daily lead problem (the same for everyone on a date)")
    p.add_argument("--date", type=_date, default=None, help="YYYY-MM-DD (default: today)")
    p.add_argument("--answer", default=None, help="grade this answer (a card like S4, or a number)")
    p.add_argument("--lang", default="en", type=lang_type, choices=LANGS)
    p.add_argument("--puzzles", nargs="*", default=None, metavar="PATH",
                   help="puzzle files (default: puzzles/ and library/)")
    add_json_flag(p)
    p.set_defaults(func=run)


def existing_store() -> ProgressStore | None:
    """The app's progress store when there is one (a database URL, or a file that exists); None
    otherwise -- asking for a day's puzzle must not make a database."""
    target = default_db_target()
    if not is_url(target) and not Path(default_db_path()).exists():
        return None
    return ProgressStore(target)


def run(args: argparse.Namespace) -> int:
    if args.puzzles is not None and any(not p.strip() for p in args.puzzles):
        raise CliError("a --puzzles PATH is empty")
    day = args.date or learner_today(None)  # the machine's own calendar: the learner sits at it
    content = load_cached(args.puzzles or puzzle_paths())
    if content.problems:
        raise ContentError(content.problems)
    store = existing_store() if args.puzzles is None else None
    try:
        pick = daily([p.item for p in content.puzzles], day, store)
    finally:
        if store is not None:
            store.close()
    pz, lang = pick.puzzle, args.lang
    title = Text.each(lambda code: headline(pz, code))
    data: dict[str, Any] = {
        "date": day.isoformat(),
        "id": pz.id,
        "cycle": pick.cycle,
        "number": pick.number,
        "fixed": pick.fixed,
        "difficulty": pz.difficulty,
        "themes": list(pz.themes),
        "title": title.to_json(),
        "question": question_text(pz).to_json(),
        "puzzle": pz.model_dump(mode="json", exclude={"answer", "accept", "explanation", "override"}),
    }
    if args.json:
        data["evidence"] = stored_evidence(pz)
    lines = [f"{day.isoformat()}  {title[lang]}  [{pz.id}, {'сложность' if lang == 'ru' else 'difficulty'} {pz.difficulty}]"]
    lines += position_lines(pz, lang)
    lines.append(question_text(pz)[lang])
    if args.answer is not None:
        if not args.answer.strip():
            raise CliError("--answer is empty")
        fb = grade(pz, args.answer, lang)
        data["feedback"] = fb.to_json()
        if not fb.correct:
            # The solution is the puzzle's explanation: a wrong answer is told why, not given it.
            del data["feedback"]["explanation"]
        lines.append(str(fb))
    emit(args, data, "\n".join(lines))
    return 0
