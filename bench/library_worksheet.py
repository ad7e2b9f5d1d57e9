"""The editor's worksheet (issue 26, point 6): 40 puzzles of the library drawn at random, each
written with its position, question, answer, hints, explanation and its shipped double-dummy
evidence, as markdown for a human editor to read blind and mark publishable or not.

    python bench/library_worksheet.py [--count 40] [--seed 0] [--lang en] [--out worksheet.md]

Nothing is solved: the evidence is read from the store (the library's folder), as the app reads it.
Each puzzle ends with a box for the editor's verdict (publishable as it stands / after an edit /
not), so the aim of 36 of 40 can be counted.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tutor.cards import Card  # noqa: E402
from tutor.content.loader import LIBRARY, REPO_ROOT, load_paths  # noqa: E402
from tutor.content.models import Puzzle  # noqa: E402
from tutor.dailies import stored_evidence  # noqa: E402
from tutor.play import format_history  # noqa: E402


def _hand(p: Puzzle, lang: str) -> str:
    return p.student_hand.symbols(lang)


def _evidence(p: Puzzle, lang: str) -> list[str]:
    data = stored_evidence(p)
    if data is None:
        return ["_no evidence stored_"]
    c = data["comparison"]
    out = [f"**Evidence** ({c['samples']} layouts; verdict `{c['verdict']}`, cost {c['cost']} ± {c['cost_stderr']}): "
           f"{c['text'][lang]}", "", "| card | mean tricks | vs best |", "|---|---|---|"]
    for row in sorted(data["leads"], key=lambda r: -float(r["mean"])):
        mark = " (answer)" if row["card"] == str(p.answer) else ""
        out.append(f"| {Card.symbol(_card(row['card']), lang)}{mark} | {row['mean']} | {row['delta_vs_best']} |")
    return out


def _card(text: str) -> Card:
    from tutor.cards import parse_card

    return parse_card(text)


def entry(n: int, p: Puzzle, lang: str) -> str:
    """One puzzle of the worksheet."""
    ans = p.answer.symbol(lang) if isinstance(p.answer, Card) else str(p.answer)
    accept = ", ".join(a.answer.symbol(lang) for a in p.accept if isinstance(a.answer, Card))
    lines = [f"## {n}. {p.title[lang]}  (`{p.id}`, difficulty {p.difficulty}, themes {', '.join(p.themes)})", "",
             f"- trump card {p.trump_card.symbol(lang)}, dealer {p.dealer}; hand **{_hand(p, lang)}**"]
    if p.played:
        lines.append(f"- played: `{format_history(p.played)}`")
    lines += [f"- question: {p.prompt[lang] if p.prompt else p.question}", "",
              "<details><summary>answer, hints, explanation, evidence</summary>", "",
              f"**Answer**: {ans}" + (f" (also accepted: {accept})" if accept else ""),
              f"; maxims: {', '.join(p.maxims)}", "", "**Hints**:"]
    lines += [f"{i}. {h[lang]}" for i, h in enumerate(p.hints, 1)]
    lines += ["", f"**Explanation**: {p.explanation[lang]}", ""]
    lines += _evidence(p, lang)
    lines += ["", "</details>", "", "Editor: [ ] publishable as it stands  [ ] after a light edit  [ ] not publishable",
              "", "---", ""]
    return "\n".join(lines)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--count", type=int, default=40)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--lang", choices=("en", "ru"), default="en")
    ap.add_argument("--out", default=None, help="write the markdown here (default: print it)")
    args = ap.parse_args()
    content = load_paths([REPO_ROOT / LIBRARY])
    puzzles = sorted((x.item for x in content.puzzles), key=lambda p: p.id)
    if not puzzles:
        print("the library is empty: run `python -m tutor puzzles build` first", file=sys.stderr)
        return 1
    drawn = random.Random(args.seed).sample(puzzles, min(args.count, len(puzzles)))
    head = (f"# The puzzle library: {len(drawn)} puzzles drawn at random (seed {args.seed}) of {len(puzzles)}\n\n"
            "Read each as a learner first (title, hand, question), then open the answer. Mark each.\n\n")
    text = head + "\n".join(entry(i, p, args.lang) for i, p in enumerate(drawn, 1))
    if args.out:
        Path(args.out).write_text(text, encoding="utf-8")
        print(f"wrote {args.out}: {len(drawn)} puzzles")
    else:
        print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
