"""Content's one door to the engines that judge an item: conventions, scoring, the catalogue.

(The module is not an engine itself; the name says what content reaches through it.)

Content must never carry its own idea of the right card or number: the linter, the grader and the
generator all ask here, and here asks :mod:`tutor.conventions` (``advise``/``explain_card`` on
South's :class:`~tutor.seatview.SeatView` built from the item) and :mod:`tutor.scoring` (``honours``/``score_deal``), by plain
imports. An engine error is the project's own (:class:`~tutor.errors.WhistError`); the linter
reports it at the item's file:line, never a guess.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from tutor.cards import CARDS, Card, Hand
from tutor.cayenne import Contract, honours_held, score_cayenne
from tutor.content.models import Accept, Item, Text
from tutor.conventions import Verdict, advise, explain_card
from tutor.conventions.catalogue import UnknownMaximError, check_ids, get_maxim
from tutor.cut import CutRuling, rule_cut
from tutor.deal import Deal
from tutor.errors import WhistError
from tutor.humbug import HumbugView, humbug_honours, score_humbug
from tutor.humbug_robot import HumbugDecision, decide_exchange
from tutor.i18n import ru_plural, t
from tutor.play import Trick
from tutor.rulesets import Ruleset, find_ruleset
from tutor.scoring import DealScore, Where, coronkas, honours, score_deal, what_label
from tutor.seats import Seat, Side
from tutor.seatview import SeatView
from tutor.vocab import EngineVerdict, Lang, System

__all__ = [
    "EngineCard",
    "CardVerdict",
    "Breakdown",
    "position_of",
    "build_position",
    "advise_position",
    "equal_accepts",
    "number_for",
    "engine_card",
    "engine_verdict",
    "engine_number",
    "cut_ruling",
    "engine_cut",
    "engine_exchange",
    "exchange_counts",
    "maxim_text",
    "unknown_maxims",
]


@dataclass(frozen=True)
class CardVerdict:
    """The conventions engine's judgement of one card other than its own: ``equal``, ``worse`` or
    ``bad`` (:data:`tutor.vocab.EngineVerdict`), the maxims it breaks (first the deciding one), why."""

    card: Card
    verdict: EngineVerdict
    maxims: tuple[str, ...]
    why: Text


@dataclass(frozen=True)
class EngineCard:
    """The engine's card for a lead or play item, with its maxims (deciding one first) and why."""

    card: Card
    maxims: tuple[str, ...]
    explanation: Text
    candidates: tuple[CardVerdict, ...]
    system: System


def position_of(item: Item) -> SeatView:
    """What South sees in the item (the one :class:`~tutor.seatview.SeatView` every reader of it uses).
    At Cayenne no card is turned up: South knows the contract's trump suit (or none). With two
    dummies North's hand lies open to him."""
    if item.variant == "cayenne":
        return SeatView.build(hand=item.student_hand, trump=item.cayenne_contract.trump, played=item.tricks_played,
                              dealer=item.dealer_seat, seat=Seat.S, rules=item.rules)
    if item.variant == "two-dummies" and item.deal is not None:
        # whist for two with two dummies (000 «"Болваны" в висте»): South plays North's open hand too
        return SeatView.build(hand=item.student_hand, trump=item.trump_card, played=item.tricks_played,
                              dealer=item.dealer_seat, seat=Seat.S, rules=item.rules,
                              exposed={Seat.N: item.deal.hands[Seat.N]})
    return build_position(item.student_hand, item.trump_card, item.tricks_played, item.dealer_seat, item.rules)


def build_position(hand: Hand, trump: Card, played: Sequence[Trick] | str | None, dealer: Seat,
                   rules: str = "russian") -> SeatView:
    """South's :class:`~tutor.seatview.SeatView` (the generator asks before an item exists)."""
    return SeatView.build(hand=hand, trump=trump, played=played, dealer=dealer, seat=Seat.S, rules=rules)


def _verdict(v: Verdict) -> CardVerdict:
    return CardVerdict(card=v.card, verdict=v.verdict, maxims=tuple(v.maxims), why=v.why)


def engine_card(item: Item) -> EngineCard:
    """What the conventions engine plays in the item's position, under the item's system."""
    return advise_position(position_of(item), item.system)


def advise_position(position: SeatView, system: System = "russian") -> EngineCard:
    """The engine's card for South's view (see :func:`build_position`)."""
    advice = advise(position, system)
    return EngineCard(
        card=advice.card,
        maxims=tuple(advice.maxims),
        explanation=advice.explanation,
        candidates=tuple(_verdict(c) for c in advice.candidates),
        system=advice.system,
    )


def equal_accepts(advice: EngineCard) -> list[Accept]:
    """Cards the engine rates as good as its own (verdict ``equal``), as accepted answers with its reason."""
    return [Accept(answer=c.card, reason=c.why)
            for c in advice.candidates if c.verdict == "equal" and c.card != advice.card]


def engine_verdict(item: Item, card: Card) -> CardVerdict:
    """Why the engine rates ``card`` as it does in the item's position (``explain_card``)."""
    return _verdict(explain_card(position_of(item), card, item.system))


# -- numbers: honours and score ---------------------------------------------------------------

@dataclass(frozen=True)
class Breakdown:
    """A number the rules give, and what it is made of (for the grader's message)."""

    value: int
    parts: tuple[Text, ...]


def _side_of(ask: str) -> Side:
    return Side.NS if ask.endswith("-ns") else Side.EW


def _deal_of(item: Item) -> Deal:
    deal = item.full_deal()
    if deal is None:
        raise WhistError(f"the {item.question} question needs the whole deal")
    return deal


def _honour_cards(deal: Deal, side: Side, counted: Sequence[str]) -> list[Card]:
    """The honours ``side`` holds among the cards the scoring engine counted (the trump honours,
    or the aces of a no-trump deal)."""
    return sorted(c for c in (_CARD_OF_NAME[name] for name in counted) if deal.holder(c).side is side)


#: The scoring engine names the honours it counted canonically (``Honours.cards``: ``"HA"``); they
#: are looked up, not read as notation again.
_CARD_OF_NAME: dict[str, Card] = {str(c): c for c in CARDS}


def engine_number(item: Item) -> Breakdown:
    """The number an honours or score item asks for, computed by :mod:`tutor.scoring`."""
    standing = None if item.standing is None else {Side.NS: item.standing.NS, Side.EW: item.standing.EW}
    tricks_ns = item.tricks.ns if item.tricks else None
    if item.variant == "humbug":
        return humbug_number(_deal_of(item), item.ask or "", tricks_ns, item.rules, standing=standing)
    if item.variant == "cayenne":
        return cayenne_number(_deal_of(item), item.cayenne_contract, item.ask or "", tricks_ns)
    return number_for(_deal_of(item), item.ask or "", tricks_ns, item.rules,
                      revokes=tuple(item.revokes), revoke_penalty=item.revoke_penalty, standing=standing)


def _who(side: Side, lang: Lang, humbug: bool = False) -> str:
    if humbug:
        return t("tables.number.south" if side is Side.NS else "tables.number.north", lang)
    return t("tables.number.ns" if side is Side.NS else "tables.number.ew", lang)


def humbug_number(deal: Deal, ask: str, tricks_ns: int | None, rules: str = "russian", *,
                  standing: Mapping[Side, int] | None = None) -> Breakdown:
    """A Humbug deal's number (002): South's honours or score (the sheet's N-S column) or North's (E-W),
    from the hands the two play (South's and North's seats of ``deal``), by :mod:`tutor.humbug`."""
    side = _side_of(ask)
    seat = Seat.S if side is Side.NS else Seat.N
    if ask.startswith("honours-"):
        count, points = humbug_honours(deal.hands[seat], deal.trump, rules)
        part = Text(en=t("tables.number.humbug_honours", "en", who=_who(side, "en", True), count=count, points=points),
                    ru=t("tables.number.humbug_honours", "ru", who=_who(side, "ru", True), count=count, points=points))
        return Breakdown(count if ask.startswith("honours-count") else points, (part,))
    if ask.startswith("score-"):
        if tricks_ns is None:
            raise WhistError("a score question needs tricks:")
        hands = {Seat.S: deal.hands[Seat.S], Seat.N: deal.hands[Seat.N]}
        scored = score_humbug(hands, {Seat.S: tricks_ns, Seat.N: 13 - tricks_ns}, deal.trump, rules, standing=standing)
        where: Where = "below" if ask.startswith("score-below") else "above"
        parts = tuple(Text(en=f"{what_label(i.what, 'en')} {i.points}", ru=f"{what_label(i.what, 'ru')} {i.points}")
                      for i in scored.items if i.side is side and i.where == where)
        return Breakdown(scored.total(side, where), parts)
    raise WhistError(f"a Humbug question asks for honours or the score, not {ask!r}")


def cayenne_number(deal: Deal, contract: Contract, ask: str, tricks_ns: int | None) -> Breakdown:
    """A Cayenne deal's number by Parlett's scoring (:func:`tutor.cayenne.score_cayenne`): a side's
    honours held, its points for honours, or all it scores towards the game (below the line)."""
    side = _side_of(ask)
    if ask.startswith("honours-count-"):
        held = honours_held(deal, contract.trump)[side] if contract.trump is not None else 0
        return Breakdown(held, ())
    if tricks_ns is None and not ask.startswith("honours-"):
        raise WhistError("a score question needs tricks:")
    scored = score_cayenne(deal, contract, 7 if tricks_ns is None else tricks_ns)
    kinds = ("honours",) if ask.startswith("honours-points") else ("odd-tricks", "honours")
    if not ask.startswith(("honours-points", "score-below")):
        raise WhistError(f"a Cayenne question asks for honours or the points below the line, not {ask!r}")
    items = [i for i in scored.items if i.side is side and i.what in kinds]
    parts = tuple(Text(en=t("tables.number.cayenne_item", "en", what=what_label(i.what, "en"), points=i.points,
                            times=contract.multiplier),
                       ru=t("tables.number.cayenne_item", "ru", what=what_label(i.what, "ru"), points=i.points,
                            times=contract.multiplier)) for i in items)
    return Breakdown(sum(i.points for i in items), parts)


def number_for(deal: Deal, ask: str, tricks_ns: int | None, rules: str = "russian", *,
               revokes: Sequence[str] = (), revoke_penalty: Literal["points", "tricks"] | None = None,
               standing: Mapping[Side, int] | None = None) -> Breakdown:
    """The number ``ask`` names in ``deal`` (``tricks_ns`` for score questions), with its parts.

    ``revokes`` (a side per revoke) and ``revoke_penalty`` go to :func:`tutor.scoring.score_deal`
    unchanged: the penalty is the scoring engine's, never the item's own arithmetic.
    """
    side = _side_of(ask)
    ruleset = find_ruleset(rules)
    if ask.startswith("coronka-"):
        runs = [r for r in coronkas(deal, ruleset) if r.seat.side is side]
        parts = tuple(
            Text(en=f"{r.seat.label('en')}: a run of {r.length} from the ace "
                    f"in {'trumps' if r.trump else 'a plain suit'} = {r.points}",
                 ru=f"{r.seat.label('ru')}: {r.length} карт подряд от туза "
                    f"{'в козырях' if r.trump else 'в простой масти'} = {r.points}")
            for r in runs
        )
        return Breakdown(sum(r.points for r in runs), parts)
    if ask.startswith("honours-"):
        result = honours(deal, ruleset)
        count, points = result[side].honours, result[side].points
        cards = _honour_cards(deal, side, result.cards)
        shown_en = " ".join(c.symbol("en") for c in cards) or "none"
        shown_ru = " ".join(c.symbol("ru") for c in cards) or "нет"
        who_en = "North and South" if side is Side.NS else "East and West"
        who_ru = "У Севера и Юга" if side is Side.NS else "У Востока и Запада"
        parts = (Text(en=f"{who_en} hold {count} honour{'' if count == 1 else 's'} ({shown_en}): "
                         f"{points} point{'' if points == 1 else 's'}",
                      ru=f"{who_ru} {count} {ru_plural(count, 'онер', 'онера', 'онеров')} ({shown_ru}): "
                         f"{points} {ru_plural(points, 'очко', 'очка', 'очков')}"),)
        return Breakdown(count if ask.startswith("honours-count") else points, parts)
    if ask.startswith("game-value-"):
        return _game_value(deal, side, tricks_ns, ruleset, standing)
    if ask.startswith("score-"):
        if tricks_ns is None:
            raise WhistError("a score question needs tricks:")
        if revokes:
            scored = score_deal(deal, tricks_ns, ruleset, revokes=list(revokes), revoke_penalty=revoke_penalty)
        else:
            scored = score_deal(deal, tricks_ns, ruleset)
        where: Where = "below" if ask.startswith("score-below") else "above"
        parts = _transfer_parts(scored) + tuple(
            Text(en=f"{what_label(i.what, 'en')} {i.points}", ru=f"{what_label(i.what, 'ru')} {i.points}")
            for i in scored.items if i.side is side and i.where == where
        )
        return Breakdown(scored.total(side, where), parts)
    raise WhistError(f"not a number question: ask {ask!r}")


def _game_value(deal: Deal, side: Side, tricks_ns: int | None, ruleset: Ruleset,
                standing: Mapping[Side, int] | None) -> Breakdown:
    """The value of the game ``side`` wins with this deal, by the scoring engine and the rule set's
    game values (004: seven minus the losers' points; 0 when the deal does not end the game)."""
    if tricks_ns is None:
        raise WhistError("a game-value question needs tricks:")
    stand = {Side.NS: 0, Side.EW: 0, **(standing or {})}
    scored = score_deal(deal, tricks_ns, ruleset, standing=stand)
    below = {s: stand[s] + scored.total(s, "below") for s in (Side.NS, Side.EW)}
    other = side.other
    won = below[side] >= ruleset.game_target
    value = ruleset.game_value(below[other]) if won else 0
    parts = (
        Text(en=f"below the line after the deal: {side.value} {below[side]}, {other.value} {below[other]} "
                f"(game {ruleset.game_target})",
             ru=f"под чертой после сдачи: {side.value} {below[side]}, {other.value} {below[other]} "
                f"(игра — {ruleset.game_target})"),
        Text(en=(f"the game's value with the losers at {below[other]}: {value}" if won
                 else f"{side.value} has not reached {ruleset.game_target}: no game yet, 0"),
             ru=(f"цена игры при {below[other]} у проигравших: {value}" if won
                 else f"{side.value} не набрали {ruleset.game_target}: игры ещё нет, 0")),
    )
    return Breakdown(value, parts)


def _transfer_parts(scored: DealScore) -> tuple[Text, ...]:
    """What a revoke penalty in tricks moved, as the first part of a score's breakdown
    ("3 tricks taken from the revokers: NS now 10")."""
    after = dict(scored.tricks)
    out = []
    for gainer, n in scored.transferred:
        if not n:
            continue
        total = after.get(gainer)
        who_en = "North-South" if gainer is Side.NS else "East-West"
        who_ru = "Север-Юг" if gainer is Side.NS else "Восток-Запад"
        out.append(Text(
            en=f"revoke penalty: {n} trick{'' if n == 1 else 's'} go to {who_en}"
               + (f", who now count {total}" if total is not None else ""),
            ru=f"штраф за ренонс: {n} {ru_plural(n, 'взятка', 'взятки', 'взяток')} переходят к стороне {who_ru}"
               + (f", у неё теперь {total}" if total is not None else "")))
    return tuple(out)


# -- Humbug's exchange: keep one's pile or take the pile on the right (002) ----------------------

def engine_exchange(item: Item) -> HumbugDecision:
    """Keep or exchange for South, by the Humbug robot's stated rule (:func:`tutor.humbug_robot.decide_exchange`)
    on what 002 lets him know: his pile and the turned-up card -- the very view the robot decides from."""
    if item.question != "exchange":
        raise WhistError(f"the {item.question} question is not Humbug's exchange")
    trump = item.trump_card
    view = HumbugView(seat=Seat.S, dealer=item.dealer_seat, trump=trump.suit, trump_card=trump, trump_card_kept=None,
                      decisions=(), hand=item.student_hand, tricks=(), current=(), leader=item.dealer_seat.partner)
    return decide_exchange(view)


def exchange_counts(item: Item, decision: HumbugDecision | None = None) -> Text:
    """The rule's two counts for the learner: his pile's and the pile on his right's share of the cards
    he has not seen, and, for the dealer, the turned-up card that stays with his pile if he throws it."""
    d = decision if decision is not None else engine_exchange(item)
    trump = item.trump_card
    key = "humbug.question.counts_" + ("more" if d.choice == "keep" else "less")
    dealer = item.dealer_seat == Seat.S

    def one(lang: Lang) -> str:
        text = t(key, lang, own=int(d.own), pile=f"{d.pile:.1f}".replace(".", "," if lang == "ru" else "."))
        card = t("humbug.question.dealer_loses" if dealer else "humbug.question.dealer_is_north", lang,
                 card=trump.symbol(lang))
        return f"{text} {card}"

    return Text(en=one("en"), ru=one("ru"))


# -- the cut: who deals, who partners whom, who waits ------------------------------------------

def cut_ruling(item: Item) -> CutRuling:
    """What a cut item's cards decide under its custom (:func:`tutor.cut.rule_cut`)."""
    if item.cut is None or item.custom is None:
        raise WhistError(f"the {item.question} question has no cut")
    return rule_cut(item.cut, item.custom)


def engine_cut(item: Item) -> str:
    """The player a cut item's question names (:class:`~tutor.cut.CutError` when the cut leaves it
    to a new draw)."""
    return cut_ruling(item).answer(item.cut_ask)


# -- the catalogue ----------------------------------------------------------------------------

def unknown_maxims(ids: Sequence[str]) -> tuple[str, ...]:
    """The ids the catalogue does not define (empty when all exist)."""
    try:
        check_ids(list(ids))
    except UnknownMaximError as exc:
        return exc.ids or tuple(ids)
    return ()


def maxim_text(maxim_id: str) -> Text:
    """The maxim in the project's own words, en and ru."""
    return get_maxim(maxim_id).text
