"""Study: what does each card-from-suit maxim of the russian system cost or gain double-dummy?

For each holding (K-x-x lead small, A-K-x lead K, A-x-x-x-x lead the ace, …) we deal random
hands: South holds exactly that holding in spades (never trumps), his other cards and the
other three hands are random, East deals (so South leads, 000 «Сдача» 17) and the turned-up
card is one of East's at random, redrawn while it is a spade so the suit stays plain. Each deal
is solved double-dummy with South on lead, and the conventional card is compared, deal by deal,
with every other card of the suit: mean (conventional - alternative) tricks for North-South and
its standard error, the mean regret against the best card of the suit in that deal, and how
often the conventional card is (tied) best in its suit.

Double-dummy play sees all hands, so it cannot value what a lead tells partner (000 HNT 10: the
king from A-K "shows partner the ace"); equal cards (A-K, K-Q, Q-J-10) are always worth the same
double-dummy, so their maxims are pure signalling and show 0 here by construction.

    .venv/bin/python bench/study_card_from_suit.py [--deals 300] [--seed 1] [--out bench/study_card_from_suit.md]
"""

from __future__ import annotations

import argparse
import datetime as _dt
import math
import random
import sys
import time
from dataclasses import dataclass

from tutor.cards import CARDS, Card, Hand, Rank, Suit
from tutor.deal import Deal
from tutor.seats import Seat
from tutor.solver import solve_many

HONOURS = {"A": Rank.ACE, "K": Rank.KING, "Q": Rank.QUEEN, "J": Rank.JACK, "T": Rank.TEN}


@dataclass(frozen=True)
class Case:
    pattern: str  # honours as letters, "x" for a small card (2-9)
    lead: str  # the conventional card's role: an honour letter, "low" or "high-x"
    maxim: str
    seed_ref: str


CASES = [
    Case("Kxx", "low", "king-third-lead-small", "000 LST 3"),
    Case("Kxxx", "low", "king-third-lead-small", "000 LST 3"),
    Case("Axx", "low", "ace-small-lead-small", "000 LST 2, HNT 11"),
    Case("Axxx", "low", "ace-small-lead-small", "000 LST 2, HNT 11"),
    Case("Axxxx", "A", "ace-fifth-lead-ace", "000 HNT 11"),
    Case("AKx", "K", "ace-king-lead-king", "000 HNT 10"),
    Case("AKxx", "K", "ace-king-lead-king", "000 HNT 10"),
    Case("AKQ", "Q", "coronka-lead-queen", "000 HNT 11"),
    Case("AKQx", "Q", "coronka-lead-queen", "000 HNT 11"),
    Case("AKQJ", "K", "quart-major-lead-king", "000 HNT 11"),
    Case("KQx", "K", "top-of-touching-honours", "000 HNT 9, LST 1"),
    Case("KQxx", "K", "top-of-touching-honours", "000 HNT 9, LST 1"),
    Case("QJT", "Q", "top-of-touching-honours", "000 LST 1"),
    Case("QJ9", "Q", "top-of-touching-honours", "000 LST 1"),
    Case("JTx", "J", "top-of-touching-honours", "000 HNT 9"),
    Case("Qxx", "low", "avoid-queen-third", "000 LST 4 (if led at all: small)"),
]


def roles(pattern: str) -> list[str]:
    """Names of the cards of a holding, high to low: honours by letter, small cards x1 (highest) .. low."""
    smalls = pattern.count("x")
    names = [ch for ch in pattern if ch != "x"]
    names += [f"x{i + 1}" for i in range(smalls - 1)] + (["low"] if smalls else [])
    return names


def holding(pattern: str, rng: random.Random) -> list[Card]:
    """The spade cards of the pattern, small cards drawn at random from 2-9 (and below any 9 named)."""
    fixed = [Card(Suit.S, HONOURS[ch] if ch in HONOURS else Rank(int(ch))) for ch in pattern if ch != "x"]
    floor = min((c.rank for c in fixed), default=Rank.ACE)
    pool = [Rank(r) for r in range(2, min(10, int(floor)))]
    smalls = rng.sample(pool, pattern.count("x"))
    return fixed + [Card(Suit.S, r) for r in sorted(smalls, reverse=True)]


def deal_for(pattern: str, rng: random.Random) -> tuple[Deal, list[Card]]:
    suit_cards = holding(pattern, rng)
    others = [c for c in CARDS if c.suit != Suit.S]
    south = Hand(suit_cards + rng.sample(others, 13 - len(suit_cards)))
    rest = [c for c in CARDS if c not in south]
    while True:
        # Uniform over the layouts of the other 39 cards; the turned-up card is one of East's at
        # random; a deal whose trump card is a spade is redrawn whole, so the conditioning is exact.
        rng.shuffle(rest)
        hands = {Seat.S: south, Seat.W: Hand(rest[:13]), Seat.N: Hand(rest[13:26]), Seat.E: Hand(rest[26:])}
        card = rng.choice(hands[Seat.E].cards)
        if card.suit != Suit.S:
            return Deal(hands, dealer=Seat.E, trump_card=card), suit_cards


def mean_se(values: list[float]) -> tuple[float, float]:
    n = len(values)
    m = sum(values) / n
    var = sum((v - m) ** 2 for v in values) / (n - 1)
    return m, math.sqrt(var / n)


def study(case: Case, deals: int, rng: random.Random) -> dict:
    names = roles(case.pattern)
    made = [deal_for(case.pattern, rng) for _ in range(deals)]
    solutions = solve_many([d for d, _ in made])
    rows = []  # per deal: tricks for NS per role
    for (deal, cards), sol in zip(made, solutions):
        rows.append([sol.tricks[c] for c in cards])
    conv = names.index(case.lead)
    mean_conv, se_conv = mean_se([r[conv] for r in rows])
    alts = {}
    for j, name in enumerate(names):
        if j != conv:
            alts[name] = mean_se([r[conv] - r[j] for r in rows])
    regret = mean_se([max(r) - r[conv] for r in rows])
    best_share = sum(r[conv] == max(r) for r in rows) / len(rows)
    return {"case": case, "names": names, "mean": (mean_conv, se_conv), "alts": alts,
            "regret": regret, "best_share": best_share, "deals": deals}


def verdict(alts: dict[str, tuple[float, float]], z: float = 2.0) -> str:
    """Read the row: alternatives the convention beats or loses to by more than ``z`` standard
    errors, and those it is identical to in every deal (equal cards: the choice only signals)."""
    gains = [n for n, (d, se) in alts.items() if d > z * se and d > 0]
    costs = [n for n, (d, se) in alts.items() if d < -z * se and d < 0]
    same = [n for n, (d, se) in alts.items() if d == 0 and se == 0]
    parts = []
    if costs:
        parts.append("**costs** vs " + ", ".join(costs))
    if gains:
        parts.append("gains vs " + ", ".join(gains))
    if same:
        parts.append("identical to " + ", ".join(same) + " (a signal only)")
    return "; ".join(parts) or "no significant difference"


def render(results: list[dict], command: str, seconds: float, deals: int, seed: int) -> str:
    date = _dt.date.today().isoformat()
    lines = [
        "# Study: the card-from-suit maxims, double-dummy",
        "",
        f"Command: `{command}`  ",
        f"Date: {date}; {deals} random deals per holding, seed {seed}; run time {seconds:.0f} s.",
        "",
        "Set-up: South holds exactly the holding in spades (small cards `x` drawn from 2-9), the rest",
        "of his hand and the other hands are random; East deals, so South leads (000 «Сдача» 17);",
        "the trump card is a random card of East's, never a spade (the holding is in a plain suit).",
        "Each deal is solved double-dummy (DDS via endplay) with South on lead. Figures are tricks",
        "for North-South out of 13, ± one standard error; *vs X* is the paired mean of",
        "(tricks after the conventional lead − tricks after leading X) over the same deals, so",
        "**positive = the maxim gains**, negative = it costs. *Regret* is the mean shortfall against",
        "the best card of the suit in each deal; *best* is how often the conventional card is (tied)",
        "best in its suit.",
        "",
        "| holding | maxim (seed) | lead | NS tricks | conventional vs each alternative | regret | best | reading (2 s.e.) |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for r in results:
        c: Case = r["case"]
        m, se = r["mean"]
        alts = "; ".join(f"vs {name}: {d:+.3f} ± {s:.3f}" for name, (d, s) in r["alts"].items())
        rg, rgse = r["regret"]
        lines.append(f"| {'-'.join(c.pattern)} | `{c.maxim}` ({c.seed_ref}) | {c.lead} | {m:.2f} ± {se:.2f} | "
                     f"{alts} | {rg:.3f} ± {rgse:.3f} | {100 * r['best_share']:.0f}% | {verdict(r['alts'])} |")
    lines += ["", "Roles: honours by letter; small cards `x1` (the highest small card) … `low` (the lowest).", ""]
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", default="bench/study_card_from_suit.md")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    t0 = time.perf_counter()
    results = []
    for case in CASES:
        t = time.perf_counter()
        results.append(study(case, args.deals, rng))
        print(f"{case.pattern:6} {case.maxim:28} done in {time.perf_counter() - t:.1f} s", file=sys.stderr, flush=True)
    seconds = time.perf_counter() - t0
    command = ".venv/bin/python bench/study_card_from_suit.py " + " ".join(sys.argv[1:])
    text = render(results, command.strip(), seconds, args.deals, args.seed)
    with open(args.out, "w", encoding="utf-8") as fh:
        fh.write(text)
    print(text)


if __name__ == "__main__":
    main()
