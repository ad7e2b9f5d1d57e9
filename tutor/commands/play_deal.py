"""``python -m tutor play-deal``: play whole deals against the robots on the terminal.

Type a card (``SK``, ``♠K``, ``K♠``, ``H10``, ``♦Д``) to play it; ``undo`` takes back your last
card, ``claim`` claims the remaining tricks when that is certain, ``review`` shows the review of
the last finished deal, ``sheet`` the score sheet, ``quit`` ends. The same
:class:`tutor.session.Session` drives the Play page.

With ``--json`` the table goes to stderr and, at the end, one JSON object with every finished
deal (history, score, review) and the score sheets goes to stdout.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import Any, TextIO

from tutor.cards import Hand, Suit
from tutor.commands._args import (
    MAX_SEED,
    CliError,
    add_json_flag,
    bounded_int,
    lang_type,
    nonempty,
    seed_type,
    system_type,
)
from tutor.conventions.rules import SYSTEMS
from tutor.deal import Deal, parse_trump
from tutor.errors import WhistError
from tutor.i18n import ru_plural, t
from tutor.robots import DEFAULT_STRENGTH, STRENGTHS, RobotCard
from tutor.rulesets import RULESET_NAMES
from tutor.seats import Seat, Side
from tutor.session import FLAG_MODES, PlayResult, Session, SessionOptions, StudentCard
from tutor.text import in_lang
from tutor.variants import VARIANT_NAMES, parse_variant
from tutor.vocab import LANGS, Lang

__all__ = ["register", "run", "table_text", "play_loop"]

_HELP = {
    "en": "Type a card (SK, ♠K, H10), or: undo, claim, review, sheet, help, quit.",
    "ru": "Введите карту (SK, ♠К, H10) или: undo (назад), claim (заявка), review (разбор), sheet (запись), help, quit.",
}


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("play-deal", help="play whole deals against maxim-following robots",
                       description=__doc__.splitlines()[0])
    p.add_argument("--seed", type=seed_type, default=0,
                   help=f"seed of the deals and the partnership draw (0 to {MAX_SEED})")
    p.add_argument("--rules", default="russian", choices=RULESET_NAMES, help="scoring rule set")
    p.add_argument("--system", default="russian", type=system_type, choices=SYSTEMS, help="convention system")
    p.add_argument("--flag", default="now", choices=FLAG_MODES,
                   help="point out unconventional cards at once (now) or only in the review")
    p.add_argument("--variant", type=nonempty, default="classic", help=f"one of {', '.join(VARIANT_NAMES)}")
    p.add_argument("--deal", type=nonempty, help="the first deal as PBN (N:hand hand hand hand)")
    p.add_argument("--puzzle", type=nonempty,
                   help="play out the whole deal of this puzzle (its id; the puzzle must give deal:)")
    p.add_argument("--dealer", type=nonempty, default=None, help="dealer of --deal (default E)")
    p.add_argument("--trump", type=nonempty, default=None, help="trump card of --deal (in the dealer's hand), or NT")
    p.add_argument("--samples", type=bounded_int(0, MAX_SAMPLES), default=20,
                   help=f"layouts in the robots' search and double-dummy fallback, 0 to {MAX_SAMPLES} (default 20)")
    p.add_argument("--robots", default=DEFAULT_STRENGTH, choices=STRENGTHS, help="the robots' strength")
    p.add_argument("--deals", type=bounded_int(0, MAX_DEALS), default=0,
                   help=f"stop after this many deals, 0 to {MAX_DEALS} (0: until quit)")
    p.add_argument("--lang", default="en", type=lang_type, choices=LANGS)
    add_json_flag(p)
    p.set_defaults(func=run)


#: Each robot card solves this many layouts double-dummy when no maxim decides (about 25 a
#: second here); 1,000,000,000 was accepted and ran the memory away (docs/limits.md).
MAX_SAMPLES = 100
#: A robber is at most three deals of a game of ten; a thousand deals is a long evening.
MAX_DEALS = 1000


def run(args: argparse.Namespace) -> int:
    if args.deal is None and (args.trump is not None or args.dealer is not None):
        raise CliError("--trump and --dealer describe --deal: give the deal too")
    options = SessionOptions(rules=args.rules, system=args.system, flag=args.flag,
                             variant=parse_variant(args.variant), samples=args.samples, seed=args.seed,
                             robots=args.robots)
    if options.variant.humbug:
        return _run_humbug(args, options)
    deal = None
    if args.deal is not None:
        suit, card = parse_trump(args.trump) if args.trump is not None else (None, None)
        deal = Deal.from_pbn(args.deal, dealer=args.dealer or "E", trump_card=card,
                             trump=suit if card is None else None)
    if args.puzzle is not None:
        if deal is not None:
            raise CliError("give --deal or --puzzle, not both")
        from tutor.content.loader import load_puzzles  # the content package only when a puzzle is asked for

        item = next((p for p in load_puzzles() if p.id == args.puzzle), None)
        if item is None:
            raise CliError(f"no puzzle with id {args.puzzle!r}")
        session = Session.from_puzzle(item, options)
    elif options.variant.cayenne:
        from tutor.cayenne_session import CayenneSession

        session = CayenneSession(options, deal=None if deal is None else Deal(deal.hands, dealer=deal.dealer))
    else:
        session = Session(options, deal=deal)
    out = sys.stderr if args.json else sys.stdout
    play_loop(session, input_fn=input, out=out, lang=args.lang, max_deals=args.deals)
    if args.json:
        data = {
            "options": {"rules": options.rules, "system": options.system, "flag": options.flag,
                        "variant": options.variant.name, "seed": options.seed,
                        "robots": options.robots},
            "deals": [
                {"number": r.number, "robber": r.robber, "deal": r.deal.pbn(), "dealer": r.deal.dealer.name,
                 "trump": None if r.deal.trump is None else r.deal.trump.name,
                 "trump_card": None if r.deal.trump_card is None else str(r.deal.trump_card),
                 "history": r.history, "tricks": {"NS": r.tricks_ns, "EW": 13 - r.tricks_ns},
                 "score": r.score.to_json(), **_contract_of(session, i),
                 "review": session.review(r).as_json() if _reviewable(session, i) else None}
                for i, r in enumerate(session.records)
            ],
            "sheets": [s.to_json() for s in session.sheets],
        }
        print(json.dumps(data, ensure_ascii=False, indent=2))
    return 0


def _contract_of(session: Session, i: int) -> dict[str, Any]:
    """A Cayenne deal's contract in the JSON (nothing for the other tables)."""
    contracts = getattr(session, "contracts", None)
    return {"contract": contracts[i].to_json()} if contracts is not None else {}


def _reviewable(session: Session, i: int) -> bool:
    """Whether the review by the maxims is given for deal ``i`` (not at Cayenne's nullo)."""
    contracts = getattr(session, "contracts", None)
    return contracts is None or contracts[i].declaration != "nullo"


def _declaration(session: Session, input_fn: Callable[[str], str], out: TextIO, lang: Lang) -> bool:
    """Cayenne: the student names the contract (or, as dealer, leaves it to his partner); False at
    the end of input or on quit."""
    from tutor.cayenne import DECLARATIONS, Contract

    ru = lang == "ru"
    for seat, decision in getattr(session, "calls", ()):
        print(f"  {seat.name} ({session.seating[seat].name(lang)}): {decision.reason.get(lang)}", file=out)
    cayenne = getattr(session, "cayenne")  # noqa: B009 -- a CayenneSession's
    dealer = session.caller == session.dealer  # type: ignore[attr-defined]
    words = "cayenne, second, third, fourth (or S H D C), grand, nullo" + (", pass" if dealer else "")
    print(t("cayenne.table.cayenne_suit", lang, suit=cayenne.symbol), file=out)
    print(", ".join(Contract(cayenne, d, session.dealer).title(lang) for d in DECLARATIONS), file=out)
    print(table_text(session, lang), file=out)
    try:
        line = input_fn(f"Ваша игра ({words})> " if ru else f"Your contract ({words})> ")
    except EOFError:
        return False
    if line.strip().lower() in _QUIT:
        return False
    before = len(getattr(session, "calls", ()))
    try:
        opening = session.declare(line)  # type: ignore[attr-defined]
    except WhistError as exc:
        print(f"error: {exc}", file=out)
        return True
    for seat, decision in getattr(session, "calls", ())[before + 1:]:  # the partner's word after a pass
        print(f"  {seat.name} ({session.seating[seat].name(lang)}): {decision.reason.get(lang)}", file=out)
    contract = getattr(session, "contract", None)
    if contract is not None:
        print(t("cayenne.table.contract_line", lang, contract=contract.title(lang), seat=contract.named_by.label(lang)),
              file=out)
    for rc in opening:
        print(_robot_line(rc, session, lang), file=out)
    return True


def _run_humbug(args: argparse.Namespace, options: SessionOptions) -> int:
    """Humbug (002): the learner against the Humbug robot; ``--deal`` gives the four piles (dealer S or N)."""
    from tutor.commands._humbug import humbug_loop
    from tutor.humbug_session import HumbugSession

    if args.puzzle is not None:
        raise CliError("--puzzle plays out a four-hand deal; Humbug deals its own four piles")
    deal = None
    if args.deal is not None:
        suit, card = parse_trump(args.trump) if args.trump is not None else (None, None)
        deal = Deal.from_pbn(args.deal, dealer=args.dealer or "S", trump_card=card,
                             trump=suit if card is None else None)
    session = HumbugSession(options, deal=deal)
    humbug_loop(session, input_fn=input, out=sys.stderr if args.json else sys.stdout, lang=args.lang,
                max_deals=args.deals)
    if args.json:
        print(json.dumps({"options": {"rules": options.rules, "variant": options.variant.name, "seed": options.seed},
                          "deals": [r.as_json() for r in session.records],
                          "sheets": [s.to_json() for s in session.sheets]}, ensure_ascii=False, indent=2))
    return 0


# -- drawing the table as text --------------------------------------------------------------------
def _hand_lines(hand: Hand, lang: Lang) -> list[str]:
    return [s.symbol + " " + (" ".join(c.rank.display(lang) for c in hand.suit(s)) or "—") for s in Suit]


def table_text(session: Session, lang: Lang = "en") -> str:
    """The table from South's seat: partner on top, opponents at the sides, the trick in the middle."""
    ru = lang == "ru"
    deal = session.deal
    hands = session.visible_hands()

    def who(seat: Seat) -> str:
        p = session.seating[seat]
        tag = ""
        if seat == session.dealer:
            tag = " [сдаёт" if ru else " [dealer"
            card = session.trump_card_on_table
            tag += (f" {card.symbol(lang)}]" if card is not None else "]")
        return f"{seat.label(lang)} ({p.name(lang)}){tag}"

    def count(seat: Seat) -> str:
        h = hands[seat]
        if not isinstance(h, int):
            return ""
        if ru:
            return f"{h} {ru_plural(h, 'карта', 'карты', 'карт')}"
        return f"{h} card{'' if h == 1 else 's'}"

    trump = deal.trump.symbol if deal.trump is not None else ("без козырей" if ru else "no trumps")
    if getattr(session, "contract", False) is None:  # Cayenne before the contract is named
        trump = "ещё не назначен" if ru else "not named yet"
    head = (f"Сдача {session.deal_number} · робер {session.robber} · козырь {trump}" if ru
            else f"Deal {session.deal_number} · rubber {session.robber} · trumps {trump}")
    lines = [head, ("Партнёр: " if ru else "Partner: ") + session.partner.name(lang)]
    pad = " " * 22
    lines.append(pad + who(Seat.N))
    north = hands[Seat.N]
    if isinstance(north, int):
        lines.append(pad + count(Seat.N))
    else:
        lines.extend(pad + ln for ln in _hand_lines(north, lang))
    lines.append(f"{who(Seat.W):<44}{who(Seat.E)}")
    lines.append(f"{count(Seat.W):<44}{count(Seat.E)}")
    trick = session.display_trick()
    if trick is not None:
        label = "Взятка" if ru else "Trick"
        n = len(session.state.tricks) + (1 if session.state.current else 0)
        played = " ".join(f"{s.name}:{c.symbol(lang)}" for s, c in trick.plays())
        lines.append(pad + f"{label} {n}: {played}")
    lines.append(pad + who(Seat.S))
    south = hands[Seat.S]
    assert not isinstance(south, int)  # the student's own hand is always shown
    lines.extend(pad + ln for ln in _hand_lines(south, lang))
    ns, ew = session.state.tricks_won(Side.NS), session.state.tricks_won(Side.EW)
    lines.append(f"Взятки: NS {ns} · EW {ew}" if ru else f"Tricks: NS {ns} · EW {ew}")
    return "\n".join(lines)


def _robot_line(rc: RobotCard, session: Session, lang: Lang) -> str:
    name = session.seating[rc.seat].name(lang)
    return f"  {rc.seat.name} ({name}) {rc.card.symbol(lang)} — {rc.summary(lang)}"


def _flag_line(sc: StudentCard, lang: Lang) -> str:
    ru = lang == "ru"
    why = in_lang(sc.why, lang)
    broken = ", ".join(sc.broken) or sc.verdict
    head = (f"  ! Не по правилам ({broken}): советовали {sc.advised.symbol(lang)}" if ru
            else f"  ! Against the conventions ({broken}): advised {sc.advised.symbol(lang)}")
    return head + (f" ({', '.join(sc.maxims[:1])})" if sc.maxims else "") + (f". {why}" if why else "")


def _report(result: PlayResult, session: Session, out: TextIO, lang: Lang) -> None:
    if result.flag is not None:
        print(_flag_line(result.flag, lang), file=out)
    for rc in result.robots:
        print(_robot_line(rc, session, lang), file=out)


def _end_of_deal(session: Session, out: TextIO, lang: Lang) -> None:
    ru = lang == "ru"
    rec = session.records[-1]
    print(("Сдача окончена: NS {0}, EW {1}." if ru else "Deal over: NS {0}, EW {1}.").format(
        rec.tricks_ns, 13 - rec.tricks_ns), file=out)
    if _reviewable(session, len(session.records) - 1):
        print(session.review(rec).text(lang), file=out)
    print("\n".join(session.sheet.lines(lang)), file=out)
    if session.sheet.is_over:
        print(("Робер окончен; после него — новый жребий партнёров (000 «Сдача и партнерство» 3)." if ru
               else "The rubber is over; partners are drawn again (000 «Сдача и партнерство» 3)."), file=out)


_QUIT = ("quit", "q", "exit", "выход")
_REVIEW = ("review", "разбор")


def _took_back(session: Session, lang: Lang) -> str:
    card = session.undo()
    return f"Взята назад {card.symbol(lang)}." if lang == "ru" else f"Took back {card.symbol(lang)}."


def _claimed(session: Session, lang: Lang) -> str:
    session.claim()
    return "Заявка принята: остальные взятки ваши." if lang == "ru" else "Claim accepted: the rest are yours."


#: The words of the loop other than a card and ``quit``: what each prints, and whether the table
#: is drawn again after it (it changed).
_COMMANDS: dict[str, tuple[Callable[[Session, Lang], str], bool]] = {
    word: (action, redraw)
    for words, action, redraw in (
        (("help", "?", "помощь"), lambda session, lang: _HELP[lang], False),
        (("undo", "назад"), _took_back, True),
        (("claim", "заявка"), _claimed, True),
        (_REVIEW, lambda session, lang: session.review().text(lang), False),
        (("sheet", "запись"), lambda session, lang: "\n".join(session.sheet.lines(lang)), False),
    )
    for word in words
}


def _between_deals(session: Session, input_fn: Callable[[str], str], out: TextIO, lang: Lang) -> bool | None:
    """After a deal: ask for the next one. False: stop (quit or end of input); None: ask again
    (the review was shown); True: the next deal began (its opening robot cards are printed)."""
    ru = lang == "ru"
    try:
        answer = input_fn("Следующая сдача? [Enter / quit] " if ru else "Next deal? [Enter / quit] ")
    except EOFError:
        return False
    if answer.strip().lower() in _QUIT:
        return False
    if answer.strip().lower() in _REVIEW:
        print(session.review().text(lang), file=out)
        return None
    new_robber = session.sheet.is_over
    opening = session.next_deal()
    if new_robber and session.draw is not None:
        print(session.draw.describe(lang), file=out)
        print(("Ваш партнёр теперь: " if ru else "Your partner now: ") + session.partner.name(lang), file=out)
    for rc in opening:
        print(_robot_line(rc, session, lang), file=out)
    return True


def play_loop(session: Session, *, input_fn: Callable[[str], str], out: TextIO, lang: Lang = "en",
              max_deals: int = 0) -> None:
    """Read commands until ``quit`` (or end of input, or ``max_deals`` finished deals)."""
    ru = lang == "ru"
    if session.draw is not None:
        print(session.draw.describe(lang), file=out)
    print(_HELP[lang], file=out)
    for rc in session.opening_robot_cards:
        print(_robot_line(rc, session, lang), file=out)
    show_table = True
    while True:
        if session.finished:
            if max_deals and len(session.records) >= max_deals:
                return
            went_on = _between_deals(session, input_fn, out, lang)
            if went_on is False:
                return
            show_table = show_table or bool(went_on)
            continue
        if getattr(session, "awaiting_declaration", False):  # Cayenne: the contract first
            if not _declaration(session, input_fn, out, lang):
                return
            show_table = True
            continue
        if show_table:
            print(table_text(session, lang), file=out)
        show_table = False
        seat = session.state.to_play
        legal = " ".join(c.symbol(lang) for c in session.legal_cards())
        prompt = (f"{seat.name} ходит ({legal})> " if ru else f"{seat.name} to play ({legal})> ")
        try:
            line = input_fn(prompt)
        except EOFError:
            return
        cmd = line.strip()
        low = cmd.lower()
        try:
            if not cmd:
                continue
            if low in _QUIT:
                return
            if low in _COMMANDS:
                action, redraw = _COMMANDS[low]
                print(action(session, lang), file=out)
                show_table = redraw
            else:
                _report(session.play(cmd), session, out, lang)
                show_table = True
        except WhistError as exc:
            print(f"error: {exc}", file=out)
            continue
        if session.finished:
            _end_of_deal(session, out, lang)
