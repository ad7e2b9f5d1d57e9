"""``python -m tutor draw``: the club draw of 003, card by card, and (``--games K``) a club evening.

    python -m tutor draw --players 4..6 [--seed S] [--games 0..20] [--lang ru] [--json]

Every player draws (the ace is the LOWEST card in the draw, 003 «Жеребьевка»); the four highest
play, the others wait; the four draw again: the two high cards against the two low, the lowest
chooses the pack and the seats and deals first. With ``--games K`` robots play K games of the
evening (a point a trick over six, game at five), the waiting players taking the places of the
lowest results after each game. JSON: ``{"players", "ace": "low", "rounds": [[{"player", "card",
"rank"}]], "playing", "waiting", "table": {"rounds", "partners", "chooses", "dealer", "seats"}}``,
and with ``--games`` ``{"draw": …, "games": [{"number", "table", "deals", "tricks", "points",
"winner", "results"}], "waiting", "standings": [{"player", "points", "games"}]}``.
"""

from __future__ import annotations

import argparse
import random

from tutor.club import DEFAULT_NAMES, MAX_PLAYERS, MIN_PLAYERS, ClubDraw, ClubEvening, TableDraw, draw_club
from tutor.commands._args import MAX_SEED, add_json_flag, bounded_int, emit, lang_type, seed_type
from tutor.vocab import LANGS, Lang

__all__ = ["register", "run", "draw_text"]

#: A club evening of robots: each game is a few whole deals (about a second each here).
MAX_GAMES = 20
_RU_NAMES = {"You": "Вы", "Anna": "Анна", "Boris": "Борис", "Vera": "Вера", "Gleb": "Глеб", "Dina": "Дина"}


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("draw", help="the club draw of 003 (the ace low) and a club evening",
                       description=__doc__.splitlines()[0])
    p.add_argument("--players", type=bounded_int(MIN_PLAYERS, MAX_PLAYERS), default=4,
                   help=f"players at the table, {MIN_PLAYERS} to {MAX_PLAYERS}")
    p.add_argument("--seed", type=seed_type, default=0, help=f"seed of the draw (0 to {MAX_SEED})")
    p.add_argument("--games", type=bounded_int(0, MAX_GAMES), default=0,
                   help=f"games of the evening the robots play, 0 to {MAX_GAMES}")
    p.add_argument("--lang", default="en", type=lang_type, choices=LANGS)
    add_json_flag(p)
    p.set_defaults(func=run)


def _name(player: str, lang: Lang) -> str:
    return _RU_NAMES.get(player, player) if lang == "ru" else player


def _table_lines(table: TableDraw, lang: Lang) -> list[str]:
    ru = lang == "ru"
    lines = []
    for i, rnd in enumerate(table.rounds, 1):
        cards = ", ".join(f"{_name(d.player, lang)} {d.card.symbol(lang)}" for d in rnd)
        lines.append((f"  жребий за столом {i}: " if ru else f"  table draw {i}: ") + cards)
    hi = " + ".join(_name(p, lang) for p in table.high)
    lo = " + ".join(_name(p, lang) for p in table.low)
    seats = ", ".join(f"{s.label(lang)} {_name(p, lang)}" for s, p in table.seats.items())
    lines.append((f"  старшие карты {hi} против младших {lo}; {_name(table.chooser, lang)} (младшая карта) "
                  f"выбирает колоду и места и сдаёт первым; места: {seats}") if ru else
                 (f"  high cards {hi} against low cards {lo}; {_name(table.chooser, lang)} (the lowest) chooses "
                  f"the pack and the seats and deals first; seats: {seats}"))
    return lines


def draw_text(draw: ClubDraw, lang: Lang = "en") -> str:
    """The draw card by card, in words."""
    ru = lang == "ru"
    lines = ["Жребий (туз — младшая карта):" if ru else "The draw (the ace is the lowest card):"]
    for i, rnd in enumerate(draw.rounds, 1):
        lines.append(f"  {i}: " + ", ".join(f"{_name(d.player, lang)} {d.card.symbol(lang)}" for d in rnd))
    lines.append(("Играют: " if ru else "Playing: ") + ", ".join(_name(p, lang) for p in draw.playing))
    if draw.waiting:
        lines.append(("Ждут: " if ru else "Waiting: ") + ", ".join(_name(p, lang) for p in draw.waiting))
    lines.extend(_table_lines(draw.table, lang))
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    players = DEFAULT_NAMES[: args.players]
    if not args.games:
        draw = draw_club(random.Random(args.seed), players)
        emit(args, draw.to_json(), draw_text(draw, args.lang))
        return 0
    evening = ClubEvening(players, seed=args.seed)
    ru = args.lang == "ru"
    lines = [draw_text(evening.draw, args.lang)]
    for g in range(args.games):
        if g:
            lines.extend(_table_lines(evening.rotate(), args.lang))
        game = evening.play_game()
        res = ", ".join(f"{_name(p, args.lang)} {v}" for p, v in game.results.items())
        lines.append(f"Игра {game.number}: сдач {game.deals}, выиграли {game.winner.value}; {res}" if ru else
                      f"Game {game.number}: deals {game.deals}, won by {game.winner.value}; {res}")
    lines.append("Таблица вечера:" if ru else "The evening's table:")
    lines.extend(f"  {_name(p, args.lang):<8} {v:>3}  ({n} {'игр' if ru else 'games'})" for p, v, n in evening.standings())
    emit(args, evening.to_json(), "\n".join(lines))
    return 0
