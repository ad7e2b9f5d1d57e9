"""The content schema: lessons and puzzles as frozen pydantic models (the one source of truth).

A puzzle file (``puzzles/*.yaml``) holds a list under ``puzzles:``; a lesson file
(``lessons/*.yaml``) holds one lesson. The models check the *shape* of an item -- every field
known (``extra="forbid"``), cards and hands readable, texts present in English and Russian, the
answer of the kind the question asks for. Whether the item is *true* (the answer legal, the engine
agreeing, the maxims existing) is proved by :mod:`tutor.content.lint`, which needs the engine.

Parse once, at the edge: a loaded item holds the engine's values, not the file's text -- ``hand``
is a :class:`~tutor.cards.Hand`, ``trump``/``called``/``exposed`` are :class:`~tutor.cards.Card`,
``dealer`` a :class:`~tutor.seats.Seat`, ``called_suit`` a :class:`~tutor.cards.Suit`, ``played`` a
tuple of :class:`~tutor.play.Trick`, ``deal`` a :class:`~tutor.deal.Deal` (the four hands;
:meth:`Item.full_deal` adds the dealer and trump card), ``answer`` a card, the tuple of legal
cards or a number. Every consumer uses them as they are; ``model_dump(mode="json")`` writes them
back as the canonical text below, so the YAML format, the JSON Schema and the writer's output do
not depend on it. Mind the two enums whose first member is 0 (``Seat.N``, ``Suit.S``): test them
against ``None``, never by truth.

A documented puzzle (see also ``puzzles/examples.yaml``)::

    puzzles:
      - id: king-third-small            # kebab-case, unique across all files
        title: {en: "Your first lead", ru: "Ваш первый ход"}   # the position, never the holding
        themes: [opening-lead, king-third]   # from THEMES below
        difficulty: 1                   # 1 (first lesson) .. 5 (expert)
        rules: russian                  # rule-set name: russian | english-short | simple | american
        system: russian                 # convention system: russian | english
        dealer: E                       # the trump card lies in the dealer's hand; S leads when E deals
        trump: D7                       # the turned-up trump card (SK, ♠K, K♠, H10, ♦Д are all read)
        hand: K74.Q853.A92.J64          # the student's 13 cards; the student always sits S
        # deal: "N:AQ5.AK42.T73.J84 …"  # all four hands, PBN clockwise from N: shown for honours/score;
        #                               # with played tricks, the hidden deal proving them (never shown)
        # played: "W:DK D4 D9 D2 / …"   # optional: tricks played so far, each LEADER:cards; every card
        #                               # must be conventional for its seat (python -m tutor check)
        # deliberate: [{card: "W:SK", reason: {en: "…", ru: "…"}}]   # a card of played that is a
        #                               # deliberate mistake, and why
        question: lead                  # lead | play | legal | honours | score | cut | exchange
        prompt: {en: "You lead to the first trick.", ru: "Вы ходите первым."}   # optional
        answer: S4                      # lead/play: a card; legal: a list of cards; honours/score: a number
        accept: []                      # other right answers, each {answer, reason: {en, ru}}
        maxims: [king-third-lead-small] # ids from the catalogue, the deciding one first
        hints:                          # graded: the first vague, the last nearly the answer, never its rank
          - {en: "Which suit is your longest?", ru: "Какая масть у вас длиннее?"}
          - {en: "With K-x-x, lead small.", ru: "С короля сам-третей ходят с маленькой."}
        explanation: {en: "…", ru: "…"}
        # override: {en: "…", ru: "…"}   # only when the answer differs from the engine's, and why

Honours and score items add ``ask`` (what number is asked, e.g. ``honours-points-ns``) and
``deal``; score items add ``tricks: {NS: 8}``. At another table they add ``variant``: ``humbug``
(each player's honours by Humbug's scale, South in N-S, North in E-W), ``two-dummies`` (as for
four; a lead, play or legal question with two dummies shows North's hand open -- the learner plays
South and North against East and West -- and needs ``deal``) or ``cayenne`` (Parlett's scoring; ``trump`` is then the card cut from the second pack and
``contract: cayenne | grand | nullo`` the game named).

An exchange item (``question: exchange``, with ``variant: humbug``) asks Humbug's first decision (002:
«кожен гравець вирішує, чи грає він на своїх картах або скидає їх і купує інші»): South sees his
13-card pile (``hand``) and the turned-up card (``trump``: in his pile when he deals, ``dealer: S``,
else in North's, ``dealer: N``) -- no ``deal``, no ``played``; the answer is ``keep`` or ``exchange``,
proved by the Humbug robot's stated rule (:func:`tutor.humbug_robot.decide_exchange`, maxim
``humbug-exchange-by-count``).

A cut item is asked before the deal: no ``hand`` or ``trump``, but ``cut`` (each player's card,
``{You: S5, Anna: HA, Boris: D9, Vera: C2}``) and ``custom`` (``lowest`` 000, ``highest`` 001,
``club`` 003); ``ask: dealer | partner | waiting`` (default dealer); the answer is a player's name.

The laws (maxims ``revoke-penalty-*``, ``exposed-card``, ``lead-out-of-turn``) are proved by the
engine too. A score item may add ``revokes: [EW]`` (one entry per revoke) and ``revoke_penalty:
points | tricks`` (the opponents' choice; default the rule set's) -- :func:`tutor.scoring.score_deal`
applies them. A lead/play/legal item may add ``exposed: [HK]`` (South's cards lying face up) with
``called: HK`` (an opponent calls it now), or ``called_suit: D`` (South on lead after a lead out of
turn, the suit the opponents call); :mod:`tutor.content.rulings` says what may then be played.

A lesson::

    id: first-lead
    order: 3
    title: {en: …, ru: …}
    summary: {en: …, ru: …}
    steps:
      - teach: {en: …, ru: …}
        diagram: {hand: K74.Q853.A92.J64, trump: D7}   # optional; hand | deal | trick, caption
      - exercise: {question: lead, trump: D7, hand: …, answer: S4, maxims: [...], explanation: …}

Lessons teach first: the first step is a ``teach`` step.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Annotated, Any, Literal, Self

from pydantic import (
    BaseModel,
    ConfigDict,
    Discriminator,
    Field,
    GetCoreSchemaHandler,
    GetPydanticSchema,
    StringConstraints,
    Tag,
    model_validator,
)
from pydantic_core import core_schema

from tutor.cards import Card, Hand, Suit
from tutor.cayenne import Contract, Declaration
from tutor.content.fields import (
    Answer,
    AnswerValue,
    AnyHand,
    CardField,
    CutField,
    DealField,
    Hand13,
    History,
    MaximId,
    NonEmpty,
    PlayedCard,
    SeatCardField,
    SeatField,
    SideName,
    SuitField,
    one_card,
)
from tutor.conventions.catalogue import ID_PATTERN
from tutor.cut import CUT_ASKS, Custom, CutAsk
from tutor.deal import Deal
from tutor.errors import WhistError
from tutor.humbug import CHOICES
from tutor.play import Trick
from tutor.rulesets import Penalty as RevokePenalty
from tutor.seats import Seat
from tutor.text import Text  # re-exported: the content's texts are the one bilingual type
from tutor.vocab import CARD_QUESTIONS, QUESTION_KINDS, RULESET_NAMES, Lang, QuestionKind, RuleSetName, System
from tutor.vocab import SYSTEMS as VOCAB_SYSTEMS

__all__ = [
    "THEMES",
    "theme_label",
    "QUESTIONS",
    "ASKS",
    "RULESETS",
    "SYSTEMS",
    "FieldProblem",
    "Text",
    "AnswerValue",
    "Accept",
    "PlayedCard",
    "Deliberate",
    "Tricks",
    "Item",
    "Puzzle",
    "Exercise",
    "Diagram",
    "TeachStep",
    "ExerciseStep",
    "Lesson",
    "PuzzleFile",
    "ID_PATTERN",
]

#: The theme vocabulary (filter, progress by theme, generator). Each with its en/ru label.
THEMES: dict[str, tuple[str, str]] = {
    "deal-and-trump": ("Dealing and the trump card", "Сдача и козырь"),
    "following-suit": ("Following suit", "Ответ в масть"),
    "trick-winner": ("Who wins the trick", "Кто берёт взятку"),
    "counting": ("Counting cards", "Счёт карт"),
    "honours": ("Honours", "Онеры"),
    "coronka": ("Coronkas", "Коронки"),
    "score-sheet": ("The score sheet", "Запись"),
    "opening-lead": ("The opening lead", "Первый ход"),
    "king-third": ("King third", "Король сам-третей"),
    "ace-leads": ("Leads from an ace", "Ходы от туза"),
    "honour-sequences": ("Touching honours", "Ходы от рядовых онеров"),
    "bad-leads": ("Leads to avoid", "Плохие ходы"),
    "second-hand": ("Second hand", "Вторая рука"),
    "third-hand": ("Third hand", "Третья рука"),
    "covering": ("Covering an honour", "Покрытие онера"),
    "returns": ("Returning a suit", "Ответный ход"),
    "trumps": ("Leading trumps", "Ход в козырь"),
    "ruffing": ("Ruffing", "Битьё козырем"),
    "thirteenth-card": ("The thirteenth card", "Тринадцатая карта"),
    "call-for-trumps": ("The call for trumps", "Приглашение к козырям"),
    "discards": ("Discards", "Сбросы"),
    "laws": ("Laws and penalties", "Законы и штрафы"),
}


def theme_label(theme: str, lang: Lang) -> str:
    """A theme's name in ``lang`` (Russian or English); an unknown theme id is shown as it is, so
    a teacher's new theme still reads as something on the pages before it is named here."""
    names = THEMES.get(theme)
    if names is None:
        return theme
    return names[1] if lang == "ru" else names[0]

#: What a puzzle asks for; the answer's kind follows from it.
QUESTIONS: tuple[QuestionKind, ...] = QUESTION_KINDS
#: The number an honours or score question asks for, and of which side.
ASKS: tuple[str, ...] = (
    "honours-count-ns", "honours-count-ew",
    "honours-points-ns", "honours-points-ew",
    "coronka-points-ns", "coronka-points-ew",
    "score-below-ns", "score-below-ew",
    "score-above-ns", "score-above-ew",
    "game-value-ns", "game-value-ew",
    *CUT_ASKS,
)
#: Rule-set names (tutor/vocab.py; the presets are tutor/rulesets.py).
RULESETS: tuple[RuleSetName, ...] = RULESET_NAMES
#: Convention systems (tutor/vocab.py).
SYSTEMS: tuple[System, ...] = VOCAB_SYSTEMS

_CARD_ANSWERS = ("lead", "play")
_NUMBER_ANSWERS = ("honours", "score")
_CARD_QUESTIONS = CARD_QUESTIONS


class FieldProblem(ValueError):
    """A cross-field check that failed, naming the field it is about.

    pydantic reports a model-level error at the item; the loader reads ``loc`` from this
    exception so that the message points at the line of the offending field, not the item.
    """

    def __init__(self, loc: tuple[str | int, ...], message: str) -> None:
        super().__init__(message)
        self.loc = loc


#: The other tables an honours or score question may be asked at (issue 25).
TableVariant = Literal["humbug", "two-dummies", "cayenne"]
if TYPE_CHECKING:
    # These Literals are built at run time from the names the project defines (themes, asks)
    # so that pydantic refuses any other; a static checker cannot build a Literal from a tuple,
    # so it sees the plain strings they are. (Rule sets are the vocabulary's ``RuleSetName``.)
    Theme = str
    Ask = str
else:
    Theme = Literal[tuple(THEMES)]
    Ask = Literal[ASKS]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> Self:
        """A copy with ``update`` applied *through the validators* (pydantic's own copy skips them):
        an updated field may be given as text (``{"deal": "N:…"}``), read as the file would be, or
        as the value itself, and the cross-field checks run again."""
        if not update:
            return super().model_copy(deep=deep)
        return self.model_validate({**{name: getattr(self, name) for name in type(self).model_fields}, **update})


class _File:
    """How a content file writes a text: ``{en: ..., ru: ...}``, both present and non-empty once
    stripped. The loader's messages (``title: missing field 'ru'``) and the JSON Schema's ``Text``
    come from this model; a loaded item holds the value, a :class:`tutor.text.Text`."""

    class Text(_Model):
        """A text a learner reads, in both languages (neither may be empty)."""

        en: NonEmpty
        ru: NonEmpty


def _text_schema(source: Any, handler: GetCoreSchemaHandler) -> core_schema.CoreSchema:
    """A :class:`tutor.text.Text` read as the file's ``{en, ru}`` (or given as the value itself)
    and written back as it (``model_dump`` gives ``{"en": ..., "ru": ...}``)."""
    fields = handler(_File.Text)
    return core_schema.no_info_before_validator_function(
        lambda value: value.to_json() if isinstance(value, Text) else value,
        core_schema.no_info_after_validator_function(lambda read: Text(en=read.en, ru=read.ru), fields),
        serialization=core_schema.plain_serializer_function_ser_schema(Text.to_json))


#: A content field holding a :class:`tutor.text.Text` (the one bilingual type, re-exported here).
TextField = Annotated[Text, GetPydanticSchema(_text_schema)]


class Accept(_Model):
    """Another answer that is also right, and why (shown when the student gives it)."""

    answer: Answer
    reason: TextField

    @property
    def card(self) -> Card:
        """The accepted card (of a lead or play question, whose answers are cards)."""
        return one_card(self.answer)


class Deliberate(_Model):
    """A card of the history that is not the conventional one, played on purpose, and why
    (the linter requires every other card of ``played`` to be conventional)."""

    card: SeatCardField
    reason: TextField

    @property
    def seat_card(self) -> PlayedCard:
        """The seat and the card (equal to the ``(seat, card)`` pairs of :meth:`Trick.plays`)."""
        return self.card


class Standing(_Model):
    """Each side's points below the line before the deal (a game-value question: 004 «Цена игры
    определяется путем вычитания проигравших из семи»)."""

    NS: Annotated[int, Field(ge=0, le=99)] = 0
    EW: Annotated[int, Field(ge=0, le=99)] = 0


class Tricks(_Model):
    """Tricks taken in the deal, by one side (the other has the rest of 13)."""

    NS: Annotated[int, Field(ge=0, le=13)] | None = None
    EW: Annotated[int, Field(ge=0, le=13)] | None = None

    @model_validator(mode="after")
    def _one_side(self) -> Tricks:
        if self.NS is None and self.EW is None:
            raise ValueError("give the tricks of one side, e.g. {NS: 8}")
        if self.NS is not None and self.EW is not None and self.NS + self.EW != 13:
            raise ValueError(f"NS {self.NS} and EW {self.EW} tricks do not make 13")
        return self

    @property
    def ns(self) -> int:
        """North-South's tricks."""
        return self.NS if self.NS is not None else 13 - (self.EW or 0)


class Item(_Model):
    """What puzzles and lesson exercises share: a position from South's seat and a question."""

    rules: RuleSetName = "russian"
    system: System = "russian"
    seat: Literal["S"] = Field("S", description="The student always sits South.")
    dealer: SeatField = Field(Seat.E, description="The dealer holds the trump card; S leads first when E deals.",
                              json_schema_extra={"default": "E"})
    trump: CardField | None = Field(None, description=(
        "The turned-up trump card, in the dealer's hand (every question but cut)."))
    hand: Hand13 | None = Field(None, description=(
        "South's 13 cards as dealt, cards already played included (every question but cut)."))
    deal: DealField | None = Field(None, description=(
        "All four hands. honours/score: the deal counted (shown). lead/play/legal with played tricks: the "
        "hidden deal that proves every card of the history conventional (never shown before the answer; "
        "python -m tutor check --find-deals PATH finds one)."))
    played: History | None = None
    deliberate: list[Deliberate] = Field(default_factory=list, description=(
        "Cards of played that are deliberate mistakes, each {card: W:SK, reason: {en, ru}}: the linter "
        "excuses them from the rule that every card of the history is conventional."))
    question: QuestionKind
    ask: Ask | None = None
    tricks: Tricks | None = None
    standing: Standing | None = Field(default=None, description=(
        "score questions: each side's points below the line before the deal, e.g. {NS: 5, EW: 3}"))
    cut: CutField | None = Field(None, description=(
        "cut questions: the card each player drew, by name, e.g. {You: S5, Anna: HA, Boris: D9, Vera: C2}."))
    custom: Custom | None = Field(None, description=(
        "cut questions: the custom of the cut -- lowest (000: the lowest deals), highest (001: the highest "
        "deals, a house custom) or club (003: the ace the lowest card, the four highest play)."))
    variant: TableVariant | None = Field(None, description=(
        "honours and score questions at another table: humbug (002: each player's honours by Humbug's scale, "
        "South written as N-S, North as E-W; and the exchange question, keep or exchange), two-dummies (scored as for four; at a lead, play or legal question "
        "North's hand lies open, from deal:), cayenne (Parlett's scoring; "
        "trump: is the card cut from the second pack, whose suit is the cayenne suit; contract: names the game)."))
    contract: Declaration | None = Field(None, description="cayenne: the contract named -- cayenne, grand or nullo.")
    prompt: TextField | None = None
    answer: Answer
    accept: list[Accept] = Field(default_factory=list)
    maxims: list[MaximId] = Field(min_length=1)
    hints: list[TextField] = Field(default_factory=list)
    explanation: TextField
    override: TextField | None = Field(None, description="Why the answer differs from the engine's, when it does.")
    evidence_layouts: Annotated[int, Field(ge=2, le=10_000)] | None = Field(None, description=(
        "The layouts its shipped evidence was solved over, when not the default (the puzzle library's items: "
        "fewer layouts, the number shown with the figure)."))
    # -- the laws (000 «Масти и взятки» 4, «Ошибки» 3, 7; 004): penalties the engine applies
    revokes: list[SideName] = Field(default_factory=list, description=(
        "score questions: the side of each revoke in the deal (EW when East or West revoked), once per revoke."))
    revoke_penalty: RevokePenalty | None = Field(None, description=(
        "score questions with revokes: the penalty the opponents chose, points or tricks (default: the rules')."))
    exposed: list[CardField] = Field(default_factory=list, description=(
        "lead/play/legal: South's cards lying face up, which the opponents may call (000 «Ошибки» 7; 004)."))
    called: CardField | None = Field(None, description=(
        "The exposed card an opponent calls now: it must be played if it can be without a revoke (004)."))
    called_suit: SuitField | None = Field(None, description=(
        "South on lead after a lead out of turn: the suit the opponents call (000 «Ошибки» 3; 004)."))

    @model_validator(mode="after")
    def _position_fits_question(self) -> Item:
        """A cut is asked before any card is dealt: no hand and no trump; every other question is
        asked from South's seat in a deal, with both."""
        if self.question == "cut":
            for name in ("trump", "hand", "deal", "played"):
                if getattr(self, name) is not None:
                    raise FieldProblem((name,), f"a cut question is asked before the deal: leave {name}: out")
            if self.cut is None or self.custom is None:
                raise FieldProblem(("question",), "a cut question needs cut: (each player's card) and custom:")
            if not isinstance(self.answer, str):
                raise FieldProblem(("answer",), "a cut question is answered by a player's name, like Anna")
            if self.accept:
                raise FieldProblem(("accept",), "a cut question has one right player: leave accept out")
            return self
        for name in ("cut", "custom"):
            if getattr(self, name) is not None:
                raise FieldProblem((name,), f"only a cut question takes {name}:")
        if self.question == "exchange":
            return self._exchange_position()
        if self.variant == "two-dummies" and self.question in _CARD_QUESTIONS:
            if self.deal is None:  # North lies open: the learner plays him too (000 «"Болваны" в висте»)
                raise FieldProblem(("deal",), "a card question with two dummies shows North open: give deal:")
        elif self.variant is not None and self.question not in ("honours", "score"):
            raise FieldProblem(("variant",), "variant: is for honours and score questions at another table "
                                             "(and two-dummies for card questions too)")
        if (self.contract is not None) != (self.variant == "cayenne"):
            raise FieldProblem(("contract",), "a Cayenne question names its contract (contract: cayenne, grand or "
                                              "nullo), and only a Cayenne question does")
        for name in ("trump", "hand"):
            if getattr(self, name) is None:
                raise FieldProblem((name,), f"the {self.question} question needs {name}:")
        if isinstance(self.answer, str):
            what = "keep or exchange answers an exchange question" if self.answer in CHOICES else \
                "a player's name answers a cut question"
            raise FieldProblem(("answer",), f"{what}, not a {self.question} question")
        return self

    def _exchange_position(self) -> Item:
        """Humbug's keep-or-exchange (002) is decided from one's own pile and the turned-up card,
        before a card is played: a Humbug item with hand: and trump:, no deal, no history, answered
        keep or exchange."""
        if self.variant != "humbug":
            raise FieldProblem(("variant",), "an exchange question is asked at Humbug: add variant: humbug")
        for name in ("deal", "played"):
            if getattr(self, name) is not None:
                raise FieldProblem((name,), f"the exchange is decided from one's own pile alone, before any card is "
                                            f"played (002 forbids looking at the other piles): leave {name}: out")
        for name in ("trump", "hand"):
            if getattr(self, name) is None:
                raise FieldProblem((name,), f"the exchange question needs {name}:")
        if self.contract is not None:
            raise FieldProblem(("contract",), "only a Cayenne question names its contract")
        if self.answer not in CHOICES:
            raise FieldProblem(("answer",), "an exchange question is answered keep or exchange")
        if self.accept:
            raise FieldProblem(("accept",), "an exchange question has one right choice: leave accept out")
        return self

    @model_validator(mode="after")
    def _laws_fit_question(self) -> Item:
        q = self.question
        if self.revokes and q != "score":
            raise FieldProblem(("revokes",), "only a score question takes revokes (the penalty changes the score)")
        if self.revoke_penalty is not None and not self.revokes:
            raise FieldProblem(("revoke_penalty",), "a revoke penalty needs revokes: (which side revoked, e.g. [EW])")
        if len(set(self.exposed)) != len(self.exposed):
            raise FieldProblem(("exposed",), "a card is listed twice in exposed")
        for name in ("exposed", "called", "called_suit"):
            if getattr(self, name) not in (None, []) and q not in _CARD_QUESTIONS:  # Suit.S is 0: not by truth
                raise FieldProblem((name,), f"only lead, play and legal questions take {name}, not {q}")
        if self.called is not None and self.called not in self.exposed:
            raise FieldProblem(("called",), f"{self.called} is not one of the exposed cards")
        if self.called is not None and self.called_suit is not None:
            raise FieldProblem(("called_suit",), "one penalty at a time: called (an exposed card) or called_suit")
        for i, card in enumerate(self.exposed):
            if card not in self.student_hand:
                raise FieldProblem(("exposed", i), f"the exposed card {card} is not in South's hand")
        return self

    @model_validator(mode="after")
    def _deliberate_cards_were_played(self) -> Item:
        if not self.deliberate:
            return self
        plays = {(s, c) for t in self.played or () for s, c in t.plays()}
        seen: set[PlayedCard] = set()
        for i, d in enumerate(self.deliberate):
            if d.card in seen:
                raise FieldProblem(("deliberate", i, "card"), f"{d.card} is listed twice in deliberate")
            seen.add(d.card)
            if d.seat_card not in plays:
                raise FieldProblem(("deliberate", i, "card"), f"{d.card} was not played in the history (played:)")
        return self

    @model_validator(mode="after")
    def _answer_fits_question(self) -> Item:
        q = self.question
        if q in _CARD_ANSWERS:
            if not isinstance(self.answer, Card):
                raise FieldProblem(("answer",), f"the {q} question is answered by one card, like S4")
            for i, acc in enumerate(self.accept):
                if not isinstance(acc.answer, Card):
                    raise FieldProblem(("accept", i, "answer"), "an accepted answer of a card question is a card")
                if acc.answer == self.answer:
                    raise FieldProblem(("accept", i, "answer"), f"{acc.answer} is already the answer")
        elif q == "cut":
            if self.ask is not None and self.ask not in CUT_ASKS:
                raise FieldProblem(("ask",), f"ask: {self.ask} does not fit the cut question (use {', '.join(CUT_ASKS)})")
        elif q == "exchange":
            pass  # keep or exchange, checked with the position (_exchange_position)
        elif q == "legal":
            if not isinstance(self.answer, tuple) or not self.answer:
                raise FieldProblem(("answer",), "a legal question is answered by the list of every legal card")
            if self.accept:
                raise FieldProblem(("accept",), "a legal question accepts any legal card already: leave accept out")
        else:
            if not isinstance(self.answer, int):
                raise FieldProblem(("answer",), f"the {q} question is answered by a number")
            if self.accept:
                raise FieldProblem(("accept",), f"the {q} question has one right number: leave accept out")
        if q in _NUMBER_ANSWERS:
            if self.ask is None:
                raise FieldProblem(("question",), f"the {q} question needs ask: (e.g. {ASKS[2] if q == 'honours' else ASKS[6]})")
            kinds = ("honours-", "coronka-") if q == "honours" else ("score-", "game-value-")
            if not self.ask.startswith(kinds):
                raise FieldProblem(("ask",), f"ask: {self.ask} does not fit the {q} question")
            if self.deal is None:
                raise FieldProblem(("question",), f"the {q} question needs the whole deal (deal:)")
        elif self.ask is not None and q != "cut":
            raise FieldProblem(("ask",), f"ask: is only for honours, score and cut questions, not {q}")
        if q == "score" and self.tricks is None:
            raise FieldProblem(("question",), "a score question needs the tricks taken, e.g. tricks: {NS: 8}")
        if q != "score" and self.tricks is not None:
            raise FieldProblem(("tricks",), "tricks: is only for score questions")
        if q != "score" and self.standing is not None:
            raise FieldProblem(("standing",), "standing: is only for score questions")
        return self

    # -- the engine's names for the same values (read once, when the item was loaded) -------------
    @property
    def trump_card(self) -> Card:
        """The turned-up trump card (the ``trump`` field; every question but a cut has one)."""
        if self.trump is None:
            raise WhistError(f"a {self.question} question has no trump card")
        return self.trump

    @property
    def dealer_seat(self) -> Seat:
        """The dealer (the ``dealer`` field)."""
        return self.dealer

    @property
    def student_hand(self) -> Hand:
        """South's 13 cards as dealt (the ``hand`` field; every question but a cut has them)."""
        if self.hand is None:
            raise WhistError(f"a {self.question} question has no hand")
        return self.hand

    @property
    def cut_ask(self) -> CutAsk:
        """What a cut question asks: who deals (the default), who is South's partner, who waits."""
        return "dealer" if self.ask is None else self.ask  # type: ignore[return-value]  # ask: checked by the validator

    @property
    def tricks_played(self) -> tuple[Trick, ...]:
        """The tricks played before the question, none when the item gives no history."""
        return self.played or ()

    @property
    def exposed_cards(self) -> tuple[Card, ...]:
        """South's cards lying face up (a penalty: the opponents may call them)."""
        return tuple(self.exposed)

    @property
    def called_card(self) -> Card | None:
        """The exposed card the opponents call now, if any."""
        return self.called

    @property
    def called_suit_of(self) -> Suit | None:
        """The suit called from South's lead after a lead out of turn, if any."""
        return self.called_suit

    def full_deal(self) -> Deal | None:
        """The whole deal with the item's dealer and trump card, when the item gives the hands
        (``deal`` holds the four hands as read; the trump card must lie in the dealer's hand, which
        the linter reports at the item when it does not -- here it raises :class:`DealError`)."""
        if self.deal is None:
            return None
        if self.variant == "cayenne":  # no card turned up: the trump is the contract's
            return Deal(self.deal.hands, dealer=self.dealer, trump=self.cayenne_contract.trump)
        return Deal(self.deal.hands, dealer=self.dealer, trump_card=self.trump)

    @property
    def cayenne_contract(self) -> Contract:
        """A Cayenne question's contract: the suit of the card cut (``trump``), the game named, by the dealer."""
        if self.variant != "cayenne" or self.contract is None:
            raise WhistError("only a Cayenne question has a contract")
        return Contract(self.trump_card.suit, self.contract, self.dealer)

    @property
    def answer_card(self) -> Card:
        """The card a lead or play question is answered by."""
        return one_card(self.answer)

    def answer_cards(self) -> tuple[Card, ...]:
        """The answer as cards (one for lead/play, the set for legal, none for numbers)."""
        if isinstance(self.answer, Card):
            return (self.answer,)
        if isinstance(self.answer, tuple):
            return self.answer
        return ()


class Puzzle(Item):
    """A puzzle of the library: an item with an id, a title, themes and a difficulty."""

    id: Annotated[str, StringConstraints(pattern=ID_PATTERN, max_length=80)]
    title: TextField
    themes: list[Theme] = Field(min_length=1)
    difficulty: Annotated[int, Field(ge=1, le=5)]
    hints: list[TextField] = Field(min_length=1)


class Exercise(Item):
    """An exercise inside a lesson: a puzzle that needs no id, title or themes."""

    title: TextField | None = None
    themes: list[Theme] = Field(default_factory=list)
    difficulty: Annotated[int, Field(ge=1, le=5)] | None = None


class Diagram(_Model):
    """Cards shown beside a teaching text: a hand, a whole deal, or tricks, with the trump card."""

    hand: AnyHand | None = None
    deal: DealField | None = None
    trick: History | None = None
    trump: CardField | None = None
    dealer: SeatField | None = None
    caption: TextField | None = None

    def full_deal(self) -> Deal | None:
        """The diagram's deal with its dealer (East unless given) and trump card, when it shows one."""
        if self.deal is None:
            return None
        return Deal(self.deal.hands, dealer=Seat.E if self.dealer is None else self.dealer, trump_card=self.trump)

    @model_validator(mode="after")
    def _shows_something(self) -> Diagram:
        if self.hand is None and self.deal is None and self.trick is None:
            raise ValueError("a diagram shows a hand, a deal or a trick")
        return self


class TeachStep(_Model):
    """An idea explained (before the student is asked to use it)."""

    teach: TextField
    diagram: Diagram | None = None


class ExerciseStep(_Model):
    """A question for the student, checked like a puzzle."""

    exercise: Exercise


def _step_kind(value: Any) -> str | None:
    if isinstance(value, dict):
        if "exercise" in value:
            return "exercise-step"
        if "teach" in value:
            return "teach-step"
        return None
    if isinstance(value, ExerciseStep):
        return "exercise-step"
    if isinstance(value, TeachStep):
        return "teach-step"
    return None


Step = Annotated[
    Annotated[TeachStep, Tag("teach-step")] | Annotated[ExerciseStep, Tag("exercise-step")],
    Discriminator(_step_kind, custom_error_type="step_kind",
                  custom_error_message="a step is either {teach: …} or {exercise: …}"),
]


class Lesson(_Model):
    """One lesson: teaching steps first, then exercises (Bridge Classroom's teach and exam sets)."""

    id: Annotated[str, StringConstraints(pattern=ID_PATTERN, max_length=80)]
    order: Annotated[int, Field(ge=1)]
    title: TextField
    summary: TextField
    steps: list[Step] = Field(min_length=1)

    @model_validator(mode="after")
    def _teach_first(self) -> Lesson:
        if not isinstance(self.steps[0], TeachStep):
            raise FieldProblem(("steps", 0), "a lesson teaches first: the first step is a teach step")
        return self

    def exercises(self) -> list[tuple[int, Exercise]]:
        """The exercises with their step index (0-based)."""
        return [(i, s.exercise) for i, s in enumerate(self.steps) if isinstance(s, ExerciseStep)]


class PuzzleFile(_Model):
    """A puzzles file: ``puzzles:`` and the list."""

    puzzles: list[Puzzle] = Field(min_length=1)
