"""Scoring: honours, coronkas, the score of one deal, and the score sheet of a whole robber.

Pure functions over :class:`tutor.deal.Deal` and a :class:`tutor.rulesets.Ruleset`; every rule
difference between systems is read from the rule set's data, never from its name.

* :func:`honours` -- trump honours per side (000 REC 3; Laws of Short Whist 3);
* :func:`coronkas` -- runs from the ace in one hand (000 REC 9; 002);
* :func:`score_deal` -- the items one deal writes (leve, honours, coronkas, slams, revoke);
* :class:`ScoreSheet` -- follows parties/games to the end of the robber/rubber, with the
  partie bonus, the robber bonus, "two running or two of three", the netting of 000 REC 8 and
  the english/american game values.

Honours and coronkas are scored whoever wins the tricks: they are held, not made.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from tutor.cards import Card, Rank, Suit
from tutor.deal import Deal
from tutor.errors import WhistError
from tutor.rulesets import Ruleset, find_ruleset
from tutor.seats import Seat, Side, parse_seat, parse_side
from tutor.standing import Standing, StandingError
from tutor.vocab import Lang

__all__ = [
    "ScoreError",
    "SideHonours",
    "Honours",
    "Coronka",
    "ScoreItem",
    "DealScore",
    "GameRecord",
    "ScoreSheet",
    "honours",
    "coronkas",
    "score_deal",
    "item_maxim",
    "scoring_maxims",
    "parse_tricks",
    "parse_standing",
    "net_partie",
    "SheetEntry",
    "what_label",
    "WHAT",
]

WHAT = ("leve", "odd-tricks", "honours", "coronka", "small-slam", "grand-slam", "revoke", "partie", "robber", "game", "rubber")
_SIDES = (Side.NS, Side.EW)

#: The maxim of the catalogue each kind of entry rests on, per rule set (None: the rule set's own
#: law, with no maxim of its own in the catalogue).
_ITEM_MAXIMS: dict[str, dict[str, str]] = {
    "russian": {
        "leve": "leve-below-line", "honours": "honours-five", "coronka": "coronka",
        "small-slam": "slam-bonus", "grand-slam": "slam-bonus", "revoke": "revoke-penalty-russian",
        "partie": "partie-and-robber", "robber": "partie-and-robber",
    },
    "english-short": {"honours": "honours-english-short", "odd-tricks": "odd-tricks-one-point"},
    "american": {"revoke": "revoke-penalty-american", "odd-tricks": "odd-tricks-one-point"},
    "simple": {"odd-tricks": "odd-tricks-one-point"},
}


def scoring_maxims(ruleset: Ruleset | str | None = None) -> frozenset[str]:
    """The catalogue maxims the score entries of ``ruleset`` rest on (of every rule set: None)."""
    tables = (_ITEM_MAXIMS.values() if ruleset is None
              else [_ITEM_MAXIMS.get(ruleset if isinstance(ruleset, str) else ruleset.name, {})])
    return frozenset(m for table in tables for m in table.values())


def item_maxim(what: str, ruleset: Ruleset | str) -> str | None:
    """The catalogue maxim a score entry rests on (``honours`` under russian -> ``honours-five``)."""
    name = ruleset if isinstance(ruleset, str) else ruleset.name
    return _ITEM_MAXIMS.get(name, {}).get(what)


class ScoreError(WhistError):
    """A score that cannot be computed or recorded: bad tricks, a revoke the rules do not know,
    a deal recorded against the wrong standing or after the robber is over."""


# --------------------------------------------------------------------------------------------
# honours and coronkas
# --------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class SideHonours:
    """How many honours a side holds and what they score under the rule set."""

    honours: int
    points: int

    def to_json(self) -> dict[str, int]:
        return {"honours": self.honours, "points": self.points}


@dataclass(frozen=True)
class Honours:
    """Honours of both sides (``NS``/``EW``) and which cards counted as honours."""

    NS: SideHonours
    EW: SideHonours
    cards: tuple[str, ...] = ()

    def __getitem__(self, side: Side | str) -> SideHonours:
        return self.NS if parse_side(side) is Side.NS else self.EW

    def to_json(self) -> dict[str, dict[str, int]]:
        return {"NS": self.NS.to_json(), "EW": self.EW.to_json()}


@dataclass(frozen=True)
class Coronka:
    """A run from the ace of three or more cards in one hand (000 REC 9).

    ``trump`` says the run is in the trump suit; ``points`` already include the doubling for a
    trump run or, in no-trump whist, for every run (002).
    """

    seat: Seat
    suit: Suit
    length: int
    trump: bool
    points: int

    @property
    def side(self) -> Side:
        return self.seat.side

    def cards(self) -> str:
        """The run as ranks, ``AKQJ``."""
        return "".join(Rank(Rank.ACE - i).char for i in range(self.length))

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat.name, "suit": self.suit.name, "length": self.length,
                "trump": self.trump, "points": self.points}


def _require_full(deal: Deal, what: str) -> None:
    if deal.size != 13:
        raise ScoreError(f"{what} are counted from the full deal; this one has {deal.size} cards a hand")


def _honour_cards(deal: Deal, rs: Ruleset) -> tuple[Card, ...]:
    scale = rs.honours
    if scale is None:
        return ()
    if deal.trump is None:
        if not scale.no_trump_aces:
            return ()
        return tuple(Card(s, Rank.ACE) for s in Suit)
    return tuple(Card(deal.trump, r) for r in scale.ranks)


def honours(deal: Deal, ruleset: Ruleset | str = "russian") -> Honours:
    """Count the honours each side holds, per the rule set (000 REC 3; Short Whist law 3).

    A side's honours are counted together whether one partner holds them or both. Under the
    russian rules the honours are A K Q J 10 of trumps (the aces in no-trump whist, 002); in
    english short whist A K Q J; the simple and american rules have none (both sides 0).
    """
    rs = find_ruleset(ruleset)
    _require_full(deal, "honours")
    cards = _honour_cards(deal, rs)
    counts = dict.fromkeys(_SIDES, 0)
    for card in cards:
        counts[deal.holder(card).side] += 1
    scale = rs.honours
    result = {side: SideHonours(counts[side], scale.points_for(counts[side]) if scale else 0) for side in _SIDES}
    return Honours(NS=result[Side.NS], EW=result[Side.EW], cards=tuple(str(c) for c in cards))


def coronkas(deal: Deal, ruleset: Ruleset | str = "russian") -> list[Coronka]:
    """Every coronka in the deal: a run from the ace of 3+ cards in one hand, any suit (000 REC 9).

    Plain A-K-Q 5, to the jack 10, to the ten 20, each further card +5; in trumps double (10, 20,
    40, +10); in a no-trump deal all count double (002). Listed by seat, then suit.
    """
    rs = find_ruleset(ruleset)
    scale = rs.coronkas
    if scale is None:
        return []
    _require_full(deal, "coronkas")
    found: list[Coronka] = []
    for seat in Seat:
        hand = deal.hands[seat]
        for suit in Suit:
            ranks = hand.ranks(suit)
            length = 0
            while length < len(ranks) and ranks[length] == Rank.ACE - length:
                length += 1
            if length >= scale.min_length:
                trump = deal.trump == suit
                doubled = trump or (deal.trump is None and scale.no_trump_doubles)
                found.append(Coronka(seat, suit, length, trump, scale.points(length, doubled)))
    return found


# --------------------------------------------------------------------------------------------
# one deal
# --------------------------------------------------------------------------------------------
Where = Literal["above", "below"]


@dataclass(frozen=True)
class ScoreItem:
    """One entry on the score sheet: who writes it, for what, how much, above or below the line."""

    side: Side
    what: str
    points: int
    where: Where

    def __post_init__(self) -> None:
        if self.what not in WHAT:
            raise ScoreError(f"unknown score item {self.what!r}")
        if self.where not in ("above", "below"):
            raise ScoreError(f"a score item is written above or below the line, not {self.where!r}")

    def to_json(self) -> dict[str, Any]:
        return {"side": self.side.value, "what": self.what, "points": self.points, "where": self.where}

    def __repr__(self) -> str:
        return f"ScoreItem({self.side!r}, {self.what!r}, {self.points!r}, {self.where!r})"


@dataclass(frozen=True)
class DealScore:
    """What one deal writes on the sheet.

    ``items`` are in the order the laws apply them (revoke, tricks, honours, coronkas, slams:
    Short Whist law 5 puts the revoke first and honours last). ``tricks`` are each side's tricks
    after any revoke transfer, ``transferred`` the tricks moved by the penalty, ``standing`` the
    score towards the game at the start of the deal that was used, ``blocked`` the sides that
    could not win the game on this deal (revoke under english/american laws).
    """

    ruleset: str
    items: tuple[ScoreItem, ...]
    tricks: tuple[tuple[Side, int], ...] = ((Side.NS, 0), (Side.EW, 0))
    transferred: tuple[tuple[Side, int], ...] = ()
    standing: tuple[tuple[Side, int], ...] = ((Side.NS, 0), (Side.EW, 0))
    blocked: frozenset[Side] = frozenset()
    barred: frozenset[Side] = frozenset()  # sides whose honours did not count (standing at four)

    def total(self, side: Side | str, where: Where) -> int:
        side = parse_side(side)
        return sum(i.points for i in self.items if i.side is side and i.where == where)

    @property
    def below(self) -> dict[Side, int]:
        return {s: self.total(s, "below") for s in _SIDES}

    @property
    def above(self) -> dict[Side, int]:
        return {s: self.total(s, "above") for s in _SIDES}

    def tricks_of(self, side: Side | str) -> int:
        return dict(self.tricks)[parse_side(side)]

    @property
    def maxims(self) -> tuple[str, ...]:
        """The catalogue maxims this deal's entries rest on, in the order of the entries."""
        found = (item_maxim(i.what, self.ruleset) for i in self.items)
        return tuple(dict.fromkeys(m for m in found if m is not None))

    def to_json(self) -> dict[str, Any]:
        """The design's shape, plus the tricks after any revoke transfer and the maxims cited."""
        return {
            "below": {s.value: v for s, v in self.below.items()},
            "above": {s.value: v for s, v in self.above.items()},
            "items": [i.to_json() for i in self.items],
            "maxims": list(self.maxims),
            "tricks": {s.value: n for s, n in self.tricks},
        }


def parse_tricks(text: str | int) -> int:
    """Read ``--tricks``: ``NS=8``, ``EW=5``, or both (``NS=8,EW=5``); returns North-South's tricks.

    >>> parse_tricks("EW=5")
    8
    """
    if isinstance(text, int) and not isinstance(text, bool):
        ns = text
        if not 0 <= ns <= 13:
            raise ScoreError(f"a side takes 0 to 13 tricks, not {ns}")
        return ns
    if not isinstance(text, str) or not text.strip():
        raise ScoreError(f"not a trick count: {text!r} (write NS=8 or EW=5)")
    parts = [p for p in re.split(r"[,\s;]+", text.strip()) if p]
    if not parts:  # separators only (",") once read as "NS took 0": a grand slam for EW
        raise ScoreError(f"not a trick count: {text!r} (write NS=8 or EW=5)")
    got: dict[Side, int] = {}
    for part in parts:
        m = re.fullmatch(r"([A-Za-z]{2})\s*[=:]\s*(\d{1,2})", part)
        if not m:
            raise ScoreError(f"not a trick count: {part!r} (write NS=8 or EW=5)")
        try:
            side = parse_side(m.group(1))
        except WhistError:
            raise ScoreError(f"not a side: {m.group(1)!r} in {text!r} (use NS or EW)") from None
        n = int(m.group(2))
        if not 0 <= n <= 13:
            raise ScoreError(f"a side takes 0 to 13 tricks, not {n} ({part})")
        if side in got and got[side] != n:
            raise ScoreError(f"{side.value} given twice: {text!r}")
        got[side] = n
    ns = got[Side.NS] if Side.NS in got else 13 - got[Side.EW]
    if Side.EW in got and ns + got[Side.EW] != 13:
        raise ScoreError(f"the two sides' tricks must add up to 13: {text!r}")
    return ns


def parse_standing(text: str | Mapping[Side, int] | Mapping[str, int] | None) -> dict[Side, int]:
    """Read a standing score towards the game, ``NS=4,EW=2`` (a side not named stands at 0):
    :meth:`tutor.standing.Standing.parse`, its error a :class:`ScoreError` here."""
    if text is None:
        return {Side.NS: 0, Side.EW: 0}
    try:
        if isinstance(text, Mapping):
            return Standing.of_sides({k: int(v) for k, v in text.items()}).as_dict()
        return Standing.parse(text).as_dict()
    except StandingError as e:
        raise ScoreError(str(e)) from None


def _revoking_sides(revokes: Iterable[Side | Seat | str]) -> list[Side]:
    sides: list[Side] = []
    for r in revokes:
        if isinstance(r, Side):
            sides.append(r)
        elif isinstance(r, Seat):
            sides.append(r.side)
        else:
            text = str(r).strip()
            sides.append(parse_seat(text).side if len(text) == 1 else parse_side(text))
    return sides


def score_deal(
    deal: Deal,
    tricks_ns: int | str,
    ruleset: Ruleset | str = "russian",
    *,
    revokes: Sequence[Side | Seat | str] = (),
    revoke_penalty: Literal["points", "tricks"] | None = None,
    standing: Mapping[Side, int] | Mapping[str, int] | str | None = None,
) -> DealScore:
    """Score one deal: North-South took ``tricks_ns`` tricks, East-West the rest.

    ``revokes`` lists the side (or seat) of each revoke; ``revoke_penalty`` is the opponents'
    choice where the law gives one (default: the rule set's). ``standing`` is each side's score
    towards the game before the deal (needed where a side at four cannot score honours, or a
    revoking side is held one short of the game). Items: revoke, leve, honours, coronkas, slams.
    Slams are judged on the tricks won in play: a slam is made, not awarded by a penalty.
    """
    rs = find_ruleset(ruleset)
    ns = parse_tricks(tricks_ns)
    stand = parse_standing(standing)
    played = {Side.NS: ns, Side.EW: 13 - ns}
    revoke, tricks, transferred, blocked = _revoke_step(rs, _revoking_sides(revokes), revoke_penalty, played)
    honour_items, barred = _honour_step(deal, rs, stand)
    items = [*revoke, *_leve_step(rs, tricks), *honour_items, *_coronka_step(deal, rs), *_slam_step(rs, played)]
    if blocked:
        items = _hold_short(items, blocked, stand, rs.game_target)
    return DealScore(
        ruleset=rs.name,
        items=tuple(items),
        tricks=tuple((s, tricks[s]) for s in _SIDES),
        transferred=tuple(sorted(transferred.items(), key=lambda kv: kv[0].value)),
        standing=tuple((s, stand[s]) for s in _SIDES),
        blocked=frozenset(blocked),
        barred=frozenset(barred),
    )


def _revoke_step(
    rs: Ruleset, sides: Sequence[Side], revoke_penalty: Literal["points", "tricks"] | None, played: Mapping[Side, int],
) -> tuple[list[ScoreItem], dict[Side, int], dict[Side, int], set[Side]]:
    """Step 1, the revokes: the points the opponents score, or the tricks they take (counted from
    the tricks won in play), and the sides held short of the game. Returns (items, the tricks
    after the penalty, the tricks transferred to each side, the blocked sides)."""
    tricks = dict(played)
    items: list[ScoreItem] = []
    transferred: dict[Side, int] = {}
    blocked: set[Side] = set()
    if not sides:
        return items, tricks, transferred, blocked
    law = rs.revoke
    if law is None:
        raise ScoreError(f"the {rs.name} rules have no revoke penalty: the trick is taken back and replayed (001 §7)")
    penalty = revoke_penalty or law.default
    if penalty not in law.options():
        raise ScoreError(
            f"the {rs.name} rules know only the penalty of {law.tricks} tricks ({law.source}), not {penalty!r}"
        )
    for side in sides:
        if penalty == "points":
            items.append(ScoreItem(side.other, "revoke", law.points or 0, law.points_where))
        else:
            n = min(law.tricks, tricks[side])
            tricks[side] -= n
            tricks[side.other] += n
            transferred[side.other] = transferred.get(side.other, 0) + n
        if law.blocks_game:
            blocked.add(side)
    return items, tricks, transferred, blocked


def _leve_step(rs: Ruleset, tricks: Mapping[Side, int]) -> list[ScoreItem]:
    """Step 2, the leve: each trick over six (after any revoke penalty), below the line -- written
    as the rule set names it (``rs.trick_item``: "leve" in Russian whist, "odd-tricks" in the
    English and American laws, as the robber of 000 is the rubber there)."""
    return [ScoreItem(side, rs.trick_item, (tricks[side] - 6) * rs.trick_points, "below")
            for side in _SIDES if tricks[side] > 6]


def _honour_step(deal: Deal, rs: Ruleset, stand: Mapping[Side, int]) -> tuple[list[ScoreItem], set[Side]]:
    """Step 3, the honours held, except for a side barred by its standing; returns the barred sides too."""
    items: list[ScoreItem] = []
    barred: set[Side] = set()
    if rs.honours is None:
        return items, barred
    h = honours(deal, rs)
    for side in _SIDES:
        pts = h[side].points
        if pts <= 0:
            continue
        if rs.honours.barred_at is not None and stand[side] >= rs.honours.barred_at:
            barred.add(side)
            continue
        items.append(ScoreItem(side, "honours", pts, rs.honours.where))
    return items, barred


def _coronka_step(deal: Deal, rs: Ruleset) -> list[ScoreItem]:
    """Step 4, the coronkas (sequences from the ace) held."""
    where = rs.coronkas.where if rs.coronkas else "above"
    return [ScoreItem(c.side, "coronka", c.points, where) for c in coronkas(deal, rs)]


def _slam_step(rs: Ruleset, played: Mapping[Side, int]) -> list[ScoreItem]:
    """Step 5, the slams: judged on the tricks won in play (made, never awarded by a penalty)."""
    bonus = dict(rs.slam_bonus)
    return [ScoreItem(side, "grand-slam" if played[side] == 13 else "small-slam", bonus[played[side]], "above")
            for side in _SIDES if played[side] in bonus]


def _hold_short(items: list[ScoreItem], blocked: set[Side], stand: Mapping[Side, int], target: int) -> list[ScoreItem]:
    """A side that revoked cannot win the game on this deal: its points towards the game stop
    one short of it (004 "Ренонсирование": "cannot win the game"; at most six of seven)."""
    room = {s: max(0, target - 1 - stand[s]) for s in blocked}
    out: list[ScoreItem] = []
    for item in items:
        if item.where == "below" and item.side in room:
            pts = min(item.points, room[item.side])
            room[item.side] -= pts
            if pts <= 0:
                continue
            item = ScoreItem(item.side, item.what, pts, item.where)
        out.append(item)
    return out


# --------------------------------------------------------------------------------------------
# the score sheet
# --------------------------------------------------------------------------------------------
def net_partie(points: Mapping[Side, int]) -> dict[Side, int]:
    """The netting at a partie's end (000 REC 8; 002): the side with more points keeps the
    difference above the line, the other writes 0.

    >>> net_partie({Side.NS: 41, Side.EW: 31})
    {Side.NS: 10, Side.EW: 0}
    """
    ns, ew = points[Side.NS], points[Side.EW]
    return {Side.NS: max(0, ns - ew), Side.EW: max(0, ew - ns)}


@dataclass(frozen=True)
class SheetEntry:
    """An item as written on the sheet: which deal it came from and whether it counted."""

    deal: int  # 1-based deal number; 0 for an item written at the end of a game or rubber
    item: ScoreItem
    counted: bool = True

    def to_json(self) -> dict[str, Any]:
        return {"deal": self.deal, **self.item.to_json(), "counted": self.counted}


@dataclass(frozen=True)
class GameRecord:
    """One partie (russian) or game (english, american, simple) as it stands or as it ended."""

    number: int
    entries: tuple[SheetEntry, ...]
    winner: Side | None
    result: tuple[tuple[Side, int], ...]  # what the game leaves each side (net / game value / points)

    def total(self, side: Side, where: Where | None = None) -> int:
        return sum(e.item.points for e in self.entries
                   if e.counted and e.item.side is side and (where is None or e.item.where == where))

    def to_json(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "winner": None if self.winner is None else self.winner.value,
            "below": {s.value: self.total(s, "below") for s in _SIDES},
            "above": {s.value: self.total(s, "above") for s in _SIDES},
            "result": {s.value: v for s, v in self.result},
            "entries": [e.to_json() for e in self.entries],
        }


class ScoreSheet:
    """The score sheet of one robber (rubber), drawn the classic way above and below the line.

    Record deals one by one; the sheet ends each partie/game when a side reaches the rule set's
    target below the line, writes the partie bonus, nets the partie (000 REC 8: the side with
    more points keeps the difference, the other writes 0; the partie counts for the side that
    reached the target "even with zero"), or writes the game value (english 3/2/1, american
    seven minus the losers'), and ends the robber when a side has won ``games_to_win`` games --
    two running or two of three -- with the robber/rubber bonus. Deterministic: the same deals
    always give the same sheet.
    """

    def __init__(self, ruleset: Ruleset | str = "russian") -> None:
        self.ruleset: Ruleset = find_ruleset(ruleset)
        self._games: list[GameRecord] = []
        self._current: list[SheetEntry] = []
        self._deals = 0
        self._final: list[SheetEntry] = []
        self._winner: Side | None = None

    def __repr__(self) -> str:
        return f"ScoreSheet({self.ruleset.name!r})"

    # -- state ----------------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self._winner is not None

    @property
    def winner(self) -> Side | None:
        """The side that won the robber/rubber (or the one game), None while play goes on."""
        return self._winner

    @property
    def deals(self) -> int:
        return self._deals

    @property
    def games(self) -> tuple[GameRecord, ...]:
        """Finished games, then the game in progress (if it has any entries)."""
        out = list(self._games)
        if self._current:
            out.append(GameRecord(len(self._games) + 1, tuple(self._current), None,
                                  tuple((s, self._running(s)) for s in _SIDES)))
        return tuple(out)

    def games_won(self, side: Side | str) -> int:
        side = parse_side(side)
        return sum(1 for g in self._games if g.winner is side)

    @property
    def standing(self) -> dict[Side, int]:
        """Each side's points below the line in the current partie/game."""
        return {s: self._below(s) for s in _SIDES}

    def _below(self, side: Side) -> int:
        return sum(e.item.points for e in self._current if e.counted and e.item.side is side and e.item.where == "below")

    def _running(self, side: Side) -> int:
        return sum(e.item.points for e in self._current if e.counted and e.item.side is side)

    @property
    def totals(self) -> dict[Side, int]:
        """What each side has so far: the finished games' results, the game in progress as it
        stands (russian: its points; others: nothing yet), and the robber/rubber bonus."""
        out = {s: sum(dict(g.result)[s] for g in self._games) for s in _SIDES}
        if self._current and (self.ruleset.netting or self.ruleset.game_values is None):
            for s in _SIDES:
                out[s] += self._running(s)
        for e in self._final:
            out[e.item.side] += e.item.points
        return out

    # -- recording ------------------------------------------------------------------------------
    def score(self, deal: Deal, tricks_ns: int | str, **kwargs: Any) -> DealScore:
        """Score a deal against the sheet's standing and record it; returns the deal's score."""
        ds = score_deal(deal, tricks_ns, self.ruleset, standing=self.standing, **kwargs)
        self.record(ds)
        return ds

    def record(self, deal_score: DealScore) -> None:
        """Write one deal's items; close the partie/game and the robber when they end.

        Items are applied in their order; once a side reaches the target below the line, the
        later below-the-line items of the deal no longer count (Short Whist law 5: tricks score
        before honours), while items above the line are always written.
        """
        if self.is_over:
            raise ScoreError(f"the {self.ruleset.rubber_word.en} is over; start a new sheet")
        if deal_score.ruleset != self.ruleset.name:
            raise ScoreError(f"a deal scored under {deal_score.ruleset!r} rules cannot go on a {self.ruleset.name!r} sheet")
        if self.ruleset.standing_matters and dict(deal_score.standing) != self.standing:
            want = ",".join(f"{s.value}={v}" for s, v in self.standing.items())
            raise ScoreError(f"this deal was scored for another standing; score it with standing {want} (ScoreSheet.score)")
        self._deals += 1
        won: Side | None = None
        target = self.ruleset.game_target
        for item in deal_score.items:
            counted = True
            if item.where == "below":
                if won is not None:
                    counted = False
                else:
                    self._current.append(SheetEntry(self._deals, item))
                    if self._below(item.side) >= target:
                        won = item.side
                    continue
            self._current.append(SheetEntry(self._deals, item, counted))
        if won is not None:
            self._close_game(won)

    def _close_game(self, winner: Side) -> None:
        rs = self.ruleset
        loser = winner.other
        if rs.game_bonus:
            self._current.append(SheetEntry(0, ScoreItem(winner, "partie", rs.game_bonus, "above")))
        if rs.netting:
            result = net_partie({s: self._running(s) for s in _SIDES})
        elif rs.game_values is not None:
            value = rs.game_value(self._below(loser))
            self._current.append(SheetEntry(0, ScoreItem(winner, "game", value, "above")))
            result = {winner: value, loser: 0}
        else:
            result = {s: self._running(s) for s in _SIDES}
        self._games.append(GameRecord(len(self._games) + 1, tuple(self._current), winner,
                                      tuple((s, result[s]) for s in _SIDES)))
        self._current = []
        if self.games_won(winner) >= rs.games_to_win:
            if rs.rubber_bonus:
                what = "robber" if rs.netting else "rubber"
                self._final.append(SheetEntry(0, ScoreItem(winner, what, rs.rubber_bonus, "above")))
            self._winner = winner

    # -- output ---------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset.name,
            "games": [g.to_json() for g in self.games],
            "final": [e.to_json() for e in self._final],
            "games_won": {s.value: self.games_won(s) for s in _SIDES},
            "totals": {s.value: v for s, v in self.totals.items()},
            "is_over": self.is_over,
            "winner": None if self._winner is None else self._winner.value,
        }

    def lines(self, lang: Lang = "en") -> list[str]:
        """The sheet as text: for each partie/game the entries above the line, the line, the
        entries below it, then the result; the robber bonus and the totals at the end."""
        rs = self.ruleset
        ru = lang == "ru"
        w = 30
        out = [f"{rs.title.get(lang)}", f"{'':<{w}}{'NS':>6}{'EW':>6}"]

        def row(label: str, side: Side, points: int, counted: bool = True) -> str:
            ns = str(points) if side is Side.NS else ""
            ew = str(points) if side is Side.EW else ""
            if not counted:
                label += " (не в счёт)" if ru else " (not counted)"
            return f"{label:<{w}}{ns:>6}{ew:>6}"

        for g in self.games:
            title = rs.game_word.get(lang).capitalize()
            out.append(f"{title} {g.number}")
            for where in ("above", "below"):
                if where == "below":
                    out.append("─" * (w + 12))
                for e in g.entries:
                    if e.item.where != where:
                        continue
                    who = (f"сдача {e.deal} " if ru else f"deal {e.deal} ") if e.deal else ""
                    out.append(row(f"  {who}{_what_label(e.item.what, lang)}", e.item.side, e.item.points, e.counted))
            if g.winner is not None:
                res = dict(g.result)
                word = "за" if ru else "to"
                sums = ""
                if rs.netting:
                    sums = f"NS {g.total(Side.NS)} / EW {g.total(Side.EW)} → "
                out.append(f"  {rs.game_word.get(lang)} {word} {g.winner.value}: "
                           f"{sums}NS {res[Side.NS]}, EW {res[Side.EW]}")
        for e in self._final:
            out.append(row(f"{_what_label(e.item.what, lang)}", e.item.side, e.item.points))
        tot = self.totals
        label = "Итого" if ru else "Totals"
        out.append(f"{label:<{w}}{tot[Side.NS]:>6}{tot[Side.EW]:>6}")
        if self._winner is not None:
            out.append(f"{rs.rubber_word.get(lang).capitalize()} выиграли {self._winner.value}" if ru
                        else f"{rs.rubber_word.get(lang).capitalize()} won by {self._winner.value}")
        return out


_WHAT_LABELS = {
    "leve": ("leve", "леве"),
    "odd-tricks": ("odd tricks", "взятки сверх шести"),
    "honours": ("honours", "онеры"),
    "coronka": ("coronka", "коронка"),
    "small-slam": ("small slam", "малый шлем"),
    "grand-slam": ("grand slam", "большой шлем"),
    "revoke": ("revoke penalty", "штраф за ренонс"),
    "partie": ("partie bonus", "за партию"),
    "robber": ("rubber bonus", "за робер"),
    "game": ("game value", "цена игры"),
    "rubber": ("rubber bonus", "за робер"),
}


def _what_label(what: str, lang: Lang = "en") -> str:
    en, ru = _WHAT_LABELS.get(what, (what, what))
    return ru if lang == "ru" else en


def what_label(what: str, lang: Lang = "en") -> str:
    """A score item's name for a learner (``"leve"`` → "leve" / "леве")."""
    return _what_label(what, lang)
