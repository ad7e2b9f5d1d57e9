"""A printable worksheet: puzzles as card diagrams and questions, the answer key on its own page.

Teachers asked for handouts they can print. The page is one self-contained HTML file with print
CSS: name and date lines, suit symbols, hearts and diamonds in red, the question under each
diagram, a box to write the answer in, and the key after a page break so it can be torn off.
A puzzle is headed by its number only ("Puzzle 3"): a title such as "King fourth" would give the
theme away (issue 12, point 8); the title, the rule by its name and the one-line reason are in the
key. Every word is in the sheet's language (the locale files); every text from the content is
escaped -- a title with ``<script>`` prints as text.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from tutor.cards import Card, Hand, Suit
from tutor.content.describe import position_lines, question_text
from tutor.content.models import Exercise, Item, Puzzle, Text
from tutor.content.sources import plain_citations
from tutor.conventions.catalogue import UnknownMaximError, get_maxim
from tutor.cut import player_name
from tutor.i18n import t
from tutor.seats import Seat
from tutor.vocab import Lang, parse_lang

__all__ = ["worksheet_html", "answer_text", "maxim_names", "one_line"]

_CSS = """
body { font-family: Georgia, 'DejaVu Serif', serif; margin: 1.5cm; color: #111; }
h1 { font-size: 1.5em; margin-bottom: 0.2em; }
.sub { color: #555; margin-bottom: 1.2em; }
.puzzle { border: 1px solid #bbb; border-radius: 6px; padding: 0.7em 1em; margin-bottom: 1em;
          break-inside: avoid; page-break-inside: avoid; }
.puzzle h2 { font-size: 1.1em; margin: 0 0 0.4em 0; }
.hand { font-family: 'DejaVu Sans Mono', monospace; font-size: 1.15em; line-height: 1.35; }
.suit { display: block; }
.red { color: #c00; }
.black { color: #111; }
.deal { display: grid; grid-template-columns: repeat(3, auto); gap: 0.2em 2em; justify-content: start; }
.deal .seat { font-size: 0.85em; color: #555; }
.meta { margin: 0.4em 0; }
.tricks { border-collapse: collapse; margin: 0.4em 0; }
.tricks td, .tricks th { border: 1px solid #ccc; padding: 0.1em 0.5em; }
.question { font-weight: bold; margin-top: 0.5em; }
.answer-box { border-bottom: 1px solid #333; width: 12em; height: 1.5em; display: inline-block; }
.student { margin: 0 0 1.2em 0; }
.line { border-bottom: 1px solid #333; width: 16em; height: 1.3em; display: inline-block; margin-right: 2em; }
.key { break-before: page; page-break-before: always; }
.answers { list-style: none; padding-left: 0; }
.key li { margin-bottom: 0.6em; }
@media print { body { margin: 1cm; } }
"""

_WORD_KEYS = ("key", "dealer", "trump", "answer", "tricks", "trick", "taken", "maxims", "puzzles", "any", "lead",
              "name", "date", "puzzle", "title", "ns", "ew")


def _words(lang: Lang) -> dict[str, str]:
    """The sheet's own words in ``lang``, from the locale files."""
    return {k: t(f"feedback.sheet.{k}", lang, n="{n}") for k in _WORD_KEYS}  # "{n}" filled later


def _card(card: Card, lang: Lang) -> str:
    cls = "red" if card.suit.is_red else "black"
    return f'<span class="{cls}">{escape(card.symbol(lang))}</span>'


def _hand(hand: Hand, lang: Lang) -> str:
    rows = []
    for suit in Suit:
        cls = "red" if suit.is_red else "black"
        # spaced, as the app draws a hand: run together «K10963» read as K-1-0 or K-10 (defect 37)
        ranks = " ".join(c.rank.display(lang) for c in hand.suit(suit)) or "—"
        rows.append(f'<span class="suit"><span class="{cls}">{suit.symbol}</span> {escape(ranks)}</span>')
    return f'<div class="hand">{"".join(rows)}</div>'


def _deal(item: Item, lang: Lang) -> str:
    deal = item.full_deal()
    assert deal is not None
    cell = {s: f'<div><div class="seat">{escape(s.label(lang))}</div>{_hand(deal.hands[s], lang)}</div>' for s in Seat}
    empty = "<div></div>"
    return (f'<div class="deal">{empty}{cell[Seat.N]}{empty}{cell[Seat.W]}{empty}{cell[Seat.E]}'
            f'{empty}{cell[Seat.S]}{empty}</div>')


def _tricks(item: Item, lang: Lang) -> str:
    tricks = item.tricks_played
    if not tricks:
        return ""
    w = _words(lang)
    head = "".join(f"<th>{escape(s.label(lang))}</th>" for s in Seat)
    rows = []
    for n, trick in enumerate(tricks, start=1):
        cells = []
        for seat in Seat:
            card = trick.card_of(seat)
            lead = " *" if seat == trick.leader else ""
            cells.append(f"<td>{_card(card, lang) + lead if card else ''}</td>")
        rows.append(f"<tr><th>{escape(w['trick'])} {n}</th>{''.join(cells)}</tr>")
    return (f'<div class="meta">{escape(w["tricks"])} (* = {escape(w["lead"])}):</div>'
            f'<table class="tricks"><tr><th></th>{head}</tr>{"".join(rows)}</table>')


def answer_text(item: Item, lang: Lang = "en") -> str:
    """The answer as a student writes it: a card symbol, the legal cards, or the number."""
    if item.question == "legal":
        return f"{_words(lang)['any']} " + " ".join(c.symbol(lang) for c in item.answer_cards())
    if isinstance(item.answer, Card):
        alts = [a.card.symbol(lang) for a in item.accept]
        main = item.answer.symbol(lang)
        return main + (f" ({' / '.join(alts)})" if alts else "")
    if item.question == "cut" and isinstance(item.answer, str):
        return player_name(item.answer, lang)
    if item.question == "exchange":
        return t(f"humbug.question.choice_{item.answer}", lang)
    return str(item.answer)


def _title(item: Item, n: int, lang: Lang) -> str:
    """The key's heading of an item: its number and its title (the title stays out of the sheet)."""
    title = getattr(item, "title", None)
    return f"{n}. {title[lang]}" if isinstance(title, Text) else f"{n}."


def _heading(n: int, lang: Lang) -> str:
    """A puzzle's heading on the sheet: its number only, which gives no theme away."""
    return _words(lang)["puzzle"].format(n=n)


def _section(item: Item, n: int, lang: Lang) -> str:
    w = _words(lang)
    parts = [f'<section class="puzzle"><h2>{escape(_heading(n, lang))}</h2>']
    if item.question == "cut":  # the cut comes before the deal: the cards drawn, no hand, no trump
        parts.extend(f'<div class="meta">{escape(line)}</div>' for line in position_lines(item, lang))
        parts.append(f'<div class="question">{escape(plain_citations(question_text(item)[lang], lang))}</div>')
        parts.append(f'<div class="meta">{escape(w["answer"])}: <span class="answer-box"></span></div></section>')
        return "".join(parts)
    if item.question in ("honours", "score"):
        parts.append(_deal(item, lang))
    else:
        parts.append(_hand(item.student_hand, lang))
    if item.variant == "cayenne":  # no card turned up: the contract named after the deal
        contract = item.cayenne_contract
        trump = escape(t("cayenne.table.contract_line", lang, contract=contract.title(lang),
                         seat=contract.named_by.label(lang)))
        parts.append(f'<div class="meta">{escape(w["dealer"])}: {escape(item.dealer_seat.label(lang))}; {trump}</div>')
    else:
        parts.append(f'<div class="meta">{escape(w["dealer"])}: {escape(item.dealer_seat.label(lang))}; '
                     f'{escape(w["trump"])}: {_card(item.trump_card, lang)}</div>')
    parts.append(_tricks(item, lang))
    if item.tricks is not None:
        ns = item.tricks.ns
        parts.append(f'<div class="meta">{escape(w["taken"])}: {escape(w["ns"])} {ns}, {escape(w["ew"])} {13 - ns}</div>')
    parts.append(f'<div class="question">{escape(plain_citations(question_text(item)[lang], lang))}</div>')
    parts.append(f'<div class="meta">{escape(w["answer"])}: <span class="answer-box"></span></div></section>')
    return "".join(parts)


def maxim_names(item: Item, lang: Lang) -> list[str]:
    """The item's maxims by their titles in ``lang`` (an unknown id is left out, never printed)."""
    names = []
    for mid in item.maxims:
        try:
            names.append(get_maxim(mid).title_in(lang))
        except UnknownMaximError:
            continue
    return names


def one_line(text: str) -> str:
    """The first sentence of an explanation: the key's one-line reason.

    >>> one_line("Spades are longest; lead small. The king waits.")
    'Spades are longest; lead small.'
    """
    text = " ".join(text.split())
    for i, ch in enumerate(text):
        if ch in ".!?" and (i + 1 == len(text) or text[i + 1] == " ") and not text[max(0, i - 2):i].endswith(("e.g", "i.e")):
            return text[: i + 1]
    return text


def _key_entry(item: Item, n: int, lang: Lang) -> str:
    w = _words(lang)
    answer = answer_text(item, lang)
    maxims = " · ".join(maxim_names(item, lang))
    rule = f"<br><small>{escape(w['maxims'])}: {escape(maxims)}</small>" if maxims else ""
    return (f"<li><strong>{escape(_title(item, n, lang))}</strong> — {escape(w['answer'])}: "
            f"<strong>{_colour(answer)}</strong><br>{_colour(one_line(plain_citations(item.explanation[lang], lang)))}{rule}</li>")


def _colour(text: str) -> str:
    """Escape ``text`` and colour the red suit symbols in it."""
    out = escape(text)
    for sym in ("♥", "♦"):
        out = out.replace(sym, f'<span class="red">{sym}</span>')
    return out


def worksheet_html(items: Sequence[Puzzle | Exercise], lang: Lang = "en", title: str | None = None) -> str:
    """The whole printable page for ``items`` (puzzles or exercises), in ``lang``."""
    lang = parse_lang(lang)  # typed a Lang; a caller outside mypy gets the vocabulary's one error
    w = _words(lang)
    heading = title or w["title"]
    sections = "".join(_section(item, n, lang) for n, item in enumerate(items, start=1))
    key = "".join(_key_entry(item, n, lang) for n, item in enumerate(items, start=1))
    student = (f'<div class="student">{escape(w["name"])}: <span class="line"></span>'
               f'{escape(w["date"])}: <span class="line"></span></div>')
    return (
        f'<!DOCTYPE html>\n<html lang="{lang}"><head><meta charset="utf-8">'
        f"<title>{escape(heading)}</title><style>{_CSS}</style></head><body>"
        f"<h1>{escape(heading)}</h1>{student}<div class=\"sub\">{escape(w['puzzles'].format(n=len(items)))}</div>"
        f"{sections}"
        f'<section class="key"><h1>{escape(w["key"])}</h1><ul class="answers">{key}</ul></section>'
        f"</body></html>\n"
    )
