"""Reading content files: every problem reported with its line, unsafe YAML refused."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.content.loader import (
    ContentError,
    StrictLoader,
    load_file,
    load_lessons,
    load_puzzles,
    parse_text,
    read_yaml,
)

GOOD = textwrap.dedent("""\
    puzzles:
      - id: one
        title: {en: "Lead", ru: "Ход"}
        themes: [opening-lead]
        difficulty: 1
        trump: D7
        hand: K742.985.J63.863
        question: lead
        answer: S2
        maxims: [king-third-lead-small]
        hints:
          - {en: "Longest suit?", ru: "Самая длинная масть?"}
        explanation: {en: "Lead small.", ru: "С маленькой."}
    """)


def lines_of(text: str) -> dict[int, str]:
    return {p.line: p.message for p in parse_text(text, "t.yaml").problems}


def test_a_sound_file_has_no_problems_and_knows_field_lines():
    f = parse_text(GOOD, "t.yaml")
    assert f.problems == () and f.kind == "puzzles"
    loc = f.puzzles[0]
    assert (loc.line, loc.line_of("answer"), loc.line_of("hints", 0, "ru")) == (2, 9, 12)


def test_every_problem_of_a_file_is_reported_at_its_line():
    """An author fixes a whole file in one pass: not only the first error is shown."""
    bad = (GOOD.replace("difficulty: 1", "difficulty: 9")
               .replace("hand: K742.985.J63.863", "hand: K742.985.J63.86")
               .replace("    answer: S2\n", "    answer: S2\n    colour: red\n"))
    bad += GOOD.split("puzzles:\n")[1].replace("id: one", "id: Two").replace('ru: "Ход"', "")
    got = lines_of(bad)
    assert "difficulty" in got[5] and "12 cards" in got[7] and got[10] == "unknown field 'colour'"
    assert "id:" in got[15] and "title: missing field 'ru'" == got[16]


def test_duplicate_key_is_refused_with_both_lines():
    """A duplicate key silently overrides the first in plain YAML; here it is an error."""
    got = lines_of(GOOD.replace("    answer: S2\n", "    answer: S2\n    answer: S4\n"))
    assert got == {10: "duplicate key 'answer' (first on line 9)"}
    with pytest.raises(yaml.constructor.ConstructorError, match="duplicate key"):
        yaml.load("a: 1\na: 2\n", Loader=StrictLoader)


@pytest.mark.parametrize("tag", ["!!python/object:os.system", "!!python/object/apply:os.system",
                                 "!!python/name:os.system", "!custom", "!!binary", "!!set"])
def test_unknown_tags_are_refused_never_constructed(tag):
    """Content is data: no YAML tag may construct Python objects (SafeLoader and then some)."""
    got = lines_of(GOOD.replace("    trump: D7", f"    trump: {tag} D7"))
    assert list(got) == [6] and "is not allowed" in got[6]
    with pytest.raises(yaml.constructor.ConstructorError):
        yaml.load(f"a: {tag} x\n", Loader=StrictLoader)


def test_bad_yaml_is_one_problem_at_its_line():
    got = lines_of(GOOD.replace("themes: [opening-lead]", "themes: [opening-lead"))
    assert len(got) == 1 and "bad YAML" in next(iter(got.values()))


def test_a_puzzle_file_holds_only_puzzles():
    got = lines_of(GOOD + "lessons: []\n")
    assert "unknown field 'lessons'" in got[14]
    assert "is a mapping" in lines_of("- 1\n- 2\n")[1]
    assert "empty" in lines_of("")[1]


def test_loading_raises_content_error_listing_all(tmp_path):
    path = tmp_path / "p.yaml"
    path.write_text(GOOD.replace("difficulty: 1", "difficulty: 0").replace("answer: S2", "answer: true"), encoding="utf-8")
    with pytest.raises(ContentError) as exc:
        load_puzzles([path])
    assert len(exc.value.problems) == 2 and str(exc.value).startswith(f"{path}:5:")
    assert load_file(tmp_path / "missing.yaml").problems[0].message.startswith("cannot read")



def test_load_lessons_gives_the_shipped_course_in_lesson_order_and_refuses_a_bad_file(tmp_path):
    """``load_lessons`` is ``load_puzzles``' twin: the course in its order, or every problem."""
    lessons = load_lessons()
    orders = [les.order for les in lessons]
    assert lessons and orders == sorted(orders)
    bad = tmp_path / "l.yaml"
    bad.write_text("lessons: 1\n", encoding="utf-8")
    with pytest.raises(ContentError):
        load_lessons([bad])

@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(list("ab:-[]{}!&*'\" \n\t#|>%@`,?1.\u00e9") + ["!!python/object:x ", "<<: ", "puzzles:\n"]),
                max_size=60).map("".join))
def test_reader_never_raises_on_arbitrary_text(text):
    """Whatever an author types in the Workshop, the reader answers with problems, not a crash."""
    data, lines, problems = read_yaml(text, "x.yaml")
    for p in problems:
        assert p.line >= 1 and p.path == "x.yaml"
    parse_text(text, "x.yaml")


def test_lesson_errors_point_into_the_step():
    """A lesson's exercise is checked like a puzzle, its problems at the exercise's lines."""
    lesson = (Path(__file__).parent / "fixtures" / "content" / "good" / "lesson.yaml").read_text(encoding="utf-8")
    assert parse_text(lesson).problems == ()
    broken = lesson.replace("      hand: K742.985.J63.863\n      answer: S2", "      hand: K742.985.J63.86\n      answer: S2")
    broken = broken.replace("  - teach:\n      en: \"With", "  - teach:\n      de: x\n      en: \"With")
    got = {p.line: p.message for p in parse_text(broken, "l.yaml").problems}
    assert got == {17: "steps.1.teach: unknown field 'de'",
                   24: "steps.2.exercise.hand: hand has 12 cards, expected 13: K742.985.J63.86"}
    les = parse_text(lesson).lessons[0]
    ex = parse_text(lesson).exercises()[0]
    assert ex.line_of("answer") == 24 and les.item.id == "fixture-first-lead"


def test_the_signature_sees_files_added_removed_and_edited_while_its_walk_is_kept(tmp_path, monkeypatch):
    """The folders' walk is kept while no folder under it changed (the library's evidence files
    are not walked on every page run); a file added, removed or edited still changes the
    signature, a folder changed in the last seconds is walked again (its clock may not tick)."""
    import os

    from tutor.content import loader

    (tmp_path / "a" / "evidence").mkdir(parents=True)
    (tmp_path / "a" / "one.yaml").write_text("x: 1\n")
    for i in range(20):
        (tmp_path / "a" / "evidence" / f"{i}.json").write_text("{}")
    old = 1_000_000_000_000_000_000  # 2001: not racy
    for folder in (tmp_path, tmp_path / "a", tmp_path / "a" / "evidence"):
        os.utime(folder, ns=(old, old))
    walks = []
    real = os.walk
    monkeypatch.setattr(loader.os, "walk", lambda p: walks.append(p) or real(p))
    first = loader.signature([tmp_path])
    assert [Path(p).name for p, _, _ in first] == ["one.yaml"] and len(walks) == 1
    assert loader.signature([tmp_path]) == first and len(walks) == 1  # kept: nothing walked
    (tmp_path / "a" / "one.yaml").write_text("x: 22\n")  # edited in place: its own stat shows it
    assert loader.signature([tmp_path]) != first and len(walks) == 1
    (tmp_path / "a" / "two.yml").write_text("x: 2\n")  # added: its folder's time changed
    assert [Path(p).name for p, _, _ in loader.signature([tmp_path])] == ["one.yaml", "two.yml"]
    (tmp_path / "a" / "two.yml").unlink()  # removed just after: that folder is racy, walked again
    assert [Path(p).name for p, _, _ in loader.signature([tmp_path])] == ["one.yaml"]
    assert list(loader._yaml_files([tmp_path])) == sorted(
        q for q in tmp_path.rglob("*") if q.suffix in (".yaml", ".yml") and q.is_file())
