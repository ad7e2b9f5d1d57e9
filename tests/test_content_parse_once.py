"""Parse once, at the edge: a loaded puzzle holds the engine's values (South's Hand, the trump
Card, the dealer Seat, the played Tricks, the Deal, the answer's Cards), read when its YAML is
loaded; showing and grading it reads no card, hand or history text again (docs/architecture.md,
"How a card click travels").

The counter wraps every reader of notation text in :mod:`tutor.cards`, :mod:`tutor.play` and
:mod:`tutor.deal` -- in every ``tutor`` module that imported one by name, too -- and records each
call that is handed *text*. (A reader handed the value it returns, ``parse_card(card)``, reads
nothing: it gives the card back.)
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable, Iterator
from datetime import date
from pathlib import Path
from typing import Any

import pytest
import yaml

import shipped
from appkit import PUZZLES, open_page, start
from tutor import cards, deal, play
from tutor.cards import Card, Hand
from tutor.content.grading import grade
from tutor.content.loader import REPO_ROOT, Located, load_paths, parse_text
from tutor.content.models import Item, Puzzle
from tutor.content.writer import puzzles_yaml
from tutor.deal import Deal
from tutor.play import Trick
from tutor.seats import Seat

#: The readers of text: module functions, and the class methods that read.
_FUNCTIONS = {cards: ("parse_card", "parse_suit", "parse_rank", "_hand_of_text", "_parse_hand_cards"),
              play: ("parse_history",), deal: ("parse_trump",)}
_METHODS = ((cards.Card, "parse"), (cards.Hand, "parse"), (cards.Suit, "parse"), (cards.Rank, "parse"),
            (play.Trick, "parse"), (deal.Deal, "from_pbn"))


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[str, str]]]:
    """Every reading of text from now on, as (reader, text)."""
    seen: list[tuple[str, str]] = []

    def counting(name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(fn)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            text = next((a for a in args if isinstance(a, str)), None)
            if text is not None:
                seen.append((name, text))
            return fn(*args, **kwargs)
        return wrapper

    for module, names in _FUNCTIONS.items():
        for name in names:
            original = getattr(module, name)
            wrapped = counting(name, original)
            for mod in list(sys.modules.values()):  # also where it was imported by name
                if getattr(mod, "__name__", "").startswith("tutor") and getattr(mod, name, None) is original:
                    monkeypatch.setattr(mod, name, wrapped)
    for cls, name in _METHODS:
        original = getattr(cls, name).__func__
        monkeypatch.setattr(cls, name, classmethod(counting(f"{cls.__name__}.{name}", original)))
    yield seen


def test_the_counter_sees_a_reading_of_text(reads: list[tuple[str, str]]) -> None:
    """The counter itself: a card, a hand and a history read from text are each counted."""
    cards.parse_card("SK")
    Hand.parse("KJ4.AQ32.T98.765")
    play.parse_history("W:DK D4 D9 D2")
    names = {name for name, _ in reads}
    assert {"parse_card", "Hand.parse", "parse_history"} <= names


def test_a_loaded_puzzle_holds_the_engines_values() -> None:
    """Each field of a position is the engine's own type once the file is read."""
    loc = next(p for p in load_paths([REPO_ROOT / "puzzles"]).puzzles if p.item.played and p.item.deal)
    item = loc.item
    assert isinstance(item.hand, Hand) and isinstance(item.trump, Card) and isinstance(item.dealer, Seat)
    assert isinstance(item.deal, Deal) and all(isinstance(t, Trick) for t in item.tricks_played)
    assert isinstance(item.answer, Card) and all(isinstance(a.card, Card) for a in item.accept)


def _check_grading_reads_no_card_text(located: list[Located[Item]], reads: list[tuple[str, str]]) -> None:
    """The grader judges each item's own answer from the loaded values alone."""
    assert located
    reads.clear()  # what loading read is the edge
    for loc in located:
        item = loc.item
        response = item.answer[0] if isinstance(item.answer, tuple) else item.answer
        assert grade(item, response).correct, f"{loc.path}:{loc.line}"
    assert reads == []


@pytest.mark.slow(reason="grades the 2,430 shipped items' own answers (3 s of CPU); CI runs it, the fast loop runs "
                         "the same check on tests/shipped.py's sample")
def test_grading_every_shipped_item_reads_no_card_text(reads: list[tuple[str, str]]) -> None:
    _check_grading_reads_no_card_text(load_paths(None).items(), reads)


def test_grading_a_sample_of_every_shipped_file_reads_no_card_text(reads: list[tuple[str, str]]) -> None:
    """The check above on tests/shipped.py's sample (read before the counter is cleared)."""
    _check_grading_reads_no_card_text(shipped.sample_items(), reads)


def test_daily_puzzle_is_shown_and_graded_without_reading_its_cards_again(
        app_env, reads: list[tuple[str, str]], monkeypatch: pytest.MonkeyPatch) -> None:
    """The Daily page (AppTest): the library is loaded once; then the page is drawn, a card is
    clicked, graded, recorded, and the feedback drawn -- and no card, hand or history text of the
    puzzle is read again. The double-dummy evidence after the answer is read from its own store
    (its own edge, tested in test_app_evidence_store.py): here it is only asked for."""
    only_lead = PUZZLES.split("  - id: follow-hearts")[0]
    (app_env / "content" / "puzzles" / "basics.yaml").write_text(only_lead, encoding="utf-8")
    from tutor.ui import daily

    asked: list[Any] = []
    monkeypatch.setattr(daily, "show_evidence", lambda puzzle, lang, seed: asked.append(puzzle))
    at = start("en", learner="Bob")
    open_page(at, "daily")  # the first pass loads the library: the YAML is read here, once
    assert not at.exception, [e.value for e in at.exception]
    reads.clear()
    at.run()  # the page drawn again from the loaded puzzle
    item = f"{date.today().isoformat()}:king-fourth-lead"
    at.button(key=f"w:daily:{item}:card-S2").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.success[0].value.startswith("Right")
    assert asked and isinstance(asked[-1].hand, Hand)
    assert reads == []


def _check_written_back_as_the_same_yaml(located: list[Located[Puzzle]]) -> None:
    """The YAML format does not change: each puzzle given, loaded and written back by the writer
    (workshop export, generate), reads back to an equal puzzle, and the written text of each field
    is the text of its file (the shipped files spell every card canonically)."""
    assert located and not shipped.content().problems
    puzzles = [p.item for p in located]
    again = parse_text(puzzles_yaml(puzzles))
    assert not again.problems
    assert [p.item for p in again.puzzles] == puzzles
    assert puzzles_yaml(p.item for p in again.puzzles) == puzzles_yaml(puzzles)
    ids: dict[str, set[str]] = {}
    for loc in located:
        ids.setdefault(loc.path, set()).add(loc.item.id)
    files = {path: _read_back(path, wanted) for path, wanted in ids.items()}
    for loc in located:  # each field written as the old string model canonicalised it
        data = files[loc.path][loc.item.id]
        dumped = loc.item.model_dump(mode="json")
        for key, canon in _CANONICAL.items():
            if key in data:
                assert dumped[key] == canon(data[key]), (loc.path, loc.item.id, key)


@pytest.mark.slow(reason="writes the 2,360 shipped puzzles back and reads them again (50 s of CPU); CI runs it, the "
                         "fast loop runs the same check on tests/shipped.py's sample")
def test_every_shipped_item_is_written_back_as_the_same_yaml() -> None:
    _check_written_back_as_the_same_yaml(shipped.puzzles())


@pytest.mark.slow(reason="2.3 s: writes a sample of every file back (CI runs it)")
def test_a_sample_of_every_shipped_file_is_written_back_as_the_same_yaml() -> None:
    """The check above on every hand-written puzzle and the head of each library file
    (tests/shipped.py's sample)."""
    _check_written_back_as_the_same_yaml(shipped.sample_puzzles())


#: PyYAML's safe loader, in C when libyaml is there: the reading the test compares with is not
#: the content loader's own.
_SAFE_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _read_back(path: str, ids: set[str]) -> dict[str, Any]:
    """The puzzles ``ids`` of the file as PyYAML reads them, by id. The file is composed whole (in C)
    and only those items are made into Python data: the library's largest file holds 1,550
    puzzles, and constructing all of them cost seconds for a sample of four."""
    loader = _SAFE_LOADER(Path(path).read_text(encoding="utf-8"))
    try:
        root = loader.get_single_node()
        listed = next(value for key, value in root.value if key.value == "puzzles")
        found: dict[str, Any] = {}
        for node in listed.value:
            puzzle_id = next((v.value for k, v in node.value if k.value == "id"), None)
            if puzzle_id in ids:
                found[puzzle_id] = loader.construct_document(node)
        assert set(found) == ids, (path, ids - set(found))
        return found
    finally:
        loader.dispose()


def _card_text(v: Any) -> Any:
    if isinstance(v, list):
        return [str(cards.parse_card(c)) for c in v]
    if v in ("keep", "exchange"):  # Humbug's exchange question: the choice as it is written
        return v
    return v if isinstance(v, int) else str(cards.parse_card(v))


#: How the content models wrote each field back before they held values (the canonical text).
_CANONICAL: dict[str, Callable[[Any], Any]] = {
    "hand": lambda v: Hand.parse(v).pbn(), "trump": _card_text, "dealer": str, "called_suit": str,
    "deal": lambda v: Deal.from_pbn(v).pbn(), "played": lambda v: play.format_history(play.parse_history(v)),
    "answer": _card_text, "exposed": _card_text, "called": _card_text,
}


def test_every_field_of_an_item_is_written_back() -> None:
    """The writer's field order names every field of a puzzle (a field it left out was lost on the way
    back: the other tables' ``variant`` and ``contract``, a cut's ``cut`` and ``custom``)."""
    from tutor.content.models import Puzzle
    from tutor.content.writer import FIELD_ORDER

    assert set(Puzzle.model_fields) - {"seat"} == set(FIELD_ORDER)
