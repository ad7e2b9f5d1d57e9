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
from tutor.vocab import Lang

__all__ = [
    "CSS",
    "style_tag",
    "card_html",
    "drawn_html",
    "card_svg",
    "back_svg",
    "back_html",
    "hand_html",
    "table_html",
    "trick_html",
    "last_trick_html",
    "history_html",
    "card_name",
    "card_face_html",
    "deck_css",
    "suit_colour",
    "TWO_COLOURS",
    "FOUR_COLOURS",
    "score_sheet_html",
    "robber_sheet_html",
    "ScoreLine",
    "seat_positions",
]

RED = "#c62828"
BLACK = "#1b1b1b"
#: The four-colour deck's extra colours (diamonds blue, clubs green), both at WCAG AA on white.
BLUE = "#1155aa"
GREEN = "#1e6b24"

#: Suit colours, two-colour (the classic deck) and four-colour (for colour-blind learners:
#: spades black, hearts red, diamonds blue, clubs green). The symbol is always drawn beside the
#: colour, so nothing is told by colour alone.
TWO_COLOURS = {Suit.S: BLACK, Suit.H: RED, Suit.D: RED, Suit.C: BLACK}
FOUR_COLOURS = {Suit.S: BLACK, Suit.H: RED, Suit.D: BLUE, Suit.C: GREEN}


def suit_colour(suit: Suit, four_colour: bool = False) -> str:
    """The colour a suit is drawn in, in the chosen deck."""
    return (FOUR_COLOURS if four_colour else TWO_COLOURS)[suit]


def _deck_vars(four_colour: bool) -> str:
    colours = FOUR_COLOURS if four_colour else TWO_COLOURS
    return "".join(f"--wt-{s.name}:{c};" for s, c in colours.items())


#: Styles for everything below; the app injects them once, the worksheet embeds them.
#: Suit colours come from the CSS variables ``--wt-S`` ... ``--wt-C`` (:func:`deck_css` switches
#: them to the four-colour deck), so every picture follows the learner's choice.
CSS = f"""
:root {{ {_deck_vars(False)} }}
.wt-card {{ font-weight: 600; white-space: nowrap; }}
.wt-red {{ color: {RED}; }}
.wt-black {{ color: {BLACK}; }}
.wt-suit-S {{ color: var(--wt-S); }}
.wt-suit-H {{ color: var(--wt-H); }}
.wt-suit-D {{ color: var(--wt-D); }}
.wt-suit-C {{ color: var(--wt-C); }}
.wt-hand {{ font-family: ui-monospace, Menlo, Consolas, monospace; line-height: 1.35; }}
.wt-hand .wt-void {{ color: #595959; }}
.wt-table {{ display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1.1fr) minmax(0, 1fr);
  grid-template-rows: auto auto auto; gap: .4rem; max-width: 34rem; align-items: center; justify-items: center;
  margin: .4rem 0 .8rem; box-sizing: border-box; container-type: inline-size; }}
.wt-seat {{ border: 1px solid #d0d7de; border-radius: .5rem; padding: .35rem .6rem; min-width: 8.5rem;
  background: #fbfbf8; color: #1b1b1b; box-sizing: border-box; max-width: 100%; }}
.wt-seat.wt-me {{ border-color: #2e7d32; box-shadow: 0 0 0 1px #2e7d32; }}
.wt-seat-name {{ font-size: .8rem; color: #4a4a4a; margin-bottom: .15rem; }}
.wt-dealer {{ font-size: .72rem; background: #fff3c4; color: #1b1b1b; border-radius: .3rem; padding: 0 .3rem;
  margin-left: .3rem; }}
.wt-center {{ border-radius: .6rem; background: #e8f3ea; width: 100%; min-height: 6.5rem; color: #1b1b1b; }}
.wt-backs {{ white-space: nowrap; padding: .2rem 0 .1rem; }}
.wt-count {{ display: none; font-size: .85rem; color: #1b1b1b; }}
.wt-back {{ display: inline-block; width: 15px; height: 23px; margin-right: -7px; border-radius: 3px;
  border: 1px solid #fff; box-shadow: 0 0 0 1px #9db4e0;
  background: repeating-linear-gradient(45deg, #2f4f8f 0 3px, #4a6cb0 3px 6px); }}
.wt-trick {{ display: grid; grid-template-columns: repeat(3, 3.2rem); grid-template-rows: repeat(3, 3.3rem);
  justify-content: center; align-items: center; justify-items: center; padding: .3rem; }}
.wt-win {{ outline: 2px solid #2e7d32; border-radius: .3rem; padding: 0 .15rem; }}
.wt-face {{ display: inline-flex; flex-direction: column; align-items: center; justify-content: center;
  box-sizing: border-box; width: 2.3rem; height: 3.1rem; background: #fff; border: 1px solid #767676;
  border-radius: .35rem; box-shadow: 0 1px 2px rgba(0,0,0,.25); font-weight: 700; line-height: 1.05;
  font-family: system-ui, sans-serif; }}
.wt-face .wt-rank {{ font-size: 1rem; }}
.wt-face .wt-pip {{ font-size: 1.15rem; }}
.wt-face.wt-win {{ outline: 3px solid #2e7d32; outline-offset: 1px; padding: 0; }}
.wt-trick > div {{ position: relative; }}
.wt-lead {{ position: absolute; left: 50%; bottom: -.55rem; transform: translateX(-50%); font-size: .62rem;
  line-height: 1; color: #1b1b1b; background: #fff3c4; border-radius: .25rem; padding: .05rem .2rem; }}
.wt-last {{ display: inline-block; border: 1px solid #d0d7de; border-radius: .5rem; padding: .2rem .4rem;
  background: #fbfbf8; color: #1b1b1b; }}
.wt-last .wt-trick {{ grid-template-columns: repeat(3, 2.6rem); grid-template-rows: repeat(3, 3.5rem); padding: .1rem; }}
.wt-last .wt-seat-name {{ margin-bottom: .3rem; }}
.wt-history {{ border-collapse: collapse; font-size: .9rem; background: #fff; color: #1b1b1b; }}
.wt-history td, .wt-history th {{ border-bottom: 1px solid #e3e3e3; padding: .15rem .5rem; text-align: center; }}
.wt-sheet {{ border-collapse: collapse; min-width: 16rem; font-size: .95rem; background: #fff; color: #1b1b1b; }}
.wt-sheet th {{ border-bottom: 1px solid #444; padding: .2rem .8rem; }}
.wt-sheet td {{ padding: .1rem .8rem; text-align: center; vertical-align: top; }}
.wt-sheet td + td, .wt-sheet th + th {{ border-left: 1px solid #444; }}
.wt-sheet tr.wt-line td {{ border-top: 2px solid #444; }}
.wt-sheet tr.wt-total td {{ border-top: 1px solid #999; font-weight: 600; }}
.wt-sheet tr.wt-game th {{ border-bottom: none; text-align: left; font-weight: 600; padding-top: .6rem; }}
.wt-sheet .wt-what {{ font-size: .75rem; color: #595959; }}
.wt-sheet th.wt-total-label {{ border: none; text-align: left; font-weight: 400; font-size: .8rem; color: #4a4a4a;
  padding-left: .6rem; white-space: nowrap; }}
.wt-drawn {{ display: flex; flex-wrap: wrap; gap: .5rem .7rem; margin: .3rem 0 .6rem; }}
.wt-drawn > div {{ display: flex; flex-direction: column; align-items: center; min-width: 3.6rem; }}
.wt-drawn .wt-who {{ font-size: .8rem; color: #1b1b1b; margin-top: .15rem; text-align: center; }}
.wt-drawn .wt-mark {{ font-size: .7rem; background: #fff3c4; color: #1b1b1b; border-radius: .25rem;
  padding: 0 .25rem; margin-top: .1rem; text-align: center; }}
/* a table in a narrow column (the Workshop's preview beside the editor, defect 30): its seats fit
   their columns, and a hidden hand is a count -- 13 backs need 10.5rem a side */
@container (max-width: 31rem) {{
  .wt-seat {{ min-width: 0; width: 100%; }}
  .wt-backs {{ display: none; }}
  .wt-count {{ display: inline-block; }}
}}
/* phones: the table as a compact diagram, hidden hands as a count, nothing wider than the screen */
@media (max-width: 640px) {{
  .wt-table {{ gap: .25rem; max-width: 100%; width: 100%; }}
  .wt-seat {{ min-width: 0; width: 100%; padding: .2rem .3rem; font-size: .85rem; }}
  .wt-seat-name {{ font-size: .72rem; }}
  .wt-dealer {{ display: inline-block; margin-left: 0; }}
  .wt-backs {{ display: none; }}
  .wt-count {{ display: inline-block; }}
  .wt-hand {{ font-size: .8rem; overflow-wrap: anywhere; }}
  .wt-center {{ min-height: 5rem; }}
  .wt-trick {{ grid-template-columns: repeat(3, 2.25rem); grid-template-rows: repeat(3, 2.9rem); padding: .15rem; }}
  .wt-face {{ width: 2rem; height: 2.75rem; }}
  .wt-sheet {{ min-width: 0; }}
  .wt-sheet td, .wt-sheet th {{ padding-left: .4rem; padding-right: .4rem; }}
  .wt-history td, .wt-history th {{ padding: .1rem .25rem; }}
}}
"""


def deck_css(four_colour: bool) -> str:
    """The suit colours of the chosen deck as CSS variables (added after :data:`CSS`)."""
    return f":root {{ {_deck_vars(four_colour)} }}"


def style_tag() -> str:
    return f"<style>{CSS}</style>"


def _esc(text: object) -> str:
    return html.escape(str(text), quote=True)


# -- cards ----------------------------------------------------------------------------------
def card_name(card: Card, lang: Lang = "en") -> str:
    """The card's spoken name in ``lang`` ("king of spades", "король пик"): what a screen reader
    says for a card button or picture."""
    return t("cards.name", lang, rank=t(f"cards.rank.{card.rank.char}", lang),
             suit=t(f"cards.suit.{card.suit.name}", lang))


def card_html(card: Card, lang: Lang = "en", *, css_class: str = "") -> str:
    """A card as its suit symbol and rank in its suit's colour (``♥10``, ``♠К``); the spoken name
    as its tooltip and label."""
    colour = "wt-red" if card.suit.is_red else "wt-black"
    extra = f" {_esc(css_class)}" if css_class else ""
    name = _esc(card_name(card, lang))
    return (f'<span class="wt-card {colour} wt-suit-{card.suit.name}{extra}" title="{name}" aria-label="{name}">'
            f'{_esc(card.symbol(lang))}</span>')


def card_face_html(card: Card, lang: Lang = "en", *, css_class: str = "") -> str:
    """A small card face (rank over suit symbol, white, in the suit's colour) as plain HTML: the
    app's HTML sanitiser keeps it, where it drops inline SVG."""
    extra = f" {_esc(css_class)}" if css_class else ""
    return (f'<span class="wt-face wt-suit-{card.suit.name}{extra}" role="img" '
            f'aria-label="{_esc(card_name(card, lang))}"><span class="wt-rank" aria-hidden="true">'
            f'{_esc(card.rank.display(lang))}</span><span class="wt-pip" aria-hidden="true">'
            f'{_esc(card.suit.symbol)}</span></span>')


def card_svg(card: Card, lang: Lang = "en", width: int = 44, *, four_colour: bool = False) -> str:
    """A small card face: the rank in the corner and the suit symbol in the middle."""
    height = round(width * 1.4)
    colour = suit_colour(card.suit, four_colour)
    rank = _esc(card.rank.display(lang))
    symbol = _esc(card.suit.symbol)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="wt-face" width="{width}" height="{height}" '
        f'viewBox="0 0 100 140" role="img" aria-label="{_esc(card_name(card, lang))}">'
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


def drawn_html(drawn: Sequence[tuple[str, Card]], lang: Lang = "en", *,
               marks: Mapping[str, str] | None = None) -> str:
    """Cards drawn from the spread pack, each over the name of the player who drew it (the cut for
    the deal, the club's draw), in the order drawn; ``marks`` adds a word under a name ("deals",
    "waits"). The row wraps on a narrow screen."""
    marks = marks or {}
    cells = []
    for who, card in drawn:
        mark = f'<span class="wt-mark">{_esc(marks[who])}</span>' if who in marks else ""
        cells.append(f'<div>{card_face_html(card, lang)}<span class="wt-who">{_esc(who)}</span>{mark}</div>')
    return f'<div class="wt-drawn">{"".join(cells)}</div>'


def hand_html(hand: Hand, lang: Lang = "en") -> str:
    """A hand as four suit lines, high cards first; a void as a dash."""
    rows = []
    for suit in Suit:
        colour = "wt-red" if suit.is_red else "wt-black"
        ranks = " ".join(_esc(c.rank.display(lang)) for c in hand.suit(suit))
        body = ranks if ranks else '<span class="wt-void">—</span>'
        rows.append(f'<div><span class="wt-card {colour} wt-suit-{suit.name}" title="{_esc(suit.label(lang))}">'
                    f'{_esc(suit.symbol)}</span> {body}</div>')
    return f'<div class="wt-hand">{"".join(rows)}</div>'


# -- the table --------------------------------------------------------------------------------
def seat_positions(me: Seat = Seat.S) -> dict[str, Seat]:
    """Which seat is drawn where when ``me`` sits at the bottom (partner on top, LHO on the left)."""
    return {"bottom": me, "left": me.lho, "top": me.partner, "right": me.rho}


#: (row, column) of each area in a 3x3 grid: the seats round the table and the cards of a trick alike.
_GRID = {"top": (1, 2), "left": (2, 1), "right": (2, 3), "bottom": (3, 2)}


def _seat_box(seat: Seat, content: str, *, me: bool, dealer: bool, trump_card: Card | None, lang: Lang,
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
    lang: Lang = "en",
    me: Seat = Seat.S,
    trick: Trick | None = None,
    trump: Suit | None = None,
    hand_below: bool = False,
    seated: bool = True,
) -> str:
    """The table from ``me``'s seat: known hands as suit lines, unknown ones as backs.

    ``hands[seat]`` is a :class:`Hand`, or the number of cards the seat still holds when it is
    hidden (None: hidden, 13 cards). The turned-up ``trump_card`` is drawn by the dealer's seat;
    ``trick`` (in progress or just finished) is drawn in the middle, each card at its seat.
    ``hand_below``: the student's own hand is drawn under the table as the cards he clicks, so
    his seat shows only its name (the hand is not drawn twice). On a phone the hidden hands are
    a count instead of a row of backs (the compact diagram). ``seated=False``: an onlooker's
    table (the Review page), drawn from ``me``'s side but with no seat marked as the viewer's.
    """
    parts = []
    for area, seat in seat_positions(me).items():
        held = hands.get(seat)
        if seat == me and hand_below:
            n = len(held) if isinstance(held, Hand) else (13 if held is None else int(held))
            content = f'<div class="wt-seat-name">{_esc(t("cards.hand_below", lang, n=n))}</div>'
        elif isinstance(held, Hand):
            content = hand_html(held, lang)
        else:
            count = 13 if held is None else int(held)
            backs = "".join(back_html() for _ in range(min(count, 13)))
            hidden = _esc(t("table.hidden", lang, n=count))
            content = (f'<div class="wt-backs" title="{hidden}" role="img" aria-label="{hidden}">{backs}</div>'
                       f'<div class="wt-count" aria-hidden="true">{_esc(t("cards.count", lang, n=count))}</div>')
        parts.append(_seat_box(seat, content, me=seated and seat == me, dealer=seat == dealer, trump_card=trump_card,
                               lang=lang, area=area))
    centre = trick_html(trick, lang, trump=trump, me=me) if trick is not None and trick.cards else ""
    trump_note = _trump_note(trump if trump is not None else (trump_card.suit if trump_card else None), lang)
    parts.append(
        f'<div class="wt-center" style="grid-row:2;grid-column:2">{centre}'
        f'<div class="wt-seat-name" style="text-align:center">{trump_note}</div></div>'
    )
    return f'<div class="wt-table" role="group" aria-label="{_esc(t("table.label", lang))}">{"".join(parts)}</div>'


def _trump_note(trump: Suit | None, lang: Lang) -> str:
    if trump is None:
        return _esc(t("table.no_trumps", lang))
    colour = "wt-red" if trump.is_red else "wt-black"
    return (f'{_esc(t("table.trumps", lang))}: <span class="wt-card {colour} wt-suit-{trump.name}" '
            f'title="{_esc(trump.label(lang))}">{_esc(trump.symbol)}</span>')


def trick_html(trick: Trick, lang: Lang = "en", *, trump: Suit | None = None, me: Seat = Seat.S) -> str:
    """The cards of one trick as four card faces, each at its seat round a square; the winning
    card outlined once the trick is complete (the card currently winning while it is not), the
    leader's card marked with an arrow. Each card's spoken name says whose it is."""
    winner = trick_winner(trick.leader, trick.cards, trump) if trick.cards else None
    where = {seat: area for area, seat in seat_positions(me).items()}
    cells = []
    for seat, card in trick.plays():
        row, col = _GRID[where[seat]]
        cls = "wt-win" if seat == winner else ""
        lead = f'<span class="wt-lead" aria-hidden="true">{_esc(t("cards.led", lang))}</span>' \
            if seat == trick.leader else ""
        said = _esc(f"{seat.label(lang)}: {card_name(card, lang)}")
        cells.append(
            f'<div style="grid-row:{row};grid-column:{col}" data-seat="{seat.name}" title="{said}">'
            f'{card_face_html(card, lang, css_class=cls)}{lead}</div>'
        )
    return f'<div class="wt-trick">{"".join(cells)}</div>'


def last_trick_html(trick: Trick, lang: Lang = "en", *, trump: Suit | None = None, me: Seat = Seat.S) -> str:
    """The last finished trick, small, under a title: what a player may still look at once the
    next trick has begun (000 «Ошибки» 8: only the last tricks may be looked at)."""
    winner = trick.winner(trump) if trick.complete else None
    title = t("cards.last_trick", lang)
    won = f" · {_esc(t('cards.won_by', lang, seat=winner.label(lang)))}" if winner is not None else ""
    return (f'<div class="wt-last" role="group" aria-label="{_esc(title)}">'
            f'<div class="wt-seat-name">{_esc(title)}{won}</div>{trick_html(trick, lang, trump=trump, me=me)}</div>')


def history_html(tricks: Sequence[Trick], lang: Lang = "en", *, trump: Suit | None = None) -> str:
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
    def coerce(cls, item: Any) -> ScoreLine:
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


def _sheet_block(lines: Sequence[ScoreLine], sides: tuple[Side, Side], where: str, lang: Lang) -> str:
    """The rows of one part of a sheet (above or below the line): a column per side."""
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


def _sheet_body(lines: Sequence[ScoreLine], sides: tuple[Side, Side], lang: Lang) -> str:
    above = _sheet_block(lines, sides, "above", lang) or "<tr><td>&nbsp;</td><td>&nbsp;</td></tr>"
    below = _sheet_block(lines, sides, "below", lang) or "<tr><td>&nbsp;</td><td>&nbsp;</td></tr>"
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
    return f"{above}{below}{''.join(totals)}"


def score_sheet_html(items: Iterable[Any], lang: Lang = "en", *, us: Side = Side.NS) -> str:
    """A score sheet drawn the classic way: a column per side, honours and bonuses above the
    line, tricks (leve) below it, and the totals of each part."""
    lines = [ScoreLine.coerce(i) for i in items]
    sides = (us, us.other)
    head = "".join(f"<th>{_esc(t('score.side.' + s.value, lang))}</th>" for s in sides)
    caption = _esc(t("score.sheet", lang))
    return (f'<table class="wt-sheet"><caption>{caption}</caption><thead><tr>{head}</tr></thead>'
            f"<tbody>{_sheet_body(lines, sides, lang)}</tbody></table>")


def robber_sheet_html(games: Sequence[tuple[str, Iterable[Any]]], final: Iterable[Any] = (),
                      totals: Mapping[Side, int] | None = None, lang: Lang = "en", *, us: Side = Side.NS) -> str:
    """A whole robber (rubber) on ONE sheet, the classic way: for each partie its title, the
    entries above the line, the line, the entries below it and the part totals; then the robber
    bonus and each side's total. ``games`` is (title, items) per partie, in order."""
    sides = (us, us.other)
    head = "".join(f"<th>{_esc(t('score.side.' + s.value, lang))}</th>" for s in sides)
    body = []
    for title, items in games:
        lines = [ScoreLine.coerce(i) for i in items]
        body.append(f'<tr class="wt-game"><th colspan="2" scope="rowgroup">{_esc(title)}</th></tr>')
        body.append(_sheet_body(lines, sides, lang))
    bonus = [ScoreLine.coerce(i) for i in final]
    if bonus:
        body.append(_sheet_block(bonus, sides, "above", lang).replace("<tr>", '<tr class="wt-line">', 1))
    if totals is not None:
        cells = "".join(f"<td>{int(totals.get(s, 0))}</td>" for s in sides)
        body.append(f'<tr class="wt-total" data-where="all">{cells}'
                    f'<th scope="row" class="wt-total-label">{_esc(t("cards.sheet_total", lang))}</th></tr>')
    caption = _esc(t("score.sheet", lang))
    return (f'<table class="wt-sheet"><caption>{caption}</caption><thead><tr>{head}</tr></thead>'
            f"<tbody>{''.join(body)}</tbody></table>")
