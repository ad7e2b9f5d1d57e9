"""The puzzle library's words: a title naming the situation, graded hints specific to the hand,
an explanation from the engine's reasons about the hand's real alternatives with the source
cited, and a double-dummy note when the solver disagrees -- in English and Russian.

Why generated words can be specific: every sentence is made from this hand's facts (its suits and
their lengths, the cards on the table, the engine's verdict on each real alternative, the solver's
figures), never pasted per theme. What a sentence must never do is say the answer: the title
names no holding and the hints no rank of the answer (:func:`names_rank`; ``tutor check`` holds
every puzzle to both, :mod:`tutor.content.quality`).
"""

from __future__ import annotations

from collections.abc import Sequence

from tutor.cards import Card, Rank, Suit
from tutor.content.engine import CardVerdict, maxim_text
from tutor.content.library import Draft, plausible_suits
from tutor.content.models import Text
from tutor.content.quality import names_rank
from tutor.content.sources import source_name
from tutor.conventions.catalogue import Source, UnknownMaximError, get_maxim
from tutor.i18n import ru_plural
from tutor.seats import Seat
from tutor.seatview import SeatView
from tutor.vocab import Lang

__all__ = ["title_of", "prompt_of", "hints_of", "explanation_of", "dd_note"]

_SEAT_RU = {Seat.N: "Север", Seat.E: "Восток", Seat.S: "Юг", Seat.W: "Запад"}
_SEAT_RU_BY = {Seat.N: "Севера", Seat.E: "Востока", Seat.S: "Юга", Seat.W: "Запада"}
_NUM_EN = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
           "thirteen")
_NUM_RU = ("ни одной", "одна", "две", "три", "четыре", "пять", "шесть", "семь", "восемь", "девять", "десять",
           "одиннадцать", "двенадцать", "тринадцать")
_NUM_RU_M = ("ни одного", "один", "два", "три", "четыре", "пять", "шесть", "семь", "восемь", "девять", "десять",
             "одиннадцать", "двенадцать", "тринадцать")
#: A suit named in the accusative (Russian): «откройте пики».
_SUIT_RU_ACC = {Suit.S: "пики", Suit.H: "черви", Suit.D: "бубны", Suit.C: "трефы"}
_SUIT_RU_GEN = {Suit.S: "пик", Suit.H: "червей", Suit.D: "бубен", Suit.C: "треф"}
_ORD_RU = ("", "первой", "второй", "третьей", "четвёртой", "пятой", "шестой")


def _t(en: str, ru: str) -> Text:
    return Text(en=en, ru=ru)


def _cards_en(n: int) -> str:
    return f"{_NUM_EN[n]} card{'' if n == 1 else 's'}"


def _cards_ru(n: int) -> str:
    """«три карты», «пять карт»; none is «ни одной карты» (the genitive singular, not «ни одной карт»)."""
    return "ни одной карты" if n == 0 else f"{_NUM_RU[n]} {ru_plural(n, 'карта', 'карты', 'карт')}"


def _trumps_en(n: int) -> str:
    return f"{_NUM_EN[n]} trump{'' if n == 1 else 's'}"


def _trumps_ru(n: int) -> str:
    """«три козыря»; none is «ни одного козыря» (not «ни одного козырей»).

    >>> _trumps_ru(0), _trumps_ru(3), _trumps_ru(5)
    ('ни одного козыря', 'три козыря', 'пять козырей')
    """
    return "ни одного козыря" if n == 0 else f"{_NUM_RU_M[n]} {ru_plural(n, 'козырь', 'козыря', 'козырей')}"


def _length(view: SeatView, suit: Suit) -> int:
    return sum(1 for c in view.remaining if c.suit == suit)


# -- titles ----------------------------------------------------------------------------------------

def title_of(draft: Draft) -> Text:
    """The situation in a few words: the turn, how many suits compete or what lies on the table,
    and the trumps held -- never a rank or the shape of the suit the answer comes from."""
    view = draft.position.view()
    trumps = _length(view, view.trump) if view.trump is not None else 0
    kind = draft.position.kind
    n = len(draft.plausible) + 1
    trick = len(view.tricks) + 1
    if kind == "opening-lead":
        lean = ("few trumps", "мало козырей") if trumps <= 3 else ("long trumps", "длинные козыри")
        return _t(f"The opening lead: {_NUM_EN[n]} suits compete, {lean[0]}",
                  f"Первый ход: спорят {_NUM_RU[n]} масти, {lean[1]}" if n < 5 else
                  f"Первый ход: спорят {_NUM_RU[n]} мастей, {lean[1]}")
    if kind in ("later-lead", "return"):
        who = ("partner led before", "партнёр уже ходил") if kind == "return" else ("partner has not led yet",
                                                                                 "партнёр ещё не ходил")
        return _t(f"On lead, trick {_NUM_EN[trick]}: {who[0]}, {_trumps_en(trumps)} left",
                  f"Ваш ход на {_ORD_RU[trick]} взятке: {who[1]}, {_trumps_ru(trumps)} на руках")
    led = view.on_table[0]
    leader = view.leader
    led_en = "an honour" if led.rank >= Rank.TEN else "a small card"
    led_ru = "онером" if led.rank >= Rank.TEN else "маленькой"
    if kind == "discard":
        return _t(f"Trick {trick}: nothing to follow with, {_trumps_en(trumps)}",
                  f"{trick}-я взятка: нечем ответить в масть, {_trumps_ru(trumps)}")
    place = {"second-hand": ("second", "второй"), "third-hand": ("third", "третьей"),
             "fourth-hand": ("last", "последней")}[kind]
    return _t(f"Trick {trick}: {leader.label('en')} leads {led_en}, you play {place[0]}",
              f"{trick}-я взятка: {_SEAT_RU[leader]} ходит {led_ru}, вы играете {place[1]}"
              if kind != "third-hand" else
              f"{trick}-я взятка: {_SEAT_RU[leader]} ходит {led_ru}, вы — третья рука")


# -- the prompt -------------------------------------------------------------------------------------

def prompt_of(draft: Draft) -> Text:
    """What the student is asked, from his seat: who dealt, the trump card, the trick so far."""
    view = draft.position.view()
    dealer = draft.position.dealer
    tc = draft.position.deal.trump_card
    assert tc is not None
    head_en = f"{dealer.label('en')} dealt, the trump card is {tc.symbol('en')}."
    head_ru = f"Сдавал {_SEAT_RU[dealer]}, козырь {tc.symbol('ru')}."
    kind = draft.position.kind
    if kind == "opening-lead":
        return _t(f"{head_en} You lead to the first trick.", f"{head_ru} Вы ходите первым.")
    trick = len(view.tricks) + 1
    if not view.on_table:
        return _t(f"{head_en} You won the last trick; what do you lead to trick {trick}?",
                  f"{head_ru} Последнюю взятку взяли вы; с чего вы ходите в {trick}-й взятке?")
    seq_en = ", ".join(f"{s.label('en')} {c.symbol('en')}" for s, c in _plays(view))
    seq_ru = ", ".join(f"{_SEAT_RU[s]} {c.symbol('ru')}" for s, c in _plays(view))
    return _t(f"{head_en} Trick {trick}: {seq_en}. What do you play?",
              f"{head_ru} {trick}-я взятка: {seq_ru}. Какую карту вы кладёте?")


def _plays(view: SeatView) -> list[tuple[Seat, Card]]:
    seat = view.leader
    out = []
    for c in view.on_table:
        out.append((seat, c))
        seat = seat.lho
    return out


# -- hints -----------------------------------------------------------------------------------------

def _suit_list(view: SeatView, suits: Sequence[Suit], lang: Lang, each: str = "") -> str:
    """The suits one may lead, "spades (3 cards), hearts (4 cards) or trumps (2 cards)"; ``each``
    is the Russian preposition every suit takes («пойти можно в пики, в червы или в козыри»:
    «в пики … или трефы» leaves the last without its «в»)."""
    if lang == "ru":
        parts = [f"{each}{'козыри' if s == view.trump else _SUIT_RU_ACC[s]} ({_cards_ru(_length(view, s))})"
                 for s in suits]
        return ", ".join(parts[:-1]) + " или " + parts[-1] if len(parts) > 1 else parts[0]
    parts = [f"{'trumps' if s == view.trump else s.label('en')} ({_cards_en(_length(view, s))})" for s in suits]
    return ", ".join(parts[:-1]) + " or " + parts[-1] if len(parts) > 1 else parts[0]


def hints_of(draft: Draft) -> list[Text]:
    """Two or three hints, vaguer first: the hand's real candidates; then what the engine holds
    against the strongest alternative; then the deciding maxim -- each left out when it would
    name the answer's rank (:func:`names_rank`), and never fewer than one."""
    view = draft.position.view()
    answer = draft.advice.card
    trumps = _length(view, view.trump) if view.trump is not None else 0
    out: list[Text] = []
    if view.is_lead:
        suits = sorted({answer.suit, *(c.suit for c in draft.plausible)})
        if not view.tricks:
            out.append(_t(f"You hold {_trumps_en(trumps)}; you might open {_suit_list(view, suits, 'en')}. "
                          "Which of them does your side want opened first?",
                          f"У вас {_trumps_ru(trumps)}; открыть можно {_suit_list(view, suits, 'ru')}. "
                          "Какую из них вашей стороне выгодно открыть первой?"))
        else:  # a later lead: a suit may be led already (the side's own, partner's)
            out.append(_t(f"You hold {_trumps_en(trumps)}; you might lead {_suit_list(view, suits, 'en')}. "
                          "Which of them does your side want played now?",
                          f"У вас {_trumps_ru(trumps)}; пойти можно {_suit_list(view, suits, 'ru', each='в ')}. "
                          "Какую из них вашей стороне выгодно играть сейчас?"))
    else:
        plays = _plays(view)
        partner = view.seat.partner
        winning = _winner(view)
        pard = next((c for s, c in plays if s == partner), None)
        if draft.position.kind == "discard":
            out.append(_t("You cannot follow. Which of your suits can spare a card, and which must keep its guards?",
                          "В масть ответить нечем. Какая из ваших мастей может отдать карту, а какая должна "
                          "сохранить прикрытие?"))
        elif pard is not None:
            who_en = "partner's card is winning the trick" if winning == partner else "the trick is not yet partner's"
            who_ru = "карта партнёра пока берёт взятку" if winning == partner else "взятка пока не у партнёра"
            out.append(_t(f"Partner has played {pard.symbol('en')} and {who_en}. What does your card need to do?",
                          f"Партнёр положил {pard.symbol('ru')}, и {who_ru}. Что должна сделать ваша карта?"))
        else:
            still = "Partner plays after you." if len(plays) < 3 else "You play last to this trick."
            still_ru = "Партнёр играет после вас." if len(plays) < 3 else "Вы кладёте в эту взятку последним."
            out.append(_t(f"{still} Which of your cards can do something here, and which are all the same?",
                          f"{still_ru} Какие из ваших карт здесь что-то решают, а какие равны между собой?"))
    alt = _first_alternative(draft)
    if alt is not None:
        out.append(_against(alt))
    out.append(maxim_text(draft.deciding))
    return [h for h in out if not (names_rank(h.en, answer.rank, "en") or names_rank(h.ru, answer.rank, "ru"))] or out[:1]


def _winner(view: SeatView) -> Seat | None:
    plays = _plays(view)
    if not plays:
        return None
    led = plays[0][1].suit
    trump = view.trump

    def power(c: Card) -> int:
        if trump is not None and c.suit == trump:
            return 200 + c.rank
        return 100 + c.rank if c.suit == led else 0

    return max(plays, key=lambda p: power(p[1]))[0]


def _against(alt: CardVerdict) -> Text:
    """The second hint: the rule the strongest alternative breaks, by its title, as a question --
    the explanation gives the engine's reason in full, so the hint never repeats it."""
    broken = alt.maxims[0] if alt.maxims else ""
    try:
        title = get_maxim(broken).title
    except UnknownMaximError:
        return _t(f"{alt.card.symbol('en')} is tempting. What would it cost you here?",
                  f"{alt.card.symbol('ru')} соблазняет. Чего эта карта вам здесь будет стоить?")
    return _t(f"{alt.card.symbol('en')} is tempting. Does it keep to the rule “{title['en']}”?",
              f"{alt.card.symbol('ru')} соблазняет. Не нарушает ли эта карта правило «{title['ru']}»?")


def _first_alternative(draft: Draft) -> CardVerdict | None:
    by_card = {c.card: c for c in draft.advice.candidates}
    return next((by_card[c] for c in draft.plausible if c in by_card), None)


# -- the explanation ---------------------------------------------------------------------------------

def explanation_of(draft: Draft, note: Text | None) -> Text:
    """The engine's reasons for its card, then why not each real alternative (the engine's verdict
    on it, one short sentence per card, naming it; for a lead, also a suit the player would
    consider that the engine rules out altogether; for a discard, why not trump), the source of the deciding maxim
    (:func:`source_of`), and the double-dummy ``note`` when there is one."""
    advice = draft.advice
    by_card = {c.card: c for c in advice.candidates}
    rejected = [by_card[c] for c in draft.plausible if c in by_card]
    view = draft.position.view()
    if view.is_lead:
        # a suit the player would consider that the engine rules out altogether (every card of
        # it ``bad``, so no candidate: A-Q-10-x-x-x is not led) is answered too, by its first card
        shown = {advice.card.suit, *(v.card.suit for v in rejected)}
        for suit in plausible_suits(view):
            first = next((c for c in advice.candidates if c.card.suit == suit), None)
            if suit not in shown and first is not None and first.verdict == "bad":
                rejected.append(first)
    trump = _trump_of(draft)
    if draft.position.kind == "discard" and trump is not None and all(v.card.suit != trump for v in rejected):
        # not following, the other choice is to trump: say why not, by the lowest trump's verdict
        ruffs = [c for c in advice.candidates if c.card.suit == trump and c.verdict != "equal"]
        if ruffs:
            rejected.append(min(ruffs, key=lambda c: c.card.rank))
    nots = rejection_sentences(rejected, advice.explanation)
    nots_en, nots_ru = [n.en for n in nots], [n.ru for n in nots]
    src_en = source_of(draft, "en")
    src_ru = source_of(draft, "ru")
    en = " ".join([advice.explanation.en, *nots_en]) + (f" (Source: {src_en}.)" if src_en else "")
    ru = " ".join([advice.explanation.ru, *nots_ru]) + (f" (Источник: {src_ru}.)" if src_ru else "")
    if note is not None:
        en, ru = f"{en} {note.en}", f"{ru} {note.ru}"
    return _t(en, ru)


def rejection_sentences(rejected: Sequence[CardVerdict], explanation: Text) -> list[Text]:
    """Why not each rejected card, after the engine's ``explanation`` of its own: one short
    sentence per card naming it, or per group with the same reason (:func:`_rejections`), without
    an opening clause the explanation has just said. The library's explanations and
    ``tutor generate``'s card puzzles both say their "not" sentences this way."""
    return [_t(_unsaid(_not(vs, "en"), explanation.en), _unsaid(_not(vs, "ru"), explanation.ru))
            for vs in _rejections(rejected)]


def _rejections(verdicts: Sequence[CardVerdict]) -> list[list[CardVerdict]]:
    """The rejected alternatives, each alone, except cards whose reasons are the same words once
    each card's own name is taken out (a reason naming its suit or other cards differs, so it
    stays alone; one naming the card twice does too): those go together, their names joined by
    "or" where the reason names the card ("lead a trump rather than ♦A or ♣J")."""
    groups: list[list[CardVerdict]] = []
    for v in verdicts:
        for g in groups:
            first = g[0]
            if all(_template(first, lang) == _template(v, lang) is not None for lang in ("en", "ru")):
                g.append(v)
                break
        else:
            groups.append([v])
    return groups


def _template(v: CardVerdict, lang: Lang) -> str | None:
    """The reason with the card's name as ``{card}``; None when it names the card more than once."""
    text = v.why.en if lang == "en" else v.why.ru
    name = v.card.symbol(lang)
    return None if text.count(name) > 1 else text.replace(name, "{card}")


def _not(vs: Sequence[CardVerdict], lang: Lang) -> str:
    """One sentence rejecting ``vs`` (one card, or cards of one suit with the same reason): the
    reason itself when it names the card (the names joined by "or"), else "Not ♠J: <reason>"."""
    symbols = [v.card.symbol(lang) for v in vs]
    last = " or " if lang == "en" else " или "
    names = ", ".join(symbols[:-1]) + last + symbols[-1] if len(symbols) > 1 else symbols[0]  # "♠K, ♠J or ♦K"
    first = vs[0]
    text = first.why.en if lang == "en" else first.why.ru
    name = first.card.symbol(lang)
    if name in text:
        said = text.replace(name, names)
        return said[0].upper() + said[1:] if said[:1].islower() else said
    return f"{'Not' if lang == 'en' else 'Не'} {names}: {text}"


def _unsaid(sentence: str, said: str) -> str:
    """``sentence`` without its opening clause when the explanation has just said it ("With four
    or more trumps, lead trumps." then "Lead a trump rather than ♦A.", not "With four or more
    trumps, …" twice)."""
    for sep in (", ", "; "):
        head, cut, rest = sentence.partition(sep)
        if cut and rest and len(head) > 8 and head in said and ":" not in head:
            return rest[0].upper() + rest[1:]
    words = sentence.split(" ")
    # the same opening phrase said with its comma ("On partner's lead, third hand plays high.")
    for k in range(len(words) - 3, 2, -1):
        if f"{' '.join(words[:k])}, " in said and ":" not in " ".join(words[:k]):
            rest = " ".join(words[k:])
            return rest[0].upper() + rest[1:]
    return sentence


#: The hand a book's chapter is about, by the words that name it (Cassell's "the fourth player").
_HAND_WORDS = {"second-hand": ("second hand", "second player"), "third-hand": ("third hand", "third player"),
               "fourth-hand": ("fourth hand", "fourth player")}


def source_of(draft: Draft, lang: Lang) -> str:
    """The deciding maxim's own source by its name (:func:`tutor.content.sources.source_name`);
    when that source is a chapter about another hand than the puzzle's (Cassell on the fourth
    player for a third-hand play), the maxim's further source (``see``) about the puzzle's hand
    instead (the maxim's own source still when none of its sources is about this hand)."""
    try:
        maxim = get_maxim(draft.deciding)
    except UnknownMaximError:
        return ""
    kind = draft.position.kind
    if kind not in _HAND_WORDS:
        return source_name(maxim.source, lang)

    def about(src: Source) -> str | None:
        chapter = (src.chapter or "").lower()
        return next((k for k, words in _HAND_WORDS.items() if any(w in chapter for w in words)), None)

    for src in (maxim.source, *maxim.see):
        if about(src) in (None, kind):
            return source_name(src, lang)
    return source_name(maxim.source, lang)


def _level(x: float) -> bool:
    """A difference the note writes as "level": it would print as 0.00."""
    return abs(x) < 0.005


def _trump_of(draft: Draft) -> Suit | None:
    """The trump suit of the draft's deal."""
    tc = draft.position.deal.trump_card
    return tc.suit if tc is not None else None


def _num(x: float, lang: Lang) -> str:
    text = f"{x:.2f}"
    return text.replace(".", ",") if lang == "ru" else text


def dd_note(draft: Draft, record: dict[str, object]) -> Text | None:
    """Why the double-dummy figure differs from the answer, in this hand's cards and numbers; None
    when the solver agrees. Two findings are told apart: the solver's best card in another suit
    (it sees every hand, so a lead that only waits costs it nothing) and, within the answer's own
    suit, whether the solver backs the answer's card or also prefers another."""
    comparison = record["comparison"]
    assert isinstance(comparison, dict)
    if comparison["verdict"] == "agree":
        return None
    leads = record["leads"]
    assert isinstance(leads, list)
    means = {_card(str(r["card"])): float(r["mean"]) for r in leads}
    answer = draft.advice.card
    best = _card(str(comparison["best"]))
    n = int(comparison["samples"])
    cost = float(comparison["cost"])
    same = {c: m for c, m in means.items() if c.suit == answer.suit and c != answer}
    lead = draft.position.kind in ("opening-lead", "later-lead", "return")
    if _level(cost):
        head_en = f"Double-dummy over {n} layouts, {best.symbol('en')} and {answer.symbol('en')} score level."
        head_ru = f"В открытую на {n} раскладах {best.symbol('ru')} и {answer.symbol('ru')} дают поровну."
        return _t(head_en, head_ru)  # level: there is no disagreement to explain
    head_en = (f"Double-dummy over {n} layouts, {best.symbol('en')} scores {_num(cost, 'en')} of a trick more "
               f"than {answer.symbol('en')}.")
    head_ru = (f"В открытую на {n} раскладах {best.symbol('ru')} даёт на {_num(cost, 'ru')} взятки больше, "
               f"чем {answer.symbol('ru')}.")
    best_en = "trumps" if best.suit == _trump_of(draft) else f"the {best.suit.label('en')}"
    best_ru = "козыри" if best.suit == _trump_of(draft) else _SUIT_RU_ACC[best.suit]
    if best.suit != answer.suit and same:
        rival, m = max(same.items(), key=lambda kv: kv[1])
        edge = means[answer] - m
        if _level(edge) or edge > 0:
            backs_en = (f"rates {answer.symbol('en')} level with {rival.symbol('en')}" if _level(edge) else
                        f"backs {answer.symbol('en')} ({_num(edge, 'en')} over {rival.symbol('en')})")
            backs_ru = (f"ставит {answer.symbol('ru')} вровень с {rival.symbol('ru')}" if _level(edge) else
                        f"за {answer.symbol('ru')} (на {_num(edge, 'ru')} лучше {rival.symbol('ru')})")
            body_en = (f"Within the {answer.suit.label('en')} the solver {backs_en}: what it dislikes is the suit. "
                       f"It sees every hand, so a lead of {best_en} gives nothing away to it.")
            body_ru = (f"Внутри масти ({_SUIT_RU_GEN[answer.suit]}) расчёт {backs_ru}: ему не нравится сама масть. "
                       f"Он видит все руки, и ход в {best_ru} ему ничего не отдаёт.")
        else:
            body_en = (f"Even within the {answer.suit.label('en')} it prefers {rival.symbol('en')} by "
                       f"{_num(-edge, 'en')}: the solver sees partner's cards, and the convention's card is worth what "
                       "it tells partner, which no double-dummy count values.")
            body_ru = (f"Даже внутри масти он предпочитает {rival.symbol('ru')} (на {_num(-edge, 'ru')}): расчёт видит "
                       "карты партнёра, а карта по правилу ценна тем, что сообщает партнёру, — этого счёт в открытую "
                       "не учитывает.")
    elif best.suit == answer.suit:
        body_en = (f"Both are {answer.suit.label('en')}: the solver knows where every card lies, while "
                   f"{answer.symbol('en')} is the card that keeps partner informed and guards against the layouts "
                   "you cannot see.")
        body_ru = (f"Обе карты — {_SUIT_RU_ACC[answer.suit]}: расчёт знает, где лежит каждая карта, а "
                   f"{answer.symbol('ru')} — карта, которая сообщает партнёру и бережёт от раскладов, которых вы не видите.")
    else:
        body_en = ("The solver plays with every hand open" + (", so the lead it picks needs no message to partner."
                                                              if lead else "; at the table you do not know those cards."))
        body_ru = ("Расчёт играет в открытую" + (", и его ходу не нужно ничего сообщать партнёру." if lead
                                                 else "; за столом этих карт вы не знаете."))
    return _t(f"{head_en} {body_en}", f"{head_ru} {body_ru}")


def _card(text: str) -> Card:
    from tutor.cards import parse_card

    return parse_card(text)
