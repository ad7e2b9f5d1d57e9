"""The bridge from a content item to the engines that judge it: conventions, scoring, the catalogue.

Content must never carry its own idea of the right card or number: the linter, the grader and the
generator all ask here, and here asks :mod:`tutor.conventions` (``advise``/``explain_card`` on a
``Position`` built from the item) and :mod:`tutor.scoring` (``honours``/``score_deal``), by plain
imports. An engine error is the project's own (:class:`~tutor.errors.WhistError`); the linter
reports it at the item's file:line, never a guess.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from tutor.i18n import ru_plural
from tutor.cards import Card, Hand, parse_card
from tutor.content.models import Accept, Item, Text
from tutor.conventions import Position, Verdict, advise, explain_card
from tutor.conventions.catalogue import UnknownMaximError, check_ids, get_maxim
from tutor.deal import Deal
from tutor.errors import WhistError
from tutor.rulesets import find_ruleset
from tutor.scoring import coronkas, honours, score_deal, what_label
from tutor.seats import Seat, Side

__all__ = [
    "EngineCard",
    "EngineVerdict",
    "Breakdown",
    "position_of",
    "build_position",
    "advise_position",
    "equal_accepts",
    "number_for",
    "engine_card",
    "engine_verdict",
    "engine_number",
    "as_text",
    "maxim_text",
    "maxim_title",
    "unknown_maxims",
    "ru_plural",
]


def as_text(value: Any) -> Text:
    """A two-language text from whatever the engine returns: a mapping, an object with en/ru, a Text."""
    if isinstance(value, Text):
        return value
    if isinstance(value, Mapping):
        return Text(en=str(value["en"]), ru=str(value["ru"]))
    if hasattr(value, "en") and hasattr(value, "ru"):
        return Text(en=str(value.en), ru=str(value.ru))
    raise WhistError(f"the engine returned a text without en/ru: {value!r}")


def _field(obj: Any, name: str, default: Any = None) -> Any:
    if isinstance(obj, Mapping):
        return obj.get(name, default)
    return getattr(obj, name, default)


def _card(value: Any) -> Card:
    return value if isinstance(value, Card) else parse_card(str(value))


@dataclass(frozen=True)
class EngineVerdict:
    """The engine's judgement of one card: ``best`` / ``accepted`` / ``worse`` / ``bad`` / ``illegal``."""

    card: Card
    verdict: str
    maxims: tuple[str, ...]
    why: Text


@dataclass(frozen=True)
class EngineCard:
    """The engine's card for a lead or play item, with its maxims (deciding one first) and why."""

    card: Card
    maxims: tuple[str, ...]
    explanation: Text
    candidates: tuple[EngineVerdict, ...]
    system: str


def position_of(item: Item) -> Position:
    """The conventions engine's ``Position`` for what South sees in the item."""
    return build_position(item.student_hand, item.trump_card, item.played, item.dealer_seat, item.rules)


def build_position(hand: Hand, trump: Card, played: str | None, dealer: Seat, rules: str = "russian") -> Position:
    """A ``Position`` from South's seat (the generator asks before an item exists)."""
    return Position.build(hand=hand, trump=trump, played=played, dealer=dealer, seat=Seat.S, rules=rules)


def _verdict(v: Verdict) -> EngineVerdict:
    return EngineVerdict(card=v.card, verdict=v.verdict, maxims=tuple(v.maxims), why=as_text(v.why))


def engine_card(item: Item) -> EngineCard:
    """What the conventions engine plays in the item's position, under the item's system."""
    return advise_position(position_of(item), item.system)


def advise_position(position: Position, system: str = "russian") -> EngineCard:
    """The engine's card for a ``Position`` (see :func:`build_position`)."""
    advice = advise(position, system)
    return EngineCard(
        card=advice.card,
        maxims=tuple(advice.maxims),
        explanation=as_text(advice.explanation),
        candidates=tuple(_verdict(c) for c in advice.candidates),
        system=advice.system,
    )


def equal_accepts(advice: EngineCard) -> list[Accept]:
    """Cards the engine rates as good as its own (verdict ``equal``), as accepted answers with its reason."""
    return [Accept(answer=str(c.card), reason=c.why)
            for c in advice.candidates if c.verdict == "equal" and c.card != advice.card]


def engine_verdict(item: Item, card: Card) -> EngineVerdict:
    """Why the engine rates ``card`` as it does in the item's position (``explain_card``)."""
    return _verdict(explain_card(position_of(item), card, item.system))


# -- numbers: honours and score ---------------------------------------------------------------

@dataclass(frozen=True)
class Breakdown:
    """A number the rules give, and what it is made of (for the grader's message)."""

    value: int
    parts: tuple[Text, ...]


def _to_data(result: Any) -> Any:
    if hasattr(result, "to_json"):
        return result.to_json()
    if dataclasses.is_dataclass(result) and not isinstance(result, type):
        return dataclasses.asdict(result)
    return result


def _side_key(ask: str) -> str:
    return "NS" if ask.endswith("-ns") else "EW"


def _deal_of(item: Item) -> Deal:
    deal = item.full_deal()
    if deal is None:
        raise WhistError(f"the {item.question} question needs the whole deal")
    return deal


def _honour_cards(deal: Deal, side: Side, counted: Sequence[Any]) -> list[Card]:
    """The honours ``side`` holds among the cards the scoring engine counted (the trump honours,
    or the aces of a no-trump deal)."""
    return sorted(c for c in map(_card, counted) if deal.holder(c).side is side)


def engine_number(item: Item) -> Breakdown:
    """The number an honours or score item asks for, computed by :mod:`tutor.scoring`."""
    return number_for(_deal_of(item), item.ask or "", item.tricks.ns if item.tricks else None, item.rules,
                      revokes=tuple(item.revokes), revoke_penalty=item.revoke_penalty)


def number_for(deal: Deal, ask: str, tricks_ns: int | None, rules: str = "russian", *,
               revokes: Sequence[str] = (), revoke_penalty: Literal["points", "tricks"] | None = None) -> Breakdown:
    """The number ``ask`` names in ``deal`` (``tricks_ns`` for score questions), with its parts.

    ``revokes`` (a side per revoke) and ``revoke_penalty`` go to :func:`tutor.scoring.score_deal`
    unchanged: the penalty is the scoring engine's, never the item's own arithmetic.
    """
    side = _side_key(ask)
    ruleset = find_ruleset(rules)
    if ask.startswith(("honours-", "coronka-")):
        if ask.startswith("coronka-"):
            runs = [_to_data(r) for r in coronkas(deal, ruleset)]
            runs = [r for r in runs if Seat[str(_field(r, "seat"))].side.value == side]
            parts = tuple(
                Text(en=f"{Seat[str(_field(r, 'seat'))].label('en')}: a run of {_field(r, 'length')} from the ace "
                        f"in {'trumps' if _field(r, 'trump') else 'a plain suit'} = {_field(r, 'points')}",
                     ru=f"{Seat[str(_field(r, 'seat'))].label('ru')}: {_field(r, 'length')} карт подряд от туза "
                        f"{'в козырях' if _field(r, 'trump') else 'в простой масти'} = {_field(r, 'points')}")
                for r in runs
            )
            return Breakdown(sum(int(_field(r, "points", 0)) for r in runs), parts)
        result = honours(deal, ruleset)
        rec = _field(_to_data(result), side, {}) or {}
        count, points = int(_field(rec, "honours", 0)), int(_field(rec, "points", 0))
        cards = _honour_cards(deal, Side(side), _field(result, "cards", ()))
        shown_en = " ".join(c.symbol("en") for c in cards) or "none"
        shown_ru = " ".join(c.symbol("ru") for c in cards) or "нет"
        who_en = "North and South" if side == "NS" else "East and West"
        who_ru = "У Севера и Юга" if side == "NS" else "У Востока и Запада"
        parts = (Text(en=f"{who_en} hold {count} honour{'' if count == 1 else 's'} ({shown_en}): "
                         f"{points} point{'' if points == 1 else 's'}",
                      ru=f"{who_ru} {count} {ru_plural(count, 'онер', 'онера', 'онеров')} ({shown_ru}): "
                         f"{points} {ru_plural(points, 'очко', 'очка', 'очков')}"),)
        return Breakdown(count if ask.startswith("honours-count") else points, parts)
    if ask.startswith("score-"):
        if tricks_ns is None:
            raise WhistError("a score question needs tricks:")
        if revokes:
            scored = score_deal(deal, tricks_ns, ruleset, revokes=list(revokes), revoke_penalty=revoke_penalty)
        else:
            scored = score_deal(deal, tricks_ns, ruleset)
        data = _to_data(scored)
        where = "below" if ask.startswith("score-below") else "above"
        value = int(_field(_field(data, where, {}) or {}, side, 0))
        label = what_label
        parts = _transfer_parts(scored) + tuple(
            Text(en=f"{label(str(_field(i, 'what')), 'en')} {_field(i, 'points')}",
                 ru=f"{label(str(_field(i, 'what')), 'ru')} {_field(i, 'points')}")
            for i in (_field(data, "items", ()) or ())
            if str(_field(i, "side")) == side and str(_field(i, "where")) == where
        )
        return Breakdown(value, parts)
    raise WhistError(f"not a number question: ask {ask!r}")


def _transfer_parts(result: Any) -> tuple[Text, ...]:
    """What a revoke penalty in tricks moved, as the first part of a score's breakdown
    ("3 tricks taken from the revokers: NS now 10")."""
    moved = dict(getattr(result, "transferred", ()) or ())
    after = dict(getattr(result, "tricks", ()) or ())
    out = []
    for gainer, n in moved.items():
        if not n:
            continue
        name = getattr(gainer, "value", str(gainer))
        total = next((v for k, v in after.items() if getattr(k, "value", str(k)) == name), None)
        who_en = "North-South" if name == "NS" else "East-West"
        who_ru = "Север-Юг" if name == "NS" else "Восток-Запад"
        out.append(Text(
            en=f"revoke penalty: {n} trick{'' if n == 1 else 's'} go to {who_en}"
               + (f", who now count {total}" if total is not None else ""),
            ru=f"штраф за ренонс: {n} {ru_plural(n, 'взятка', 'взятки', 'взяток')} переходят к стороне {who_ru}"
               + (f", у неё теперь {total}" if total is not None else "")))
    return tuple(out)


# -- the catalogue ----------------------------------------------------------------------------

def unknown_maxims(ids: Sequence[str]) -> tuple[str, ...]:
    """The ids the catalogue does not define (empty when all exist)."""
    try:
        check_ids(list(ids))
    except UnknownMaximError as exc:
        return tuple(getattr(exc, "ids", ())) or tuple(ids)
    return ()


def maxim_text(maxim_id: str) -> Text:
    """The maxim in the project's own words, en and ru."""
    return as_text(get_maxim(maxim_id).text)


def maxim_title(maxim_id: str) -> Text:
    """The maxim's short name, en and ru."""
    return as_text(get_maxim(maxim_id).title)
