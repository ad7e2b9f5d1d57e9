"""Humbug at the terminal (``play-deal --variant humbug``) and robot against robot (``autoplay
--variant humbug``): the same :class:`tutor.humbug_session.HumbugSession` and robot rules as the
Play page.

At the terminal: the learner's pile is shown; type ``keep`` or ``exchange`` (``оставить``,
``сменить``), then cards (``SK``, ``♠K``); ``undo``, ``sheet``, ``quit``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TextIO

from tutor.cards import Hand, Suit
from tutor.deal import Deal
from tutor.errors import WhistError
from tutor.humbug import PLAYERS, HumbugGame, score_humbug
from tutor.humbug_robot import choose_card, decide_exchange
from tutor.humbug_session import HumbugSession
from tutor.seats import Seat
from tutor.variants import Variant
from tutor.vocab import Lang, RuleSetName

__all__ = ["humbug_loop", "humbug_autoplay", "humbug_text"]

_HELP = {
    "en": "Humbug: type keep or exchange, then a card (SK, ♠K); or undo, sheet, help, quit.",
    "ru": "Хамбаг: введите keep (оставить) или exchange (сменить), затем карту (SK, ♠К); или undo, sheet, help, quit.",
}
_WORDS = {"keep": "keep", "оставить": "keep", "exchange": "exchange", "change": "exchange", "сменить": "exchange"}
_QUIT = ("quit", "q", "exit", "выход")


def _hand_line(hand: Hand, lang: Lang) -> str:
    return "  ".join(s.symbol + " " + (" ".join(c.rank.display(lang) for c in hand.suit(s)) or "—") for s in Suit)


def humbug_text(session: HumbugSession, lang: Lang = "en") -> str:
    """The Humbug table as text: the deal, the trump, the decisions, the trick, the learner's cards."""
    ru = lang == "ru"
    game = session.game
    trump = game.trump.symbol if game.trump is not None else ("без козырей, онеры — тузы" if ru else "no trumps, aces are honours")
    dealer = session.dealer.label(lang)
    lines = [(f"Хамбаг · сдача {session.deal_number} · сдаёт {dealer} · козыри {trump}" if ru
              else f"Humbug · deal {session.deal_number} · dealer {dealer} · trumps {trump}")]
    if game.deal.trump_card is not None and game.trump_card_kept is not False:
        lines.append(f"Открытая карта сдающего: {game.deal.trump_card.symbol(lang)}" if ru
                      else f"The dealer's turned-up card: {game.deal.trump_card.symbol(lang)}")
    robot = session.robot_decision()
    if robot is not None:
        lines.append(("Север: " if ru else "North: ") + robot.reason.get(lang))
    if game.current:
        lines.append(f"Север пошёл {game.current[0].symbol(lang)}" if ru else f"North led {game.current[0].symbol(lang)}")
    if game.in_play or game.is_over:
        s, n = game.tricks_won(Seat.S), game.tricks_won(Seat.N)
        lines.append(f"Взятки: вы {s}, Север {n}" if ru else f"Tricks: you {s}, North {n}")
    lines.append(("Ваша купка: " if session.awaiting_decision and ru else "Your pile: " if session.awaiting_decision
                  else "Ваши карты: " if ru else "Your cards: ") + _hand_line(session.hand(), lang))
    return "\n".join(lines)


def humbug_loop(session: HumbugSession, *, input_fn: Callable[[str], str], out: TextIO, lang: Lang = "en",
                max_deals: int = 0) -> None:
    """Read the learner's decisions and cards until ``quit``, the end of input or ``max_deals`` deals."""
    ru = lang == "ru"
    print(_HELP[lang], file=out)
    for rc in session.opening_robot_cards:
        print(f"  N {rc.card.symbol(lang)} — {rc.reason.get(lang)}", file=out)
    show = True
    while True:
        if session.finished:
            rec = session.records[-1]
            print((f"Сдача окончена: у вас {rec.won[Seat.S]}, у Севера {rec.won[Seat.N]}." if ru
                   else f"Deal over: you {rec.won[Seat.S]}, North {rec.won[Seat.N]}."), file=out)
            print(("Взятки: " if ru else "Tricks: ") + rec.history, file=out)
            print("\n".join(session.sheet.lines(lang)), file=out)
            if max_deals and len(session.records) >= max_deals:
                return
            try:
                answer = input_fn("Следующая сдача? [Enter / quit] " if ru else "Next deal? [Enter / quit] ")
            except EOFError:
                return
            if answer.strip().lower() in _QUIT:
                return
            for rc in session.next_deal():
                print(f"  N {rc.card.symbol(lang)} — {rc.reason.get(lang)}", file=out)
            show = True
            continue
        if show:
            print(humbug_text(session, lang), file=out)
        show = False
        if session.awaiting_decision:
            prompt = "keep / exchange> " if not ru else "оставить / сменить> "
        else:
            legal = " ".join(c.symbol(lang) for c in session.legal_cards())
            prompt = f"ваш ход ({legal})> " if ru else f"your card ({legal})> "
        try:
            line = input_fn(prompt)
        except EOFError:
            return
        cmd = line.strip().lower()
        if not cmd:
            continue
        if cmd in _QUIT:
            return
        try:
            if cmd in ("help", "?", "помощь"):
                print(_HELP[lang], file=out)
            elif cmd in ("sheet", "запись"):
                print("\n".join(session.sheet.lines(lang)), file=out)
            elif cmd in ("undo", "назад"):
                card = session.undo()
                print(f"Взята назад {card.symbol(lang)}." if ru else f"Took back {card.symbol(lang)}.", file=out)
                show = True
            elif cmd in _WORDS:
                result = session.decide(_WORDS[cmd])
                for rc in result.robots:
                    print(f"  N {rc.card.symbol(lang)} — {rc.reason.get(lang)}", file=out)
                show = True
            else:
                result = session.play(line.strip())
                if result.move is not None and not result.move.as_rule:
                    rc = result.move.rule_card
                    print(("  (правило робота: " if ru else "  (the robot's rule: ")
                          + f"{rc.card.symbol(lang)} — {rc.reason.get(lang)})", file=out)
                for rc in result.robots:
                    print(f"  N {rc.card.symbol(lang)} — {rc.reason.get(lang)}", file=out)
                show = True
        except WhistError as exc:
            print(f"error: {exc}", file=out)


def humbug_autoplay(seed: int, deals: int, *, variant: Variant, rules: RuleSetName = "russian",
                    progress: Callable[[int, int], None] | None = None) -> list[dict[str, Any]]:
    """Two Humbug robots play ``deals`` deals (deal i from seed + i, the deal alternating S, N).

    Each deal: ``{"deal": piles (PBN), "dealer", "trump", "trump_card", "decisions": {"S": {"choice",
    "rule", "own", "pile"}, "N": …}, "hands": {"S": PBN, "N": PBN} (the hands played), "history":
    "S: SA S3 / N: H4 HK / …" (each trick's leader and two cards), "cards": [{"seat", "card", "rule"}],
    "tricks": {"S", "N"}, "score": the deal's score (NS = South, EW = North)}``."""
    out: list[dict[str, Any]] = []
    for i in range(deals):
        deal = variant.adapt(Deal.random(seed + i, dealer=PLAYERS[i % 2]))
        game = HumbugGame(deal)
        decisions: dict[str, dict[str, Any]] = {}
        while game.to_decide is not None:
            d = decide_exchange(game.view(game.to_decide))
            game.decide(d.seat, d.choice)
            decisions[d.seat.name] = {"choice": d.choice, "rule": d.rule, "own": d.own, "pile": d.pile}
        cards: list[dict[str, str]] = []
        while not game.is_over:
            rc = choose_card(game.view(game.to_play))
            game.play(rc.card)
            cards.append(rc.as_json())
        won = {s: game.tricks_won(s) for s in PLAYERS}
        score = score_humbug(game.hands, won, deal.trump, rules)
        out.append({
            "deal": deal.pbn(), "dealer": deal.dealer.name, "trump": "NT" if deal.trump is None else deal.trump.name,
            "trump_card": None if deal.trump_card is None else str(deal.trump_card),
            "decisions": decisions,
            "hands": {s.name: game.hands[s].pbn() for s in PLAYERS},
            "history": " / ".join(f"{t.leader.name}: " + " ".join(str(c) for c in t.cards) for t in game.tricks),
            "cards": cards,
            "tricks": {s.name: n for s, n in won.items()},
            "score": score.to_json(),
        })
        if progress is not None:
            progress(i + 1, deals)
    return out
