"""Learner-visible Markdown is judged by a CommonMark parser, not by regular expressions (issue 23,
F1 and deliver point 2; the reliability probe ``evil-pass.yaml`` of ``shared/reviews``): every
image form, raw HTML, reference definitions and links that leave the app are reported by
``tutor check`` with their line and never reach the learner's browser."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from markdown_it import MarkdownIt
from markdown_it.tree import SyntaxTreeNode

import shipped
from tutor.content.lint import lint_text
from tutor.content.markup import Construct, dropped, remote_loads, strip_remote

# the four forms the regular expressions missed (reliability.md, F1 a-d)
NESTED = "![](http://127.0.0.1:8629/prompt-nested((p)).png)"
LIST_DEF = "Lead ![x1].\n\n- [x1]: http://127.0.0.1:8629/listdef.png"
QUOTE_DEF = "Lead ![x2].\n\n> [x2]: http://127.0.0.1:8629/quotedef.png"
NEXT_LINE = "Lead ![x3].\n\n[x3]:\nhttp://127.0.0.1:8629/nextline.png"

# what a browser's renderer would fetch by itself, read by the most permissive CommonMark reading
_BROWSER = MarkdownIt("commonmark", {"html": True}).enable(["table", "strikethrough"])
_BROWSER.validateLink = lambda url: True


# an address that leaves the page's host: a scheme (https:, javascript:), or a network path, which
# browsers also read from a backslash
_LEAVES = re.compile(r"^\s*([a-zA-Z][a-zA-Z0-9+.-]*:|[/\\]{2})")


def _loads(text: str) -> list[str]:
    """Everything the rendered text would make a browser fetch or run: images and raw HTML, and
    links that leave the app (what the allow-list refuses)."""
    out = []
    env: dict[str, object] = {}
    tree = SyntaxTreeNode(_BROWSER.parse(text, env))
    for node in tree.walk():
        if node.type == "image" or node.type.startswith("html"):
            out.append(node.type)
        if node.type == "link" and _LEAVES.match(str(node.attrs.get("href"))):
            out.append("link")
    return out


@pytest.mark.parametrize("text", [NESTED, LIST_DEF, QUOTE_DEF, NEXT_LINE], ids=["nested", "list", "quote", "next-line"])
def test_every_image_form_of_the_probe_is_reported_and_stripped(text):
    """F1 (a)-(d): nested parentheses; a shortcut reference image whose definition is in a list item,
    in a quote, or has its address on the next line."""
    assert any(d.construct is Construct.IMAGE for d in dropped(text))
    assert _loads(text), "the probe text itself loads something"
    assert _loads(strip_remote(text)) == []
    assert "8629" not in _BROWSER.render(strip_remote(text))


def test_check_reports_the_probe_puzzle_with_lines():
    """The probe file that `check` called "all proved": now every construct is a problem, with the
    file's line of the text and the construct's line in it."""
    from pathlib import Path

    # a copy of shared/reviews/reliability-scripts/evil-pass.yaml, the reviewer's probe
    probe = Path(__file__).resolve().parent / "fixtures" / "evil-pass.yaml"
    report = lint_text(probe.read_text(encoding="utf-8"), "evil-pass.yaml")
    messages = [p.message for p in report.problems]
    assert sum("an image" in m for m in messages) == 4, messages
    assert sum("a link definition" in m for m in messages) == 3, messages
    assert any("javascript:" in m and "a link to" in m for m in messages), messages
    assert all(p.line > 0 for p in report.problems)


def test_a_construct_is_reported_with_its_line_in_the_text():
    assert [d.line for d in dropped(LIST_DEF)] == [1, 3]
    assert remote_loads("ok\n\nstill ok\n\n<iframe src='https://e.org'></iframe>")[0].startswith("line 5: HTML")


def test_raw_html_is_left_out_and_its_words_kept():
    out = strip_remote('Lead <b>low</b> <img src="https://e.org/x.gif"> now.')
    assert _loads(out) == [] and _BROWSER.render(out) == "<p>Lead low  now.</p>\n"


def test_plain_text_is_shown_as_written():
    """The common case costs nothing and changes nothing: a text with no construct is its own rendering."""
    text = "From K-x-x lead the *smallest*; partner's **king** shows the ace or the queen. 1. ♠K — ♥10"
    assert dropped(text) == [] and strip_remote(text) == text


def test_shipped_content_has_nothing_dropped():
    content = shipped.content()
    for loc in [*content.puzzles, *content.lessons]:
        for text in _texts(loc.item.model_dump()):
            assert dropped(text) == [], (loc.path, text)


def _texts(obj: object) -> list[str]:
    if isinstance(obj, str):
        return [obj]
    if isinstance(obj, dict):
        return [t for v in obj.values() for t in _texts(v)]
    if isinstance(obj, (list, tuple)):
        return [t for v in obj for t in _texts(v)]
    return []


_PIECES = st.sampled_from([
    "![", "![a]", "]", "[", "(", ")", "((", "))", "<", ">", "<img src=x>", "<div>", "</div>", "http://h/x.png",
    "[r]:", "[r]: http://h/r", "\n", "\n\n", "- ", "> ", "    ", "`", "``", "*", "**", "_", "\\", "&lt;", "&#60;",
    "1. ", "# ", "---", "~~~", "```", "|", "a", "b c", "♠K", "Лев", " ", "javascript:", "/Puzzles", "[x](", "<http://h>",
    "<!-- ", " -->", "<?", "![a](<http://h/b c>)", '"', "'",
])


@settings(max_examples=300, deadline=None)
@given(st.lists(_PIECES, max_size=24).map("".join))
def test_any_text_renders_with_no_external_resource_or_is_reported(text):
    """Issue 23 point 2's property: whatever a teacher writes, either nothing in it loads (and it is
    shown as written) or what would is reported; and what is shown never loads anything."""
    shown = strip_remote(text)
    assert _loads(shown) == [], (text, shown)
    if not remote_loads(text):
        assert shown == text and _loads(text) == []
