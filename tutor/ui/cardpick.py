"""The student's hand as cards you click: each card face IS the button, as on every card site.

Why plain ``st.button``s dressed by CSS rather than a custom component: a click stays one
Streamlit widget event (fast, works inside ``st.fragment`` and under AppTest, keyboard focus and
Enter come for free). Streamlit 1.67 puts the class ``st-key-<key>`` on a keyed element's
container; the rules below draw a white card face on each button through that class: the rank
and the suit symbol in the suit's colour (the CSS variables of :func:`tutor.render.deck_css`, so
the four-colour deck applies here too). The button's own label is the card's spoken name in the
page's language ("king of spades", "король пик"), kept for screen readers and visually hidden;
the face's characters are CSS generated content with empty alternative text, so nothing is read
twice. Legal cards stand raised; the others are disabled and dimmed -- and not raised, so the
difference is not told by colour alone.

Beside the hand, a small text box plays a card from the keyboard (``sk``, ``♠К``, ``ks``, Enter),
parsed by :func:`tutor.cards.parse_card`, with one clear message for a bad card.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Sequence

import streamlit as st

from tutor.cards import CARDS, Card, Suit, parse_card
from tutor.errors import CardError
from tutor.i18n import t
from tutor.render import card_name
from tutor.ui import state
from tutor.ui.alerts import show_error
from tutor.vocab import Lang

__all__ = ["DECK_KEY", "HAND_PREFIX", "SUIT_PREFIX", "card_hand", "hand_styles", "draw_hand_styles", "deck_toggle", "four_colour", "hand_css", "element_class",
           "typed_key", "message_key", "default_key"]

#: Session-state key of the sidebar switch "four-colour deck" (False: the classic two colours).
DECK_KEY = state.DECK_FOUR_COLOUR
#: Keys of the hand's container start with this, so one CSS rule dresses every hand.
HAND_PREFIX = "wtcards:"
#: Keys of the hand's groups of one suit.
SUIT_PREFIX = "wtsuit:"

#: A pick callback: receives the card as text (``"SK"``).
Pick = Callable[[str], None]


def four_colour() -> bool:
    """Whether the learner chose the four-colour deck (kept in session state for the session)."""
    return bool(st.session_state.get(DECK_KEY, False))


def deck_toggle(lang: Lang) -> None:
    """The sidebar switch for the four-colour deck (spades black, hearts red, diamonds blue,
    clubs green), for colour-blind learners."""
    st.sidebar.toggle(t("cards.deck", lang), key=DECK_KEY, help=t("cards.deck_help", lang))


def element_class(key: str) -> str:
    """The CSS class Streamlit gives the element of widget ``key`` (``st-key-`` + the key with
    every character other than letters, digits, ``_`` and ``-`` made a ``-``)."""
    return "st-key-" + re.sub(r"[^a-zA-Z0-9_-]", "-", key.strip())


def typed_key(key: str) -> str:
    return f"{key}:typed"


def message_key(key: str) -> str:
    return f"{key}:typed:msg"


def _css_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


#: The common dress of every card button of every hand (the container's class starts with
#: ``st-key-wtcards-``). Sizes: at least 44 px tall to tap on a phone.
_COMMON = """
[class*="st-key-wtcards-"] { gap: .8rem !important; row-gap: .55rem !important; padding-top: .5rem; }
[class*="st-key-wtsuit-"] { gap: .3rem !important; row-gap: .55rem !important; }
[class*="st-key-wtcards-"] .stButton button {
  position: relative; box-sizing: border-box; width: 3.3rem; min-width: 3.3rem; height: 4.6rem; min-height: 44px;
  padding: 0; background: #fff !important; border: 1px solid #767676; border-radius: .45rem;
  box-shadow: 0 2px 4px rgba(0,0,0,.28); transform: translateY(-.4rem); transition: transform .08s ease-out;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
[class*="st-key-wtcards-"] .stButton button:hover:not(:disabled) { transform: translateY(-.7rem);
  border-color: #2e7d32; box-shadow: 0 4px 8px rgba(0,0,0,.3); }
[class*="st-key-wtcards-"] .stButton button:focus-visible { outline: 3px solid #1155aa; outline-offset: 2px; }
[class*="st-key-wtcards-"] .stButton button:disabled { transform: none; opacity: .42; background: #ececec !important;
  box-shadow: none; cursor: not-allowed; }
[class*="st-key-wtcards-"] .stButton button [data-testid="stMarkdownContainer"],
[class*="st-key-wtcards-"] .stButton button p {
  position: absolute !important; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden;
  clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
[class*="st-key-wtcards-"] .stButton button::before { content: var(--wt-rank) / ""; position: absolute; top: .3rem;
  left: .38rem; font-weight: 700; font-size: 1.2rem; line-height: 1; }
[class*="st-key-wtcards-"] .stButton button::after { content: var(--wt-pip) / ""; position: absolute; bottom: .3rem;
  right: .38rem; font-size: 1.65rem; line-height: 1; }
@media (max-width: 640px) {
  [class*="st-key-wtcards-"] { gap: .5rem !important; }
  [class*="st-key-wtsuit-"] { gap: .22rem !important; }
  [class*="st-key-wtcards-"] .stButton button { width: 2.6rem; min-width: 2.6rem; height: 3.7rem; }
  [class*="st-key-wtcards-"] .stButton button::before { font-size: 1.05rem; top: .22rem; left: .25rem; }
  [class*="st-key-wtcards-"] .stButton button::after { font-size: 1.35rem; bottom: .22rem; right: .25rem; }
}
"""


def default_key(key: str) -> Callable[[Card], str]:
    """Button keys ``f"{key}:{card}"`` (``play:card:SK``)."""
    return lambda card: f"{key}:{card}"


def hand_css(key: str, lang: Lang, key_of: Callable[[Card], str] | None = None) -> str:
    """The CSS that draws each card button of the hand ``key`` as its face: rank and suit symbol
    in the suit's colour (pure: tested directly).

    Rules for all 52 cards, not only those held: the style is then the same on every rerun of
    the hand, so the browser never swaps the style sheet (and restyles the page) after a click.
    """
    key_of = key_of or default_key(key)
    rules = [_COMMON]
    for card in CARDS:
        cls = element_class(key_of(card))
        rules.append(f".{cls} button {{ --wt-rank: {_css_string(card.rank.display(lang))}; "
                     f"--wt-pip: {_css_string(card.suit.symbol)}; color: var(--wt-{card.suit.name}) !important; }}")
    return "\n".join(rules)


def hand_styles(lang: Lang) -> str:
    """The CSS of every hand of a page, drawn once per page run outside the fragments that redraw
    the hands (:func:`draw_hand_styles`): the faces of all 52 cards in ``lang``, found by the end
    of each card button's key (``…:SK``, ``…:card-SK`` give the class ``…-SK``; item ids and
    other keys are lower case), inside the hand's container. A card click then sends no style
    sheet: it was 7 kB of every click's 19 kB on the Play page."""
    rules = [_COMMON]
    for card in CARDS:
        rules.append(f'[class*="st-key-{HAND_PREFIX[:-1]}-"] [class*="-{card}"] button {{ '
                     f"--wt-rank: {_css_string(card.rank.display(lang))}; --wt-pip: {_css_string(card.suit.symbol)}; "
                     f"color: var(--wt-{card.suit.name}) !important; }}")
    return "\n".join(rules)


def draw_hand_styles(lang: Lang) -> None:
    """Draw :func:`hand_styles` (a page with hands calls it once, outside its fragments, and
    passes ``styled=False`` to :func:`card_hand`)."""
    st.html(f"<style>{hand_styles(lang)}</style>")


def _clicked(key: str, on_pick: Pick, card: str) -> None:
    st.session_state.pop(message_key(key), None)
    on_pick(card)


def _typed(key: str, lang: Lang, hand: tuple[str, ...], playable: tuple[str, ...], on_pick: Pick) -> None:
    """Callback of the keyboard box: play the typed card, or leave one clear message (and the
    text, so the learner can correct it)."""
    box = typed_key(key)
    text = str(st.session_state.get(box) or "").strip()
    if not text:
        st.session_state.pop(message_key(key), None)
        return
    try:
        card = parse_card(text)
    except CardError:
        st.session_state[message_key(key)] = t("cards.bad_card", lang, text=text)
        return
    if str(card) not in hand:
        st.session_state[message_key(key)] = t("cards.not_in_hand", lang, card=card.symbol(lang))
        return
    if str(card) not in playable:
        st.session_state[message_key(key)] = t("cards.not_playable", lang, card=card.symbol(lang))
        return
    st.session_state[box] = ""
    st.session_state.pop(message_key(key), None)
    on_pick(str(card))


def card_hand(cards: Sequence[Card], *, key: str, lang: Lang, on_pick: Pick,
              playable: Collection[Card] | None = None, keyboard: bool = True,
              key_of: Callable[[Card], str] | None = None, styled: bool = True) -> None:
    """Draw ``cards`` as clickable card faces; clicking a playable one calls ``on_pick(card)``.

    ``playable``: the cards that may be played now (default: all); the others are shown dimmed
    and disabled. Each button's key is ``key_of(card)`` (default ``f"{key}:{card}"``).
    ``keyboard``: a text box beside the hand plays a typed card. ``styled=False``: the page drew
    the faces' styles already (:func:`draw_hand_styles`), outside the fragment this hand is in.
    """
    key_of = key_of or default_key(key)
    ok = set(cards) if playable is None else set(playable)
    if styled:
        st.html(f"<style>{hand_css(key, lang, key_of)}</style>")
    row = st.container(horizontal=True, key=HAND_PREFIX + key)
    for suit in Suit:
        held = [c for c in cards if c.suit == suit]
        if not held:
            continue
        # one group per suit: the gap between suits is wider than between cards of a suit
        group = row.container(horizontal=True, key=f"{SUIT_PREFIX}{key}:{suit.name}", width="content")
        for card in held:
            group.button(card_name(card, lang), key=key_of(card), on_click=_clicked, args=(key, on_pick, str(card)),
                         disabled=card not in ok)
    if keyboard and ok:
        st.text_input(t("cards.type", lang), key=typed_key(key), max_chars=6, width=260,
                      placeholder=t("cards.type_placeholder", lang), help=t("cards.type_help", lang),
                      on_change=_typed, args=(key, lang, tuple(str(c) for c in cards), tuple(str(c) for c in ok),
                                              on_pick))
        if msg := st.session_state.get(message_key(key)):
            show_error(msg)
