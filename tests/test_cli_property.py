"""A property over every command of the CLI (docs/limits.md): random argument lists and random bytes.

For every command (``db`` with its two subcommands), hypothesis builds argument lists from the
command's own options, random text, random bytes (as an undecodable argument would arrive from
the shell), numbers of any size, and paths to files holding random bytes; and asserts:

* the exit code is 0, 1 or 2; with 2, stderr is exactly one ``error: …`` line;
* never a traceback (an exception escaping :func:`tutor.cli.main` fails the test);
* never a write outside the example's temporary folder -- watched with an audit hook on every
  open for writing, rename, removal, folder creation and SQLite connection.

Bounded: a few dozen examples per command, no deadline per example but arguments that would
start an hour of solving (a valid ``simulate`` hand) are not in the pool, and ``analyse --study``
plays at most two deals, in process, and writes its results in the example's folder.
"""

from __future__ import annotations

import argparse
import io
import os
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutor.cli import build_parser, main

REPO = Path(__file__).resolve().parents[1]
EXAMPLES = REPO / "puzzles" / "examples.yaml"


def _commands() -> dict[str, list[str]]:
    """Each command (and ``db check``/``db backup``) with its option strings."""
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    out: dict[str, list[str]] = {}
    for name, p in sub.choices.items():
        inner = [a for a in p._actions if isinstance(a, argparse._SubParsersAction)]
        if inner:
            for sname, sp in inner[0].choices.items():
                out[f"{name} {sname}"] = [o for a in sp._actions for o in a.option_strings if o not in ("-h", "--help")]
        else:
            out[name] = [o for a in p._actions for o in a.option_strings if o not in ("-h", "--help")]
    return out


COMMANDS = _commands()

# -- watching writes -------------------------------------------------------------------------------
_WATCH: dict[str, object] = {"root": None, "writes": []}
_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND


def _audit(event: str, args: tuple) -> None:
    root = _WATCH["root"]
    if root is None:
        return
    path = None
    if event == "open":
        target, mode, flags = (tuple(args) + (None, None, None))[:3]
        writing = (isinstance(mode, str) and any(c in mode for c in "wax+")) or (
            isinstance(flags, int) and flags & _WRITE_FLAGS)
        if writing:
            path = target
    elif event in ("os.rename", "os.replace", "os.link", "os.symlink"):
        path = args[1]
    elif event in ("os.remove", "os.rmdir", "os.mkdir", "os.truncate", "os.chmod", "shutil.rmtree", "shutil.move"):
        path = args[0]
    elif event == "sqlite3.connect":
        path = args[0]
    if path is None or isinstance(path, int):
        return
    text = os.fsdecode(path) if isinstance(path, (bytes, os.PathLike, str)) else str(path)
    if text.startswith("file:"):
        text = text[5:].split("?", 1)[0]
        from urllib.parse import unquote

        text = unquote(text)
    if text in ("", ":memory:", os.devnull) or "__pycache__" in text:
        return
    _WATCH["writes"].append(os.path.abspath(text))  # type: ignore[union-attr]


sys.addaudithook(_audit)

# -- the strategies --------------------------------------------------------------------------------
_SAFE_TEXT = st.text(min_size=0, max_size=30).filter(lambda s: not s.startswith("/") and ".." not in s)
_BYTES_ARG = st.binary(min_size=0, max_size=20).map(os.fsdecode).filter(lambda s: not s.startswith("/") and ".." not in s)
_NUMBERS = st.one_of(st.integers(-10**30, 10**30), st.sampled_from([0, 1, 2, 13, 100, 101, 1000, 10001, 2**32]))
_FIXED = ["", " ", "-", "--", "-1", "0", "1", "2", "NS", "EW", "S", "H", "NT", "E", "quit", "x.html", "out.yaml",
          "sub/out.html", "in.yaml", "in.pbn", "folder", "db.sqlite", "copy.db", "~/x.db", str(EXAMPLES),
          "honours", "king-third", "russian", "english", "en", "ru", "2026-12-01", "SK", "S4"]


def _arguments(options: list[str]) -> st.SearchStrategy[list[str]]:
    token = st.one_of(
        st.sampled_from(options or ["--json"]),
        st.sampled_from(options or ["--json"]),
        st.sampled_from(_FIXED),
        _SAFE_TEXT,
        _BYTES_ARG,
        _NUMBERS.map(str),
    )
    return st.lists(token, min_size=0, max_size=8)


@pytest.mark.parametrize("command", sorted(COMMANDS))
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                  HealthCheck.too_slow])
@given(data=st.data(), content=st.binary(max_size=400))
def test_every_command_survives_random_arguments(command: str, data: st.DataObject, content: bytes,
                                                 tmp_path_factory: pytest.TempPathFactory,
                                                 monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    args = data.draw(_arguments(COMMANDS[command]), label="args")
    work = Path(tempfile.mkdtemp(dir=tmp_path_factory.getbasetemp()))
    (work / "in.yaml").write_bytes(content)
    (work / "in.pbn").write_bytes(content)
    (work / "folder").mkdir()
    (work / "sub").mkdir()
    (work / "home").mkdir()
    (work / "db").mkdir()
    monkeypatch.chdir(work)
    monkeypatch.setenv("HOME", str(work / "home"))
    monkeypatch.setenv("XDG_DATA_HOME", str(work / "home"))
    monkeypatch.setenv("WHIST_TUTOR_DB", str(work / "db" / "progress.db"))
    monkeypatch.setenv("WHIST_TUTOR_EVIDENCE_DIR", str(work / "home" / "evidence"))  # analyse, generate --analyse
    # `check` without a PATH (and `check --find-deals`, which writes hidden deals) reads the content
    # folder: a copy-free empty one here, so no command can touch the shipped lessons and puzzles
    (work / "content").mkdir()
    monkeypatch.setenv("WHIST_TUTOR_CONTENT_DIR", str(work / "content"))
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n" * 3))
    if command == "analyse":  # `--study` plays 30,000 deals by default and writes into the checkout
        import tutor.rule_study

        real_study = tutor.rule_study.study
        monkeypatch.setattr(tutor.rule_study, "study", lambda **kw: real_study(
            **{**kw, "max_deals": min(kw.get("max_deals", 2), 2), "workers": 1}))  # a cluster: test_analyse_cluster
        monkeypatch.setattr(tutor.rule_study, "default_results_dir", lambda: work / "results")
    argv = command.split() + args
    _WATCH["writes"] = []
    _WATCH["root"] = str(work)
    try:
        code = main(argv)
    finally:
        _WATCH["root"] = None
    out, err = capsys.readouterr()
    assert code in (0, 1, 2), (argv, code, err[-300:])
    assert "Traceback" not in err and "Traceback" not in out
    if code == 2:
        assert err.startswith("error: ") and err.endswith("\n") and err.count("\n") == 1, (argv, err)
    root = os.path.realpath(work)
    outside = [w for w in _WATCH["writes"] if not os.path.realpath(w).startswith(root + os.sep)]  # type: ignore[union-attr]
    assert not outside, (argv, outside)


def test_an_argument_that_is_not_utf8_is_one_error_line(capsys) -> None:
    code = main(["deal", "--dealer", os.fsdecode(b"\xff\xfe")])
    out, err = capsys.readouterr()
    assert code == 2 and err.startswith("error: ") and err.count("\n") == 1, err
