"""The score of the game in progress, as every player at the table knows it.

Each side's points below the line before the deal -- the standing -- is public: it is written on
the score sheet for all four to see, and the classical books change the play by it ("playing to
the score", Cavendish ch. 35; old Hoyle's rules at "eight" and "nine"; Clay's "the adversaries
are four"). So it belongs to what a seat sees (:class:`tutor.seatview.SeatView` carries one),
parsed once at the edge: ``NS=4,EW=2``, a side not named standing at 0.

What the standing means for a deal depends on the rule set: :meth:`Standing.odd_tricks_to_game`
counts the tricks over six a side still needs to reach the game by tricks alone (honours aside:
they are unknown until the deal is over, and 000 scores them above the line).

>>> s = Standing.parse("NS=4,EW=2")
>>> s.of(Side.NS), str(s), s
(4, 'NS=4,EW=2', Standing.parse('NS=4,EW=2'))
>>> s.odd_tricks_to_game(Side.NS, "english-short"), s.odd_tricks_to_game(Side.EW, "english-short")
(1, 3)
>>> Standing(3, 0).honours_can_win(Side.NS, "english-short"), s.honours_can_win(Side.NS, "english-short")
(True, False)
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from tutor.errors import WhistError
from tutor.rulesets import find_ruleset
from tutor.seats import Side, parse_side
from tutor.vocab import RuleSetName

__all__ = ["Standing", "StandingError"]

#: A standing above this is no score of a game in progress under any rule set the tutor knows.
MAX_POINTS = 99


class StandingError(WhistError):
    """A standing that cannot be read: not ``NS=4,EW=2``, a side named twice, a negative score."""


@dataclass(frozen=True)
class Standing:
    """Each side's points below the line of the game in progress, before the deal."""

    ns: int = 0
    ew: int = 0

    def __post_init__(self) -> None:
        for side, points in ((Side.NS, self.ns), (Side.EW, self.ew)):
            if isinstance(points, bool) or not isinstance(points, int):
                raise StandingError(f"{side.value}'s standing must be a whole number, not {points!r}")
            if points < 0:
                raise StandingError("a standing score cannot be negative")
            if points > MAX_POINTS:
                raise StandingError(f"{side.value}'s standing {points} is no score of a game in progress")

    @classmethod
    def parse(cls, text: str) -> Standing:
        """Read ``NS=4,EW=2`` (or ``NS:4 EW:2``; a side not named stands at 0)."""
        out = {Side.NS: 0, Side.EW: 0}
        named: set[Side] = set()
        for part in [p for p in re.split(r"[,\s;]+", text.strip()) if p]:
            m = re.fullmatch(r"([A-Za-z]{2})\s*[=:]\s*(\d{1,3})", part)
            if not m:
                raise StandingError(f"not a standing score: {part!r} (write NS=4,EW=2)")
            try:
                side = parse_side(m.group(1))
            except WhistError as e:
                raise StandingError(f"not a standing score: {part!r} ({e})") from None
            if side in named:
                raise StandingError(f"the standing names {side.value} twice: {text!r}")
            named.add(side)
            out[side] = int(m.group(2))
        return cls(out[Side.NS], out[Side.EW])

    @classmethod
    def of_sides(cls, points: Mapping[Side, int] | Mapping[str, int] | Mapping[Side | str, int]) -> Standing:
        """From a mapping of sides (or their names) to points, as a score sheet keeps them."""
        out = {Side.NS: 0, Side.EW: 0}
        for key, value in points.items():
            out[parse_side(key) if isinstance(key, str) else key] = value
        return cls(out[Side.NS], out[Side.EW])

    def __str__(self) -> str:
        return f"NS={self.ns},EW={self.ew}"

    def __repr__(self) -> str:
        return f"Standing.parse({str(self)!r})"

    def of(self, side: Side) -> int:
        """``side``'s points below the line."""
        return self.ns if side is Side.NS else self.ew

    def as_dict(self) -> dict[Side, int]:
        return {Side.NS: self.ns, Side.EW: self.ew}

    def honours_can_win(self, side: Side, rules: RuleSetName | str) -> bool:
        """Whether ``side`` can go out by honours alone: the rule set scores honours towards the
        game (below the line), the side's score does not bar them, and the least honours score
        ("two by honours") reaches the game -- Cavendish's "at the score of three" in short whist.
        000 scores honours above the line, so never there."""
        rs = find_ruleset(rules)
        h = rs.honours
        if h is None or h.where != "below" or (h.barred_at is not None and self.of(side) >= h.barred_at):
            return False
        return rs.game_target - self.of(side) <= min(points for _, points in h.points)

    def odd_tricks_to_game(self, side: Side, rules: RuleSetName | str) -> int:
        """The tricks over six ``side`` still needs to reach the game by tricks alone, under the
        rule set ``rules`` (its points per odd trick and its target): 1 when the odd trick wins
        the game -- "at four" in short whist, "at eight" of ten in 000's game of ten, where an odd
        trick scores two."""
        rs = find_ruleset(rules)
        left = max(rs.game_target - self.of(side), 0)
        return -(-left // rs.trick_points)
