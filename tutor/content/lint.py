"""The content linter: proves every lesson and puzzle, the way CI proves code.

Reading a file (:mod:`tutor.content.loader`) checks its shape. Here each item is proved true:

* the cards: the trump card lies in the dealer's hand (South's only when South deals), the deal
  (when given) is consistent and holds South's hand;
* the history: legal under the laws -- replayed on the deal (:meth:`PlayState.from_history`) or,
  with only South's hand known, South's :class:`~tutor.seatview.SeatView` -- and South is to play;
* the laws: a called exposed card or a called suit narrows what is legal (:mod:`tutor.content.rulings`),
  and a lead/play item under a binding penalty must leave one card; revokes fit the rule set;
* the history makes sense: every card of ``played`` -- South's and the hidden hands' -- is the
  conventions engine's card for that seat at that moment (or one it rates ``equal``), judged on
  the item's hidden ``deal:``, unless ``deliberate:`` names it as a mistake and says why
  (:mod:`tutor.content.history`; ``--find-deals`` finds such a deal);
* the answer: held and legal; for lead/play the conventions engine's card is the answer or an
  accepted one, else the item must carry an ``override`` saying why (and no override when the
  engine agrees); for honours/score the scoring engine's number is the answer; for a legal
  question the answer is exactly the set of legal cards;
* Humbug's exchange: the answer is the robot's rule of the count (:func:`~tutor.humbug_robot.decide_exchange`
  on South's pile and the turned-up card), its maxim cited first;
* the maxim ids exist in the catalogue; every Russian text is Russian;
* the title, the prompt and the first hint do not name the answer card;
* ids are unique across all files, lesson orders too.

Every problem is a :class:`~tutor.content.loader.Problem` (``path:line: message``).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from tutor.cards import Card
from tutor.content.engine import engine_card, engine_cut, engine_exchange, engine_number, unknown_maxims
from tutor.content.history import check_history, deliberate_cards
from tutor.content.loader import ContentSet, Located, Problem, gc_paused, load_paths, parse_text
from tutor.content.markup import remote_loads
from tutor.content.models import THEMES, Diagram, ExerciseStep, Item, Lesson, Puzzle, TeachStep, Text
from tutor.content.quality import (
    SHARED_MAX,
    explanation_words,
    names_holding_ru,
    shared_explanations,
    text_names_rank,
)
from tutor.content.rulings import PenaltyError, Ruling
from tutor.content.situation import item_ruling, item_view
from tutor.cut import player_name
from tutor.errors import WhistError
from tutor.humbug_robot import EXCHANGE_MAXIM
from tutor.rulesets import find_ruleset
from tutor.scoring import scoring_maxims
from tutor.seats import Seat
from tutor.seatview import SeatView, check_record
from tutor.vocab import LANGS

__all__ = ["LintReport", "prove", "lint", "lint_paths", "names_card", "lint_text"]

_CYRILLIC = re.compile(r"[А-Яа-яЁё]")


def names_card(text: str, card: Card) -> bool:
    """Whether ``text`` spells out ``card``: ``SK``, ``♠K``, ``K♠``, ``♠10``, ``♠К``, ``К♠``."""
    forms = {str(card), card.symbol("en"), card.symbol("ru"),
             card.rank.display("en") + card.suit.symbol, card.rank.display("ru") + card.suit.symbol}
    if card.rank.char == "T":
        forms |= {card.suit.name + "10", card.suit.symbol + "T"}
    for form in forms:
        if re.search(r"(?<![A-Za-zА-Яа-я0-9])" + re.escape(form) + r"(?![A-Za-zА-Яа-я0-9])", text):
            return True
    return False


#: Where a text sits in an item: its field names and list indices (``("hints", 0)``).
_FieldPath = tuple[str | int, ...]


def _texts(item: Item) -> Iterable[tuple[_FieldPath, Text]]:
    """Every learner-facing text of an item with its field path."""
    title: Text | None = item.title if isinstance(item, Puzzle) else getattr(item, "title", None)
    if title is not None:
        yield ("title",), title
    if item.prompt is not None:
        yield ("prompt",), item.prompt
    for i, h in enumerate(item.hints):
        yield ("hints", i), h
    yield ("explanation",), item.explanation
    if item.override is not None:
        yield ("override",), item.override
    for i, a in enumerate(item.accept):
        yield ("accept", i, "reason"), a.reason
    for i, d in enumerate(item.deliberate):
        yield ("deliberate", i, "reason"), d.reason


def _language_problems(loc: Located[BaseModel], texts: Iterable[tuple[_FieldPath, Text]]) -> list[Problem]:
    out: list[Problem] = []
    for path, text in texts:
        for lang in LANGS:  # docs/limits.md: nothing in a learner's text loads from elsewhere
            out.extend(loc.problem(f"{'.'.join(map(str, path))}.{lang}: {what}", *path, lang)
                       for what in remote_loads(getattr(text, lang)))
        if not _CYRILLIC.search(text.ru):
            out.append(loc.problem(f"{'.'.join(map(str, path))}.ru is not in Russian", *path, "ru"))
        elif text.ru == text.en:
            out.append(loc.problem(f"{'.'.join(map(str, path))}: en and ru are the same text", *path))
    return out


def _check_cards(loc: Located[Item]) -> list[Problem]:
    item = loc.item
    out: list[Problem] = []
    hand, trump = item.student_hand, item.trump_card
    if item.variant == "humbug" and item.dealer not in (Seat.S, Seat.N):
        out.append(loc.problem("Humbug is two players, South and North: one of them deals", "dealer"))
    cut = item.variant == "cayenne"  # the card cut from the second pack lies in no hand of the deal
    if not cut and item.dealer is Seat.S and trump not in hand:
        out.append(loc.problem(f"South deals, so the trump card {trump} must be in South's hand", "trump"))
    if not cut and item.dealer is not Seat.S and trump in hand:
        out.append(loc.problem(
            f"the trump card {trump} is in South's hand, but it lies in the dealer's ({item.dealer.name}) hand", "trump"))
    if item.deal is not None:
        try:
            deal = item.full_deal()
        except WhistError as exc:
            out.append(loc.problem(f"deal: {exc}", "deal"))
        else:
            assert deal is not None  # item.deal is given
            if deal.hands[Seat.S] != hand:
                out.append(loc.problem(
                    f"deal: South's hand {deal.hands[Seat.S].pbn()} is not the item's hand {hand.pbn()}", "deal"))
    return out


def _check_answer(loc: Located[Item], view: SeatView, ruling: Ruling) -> list[Problem]:
    item = loc.item
    out: list[Problem] = []
    q = item.question
    if q in ("honours", "score"):
        return out  # counted from the deal, whoever is to play
    if view.to_play != Seat.S:
        return [loc.problem(f"after the played tricks {view.to_play.name} is to play, not South", "played"
                            if item.played else "dealer")]
    if q == "lead" and view.current is not None:
        return [loc.problem("South is to follow to a trick, not to lead: the question is play, not lead", "question")]
    if q == "play" and view.current is None:
        return [loc.problem("South is on lead here: the question is lead, not play", "question")]
    if q in ("lead", "play"):
        answers = [(("answer",), item.answer_card)] + [(("accept", i, "answer"), a.card) for i, a in enumerate(item.accept)]
        for path, card in answers:
            if card not in view.remaining:
                where = "was already played" if card in item.student_hand else "is not in South's hand"
                out.append(loc.problem(f"{'.'.join(map(str, path))}: {card} {where}", *path))
            elif card not in ruling.cards and ruling.binds and card in view.legal_cards():
                allowed = " ".join(str(c) for c in ruling.cards)
                out.append(loc.problem(
                    f"{'.'.join(map(str, path))}: {card} is illegal: the penalty ({ruling.maxim}) allows only "
                    f"{allowed}", *path))
            elif card not in ruling.cards:
                led = view.current.suit_led.symbol if view.current else ""
                out.append(loc.problem(
                    f"{'.'.join(map(str, path))}: {card} is illegal: South must follow suit {led} "
                    f"(000 «Масти и взятки» 1)", *path))
    if q == "legal":
        given = set(item.answer_cards())
        legal = set(ruling.cards)
        if given != legal:
            missing = " ".join(str(c) for c in sorted(legal - given))
            extra = " ".join(str(c) for c in sorted(given - legal))
            detail = "; ".join(x for x in (f"missing {missing}" if missing else "", f"not legal {extra}" if extra else "") if x)
            if ruling.maxim is not None:
                detail += f"; {ruling.maxim} binds"
            out.append(loc.problem(f"answer: the legal cards are {' '.join(str(c) for c in sorted(legal))} ({detail})", "answer"))
    return out


def _check_revokes(loc: Located[Item]) -> list[Problem]:
    """The revokes of a score item fit its rule set: the rules have a revoke penalty, and the one
    chosen is among the options the law gives (000 «Масти и взятки» 4: points or tricks; 004: tricks)."""
    item = loc.item
    if not item.revokes:
        return []
    law = find_ruleset(item.rules).revoke
    if law is None:
        return [loc.problem(f"revokes: the {item.rules} rules have no revoke penalty (the trick is replayed, "
                            f"001 §7): use rules: russian or american", "revokes")]
    if item.revoke_penalty is not None and item.revoke_penalty not in law.options():
        return [loc.problem(f"revoke_penalty: the {item.rules} rules know only {' or '.join(law.options())} "
                            f"({law.source}), not {item.revoke_penalty}", "revoke_penalty")]
    return []


def _check_engine(loc: Located[Item], ruling: Ruling | None = None) -> list[Problem]:
    item = loc.item
    q = item.question
    if q in ("lead", "play") and ruling is not None and ruling.binds:
        # the law, not a convention, decides: the answer was proved the one card allowed
        if len(ruling.cards) == 1:
            return []
        return [loc.problem(
            f"question: the penalty ({ruling.maxim}) leaves {len(ruling.cards)} cards and the conventions engine "
            f"does not know it: ask a legal question, or a position where the law leaves one card", "question")]
    if q in ("lead", "play"):
        advice = engine_card(item)
        agreed = {item.answer} | {a.answer for a in item.accept}
        deciding = advice.maxims[0] if advice.maxims else "no maxim"
        if advice.card in agreed:
            if item.override is not None:
                return [loc.problem(f"override: the engine now agrees ({advice.card}, {deciding}); remove the override",
                                    "override")]
            # equally good cards must all be accepted: a learner who plays either is right
            equal = sorted(c.card for c in advice.candidates if c.verdict == "equal" and c.card not in agreed
                           and c.card != advice.card)
            if equal:
                cards = " ".join(str(c) for c in equal)
                return [loc.problem(f"accept: the engine rates {cards} as good as {advice.card}: accept "
                                    f"{'it' if len(equal) == 1 else 'them'} too, with a reason", "accept"
                                    if item.accept else "answer")]
            return []
        if item.override is None:
            return [loc.problem(
                f"answer: the engine plays {advice.card} ({deciding}, {advice.system} system), not {item.answer}: "
                f"fix the answer, accept {advice.card} with a reason, or explain with override:", "answer")]
        return []
    if q in ("honours", "score"):
        shown = item.maxims[0] if item.maxims else None
        if shown in scoring_maxims() - scoring_maxims(item.rules):
            # the rule shown beside the answer would contradict it (defect 5: "leve, 2 a trick"
            # beside an American count of one a trick)
            return [loc.problem(f"maxims: {shown} is another rule set's scoring, not the {item.rules} rules' "
                                f"({', '.join(sorted(scoring_maxims(item.rules))) or 'none catalogued'})",
                                "maxims", 0)]
        got = engine_number(item)
        if got.value != item.answer:
            made = "; ".join(p.en for p in got.parts)
            return [loc.problem(f"answer: the rules give {got.value} for {item.ask}, not {item.answer}"
                                + (f" ({made})" if made else ""), "answer")]
    return []


def _check_history(loc: Located[Item]) -> list[Problem]:
    """Every card of the played tricks is conventional for its seat, or a named deliberate mistake."""
    item = loc.item
    if not item.played:
        if item.deliberate:
            return [loc.problem("deliberate: there is no history (played:) to excuse a card of", "deliberate")]
        return []
    deal = item.full_deal()
    if deal is None:
        return [loc.problem("played: every card of the history must be proved conventional on a hidden deal: add "
                            "deal: (python -m tutor check --find-deals FILE finds one)", "played")]
    excused = deliberate_cards(item)
    out: list[Problem] = []
    checks = check_history(item, deal)
    for c in checks:
        if not c.conventional and (c.seat, c.card) not in excused:
            out.append(loc.problem(c.message(), "played"))
    for i, d in enumerate(item.deliberate):
        seat, card = d.seat_card
        if any(c.conventional and c.seat == seat and c.card == card for c in checks):
            out.append(loc.problem(f"deliberate: {d.card} is conventional now; remove it from deliberate",
                                   "deliberate", i, "card"))
    return out


def _check_cut(loc: Located[Item]) -> list[Problem]:
    """A cut question is proved by the rules of the cut (:mod:`tutor.cut`): the custom decides what
    is asked (no tie left to a new draw), the answer is the player it names, and neither the prompt
    nor the first hint names that player."""
    item = loc.item
    try:
        got = engine_cut(item)
    except WhistError as exc:
        return [loc.problem(f"cut: {exc}", "cut")]
    if got != item.answer:
        return [loc.problem(f"answer: under the {item.custom} custom the answer is {got}, not {item.answer}", "answer")]
    out: list[Problem] = []
    names = {got, player_name(got, "ru")}
    for path, text in ((("prompt",), item.prompt), (("hints", 0), item.hints[0] if item.hints else None)):
        if text is not None and any(re.search(rf"\b{n}\b", getattr(text, lang)) for n in names for lang in LANGS):
            out.append(loc.problem(f"{'.'.join(map(str, path))} gives the answer away: it names {got}", *path))
    return out


def _check_exchange(loc: Located[Item]) -> list[Problem]:
    """Humbug's exchange is proved by the robot's stated rule (:func:`engine_exchange`): South or
    North deals, the turned-up card lies in the dealer's pile, the answer is the rule's choice, and
    the rule's maxim is cited first -- the explanation a learner reads is the rule's."""
    item = loc.item
    out = _check_cards(loc)
    if out:
        return out
    try:
        decision = engine_exchange(item)
    except WhistError as exc:
        return [loc.problem(f"the engine refused the position: {exc}", "answer")]
    if decision.choice != item.answer:
        out.append(loc.problem(
            f"answer: the rule of the count says {decision.choice} (the pile counts {decision.own:g}, the pile on the "
            f"right {decision.pile:.1f} on average), not {item.answer}", "answer"))
    if item.maxims[0] != EXCHANGE_MAXIM:
        out.append(loc.problem(f"maxims: an exchange question rests on {EXCHANGE_MAXIM}: cite it first", "maxims", 0))
    return out


def prove(loc: Located[Item]) -> list[Problem]:
    """Every problem with one item (puzzle or lesson exercise); empty when it is proved."""
    item = loc.item
    if item.question == "cut":
        return _check_cut(loc) + _maxim_problems(loc) + _language_problems(loc, _texts(item))
    if item.question == "exchange":
        return _check_exchange(loc) + _maxim_problems(loc) + _language_problems(loc, _texts(item))
    out = _check_cards(loc)
    if not out:
        try:
            view = item_view(item)
            ruling = item_ruling(item, view)
        except PenaltyError as exc:
            out.append(loc.problem(f"{exc.field}: {exc}", exc.field))
        except WhistError as exc:
            out.append(loc.problem(f"played: {exc}", "played" if item.played else "hand"))
        else:
            out.extend(_check_answer(loc, view, ruling))
            out.extend(_check_revokes(loc))
            if not out:
                try:
                    out.extend(_check_engine(loc, ruling))
                    out.extend(_check_history(loc))
                except WhistError as exc:
                    out.append(loc.problem(f"the engine refused the position: {exc}", "answer"))
                except Exception as exc:  # noqa: BLE001 -- an engine bug: report it at the item, prove the rest
                    out.append(loc.problem(f"the engine failed on this position: {type(exc).__name__}: {exc}", "answer"))
    out.extend(_maxim_problems(loc))
    out.extend(_language_problems(loc, _texts(item)))
    if item.question in ("lead", "play") and isinstance(item.answer, Card):
        card = item.answer
        spots: list[tuple[_FieldPath, Text | None]] = [(("prompt",), item.prompt),
                                                   (("hints", 0), item.hints[0] if item.hints else None),
                                                   (("title",), getattr(item, "title", None))]
        named: set[_FieldPath] = set()
        for path, text in spots:
            if text is not None and (names_card(text.en, card) or names_card(text.ru, card)):
                out.append(loc.problem(f"{'.'.join(map(str, path))} gives the answer away: it names {card}", *path))
                named.add(path)
        # issue 26 point 6, for every puzzle (the editor's review, shared/reviews/generated-puzzles.md):
        # a title names the situation, never the holding the card comes from; no hint names the
        # answer's rank, in a puzzle or a lesson's exercise (a hint is read before the answer in both)
        title = getattr(item, "title", None)
        if isinstance(item, Puzzle) and title is not None and item.hand is not None:
            held = [c for c in item.hand if c.suit == card.suit]
            if names_holding(title.en, held) or names_holding_ru(title.ru, held):
                out.append(loc.problem("title gives the answer away: it names the holding the card is played from "
                                       "(name the situation instead)", "title"))
        for i, hint in enumerate(item.hints):
            if text_names_rank(hint, card.rank) and ("hints", i) not in named:  # a hint naming the card is already reported
                out.append(loc.problem(f"hints.{i} gives the answer away: it names the answer's rank "
                                       f"({card.rank.display('en')})", "hints", i))
    return out


#: Words by which a title names a holding (its honours, its shape): "Ace and king at the top",
#: "Three honours in a row", "A king with a gap".
_HOLDING_WORDS = frozenset({"coronka", "tierce", "quart", "sequence", "row", "honours", "small", "top", "gap",
                            "doubleton"})
#: An honour's length ("king third", "ace fifth") is a holding; "you play third", "third hand" is a seat.
_LENGTH_EN = re.compile(r"\b(?:ace|king|queen|jack|knave|ten)\s+(?:third|fourth|fifth|sixth)\b")
#: A small card led is the trick, not the holding: "East leads small", "West leads a small card".
_LED_SMALL_EN = re.compile(r"\b(?:leads?|led)\s+(?:a\s+)?small\b")
_RANK_WORDS = {"ace": "A", "king": "K", "queen": "Q", "jack": "J", "knave": "J", "ten": "T"}


def names_holding(title: str, holding: Sequence[Card]) -> bool:
    """Whether an (English) title names the holding a card is led or played from: a rank the suit
    holds, or a word for its shape; a small card led and a seat ("you play third") are the
    situation, not the holding (defect 19: the daily «Туз и король наверху», "Ace and king at the
    top", named the combination to lead from).

    >>> from tutor.cards import parse_card
    >>> names_holding("Ace and king at the top", [parse_card(c) for c in ("HA", "HK", "H8", "H5")])
    True
    >>> names_holding("West dealt, ♣5 turned up", [parse_card(c) for c in ("HA", "HK", "H8", "H5")])
    False
    """
    words = set(re.findall(r"[a-z]+", _LED_SMALL_EN.sub(" ", title.lower())))
    held = {str(c)[1:] for c in holding}  # "HT" -> "T"
    if words & _HOLDING_WORDS or _LENGTH_EN.search(title.lower()):
        return True
    return any(_RANK_WORDS[w] in held for w in words & set(_RANK_WORDS))


def _maxim_problems(loc: Located[Item]) -> list[Problem]:
    out: list[Problem] = []
    try:  # the catalogue is data a teacher may have broken: say so at the item, never a traceback
        for i, maxim in enumerate(loc.item.maxims):
            if unknown_maxims([maxim]):
                out.append(loc.problem(f"maxims: unknown maxim id {maxim!r}", "maxims", i))
    except WhistError as exc:
        out.append(loc.problem(f"cannot check maxim ids: {exc}", "maxims"))
    return out


def _diagram_problems(les: Located[Lesson]) -> list[Problem]:
    out: list[Problem] = []
    lines = les.item.steps
    for i, step in enumerate(lines):
        if not isinstance(step, TeachStep) or step.diagram is None:
            continue
        d: Diagram = step.diagram
        at = ("steps", i, "diagram")
        out.extend(_language_problems(les, [((*at, "caption"), d.caption)] if d.caption else []))
        if d.hand is not None:
            # a teaching diagram showing an exercise's own hand answers it before it is asked
            # (defect 19: lesson 7's coronka in hearts was exercise 2's hand)
            for j, later in enumerate(lines[i + 1:], start=i + 1):
                if isinstance(later, ExerciseStep) and later.exercise.hand == d.hand:
                    out.append(les.problem(f"diagram: shows the hand of the exercise at step {j + 1}; "
                                           "teach with another hand", *at, "hand"))
        try:
            d.full_deal()
            if d.trick is not None:
                tricks = d.trick
                if d.hand is not None:
                    check_record(tricks, d.trump.suit if d.trump else None, tricks[0].leader,
                                 known={Seat.S: d.hand} if len(d.hand) == 13 else None)
        except WhistError as exc:
            out.append(les.problem(f"diagram: {exc}", *at))
    texts: list[tuple[_FieldPath, Text]] = [(("title",), les.item.title), (("summary",), les.item.summary)]
    texts += [(("steps", i, "teach"), s.teach) for i, s in enumerate(lines) if isinstance(s, TeachStep)]
    out.extend(_language_problems(les, texts))
    return out


@dataclass(frozen=True)
class LintReport:
    """The linter's verdict on a set of files."""

    problems: tuple[Problem, ...]
    files: int
    puzzles: int
    lessons: int
    exercises: int
    themes: dict[str, int] = field(default_factory=dict)
    difficulty: dict[int, int] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not self.problems

    def to_json(self) -> dict[str, Any]:
        return {
            "ok": self.ok,
            "files": self.files,
            "puzzles": self.puzzles,
            "lessons": self.lessons,
            "exercises": self.exercises,
            "problems": [{"path": p.path, "line": p.line, "message": p.message} for p in self.problems],
            "themes": self.themes,
            "difficulty": {str(k): v for k, v in self.difficulty.items()},
        }


@gc_paused()  # linear in the number of items (docs/limits.md): see tutor.content.loader.gc_paused
def lint(content: ContentSet) -> LintReport:
    """Prove every item of ``content`` and check what spans files (unique ids and orders)."""
    problems: list[Problem] = list(content.problems)
    for loc in content.items():
        problems.extend(prove(loc))
    seen: dict[str, Located[Puzzle | Lesson]] = {}
    named: list[Located[Puzzle | Lesson]] = [*content.puzzles, *content.lessons]
    for entry in named:
        key = entry.item.id
        if key in seen:
            first = seen[key]
            problems.append(entry.problem(f"id {key!r} is already used at {first.path}:{first.line}", "id"))
        else:
            seen[key] = entry
    shared = shared_explanations((p.item.id, p.item.explanation.en) for p in content.puzzles)
    if shared:
        for p in content.puzzles:
            n = shared.get(explanation_words(p.item))
            if n:
                problems.append(p.problem(f"explanation: the same words explain {n} puzzles (at most {SHARED_MAX}): "
                                          "say what is true of this hand", "explanation"))
    orders: dict[int, Located[Lesson]] = {}
    for les in content.lessons:
        problems.extend(_diagram_problems(les))
        o = les.item.order
        if o in orders:
            problems.append(les.problem(f"order {o} is already used by lesson {orders[o].item.id}", "order"))
        else:
            orders[o] = les
    themes = Counter(t for p in content.puzzles for t in p.item.themes)
    difficulty = Counter(p.item.difficulty for p in content.puzzles)
    return LintReport(
        problems=tuple(sorted(set(problems), key=lambda p: (p.path, p.line, p.message))),
        files=len(content.files),
        puzzles=len(content.puzzles),
        lessons=len(content.lessons),
        exercises=len(content.exercises),
        themes={t: themes[t] for t in THEMES if themes[t]},
        difficulty=dict(sorted(difficulty.items())),
    )


def lint_text(text: str, path: str = "<text>") -> LintReport:
    """Read and prove one file's text (the Workshop's live validation of what a teacher types)."""
    return lint(ContentSet((parse_text(text, path),)))


def lint_paths(paths: Iterable[str | Path] | None = None) -> LintReport:
    """Read and prove the given files and folders (default: the repository's lessons/ and puzzles/)."""
    return lint(load_paths(paths))
