"""HTML and SVG pictures of cards, hands, the table, tricks and score sheets.

Kept out of the engine (as python-chess keeps ``chess.svg`` apart) and free of Streamlit, so the
app, the printable worksheet and the tests all draw the same pictures. Every piece of text that
reaches the markup goes through :func:`html.escape` -- puzzle titles and notes come from teachers'
YAML, and nothing pasted may turn into markup.

The table is drawn from the student's seat: that seat at the bottom, partner on top, the
opponents at the sides (by default South at the bottom, North on top, West left, East right).
Hands the student cannot see are drawn as card backs. The turned-up trump card is shown by the
dealer's seat, where it lies in the real game.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tutor.cards import Card, Hand, Suit
from tutor.i18n import t
from tutor.play import Trick, trick_winner
from tutor.scoring import what_label
from tutor.seats import Seat, Side

__all__ = [
    "CSS",
    "style_tag",
    "card_html",
    "cards_html",
    "card_svg",
    "back_svg",
    "back_html",
    "hand_html",
    "table_html",
    "trick_html",
    "history_html",
    "score_sheet_html",
    "ScoreLine",
    "seat_positions",
]

RED = "#c62828"
BLACK = "#1b1b1b"

#: Styles for everything below; the app injects them once, the worksheet embeds them.
CSS = f"""
.wt-card {{ font-weight: 600; white-space: nowrap; }}
.wt-red {{ color: {RED}; }}
.wt-black {{ color: {BLACK}; }}
.wt-hand {{ font-family: ui-monospace, Menlo, Consolas, monospace; line-height: 1.35; }}
.wt-hand .wt-void {{ color: #888; }}
.wt-table {{ display: grid; grid-template-columns: 1fr 1.1fr 1fr; grid-template-rows: auto auto auto;
  gap: .4rem; max-width: 34rem; align-items: center; justify-items: center; margin: .4rem 0 .8rem; }}
.wt-seat {{ border: 1px solid #d0d7de; border-radius: .5rem; padding: .35rem .6rem; min-width: 8.5rem;
  background: #fbfbf8; }}
.wt-seat.wt-me {{ border-color: #2e7d32; box-shadow: 0 0 0 1px #2e7d32; }}
.wt-seat-name {{ font-size: .8rem; color: #555; margin-bottom: .15rem; }}
.wt-dealer {{ font-size: .72rem; background: #fff3c4; border-radius: .3rem; padding: 0 .3rem; margin-left: .3rem; }}
.wt-center {{ border-radius: .6rem; background: #e8f3ea; width: 100%; min-height: 6.5rem; }}
.wt-backs {{ white-space: nowrap; padding: .2rem 0 .1rem; }}
.wt-back {{ display: inline-block; width: 15px; height: 23px; margin-right: -5px; border-radius: 3px;
  border: 1px solid #fff; box-shadow: 0 0 0 1px #9db4e0;
  background: repeating-linear-gradient(45deg, #2f4f8f 0 3px, #4a6cb0 3px 6px); }}
.wt-trick {{ display: grid; grid-template-columns: repeat(3, 3.2rem); grid-template-rows: repeat(3, 2.1rem);
  justify-content: center; align-items: center; justify-items: center; padding: .3rem; }}
.wt-win {{ outline: 2px solid #2e7d32; border-radius: .3rem; padding: 0 .15rem; }}
.wt-history {{ border-collapse: collapse; font-size: .9rem; }}
.wt-history td, .wt-history th {{ border-bottom: 1px solid #e3e3e3; padding: .15rem .5rem; text-align: center; }}
.wt-sheet {{ border-collapse: collapse; min-width: 16rem; font-size: .95rem; }}
.wt-sheet th {{ border-bottom: 1px solid #444; padding: .2rem .8rem; }}
.wt-sheet td {{ padding: .1rem .8rem; text-align: center; vertical-align: top; }}
.wt-sheet td + td, .wt-sheet th + th {{ border-left: 1px solid #444; }}
.wt-sheet tr.wt-line td {{ border-top: 2px solid #444; }}
.wt-sheet tr.wt-total td {{ border-top: 1px solid #999; font-weight: 600; }}
.wt-sheet .wt-what {{ font-size: .75rem; color: #666; }}
.wt-sheet th.wt-total-label {{ border: none; text-align: left; font-weight: 400; font-size: .8rem; color: #555;
  padding-left: .6rem; white-space: nowrap; }}
"""


def style_tag() -> str:
    return f"<style>{CSS}</style>"


def _esc(text: object) -> str:
    return html.escape(str(text), quote=True)


# -- cards ------------------------------------------------------------------------------------
def card_html(card: Card, lang: str = "en", *, css_class: str = "") -> str:
    """A card as its suit symbol and rank, red for hearts and diamonds (``♥10``, ``♠К``)."""
    colour = "wt-red" if card.suit.is_red else "wt-black"
    extra = f" {_esc(css_class)}" if css_class else ""
    return f'<span class="wt-card {colour}{extra}" title="{_esc(card)}">{_esc(card.symbol(lang))}</span>'


def cards_html(cards: Iterable[Card], lang: str = "en", sep: str = " ") -> str:
    return _esc(sep).join(card_html(c, lang) for c in cards)


def card_svg(card: Card, lang: str = "en", width: int = 44) -> str:
    """A small card face: the rank in the corner and the suit symbol in the middle."""
    height = round(width * 1.4)
    colour = RED if card.suit.is_red else BLACK
    rank = _esc(card.rank.display(lang))
    symbol = _esc(card.suit.symbol)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="wt-face" width="{width}" height="{height}" '
        f'viewBox="0 0 100 140" role="img" aria-label="{_esc(card.symbol(lang))}">'
        f'<rect x="2" y="2" width="96" height="136" rx="10" fill="#fff" stroke="#888" stroke-width="3"/>'
        f'<text x="10" y="34" font-size="30" font-family="sans-serif" font-weight="700" fill="{colour}">{rank}</text>'
        f'<text x="10" y="62" font-size="26" font-family="sans-serif" fill="{colour}">{symbol}</text>'
        f'<text x="50" y="110" font-size="56" text-anchor="middle" font-family="sans-serif" fill="{colour}">{symbol}</text>'
        f"</svg>"
    )


def back_html() -> str:
    """The back of a card as a styled span: the app's HTML sanitiser keeps it (it drops inline SVG)."""
    return '<span class="wt-back" aria-hidden="true"></span>'


def back_svg(width: int = 28) -> str:
    """The back of a card as SVG, for printable pages (worksheets) where SVG is kept."""
    height = round(width * 1.4)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="wt-back-svg" width="{width}" height="{height}" '
        f'viewBox="0 0 100 140" aria-hidden="true">'
        f'<rect x="2" y="2" width="96" height="136" rx="10" fill="#2f4f8f" stroke="#fff" stroke-width="4"/>'
        f'<rect x="14" y="14" width="72" height="112" rx="6" fill="none" stroke="#9db4e0" stroke-width="4"/>'
        f"</svg>"
    )


def hand_html(hand: Hand, lang: str = "en") -> str:
    """A hand as four suit lines, high cards first; a void as a dash."""
    rows = []
    for suit in Suit:
        colour = "wt-red" if suit.is_red else "wt-black"
        ranks = " ".join(_esc(c.rank.display(lang)) for c in hand.suit(suit))
        body = ranks if ranks else '<span class="wt-void">—</span>'
        rows.append(f'<div><span class="wt-card {colour}">{_esc(suit.symbol)}</span> {body}</div>')
    return f'<div class="wt-hand">{"".join(rows)}</div>'


# -- the table --------------------------------------------------------------------------------
def seat_positions(me: Seat = Seat.S) -> dict[str, Seat]:
    """Which seat is drawn where when ``me`` sits at the bottom (partner on top, LHO on the left)."""
    return {"bottom": me, "left": me.lho, "top": me.partner, "right": me.rho}


#: (row, column) of each area in a 3x3 grid: the seats round the table and the cards of a trick alike.
_GRID = {"top": (1, 2), "left": (2, 1), "right": (2, 3), "bottom": (3, 2)}


def _seat_box(seat: Seat, content: str, *, me: bool, dealer: bool, trump_card: Card | None, lang: str,
              area: str) -> str:
    row, col = _GRID[area]
    badge = ""
    if dealer:
        shown = f" {card_html(trump_card, lang)}" if trump_card is not None else ""
        badge = f'<span class="wt-dealer">{_esc(t("table.dealer", lang))}{shown}</span>'
    cls = "wt-seat wt-me" if me else "wt-seat"
    you = f" ({_esc(t('table.you', lang))})" if me else ""
    return (
        f'<div class="{cls}" style="grid-row:{row};grid-column:{col}" data-seat="{seat.name}">'
        f'<div class="wt-seat-name">{_esc(seat.label(lang))}{you}{badge}</div>{content}</div>'
    )


def table_html(
    hands: Mapping[Seat, Hand | int | None],
    *,
    dealer: Seat,
    trump_card: Card | None = None,
    lang: str = "en",
    me: Seat = Seat.S,
    trick: Trick | None = None,
    trump: Suit | None = None,
) -> str:
    """The table from ``me``'s seat: known hands as suit lines, unknown ones as backs.

    ``hands[seat]`` is a :class:`Hand`, or the number of cards the seat still holds when it is
    hidden (None: hidden, 13 cards). The turned-up ``trump_card`` is drawn by the dealer's seat;
    ``trick`` (in progress or just finished) is drawn in the middle.
    """
    parts = []
    for area, seat in seat_positions(me).items():
        held = hands.get(seat)
        if isinstance(held, Hand):
            content = hand_html(held, lang)
        else:
            count = 13 if held is None else int(held)
            backs = "".join(back_html() for _ in range(min(count, 13)))
            content = (f'<div class="wt-backs" title="{_esc(t("table.hidden", lang, n=count))}">{backs}</div>')
        parts.append(_seat_box(seat, content, me=seat == me, dealer=seat == dealer, trump_card=trump_card,
                               lang=lang, area=area))
    centre = trick_html(trick, lang, trump=trump, me=me) if trick is not None and trick.cards else ""
    trump_note = _trump_note(trump if trump is not None else (trump_card.suit if trump_card else None), lang)
    parts.append(
        f'<div class="wt-center" style="grid-row:2;grid-column:2">{centre}'
        f'<div class="wt-seat-name" style="text-align:center">{trump_note}</div></div>'
    )
    return f'<div class="wt-table" role="group" aria-label="{_esc(t("table.label", lang))}">{"".join(parts)}</div>'


def _trump_note(trump: Suit | None, lang: str) -> str:
    if trump is None:
        return _esc(t("table.no_trumps", lang))
    colour = "wt-red" if trump.is_red else "wt-black"
    return f'{_esc(t("table.trumps", lang))}: <span class="wt-card {colour}">{_esc(trump.symbol)}</span>'


def trick_html(trick: Trick, lang: str = "en", *, trump: Suit | None = None, me: Seat = Seat.S) -> str:
    """The cards of one trick placed by seat around a square; the winning card outlined once
    the trick is complete (the card currently winning while it is not)."""
    winner = trick_winner(trick.leader, trick.cards, trump) if trick.cards else None
    where = {seat: area for area, seat in seat_positions(me).items()}
    cells = []
    for seat, card in trick.plays():
        row, col = _GRID[where[seat]]
        cls = "wt-win" if seat == winner else ""
        lead = " ←" if seat == trick.leader else ""
        cells.append(
            f'<div style="grid-row:{row};grid-column:{col}" data-seat="{seat.name}">{card_html(card, lang, css_class=cls)}'
            f'<span class="wt-seat-name">{_esc(lead)}</span></div>'
        )
    return f'<div class="wt-trick">{"".join(cells)}</div>'


def history_html(tricks: Sequence[Trick], lang: str = "en", *, trump: Suit | None = None) -> str:
    """The tricks played so far, one row each, in seat columns N E S W; the winner's card outlined."""
    head = "".join(f"<th>{_esc(s.label(lang))}</th>" for s in Seat)
    rows = []
    for n, trick in enumerate(tricks, start=1):
        winner = trick.winner(trump) if trick.complete else None
        cells = []
        for seat in Seat:
            card = trick.card_of(seat)
            if card is None:
                cells.append("<td></td>")
            else:
                cls = "wt-win" if seat == winner else ""
                lead = "→" if seat == trick.leader else ""
                cells.append(f"<td>{_esc(lead)}{card_html(card, lang, css_class=cls)}</td>")
        rows.append(f"<tr><td>{n}</td>{''.join(cells)}</tr>")
    return (f'<table class="wt-history"><thead><tr><th>#</th>{head}</tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table>')


# -- score sheets -----------------------------------------------------------------------------
@dataclass(frozen=True)
class ScoreLine:
    """One entry on a score sheet: who scored, what for, how much, above or below the line."""

    side: Side
    what: str
    points: int
    where: str  # "above" or "below"

    @classmethod
    def coerce(cls, item: Any) -> "ScoreLine":
        """From a dict in the ``score`` JSON shape, a scoring ``ScoreItem``, or a sheet entry
        wrapping one (``.item``)."""
        if not isinstance(item, Mapping) and hasattr(item, "item"):
            item = item.item
        get: Callable[[str], Any] = item.get if isinstance(item, Mapping) else (lambda k: getattr(item, k))
        side = get("side")
        side = side if isinstance(side, Side) else Side(str(getattr(side, "value", side)))
        where = str(getattr(get("where"), "value", get("where")))
        if where not in ("above", "below"):
            raise ValueError(f"a score goes above or below the line, got {where!r}")
        return cls(side, str(getattr(get("what"), "value", get("what"))), int(get("points")), where)


def score_sheet_html(items: Iterable[Any], lang: str = "en", *, us: Side = Side.NS) -> str:
    """A score sheet drawn the classic way: a column per side, honours and bonuses above the
    line, tricks (leve) below it, and the totals of each part."""
    lines = [ScoreLine.coerce(i) for i in items]
    sides = (us, us.other)
    head = "".join(f"<th>{_esc(t('score.side.' + s.value, lang))}</th>" for s in sides)

    def block(where: str) -> str:
        per_side = [[ln for ln in lines if ln.side is s and ln.where == where] for s in sides]
        depth = max((len(p) for p in per_side), default=0)
        rows = []
        for i in range(depth):
            cells = []
            for p in per_side:
                if i < len(p):
                    ln = p[i]
                    cells.append(f'<td>{ln.points} <span class="wt-what">{_esc(what_label(ln.what, lang))}</span></td>')
                else:
                    cells.append("<td></td>")
            rows.append(f"<tr>{''.join(cells)}</tr>")
        return "".join(rows)

    above = block("above") or "<tr><td>&nbsp;</td><td>&nbsp;</td></tr>"
    below = block("below") or "<tr><td>&nbsp;</td><td>&nbsp;</td></tr>"
    below = below.replace("<tr>", '<tr class="wt-line">', 1)
    totals = []
    for where in ("above", "below"):
        cells = "".join(
            f"<td>{sum(ln.points for ln in lines if ln.side is s and ln.where == where)}</td>" for s in sides
        )
        label = _esc(t(f"score.total_{where}", lang))
        # the row's name beside it: two bare numbers under the line cannot be told apart
        name = _esc(t(f"score.row_{where}", lang))
        totals.append(f'<tr class="wt-total" data-where="{where}" title="{label}">{cells}'
                      f'<th scope="row" class="wt-total-label">{name}</th></tr>')
    caption = _esc(t("score.sheet", lang))
    return (f'<table class="wt-sheet"><caption>{caption}</caption><thead><tr>{head}</tr></thead>'
            f"<tbody>{above}{below}{''.join(totals)}</tbody></table>")
