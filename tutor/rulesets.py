"""Rule sets as data: one frozen :class:`Ruleset` per scoring system the tutor teaches.

Whist is one card game with several ways of keeping the score. Rather than branching on a
system's name all over the code, every difference is a field here -- points per odd trick, the
score that wins a partie or game, which cards are honours and what they are worth, coronkas,
slam bonuses, the revoke law, game values, the robber/rubber -- and :mod:`tutor.scoring` reads
only these fields. A new house rule is a new preset, not new code.

Presets (``RULESETS``; look one up with :func:`find_ruleset`):

* ``russian`` -- seeds 000 ("Порядок карт и роберы", "Масти и взятки" 4, "Правила записи") and 002;
* ``english-short`` -- the Laws of Short Whist (Clay, 1864);
* ``simple`` -- seed 001 (and 003's club play, which scores the same way);
* ``american`` -- seed 004 (laws of American whist as translated there).

Each preset says in ``variants`` which related games the seeds name, and plainly whether the
tutor supports them today.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Literal

from tutor.cards import Rank
from tutor.errors import RulesetError
from tutor.text import Text  # re-exported: the rule sets' texts are the one bilingual type
from tutor.vocab import RULESET_NAMES, Lang, RuleSetName, VocabularyError, parse_ruleset_name

__all__ = [
    "Text",
    "HonourScale",
    "CoronkaScale",
    "RevokeLaw",
    "RelatedGame",
    "Ruleset",
    "RULESETS",
    "RULESET_NAMES",
    "find_ruleset",
    "RUSSIAN",
    "ENGLISH_SHORT",
    "SIMPLE",
    "AMERICAN",
    "NAMED_BY_002",
]

Where = Literal["above", "below"]
Penalty = Literal["points", "tricks"]


@dataclass(frozen=True)
class HonourScale:
    """Which trumps are honours and what a side holding several of them scores.

    Honours are counted per side, "at one player or split between the partners" (000 REC 3),
    and scored whoever wins the tricks. ``barred_at``: a side whose score (towards the game)
    stands at this number or more at the start of a deal cannot score honours (Laws of Short
    Whist: "at the score of four, cannot score honours"). ``no_trump_aces``: in a no-trump deal
    the four aces are the honours (002, no-trump whist); when False, a no-trump deal has none.
    """

    ranks: tuple[Rank, ...]
    points: tuple[tuple[int, int], ...]  # (number of honours held by a side, points)
    where: Where = "above"
    barred_at: int | None = None
    no_trump_aces: bool = False

    def __post_init__(self) -> None:
        counts = [c for c, _ in self.points]
        if any(c < 1 or c > max(len(self.ranks), 4) for c in counts) or len(set(counts)) != len(counts):
            raise RulesetError(f"bad honour scale: {self.points}")

    def points_for(self, count: int) -> int:
        """Points for a side holding ``count`` honours (0 when that number scores nothing)."""
        return dict(self.points).get(count, 0)


@dataclass(frozen=True)
class CoronkaScale:
    """Coronkas: a run from the ace, of ``min_length`` or more cards, in one hand (000 REC 9).

    ``plain`` gives the points of a non-trump run of min_length, min_length+1, … cards; beyond
    the table every further card adds ``step``. A run in trumps scores ``trump_factor`` times as
    much; in a no-trump deal every run counts as a trump one when ``no_trump_doubles`` (002).
    """

    plain: tuple[int, ...] = (5, 10, 20)
    step: int = 5
    min_length: int = 3
    trump_factor: int = 2
    no_trump_doubles: bool = True
    where: Where = "above"

    def points(self, length: int, doubled: bool) -> int:
        """Points for a run of ``length`` cards from the ace; 0 when it is too short."""
        if length < self.min_length:
            return 0
        i = length - self.min_length
        base = self.plain[i] if i < len(self.plain) else self.plain[-1] + self.step * (i - len(self.plain) + 1)
        return base * (self.trump_factor if doubled else 1)


@dataclass(frozen=True)
class RevokeLaw:
    """The penalty for a revoke (a card off-suit while holding the suit led).

    ``tricks`` are transferred from the revoking side to the opponents; ``points`` (None when
    the law gives no such option) are written for the opponents at ``points_where``. Where the
    law offers both, the opponents choose (000 "Масти и взятки" 4); ``default`` is the one used
    when nobody says. ``blocks_game``: the revoking side cannot win the game on that deal, its
    score stops one short of the game (004 "Ренонсирование"; Laws of Short Whist).
    """

    tricks: int
    points: int | None
    default: Penalty
    source: str
    points_where: Where = "above"
    blocks_game: bool = False

    def options(self) -> tuple[Penalty, ...]:
        return ("points", "tricks") if self.points is not None else ("tricks",)


@dataclass(frozen=True)
class RelatedGame:
    """A related game or house rule a seed names, and whether the tutor supports it today.

    Named apart from :class:`tutor.variants.Variant`, the table a session plays (dummy, no trump):
    this is only what a rule set's page tells the learner about its neighbours."""

    name: str
    title: Text
    supported: bool
    description: Text
    #: Where the rules below come from (a book and chapter, a page), when the seeds only name the game.
    source: str = ""
    #: The game's rules by that source, point by point (the seeds give none for the games 002 only names).
    rules: tuple[Text, ...] = ()


@dataclass(frozen=True)
class Ruleset:
    """One scoring system, entirely as data (read by :mod:`tutor.scoring`)."""

    name: str
    title: Text
    source: str
    summary: Text
    trick_points: int  # per trick over six ("odd trick", "леве")
    game_target: int  # points below the line that win the partie / game
    honours: HonourScale | None
    coronkas: CoronkaScale | None
    slam_bonus: tuple[tuple[int, int], ...]  # (tricks won by a side, bonus above the line)
    revoke: RevokeLaw | None
    game_bonus: int  # written for the winner of a partie (russian +5)
    game_values: tuple[int, ...] | None  # a won game's value, indexed by the losers' score
    games_to_win: int  # 2: "two running or two of three"; 1: the match is one game
    rubber_bonus: int
    netting: bool  # 000 REC 8: at a partie's end the richer side keeps the difference
    game_word: Text
    rubber_word: Text
    variants: tuple[RelatedGame, ...] = field(default=())
    #: the score item a trick over six is written as: "leve" (000 «Правила записи» 4, the Russian
    #: word: «лишняя взятка (леве)») or "odd-tricks" (the English laws; 001, 003, 004 «взятка сверх шести»)
    trick_item: Literal["leve", "odd-tricks"] = "leve"

    def __post_init__(self) -> None:
        if self.trick_points <= 0 or self.game_target <= 0 or self.games_to_win <= 0:
            raise RulesetError(f"rule set {self.name}: trick points, game target and games to win must be positive")
        if self.game_values is not None and len(self.game_values) < self.game_target:
            raise RulesetError(f"rule set {self.name}: a game value is needed for every losers' score below the target")

    @property
    def standing_matters(self) -> bool:
        """Whether a deal's score depends on the score standing before it (honours barred, or a
        revoking side held short of the game); such deals must be scored against the sheet."""
        return (self.honours is not None and self.honours.barred_at is not None) or (
            self.revoke is not None and self.revoke.blocks_game
        )

    def game_value(self, losers_score: int) -> int:
        """The value of a won game by the losers' score (english 3/2/1; american 7 minus)."""
        if self.game_values is None:
            return 0
        return self.game_values[min(max(losers_score, 0), len(self.game_values) - 1)]

    def describe(self, lang: Lang = "en") -> str:
        """A plain-language summary with the supported and unsupported variants."""
        lines = [f"{self.title.get(lang)} ({self.source})", self.summary.get(lang)]
        for v in self.variants:
            mark = ("поддерживается" if v.supported else "не поддерживается") if lang == "ru" else (
                "supported" if v.supported else "not supported")
            lines.append(f"- {v.title.get(lang)} [{mark}]: {v.description.get(lang)}")
        return "\n".join(lines)

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "title": self.title.to_json(),
            "source": self.source,
            "summary": self.summary.to_json(),
            "trick_points": self.trick_points,
            "game_target": self.game_target,
            "honours": None if self.honours is None else {
                "ranks": [r.char for r in self.honours.ranks],
                "points": {str(c): p for c, p in self.honours.points},
                "barred_at": self.honours.barred_at,
            },
            "coronkas": self.coronkas is not None,
            "slam_bonus": {str(t): p for t, p in self.slam_bonus},
            "revoke": None if self.revoke is None else {
                "tricks": self.revoke.tricks, "points": self.revoke.points, "source": self.revoke.source,
            },
            "game_bonus": self.game_bonus,
            "games_to_win": self.games_to_win,
            "rubber_bonus": self.rubber_bonus,
            "variants": [
                {"name": v.name, "title": v.title.to_json(), "supported": v.supported,
                 "description": v.description.to_json(), "source": v.source,
                 "rules": [r.to_json() for r in v.rules]} for v in self.variants
            ],
        }

    def __repr__(self) -> str:
        if RULESETS.get(self.name) is self:
            return f"find_ruleset({self.name!r})"
        args = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in dataclasses.fields(self))
        return f"Ruleset({args})"


_FIVE = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN)

#: The three games 002 only names («Існує і ще кілька варіантів віста: летить качка, Бісмарк - для
#: чотирьох гравців і Кайон - для трьох»), each with the rules of a source the library holds, and
#: where that source and 002 disagree.
NAMED_BY_002: tuple[RelatedGame, ...] = (
    RelatedGame(
        "cayenne",
        Text("Cayenne", "Кайен (Кайон)"),
        True,
        Text("Whist for four in which the contract is named after the deal: a suit as trumps (the cayenne suit or "
             "another), grand or nullo. 002 calls it a game for three; the books describe it for four, and the tutor "
             "follows them. Playable on the Play page (Game: Cayenne) and at the terminal.",
             "Вист вчетвером, в котором игру назначают после сдачи: масть козырем (кайен или другая), гранд или "
             "нулло. 002 называет её игрой для троих; книги описывают её для четверых, и тренажёр следует им. Играется на "
             "странице «Сыграть сдачу» (Игра: Кайен) и в командной строке."),
        source="R. F. Foster, Foster's Complete Hoyle, “Cayenne, or Cayenne Whist”; D. Parlett, The Penguin Book "
               "of Card Games, “Cayenne”",
        rules=(
            Text("Four players, two against two, two packs. The two lowest cards of the cut play against the two "
                 "highest; the lowest deals and chooses the seats and the pack (Foster).",
                 "Четверо, двое против двоих, две колоды. Две младшие карты жребия играют против двух старших; "
                 "младшая сдаёт и выбирает места и колоду (Фостер)."),
            Text("A card cut from the second pack gives the cayenne suit; thirteen cards are dealt to each, and none "
                 "is turned up (Parlett).",
                 "Карта, снятая со второй колоды, даёт масть кайен; каждому сдают по тринадцать карт, ни одна не "
                 "открывается (Парлетт)."),
            Text("The dealer names the contract after looking at his cards — the cayenne suit or another suit as "
                 "trumps, grand (no trumps, for tricks) or nullo (no trumps, to take as few tricks as possible) — or "
                 "leaves it to his partner, who must decide one way or the other (Foster).",
                 "Сдающий, посмотрев карты, назначает игру — козырем масть кайен или другую масть, гранд (без "
                 "козырей, на взятки) или нулло (без козырей, на недобор) — или оставляет выбор партнёру, который "
                 "обязан решить (Фостер)."),
            Text("The player on the dealer's left leads; suit is followed as at whist; the first six tricks of a "
                 "side do not count (Foster).",
                 "Ходит игрок слева от сдающего; в масть отвечают, как в висте; первые шесть взяток стороны не "
                 "считаются (Фостер)."),
            Text("Each trick over six of the side taking most counts one point, and the side holding most of the "
                 "five honours (A K Q J 10 of trumps) scores 2 for three, 4 for four, 6 for five; both are "
                 "multiplied by the suit's value, four for the cayenne suit. At grand each trick over six is worth "
                 "8 and there are no honours; at nullo the side taking fewer tricks scores 8 for each trick over six "
                 "its opponents took (Parlett).",
                 "Каждая взятка сверх шести стороны, взявшей больше, — одно очко, а сторона, у которой больше из "
                 "пяти онеров (Т К Д В 10 козырей), пишет 2 за три, 4 за четыре, 6 за пять; то и другое умножают на "
                 "цену масти, для масти кайен — на четыре. В гранде каждая взятка сверх шести стоит 8, онеров нет; "
                 "в нулло сторона, взявшая меньше, пишет по 8 за каждую взятку противников сверх шести (Парлетт)."),
            Text("Game is 10 points; the rubber is the best of seven games and is worth 8 more (Parlett).",
                 "Игра — 10 очков; робер — лучшая из семи игр, он даёт ещё 8 (Парлетт)."),
            Text("Any of the other suits may be named trumps (Foster), scored by its colour: the other suit of the "
                 "cayenne suit's colour (second colour) ×3 — “if the cayenne suit was clubs and the trump suit spades "
                 "(second colour), the basic score is multiplied by 3” (Parlett) — the two of the other colour ×2 "
                 "and ×1. Which of those two is the third the library's copies do not show: the tutor takes the one "
                 "first in ♠ ♥ ♦ ♣. At nullo every ace counts high (Parlett: the ace is low “unless its holder "
                 "specifies otherwise”).",
                 "Козырем можно назначить и любую другую масть (Фостер); её считают по цвету: другая масть цвета "
                 "кайен (вторая) ×3 — «если масть кайен трефы, а козыри пики (вторая масть), основной счёт "
                 "умножают на 3» (Парлетт), — две масти другого цвета ×2 и ×1. Какая из этих двух третья, "
                 "библиотечные копии не показывают: тренажёр берёт ту, что раньше в порядке ♠ ♥ ♦ ♣. В нулло каждый "
                 "туз считается старшим (у Парлетта туз младший, «если его владелец не скажет иначе»)."),
            Text("002 names Cayenne a game “for three”; Foster and Parlett describe it for four. "
                 "The tutor follows the books.",
                 "002 называет Кайон игрой для троих («Кайон - для трьох»); Фостер и Парлетт описывают её для "
                 "четверых. Тренажёр следует книгам."),
        ),
    ),
    RelatedGame(
        "bismarck",
        Text("Bismarck", "Бисмарк"),
        False,
        Text("No Hoyle, Cassell or Foster in the library describes a Bismarck; the game known by that name today "
             "is a Swedish one for three, first described in 1944, where 002 puts Bismarck among the games for "
             "four. Not playable: there is no classical source to play it by.",
             "Ни одно издание Хойла, Касселла или Фостера в библиотеке не описывает Бисмарк; игра, известная под "
             "этим именем сегодня, — шведская, для троих, впервые описанная в 1944 году, тогда как 002 ставит "
             "Бисмарк среди игр для четверых. Не играется: нет классического источника, по которому его играть."),
        source="pagat.com, “Bismarck” (after S. Helmfrid, Kartofilen 2024); no classical source",
        rules=(
            Text("Three players, a pack of 52; each plays for himself.",
                 "Трое игроков, колода из 52 карт; каждый играет за себя."),
            Text("The player on the dealer's left (forehand) chooses the contract of the deal and leads: no trumps "
                 "for tricks, spades trumps, a trump of his own choice, or no trumps to take as few tricks as "
                 "possible (pass).",
                 "Игрок слева от сдающего (форхенд) выбирает игру сдачи и ходит: без козырей на взятки, козыри "
                 "пики, козырь по своему выбору или без козырей на недобор (пас)."),
            Text("Each player scores by the tricks he takes above or below a quota fixed for the contract; over the "
                 "session each is forehand four times and plays each contract once.",
                 "Каждый пишет очки за взятки сверх или недобор против нормы, установленной для игры; за сессию "
                 "каждый четыре раза бывает форхендом и играет каждую игру по разу."),
            Text("002 says Bismarck is “for four players”; the modern game is for "
                 "three and younger than the seeds' whist: it may not be the game 002 meant.",
                 "002 говорит, что Бисмарк — для четырёх игроков («Бісмарк - для чотирьох гравців»); современная "
                 "игра — для троих и моложе виста источников: возможно, это не та игра, которую имел в виду 002."),
        ),
    ),
    RelatedGame(
        "flying-duck",
        Text("Flying duck", "Летит утка"),
        False,
        Text("002 only names it (“flying duck”); no book in the library (Hoyle, Cassell, Foster, Hoffmann, Parlett) "
             "describes a whist of that name, so the tutor knows no rules for it.",
             "002 только называет её («летить качка»); ни одна книга библиотеки (Хойл, Касселл, Фостер, Хофманн, "
             "Парлетт) не описывает вист с таким названием, поэтому правил этой игры тренажёр не знает."),
        source="002 only",
    ),
)

RUSSIAN = Ruleset(
    name="russian",
    title=Text("Russian whist (partie and rubber)", "Русский вист (партии и робер)"),
    source='000 "Порядок карт и роберы"; 000 "Масти и взятки" 4; 000 "Правила записи" 1-9; 002',
    summary=Text(
        "Two points per trick over six, below the line; 10 below wins the partie (+5), two parties "
        "running or two of three win the rubber (+10). Honours A K Q J 10 of trumps per side: "
        "3 → 2, 4 → 4, 5 → 5; coronkas in one hand: A-K-Q 5, to the jack 10, to the ten 20, "
        "+5 a card, double in trumps; small slam +10, grand slam +20, above the line. At each "
        "partie's end the side with more points keeps the difference (000 Scoring §8).",
        "По 2 очка за каждую взятку сверх шести, под чертой; 10 внизу — партия (+5), две партии "
        "подряд или две из трёх — робер (+10). Онеры Т К Д В 10 козырей у стороны: 3 → 2, 4 → 4, "
        "5 → 5; коронки в одной руке: Т-К-Д 5, до валета 10, до десятки 20, +5 за карту, козырные "
        "вдвое; малый шлем +10, большой +20, над чертой. В конце партии сторона, у которой больше "
        "очков, оставляет себе разность (000 «Правила записи» 8).",
    ),
    trick_points=2,
    game_target=10,
    honours=HonourScale(ranks=_FIVE, points=((3, 2), (4, 4), (5, 5)), where="above", no_trump_aces=True),
    coronkas=CoronkaScale(plain=(5, 10, 20), step=5, trump_factor=2, no_trump_doubles=True),
    slam_bonus=((12, 10), (13, 20)),
    revoke=RevokeLaw(tricks=3, points=5, default="points", points_where="above",
                     source='000 "Масти и взятки" 4; 002'),
    game_bonus=5,
    game_values=None,
    games_to_win=2,
    rubber_bonus=10,
    netting=True,
    game_word=Text("partie", "партия"),
    rubber_word=Text("rubber", "робер"),
    variants=(
        RelatedGame(
            "no-trump",
            Text("No-trump whist", "Вист без козырей"),
            True,
            Text("002: the aces are the honours and every coronka counts double, as a trump one. "
                 "The deal is played without trumps.",
                 "002: онеры — тузы, все коронки считаются как козырные, вдвое. Сдача играется без козырей."),
        ),
        RelatedGame(
            "coronka-to-eight",
            Text("Coronka from the ace down to the eight", "Коронка от туза до восьмёрки"),
            True,
            Text("002: 25 (50 in trumps) for A down to 8 and +5/+10 for each further card; "
                 "000 Scoring §9: +5/+10 a card past the ten. Both give the same numbers here.",
                 "002: 25 (козырная 50) от туза до восьмёрки и +5/+10 за каждую следующую; "
                 "000 «Правила записи» 9: +5/+10 за карту после десятки. Здесь числа совпадают."),
        ),
        RelatedGame(
            "dummy",
            Text("Whist with dummies, for three or two", "Вист с болваном — втроём и вдвоём"),
            True,
            Text("000 and 002: the same laws and scoring with one or two open hands. Both are playable "
                 "(on the “Play a deal” page and in play-deal): for three the student plays his own hand and the "
                 "exposed dummy opposite; for two (two-dummies) he plays South and the open North, a robot "
                 "East and the open West.",
                 "000 и 002: те же законы и счёт, одна или две руки открыты. Можно играть оба (на "
                 "странице «Сыграть сдачу» и в командной строке): втроём ученик играет своей рукой и открытым болваном "
                 "напротив; вдвоём — Югом и открытым Севером, робот — Востоком и открытым Западом."),
        ),
        RelatedGame(
            "humbug",
            Text("Humbug (two players, no dummies)", "Хамбаг (вдвоём без болванов)"),
            True,
            Text("002: four piles of 13; each player keeps his pile or takes the pile on his right for "
                 "good (the dealer who changes loses the turned-up card); 13 tricks of two cards; honours "
                 "score 5 for five, 4 for four, 3 for three, 2 for two; without trumps the aces are "
                 "honours. Playable on the “Play a deal” page and in play-deal --variant humbug.",
                 "002: четыре купки по 13; каждый оставляет свою купку или навсегда берёт купку справа "
                 "(сдающий, сменив карты, теряет открытую козырную); 13 взяток по две карты; онеры: за "
                 "пять 5, за четыре 4, за три 3, за два 2; без козырей онеры — тузы. Играется на "
                 "странице «Сыграть сдачу» и в командной строке."),
        ),
        *NAMED_BY_002,
    ),
)

ENGLISH_SHORT = Ruleset(
    name="english-short",
    title=Text("English short whist", "Английский короткий вист"),
    source="The Laws of Short Whist (J. L. Baldwin / Clay, 1864), laws 1-9, 72",
    summary=Text(
        "Game is five points; one point per trick over six. Honours are A K Q J of trumps: a side "
        "holding four scores 4, three score 2; a side standing at four cannot score honours. A game "
        "is worth 3 if the losers have nothing, 2 if they have 1 or 2, 1 if 3 or 4; the rubber (best "
        "of three) adds 2. A revoke costs three tricks (or three points to the opponents); the "
        "revoking side cannot win the game on that deal. Revoke, then tricks, then honours.",
        "Игра — пять очков; одно очко за взятку сверх шести. Онеры — Т К Д В козырей: у стороны "
        "четыре — 4 очка, три — 2; сторона, у которой четыре очка, онеров не считает. Игра стоит 3, "
        "если у проигравших ноль, 2 — если 1-2, 1 — если 3-4; робер (две игры из трёх) даёт ещё 2. "
        "Ренонс — три взятки (или три очка противникам); сделавшая его сторона в этой сдаче игру не "
        "выигрывает. Сначала штраф, потом взятки, потом онеры.",
    ),
    trick_points=1,
    game_target=5,
    honours=HonourScale(ranks=_FIVE[:4], points=((3, 2), (4, 4)), where="below", barred_at=4),
    coronkas=None,
    slam_bonus=(),
    revoke=RevokeLaw(tricks=3, points=3, default="tricks", points_where="below", blocks_game=True,
                     source="Laws of Short Whist 72-74"),
    game_bonus=0,
    game_values=(3, 2, 2, 1, 1),
    games_to_win=2,
    rubber_bonus=2,
    netting=False,
    game_word=Text("game", "игра"),
    rubber_word=Text("rubber", "робер"),
    trick_item="odd-tricks",
    variants=(
        RelatedGame(
            "deduct-three",
            Text("Revoke: three points off the revoker", "Ренонс: минус три очка виновным"),
            False,
            Text("The Laws also let the opponents take three points from the revokers' score; the "
                 "tutor offers only the three tricks or three points added to the opponents.",
                 "Законы позволяют и снять три очка с виновных; тренажёр даёт выбор только между "
                 "тремя взятками и тремя очками противникам."),
        ),
        RelatedGame(
            "long-whist",
            Text("Long whist (game of ten)", "Длинный вист (игра до десяти)"),
            False,
            Text("The older game of ten points (named in passing: 001 §11); not supported.",
                 "Старая игра до десяти очков (названа мимоходом: 001 §11); не поддерживается."),
        ),
        RelatedGame(
            "no-trump",
            Text("No-trump deals", "Сдачи без козырей"),
            True,
            Text("Without trumps there are no honours; tricks score as usual.",
                 "Без козырей онеров нет; взятки считаются как обычно."),
        ),
    ),
)

SIMPLE = Ruleset(
    name="simple",
    title=Text("Simple whist", "Простой вист"),
    source="001 §1, §8; 003 «Подсчет очков»",
    summary=Text(
        "One point per trick over six, no honours, no bonuses; the first side to reach five points "
        "wins. The club rules of 003 (one point per odd trick) are this rule set, with the players "
        "rotating: after each game the waiting players replace those with the lowest results.",
        "Одно очко за каждую взятку сверх шести, без онеров и надбавок; выигрывает сторона, первой "
        "набравшая пять очков. Клубные правила 003 (очко за каждую взятку сверх шести) — это тот же "
        "счёт, только игроки меняются: после игры ожидающие садятся вместо проигравших больше всех.",
    ),
    trick_points=1,
    game_target=5,
    honours=None,
    coronkas=None,
    slam_bonus=(),
    revoke=None,
    game_bonus=0,
    game_values=None,
    games_to_win=1,
    rubber_bonus=0,
    netting=False,
    game_word=Text("game", "партия"),
    rubber_word=Text("match", "игра"),
    trick_item="odd-tricks",
    variants=(
        RelatedGame(
            "club-rotation",
            Text("Club play with five or six", "Клубная игра впятером и вшестером"),
            True,
            Text("003 scores the same way. On the Play page (Game: Club evening) four to six players draw with the "
                 "ace the lowest card, the four highest play, and after each game the waiting players take the "
                 "places of the lowest results; the evening's table keeps each player's points.",
                 "003 считает так же. На странице «Сыграть сдачу» (Игра: клубный вечер) от четырёх до шести игроков тянут "
                 "карты (туз — младшая), играют четыре старшие, а после каждой игры ждущие садятся на места "
                 "игроков с самыми низкими результатами; таблица вечера ведёт очки каждого."),
        ),
        RelatedGame(
            "revoke-replay",
            Text("A revoke is replayed", "Ренонс переигрывается"),
            True,
            Text("001 §7: in home play a revoked trick is taken back and replayed, with no penalty, "
                 "so the score knows no revoke.",
                 "001 §7: дома взятку с ренонсом возвращают и переигрывают без штрафа, поэтому в "
                 "счёте ренонса нет."),
        ),
        RelatedGame(
            "no-trump-series",
            Text("No-trump series", "Серии без козырей"),
            True,
            Text("001 §11: the highest card of the suit led always wins; the score is unchanged.",
                 "001 §11: всегда берёт старшая карта масти захода; счёт тот же."),
        ),
        RelatedGame(
            "fixed-trump",
            Text("Tournament whist with a fixed trump order", "Турнирный вист с заданным козырем"),
            False,
            Text("001 §11: trumps follow a set order instead of the turned-up card; not supported.",
                 "001 §11: козырь идёт по заранее заданному порядку, а не по открытой карте; не поддерживается."),
        ),
    ),
)

AMERICAN = Ruleset(
    name="american",
    title=Text("American whist", "Американский вист"),
    source="004 «Игра»; 004 «Ренонсирование»",
    summary=Text(
        "Game is seven points, one point per trick over six; the game is worth seven minus the "
        "losers' points. A revoke transfers two tricks from the revoking side to the opponents, and "
        "the revoking side cannot win the game on that deal: its score stops at six.",
        "Игра — семь очков, одно очко за взятку сверх шести; цена игры — семь минус очки "
        "проигравших. Ренонс: две взятки переходят от виновной стороны к противникам, и виновные в "
        "этой сдаче игру не выигрывают: их счёт останавливается на шести.",
    ),
    trick_points=1,
    game_target=7,
    honours=None,
    coronkas=None,
    slam_bonus=(),
    revoke=RevokeLaw(tricks=2, points=None, default="tricks", blocks_game=True,
                     source="004 «Ренонсирование»"),
    game_bonus=0,
    game_values=(7, 6, 5, 4, 3, 2, 1),
    games_to_win=1,
    rubber_bonus=0,
    netting=False,
    game_word=Text("game", "игра"),
    rubber_word=Text("match", "матч"),
    trick_item="odd-tricks",
    variants=(
        RelatedGame(
            "one-game",
            Text("One game, no rubber", "Одна игра, без робера"),
            True,
            Text("004: the game of seven and its value, and no rubber, so the sheet "
                 "ends with the game.",
                 "004: игра до семи и её цена, а робера нет, поэтому запись "
                 "заканчивается вместе с игрой."),
        ),
        RelatedGame(
            "both-revoke",
            Text("Both sides revoke", "Ренонс у обеих сторон"),
            True,
            Text("004: if both sides revoke, neither can win the game on that deal.",
                 "004: если ренонс у обеих сторон, ни одна не выигрывает игру в этой сдаче."),
        ),
    ),
)

#: The presets by name, in the order of the vocabulary's :data:`tutor.vocab.RULESET_NAMES`
#: (re-exported here as ``RULESET_NAMES``; ``tests/test_vocab.py`` checks they agree).
RULESETS: Mapping[str, Ruleset] = MappingProxyType(
    {r.name: r for r in (RUSSIAN, ENGLISH_SHORT, SIMPLE, AMERICAN)}
)

_ALIASES: Mapping[str, RuleSetName] = {"english": "english-short", "short": "english-short", "russian-whist": "russian",
            "русский": "russian", "american-whist": "american"}


def find_ruleset(name: str | Ruleset) -> Ruleset:
    """The preset called ``name`` (case-insensitive; ``english`` means ``english-short``).

    >>> find_ruleset("Russian").game_target
    10
    """
    if isinstance(name, Ruleset):
        return name
    key = name.strip().lower() if isinstance(name, str) else ""
    try:
        return RULESETS[_ALIASES.get(key) or parse_ruleset_name(key)]
    except VocabularyError:
        raise RulesetError(f"unknown rule set {name!r} (use one of: {', '.join(RULESET_NAMES)})") from None
