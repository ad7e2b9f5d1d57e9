"""The Play page (and a question page) in a real Chromium: cards you click, phones, keyboard,
spoken names, the four-colour deck.

- A whole deal played by clicking the card faces of the hand (000 «Масти и взятки» 1: only legal
  cards can be clicked; «Правила записи»: the deal is written on the sheet).
- Issue 12 point 3: at 360, 390 and 430 px wide the Play page and the Daily puzzle have no
  sideways scroll (``document.documentElement.scrollWidth <= innerWidth``, and the same for
  Streamlit's own scrolling main area), and every card face is at least 44 px tall to tap.
- Issue 12 point 9: each card button is named in the page's language ("король пик"); a card
  typed in the box beside the hand and Enter plays it; the four-colour deck draws diamonds blue.

The app is started with ``streamlit run app.py`` on a free port (tests/e2e/e2e_server.py); the
browser is Debian's chromium (never ``playwright install``). Screenshots go to the git-ignored
``tests/artifacts/``.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from e2e_server import CHROMIUM, streamlit_server
from e2e_server import settled as _settled

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Chromium is not installed at /usr/bin/chromium"),
]

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
HAND_CARD = "[class*='st-key-wtcards-'] button"
PLAYABLE = f"{HAND_CARD}:not([disabled])"
RU_NAME = re.compile(r"^(двойка|тройка|четвёрка|пятёрка|шестёрка|семёрка|восьмёрка|девятка|десятка|валет|дама|"
                     r"король|туз) (пик|червей|бубен|треф)$")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """The real app over the shipped content, with a database of its own."""
    tmp = tmp_path_factory.mktemp("play")
    with streamlit_server(tmp, {"WHIST_TUTOR_DB": str(tmp / "progress.db")}) as base:
        yield base


def _open(browser, url: str, width: int = 1280, height: int = 900):
    page = browser.new_page(viewport={"width": width, "height": height})
    page.goto(url)
    page.wait_for_selector("[data-testid='stApp']", timeout=60_000)
    return page


def _key_of(button) -> str:
    """The st-key class of a card button's element (``st-key-play-card-SK``)."""
    return button.evaluate("b => [...b.closest('[class*=\"st-key-\"]').classList].find(c => c.startsWith('st-key-'))")


def test_play_a_whole_deal_by_clicking_the_cards(server, browser):
    """A whole deal on a phone-sized window; the review and the sheet fit it too."""
    page = _open(browser, f"{server}/play", width=390, height=860)
    ARTIFACTS.mkdir(exist_ok=True)
    try:
        page.get_by_text("Play a deal").first.wait_for(timeout=60_000)
        page.locator(".wt-table").first.wait_for(timeout=60_000)
        for _ in range(13):
            page.locator(f"{PLAYABLE}, :text('Deal over')").first.wait_for(timeout=60_000)
            if page.get_by_text("Deal over").count():
                break
            # the whole hand is drawn; only the legal cards can be clicked
            assert page.locator(HAND_CARD).count() >= page.locator(PLAYABLE).count() >= 1
            card = page.locator(PLAYABLE).first
            key = _key_of(card)
            card.click()
            # the card leaves the hand once the click is handled (and the robots have answered)
            page.locator(f"div.{key}").wait_for(state="detached", timeout=60_000)
        page.get_by_text("Deal over").first.wait_for(timeout=60_000)
        page.get_by_text("Review of the deal").first.wait_for(timeout=60_000)
        page.locator("table.wt-sheet").first.wait_for(timeout=60_000)  # drawn after the review
        assert page.locator("table.wt-sheet").count() == 1  # the sheet is drawn once
        _settled(page)
        sizes = _no_sideways_scroll(page)
        assert sizes["doc"] <= sizes["inner"] and sizes["main"] <= sizes["mainClient"], sizes
        page.screenshot(path=str(ARTIFACTS / "play_deal_over_390.png"))
    finally:
        page.close()


def _no_sideways_scroll(page) -> dict[str, int]:
    """The page's and Streamlit's main area's scroll widths against their visible widths."""
    return page.evaluate("""() => {
        const main = document.querySelector("[data-testid='stMain']") || document.documentElement;
        return {doc: document.documentElement.scrollWidth, inner: innerWidth,
                main: main.scrollWidth, mainClient: main.clientWidth};
    }""")


@pytest.mark.parametrize("width", [360, 390, 430])
@pytest.mark.parametrize("path", ["play", "daily"])
def test_pages_fit_a_phone_and_cards_are_big_enough_to_tap(server, browser, width, path):
    """Issue 12 point 3: no sideways scroll at phone widths; card faces at least 44 px tall."""
    page = _open(browser, f"{server}/{path}?lang=ru", width=width, height=860)
    try:
        page.locator(".wt-table").first.wait_for(timeout=60_000)
        if path == "play":
            page.locator(HAND_CARD).first.wait_for(timeout=60_000)
        _settled(page)
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"{path}_{width}.png"))
        sizes = _no_sideways_scroll(page)
        assert sizes["doc"] <= sizes["inner"], sizes
        assert sizes["main"] <= sizes["mainClient"], sizes
        table = page.locator(".wt-table").first.bounding_box()
        assert table["x"] >= 0 and table["x"] + table["width"] <= width, table
        # (the day's puzzle may ask for a number instead of a card: then it has no hand)
        heights = page.locator(HAND_CARD).evaluate_all("bs => bs.map(b => b.getBoundingClientRect().height)")
        assert heights or path == "daily"
        assert not heights or min(heights) >= 44, heights
        rights = page.locator(HAND_CARD).evaluate_all("bs => bs.map(b => b.getBoundingClientRect().right)")
        assert not rights or max(rights) <= width, rights
        assert page.locator("[data-testid='stException']").count() == 0
    finally:
        page.close()


def test_card_buttons_are_named_in_russian_and_play_from_the_keyboard(server, browser):
    """Issue 12 point 9: a screen reader hears "король пик"; typing a card and Enter plays it."""
    page = _open(browser, f"{server}/play?lang=ru")
    try:
        page.locator(PLAYABLE).first.wait_for(timeout=60_000)
        _settled(page)
        names = page.locator(HAND_CARD).evaluate_all(
            "bs => bs.map(b => (b.getAttribute('aria-label') || b.innerText).trim())")
        assert names and all(RU_NAME.match(n) for n in names), names
        assert page.get_by_role("button", name=names[0], exact=True).count() == 1
        card = page.locator(PLAYABLE).first
        key = _key_of(card)  # st-key-play-card-SK
        code = key.rsplit("-", 1)[1]  # "SK": typed rank first and in lower case
        box = page.locator("[class*='st-key-play-card-typed'] input")
        box.fill(f"{code[1:].lower()}{code[0].lower()}")
        box.press("Enter")
        page.locator(f"div.{key}").wait_for(state="detached", timeout=60_000)
        # a bad card: one clear message, the text kept
        _settled(page)
        box = page.locator("[class*='st-key-play-card-typed'] input")
        box.fill("zz")
        box.press("Enter")
        page.get_by_text("«zz» — не карта").first.wait_for(timeout=30_000)
        assert box.input_value() == "zz"
    finally:
        page.close()


def test_four_colour_deck_draws_diamonds_blue(server, browser):
    """Issue 12 point 9: the sidebar switch turns diamonds blue and clubs green on the cards."""
    page = _open(browser, f"{server}/play")
    try:
        page.locator(HAND_CARD).first.wait_for(timeout=60_000)
        _settled(page)
        colour = "() => getComputedStyle(document.documentElement).getPropertyValue('--wt-D').trim()"
        assert page.evaluate(colour).lower() == "#c62828"
        page.get_by_text("Four-colour deck").click()
        page.wait_for_function(f"({colour})().toLowerCase() === '#1155aa'", timeout=30_000)
        diamonds = page.locator(".wt-suit-D, [class*='st-key-play-card-D'] button")
        if diamonds.count():
            rgb = diamonds.first.evaluate("e => getComputedStyle(e).color")
            assert rgb == "rgb(17, 85, 170)", rgb
    finally:
        page.close()


#: Every visible text of the main area whose contrast with its background (alpha and opacity
#: blended over white) is under WCAG AA's 4.5:1; disabled controls are exempt (WCAG 1.4.3).
_LOW_CONTRAST_JS = r"""
() => {
  const parse = s => { const m = s.match(/rgba?\(([^)]+)\)/); if (!m) return null; const p = m[1].split(/[ ,\/]+/).filter(Boolean).map(Number); return [p[0],p[1],p[2],p.length>3?p[3]:1]; };
  const lum = c => { const f = v => { v/=255; return v <= 0.03928 ? v/12.92 : Math.pow((v+0.055)/1.055, 2.4); }; return 0.2126*f(c[0])+0.7152*f(c[1])+0.0722*f(c[2]); };
  const bgOf = el => { let layers = []; for (let e = el; e; e = e.parentElement) { const c = parse(getComputedStyle(e).backgroundColor); if (c && c[3] > 0) { layers.push(c); if (c[3] >= 1) break; } } let base = [255,255,255]; for (const c of layers.reverse()) base = base.map((v,i) => v*(1-c[3]) + c[i]*c[3]); return base; };
  const out = [];
  const root = document.querySelector("[data-testid='stMain']");
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const seen = new Set();
  while (walker.nextNode()) {
    const n = walker.currentNode; if (!n.textContent.trim()) continue;
    const el = n.parentElement; if (seen.has(el)) continue; seen.add(el);
    const r = el.getBoundingClientRect(); if (r.width < 2 || r.height < 2) continue;
    if (el.closest('button:disabled') || el.closest('[aria-hidden="true"]') && !el.closest('.wt-face')) continue;
    const st = getComputedStyle(el); if (st.visibility === 'hidden' || parseFloat(st.opacity) === 0) continue;
    let fg = parse(st.color); const bg = bgOf(el);
    let op = 1; for (let e = el; e; e = e.parentElement) op *= parseFloat(getComputedStyle(e).opacity);
    const a = fg[3]*op; fg = fg.slice(0,3).map((v,i) => v*a + bg[i]*(1-a));
    const [l1, l2] = [lum(fg), lum(bg)].sort((x,y)=>y-x); const ratio = (l1+0.05)/(l2+0.05);
    if (ratio < 4.5) out.push([el.tagName, (el.className||'').toString().slice(0,40), n.textContent.trim().slice(0,30), ratio.toFixed(2)]);
  }
  return out;
}
"""


@pytest.mark.parametrize("path", ["play", "daily"])
def test_text_contrast_is_wcag_aa(server, browser, path):
    """Issue 12 point 9: text contrast at WCAG AA (Streamlit's captions were 2.98:1)."""
    page = _open(browser, f"{server}/{path}?lang=ru")
    try:
        page.locator(".wt-table").first.wait_for(timeout=60_000)
        _settled(page)
        if path == "play":
            page.locator(PLAYABLE).first.click()  # the robots' lines, a flag, the last trick
            _settled(page)
        low = page.evaluate(_LOW_CONTRAST_JS)
        assert not low, low
    finally:
        page.close()
