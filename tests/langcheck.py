"""The one checker of "no words of the other language on screen", shared by the AppTest walk
(tests/test_i18n.py) and the real-browser walk (tests/e2e/test_browser_walk.py).

Rule (issue 12, point 5): a Russian page shows no Latin words, an English page no Cyrillic ones,
except
- card names (a Russian page names cards with Russian ranks, so a Latin rank is itself a bug;
  only single letters are skipped -- seat letters and the "x" of "K-x-x" are judged elsewhere),
- text the page marks as being in another language: a ``blockquote`` or an element with a
  ``lang`` attribute (the web's own way: a screen reader switches voice there),
- the few proper names and format names in :data:`ALLOWED` (each with its reason).
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Iterator
from html.parser import HTMLParser
from typing import Any

from tutor.content.sources import NUMBER

#: Words allowed on a page of the other script, and why.
ALLOWED: dict[str, frozenset[str]] = {
    # on Russian pages
    "ru": frozenset({
        "English",    # the language switch names each language in itself (as every site does)
        "PBN", "YAML", "HTML", "JSON", "CSV",  # file formats the workshop and the data downloads use: no Russian names
        "Ctrl", "Enter",  # keyboard keys, printed in Latin on Russian keyboards too
    }),
    # on English pages
    "en": frozenset({
        "Русский",    # the language switch names each language in itself
    }),
}

_LATIN = re.compile(r"[A-Za-z][A-Za-z'’-]*[A-Za-z]")
_CYRILLIC = re.compile(r"[А-Яа-яЁёІіЇїЄєҐґ][А-Яа-яЁёІіЇїЄєҐґ'’-]*[А-Яа-яЁёІіЇїЄєҐґ]")


#: Card notation (PBN hands and tags, ``N:AQ5.AK42.T73.J84``; a card typed on the keyboard,
#: ``SK`` or ``KS``, which the Play and question pages show as examples) is Latin in both languages.
_NOTATION = re.compile(r"\[[A-Z][a-z]+ \"[^\"]*\"\]|(?:[NESW]:)?[AKQJT2-9x]*(?:\.[AKQJT2-9x]*){3}"
                       r"|\b(?:[SHDC][AKQJT2-9]|[AKQJT2-9][SHDC])\b")
#: Codes a learner must not see: a seed by its number or a section code ("000", "000 REC 8").
_CODE = re.compile(r"(?<![\w.,:/])00[0-4](?![\w.,]\w)|\b(?:LST|HNT|REC) \d")


def foreign_words(text: str, lang: str) -> list[str]:
    """The words of ``text`` written in the other language's script (two letters or more),
    minus the allowed names and card notation."""
    text = _NOTATION.sub(" ", text)
    pattern = _LATIN if lang == "ru" else _CYRILLIC
    allowed = ALLOWED[lang]
    return [w for w in pattern.findall(text) if w not in allowed]


class _Unmarked(HTMLParser):
    """Collects the text of an HTML fragment outside ``blockquote`` and ``[lang]`` elements
    (and outside ``style``/``script``, which are not shown)."""

    _VOID = {"br", "img", "hr", "input", "meta", "link", "wbr", "source", "col", "area", "base", "embed"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[bool] = []  # per open element: is it (or an ancestor) hidden from the check
        self.parts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self._VOID:
            return
        marked = tag in ("blockquote", "style", "script") or any(name == "lang" for name, _ in attrs)
        self.stack.append(marked or (bool(self.stack) and self.stack[-1]))

    def handle_endtag(self, tag: str) -> None:
        if tag not in self._VOID and self.stack:
            self.stack.pop()

    def handle_data(self, data: str) -> None:
        if not (self.stack and self.stack[-1]):
            self.parts.append(data)


def unmarked_text(markup: str) -> str:
    """The text of HTML (or markdown with inline HTML) outside the marked elements."""
    parser = _Unmarked()
    parser.feed(markup)
    parser.close()
    return " ".join(parser.parts)


def unmarked_markdown(md: str) -> str:
    """Markdown's text outside block quotes (``> …`` lines), inline HTML marks and code spans."""
    lines = [line for line in md.splitlines() if not line.lstrip().startswith(">")]
    text = "\n".join(lines)
    text = re.sub(r"`[^`]*`", " ", text)                     # code spans: not prose
    text = re.sub(r":material/[a-z_]+:", " ", text)          # icons
    text = re.sub(r":(red|green|gray|grey|blue|orange|violet|rainbow|primary)\[", "[", text)  # colour marks
    text = re.sub(r"\]\([^)]*\)", "]", text)                 # link targets
    return html.unescape(unmarked_text(text))


def _children(node: Any) -> Iterable[Any]:
    children = getattr(node, "children", None)
    if isinstance(children, dict):
        return [children[k] for k in sorted(children)]
    return []


def chart_texts(spec_json: str) -> list[str]:
    """What a Vega-Lite chart shows in words: its titles and the text values of its data."""
    import json

    out: list[str] = []

    def walk(node: Any, key: str = "") -> None:
        if isinstance(node, dict):
            for k, v in node.items():
                walk(v, k)
        elif isinstance(node, list):
            for v in node:
                walk(v, key)
        elif isinstance(node, str) and key in ("title", "text", "values"):
            out.append(node)

    spec = json.loads(spec_json)
    walk({k: v for k, v in spec.items() if k not in ("datasets", "data")})
    for rows in list(spec.get("datasets", {}).values()) + [spec.get("data", {}).get("values", [])]:
        for row in rows if isinstance(rows, list) else []:
            if isinstance(row, dict):
                out.extend(v for v in row.values() if isinstance(v, str))
    return out


def apptest_texts(at: Any) -> Iterator[tuple[str, str]]:
    """Every text an AppTest run shows, as (element type, text), with marked parts removed."""
    def walk(node: Any) -> Iterator[tuple[str, str]]:
        ty = getattr(node, "type", "")
        if ty == "expander":
            yield ty, unmarked_markdown(node.label)
        elif ty == "tab":
            yield ty, unmarked_markdown(getattr(node, "label", ""))
        elif ty == "html":
            yield ty, html.unescape(unmarked_text(node.value))
        elif ty in ("markdown", "caption", "heading", "title", "header", "subheader", "error", "warning", "info",
                    "success", "text"):
            value = getattr(node, "value", "")
            if isinstance(value, str):
                yield ty, unmarked_markdown(value)
        elif ty == "exception":
            yield ty, str(getattr(node, "message", ""))
        elif ty == "metric":
            yield ty, unmarked_markdown(node.label) + " " + str(node.value)
        elif ty == "dataframe":
            frame = node.value
            yield ty, " ".join(str(c) for c in frame.columns)
            for col in frame.columns:
                if frame[col].dtype == object:
                    yield ty, " ".join(str(v) for v in frame[col].tolist())
        elif ty in ("vega_lite_chart", "arrow_vega_lite_chart"):
            for text in chart_texts(node.proto.spec):
                yield ty, text
            if node.proto.alt:
                yield ty, node.proto.alt
        elif ty == "page_link":
            yield ty, unmarked_markdown(node.proto.label)
        elif hasattr(node, "proto") and ty not in ("container", "column", "vertical", "horizontal", "unknown"):
            for attr in ("label", "placeholder", "help"):
                value = getattr(node.proto, attr, None)
                if isinstance(value, str) and value:
                    yield ty, unmarked_markdown(value)
            options = getattr(node, "options", None)
            if options:
                for opt in options:
                    yield ty, unmarked_markdown(str(opt))
            if ty in ("text_area", "text_input"):
                pass  # what the user typed (or a YAML template) is the user's text, not the app's
        for child in _children(node):
            yield from walk(child)

    yield from walk(at._tree)


def codes(text: str, ids: frozenset[str] = frozenset()) -> list[str]:
    """Internal codes in ``text``: seed numbers, section codes, and any of ``ids`` (maxim ids,
    rule-set ids) standing as a word."""
    numbers = [m.span() for m in NUMBER.finditer(text)]  # «1 000 позиций» holds no seed number (defect 6)
    found = [m.group(0) for m in _CODE.finditer(text) if not any(lo <= m.start() < hi for lo, hi in numbers)]
    if ids:
        found += [w for w in re.findall(r"[a-z0-9]+(?:-[a-z0-9]+)+", text) if w in ids]
    return found


def problems(text: str, lang: str, ids: frozenset[str] = frozenset()) -> list[str]:
    """Foreign words and internal codes in one shown text."""
    return foreign_words(text, lang) + codes(text, ids)


def apptest_foreign(at: Any, lang: str, ids: frozenset[str] = frozenset()) -> list[tuple[str, str, str]]:
    """(element type, word or code, the text) for every foreign word or code an AppTest run shows."""
    found = []
    for ty, text in apptest_texts(at):
        for word in problems(text, lang, ids):
            found.append((ty, word, text))
    return found


#: What is still shown on purpose: (page key or "*", a regex on the text of
#: one element, whose it is). Only those elements are skipped; the rest of the page is checked.
PENDING: list[tuple[str, str, str]] = [
    ("workshop", r"(?m)^[a-z0-9]+(?:-[a-z0-9]+)+ — ", "workshop page: the item picker shows puzzle ids"),
]


def pending(page: str, text: str) -> bool:
    """True when ``text`` (one element's) is a known case left to another helper's code."""
    return any(p in (page, "*") and re.search(rx, text) for p, rx, _ in PENDING)


#: JavaScript run in the page: the visible text outside marked elements, one string per element.
VISIBLE_TEXT_JS = """
() => {
  const groups = new Map();
  const add = (el, text) => {
    const box = el.closest('[data-testid="stElementContainer"], [data-testid="stExpander"] summary, li') || document.body;
    if (!groups.has(box)) groups.set(box, []);
    groups.get(box).push(text);
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  let node;
  while ((node = walker.nextNode())) {
    const el = node.parentElement;
    if (!el || !node.textContent.trim()) continue;
    if (el.closest('blockquote, [lang]:not(html), style, script, noscript, code, pre, textarea, [aria-hidden="true"]')) continue;
    if (typeof el.checkVisibility === 'function' && !el.checkVisibility()) continue;
    const r = el.getBoundingClientRect();  // off-screen until focused (the framework's skip link)
    if (r.width < 2 || r.height < 2 || r.right < 0 || r.bottom + window.scrollY < 0) continue;
    add(el, node.textContent);
  }
  document.querySelectorAll('input[placeholder]').forEach(e => {
    // a select's input keeps its placeholder attribute while a value is shown: not on screen
    if (e.value || e.closest('[lang]:not(html), [data-baseweb="select"]')) return;
    if (typeof e.checkVisibility === 'function' && !e.checkVisibility()) return;
    add(e, e.getAttribute('placeholder'));
  });
  return Array.from(groups.values()).map(parts => parts.join('\\n'));
}
"""
