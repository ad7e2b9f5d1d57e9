"""The puzzle generator: random deals that fit a theme, answered by the engines.

A teacher asks for puzzles on a theme; a :class:`Recipe` deals South a hand with the theme's
holding (a king with small cards, an ace, a coronka, touching honours…) and the rest at random,
or builds a whole deal with a short history (partner's call for trumps), or a whole deal for an
honours or score question. The engines then fill in everything that must be *true*: the answer,
the maxims, the explanation; the deciding maxim's wording becomes the last hint. A candidate is
kept only when the engine's own reasons are the theme's maxims -- a king-third puzzle whose hand
the engine would rather lead from another suit teaches something else, so it is dealt again.

Everything generated passes the linter (the tests check it). Seeded: the same theme, count and
seed give the same puzzles.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tutor.cards import CARDS, Card, Hand, Rank, Suit
from tutor.content.describe import ask_text
from tutor.content.engine import (
    Breakdown,
    CardVerdict,
    EngineCard,
    advise_position,
    build_position,
    equal_accepts,
    maxim_text,
    number_for,
)
from tutor.content.library_text import rejection_sentences
from tutor.content.models import Puzzle, Text
from tutor.content.quality import SHARED_MAX, explanation_words, text_names_rank
from tutor.content.sources import maxim_source
from tutor.deal import Deal
from tutor.errors import WhistError
from tutor.seats import Seat
from tutor.vocab import LANGS

__all__ = ["GenerateError", "MAX_SEED", "Recipe", "RECIPES", "generate", "recipe_names", "neutral_title"]

#: The largest seed ``generate`` takes (keeps the puzzle ids, which include the seed, short).
MAX_SEED = 2**63 - 1

SMALL = tuple(Rank(r) for r in range(2, 10))  # 2..9: "small cards" (фоски)


class GenerateError(WhistError):
    """Unknown theme, or no fitting deal found within the attempts allowed."""


@dataclass(frozen=True)
class Draft:
    """A position before the engine answers it."""

    dealer: Seat
    trump: Card
    deal: Deal
    played: str | None
    question: str
    ask: str | None = None
    tricks_ns: int | None = None
    focus: Suit | None = None  # the suit the theme is about (lead recipes)
    prompt: Text | None = None  # when the standard words do not describe the position


@dataclass(frozen=True)
class Recipe:
    """How to make puzzles on one theme: deal a draft, and which engine maxims make it fit."""

    name: str
    themes: tuple[str, ...]
    difficulty: int
    title: Text
    vague_hint: Text
    maxims: tuple[str, ...]  # the engine must cite one of these (lead/play recipes)
    draft: Callable[[random.Random], Draft]


# -- dealing helpers ---------------------------------------------------------------------------

def _small(rng: random.Random, n: int, avoid: Sequence[Rank] = ()) -> list[Rank]:
    pool = [r for r in SMALL if r not in avoid]
    return rng.sample(pool, n)


def _complete(rng: random.Random, known: dict[Seat, list[Card]]) -> dict[Seat, Hand]:
    """Deal the cards not yet placed at random to fill every hand to 13.

    Only whole cards are pinned (no voids), so shuffling the rest and filling the empty places
    in order is uniform over all layouts that fit -- and much cheaper than an exact sampler.
    """
    placed = {c for cards in known.values() for c in cards}
    rest = [c for c in CARDS if c not in placed]
    rng.shuffle(rest)
    hands: dict[Seat, Hand] = {}
    pos = 0
    for seat in Seat:
        mine = list(known.get(seat, ()))
        need = 13 - len(mine)
        hands[seat] = Hand(mine + rest[pos:pos + need])
        pos += need
    return hands


def _lengths(rng: random.Random, feature: int, trump_max: int = 3) -> tuple[int, int, int]:
    """Lengths of (trumps, plain, plain) for the rest of South's hand: no voids or singletons,
    at most ``trump_max`` trumps, the theme suit the longest where the count allows it."""
    rest = 13 - feature
    options = [(a, b, c) for a in range(2, trump_max + 1) for b in range(2, 8) for c in range(2, 8) if a + b + c == rest]
    strict = [o for o in options if max(o) < feature]
    ties = [o for o in options if max(o) <= feature]
    return rng.choice(strict or ties or options)


def _plain_cards(rng: random.Random, suit: Suit, n: int) -> list[Card]:
    """``n`` cards of a side suit: small cards, sometimes one honour (no touching honours)."""
    ranks = _small(rng, n)
    if n >= 2 and rng.random() < 0.5:
        ranks[0] = rng.choice((Rank.TEN, Rank.JACK, Rank.QUEEN))
    return [Card(suit, r) for r in ranks]


def _lead_draft(holdings: Callable[[random.Random], list[Rank]]) -> Callable[[random.Random], Draft]:
    """South leads first (East deals); South holds ``holdings`` in a plain suit."""

    def make(rng: random.Random) -> Draft:
        focus, trump = rng.sample(list(Suit), 2)
        feature = [Card(focus, r) for r in holdings(rng)]
        a, b, c = _lengths(rng, len(feature))
        others = [s for s in Suit if s not in (focus, trump)]
        cards = list(feature)
        cards += [Card(trump, r) for r in rng.sample(list(Rank), a)]
        cards += _plain_cards(rng, others[0], b) + _plain_cards(rng, others[1], c)
        south = Hand(cards)
        trump_card = rng.choice([Card(trump, r) for r in Rank if Card(trump, r) not in south])
        layout = _complete(rng, {Seat.S: list(south.cards), Seat.E: [trump_card]})
        deal = Deal(layout, dealer=Seat.E, trump_card=trump_card)
        return Draft(Seat.E, trump_card, deal, None, "lead", focus=focus)

    return make


# Theme holdings have four or more cards: the engine leads from the longest suit first
# (lead-long-suit), so a shorter holding would teach that maxim instead of the theme's.

def _king_third(rng: random.Random) -> list[Rank]:
    return [Rank.KING, *_small(rng, 3)]


def _ace_leads(rng: random.Random) -> list[Rank]:
    kind = rng.choice(("ace-small", "ace-fifth", "ace-king"))
    if kind == "ace-small":
        return [Rank.ACE, *_small(rng, 3)]
    if kind == "ace-fifth":
        return [Rank.ACE, *_small(rng, 4)]
    return [Rank.ACE, Rank.KING, *_small(rng, 2)]


def _coronka(rng: random.Random) -> list[Rank]:
    return [Rank.ACE, Rank.KING, Rank.QUEEN, *_small(rng, rng.choice((1, 2)))]


def _sequence(rng: random.Random) -> list[Rank]:
    top = rng.choice((
        (Rank.KING, Rank.QUEEN), (Rank.QUEEN, Rank.JACK, Rank.TEN), (Rank.KING, Rank.QUEEN, Rank.JACK),
        (Rank.JACK, Rank.TEN, Rank.NINE), (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK),
    ))
    n = max(0, rng.choice((4, 5)) - len(top))
    return [*top, *_small(rng, n, avoid=top)]


def _call_draft(rng: random.Random) -> Draft:
    """North deals, East cashes Q-K from A-K-Q of a plain suit while North, fourth hand, plays high then low
    (the call: free cards, not third hand on partner's lead); East then leads a king and South
    takes it with the ace (an honour led is covered) and is on lead. The hidden hands are dealt
    again by :func:`tutor.content.history.find_deal` so that every card of the history is
    conventional."""
    y, z, trump = rng.sample(list(Suit), 3)
    hi, lo = sorted(rng.sample([r for r in SMALL if r > Rank.TWO], 2), reverse=True)
    y_rest = [r for r in SMALL if r not in (hi, lo)]
    rng.shuffle(y_rest)
    s_y = sorted(y_rest[:rng.choice((2, 3))])
    w_y = sorted(y_rest[len(s_y):len(s_y) + 2])
    z_low = [r for r in Rank if r < Rank.SEVEN]
    e_z = Rank.KING
    w_z, n_z = rng.sample(z_low, 2)  # no honour falls for nothing under the ace (play low when not winning)
    z_rest = [r for r in Rank if r not in (Rank.ACE, Rank.KING, w_z, n_z) and r < Rank.QUEEN]
    rng.shuffle(z_rest)
    s_z = [Rank.ACE] + z_rest[:rng.choice((1, 2, 3))]
    n_trumps = rng.choice((2, 3))
    other = next(s for s in Suit if s not in (y, z, trump))
    n_other = 13 - len(s_y) - len(s_z) - n_trumps
    if not 1 <= n_other <= 6:
        return _call_draft(rng)
    south = Hand([Card(y, r) for r in s_y] + [Card(z, r) for r in s_z]
                 + [Card(trump, r) for r in rng.sample([r for r in Rank if r < Rank.ACE], n_trumps)]
                 + _plain_cards(rng, other, n_other))
    taken = (set(south) | {Card(y, r) for r in (Rank.ACE, Rank.KING, Rank.QUEEN, hi, lo, *w_y)}
             | {Card(z, r) for r in (e_z, w_z, n_z)})
    trump_card = rng.choice([Card(trump, r) for r in Rank if Card(trump, r) not in taken])
    known = {
        Seat.S: list(south.cards),
        Seat.N: [Card(y, hi), Card(y, lo), Card(z, n_z), trump_card],
        Seat.E: [Card(y, Rank.ACE), Card(y, Rank.KING), Card(y, Rank.QUEEN), Card(z, e_z)],
        Seat.W: [Card(y, r) for r in w_y] + [Card(z, w_z)],
    }
    layout = _complete(rng, known)
    deal = Deal(layout, dealer=Seat.N, trump_card=trump_card)
    played = (f"E:{Card(y, Rank.QUEEN)} {Card(y, s_y[0])} {Card(y, w_y[0])} {Card(y, hi)} / "
              f"E:{Card(y, Rank.KING)} {Card(y, s_y[1])} {Card(y, w_y[1])} {Card(y, lo)} / "
              f"E:{Card(z, e_z)} {Card(z, Rank.ACE)} {Card(z, w_z)} {Card(z, n_z)}")
    prompt = _t(f"North dealt, the trump card is {trump_card.symbol('en')}. East won the first two tricks, "
                f"you won the third. What do you lead now?",
                f"Сдавал Север, козырь {trump_card.symbol('ru')}. Первые две взятки взял Восток, третью — вы. "
                f"С какой карты вы теперь ходите?")
    return Draft(Seat.N, trump_card, deal, played, "lead", focus=trump, prompt=prompt)


def _random_deal(rng: random.Random) -> tuple[Deal, Seat]:
    dealer = rng.choice(list(Seat))
    deal = Deal.random(rng, dealer=dealer)
    return deal, dealer


def _turned_up(deal: Deal) -> Card:
    """The trump card of a random deal: dealt as the laws say, it always has one."""
    assert deal.trump_card is not None
    return deal.trump_card


def _honours_draft(rng: random.Random) -> Draft:
    deal, dealer = _random_deal(rng)
    ask = rng.choice(("honours-points-ns", "honours-points-ew", "honours-count-ns"))
    return Draft(dealer, _turned_up(deal), deal, None, "honours", ask=ask)


def _score_draft(rng: random.Random) -> Draft:
    deal, dealer = _random_deal(rng)
    tricks = rng.choice((4, 5, 6, 7, 7, 8, 8, 9, 9, 10, 11, 12))
    ask = rng.choice(("score-below-ns", "score-above-ns", "score-below-ew", "score-above-ew"))
    return Draft(dealer, _turned_up(deal), deal, None, "score", ask=ask, tricks_ns=tricks)


def _t(en: str, ru: str) -> Text:
    return Text(en=en, ru=ru)


RECIPES: dict[str, Recipe] = {r.name: r for r in (
    Recipe("king-third", ("opening-lead", "king-third"), 1,
           _t("A king with small cards", "Король с маленькими"),
           _t("Find the suit with your king and see how many cards go with it.",
              "Найдите масть с королём и посмотрите, сколько при нём карт."),
           ("king-third-lead-small",), _lead_draft(_king_third)),
    Recipe("ace-leads", ("opening-lead", "ace-leads"), 2,
           _t("Leading from an ace", "Ход от туза"),
           _t("Look at your long suit: what is in it besides its top card?",
              "Посмотрите на свою длинную масть: что в ней есть, кроме старшей карты?"),
           ("ace-small-lead-small", "ace-fifth-lead-ace", "ace-king-lead-king"), _lead_draft(_ace_leads)),
    Recipe("coronka-lead", ("opening-lead", "honour-sequences"), 2,
           _t("Leading from a coronka", "Ход от коронки"),
           _t("Three honours in a row at the top: which of them tells partner the most?",
              "Три старших онера подряд: какой из них больше скажет партнёру?"),
           ("coronka-lead-queen",), _lead_draft(_coronka)),
    Recipe("honour-sequences", ("opening-lead", "honour-sequences"), 2,
           _t("Touching honours", "Рядовые онеры"),
           _t("Your honours in one suit touch each other. Which end do you start from?",
              "Ваши онеры в одной масти идут подряд. С какого конца начать?"),
           ("top-of-touching-honours", "quart-major-lead-king", "coronka-lead-queen"), _lead_draft(_sequence)),
    Recipe("call-for-trumps", ("call-for-trumps", "trumps"), 3,
           _t("Partner's signal", "Сигнал партнёра"),
           _t("Look again at the cards your partner played to the first two tricks.",
              "Посмотрите ещё раз, какие карты партнёр положил в первые две взятки."),
           ("answer-the-call",), _call_draft),
    Recipe("honours", ("honours",), 2,
           _t("Counting honours", "Счёт онеров"),
           _t("Look at the top trumps in all four hands.", "Посмотрите на старшие козыри во всех четырёх руках."),
           ("honours-five",), _honours_draft),
    Recipe("score", ("score-sheet",), 3,
           _t("Writing the score", "Запись"),
           _t("Count the tricks over six first, then what goes above the line.",
              "Сначала сосчитайте взятки сверх шести, потом — что пишут над чертой."),
           ("leve-below-line",), _score_draft),
)}


def recipe_names() -> tuple[str, ...]:
    return tuple(RECIPES)


# -- turning a draft into a puzzle -------------------------------------------------------------

_SEAT_RU_GEN = {Seat.N: "Север", Seat.E: "Восток", Seat.S: "Юг", Seat.W: "Запад"}


def _lead_prompt(d: Draft) -> Text:
    dealer_en, dealer_ru = d.dealer.label("en"), _SEAT_RU_GEN[d.dealer]
    if d.prompt is not None:
        return d.prompt
    return _t(f"{dealer_en} dealt, the trump card is {d.trump.symbol('en')}. You lead to the first trick.",
              f"Сдавал {dealer_ru}, козырь {d.trump.symbol('ru')}. Вы ходите первым.")


def neutral_title(d: Draft) -> Text:
    """A generated puzzle's title: the position (who dealt, the trump card), never the theme.

    The recipe's name ("A king with small cards") would give the answer's idea away in the
    picker and on a worksheet (issue 12, point 8)."""
    return _t(f"{d.dealer.label('en')} deals, {d.trump.symbol('en')} turned up",
              f"Сдаёт {_SEAT_RU_GEN[d.dealer]}, козырь {d.trump.symbol('ru')}")


def _card_puzzle(recipe: Recipe, d: Draft, advice: EngineCard, pid: str) -> Puzzle:
    deciding = next(m for m in advice.maxims if m in recipe.maxims)
    maxims = [deciding] + [m for m in advice.maxims if m != deciding]
    return Puzzle(
        id=pid, title=neutral_title(d), themes=list(recipe.themes), difficulty=recipe.difficulty,
        dealer=d.dealer, trump=d.trump, hand=d.deal.hands[Seat.S], deal=d.deal,
        played=d.played, question=d.question, prompt=_lead_prompt(d), answer=advice.card,
        maxims=maxims, hints=_hints(recipe, deciding, advice.card),
        explanation=card_explanation(d.deal.hands[Seat.S], advice, deciding),
    )


def _hints(recipe: Recipe, deciding: str, answer: Card) -> list[Text]:
    """The recipe's vague hint, then the deciding maxim in words unless they name the answer's rank
    ("From ace-king lead the king": ``tutor check`` fails such a hint, issue 26 point 6)."""
    rule = maxim_text(deciding)
    return [recipe.vague_hint] if text_names_rank(rule, answer.rank) else [recipe.vague_hint, rule]


def card_explanation(hand: Hand, advice: EngineCard, deciding: str) -> Text:
    """The engine's reason for its card, about this hand: the suit it comes from as held, why not
    the best card of each other suit and the next card of the same suit (the engine's verdict on
    each, in :func:`~tutor.content.library_text.rejection_sentences`' words), and the deciding
    maxim's source -- so no two hands share one explanation word for word
    (``tutor check`` fails one shared by more than a few puzzles, issue 26 point 6).

    >>> from tutor.content.engine import CardVerdict
    >>> v = CardVerdict(Card.parse("SK"), "bad", ("king-third",), Text(en="The king waits.", ru="Король ждёт."))
    >>> a = EngineCard(Card.parse("S2"), ("king-third",), Text(en="Lead low.", ru="Ходите с малой."), (v,), "classic")
    >>> card_explanation(Hand.parse("SK852 H5"), a, "king-third").en.split(" (Source")[0]
    'Your spades: K 8 5 2. Lead low. Not ♠K: The king waits.'
    """
    card = advice.card
    held = sorted((c for c in hand if c.suit == card.suit), key=lambda c: -c.rank.value)
    names = {lang: " ".join(c.rank.display(lang) for c in held) for lang in LANGS}
    faulted = [v for v in advice.candidates if v.verdict != "equal"]
    picked: list[CardVerdict] = []
    for v in faulted:  # the next card of the answer's suit, then the top card of each other suit
        if v.card.suit == card.suit and not any(p.card.suit == card.suit for p in picked):
            picked.append(v)
    for v in sorted(faulted, key=lambda v: -v.card.rank.value):
        if v.card.suit != card.suit and not any(p.card.suit == v.card.suit for p in picked):
            picked.append(v)
    nots = rejection_sentences(picked[:3], advice.explanation)
    src_en, src_ru = maxim_source(deciding, "en"), maxim_source(deciding, "ru")
    en = " ".join([f"Your {card.suit.label('en')}: {names['en']}.", advice.explanation.en, *(n.en for n in nots)])
    ru = " ".join([f"Ваши {card.suit.label('ru')}: {names['ru']}.", advice.explanation.ru, *(n.ru for n in nots)])
    return _t(en + (f" (Source: {src_en}.)" if src_en else ""), ru + (f" (Источник: {src_ru}.)" if src_ru else ""))


def _number_maxims(d: Draft, rules: str) -> list[str]:
    honour_id = "honours-english-short" if rules == "english-short" else "honours-five"
    if d.question == "honours":
        return [honour_id]
    if d.ask and d.ask.startswith("score-below"):  # the rule set's own trick score (defect 5)
        return ["leve-below-line" if rules == "russian" else "odd-tricks-one-point"]
    out = [honour_id]
    side = (d.ask or "")[-2:]
    if d.tricks_ns is not None and (d.tricks_ns if side == "ns" else 13 - d.tricks_ns) >= 12:
        out.append("slam-bonus")
    if number_for(d.deal, f"coronka-points-{side}", None, rules).value:
        out.append("coronka")
    return out


def _number_puzzle(recipe: Recipe, d: Draft, pid: str) -> Puzzle | None:
    maxims = _number_maxims(d, "russian")
    base = {
        "id": pid, "title": neutral_title(d), "themes": list(recipe.themes), "difficulty": recipe.difficulty,
        "dealer": d.dealer, "trump": d.trump, "hand": d.deal.hands[Seat.S], "deal": d.deal,
        "question": d.question, "ask": d.ask, "tricks": {"NS": d.tricks_ns} if d.tricks_ns is not None else None,
        "prompt": ask_text(d.ask or ""), "maxims": maxims,
    }
    got: Breakdown = number_for(d.deal, d.ask or "", d.tricks_ns, "russian")
    if got.value == 0 and d.question == "honours":
        return None  # "nobody scores" teaches little; deal again
    made_en = "; ".join(p.en for p in got.parts)
    made_ru = "; ".join(p.ru for p in got.parts)
    if d.tricks_ns is not None:
        ns, ew = d.tricks_ns, 13 - d.tricks_ns
        side_ns = (d.ask or "").endswith("-ns")
        who_en = "North and South" if side_ns else "East and West"
        who_ru = "Север и Юг" if side_ns else "Восток и Запад"
        below = (d.ask or "").startswith("score-below")
        where_en = "below the line" if below else "above the line"
        where_ru = "под чертой" if below else "над чертой"
        made_en = (f"North and South took {ns} tricks, East and West {ew}. {who_en} write {where_en}: "
                   + (made_en or "nothing"))
        made_ru = (f"Север и Юг взяли {ns} взяток, Восток и Запад {ew}. {who_ru} записывают {where_ru}: "
                   + (made_ru or "ничего"))
    explanation = _t(f"{made_en}. So the answer is {got.value}.", f"{made_ru}. Поэтому ответ: {got.value}.")
    return Puzzle(**base, answer=got.value, hints=[recipe.vague_hint, maxim_text(maxims[0])],
                  explanation=explanation)


def _with_conventional_history(puzzle: Puzzle) -> Puzzle | None:
    """The puzzle with a hidden deal in which every card of its history is conventional (the
    linter's rule, :mod:`tutor.content.history`), or None when South's own cards are not or no
    such deal is found quickly."""
    from tutor.content.history import find_deal

    found = find_deal(puzzle, seed=0, seconds=30.0, max_iterations=400)  # bounded by iterations: reproducible
    if found.south or found.deal is None:
        return None
    return puzzle.model_copy(update={"deal": found.deal})


def generate(theme: str, count: int = 1, seed: int = 0, *, attempts: int = 400) -> list[Puzzle]:
    """``count`` puzzles on ``theme`` (a recipe name), reproducible from ``seed``.

    Raises :class:`GenerateError` for an unknown theme, or when ``attempts`` deals in a row do not
    give a puzzle the engine answers with the theme's maxims.
    """
    if theme not in RECIPES:
        raise GenerateError(f"unknown theme {theme!r} (use one of: {', '.join(RECIPES)})")
    if count < 1:
        raise GenerateError("count must be at least 1")
    if not 0 <= seed <= MAX_SEED:
        # the seed is part of each puzzle id, which allows neither a minus sign nor 80+ characters
        raise GenerateError(f"a seed is a number from 0 to {MAX_SEED}, not {seed}")
    recipe = RECIPES[theme]
    rng = random.Random(f"whist-generate-{theme}-{seed}")
    out: list[Puzzle] = []
    said: Counter[str] = Counter()  # explanations given so far, word for word
    misses = 0
    while len(out) < count:
        pid = f"gen-{theme}-{seed}-{len(out) + 1}"
        d = recipe.draft(rng)
        if d.question in ("honours", "score"):
            puzzle = _number_puzzle(recipe, d, pid)
        else:
            advice = advise_position(build_position(d.deal.hands[Seat.S], d.trump, d.played, d.dealer))
            # a clear puzzle: the theme's maxim decides, in the theme's suit, and no other card is as good
            fits = (any(m in recipe.maxims for m in advice.maxims)
                    and (d.focus is None or advice.card.suit == d.focus)
                    and not equal_accepts(advice))
            puzzle = _card_puzzle(recipe, d, advice, pid) if fits else None
            if puzzle is not None and puzzle.played:
                puzzle = _with_conventional_history(puzzle)
        if puzzle is not None and said[explanation_words(puzzle)] >= SHARED_MAX:
            puzzle = None  # a clone of puzzles already made: `tutor check` would fail the shared words
        if puzzle is None:
            misses += 1
            if misses >= attempts:
                raise GenerateError(f"no {theme} puzzle found in {attempts} deals in a row (seed {seed})")
            continue
        misses = 0
        said[explanation_words(puzzle)] += 1
        out.append(puzzle)
    return out
