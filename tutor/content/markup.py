"""Learner-facing text loads nothing from elsewhere: no images, no embedded pages, no scripts.

Why (issue 16): a Markdown image in a puzzle's text was rendered, and the learner's browser
fetched it from any host -- a tracker in a shared puzzle file, or a picture that changes after
review. Lesson and puzzle texts are Markdown; what may make the browser fetch something by
itself is refused by ``check`` (:func:`remote_loads`) and removed wherever such text is shown
(:func:`strip_remote`, :func:`strip_model`) -- the Workshop's preview included, which shows a
teacher's text before it is checked.

Refused: Markdown images (``![alt](url)``, ``![alt][ref]``), reference definitions to another
host (``[ref]: https://…``, what a reference image would load), and HTML elements that load or
run something (``<img>``, ``<iframe>``, ``<script>``, ``<link>``, ``<style>``, ``<svg>``, media,
``<object>``/``<embed>``, ``<meta>``/``<base>``) or attributes that do (``src=``, ``srcset=``,
``style=…url(``). A plain link ``[text](https://…)`` stays: it loads nothing until clicked.
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import BaseModel

__all__ = ["remote_loads", "strip_remote", "strip_model"]

_IMAGE = re.compile(r"!\[((?:[^\]\\]|\\.)*)\]\s*(?:\((?:[^()\\]|\\.|\([^()]*\))*\)|\[[^\]]*\])")
_REF_DEF = re.compile(r"^[ ]{0,3}\[[^\]]+\]:[ \t]*<?((?:[a-zA-Z][a-zA-Z0-9+.-]*:)?//\S*|[a-zA-Z][a-zA-Z0-9+.-]*:\S+)>?.*$",
                      re.MULTILINE)
_LOADING_TAGS = ("img", "image", "iframe", "frame", "frameset", "script", "link", "style", "svg", "object", "embed",
                 "video", "audio", "source", "track", "picture", "meta", "base", "form", "input", "math", "applet")
_TAG = re.compile(r"<\s*/?\s*(" + "|".join(_LOADING_TAGS) + r")\b[^>]*>?", re.IGNORECASE)
_ATTR = re.compile(r"<[a-zA-Z][^>]*\b(src|srcset|background|poster|data|action|formaction|style)\s*=[^>]*>",
                   re.IGNORECASE)


def remote_loads(text: str) -> list[str]:
    """What in ``text`` would make a learner's browser load something: one phrase each, empty
    when nothing does."""
    found: list[str] = []
    for m in _IMAGE.finditer(text):
        found.append(f"an image {_short(m.group(0))} (images are not shown; use a diagram:)")
    for m in _REF_DEF.finditer(text):
        found.append(f"a link definition to {_short(m.group(1))} (a reference image would load it)")
    for m in _TAG.finditer(text):
        found.append(f"an HTML <{m.group(1).lower()}> element {_short(m.group(0))}")
    for m in _ATTR.finditer(text):
        if not _TAG.match(m.group(0)):
            found.append(f"an HTML {m.group(1).lower()}= attribute {_short(m.group(0))}")
    return found


def strip_remote(text: str) -> str:
    """``text`` with everything :func:`remote_loads` finds removed: an image becomes its alt
    text, a loading element or a reference definition disappears."""
    if "!" not in text and "<" not in text and "]:" not in text:
        return text  # the common case, at no cost
    out = _IMAGE.sub(lambda m: m.group(1), text)
    out = _REF_DEF.sub("", out)
    out = _TAG.sub("", out)
    out = _ATTR.sub("", out)
    return text if out == text else out


def strip_model(obj: Any) -> Any:
    """A copy of a content model (a puzzle, a lesson) with :func:`strip_remote` applied to every
    text in it, however deep; the original is left as it is."""
    if isinstance(obj, str):
        return strip_remote(obj)
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


def _short(s: str) -> str:
    """The snippet as a code span: a problem message is itself shown as Markdown (the Workshop,
    the app's problem box), where the bare snippet would load the very image it refuses."""
    s = " ".join(s.split()).replace("`", "'")
    return "`" + (s if len(s) <= 60 else s[:57] + "...") + "`"
