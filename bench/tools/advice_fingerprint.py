"""A fingerprint of the conventions engine's advice, to re-stamp a shipped rule study honestly.

The shipped study (``tutor/conventions/study/*.json``) names the engine digest it measured; any
change to the rules' code changes the digest, and the Maxims page then says its figures come from
an earlier version. When a change is known to keep every decision (types, names, a refactor),
this script shows it: it plays ``--deals`` seeded deals with the engine's advice at all four seats
(as ``bench/study_rules.py`` does) in both systems and prints the number of decisions and a hash
of every advised card with every verdict and its maxims. Run it on the old and the new code:

    PYTHONPATH=/path/to/old/checkout python bench/tools/advice_fingerprint.py
    python bench/tools/advice_fingerprint.py --restamp "why the advice is unchanged"

Equal hashes mean identical advice on those decisions; ``--restamp`` (with the old hash given by
``--expect``) then renames the newest shipped study to the current digest and records why.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
from pathlib import Path

# the installed (or PYTHONPATH's) tutor, so that the same script measures an old checkout too
from tutor.conventions.advice import advise
from tutor.conventions.figures import STUDY_DIR, engine_digest, study_files
from tutor.deal import Deal
from tutor.play import PlayState
from tutor.seats import Seat
from tutor.seatview import SeatView


def fingerprint(deals: int, seed: int = 1) -> tuple[int, str]:
    """(decisions, sha256 of every decision's advice) over ``deals`` deals in both systems."""
    h = hashlib.sha256()
    decisions = 0
    for system in ("russian", "english"):
        for index in range(deals):
            deal = Deal.random(random.Random(f"fingerprint|{seed}|{index}"), dealer=Seat(index % 4))
            state = PlayState(deal)
            while not state.is_over:
                legal = state.legal_cards()
                if len(legal) == 1:
                    state.play(legal[0])
                    continue
                advice = advise(SeatView.from_state(state, state.to_play), system)
                verdicts = sorted((str(v.card), v.verdict, tuple(v.maxims)) for v in advice.candidates)
                h.update(repr((system, index, len(state.tricks), str(advice.card), tuple(advice.maxims),
                               verdicts)).encode())
                decisions += 1
                state.play(advice.card if advice.card in legal else legal[0])
    return decisions, h.hexdigest()[:16]


def restamp(why: str) -> Path:
    """Rename the newest shipped study to the current digest, noting the digest it came from."""
    path = study_files()[-1]
    data = json.loads(path.read_text(encoding="utf-8"))
    old, new = data["engine"]["digest"], engine_digest()
    if old == new:
        raise SystemExit(f"{path.name} already names digest {new}")
    data["engine"]["digest"] = new
    data["engine"]["restamped"] = {"from": old, "why": why}
    target = STUDY_DIR / path.name.replace(old, new)
    target.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    path.unlink()
    return target


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=150)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--expect", help="the old code's hash: --restamp only if this run matches it")
    ap.add_argument("--restamp", metavar="WHY", help="re-stamp the shipped study (needs --expect)")
    args = ap.parse_args()
    n, digest = fingerprint(args.deals, args.seed)
    print(f"engine {engine_digest()}: {n} decisions in {args.deals} deals x 2 systems, advice hash {digest}")
    if args.restamp:
        if args.expect != digest:
            raise SystemExit(f"advice differs from the expected hash {args.expect}: run the study instead")
        print(f"re-stamped: {restamp(args.restamp + f' (advice identical on {n} decisions, hash {digest})').name}")


if __name__ == "__main__":
    main()
