"""``python -m tutor daily [--date YYYY-MM-DD] [--answer A]``: the puzzle of the day.

The same puzzle for everyone on a date (see :mod:`tutor.content.daily`); ``--answer`` grades a
response with the same grader the app uses.
"""

from __future__ import annotations

import argparse
from datetime import date
from typing import Any

from tutor.clock import learner_today
from tutor.commands._args import CliError, add_json_flag, emit
from tutor.content.daily import daily_pick
from tutor.content.describe import position_lines, question_text
from tutor.content.grading import grade
from tutor.content.loader import load_puzzles


def _date(text: str) -> date:
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a date: {text!r} (write YYYY-MM-DD)") from None


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("daily", help="the puzzle of the day (the same for everyone on a date)")
    p.add_argument("--date", type=_date, default=None, help="YYYY-MM-DD (default: today)")
    p.add_argument("--answer", default=None, help="grade this answer (a card like S4, or a number)")
    p.add_argument("--lang", choices=("en", "ru"), default="en")
    p.add_argument("--puzzles", nargs="*", default=None, metavar="PATH", help="puzzle files (default: puzzles/)")
    add_json_flag(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.puzzles is not None and any(not p.strip() for p in args.puzzles):
        raise CliError("a --puzzles PATH is empty")
    day = args.date or learner_today(None)  # the machine's own calendar: the learner sits at it
    pick = daily_pick(load_puzzles(args.puzzles), day)
    pz, lang = pick.puzzle, args.lang
    data: dict[str, Any] = {
        "date": day.isoformat(),
        "id": pz.id,
        "cycle": pick.cycle,
        "number": pick.number,
        "difficulty": pz.difficulty,
        "themes": list(pz.themes),
        "title": pz.title.model_dump(),
        "question": question_text(pz).model_dump(),
        "puzzle": pz.model_dump(mode="json", exclude={"answer", "accept", "explanation", "override"}),
    }
    lines = [f"{day.isoformat()}  {pz.title[lang]}  [{pz.id}, {'сложность' if lang == 'ru' else 'difficulty'} {pz.difficulty}]"]
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
