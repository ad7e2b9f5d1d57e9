"""Content limits (docs/limits.md): a size cap checked before parsing; nothing in a learner's text loads
from elsewhere (refused by ``check``, stripped wherever the text is shown)."""

from __future__ import annotations

import time

import pytest
from streamlit.testing.v1 import AppTest

from appkit import APP, PUZZLES, write_content
from tutor.cli import main
from tutor.content.lint import lint_text
from tutor.content.loader import DEFAULT_MAX_FILE_MB, load_file, max_file_bytes, parse_text
from tutor.content.markup import remote_loads, strip_model, strip_remote

IMAGE = "![chart](https://tracker.example/pixel.gif)"
EXPLANATION_EN = "Spades are your longest suit; from K-x-x-x lead the smallest card."


def test_default_size_cap_is_five_megabytes(monkeypatch):
    monkeypatch.delenv("WHIST_TUTOR_MAX_FILE_MB", raising=False)
    assert DEFAULT_MAX_FILE_MB == 5 and max_file_bytes() == 5 * 1024 * 1024


def test_a_file_over_the_cap_is_refused_before_parsing(tmp_path, monkeypatch):
    """A 60 MB file took 23 s and 1.2 GB before it was refused, with a message about aliases."""
    monkeypatch.delenv("WHIST_TUTOR_MAX_FILE_MB", raising=False)
    big = tmp_path / "big.yaml"
    with big.open("wb") as fh:
        fh.truncate(60 * 1024 * 1024)  # sparse: 60 MB on paper, no disk used
    started = time.perf_counter()
    loaded = load_file(big)
    assert time.perf_counter() - started < 5.0  # parsing it took 23 s: this is "never read", not a speed aim
    (problem,) = loaded.problems
    assert "60.0 MB" in problem.message and "5 MB limit" in problem.message
    assert "aliases" not in problem.message


def test_the_cap_is_configurable(tmp_path, monkeypatch):
    path = tmp_path / "p.yaml"
    path.write_text(PUZZLES + "#" * (1024 * 1024), encoding="utf-8")
    assert not load_file(path).problems
    monkeypatch.setenv("WHIST_TUTOR_MAX_FILE_MB", "1")
    assert "1 MB limit" in load_file(path).problems[0].message
    assert "1 MB limit" in parse_text(path.read_text(encoding="utf-8")).problems[0].message


def test_check_refuses_a_file_over_the_cap_exit_1(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("WHIST_TUTOR_MAX_FILE_MB", "0.01")
    path = tmp_path / "p.yaml"
    path.write_text(PUZZLES + "#" * 20_000, encoding="utf-8")
    assert main(["check", str(path)]) == 1
    assert "MB limit" in capsys.readouterr().out


@pytest.mark.parametrize("snippet", [
    IMAGE,
    "![chart][pic]\n\n[pic]: https://tracker.example/pixel.gif",
    '<img src="https://tracker.example/pixel.gif">',
    "<iframe src='https://example.org'></iframe>",
    "<script>fetch('https://example.org')</script>",
    '<span style="background: url(https://example.org/x.png)">x</span>',
])
def test_check_refuses_text_that_loads_from_elsewhere(snippet):
    escaped = snippet.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    text = PUZZLES.replace(f'en: "{EXPLANATION_EN}"', f'en: "{EXPLANATION_EN} {escaped}"', 1)
    assert text != PUZZLES
    report = lint_text(text, "p.yaml")
    assert any("explanation.en" in p.message for p in report.problems), report.problems


def test_a_link_to_another_site_is_reported_and_shown_as_its_words():
    """Issue 23 point 2: links go only to the tutor's own pages."""
    text = "See [Cavendish](https://en.wikipedia.org/wiki/Cavendish) on leads."
    assert remote_loads(text) == ["line 1: a link to `https://en.wikipedia.org/wiki/Cavendish` "
                                  "(links go only to the tutor's own pages)"]
    assert strip_remote(text) == "See Cavendish on leads."
    assert remote_loads("See [the puzzles](/Puzzles) first.") == []


@pytest.mark.slow(reason="0.8 s: loads the whole library (CI runs it)")
def test_shipped_content_loads_nothing_from_elsewhere():
    from tutor.content.loader import load_paths

    content = load_paths()
    for loc in [*content.puzzles, *content.lessons]:
        assert strip_model(loc.item) == loc.item, loc.path


def test_strip_keeps_the_alt_text_and_drops_loading_html():
    assert strip_remote(f"Lead low {IMAGE}.") == "Lead low chart."
    assert "<img" not in strip_remote('a <img src="x"> b') and "<script" not in strip_remote("<script>x</script>")


def _app_with_image(tmp_path, monkeypatch) -> AppTest:
    root = tmp_path / "content"
    write_content(root)
    path = root / "puzzles" / "basics.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace(EXPLANATION_EN, f"{EXPLANATION_EN} {IMAGE}"),
                    encoding="utf-8")
    monkeypatch.setenv("WHIST_TUTOR_CONTENT_DIR", str(root))
    monkeypatch.setenv("WHIST_TUTOR_DB", str(tmp_path / "progress.db"))
    monkeypatch.setenv("WHIST_TUTOR_SAMPLES", "4")
    at = AppTest.from_file(APP, default_timeout=60)
    at.session_state["lang"] = "en"
    at.run()
    return at


def _all_text(at: AppTest) -> str:
    """Everything shown as Markdown, code spans left out (a problem message quotes the markup
    in a code span, which shows it as text and loads nothing)."""
    import re

    parts = [m.value for m in at.markdown] + [str(x.value) for x in [*at.info, *at.error, *at.success, *at.caption]]
    return re.sub(r"`[^`]*`", "", "\n".join(parts))


def test_puzzle_page_never_renders_a_remote_image(tmp_path, monkeypatch):
    at = _app_with_image(tmp_path, monkeypatch)
    at.switch_page("tutor/ui/pages/puzzles.py").run()
    assert not at.exception
    at.selectbox(key="puzzle").select_index(
        next(i for i, o in enumerate(at.selectbox(key="puzzle").options) if "King fourth" in o)).run()
    for b in at.button:  # answer the puzzle so the explanation is shown
        if "♠2" in str(b.label) or str(b.label).endswith("2"):
            b.click().run()
            break
    text = _all_text(at)
    assert "tracker.example" not in text and "![" not in text


def test_workshop_preview_strips_images(tmp_path, monkeypatch):
    at = _app_with_image(tmp_path, monkeypatch)
    at.switch_page("tutor/ui/pages/workshop.py").run()
    from tutor.ui import state

    prompt = f'    prompt: {{en: "Which card do you lead? {IMAGE}", ru: "Какой картой ходить?"}}\n'
    text = PUZZLES.replace("    question: lead\n", "    question: lead\n" + prompt, 1)
    at.text_area(key=state.WORKSHOP_TEXT).input(text).run()
    assert not at.exception
    shown = _all_text(at)
    assert "Which card do you lead?" in shown, "the preview shows the prompt"
    assert "tracker.example" not in shown and "![" not in shown


RECURSIVE = "puzzles: &a [*a]\n"


def test_a_recursive_alias_is_one_problem_with_its_line(tmp_path, capsys):
    """Issue 23, F6: `puzzles: &a [*a]` made the loader recurse without end (a RecursionError on
    every page serving the folder and in six commands); now it is one `file:line: …` problem."""
    path = tmp_path / "loop.yaml"
    path.write_text("# a loop\n" + RECURSIVE, encoding="utf-8")
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"{path}:2: an alias refers to the list or mapping that holds it" in out
    assert "Traceback" not in out


def test_a_recursive_alias_in_the_content_folder_leaves_the_other_files_served(tmp_path, monkeypatch):
    """F6: one such file in WHIST_TUTOR_CONTENT_DIR broke the Puzzles page for everyone."""
    root = tmp_path / "content"
    write_content(root)
    (root / "puzzles" / "loop.yaml").write_text(RECURSIVE, encoding="utf-8")
    monkeypatch.setenv("WHIST_TUTOR_CONTENT_DIR", str(root))
    monkeypatch.setenv("WHIST_TUTOR_DB", str(tmp_path / "progress.db"))
    at = AppTest.from_file(APP, default_timeout=60)
    at.session_state["lang"] = "en"
    at.run()
    at.switch_page("tutor/ui/pages/puzzles.py").run()
    assert not at.exception
    assert any("King fourth" in o for o in at.selectbox(key="puzzle").options)
    assert "loop.yaml:1: an alias refers" in "".join(str(e.value) for e in at.error)


def test_a_recursive_alias_in_the_workshop_is_a_problem_not_a_traceback(tmp_path, monkeypatch):
    """F6: in the Workshop the bad text was autosaved, so the traceback came back after every reload."""
    at = _app_with_image(tmp_path, monkeypatch)
    at.switch_page("tutor/ui/pages/workshop.py").run()
    from tutor.ui import state

    at.text_area(key=state.WORKSHOP_TEXT).input(RECURSIVE).run()
    assert not at.exception
    shown = "".join(str(x.value) for x in [*at.markdown, *at.error, *at.warning, *at.info])
    assert "an alias refers to the list or mapping that holds it" in shown


@pytest.mark.parametrize("command", [["check"], ["worksheet", "--out", "{out}"], ["daily", "--puzzles"], ["import-pbn"]])
@pytest.mark.slow(reason="1.9 s over 4 commands: waits out a pipe (CI runs it)")
def test_a_named_pipe_as_an_input_is_refused_at_once(tmp_path, capsys, command):
    """The reliability probe: a FIFO given as a content or PBN file hung check, daily --puzzles,
    worksheet and import-pbn for ever (opening a pipe waits for a writer)."""
    import os
    import subprocess
    import sys

    fifo = tmp_path / ("board.pbn" if command[0] == "import-pbn" else "pipe.yaml")
    os.mkfifo(fifo)
    args = [a.replace("{out}", str(tmp_path / "w.html")) for a in command]
    args = [*args[:1], str(fifo), *args[1:]] if command[0] != "daily" else [*args, str(fifo)]
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "tutor", *args], capture_output=True, text=True, timeout=60)
    assert time.monotonic() - started < 30
    assert done.returncode in (1, 2), (done.stdout, done.stderr)
    assert "not a regular file (a named pipe)" in done.stdout + done.stderr
    assert "Traceback" not in done.stderr
