"""A club evening at the Play page: the learner and three to five robots at one table, by 003's rules.

The evening is :class:`tutor.club.ClubEvening` (the draw with the ace low, the four highest
playing, partners and the deal by the four's second draw, the waiting players coming in for the
lowest results after each game, one point a trick over six); this module seats the learner in it:

* when the learner is at the table, the game is his to play: a :class:`ClubTableSession` -- an
  ordinary :class:`tutor.session.Session` whose seats and first dealer are the table's draw, turned
  so that the learner sits South (partners stay opposite, the order of play is kept), scored under
  the ``simple`` rule set (003 «За каждую заказанную взятку (т. е. взятку сверх шести) выигравшей
  стороне начисляется одно очко»; the game to five of 001). Its deals pass to the left; its sheet
  ends with the game.
* when the learner waits (his card was among the lowest in the first draw, or his result among the
  lowest of the last game), the four robots play the game and the learner sees it scored.

After each game :meth:`ClubSession.finish_game` (or :meth:`ClubSession.watch_game`) writes the
results on the evening, rotates the waiting players in (003 «После каждой игры свободные игроки
занимают места действующих игроков с наиболее низкими результатами») and the four at the table
draw again for partners and the deal; the learner's next game starts at once if he plays.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType

from tutor.club import CLUB_RULES, MAX_PLAYERS, MIN_PLAYERS, ClubError, ClubEvening, ClubGame, TableDraw
from tutor.cut import LEARNER, PLAYER_NAMES
from tutor.deal import Deal
from tutor.i18n import t
from tutor.records import Player
from tutor.robots import RobotCard
from tutor.scoring import ScoreSheet
from tutor.seats import Seat
from tutor.session import STUDENT, Session, SessionError, SessionOptions
from tutor.variants import CLASSIC

__all__ = ["ClubSession", "ClubTableSession", "Rotation", "club_player", "turned"]


def club_player(name: str) -> Player:
    """The player of a club name: the learner is the session's student; a robot has its name in
    both languages (the locale's ``club.player.*``)."""
    if name == LEARNER:
        return STUDENT
    if name not in PLAYER_NAMES:
        raise ClubError(f"unknown club player {name!r}")
    return Player(name.lower(), t(f"club.player.{name}", "en"), t(f"club.player.{name}", "ru"))


def turned(seats: Mapping[Seat, str], player: str) -> dict[Seat, str]:
    """The same table seen from ``player``'s chair: every seat turned so that he sits South (his
    partner stays opposite him, the player on his left stays on his left).

    >>> turned({Seat.N: "Anna", Seat.E: "Boris", Seat.S: "Vera", Seat.W: "You"}, "You")[Seat.N]
    'Boris'
    """
    mine = next(s for s, p in seats.items() if p == player)
    shift = (Seat.S - mine) % 4
    return {Seat((s + shift) % 4): p for s, p in seats.items()}


class ClubTableSession(Session):
    """One club game played by the learner: a :class:`Session` seated by the table's draw (no draw
    of its own), scored under ``simple``; its sheet is the game, and the evening takes over when it
    ends (:meth:`next_deal` refuses to start a new one)."""

    def __init__(self, options: SessionOptions, seats: Mapping[Seat, str], dealer: Seat, game: int = 1) -> None:
        if seats.get(Seat.S) != LEARNER:
            raise ClubError("the learner sits South at his club table")
        self.club_game = game  #: the game's number in the evening
        self._club_seats = MappingProxyType(dict(seats))
        self._club_dealer = dealer
        super().__init__(options)

    def _start_robber(self) -> None:
        self.robber += 1
        self.sheets.append(ScoreSheet(self.options.rules))
        self.draw = None
        self.seating = {s: club_player(p) for s, p in self._club_seats.items()}
        self._first_dealer = self._club_dealer

    @property
    def game_over(self) -> bool:
        """The deal is over and it ended the game (the sheet is closed)."""
        return self.finished and self.sheet.is_over

    def next_deal(self, deal: Deal | None = None) -> tuple[RobotCard, ...]:
        if self.game_over:
            raise SessionError("the game is over: the club rotates and the next game is drawn")
        return super().next_deal(deal)


@dataclass(frozen=True)
class Rotation:
    """What changed at the table after a game: who gave up his place, who came in."""

    game: ClubGame
    left: tuple[str, ...]
    came: tuple[str, ...]


class ClubSession:
    """A club evening of ``players`` (4 to 6: the learner and robots), game after game.

    ``options`` are the Play page's (the robots' strength and sampling, the flag mode, the seed);
    the rule set is always the club's (``simple``) and the table the ordinary one.
    """

    def __init__(self, players: int = MIN_PLAYERS, options: SessionOptions | None = None) -> None:
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ClubError(f"a club table is for {MIN_PLAYERS} to {MAX_PLAYERS} players (003), not {players}")
        self.options = replace(options or SessionOptions(), rules=CLUB_RULES, variant=CLASSIC)
        self.evening = ClubEvening(PLAYER_NAMES[:players], seed=self.options.seed)
        self.session: ClubTableSession | None = None
        self.rotations: list[Rotation] = []
        self._start()

    def __repr__(self) -> str:
        return f"ClubSession({len(self.evening.players)}, {self.options!r})"

    # -- what the page shows -------------------------------------------------------------------
    @property
    def table(self) -> TableDraw:
        """The current table's draw (partners, the chooser, its seats as drawn)."""
        return self.evening.table

    @property
    def learner_plays(self) -> bool:
        return LEARNER in self.table.seats.values()

    @property
    def seats(self) -> dict[Seat, str]:
        """Who sits where now, turned so that the learner sits South when he plays."""
        seats = dict(self.table.seats)
        return turned(seats, LEARNER) if self.learner_plays else seats

    @property
    def dealer(self) -> Seat:
        """The first dealer of the current game (the lowest card of the table's draw)."""
        return next(s for s, p in self.seats.items() if p == self.table.chooser)

    @property
    def game_number(self) -> int:
        return len(self.evening.games) + 1

    @property
    def game_over(self) -> bool:
        """The learner's game is over: the evening's next game waits for :meth:`finish_game`."""
        return self.session is not None and self.session.game_over

    def standings(self) -> list[tuple[str, int, int]]:
        """The evening's table: (player, points so far, games played), highest first."""
        return self.evening.standings()

    # -- actions -------------------------------------------------------------------------------
    def _start(self) -> None:
        if not self.learner_plays:
            self.session = None
            return
        options = replace(self.options, seed=self.options.seed * 100 + self.game_number)
        self.session = ClubTableSession(options, self.seats, self.dealer, self.game_number)

    def _rotate(self, game: ClubGame) -> Rotation:
        left = self.evening.leaving(game)
        came = self.evening.waiting
        self.evening.rotate()
        rotation = Rotation(game, left, came)
        self.rotations.append(rotation)
        self._start()
        return rotation

    def finish_game(self) -> Rotation:
        """The learner's game is over: its results go on the evening, the waiting players come in for
        the lowest results, the four draw again, and the next game begins."""
        session = self.session
        if session is None or not session.game_over:
            raise SessionError("finish this game first")
        tricks = [(r.tricks_ns, 13 - r.tricks_ns) for r in session.records]
        game = self.evening.record_game(session.sheet, tricks, self.seats)
        return self._rotate(game)

    def watch_game(self) -> Rotation:
        """The learner waits: the four robots at the table play the game, and the evening rotates."""
        if self.learner_plays:
            raise SessionError("you play this game: it is not the robots' alone")
        return self._rotate(self.evening.play_game())
