"""The club table of 003 (Раздел 5. Вист): up to six at one table of four, the draw, the rotation.

003's rules, each where it is applied:

* «Четыре игрока, взявшие из колоды самые старшие (в номинале) карты, получают право первыми вступить
  в игру» and «При жеребьевке туз считается младшей картой»: :func:`draw_club` -- every player draws
  from the spread pack, the ace counting lowest (:func:`draw_rank`); the four highest play, the rest wait.
* «Эти игроки вновь проводят жеребьевку, определяя партнеров и право сдавать карты ... Участники,
  взявшие карты [старшие], играют в качестве партнеров против игроков, которым достались младшие
  карты. Право выбора колоды и мест остается за младшей картой»: :func:`draw_table` -- the two high
  cards against the two low, the lowest chooses the pack and the seats. 003 does not say who deals;
  000 («Сдача и партнерство» 6: «Первым сдает тот, кто выбирает место: тот, у кого самая младшая
  карта») does: the lowest card deals first.
* «После каждой игры свободные игроки занимают места действующих игроков с наиболее низкими
  результатами»: :meth:`ClubEvening.rotate` -- the results of the game just played decide (the
  losing pair has the lower); among equal results the lower evening total leaves, then the lower
  card of the table's draw.
* «За каждую заказанную взятку (т. е. взятку сверх шести) выигравшей стороне начисляется одно очко»:
  the games are scored under the ``simple`` rule set (a point a trick over six, game at five, 001).

A tie in the draw where it decides something (who plays, who partners whom) is drawn again, the
usual practice (the seeds are silent); every round is kept, so the draw can be shown card by card.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from tutor.cards import CARDS, Card
from tutor.cut import CLUB_TABLE, PLAYER_NAMES, cut_rank
from tutor.deal import Deal
from tutor.errors import WhistError
from tutor.play import PlayState
from tutor.robots import Robot
from tutor.scoring import ScoreSheet
from tutor.seats import Seat, Side
from tutor.standing import Standing
from tutor.vocab import RuleSetName

__all__ = ["ClubError", "Drawn", "TableDraw", "ClubDraw", "ClubGame", "ClubEvening", "draw_rank", "draw_club",
           "draw_table", "MIN_PLAYERS", "MAX_PLAYERS", "CLUB_RULES", "DEFAULT_NAMES"]

MIN_PLAYERS, MAX_PLAYERS = CLUB_TABLE
#: 003 «Подсчет очков»: one point a trick over six; the game to five of 001.
CLUB_RULES: RuleSetName = "simple"
DEFAULT_NAMES: tuple[str, ...] = PLAYER_NAMES


class ClubError(WhistError):
    """A club table that 003 does not allow (fewer than four or more than six players, …)."""


def draw_rank(card: Card) -> int:
    """A card's rank in the draw: 003 «При жеребьевке туз считается младшей картой» -- the ace is 1
    (the club custom of :func:`tutor.cut.cut_rank`)."""
    return cut_rank(card, "club")


@dataclass(frozen=True)
class Drawn:
    """One card drawn by one player."""

    player: str
    card: Card

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "card": str(self.card), "rank": draw_rank(self.card)}


def _draw_round(rng: random.Random, players: Sequence[str]) -> tuple[Drawn, ...]:
    return tuple(Drawn(p, c) for p, c in zip(players, rng.sample(CARDS, len(players))))


def _order(drawn: Sequence[Drawn]) -> list[Drawn]:
    """From the highest card in the draw to the lowest (the ace lowest)."""
    return sorted(drawn, key=lambda d: draw_rank(d.card), reverse=True)


@dataclass(frozen=True)
class TableDraw:
    """The four's draw for partners and the deal (003 «Жеребьевка»; the dealer by 000)."""

    rounds: tuple[tuple[Drawn, ...], ...]
    high: tuple[str, str]  #: the two higher cards: partners
    low: tuple[str, str]  #: the two lower cards: partners; ``low[1]`` is the lowest card
    seats: Mapping[Seat, str]

    @property
    def chooser(self) -> str:
        """The lowest card: chooses the pack and the seats (003), deals first (000)."""
        return self.low[1]

    @property
    def dealer(self) -> Seat:
        return next(s for s, p in self.seats.items() if p == self.chooser)

    def to_json(self) -> dict[str, Any]:
        return {"rounds": [[d.to_json() for d in r] for r in self.rounds],
                "partners": [list(self.high), list(self.low)], "chooses": self.chooser,
                "dealer": self.chooser, "seats": {s.name: p for s, p in self.seats.items()}}


def draw_table(rng: random.Random, four: Sequence[str]) -> TableDraw:
    """The four draw again: the two high cards partner each other against the two low (003)."""
    if len(four) != 4 or len(set(four)) != 4:
        raise ClubError(f"a table is four different players, not {list(four)}")
    rounds: list[tuple[Drawn, ...]] = []
    while True:
        drawn = _draw_round(rng, four)
        rounds.append(drawn)
        if len({draw_rank(d.card) for d in drawn}) == 4:
            break
    o = _order(rounds[-1])
    high = (o[0].player, o[1].player)
    low = (o[2].player, o[3].player)
    # The lowest chooses: he takes South, his partner North, the higher of the other pair on his left.
    seats = {Seat.S: low[1], Seat.N: low[0], Seat.W: high[0], Seat.E: high[1]}
    return TableDraw(tuple(rounds), high, low, MappingProxyType(seats))


@dataclass(frozen=True)
class ClubDraw:
    """The evening's first draw: who plays and who waits, then the four's draw."""

    players: tuple[str, ...]
    rounds: tuple[tuple[Drawn, ...], ...]
    playing: tuple[str, ...]
    waiting: tuple[str, ...]
    table: TableDraw

    def to_json(self) -> dict[str, Any]:
        return {"players": list(self.players), "ace": "low",
                "rounds": [[d.to_json() for d in r] for r in self.rounds],
                "playing": list(self.playing), "waiting": list(self.waiting), "table": self.table.to_json()}


def _check_players(players: Sequence[str]) -> tuple[str, ...]:
    names = tuple(str(p).strip() for p in players)
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise ClubError(f"a club table is for 4 to 6 players (003), not {len(names)}")
    if len(set(names)) != len(names) or not all(names):
        raise ClubError("every player needs a name of his own")
    return names


def draw_club(rng: random.Random, players: Sequence[str]) -> ClubDraw:
    """Everyone draws (the ace low); the four highest play, the others wait (003 «Число игроков»)."""
    names = _check_players(players)
    rounds: list[tuple[Drawn, ...]] = []
    while True:
        drawn = _draw_round(rng, names)
        rounds.append(drawn)
        o = _order(drawn)
        if len(names) == 4 or draw_rank(o[3].card) != draw_rank(o[4].card):
            break  # the cut between the fourth and fifth card is clear
    o = _order(rounds[-1])
    playing = tuple(d.player for d in o[:4])
    waiting = tuple(d.player for d in o[4:])
    return ClubDraw(names, tuple(rounds), playing, waiting, draw_table(rng, playing))


@dataclass(frozen=True)
class ClubGame:
    """One game of the evening: who sat where, the deals, each player's result (his side's points)."""

    number: int
    table: TableDraw
    deals: int
    tricks: tuple[tuple[int, int], ...]  #: (NS, EW) tricks of each deal
    points: Mapping[Side, int]
    winner: Side
    results: Mapping[str, int]

    def to_json(self) -> dict[str, Any]:
        return {"number": self.number, "table": self.table.to_json(), "deals": self.deals,
                "tricks": [{"NS": a, "EW": b} for a, b in self.tricks],
                "points": {s.value: v for s, v in self.points.items()}, "winner": self.winner.value,
                "results": dict(self.results)}


@dataclass
class ClubEvening:
    """A club evening: the first draw, then game after game with the waiting players rotating in.

    The games are played by robots (classic, from their own seats) at every seat; ``seed`` makes the
    evening reproducible."""

    players: Sequence[str]
    seed: int = 0
    draw: ClubDraw = field(init=False)
    games: list[ClubGame] = field(default_factory=list, init=False)
    totals: dict[str, int] = field(init=False)
    waiting: tuple[str, ...] = field(init=False)
    table: TableDraw = field(init=False)

    def __post_init__(self) -> None:
        self._rng = random.Random(self.seed)
        self.draw = draw_club(self._rng, self.players)
        self.players = self.draw.players
        self.totals = dict.fromkeys(self.draw.players, 0)
        self.waiting = self.draw.waiting
        self.table = self.draw.table

    def play_game(self) -> ClubGame:
        """The four at the table play one game (to five under ``simple``), robots at every seat; the
        deal passes left."""
        sheet = ScoreSheet(CLUB_RULES)
        dealer = self.table.dealer
        tricks: list[tuple[int, int]] = []
        n = len(self.games) + 1
        while not sheet.is_over:
            deal = Deal.random(self._rng.randrange(2**32), dealer=dealer)
            robots = {s: Robot(s, samples=0, seed=self.seed * 100 + n, rules=CLUB_RULES) for s in Seat}
            state = PlayState(deal)
            while not state.is_over:
                state.play(robots[state.to_play].choose(state, Standing.of_sides(sheet.standing)).card)
            ns = state.tricks_won(Side.NS)
            sheet.score(deal, ns)
            tricks.append((ns, 13 - ns))
            dealer = dealer.lho
        return self.record_game(sheet, tricks, self.table.seats)

    def record_game(self, sheet: ScoreSheet, tricks: Sequence[tuple[int, int]],
                    seats: Mapping[Seat, str]) -> ClubGame:
        """Write a finished game of the current table on the evening: each player's result is his
        side's points on the game's sheet (``seats``: who sat where -- the table's draw, or the same
        table turned so that the learner sits South)."""
        if not sheet.is_over:
            raise ClubError("the game is not over yet")
        if set(seats.values()) != set(self.table.seats.values()):
            raise ClubError("the game was not played by the players at the table")
        winner = sheet.winner
        assert winner is not None  # the sheet is over
        points = dict(sheet.totals)
        results = {p: points[s.side] for s, p in seats.items()}
        for p, v in results.items():
            self.totals[p] += v
        game = ClubGame(len(self.games) + 1, self.table, len(tricks), tuple(tricks), MappingProxyType(points),
                        winner, MappingProxyType(results))
        self.games.append(game)
        return game

    def leaving(self, game: ClubGame) -> tuple[str, ...]:
        """Who gives up his place after ``game`` (003): as many as wait, the lowest results first
        (the game's result, then the evening's total, then the lower card of the table's draw)."""
        if not self.waiting:
            return ()
        card = {d.player: draw_rank(d.card) for d in game.table.rounds[-1]}
        order = sorted(game.results, key=lambda p: (game.results[p], self.totals[p], card[p]))
        return tuple(order[: len(self.waiting)])

    def rotate(self) -> TableDraw:
        """After the last game: the waiting players take the places of the lowest results, and the
        four draw again for partners and the deal."""
        if not self.games:
            raise ClubError("no game has been played yet")
        out = self.leaving(self.games[-1])
        staying = [p for p in self.table.seats.values() if p not in out]
        four = [p for p in self.draw.players if p in staying or p in self.waiting]
        self.waiting = tuple(p for p in self.draw.players if p in out)
        self.table = draw_table(self._rng, four)
        return self.table

    def standings(self) -> list[tuple[str, int, int]]:
        """The evening's table: (player, points so far, games played), highest first."""
        played = {p: sum(1 for g in self.games if p in g.results) for p in self.totals}
        return sorted(((p, v, played[p]) for p, v in self.totals.items()), key=lambda r: (-r[1], r[0]))

    def to_json(self) -> dict[str, Any]:
        return {"draw": self.draw.to_json(), "games": [g.to_json() for g in self.games],
                "waiting": list(self.waiting),
                "standings": [{"player": p, "points": v, "games": g} for p, v, g in self.standings()]}
