"""Learner-facing text loads nothing from elsewhere: no images, no raw HTML, links only to the app.

Why (issues 16 and 23): a Markdown image in a puzzle's text was rendered, and every learner's
browser fetched it from any host -- a tracker in a shared puzzle file, or a picture that changes
after review. The first guard was a set of regular expressions, and four forms slipped past them
(nested parentheses in the address; a reference image whose definition sits in a list item, in a
quote, or has its address on the next line). Markdown's grammar is not regular, so the text is now
read by a real CommonMark parser (markdown-it-py) -- the same grammar the browser's renderer
follows -- and judged on its token tree:

- :func:`dropped` lists every construct that is not allowed, each with its line in the text:
  images (inline, reference or shortcut), raw HTML (a block or inline), reference definitions
  (what a reference image or link would load), and links that leave the app;
- :func:`remote_loads` says them as the problems ``tutor check`` reports;
- :func:`strip_remote` gives the text to show: the text itself when nothing was dropped (the
  parser proved it loads nothing), else the text rendered again from its token tree with an
  allow-list -- paragraphs, headings, lists, quotes, emphasis, code, rules and links to the app's
  own pages -- and every other character escaped, so the renderer cannot find a construct in it
  that the parser did not put there. An image becomes its alt text, HTML is left out, a link
  elsewhere becomes its words.

Allowed links are the app's own: an address with no scheme and no host (``/Puzzles?id=…``,
``?page=…``, ``#section``).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from enum import Enum
from typing import Any
from urllib.parse import urlsplit

from markdown_it import MarkdownIt
from markdown_it.tree import SyntaxTreeNode
from pydantic import BaseModel

from tutor.text import Text

__all__ = ["Construct", "Dropped", "dropped", "remote_loads", "strip_remote", "strip_model", "app_link"]

# CommonMark with HTML on, as the most permissive browser renderer reads it; GFM's tables and
# strikethrough too, which Streamlit's renderer also knows
_PARSER = MarkdownIt("commonmark", {"html": True}).enable(["table", "strikethrough"])
# every address is read as one, `javascript:` included (markdown-it leaves those as text, which a
# more trusting renderer would link): the allow-list below judges them all
_PARSER.validateLink = lambda url: True  # type: ignore[method-assign]

#: the characters that open or close a construct somewhere in CommonMark, GFM or Streamlit's
#: renderer (math between dollars): escaped with a backslash in text, they are only text. The
#: others (``? , ; : ' " / @ % ( ) { }``) begin nothing without one of these, and stay as written
#: so the text reads the same in the page's source; ``.`` and ``)`` are escaped after a digit,
#: where ``1.`` would start a list.
_PUNCT = frozenset("\\`*_[]<>!#+-|~&$=")


class Construct(str, Enum):
    """What may be in a text that it must not carry to the learner."""

    IMAGE = "image"
    HTML = "html"
    DEFINITION = "definition"
    LINK = "link"


@dataclass(frozen=True)
class Dropped:
    """One construct taken out of a text: what it is, a short quote of it, its line (1-based)."""

    construct: Construct
    snippet: str
    line: int

    def phrase(self) -> str:
        """The problem as ``tutor check`` says it.

        >>> Dropped(Construct.IMAGE, "http://x/a.png", 2).phrase()
        'line 2: an image `http://x/a.png` (images are not shown; use a diagram:)'
        """
        what = {
            Construct.IMAGE: "an image {} (images are not shown; use a diagram:)",
            Construct.HTML: "HTML {} (HTML is not shown; write Markdown)",
            Construct.DEFINITION: "a link definition to {} (a reference image would load it)",
            Construct.LINK: "a link to {} (links go only to the tutor's own pages)",
        }[self.construct]
        return f"line {self.line}: " + what.format(_short(self.snippet))


def app_link(href: str) -> bool:
    """Whether a link stays in the app: no scheme and no host.

    >>> [app_link(h) for h in ("/Puzzles?id=x", "#top", "https://e.org", "//e.org/x", "javascript:x")]
    [True, True, False, False, False]
    """
    parts = urlsplit(href.strip())
    return not parts.scheme and not parts.netloc and not href.strip().startswith("//")


def _may_hold(text: str) -> bool:
    """Every image, link, definition, autolink and HTML tag starts with ``[``, ``![`` or ``<``:
    a text with neither is plain (the common case, at no parsing cost)."""
    return "[" in text or "<" in text


def dropped(text: str) -> list[Dropped]:
    """Every construct of ``text`` that is not shown, in the order of the text.

    >>> [d.construct.value for d in dropped("Lead ![x][r] low.\\n\\n- [r]: http://h/x.png")]
    ['image', 'definition']
    >>> dropped("Lead the **king** from K-Q-J.")
    []
    """
    if not _may_hold(text):
        return []
    env: dict[str, Any] = {}
    tokens = _PARSER.parse(text, env)
    out: list[Dropped] = []
    for label, ref in env.get("references", {}).items():
        out.append(Dropped(Construct.DEFINITION, f"[{label.lower()}]: {ref['href']}", ref["map"][0] + 1))
    for node, line in _walk(SyntaxTreeNode(tokens), 1):
        if node.type == "image":
            out.append(Dropped(Construct.IMAGE, str(node.attrs.get("src", "")), line))
        elif node.type in ("html_block", "html_inline"):
            out.append(Dropped(Construct.HTML, node.content, line))
        elif node.type == "link" and not app_link(str(node.attrs.get("href", ""))):
            out.append(Dropped(Construct.LINK, str(node.attrs.get("href", "")), line))
    return sorted(out, key=lambda d: d.line)


def _walk(node: SyntaxTreeNode, line: int) -> Iterator[tuple[SyntaxTreeNode, int]]:
    """Every node under ``node`` with its line: a block's own, an inline node its block's plus
    the soft and hard breaks before it."""
    for child in node.children:
        at = child.map[0] + 1 if child.map else line
        yield child, at
        if child.type == "inline":
            yield from _walk_inline(child, at)
        else:
            yield from _walk(child, at)


def _walk_inline(node: SyntaxTreeNode, line: int) -> Iterator[tuple[SyntaxTreeNode, int]]:
    at = line
    for child in node.children:
        if child.type in ("softbreak", "hardbreak"):
            at += 1
        yield child, at
        for sub, _ in _walk_inline(child, at):
            yield sub, at
        at += child.content.count("\n") if child.type in ("html_inline", "code_inline") else 0


def remote_loads(text: str) -> list[str]:
    """What in ``text`` would not be shown to a learner as written: one phrase each, with its line;
    empty when the text is shown as it is.

    >>> remote_loads("![](http://h/a((p)).png)")
    ['line 1: an image `http://h/a((p)).png` (images are not shown; use a diagram:)']
    """
    return [d.phrase() for d in dropped(text)]


def strip_remote(text: str) -> str:
    """The text to show: ``text`` itself when nothing is dropped, else rendered again from its
    token tree with the allow-list (an image becomes its alt text, HTML is left out, a link
    elsewhere becomes its words).

    >>> strip_remote("Lead low ![chart](http://h/c.png).")
    'Lead low chart.'
    >>> strip_remote("Lead **low**.")
    'Lead **low**.'
    """
    if not dropped(text):
        return text
    return _render_blocks(SyntaxTreeNode(_PARSER.parse(text, {}))).rstrip("\n")


def strip_model(obj: Any) -> Any:
    """A copy of a content model (a puzzle, a lesson) with :func:`strip_remote` applied to every
    text in it, however deep; the original is left as it is."""
    if isinstance(obj, str):
        return strip_remote(obj)
    if isinstance(obj, Text):
        en, ru = strip_remote(obj.en), strip_remote(obj.ru)
        return obj if en is obj.en and ru is obj.ru else Text(en=en, ru=ru)
    if isinstance(obj, BaseModel):
        changes = {}
        for name in type(obj).model_fields:
            value = getattr(obj, name)
            new = strip_model(value)
            if new is not value:
                changes[name] = new
        return obj.model_copy(update=changes) if changes else obj
    if isinstance(obj, (list, tuple)):
        items = [strip_model(v) for v in obj]
        if all(a is b for a, b in zip(items, obj)):
            return obj
        return type(obj)(items) if isinstance(obj, list) else tuple(items)
    if isinstance(obj, dict):
        new_d = {k: strip_model(v) for k, v in obj.items()}
        return obj if all(new_d[k] is obj[k] for k in obj) else new_d
    return obj


# -- rendering from the token tree with the allow-list ----------------------------------------

def _escape(text: str) -> str:
    """``text`` as Markdown that reads as exactly this text.

    >>> _escape("1. ![x] a-b? 2)")
    '1\\\\. \\\\!\\\\[x\\\\] a\\\\-b? 2\\\\)'
    """
    out = []
    for i, c in enumerate(text):
        if c in _PUNCT or (c in ".)" and i > 0 and text[i - 1].isdigit()):
            out.append("\\" + c)
        else:
            out.append(c)
    return "".join(out)


def _render_blocks(node: SyntaxTreeNode, tight: bool = False) -> str:
    parts = [_render_block(child, tight) for child in node.children]
    return ("\n" if tight else "\n\n").join(p for p in parts if p)


def _render_block(node: SyntaxTreeNode, tight: bool) -> str:
    kind = node.type
    if kind == "paragraph":
        return "".join(_render_inline(c) for c in node.children)
    if kind == "inline":
        return "".join(_render_inline(c) for c in node.children)
    if kind == "heading":
        return "#" * int(node.tag[1]) + " " + "".join(_render_inline(c) for c in node.children)
    if kind == "blockquote":
        return _prefix(_render_blocks(node), "> ", "> ")
    if kind in ("bullet_list", "ordered_list"):
        start = int(node.attrs.get("start", 1)) if kind == "ordered_list" else 1
        items = []
        for i, item in enumerate(node.children):
            mark = f"{start + i}. " if kind == "ordered_list" else "- "
            items.append(_prefix(_render_blocks(item, tight=_is_tight(item)), mark, " " * len(mark)))
        return "\n".join(items) if all(_is_tight(i) for i in node.children) else "\n\n".join(items)
    if kind in ("code_block", "fence"):
        fence = "~" * max(3, _longest_run(node.content, "~") + 1)
        return f"{fence}\n{node.content.rstrip(chr(10))}\n{fence}"
    if kind == "hr":
        return "***"
    if kind == "html_block":
        return ""  # not shown: HTML is refused, its words with it
    if kind == "table":
        rows = [" ".join(_render_blocks(cell) for cell in row.children)
                for section in node.children for row in section.children]
        return "  \n".join(rows)
    return _render_blocks(node, tight)  # any other container: its content


def _is_tight(item: SyntaxTreeNode) -> bool:
    return any(c.type == "paragraph" and c.hidden for c in item.children) or not item.children


def _prefix(text: str, first: str, rest: str) -> str:
    lines = text.split("\n")
    return "\n".join((first if i == 0 else rest) + line if line or i == 0 else line.rstrip()
                     for i, line in enumerate(lines))


def _longest_run(text: str, ch: str) -> int:
    best = run = 0
    for c in text:
        run = run + 1 if c == ch else 0
        best = max(best, run)
    return best


def _render_inline(node: SyntaxTreeNode) -> str:
    kind = node.type
    inner = "".join(_render_inline(c) for c in node.children)
    if kind == "text":
        return _escape(node.content)
    if kind == "softbreak":
        return "\n"
    if kind == "hardbreak":
        return "\\\n"
    if kind == "em":
        return f"*{inner}*"
    if kind == "strong":
        return f"**{inner}**"
    if kind == "s":
        return f"~~{inner}~~"
    if kind == "code_inline":
        ticks = "`" * (_longest_run(node.content, "`") + 1)
        return f"{ticks} {node.content} {ticks}"
    if kind == "link":
        href = str(node.attrs.get("href", ""))
        return f"[{inner}](<{_escape(href)}>)" if app_link(href) else inner
    if kind == "image":
        return inner or _escape(node.content)  # the alt text, as words
    if kind == "html_inline":
        return ""  # the tag goes; the words between two tags are text tokens and stay
    return inner


def _short(s: str) -> str:
    """The snippet as a code span: a problem message is itself shown as Markdown (the Workshop,
    the app's problem box), where the bare snippet would load the very image it refuses."""
    s = " ".join(s.split()).replace("`", "'")
    return "`" + (s if len(s) <= 60 else s[:57] + "...") + "`"
