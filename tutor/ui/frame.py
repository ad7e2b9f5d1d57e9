"""What the browser frame around every page says and does in the page's language (issue 24).

Why a module of its own: some of what a learner meets is Streamlit's, not ours, and has no
parameter to change it -- the screen-reader link "Skip to main content", the multiselect's
"Select all", the text box's "Press Enter to apply", the select box's "Choose an option", and the
page's ``lang`` attribute (a Russian page read by an English speech voice). One small script,
run in the page itself (``st.html(..., unsafe_allow_javascript=True)``), rewrites exactly those
strings as they appear (a ``MutationObserver``), and on a phone closes the sidebar once a page is
chosen in it (defect 2: the menu stayed open over 300 of 360 px after every choice). The texts
are in the locales (``frame.*``); nothing else on the page is touched.
"""

from __future__ import annotations

import json

import streamlit as st

from tutor.i18n import t
from tutor.locale_fmt import separators
from tutor.vocab import Lang

__all__ = ["BUILTIN_KEYS", "BUILTIN_PREFIXES", "PER_FILE", "SIZE", "UNITS", "PHONE_MAX_PX", "frame_script", "inject_frame"]

#: Streamlit's own English strings, by the locale key of their translation.
BUILTIN_KEYS: dict[str, str] = {
    "Skip to main content": "frame.skip",
    "Select all": "frame.select_all",
    "Press Enter to apply": "frame.enter_apply",
    "Press Enter to submit form": "frame.enter_submit",
    "Choose an option": "frame.choose",
    "Choose options": "frame.choose_many",
    "No results": "frame.no_results",
    "Clear all": "frame.clear_all",
    "Remove": "frame.remove",
    "App pages": "frame.app_pages",
    "Sidebar": "frame.sidebar",
    "Collapse sidebar": "frame.collapse",
    "Expand sidebar": "frame.expand",
    "Decrement": "frame.decrement",
    "Increment": "frame.increment",
    "Fullscreen": "frame.fullscreen",
    "Close fullscreen": "frame.close_fullscreen",
    "Link to heading": "frame.heading_link",
    "Open": "frame.open",
    "Close": "frame.close",
    "Scroll tabs right": "frame.tabs_right",
    "Scroll tabs left": "frame.tabs_left",
    "Copy Vega-Lite spec": "frame.copy_spec",
    "Show password text": "frame.show_password",
    "Hide password text": "frame.hide_password",
    # the file uploader's (the Workshop's PBN file, the Review page's record)
    "Upload": "frame.upload",
    "file upload": "frame.file_upload",
    "Add files": "frame.add_files",
}

#: Streamlit's strings that begin with English and end with our label ("Help for Four-colour
#: deck"), by the locale key of their beginning.
BUILTIN_PREFIXES: dict[str, str] = {"Help for ": "frame.help_for", "Remove ": "frame.remove_file"}

#: The file uploader's size limit ("1MB per file"): the size and its unit, said again by the
#: locale's ``frame.per_file`` and ``frame.unit_*``.
PER_FILE = r"^(\d+(?:\.\d+)?)(B|KB|MB|GB) per file$"
#: A file's size as the uploader shows it once chosen ("78.0B").
SIZE = r"^(\d+(?:\.\d+)?)(B|KB|MB|GB)$"
UNITS = ("B", "KB", "MB", "GB")

#: Up to this width the sidebar is an overlay over the page (Streamlit's own breakpoint), so a
#: choice in it closes it.
PHONE_MAX_PX = 768

_SCRIPT = """
(() => {
  const w = window.parent || window, doc = w.document;
  w.__wtFrame = {lang: %(lang)s, words: %(words)s, starts: %(starts)s, perFile: %(per_file)s};
  doc.documentElement.lang = w.__wtFrame.lang;
  // run again (a language switched): the words already on the page are said anew
  if (w.__wtFrameOn) { w.__wtFrameSwap(doc.body); return; }
  w.__wtFrameOn = true;
  const ATTRS = ['placeholder', 'aria-label', 'title'];
  const say = (v) => {
    const words = w.__wtFrame.words, starts = w.__wtFrame.starts;
    if (words[v]) return words[v];
    for (const p in starts) if (v.startsWith(p)) return starts[p] + v.slice(p.length);
    return null;
  };
  const text = (n) => {
    const k = n.nodeValue.trim(), words = w.__wtFrame.words, per = w.__wtFrame.perFile;
    if (!k) return;
    if (words[k]) { n.nodeValue = n.nodeValue.replace(k, words[k]); return; }
    if (!per) return;
    const size = (m) => m[1].replace('.', per.decimal) + '\u00a0' + per.units[m[2]];
    const m = k.match(new RegExp(per.pattern)), alone = k.match(new RegExp(per.size));
    if (m) n.nodeValue = n.nodeValue.replace(k, per.text.replace('{size}', size(m)));
    else if (alone) n.nodeValue = n.nodeValue.replace(k, size(alone));
  };
  const attrs = (el) => {
    for (const a of ATTRS) {
      const v = el.getAttribute(a), said = v && say(v);
      if (said) el.setAttribute(a, said);
    }
  };
  // an English page has nothing to say anew: only its lang is kept
  const idle = () => !w.__wtFrame.perFile && !Object.keys(w.__wtFrame.words).length
    && !Object.keys(w.__wtFrame.starts).length;
  const swap = (root) => {
    if (idle()) return;
    if (root.nodeType === 3) { text(root); return; }
    if (root.nodeType !== 1) return;
    const walker = doc.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) text(n);
    if (root.hasAttribute && ATTRS.some(a => root.hasAttribute(a))) attrs(root);
    root.querySelectorAll('[placeholder],[aria-label],[title]').forEach(attrs);
  };
  w.__wtFrameSwap = swap;
  // only what changed is looked at: the nodes added, the texts and the named attributes changed
  // (the whole page at every change was most of this script's time while Streamlit draws a page)
  const changed = (records) => {
    if (doc.documentElement.lang !== w.__wtFrame.lang) doc.documentElement.lang = w.__wtFrame.lang;
    if (idle()) return;
    for (const r of records) {
      if (r.type === 'childList') r.addedNodes.forEach(n => { if (n.isConnected) swap(n); });
      else if (r.type === 'characterData') text(r.target);
      else if (r.type === 'attributes' && r.target.nodeType === 1) attrs(r.target);
    }
  };
  new w.MutationObserver(changed).observe(doc.body, {childList: true, subtree: true, characterData: true,
                                                     attributes: true, attributeFilter: ATTRS});
  swap(doc.body);
  // a page chosen in the sidebar on a phone: close it once the new page is drawn (clicking at
  // once is undone by the page's own rerun), trying for two seconds
  const closeSidebar = (left) => {
    const side = doc.querySelector("[data-testid='stSidebar']");
    const close = doc.querySelector("[data-testid='stSidebarCollapseButton'] button");
    if (side && close && side.getAttribute('data-collapsed') === 'false') close.click();
    if (left > 0) setTimeout(() => closeSidebar(left - 1), 250);
  };
  doc.addEventListener('click', (ev) => {
    const link = ev.target.closest && ev.target.closest("[data-testid='stSidebarNavLink']");
    if (link && w.innerWidth <= %(phone)d) closeSidebar(8);
  }, true);
})();
"""


def frame_script(lang: Lang) -> str:
    """The script for a page in ``lang`` (its translations of Streamlit's strings inlined)."""
    words = {en: t(key, lang) for en, key in BUILTIN_KEYS.items()} if lang != "en" else {}
    starts = {en: t(key, lang) for en, key in BUILTIN_PREFIXES.items()} if lang != "en" else {}
    per_file = {"pattern": PER_FILE, "size": SIZE, "text": t("frame.per_file", lang, size="{size}"),
                "decimal": separators(lang)[0],
                "units": {u: t(f"frame.unit_{u.lower()}", lang) for u in UNITS}} if lang != "en" else None
    return "<script>" + _SCRIPT % {"lang": json.dumps(lang), "words": json.dumps(words, ensure_ascii=False),
                                   "starts": json.dumps(starts, ensure_ascii=False),
                                   "per_file": json.dumps(per_file, ensure_ascii=False), "phone": PHONE_MAX_PX} + "</script>"


def inject_frame(lang: Lang) -> None:
    """Run the frame script on this page (drawn with no height: it only changes words and closes
    the sidebar)."""
    st.html(frame_script(lang), unsafe_allow_javascript=True)
