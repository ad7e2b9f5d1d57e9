"""Grading a student's answer, and the graded hints.

Learners ask for one thing above all: say *why* a wrong answer is wrong, not only what the right
one was (what players ask of Bridge Master and Lichess). So a wrong card is judged by the conventions engine (``explain_card``) and
the feedback cites the maxim it breaks; an illegal card cites the law; a wrong number says what
the right count is made of (three honours -> 2 points). A right answer gets a short message --
the explanation stays available, but the rule is not repeated at length.

A wrong answer never names the right one (Lichess and chess.com puzzles work the same way): the
message says "not this card", names the maxim it breaks only when the maxim's title cannot name
the right card (:func:`shown_maxims`), and :attr:`Feedback.idea` points toward the idea (which
suit, which seat, what partner said) -- never the card, never how many cards are good. The right
card, the engine's full reasoning and the item's explanation go into ``Feedback.explanation``,
shown when the puzzle is solved, after a second wrong answer, or when the learner asks.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast

from tutor.cards import Card, parse_card
from tutor.content.engine import cut_ruling, engine_exchange, engine_number, engine_verdict, exchange_counts
from tutor.content.models import Item, Text
from tutor.content.situation import item_ruling, item_view
from tutor.conventions.catalogue import UnknownMaximError, get_maxim, maxim_title
from tutor.cut import custom_rule, player_name
from tutor.errors import CardError, WhistError
from tutor.humbug import CHOICES
from tutor.i18n import t
from tutor.play import must_follow_suit
from tutor.vocab import GRADE_VERDICTS, LANGS, GradeVerdict, Lang, parse_lang

__all__ = ["Feedback", "GradingError", "VERDICTS", "grade", "read_response", "hint", "hint_count", "answer_score",
           "hint_cost", "shown_maxims", "names_a_card"]

#: right: the answer; accepted: another right answer; worse/bad: the engine's judgement of a
#: legal but wrong card; wrong: a wrong number (or a card the engine has no finding on);
#: illegal: a card the laws forbid or the student does not hold.
VERDICTS: tuple[GradeVerdict, ...] = GRADE_VERDICTS


class GradingError(WhistError):
    """A response that cannot be read as an answer to the item (not a card, not a number)."""


@dataclass(frozen=True)
class Feedback:
    """The verdict on one response, with what to tell the student in both languages."""

    correct: bool
    verdict: str
    maxims: tuple[str, ...]
    message: Text
    explanation: Text
    lang: Lang = "en"
    #: For a wrong answer: a pointer toward the idea (which suit, which seat, what partner said),
    #: never the card. None for a right answer.
    idea: Text | None = None
    #: For a wrong answer: the maxims that may be named before the solution (their titles do not
    #: name the right card); ``maxims`` keeps them all, for the solution and the records.
    shown: tuple[str, ...] = ()

    def __str__(self) -> str:
        return self.message[self.lang]

    def to_json(self) -> dict[str, Any]:
        return {
            "correct": self.correct,
            "verdict": self.verdict,
            "maxims": list(self.maxims),
            "message": self.message.to_json(),
            "explanation": self.explanation.to_json(),
        }


def _cards_text(cards: tuple[Card, ...] | list[Card], lang: Lang) -> str:
    return " ".join(c.symbol(lang) for c in cards)


def _read_card(response: Any) -> Card:
    if isinstance(response, Card):
        return response
    try:
        return parse_card(str(response))
    except CardError:
        raise GradingError(f"not a card: {response!r} (write e.g. S4, ♥10, ♦Д)") from None


def _read_number(response: Any) -> int:
    if isinstance(response, bool):
        raise GradingError(f"not a number: {response!r}")
    if isinstance(response, int):
        return response
    try:
        return int(str(response).strip())
    except ValueError:
        raise GradingError(f"not a number: {response!r}") from None


def _grade_card(item: Item, card: Card, lang: Lang) -> Feedback:
    view = item_view(item)
    ruling = item_ruling(item, view)
    # what a wrong answer reveals once solved or given up: the card asked for, with the reasons
    wrong_explanation = (_solution(item.answer_card, item) if item.question in ("lead", "play")
                         else item.explanation)
    if card not in view.remaining:
        held = card in item.student_hand
        return Feedback(
            False, "illegal", (), _say("already_played" if held else "not_in_hand", card=card),
            wrong_explanation, lang, idea=_idea(("must-follow-suit",), law=True),
        )
    if card not in ruling.cards and ruling.binds and card in view.legal_cards():
        # following suit would allow it, but a penalty binds: the law is the reason
        return Feedback(
            False, "illegal", (ruling.maxim,) if ruling.maxim else tuple(item.maxims),
            _say("not_allowed", card=card, why=ruling.why),
            wrong_explanation, lang, idea=_idea(("must-follow-suit",), law=True),
            shown=(ruling.maxim,) if ruling.maxim else tuple(item.maxims),
        )
    if card not in ruling.cards and item.question == "legal":
        # the question is which cards the law allows: the law is named, never the suit that
        # answers it («♥Д нельзя: в ходу трефы, и они у вас есть» gave the answer, defect 18)
        return Feedback(
            False, "illegal", ("must-follow-suit",), _law_refusal(card, "must-follow-suit"),
            wrong_explanation, lang, idea=_idea(("must-follow-suit",), law=True), shown=("must-follow-suit",),
        )
    if card not in ruling.cards:
        led = view.current.suit_led if view.current is not None else card.suit
        extra = ruling.why if ruling.why is not None and not ruling.binds else None
        return Feedback(
            False, "illegal", ("must-follow-suit",),
            Text(en=must_follow_suit(card, led, "en") + (f" {extra.en}" if extra else ""),
                 ru=must_follow_suit(card, led, "ru") + (f" {extra.ru}" if extra else "")),
            wrong_explanation, lang, idea=_idea(("must-follow-suit",), law=True), shown=("must-follow-suit",),
        )
    if item.question == "legal" and len(ruling.cards) == 1:
        why = ruling.why if ruling.binds and ruling.why is not None else None
        return Feedback(
            True, "right", tuple(item.maxims),
            _say("only_card", card=card, why=why),
            item.explanation, lang,
        )
    if item.question == "legal":
        rest = [c for c in ruling.cards if c != card]
        others = Text(en=_cards_text(rest, "en") or t("grade.nothing_else", "en"),
                      ru=_cards_text(rest, "ru") or t("grade.nothing_else", "ru"))
        return Feedback(True, "right", tuple(item.maxims), _say("may_play", card=card, others=others),
                        item.explanation, lang)
    answer = item.answer_card
    if card == answer:
        return Feedback(True, "right", tuple(item.maxims), _say("right", card=card), item.explanation, lang)
    for acc in item.accept:
        if acc.card == card:
            return Feedback(True, "accepted", tuple(item.maxims),
                            _say("also_right", card=card, reason=acc.reason, answer=answer), item.explanation, lang)
    verdict = engine_verdict(item, card)
    if verdict.verdict == "equal":
        # no maxim tells this card from the answer: equally good moves are all accepted (as Lichess accepts every winning move)
        return Feedback(
            True, "accepted", verdict.maxims or tuple(item.maxims),
            _say("as_good", card=card, answer=answer, why=verdict.why),
            item.explanation, lang,
        )
    maxims = verdict.maxims or tuple(item.maxims)
    shown = shown_maxims(maxims, card, answer)
    return Feedback(
        False, (verdict.verdict if verdict.verdict in VERDICTS else "worse") if verdict.maxims else "wrong", maxims,
        _wrong_card_message(card, maxims, shown, answer), _solution(answer, item, verdict.why if verdict.maxims else None),
        lang, idea=_idea(maxims), shown=shown,
    )


def _maxim_title(maxim_ids: tuple[str, ...], lang: Lang) -> str | None:
    """The title of the first maxim the catalogue knows (:func:`~tutor.conventions.catalogue.maxim_title`)."""
    return next((title for mid in maxim_ids if (title := maxim_title(mid, lang)) is not None), None)


def _category(maxim_ids: tuple[str, ...]) -> str | None:
    for mid in maxim_ids:
        try:
            return get_maxim(mid).category
        except UnknownMaximError:
            continue
    return None


#: Categories whose maxims choose a suit or answer a signal: their titles may be named before
#: the solution when the wrong card is in another suit than the answer. A lead-card or following
#: maxim ("King third -- lead small", "Second hand low") names the card itself.
_SUIT_CATEGORIES = ("lead-suit", "later-lead", "trump-signal", "law")
#: Words by which a maxim's English title names a card or its place in the suit.
_CARD_WORDS = re.compile(r"\b(top|bottom|small|smallest|low|lowest|high|highest|ace|king|queen|knave|jack|ten|"
                         r"nine|deuce|fourth|cover|echo|peter|unblock)\b", re.IGNORECASE)


def names_a_card(maxim_id: str) -> bool:
    """True when the maxim's title names a card or its place in a suit ("lead small", "from the
    top", "cover a led knave"): such a title gives the answer away after a wrong card."""
    try:
        m = get_maxim(maxim_id)
    except UnknownMaximError:
        return True
    return m.category not in _SUIT_CATEGORIES or bool(_CARD_WORDS.search(m.title_in("en")))


def shown_maxims(maxims: tuple[str, ...], card: Card, answer: Card) -> tuple[str, ...]:
    """The maxims a wrong ``card`` may be told it breaks before the solution is shown: none when
    the card is in the answer's suit (any maxim then points at the card), else those whose
    titles name no card (:func:`names_a_card`)."""
    if card.suit == answer.suit:
        return ()
    return tuple(m for m in maxims if not names_a_card(m))


def _say(key: str, **values: Card | Text | str | int | None) -> Text:
    """The grader's sentence ``grade.KEY`` of the locale files in both languages: a card as its
    symbol, a text in the same language, None as nothing (the sentence then loses the space it
    left at its end)."""

    def one(lang: Lang) -> str:
        fmt = {k: (v.symbol(lang) if isinstance(v, Card) else v[lang] if isinstance(v, Text)
                   else "" if v is None else str(v)) for k, v in values.items()}
        return t(f"grade.{key}", lang, **fmt).rstrip()

    return Text(en=one("en"), ru=one("ru"))


def _join(*parts: Text | None) -> Text:
    """Sentences one after another, in each language (the missing ones left out)."""
    return Text(en=" ".join(p.en for p in parts if p is not None),
                ru=" ".join(p.ru for p in parts if p is not None))


def _idea(maxim_ids: tuple[str, ...], *, law: bool = False) -> Text:
    """A pointer toward the idea the wrong card missed, by the kind of maxim that decides; for a
    card the law refuses, the law's (not "where do you sit in the trick", which fits a choice
    among legal cards: defect 18)."""
    key = "feedback.idea.follow_suit" if law else f"feedback.idea.{_category(maxim_ids) or 'any'}"
    return Text(en=t(key, "en"), ru=t(key, "ru"))


def _law_refusal(card: Card, law: str) -> Text:
    """A card the law refuses, the law named by its title, quoted (never the cards it allows)."""
    return Text(**{lang: t("grade.law_refuses", lang, card=card.symbol(lang), law=maxim_title(law, lang) or law)
                   for lang in LANGS})


def maxim_head(maxim_id: str) -> Text | None:
    """The part of a maxim's title that names its case, not what to do: «Король сам-третей» of
    «Король сам-третей — ход с маленькой» (None when the title has no such part in both
    languages, or the catalogue does not know the id). Quoted after a wrong card of the answer's
    suit, it names the rule the card breaks without the card it asks for (defect 17)."""
    try:
        title = get_maxim(maxim_id).title
    except UnknownMaximError:
        return None
    if " — " not in title["en"] or " — " not in title["ru"]:
        return None
    return Text(en=title["en"].split(" — ")[0], ru=title["ru"].split(" — ")[0])


def _wrong_card_message(card: Card, maxim_ids: tuple[str, ...], shown: tuple[str, ...],
                        answer: Card | None = None) -> Text:
    """"Not this card", and the maxim it breaks: by its title when the title cannot name the
    right card; for a card of the answer's suit, by the head of its title, the case it governs
    (:func:`maxim_head`: «Коронка (терс-мажор) — …»); else by the kind of rule it breaks."""
    head = (next((h for mid in maxim_ids if (h := maxim_head(mid)) is not None), None)
            if answer is not None and card.suit == answer.suit else None)
    texts = {}
    for lang in LANGS:
        title = _maxim_title(shown, lang)
        if title:
            texts[lang] = t("feedback.wrong_maxim", lang, card=card.symbol(lang), maxim=title)
        elif head is not None:
            texts[lang] = t("feedback.wrong_case", lang, card=card.symbol(lang), case=head[lang])
        else:
            kind = _category(maxim_ids) or "any"
            texts[lang] = t("feedback.wrong_kind", lang, card=card.symbol(lang), kind=t(f"feedback.kind.{kind}", lang))
    return Text(en=texts["en"], ru=texts["ru"])


def _solution(answer: Card, item: Item, why: Text | None = None) -> Text:
    """What is shown once solved or when the solution is asked for: the card, then the reasons."""
    return _join(_say("solution", answer=answer), why, item.explanation)


def _capital(text: str) -> str:
    """A sentence made of the engine's parts («леве 3») starts with a capital letter."""
    return text[:1].upper() + text[1:]


def _clues(parts: Sequence[Text], right: int) -> Text | None:
    """The parts of a count as clues that do not give its total away (see :func:`_grade_number`)."""
    def clue(text: str) -> str:  # "… (♥A ♥K ♥J): 2 points" -> "… (♥A ♥K ♥J)"
        return re.sub(r":\s*\d+\s*[^\W\d]*\.?$", "", text.strip())
    total = re.compile(rf"(?<![\d,.]){right}(?![\d,.])")
    kept = [(clue(p.en), clue(p.ru)) for p in parts]
    kept = [(e, r) for e, r in kept if not total.search(e) and not total.search(r)]
    if not kept:
        return None
    return Text(en=_capital("; ".join(e for e, _ in kept)) + ".", ru=_capital("; ".join(r for _, r in kept)) + ".")


def _grade_number(item: Item, number: int, lang: Lang) -> Feedback:
    # cast: Item's _answer_fits_question makes a number question's answer an int
    right = int(cast(int, item.answer))
    parts = engine_number(item).parts
    made = (Text(en=_capital("; ".join(p.en for p in parts)) + ".", ru=_capital("; ".join(p.ru for p in parts)) + ".")
            if parts else None)
    if number == right:
        return Feedback(True, "right", tuple(item.maxims), _join(_say("count_right", number=right), made),
                        item.explanation, lang)
    en, ru = _maxim_title(tuple(item.maxims), "en"), _maxim_title(tuple(item.maxims), "ru")
    # what the count is made of says why, but never the answer: each part without its score
    # (": 2 points"), and a part that still names the total left out (defect 4: «Не 5.
    # Пересчитайте. леве 3.» gave the 3 away); with nothing left, the rule to count by
    clues = _clues(parts, right)
    again = (_join(_say("count_again"), clues) if clues else
             _say("count_again_by", maxim=Text(en=en, ru=ru or en)) if en else _say("count_again"))
    return Feedback(
        False, "wrong", tuple(item.maxims), _join(_say("count_wrong", number=number), again),
        _join(_say("count_solution", number=right), made, item.explanation),
        lang, idea=_idea(tuple(item.maxims) or ("honours-five",)), shown=tuple(item.maxims),
    )


def grade(item: Item, response: Any, lang: Lang = "en") -> Feedback:
    """Judge ``response`` (a card for lead/play/legal, a number for honours/score).

    ``lang`` is the language the feedback is shown in (``str(feedback)``); both texts are kept.
    Raises :class:`GradingError` when the response is not a card or a number at all.
    """
    lang = parse_lang(lang)  # typed a Lang; a caller outside mypy gets the vocabulary's one error
    read = read_response(item, response)
    if item.question == "exchange" and isinstance(read, str):
        return _grade_exchange(item, read, lang)
    if isinstance(read, str):
        return _grade_cut(item, read, lang)
    if isinstance(read, int):
        return _grade_number(item, read, lang)
    return _grade_card(item, read, lang)


def read_response(item: Item, response: Any) -> Card | int | str:
    """The response as the item asks for it: a :class:`Card` for a card question, an ``int`` for a
    number question, a player's name for a cut question, ``keep`` or ``exchange`` for Humbug's exchange -- read once, so the grade and the record
    of an answer are of the same value (``"s2"``, ``"♠2"`` and ``Card.parse("S2")`` are one answer,
    stored as ``S2``; ``"анна"`` and ``"Anna"`` one player, stored as ``Anna``).
    Raises :class:`GradingError` when it is none of them."""
    if item.question == "cut":
        return _read_player(item, response)
    if item.question == "exchange":
        return _read_choice(response)
    if item.question in ("honours", "score"):
        return _read_number(response)
    return _read_card(response)


def _read_player(item: Item, response: Any) -> str:
    """A player of the item's cut, by his name in either language (any case)."""
    said = str(response).strip().casefold()
    for name in item.cut or {}:
        if said in (name.casefold(), player_name(name, "ru").casefold()):
            return name
    names = ", ".join(item.cut or {})
    raise GradingError(f"not a player of this cut: {response!r} (name one of {names})")


def _grade_cut(item: Item, name: str, lang: Lang) -> Feedback:
    """A cut answered: right or not; a wrong name is told the custom's rule, which never names the
    player (the solution says who, and why)."""
    ruling = cut_ruling(item)
    right = ruling.answer(item.cut_ask)
    custom = item.custom or "lowest"
    rule = Text(en=custom_rule(custom, item.cut_ask, "en"), ru=custom_rule(custom, item.cut_ask, "ru"))
    if name == right:
        said = Text(en=t("grade.cut_right", "en", name=player_name(right, "en")),
                    ru=t("grade.cut_right", "ru", name=player_name(right, "ru")))
        return Feedback(True, "right", tuple(item.maxims), said, _join(rule, item.explanation), lang)
    wrong = Text(en=t("grade.cut_wrong", "en", name=player_name(name, "en")),
                 ru=t("grade.cut_wrong", "ru", name=player_name(name, "ru")))
    solution = Text(en=t("grade.cut_solution", "en", name=player_name(right, "en")),
                    ru=t("grade.cut_solution", "ru", name=player_name(right, "ru")))
    return Feedback(False, "wrong", tuple(item.maxims), _join(wrong, rule), _join(solution, item.explanation),
                    lang, idea=Text(en=t("grade.cut_idea", "en"), ru=t("grade.cut_idea", "ru")),
                    shown=tuple(item.maxims))


#: The words a Humbug choice is read from, besides ``keep`` and ``exchange`` (the buttons send those).
_CHOICE_WORDS = {"keep": "keep", "exchange": "exchange", "change": "exchange",
                 "оставить": "keep", "сменить": "exchange", "менять": "exchange"}


def _read_choice(response: Any) -> str:
    """Keep or exchange, in either language (any case)."""
    said = str(response).strip().casefold()
    if said in _CHOICE_WORDS:
        return _CHOICE_WORDS[said]
    raise GradingError(f"keep or exchange, not {response!r}")


def _choice_text(choice: str) -> Text:
    return Text(en=t(f"humbug.question.choice_{choice}", "en"), ru=t(f"humbug.question.choice_{choice}", "ru"))


def _grade_exchange(item: Item, choice: str, lang: Lang) -> Feedback:
    """Humbug's keep-or-exchange answered, judged by the robot's stated rule (:func:`engine_exchange`).
    A wrong choice is told the rule it breaks -- the count, how to make it -- never the two counts,
    which decide it; they come with the solution (the choice, the counts, the dealer's turned-up
    card, the item's explanation citing 002)."""
    decision = engine_exchange(item)
    right = decision.choice
    counts = exchange_counts(item, decision)
    rule = Text(en=t("humbug.question.rule", "en"), ru=t("humbug.question.rule", "ru"))
    maxims = tuple(item.maxims)
    if choice == right:
        said = Text(en=t("humbug.question.right", "en", choice=_choice_text(right).en),
                    ru=t("humbug.question.right", "ru", choice=_choice_text(right).ru))
        return Feedback(True, "right", maxims, _join(said, counts), _join(rule, item.explanation), lang)
    assert choice in CHOICES
    wrong = Text(en=t(f"humbug.question.wrong_{choice}", "en"), ru=t(f"humbug.question.wrong_{choice}", "ru"))
    solution = Text(en=t("humbug.question.solution", "en", choice=_choice_text(right).en),
                    ru=t("humbug.question.solution", "ru", choice=_choice_text(right).ru))
    return Feedback(False, "wrong", maxims, _join(wrong, rule), _join(solution, counts, item.explanation), lang,
                    idea=Text(en=t("humbug.question.idea", "en"), ru=t("humbug.question.idea", "ru")),
                    shown=maxims)


def hint_count(item: Item) -> int:
    return len(item.hints)


def answer_score(correct: bool, hints_used: int, hints_total: int) -> float:
    """The score of an answer: 1 for right unaided; each hint opened costs an equal part, so with
    every hint open a right answer still keeps ``1/(n+1)``; a wrong answer scores 0. Decided here
    beside the hints, not by the page that shows them, so every front end scores alike."""
    if not correct:
        return 0.0
    if hints_total <= 0:
        return 1.0
    used = min(max(hints_used, 0), hints_total)
    return round(1.0 - used / (hints_total + 1), 3)


def hint_cost(used: int, total: int) -> int:
    """What the next hint takes off a right answer, in percent (the page shows it on its "Hint"
    button, so the learner knows the price before opening it)."""
    return round(100 * (answer_score(True, used, total) - answer_score(True, used + 1, total)))


def hint(item: Item, level: int) -> Text:
    """The hint at ``level`` (1 = the vaguest). Each level costs the student part of the score."""
    if not item.hints:
        raise GradingError("this item has no hints")
    if not 1 <= level <= len(item.hints):
        raise GradingError(f"hint level {level} is out of range 1..{len(item.hints)}")
    return item.hints[level - 1]
