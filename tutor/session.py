"""A playing session: whole deals against maxim-following robots, scored deal after deal.

The student sits South; robots sit West, North and East (in dummy whist North is the student's
open dummy, :mod:`tutor.variants`). A session follows the table's routine as the seeds describe:

* partners are drawn by cards, «младшая карта играет с младшей, старшая — со старшей», and the
  lowest card deals first (000 «Сдача и партнерство» 4-6); after each robber «обязательна
  пересадка» -- a new draw (000 «Сдача и партнерство» 3). With a human and three robots the
  student keeps his seat and the draw says which robot sits opposite as his partner;
* the deal passes to the left (004 «Раздача карт»); the dealer's last card is turned up and lies
  on the table until his turn to play to the first trick (000 «Сдача» 9; 004 «Козырная карта»);
* every student card is checked: an illegal one is refused citing the law (000 «Масти и взятки»
  1), an unconventional one is flagged with the maxim it breaks -- at once or only in the review
  (``flag="now"|"review"``);
* the student may claim the remaining tricks when that is certain (:meth:`PlayState.claim_is_certain`);
* each finished deal is written on a :class:`tutor.scoring.ScoreSheet` of the chosen rule set;
  a finished robber closes the sheet, and the next deal starts a new draw and a new sheet.

The same object drives the terminal (``python -m tutor play-deal``) and the Play page.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Literal, TypeVar

from tutor.cards import CARDS, Card, Hand, parse_card
from tutor.content.sources import source_name
from tutor.conventions.advice import advise
from tutor.conventions.catalogue import Source
from tutor.deal import Deal
from tutor.errors import WhistError
from tutor.i18n import t
from tutor.play import PlayState, Trick
from tutor.records import DealRecord, Player, StudentCard
from tutor.review import Review, build_review
from tutor.robots import DEFAULT_STRENGTH, Robot, RobotCard, Strength, parse_strength
from tutor.rulesets import find_ruleset
from tutor.scoring import DealScore, ScoreSheet
from tutor.seats import Seat, Side
from tutor.seatview import SeatView
from tutor.standing import Standing
from tutor.text import Text
from tutor.variants import Variant, parse_variant
from tutor.vocab import Lang, RuleSetName, System, parse_ruleset_name, parse_system

__all__ = [
    "SessionError",
    "ClaimError",
    "Player",
    "PartnerDraw",
    "draw_partners",
    "SessionOptions",
    "StudentCard",
    "PlayResult",
    "DealRecord",
    "Session",
    "FLAG_MODES",
    "take_back",
    "DealSeries",
]

FlagMode = Literal["now", "review"]
#: When an unconventional card is pointed out: at once, or only in the review after the deal.
FLAG_MODES: tuple[str, ...] = ("now", "review")


class SessionError(WhistError):
    """An action the session cannot take now: not the student's turn, the deal already over, …"""


class ClaimError(SessionError):
    """A claim of the remaining tricks that is not certain (or not the student's to make)."""


_Mine = TypeVar("_Mine")


def take_back(moves: list[Any], undo: Callable[[], object], mine: type[_Mine],
              error: type[WhistError]) -> _Mine:
    """Undo the moves back to the student's last one (of type ``mine``) and return it: the robots'
    cards after it go too. Shared by the four-hand and the Humbug sessions; ``error`` is raised
    when the student has no card in this deal to take back."""
    if not any(isinstance(m, mine) for m in moves):
        raise error("nothing to take back: you have not played a card in this deal")
    while True:
        move = moves.pop()
        undo()
        if isinstance(move, mine):
            return move


# -- players and the partnership draw -----------------------------------------------------------
STUDENT = Player("you", "You", "Вы", human=True)
ROBOT_PLAYERS: tuple[Player, ...] = (
    Player("anna", "Anna", "Анна"),
    Player("boris", "Boris", "Борис"),
    Player("vera", "Vera", "Вера"),
)
DUMMY = Player("dummy", "Dummy", "Болван")
#: The robot's own open dummy in whist for two with two dummies (000 «"Болваны" в висте»).
ROBOT_DUMMY = Player("robot-dummy", "Anna's dummy", "Болван Анны")


#: Where the draw's rules are: 000 «Сдача и партнерство» 5-6 (the low cards play together, the
#: lowest deals first); the locale texts add the items.
DRAW_SOURCE = Source(seed="000", section="Сдача и партнерство")


@dataclass(frozen=True)
class PartnerDraw:
    """The cards drawn for partners (000 «Сдача и партнерство» 4-6) and what they decide.

    ``cards[i]`` is the card ``players[i]`` drew. Ranks run from the two (lowest) to the ace
    (000 «Порядок карт» 2); a tie in rank is drawn again (the seeds are silent; this is the
    usual practice). The two lowest play together, the lowest card deals first.
    """

    players: tuple[Player, ...]
    cards: tuple[Card, ...]
    rounds: int = 1  # how many draws a tie needed

    @property
    def order(self) -> tuple[int, ...]:
        """Indices of the players from the lowest card to the highest."""
        return tuple(sorted(range(len(self.players)), key=lambda i: self.cards[i].rank))

    @property
    def low_pair(self) -> tuple[Player, Player]:
        a, b = self.order[:2]
        return self.players[a], self.players[b]

    @property
    def first_dealer(self) -> Player:
        return self.players[self.order[0]]

    def partner_of(self, player: Player) -> Player:
        lo = self.low_pair
        if player in lo:
            return lo[1] if player == lo[0] else lo[0]
        hi = tuple(self.players[i] for i in self.order[2:])
        return hi[1] if player == hi[0] else hi[0]

    def seating(self, student: Player = STUDENT, seat: Seat = Seat.S) -> dict[Seat, Player]:
        """The student keeps ``seat``; his partner sits opposite, the other pair at the sides
        (the lower card of that pair on the student's left)."""
        partner = self.partner_of(student)
        rest = [self.players[i] for i in self.order if self.players[i] not in (student, partner)]
        return {seat: student, seat.partner: partner, seat.lho: rest[0], seat.rho: rest[1]}

    def describe(self, lang: Lang = "en") -> str:
        """The draw in words, from the locale files, with its source by name (never "000")."""
        drawn = ", ".join(f"{p.name(lang)} {c.symbol(lang)}" for p, c in zip(self.players, self.cards))
        lo = self.low_pair
        first = self.first_dealer
        deals = t("play.draw_you_deal", lang) if first.human else t("play.draw_deals", lang, name=first.name(lang))
        return t("play.draw_text", lang, drawn=drawn, a=lo[0].name(lang), b=lo[1].name(lang), deals=deals,
                 source=source_name(DRAW_SOURCE, lang))


def draw_partners(rng: random.Random, players: Sequence[Player]) -> PartnerDraw:
    """Each player draws a card from a shuffled pack; equal ranks draw again."""
    rounds = 0
    while True:
        rounds += 1
        cards = rng.sample(CARDS, len(players))
        if len({c.rank for c in cards}) == len(cards):
            return PartnerDraw(tuple(players), tuple(cards), rounds)


# -- options and records ------------------------------------------------------------------------
@dataclass(frozen=True)
class SessionOptions:
    """How a session plays: rule set, convention system, flags, variant, robots' sampling, seed."""

    rules: RuleSetName = "russian"
    system: System = "russian"
    flag: FlagMode = "now"
    variant: Variant = field(default_factory=Variant)
    samples: int = 20  #: layouts of the strong robots' search (the others use at most 4 in the fallback)
    seed: int = 0
    robots: Strength = DEFAULT_STRENGTH  #: the robots' strength at this table (beginner, classic, strong)

    def __post_init__(self) -> None:
        # read once: an alias (``english``) becomes its name, an unknown name a RulesetError listing them
        object.__setattr__(self, "rules", parse_ruleset_name(find_ruleset(self.rules).name))
        object.__setattr__(self, "system", parse_system(self.system))
        if self.flag not in FLAG_MODES:
            raise SessionError(f"flag must be 'now' or 'review', not {self.flag!r}")
        object.__setattr__(self, "variant", parse_variant(self.variant))
        if self.samples < 0:
            raise SessionError("samples must be 0 or more")
        object.__setattr__(self, "robots", parse_strength(self.robots))


@dataclass(frozen=True)
class PlayResult:
    """What one student action produced: his card (judged), the flag to show now (None in
    review mode or when the card was conventional), the robots' cards that followed, and the
    deal's score if the deal ended."""

    student: StudentCard | None
    flag: StudentCard | None
    robots: tuple[RobotCard, ...]
    finished: DealScore | None = None


# -- the session --------------------------------------------------------------------------------
class DealSeries:
    """What every session of deals shows the same way: the current deal's number, its dealer, the
    robber's score sheet, whether the deal is over and scored (the four-hand and Humbug sessions)."""

    sheets: list[ScoreSheet]
    records: list[Any]
    deal: Deal
    last_score: DealScore | None

    @property
    def deal_number(self) -> int:
        return len(self.records) + (0 if self.finished else 1)

    @property
    def sheet(self) -> ScoreSheet:
        """The score sheet of the current robber."""
        return self.sheets[-1]

    @property
    def dealer(self) -> Seat:
        return self.deal.dealer

    @property
    def standing(self) -> Standing:
        """The score of the game in progress before this deal, as the sheet shows it to all four
        (the robots and the advice play to it: :attr:`tutor.seatview.SeatView.standing`)."""
        return Standing.of_sides(self.sheet.standing)

    @property
    def finished(self) -> bool:
        """The current deal is over and scored."""
        return self.last_score is not None


class Session(DealSeries):
    """Deals played one after another by the student against robots, with the score kept.

    ``deal``: the first deal to play (a PBN deal, a puzzle's deal); later deals are random from
    the session's seed. ``dealer`` of a given deal is respected; otherwise the partnership draw
    picks the first dealer and the deal passes to the left.
    """

    student_seat: Seat = Seat.S

    def __init__(self, options: SessionOptions | None = None, *, deal: Deal | None = None) -> None:
        self.options = options or SessionOptions()
        self.variant: Variant = self.options.variant
        if self.variant.humbug:
            raise SessionError("humbug is played by two with an exchange of hands: use tutor.humbug_session.HumbugSession")
        if self.variant.cayenne and not hasattr(self, "contracts"):
            raise SessionError("cayenne names its contract after the deal: use tutor.cayenne_session.CayenneSession")
        self._rng = random.Random(self.options.seed)
        self.robber = 0
        self.sheets: list[ScoreSheet] = []
        self.records: list[DealRecord] = []
        self._reviews: dict[int, tuple[DealRecord, Review]] = {}  # by deal number: solved once
        self.draw: PartnerDraw | None = None
        self.seating: dict[Seat, Player] = {}
        self.state: PlayState
        self.moves: list[StudentCard | RobotCard] = []
        self.claimed_at: int | None = None
        self.last_score: DealScore | None = None
        self._start_robber()
        dealer = deal.dealer if deal is not None else self._first_dealer
        self._start_deal(dealer, deal)

    def __repr__(self) -> str:
        return f"Session({self.options!r}, deal={self.deal!r})"

    # -- construction helpers -----------------------------------------------------------------
    @classmethod
    def from_puzzle(cls, item: object, options: SessionOptions | None = None) -> Session:
        """Play out a puzzle or lesson exercise that gives the whole deal (its ``deal:`` field)."""
        full = getattr(item, "full_deal")()  # noqa: B009 -- typed `object`: the item types live in the content layer above
        if full is None:
            raise SessionError(f"the item {getattr(item, 'id', '?')} does not give the whole deal; it cannot be played out")
        return cls(options, deal=full)

    def _start_robber(self) -> None:
        self.robber += 1
        self.sheets.append(ScoreSheet(self.options.rules))
        if self.variant.dummy:
            # Three players: the student with his open dummy against two robots; no draw needed.
            self.draw = None
            self.seating = {Seat.S: STUDENT, Seat.N: DUMMY, Seat.W: ROBOT_PLAYERS[0], Seat.E: ROBOT_PLAYERS[1]}
            first = self._rng.choice(list(Seat))
        elif self.variant.two_dummies:
            # Two players, each with his open dummy opposite (000 «"Болваны" в висте»): no draw needed.
            self.draw = None
            self.seating = {Seat.S: STUDENT, Seat.N: DUMMY, Seat.E: ROBOT_PLAYERS[0], Seat.W: ROBOT_DUMMY}
            first = self._rng.choice(list(Seat))
        else:
            self.draw = draw_partners(self._rng, (STUDENT,) + ROBOT_PLAYERS)
            self.seating = self.draw.seating(STUDENT, self.student_seat)
            first = next(s for s, p in self.seating.items() if p == self.draw.first_dealer)
        self._first_dealer = first

    def _start_deal(self, dealer: Seat, deal: Deal | None = None) -> None:
        if deal is None:
            deal = Deal.random(self._rng.randrange(2**32), dealer=dealer)
        deal = self.variant.adapt(deal)
        self.deal = deal
        self.state = PlayState(deal)
        self.moves = []
        self.claimed_at = None
        self.last_score = None
        n = len(self.records) + 1
        self.robots: dict[Seat, Robot] = {
            s: Robot(s, self.options.system, strength=self.options.robots, samples=self.options.samples,
                     seed=self.options.seed * 1000 + n, rules=self.options.rules,
                     exposed=self.variant.robot_view(s, self.student_seat))
            for s in self.variant.robot_seats(self.student_seat)
        }
        self._opening = self._advance()

    # -- what the table shows ------------------------------------------------------------------
    @property
    def partner(self) -> Player:
        """Who sits opposite the student in this robber (a robot, or the dummy)."""
        return self.seating[self.student_seat.partner]

    @property
    def student_seats(self) -> tuple[Seat, ...]:
        return self.variant.student_seats(self.student_seat)

    @property
    def to_play(self) -> Seat | None:
        return None if self.state.is_over else self.state.to_play

    @property
    def awaiting_student(self) -> bool:
        return not self.state.is_over and self.state.to_play in self.student_seats

    @property
    def trump_card_on_table(self) -> Card | None:
        """The turned-up card while it still lies on the table: until the dealer's turn in the
        first trick (000 «Сдача» 9; 004 «Козырная карта»)."""
        card = self.deal.trump_card
        if card is None or self.state.tricks:
            return None
        if self.state.current and len(self.state.current) > (self.dealer - self.state.leader) % 4:
            return None
        return card

    def visible_hands(self) -> dict[Seat, Hand | int]:
        """What the student sees: his hands as :class:`Hand`, the others as card counts
        (the whole deal once it is over)."""
        out: dict[Seat, Hand | int] = {}
        shown = set(self.student_seats) | set(self.variant.exposed(self.student_seat))
        for s in Seat:
            if s in shown or self.state.is_over:
                out[s] = self.state.hand(s) if not self.state.is_over else self.deal.hands[s]
            else:
                out[s] = len(self.state.hand(s))
        return out

    def legal_cards(self) -> tuple[Card, ...]:
        """The cards the student may play now (for himself or his dummy); empty when not his turn."""
        return self.state.legal_cards() if self.awaiting_student else ()

    def display_trick(self) -> Trick | None:
        """The trick in progress, or the last finished one when a new trick has not begun."""
        if self.state.current:
            return Trick(self.state.leader, tuple(self.state.current))
        return self.state.tricks[-1] if self.state.tricks else None

    def robot_cards(self) -> list[RobotCard]:
        """The robots' cards of this deal so far, in order: the record of what the table did,
        which a caller reads without telling ``moves``' two kinds apart."""
        return [m for m in self.moves if isinstance(m, RobotCard)]

    def student_cards(self) -> list[StudentCard]:
        """The student's cards of this deal so far, each with the conventions' word on it."""
        return [m for m in self.moves if isinstance(m, StudentCard)]

    @property
    def opening_robot_cards(self) -> tuple[RobotCard, ...]:
        """Robots' cards played before the student's first turn of this deal."""
        return self._opening

    # -- judging the student's card ------------------------------------------------------------
    def judge(self, card: Card | str) -> StudentCard:
        """The conventions engine's word on ``card`` for the seat to move (not played)."""
        card = parse_card(card) if isinstance(card, str) else card
        seat = self.state.to_play
        view = SeatView.from_state(self.state, seat, exposed=self.variant.exposed(self.student_seat),
                                   rules=self.options.rules, standing=self.standing)
        advice = advise(view, self.options.system)
        broken: tuple[str, ...]
        why: Text | None
        verdict, broken, why = "best", (), None
        if card != advice.card:
            # Every other legal card has a verdict; the session only judges legal cards.
            other = advice.verdict_for(card)
            if other is not None:
                verdict, broken, why = other.verdict, other.maxims, other.why
            else:
                verdict = "equal"
        return StudentCard(
            trick=self.state.trick_number,
            seat=seat,
            card=card,
            advised=advice.card,
            maxims=tuple(advice.maxims),
            verdict=verdict,
            broken=broken,
            why=why,
            explanation=advice.explanation,
            position_history=self.state.history(),
        )

    # -- actions -------------------------------------------------------------------------------
    def play(self, card: Card | str) -> PlayResult:
        """The student plays ``card`` (for himself or, in dummy whist, for the dummy).

        An illegal card raises :class:`IllegalPlayError` citing the law and changes nothing.
        Then the robots play until the student's next turn or the end of the deal.
        """
        if self.state.is_over:
            raise SessionError("the deal is over: start the next deal")
        if not self.awaiting_student:
            raise SessionError(f"it is {self.state.to_play.name}'s turn, not yours")
        card = self.state.verify_play(card)
        judged = self.judge(card)
        self.state.play(card)
        self.moves.append(judged)
        robots = self._advance()
        flag = judged if (self.options.flag == "now" and not judged.conventional) else None
        return PlayResult(judged, flag, robots, self.last_score)

    def _advance(self) -> tuple[RobotCard, ...]:
        """Robots play until the student's turn or the end of the deal (then the deal is scored)."""
        played: list[RobotCard] = []
        while not self.state.is_over and self.state.to_play not in self.student_seats:
            rc = self.robots[self.state.to_play].choose(self.state, self.standing)
            self.state.play(rc.card)
            self.moves.append(rc)
            played.append(rc)
        if self.state.is_over and self.last_score is None:
            self._score()
        return tuple(played)

    def undo(self) -> Card:
        """Take back the student's last card and the robots' cards after it."""
        if self.finished:
            raise SessionError("the deal is over and scored; it cannot be taken back")
        return take_back(self.moves, self.state.undo, StudentCard, SessionError).card

    def claim(self) -> PlayResult:
        """Claim every remaining trick; allowed only when it is certain (the student, or his
        dummy, on lead with cards that cannot lose a trick however the others play)."""
        if self.state.is_over:
            raise ClaimError("the deal is over")
        if not self.awaiting_student or self.state.current:
            raise ClaimError("you can claim only when you are on lead")
        if not self.state.claim_is_certain():
            raise ClaimError("the claim is not certain: an opponent could still win a trick "
                             "(a higher card or a trump is out)")
        self.claimed_at = self.state.trick_number
        trump = self.state.trump
        claimer = self.state.to_play
        while not self.state.is_over:
            seat = self.state.to_play
            legal = self.state.legal_cards()
            if seat == claimer and not self.state.current:
                # Lead the trumps first, highest down (drawing the last trumps), then the rest.
                card = max(legal, key=lambda c: (c.suit == trump, int(c.rank)))
            else:
                card = min(legal, key=lambda c: (c.suit == trump, int(c.rank)))
            self.state.play(card)
        self._score()
        return PlayResult(None, None, (), self.last_score)

    def _score(self) -> None:
        tricks_ns = self.state.tricks_won(Side.NS)
        score = self.sheet.score(self.deal, tricks_ns)
        self.last_score = score
        self.records.append(DealRecord(
            number=len(self.records) + 1,
            robber=self.robber,
            deal=self.deal,
            variant=self.variant,
            history=self.state.history(),
            moves=tuple(self.moves),
            claimed_at=self.claimed_at,
            tricks_ns=tricks_ns,
            score=score,
            seating=MappingProxyType(dict(self.seating)),
        ))

    def next_deal(self, deal: Deal | None = None) -> tuple[RobotCard, ...]:
        """Start the next deal: the deal passes to the left; after a finished robber, partners
        are drawn again (000 «Сдача и партнерство» 3) and a new sheet begins."""
        if not self.finished:
            raise SessionError("finish this deal first")
        if self.sheet.is_over:
            self._start_robber()
            dealer = deal.dealer if deal is not None else self._first_dealer
        else:
            dealer = deal.dealer if deal is not None else self.dealer.lho
        self._start_deal(dealer, deal)
        return self._opening

    # -- review --------------------------------------------------------------------------------
    def review(self, record: DealRecord | None = None) -> Review:
        """The review of a finished deal (the last one by default): see :mod:`tutor.review`.

        Solved once a deal (13 double-dummy solves, some 0.6 s of CPU here): the page that shows
        it runs again on every click until the next deal, and a record never changes."""
        if record is None:
            if not self.records:
                raise SessionError("no deal has been finished yet")
            record = self.records[-1]
        kept = self._reviews.get(record.number)
        if kept is None or kept[0] is not record:  # a deal taken back and played again is new
            kept = self._reviews[record.number] = (record, build_review(record, student=self.student_seats))
        return kept[1]
