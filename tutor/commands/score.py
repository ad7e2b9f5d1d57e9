"""``python -m tutor score``: what one deal writes on the score sheet.

    python -m tutor score --deal "N:…" --trump H7 --tricks NS=8 [--rules russian]
                          [--revoke NS [--revoke-penalty points|tricks]] [--standing NS=4,EW=2] [--json]

JSON: ``{"below": {"NS": 4, "EW": 0}, "above": {"NS": 2, "EW": 0},
"items": [{"side": "NS", "what": "leve", "points": 4, "where": "below"}, …], "tricks": {…}}``.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from tutor.cards import Rank
from tutor.commands._args import add_json_flag, emit
from tutor.commands.honours import add_deal_arguments, deal_from_args
from tutor.rulesets import Ruleset, find_ruleset
from tutor.scoring import Coronka, DealScore, ScoreError, coronkas, parse_standing, parse_tricks, score_deal, what_label
from tutor.seats import Side, parse_seat, parse_side
from tutor.vocab import Lang

__all__ = ["register", "run", "score_text"]


def score_text(rs: Ruleset, ds: DealScore, tricks_played_ns: int, lang: Lang = "en",
               runs: Sequence[Coronka] = ()) -> str:
    """The deal's items as a small sheet: above the line, the line, below it, then the totals.

    ``runs`` are the deal's coronkas, in the order :func:`score_deal` wrote them, so each
    coronka line can say whose run it is."""
    ru = lang == "ru"
    w = 28
    ns_t, ew_t = tricks_played_ns, 13 - tricks_played_ns
    head = (f"Счёт — {rs.title.get(lang)}: взятки NS {ns_t}, EW {ew_t}" if ru
            else f"Score — {rs.title.get(lang)}: tricks NS {ns_t}, EW {ew_t}")
    out = [head]
    for side, n in ds.transferred:
        out.append(f"  штраф за ренонс: {n} взят. переходят к {side.value}" if ru
                   else f"  revoke penalty: {n} tricks go to {side.value}")
    for side in ds.barred:
        out.append(f"  {side.value}: онеры не считаются — счёт уже {dict(ds.standing)[side]}" if ru
                   else f"  {side.value}: honours not scored, standing at {dict(ds.standing)[side]}")
    for side in ds.blocked:
        out.append(f"  {side.value} сделали ренонс и не выигрывают игру в этой сдаче" if ru
                   else f"  {side.value} revoked and cannot win the game on this deal")
    out.append(f"{'':<{w}}{'NS':>5}{'EW':>5}")
    labels: list[str] = []
    run_iter = iter(runs)
    for item in ds.items:
        label = what_label(item.what, lang)
        if item.what == "coronka":
            c = next(run_iter, None)
            if c is not None:
                label += f" {c.seat.name} {c.suit.symbol}{''.join(Rank.parse(r).display(lang) for r in c.cards())}"
        labels.append(label)
    for where in ("above", "below"):
        if where == "below":
            out.append("─" * (w + 10))
        for item, label in zip(ds.items, labels):
            if item.where == where:
                ns = str(item.points) if item.side is Side.NS else ""
                ew = str(item.points) if item.side is Side.EW else ""
                out.append(f"  {label:<{w - 2}}{ns:>5}{ew:>5}")
    b, a = ds.below, ds.above
    if ru:
        out.append(f"Под чертой: NS {b[Side.NS]}, EW {b[Side.EW]}; над чертой: NS {a[Side.NS]}, EW {a[Side.EW]}")
    else:
        out.append(f"Below the line: NS {b[Side.NS]}, EW {b[Side.EW]}; above: NS {a[Side.NS]}, EW {a[Side.EW]}")
    return "\n".join(out)


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("score", help="the score of one deal (tricks over six -- leve or odd tricks --, honours, coronkas, slams, revoke)")
    add_deal_arguments(p)
    p.add_argument("--tricks", required=True, help="tricks taken: NS=8 or EW=5")
    p.add_argument("--revoke", action="append", default=[], metavar="SIDE",
                   help=f"a side (or seat) that revoked; repeat for several revokes (at most {MAX_REVOKES} a side)")
    p.add_argument("--revoke-penalty", choices=("points", "tricks"),
                   help="the opponents' choice of penalty where the law offers one")
    p.add_argument("--standing", help="score towards the game before the deal, e.g. NS=4,EW=2")
    add_json_flag(p)
    p.set_defaults(func=run)


def _check_standing(text: str | None, rs: Ruleset) -> None:
    """Refuse a standing that says a side has already won the game (:func:`parse_standing`
    refuses the malformed ones)."""
    if text is None:
        return
    for side, points in parse_standing(text).items():
        if points >= rs.game_target:
            raise ScoreError(f"--standing {side.value}={points}: a side at {rs.game_target} or more has "
                             f"already won the game ({rs.title.get('en')})")


#: Each revoke is penalised on its own, and a side can revoke at most once in each of the 13
#: tricks before the penalties alone would exceed the deal (a thousand --revoke was accepted).
MAX_REVOKES = 13


def _check_revokes(revokes: list[str]) -> None:
    counts: dict[str, int] = {}
    for r in revokes:
        if not r.strip():
            raise ScoreError("--revoke is empty: name the side (NS, EW) or the seat that revoked")
        text = r.strip()
        side = (parse_seat(text).side if len(text) == 1 else parse_side(text)).value
        counts[side] = counts.get(side, 0) + 1
        if counts[side] > MAX_REVOKES:
            raise ScoreError(f"--revoke {side} is given more than {MAX_REVOKES} times: a side revokes at most "
                             "once a trick, and a deal has 13 tricks")


def run(args: argparse.Namespace) -> int:
    _check_revokes(args.revoke)
    rs = find_ruleset(args.rules)
    _check_standing(args.standing, rs)
    deal = deal_from_args(args.deal, args.trump, args.dealer)
    ns = parse_tricks(args.tricks)
    ds = score_deal(deal, ns, rs, revokes=args.revoke, revoke_penalty=args.revoke_penalty,
                    standing=args.standing)
    emit(args, ds.to_json(), score_text(rs, ds, ns, args.lang, coronkas(deal, rs)))
    return 0
