"""Bad input never gives a traceback: every command answers it with exit 2 and one ``error:`` line.

design.md, "Command line" -- "Bad input: exit code 2 and one clear line on stderr
(``error: hand has 12 cards: …``), never a traceback". A learner who mistypes a card, or a teacher
who points a command at a folder, must read what is wrong, not a Python stack or a repr.

Three layers: a table of known bad inputs per command (run in-process through
:func:`tutor.cli.main`), hypothesis feeding arbitrary text to the options that parse notation,
and two real subprocesses to prove nothing leaks at the process level.
"""

from __future__ import annotations

import io
import string
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutor.cli import main

REPO = Path(__file__).resolve().parents[1]
#: A complete deal (``python -m tutor deal --seed 1``): E dealt, the trump card S6 is his, S leads.
DEAL = "N:A7.984.J8643.KQ8 8643.KJ75.KT.A72 QT2.AT2.Q75.JT64 KJ95.Q63.A92.953"
HAND = "QT2.AT2.Q75.JT64"  # South's hand in DEAL
EXAMPLES = REPO / "puzzles" / "examples.yaml"


def run_cli(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[int, str, str]:
    """Run one command in-process; argparse's own exits count as exit codes, anything else raises."""
    try:
        code = main(argv)
    except SystemExit as exc:  # argparse usage errors (and --help) leave through SystemExit
        code = exc.code if isinstance(exc.code, int) else 1
    out, err = capsys.readouterr()
    return code, out, err


#: Python internals a learner must never read in an error line ("never a Python repr soup").
PYTHON_SOUP = ("[Errno", "object at 0x", "validation error for", "Traceback", "NoneType", "KeyError", "<class ")


def assert_one_error_line(code: int, out: str, err: str) -> None:
    """The contract of a refused input: exit 2, nothing on stdout, exactly one ``error: …`` line."""
    assert code == 2, f"exit {code}, stdout {out[:200]!r}, stderr {err[:300]!r}"
    assert "Traceback" not in err and "Traceback" not in out
    assert out == "", f"stdout must stay empty on an error, got {out[:200]!r}"
    assert err.startswith("error: ") and err.endswith("\n"), repr(err)
    assert err.count("\n") == 1 and "\r" not in err, f"more than one line: {err!r}"
    assert len(err.strip()) > len("error: "), "the line must say what is wrong"
    for soup in PYTHON_SOUP:
        assert soup not in err, f"a Python internal ({soup!r}) leaked into the message: {err!r}"


@pytest.fixture(autouse=True)
def _no_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """play-deal reads moves from stdin: give it ``quit`` so a wrongly accepted input cannot hang."""
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Broken files of every kind a teacher can hand a command."""
    d = tmp_path_factory.mktemp("bad")
    made = {
        "broken.yaml": b"puzzles: [unclosed\n",
        "empty.yaml": b"",
        "binary.yaml": b"\xff\xfe\x00bad",
        "notpbn.pbn": b"just some text\n",
        "short.pbn": b'[Board "1"]\n[Dealer "E"]\n[Deal "N:AKQ"]\n',
    }
    for name, data in made.items():
        (d / name).write_bytes(data)
    (d / "folder").mkdir()
    (d / "folder.html").mkdir()
    # a library folder whose one puzzle file does not read (``puzzles reword`` must not write over it)
    (d / "badlib" / "evidence").mkdir(parents=True)
    (d / "badlib" / "lead").mkdir()
    (d / "badlib" / "lead" / "opening-lead.yaml").write_bytes(b"puzzles: [unclosed\n")
    return {name: d / name for name in [*made, "folder", "folder.html", "badlib"]} | {"missing": d / "no" / "such.pbn"}


# Each row: an id naming the mistake, then argv. "{name}" is replaced by the path of files[name].
#: The bad inputs the command can only refuse after reading the whole shipped library (0.9 s each):
#: the fast loop leaves them to CI, and keeps the other cases of :data:`BAD_INPUTS`.
WHOLE_LIBRARY = pytest.mark.slow(reason="0.9 s: refused after reading the whole library (CI runs it)")

BAD_INPUTS = [
    # lead -- the student's hand, the trump, the tricks so far (000 «Сдача и партнерство» 8: 13 cards each)
    pytest.param(["lead", "--hand", "AKQ", "--trump", "H"], id="lead-hand-of-three-cards"),
    pytest.param(["lead", "--hand", "AKQ.AKQ.AKQ.AK", "--trump", "H"], id="lead-hand-of-eleven-cards"),
    pytest.param(["lead", "--hand", "", "--trump", "H"], id="lead-empty-hand"),
    pytest.param(["lead", "--hand", "SA SA SK", "--trump", "H"], id="lead-duplicate-card"),
    pytest.param(["lead", "--hand", "AKQJT98765432.A.-.-", "--trump", "H"], id="lead-fourteen-cards"),
    pytest.param(["lead", "--hand", "♠КДВ10 ♥Ж", "--trump", "H"], id="lead-bad-russian-rank"),
    pytest.param(["lead", "--hand", HAND, "--trump", "X"], id="lead-bad-trump"),
    pytest.param(["lead", "--hand", HAND, "--trump", ""], id="lead-empty-trump"),
    pytest.param(["lead", "--hand", HAND, "--trump", "H7 H8"], id="lead-two-trump-cards"),
    pytest.param(["lead", "--hand", HAND, "--trump", "C4"], id="lead-trump-card-in-students-hand"),
    pytest.param(["lead", "--hand", HAND, "--trump", "H", "--suit", "X"], id="lead-bad-suit"),
    pytest.param(["lead", "--hand", HAND, "--trump", "H", "--suit", ""], id="lead-empty-suit"),
    pytest.param(["lead", "--hand", HAND, "--trump", "H", "--dealer", "Q"], id="lead-bad-dealer"),
    pytest.param(["lead", "--hand", HAND, "--trump", "H", "--seat", "X"], id="lead-bad-seat"),
    pytest.param(["lead", "--hand", HAND, "--trump", "H", "--seat", "N"], id="lead-student-not-on-lead"),
    pytest.param(["lead", "--hand", HAND, "--trump", "H", "--played", "garbage"], id="lead-history-no-leader"),
    pytest.param(["lead", "--hand", HAND, "--trump", "H", "--played", "W:DK D4 D9 D2"],
                 id="lead-history-card-not-held"),
    pytest.param(["lead", "--hand", HAND, "--trump", "H", "--played", "W:DK DK D9 D3"], id="lead-history-card-twice"),
    pytest.param(["lead", "--hand", HAND, "--trump", "H", "--played", "W:DK D4 D9 D3 D8"],
                 id="lead-history-five-card-trick"),
    pytest.param(["lead", "--hand", HAND, "--trump", "H", "--played", "/"], id="lead-history-empty-trick"),
    pytest.param(["lead", "--hand", HAND, "--trump", "H", "--played", "Z:DK D4 D9 D3"], id="lead-history-bad-seat"),
    pytest.param(["lead", "--hand", HAND, "--trump", "H", "--played", "W:S3 S4 S2 S5"],
                 id="lead-history-opponent-plays-students-card"),
    pytest.param(["lead", "--hand", HAND, "--trump", "H", "--played", "W:DK D4 D9 D5", "--dealer", "N"],
                 id="lead-history-wrong-leader"),
    pytest.param(["lead", "--hand", HAND, "--trump", "H", "--system", "french"], id="lead-unknown-system"),
    pytest.param(["lead", "--hand", HAND, "--trump", "H", "--lang", "de"], id="lead-unknown-language"),
    pytest.param(["lead", "--hand", HAND], id="lead-missing-trump"),
    pytest.param(["lead", "--bogus"], id="lead-unknown-option"),
    # play -- the card to play now
    pytest.param(["play", "--hand", HAND, "--trump", "H"], id="play-missing-played"),
    pytest.param(["play", "--hand", HAND, "--trump", "H", "--played", "W:DK D4"], id="play-not-students-turn"),
    pytest.param(["play", "--hand", HAND, "--trump", "H", "--played", "N:DK", "--dealer", "E"],
                 id="play-first-trick-led-by-the-wrong-seat"),
    pytest.param(["play", "--hand", HAND, "--trump", "H", "--played", "W:DK D4 D5 D3"],
                 id="play-opponent-plays-students-card"),
    pytest.param(["play", "--hand", "AKQ", "--trump", "H", "--played", "W:DK"], id="play-short-hand"),
    pytest.param(["play", "--hand", HAND, "--trump", "HZ", "--played", "W:DK"], id="play-bad-trump-card"),
    # honours -- a complete deal
    pytest.param(["honours", "--deal", "N:AKQ", "--trump", "H"], id="honours-one-hand-deal"),
    pytest.param(["honours", "--deal", "", "--trump", "H"], id="honours-empty-deal"),
    pytest.param(["honours", "--deal", "X:" + HAND, "--trump", "H"], id="honours-bad-first-seat"),
    pytest.param(["honours", "--deal", DEAL.replace("8643.KJ75", "A7.984"), "--trump", "H"],
                 id="honours-card-in-two-hands"),
    pytest.param(["honours", "--deal", DEAL.replace("JT64", "JT6"), "--trump", "H"], id="honours-twelve-card-hand"),
    pytest.param(["honours", "--deal", "N:... ... ... ...", "--trump", "H"], id="honours-empty-hands"),
    pytest.param(["honours", "--deal", DEAL, "--trump", "Q"], id="honours-bad-trump"),
    pytest.param(["honours", "--deal", DEAL, "--trump", "HA", "--dealer", "N"], id="honours-trump-card-not-dealers"),
    pytest.param(["honours", "--deal", DEAL, "--trump", "H", "--dealer", "Z"], id="honours-bad-dealer"),
    pytest.param(["honours", "--deal", DEAL, "--trump", "H", "--rules", "nope"], id="honours-unknown-rules"),
    # score -- tricks, revokes, standing
    pytest.param(["score", "--deal", DEAL, "--trump", "H", "--tricks", "NS=14"], id="score-fourteen-tricks"),
    pytest.param(["score", "--deal", DEAL, "--trump", "H", "--tricks", "NS=-1"], id="score-negative-tricks"),
    pytest.param(["score", "--deal", DEAL, "--trump", "H", "--tricks", "XX=5"], id="score-bad-side"),
    pytest.param(["score", "--deal", DEAL, "--trump", "H", "--tricks", ""], id="score-empty-tricks"),
    pytest.param(["score", "--deal", DEAL, "--trump", "H", "--tricks", "NS=5,EW=5"], id="score-tricks-not-13"),
    pytest.param(["score", "--deal", DEAL, "--trump", "H", "--tricks", "NS=8", "--revoke", "QQ"],
                 id="score-bad-revoke-side"),
    pytest.param(["score", "--deal", DEAL, "--trump", "H", "--tricks", "NS=8", "--standing", "foo"],
                 id="score-bad-standing"),
    pytest.param(["score", "--deal", DEAL, "--trump", "H", "--tricks", "NS=8", "--standing", "NS=-4"],
                 id="score-negative-standing"),
    pytest.param(["score", "--deal", DEAL, "--trump", "H", "--tricks", "NS=8", "--standing", "NS=4,NS=5"],
                 id="score-standing-names-a-side-twice"),
    pytest.param(["score", "--deal", DEAL, "--trump", "H", "--tricks", "NS=8", "--standing", "NS=99"],
                 id="score-standing-past-the-game"),
    pytest.param(["score", "--deal", DEAL, "--trump", "H", "--tricks", "NS=8", "--revoke-penalty", "xx"],
                 id="score-bad-revoke-penalty"),
    pytest.param(["score", "--deal", DEAL, "--trump", "H", "--tricks", "NS=8", "--rules", "simple", "--revoke", "NS",
                  "--revoke-penalty", "points"], id="score-revoke-penalty-under-simple-rules"),
    pytest.param(["score", "--deal", DEAL, "--trump", "H"], id="score-missing-tricks"),
    # deal
    pytest.param(["deal", "--seed", "-1"], id="deal-negative-seed"),
    pytest.param(["deal", "--seed", "x"], id="deal-seed-not-a-number"),
    pytest.param(["deal", "--dealer", "Q"], id="deal-bad-dealer"),
    pytest.param(["deal", "--dealer", ""], id="deal-empty-dealer"),
    # check -- content problems are the linter's output (exit 1); usage mistakes are exit 2
    pytest.param(["check", ""], id="check-empty-path"),
    pytest.param(["check", "--bogus"], id="check-unknown-option"),
    # daily
    pytest.param(["daily", "--date", "2026-13-01"], id="daily-month-13"),
    pytest.param(["daily", "--date", "x"], id="daily-not-a-date"),
    pytest.param(["daily", "--date", ""], id="daily-empty-date"),
    pytest.param(["daily", "--date", "0001-01-01"], id="daily-before-the-first-day", marks=WHOLE_LIBRARY),
    pytest.param(["daily", "--puzzles", "{missing}"], id="daily-missing-file"),
    pytest.param(["daily", "--puzzles", "{folder}"], id="daily-empty-folder"),
    pytest.param(["daily", "--puzzles", "{broken.yaml}"], id="daily-broken-yaml"),
    pytest.param(["daily", "--puzzles", "{empty.yaml}"], id="daily-empty-file"),
    pytest.param(["daily", "--puzzles", "{binary.yaml}"], id="daily-binary-file"),
    pytest.param(["daily", "--puzzles", ""], id="daily-empty-path"),
    pytest.param(["daily", "--date", "2026-11-30", "--puzzles", str(EXAMPLES), "--answer", ""], id="daily-empty-answer"),
    pytest.param(["daily", "--date", "2026-11-30", "--puzzles", str(EXAMPLES), "--answer", "ZZ"],
                 id="daily-answer-not-a-card"),
    # generate
    pytest.param(["generate", "--theme", "nope"], id="generate-unknown-theme"),
    pytest.param(["generate"], id="generate-missing-theme"),
    pytest.param(["generate", "--theme", "honours", "--count", "-1"], id="generate-negative-count"),
    pytest.param(["generate", "--theme", "honours", "--count", "0"], id="generate-zero-count"),
    pytest.param(["generate", "--theme", "honours", "--count", "x"], id="generate-count-not-a-number"),
    pytest.param(["generate", "--theme", "honours", "--seed", "-5"], id="generate-negative-seed"),
    pytest.param(["generate", "--theme", "honours", "--seed", "9" * 90], id="generate-ninety-digit-seed"),
    # worksheet
    pytest.param(["worksheet", "--out", "{folder}/x.html", "no-such-puzzle-id"], id="worksheet-unknown-puzzle-id", marks=WHOLE_LIBRARY),
    pytest.param(["worksheet", "--out", "{folder.html}", str(EXAMPLES)], id="worksheet-out-is-a-folder"),
    pytest.param(["worksheet", "--out", "{missing}", str(EXAMPLES)], id="worksheet-out-folder-missing"),
    pytest.param(["worksheet", "--out", "", str(EXAMPLES)], id="worksheet-out-empty"),
    pytest.param(["worksheet", "--out", "{folder}/x.html", "{broken.yaml}"], id="worksheet-broken-yaml"),
    pytest.param(["worksheet", "--out", "{folder}/x.html", "{empty.yaml}"], id="worksheet-empty-file"),
    pytest.param(["worksheet", "--out", "{folder}/x.html", "{binary.yaml}"], id="worksheet-binary-file"),
    pytest.param(["worksheet", "--out", "{folder}/x.html", "{folder}"], id="worksheet-folder-without-puzzles"),
    pytest.param(["worksheet", "--out", "{folder}/x.html", ""], id="worksheet-empty-item"),
    pytest.param(["worksheet", str(EXAMPLES)], id="worksheet-missing-out"),
    # import-pbn
    pytest.param(["import-pbn", "{missing}"], id="import-pbn-missing-file"),
    pytest.param(["import-pbn", "{folder}"], id="import-pbn-folder"),
    pytest.param(["import-pbn", ""], id="import-pbn-empty-name"),
    pytest.param(["import-pbn", "{notpbn.pbn}"], id="import-pbn-not-pbn"),
    pytest.param(["import-pbn", "{binary.yaml}"], id="import-pbn-binary"),
    pytest.param(["import-pbn", "{short.pbn}"], id="import-pbn-one-hand-deal"),
    # solve (teammate's module, still in progress)
    pytest.param(["solve", "--deal", "N:AKQ", "--trump", "H"], id="solve-one-hand-deal"),
    pytest.param(["solve", "--deal", DEAL, "--trump", "Q"], id="solve-bad-trump"),
    pytest.param(["solve", "--deal", DEAL, "--trump", "HA", "--dealer", "E"], id="solve-trump-card-not-dealers"),
    pytest.param(["solve", "--deal", DEAL, "--trump", "S6", "--dealer", "Z"], id="solve-bad-dealer"),
    pytest.param(["solve", "--deal", DEAL, "--trump", "S6", "--played", "garbage"], id="solve-history-no-leader"),
    pytest.param(["solve", "--deal", DEAL, "--trump", "S6", "--played", "S:DK D4 D9 D2"],
                 id="solve-history-card-not-held"),
    pytest.param(["solve", "--deal", DEAL, "--trump", "S6", "--played", "W:C2 C3 C4 C5"],
                 id="solve-history-wrong-leader"),
    # simulate (teammate's module, still in progress)
    pytest.param(["simulate", "--hand", "AKQ", "--trump", "H"], id="simulate-short-hand"),
    pytest.param(["simulate", "--hand", HAND, "--trump", "X"], id="simulate-bad-trump"),
    pytest.param(["simulate", "--hand", HAND, "--trump", "C4", "--samples", "2"],
                 id="simulate-trump-card-in-students-hand"),
    pytest.param(["simulate", "--hand", HAND, "--trump", "H", "--samples", "-1"], id="simulate-negative-samples"),
    pytest.param(["simulate", "--hand", HAND, "--trump", "H", "--samples", "x"], id="simulate-samples-not-a-number"),
    pytest.param(["simulate", "--hand", HAND, "--trump", "H", "--samples", "2", "--dealer", "Q"],
                 id="simulate-bad-dealer"),
    pytest.param(["simulate", "--hand", HAND, "--trump", "H", "--samples", "2", "--played", "garbage"],
                 id="simulate-history-no-leader"),
    pytest.param(["simulate", "--hand", HAND, "--trump", "H", "--samples", "2", "--cards", "ZZ"],
                 id="simulate-bad-candidate-card"),
    pytest.param(["simulate", "--hand", HAND, "--trump", "H", "--samples", "2", "--cards", "SA"],
                 id="simulate-candidate-not-held"),
    pytest.param(["simulate", "--hand", HAND, "--trump", "H", "--samples", "2", "--cards", ""],
                 id="simulate-empty-candidates"),
    pytest.param(["simulate", "--hand", HAND, "--trump", "H", "--samples", "100000000000"], id="simulate-too-many-samples"),
    pytest.param(["simulate", "--hand", HAND, "--trump", "H", "--seed", "-1"], id="simulate-negative-seed"),
    # play-deal (teammate's module, still in progress)
    pytest.param(["play-deal", "--deal", "N:AKQ"], id="play-deal-one-hand-deal"),
    pytest.param(["play-deal", "--deal", DEAL, "--trump", "Q"], id="play-deal-bad-trump"),
    pytest.param(["play-deal", "--deal", DEAL, "--trump", "HA"], id="play-deal-trump-card-not-dealers"),
    pytest.param(["play-deal", "--deal", DEAL, "--dealer", "Q"], id="play-deal-bad-dealer"),
    pytest.param(["play-deal", "--variant", "nope"], id="play-deal-unknown-variant"),
    pytest.param(["play-deal", "--puzzle", "no-such-puzzle"], id="play-deal-unknown-puzzle", marks=WHOLE_LIBRARY),
    pytest.param(["play-deal", "--samples", "-1"], id="play-deal-negative-samples"),
    pytest.param(["play-deal", "--rules", "nope"], id="play-deal-unknown-rules"),
    pytest.param(["play-deal", "--deal", DEAL, "--puzzle", "x"], id="play-deal-deal-and-puzzle"),
    pytest.param(["play-deal", "--robots", "expert"], id="play-deal-unknown-robots"),
    pytest.param(["autoplay", "--deals", "0"], id="autoplay-no-deals"),
    pytest.param(["autoplay", "--seed", "-1"], id="autoplay-negative-seed"),
    pytest.param(["autoplay", "--robots", "expert"], id="autoplay-unknown-robots"),
    pytest.param(["autoplay", "--samples", "1000"], id="autoplay-too-many-samples"),
    pytest.param(["autoplay", "--variant", "bezique"], id="autoplay-unknown-variant"),
    pytest.param(["autoplay", "--variant", "humbug+dummy"], id="autoplay-two-tables-at-once"),
    pytest.param(["autoplay", "--variant", "cayenne+no-trump"], id="autoplay-cayenne-names-its-own-trump"),
    pytest.param(["play-deal", "--variant", "cayenne+dummy"], id="play-deal-cayenne-and-a-dummy"),
    pytest.param(["draw", "--players", "3"], id="draw-too-few-players"),
    pytest.param(["draw", "--players", "7"], id="draw-too-many-players"),
    pytest.param(["draw", "--seed", "-1"], id="draw-negative-seed"),
    pytest.param(["draw", "--games", "21"], id="draw-too-many-games"),
    pytest.param(["play-deal", "--deals", "-1"], id="play-deal-negative-deals"),
    pytest.param(["play-deal", "--trump", "H"], id="play-deal-trump-without-deal"),
    pytest.param(["play-deal", "--seed", "-1"], id="play-deal-negative-seed"),
    # docs/limits.md: ranges, empty options, empty folders, repeated options
    pytest.param(["play-deal", "--samples", "1000000000"], id="play-deal-a-billion-samples"),
    pytest.param(["play-deal", "--samples", "101"], id="play-deal-samples-past-the-cap"),
    pytest.param(["play-deal", "--deals", "1001"], id="play-deal-deals-past-the-cap"),
    pytest.param(["play-deal", "--seed", str(2**32)], id="play-deal-seed-past-32-bits"),
    pytest.param(["play-deal", "--deal", ""], id="play-deal-empty-deal"),
    pytest.param(["play-deal", "--puzzle", ""], id="play-deal-empty-puzzle"),
    pytest.param(["play-deal", "--deal", DEAL, "--trump", ""], id="play-deal-empty-trump"),
    pytest.param(["play-deal", "--deal", DEAL, "--dealer", ""], id="play-deal-empty-dealer"),
    pytest.param(["play-deal", "--variant", ""], id="play-deal-empty-variant"),
    pytest.param(["deal", "--seed", str(2**32)], id="deal-seed-past-32-bits"),
    pytest.param(["simulate", "--hand", HAND, "--trump", "H", "--seed", str(2**32)], id="simulate-seed-past-32-bits"),
    pytest.param(["generate", "--theme", "honours", "--count", "1001"], id="generate-count-past-the-cap"),
    pytest.param(["import-pbn", "{short.pbn}", "--board", "0"], id="import-pbn-board-zero"),
    pytest.param(["import-pbn", "{short.pbn}", "--board", "100000"], id="import-pbn-board-past-the-cap"),
    pytest.param(["check", "{folder}"], id="check-empty-folder"),
    pytest.param(["score", "--deal", DEAL, "--trump", "H", "--tricks", "NS=8", *["--revoke", "EW"] * 14],
                 id="score-fourteen-revokes-by-one-side"),
    pytest.param(["score", "--deal", DEAL, "--trump", "H", "--tricks", "NS=8", "--revoke", ""], id="score-empty-revoke"),
    pytest.param(["generate", "--theme", "honours", "--out", ""], id="generate-empty-out"),
    pytest.param(["generate", "--theme", "honours", "--out", "{broken.yaml}"], id="generate-out-exists"),
    pytest.param(["import-pbn", "{short.pbn}", "--out", "{short.pbn}", "--force"], id="import-pbn-out-is-the-input"),
    pytest.param(["worksheet", "--out", "{broken.yaml}", "--force", "{broken.yaml}"], id="worksheet-out-is-the-input"),
    # review -- a played deal (issue 27; PBN 2.1 §3.6 play records)
    pytest.param(["review", "{missing}"], id="review-missing-file"),
    pytest.param(["review", "{folder}"], id="review-folder"),
    pytest.param(["review", ""], id="review-empty-name"),
    pytest.param(["review", "{empty.yaml}"], id="review-empty-file"),
    pytest.param(["review", "{notpbn.pbn}"], id="review-not-a-record"),
    pytest.param(["review", "{binary.yaml}"], id="review-binary"),
    pytest.param(["review", "{short.pbn}"], id="review-pbn-without-play"),
    pytest.param(["review", "{short.pbn}", "--board", "0"], id="review-board-zero"),
    pytest.param(["review", "{short.pbn}", "--board", "100000"], id="review-board-past-the-cap"),
    pytest.param(["review", "{short.pbn}", "--system", "german"], id="review-unknown-system"),
    pytest.param(["review", "--deal", DEAL, "--trump", "H"], id="review-deal-without-played"),
    pytest.param(["review", "{short.pbn}", "--deal", DEAL], id="review-file-and-deal"),
    # analyse -- the evidence of every item (issue 15)
    pytest.param(["analyse", "{broken.yaml}", "--store", "{folder}"], id="analyse-broken-content"),
    pytest.param(["analyse", "{missing}"], id="analyse-missing-path"),
    pytest.param(["analyse", "--samples", "1"], id="analyse-one-sample"),
    pytest.param(["analyse", "--workers", "0"], id="analyse-zero-workers"),
    pytest.param(["analyse", "--workers", "2", "--scheduler", "tcp://h:8786"], id="analyse-workers-and-scheduler"),
    pytest.param(["analyse", "--scheduler", "http://h:8786"], id="analyse-scheduler-not-tcp"),
    pytest.param(["analyse", "--daily", "0"], id="analyse-zero-days"),
    pytest.param(["analyse", "--store", ""], id="analyse-empty-store"),
    pytest.param(["puzzles"], id="puzzles-no-subcommand"),
    pytest.param(["puzzles", "build"], id="puzzles-build-no-seed"),
    pytest.param(["puzzles", "build", "--seed", "1"], id="puzzles-build-nothing-asked"),
    pytest.param(["puzzles", "build", "--seed", "-1", "--lead", "1"], id="puzzles-build-negative-seed"),
    pytest.param(["puzzles", "build", "--seed", "1", "--lead", "20001"], id="puzzles-build-too-many"),
    pytest.param(["puzzles", "build", "--seed", "1", "--play", "1", "--layouts", "9"], id="puzzles-build-few-layouts"),
    pytest.param(["puzzles", "build", "--seed", "1", "--lead", "1", "--workers", "2", "--scheduler", "tcp://h:8786"],
                 id="puzzles-build-workers-and-scheduler"),
    pytest.param(["puzzles", "build", "--seed", "1", "--lead", "1", "--out", ""], id="puzzles-build-empty-out"),
    pytest.param(["puzzles", "reword", "--library", "{missing}"], id="puzzles-reword-missing-library"),
    pytest.param(["puzzles", "reword", "--library", "{broken.yaml}"], id="puzzles-reword-library-is-a-file"),
    pytest.param(["puzzles", "reword", "--library", ""], id="puzzles-reword-empty-library"),
    pytest.param(["puzzles", "reword", "--library", "{folder}"], id="puzzles-reword-no-evidence-folder"),
    pytest.param(["puzzles", "reword", "--library", "{folder}", "--store", "{folder.html}"],
                 id="puzzles-reword-no-puzzle-files"),
    pytest.param(["puzzles", "reword", "--library", "{badlib}"], id="puzzles-reword-broken-file"),
    pytest.param(["puzzles", "reword", "--out", ""], id="puzzles-reword-empty-out"),
    pytest.param(["puzzles", "reword", "--store", ""], id="puzzles-reword-empty-store"),
    # db -- the progress file
    pytest.param(["db"], id="db-no-subcommand"),
    # learner, answer, class (issue 14): refused before any store is opened
    pytest.param(["learner"], id="learner-no-subcommand"),
    pytest.param(["learner", "add", ""], id="learner-add-empty-name"),
    pytest.param(["learner", "show"], id="learner-show-no-name"),
    pytest.param(["answer", "--learner", "ann", "--puzzle", "no-such-puzzle", "--card", "S2"], id="answer-no-puzzle"),
    pytest.param(["answer", "--learner", "ann", "--card", "S2"], id="answer-missing-puzzle"),
    pytest.param(["answer", "--learner", "ann", "--puzzle", "king-fourth-spades", "--card", "S1"], id="answer-bad-card"),
    pytest.param(["class", "create", "5B"], id="class-create-no-teacher"),
    pytest.param(["class", "assign", "5B", "--puzzles", "a,,b"], id="class-assign-empty-id"),
    pytest.param(["class", "assign", "5B", "--puzzles", "a", "--due", "soon"], id="class-assign-bad-date"),
    pytest.param(["class", "assign", "5B"], id="class-assign-nothing"),
    pytest.param(["admin"], id="admin-no-subcommand"),
    pytest.param(["admin", "init", ""], id="admin-init-empty-name"),
    pytest.param(["admin", "grant"], id="admin-grant-no-name"),
    pytest.param(["db", "check", "--db", ""], id="db-check-empty-path"),
    pytest.param(["db", "check", "--db", "{folder}"], id="db-check-folder"),
    pytest.param(["db", "check", "--db", "{missing}"], id="db-check-missing-file"),
    pytest.param(["db", "check", "--db", "{missing}", "--idle-days", "-5"], id="db-check-negative-idle-days"),
    pytest.param(["db", "check", "--db", "{missing}", "--fix", "--idle-days", "0"], id="db-check-fix-zero-idle-days"),
    pytest.param(["db", "check", "--db", "{missing}", "--fix"], id="db-check-fix-missing-file"),
    pytest.param(["db", "backup", "", "--db", "{missing}"], id="db-backup-empty-file"),
    pytest.param(["db", "backup", "{folder}/copy.db", "--db", "{missing}"], id="db-backup-missing-source"),
    pytest.param(["db", "backup", "{folder.html}", "--db", "{missing}"], id="db-backup-to-a-folder"),
    # the command line itself
    pytest.param(["nope"], id="unknown-command"),
    pytest.param([], id="no-command"),
    pytest.param(["--bogus"], id="unknown-global-option"),
]


@pytest.mark.parametrize("argv", BAD_INPUTS)
def test_bad_input_is_exit_2_and_one_error_line(argv: list[str], files: dict[str, Path], capsys) -> None:
    """design.md "Bad input": exit 2, one ``error:`` line on stderr, no traceback, nothing on stdout."""
    for name, path in files.items():
        argv = [a.replace("{" + name + "}", str(path)) for a in argv]
    assert_one_error_line(*run_cli(capsys, argv))


def test_every_command_has_bad_input_cases() -> None:
    """Every command ``python -m tutor --help`` lists has rows in the table (a new command needs them)."""
    import pkgutil

    import tutor.commands as pkg

    alias = {"classes": "class"}  # `class` is a Python keyword: tutor/commands/classes.py
    commands = {alias.get(m.name, m.name.replace("_", "-")) for m in pkgutil.iter_modules(pkg.__path__)
                if not m.name.startswith("_")}
    covered = {p.values[0][0] for p in BAD_INPUTS if p.values[0]}
    assert commands - covered == set()


def test_broken_content_is_named_by_file_and_line(files: dict[str, Path], capsys) -> None:
    """design.md "Content": errors are ``file:line: message`` -- the one error line names the file."""
    code, out, err = run_cli(capsys, ["daily", "--puzzles", str(files["broken.yaml"])])
    assert_one_error_line(code, out, err)
    assert f"{files['broken.yaml']}:" in err and "YAML" in err


@pytest.mark.slow(reason="1.0 s: plans the whole schedule (CI runs it)")
def test_daily_date_past_the_schedule_is_refused(capsys) -> None:
    """A date after the last scheduled day is bad input (year 9999 once crashed past ``date.max``),
    while the last day itself still has its puzzle."""
    assert_one_error_line(*run_cli(capsys, ["daily", "--date", "9999-12-31", "--puzzles", str(EXAMPLES)]))
    code, out, err = run_cli(capsys, ["daily", "--date", "2199-12-31", "--puzzles", str(EXAMPLES), "--json"])
    assert code == 0 and err == "" and '"date": "2199-12-31"' in out


# -- arbitrary text to the options that read notation ----------------------------------------------
NOTATION = string.ascii_uppercase + "akqjt0123456789♠♥♦♣КДВТкдвт.-:/=, "
text_or_notation = st.one_of(st.text(max_size=40), st.text(alphabet=NOTATION, max_size=60))


def _valid_or_one_error_line(capsys, argv: list[str]) -> None:
    code, out, err = run_cli(capsys, argv)
    if code == 0:
        assert "Traceback" not in out + err
    else:
        assert_one_error_line(code, out, err)


@pytest.mark.parametrize("argv", [["honours", f"--deal={DEAL}", "--trump=--"],
                                  ["score", f"--deal={DEAL}", "--trump=S6", "--tricks=--"],
                                  ["lead", f"--hand={HAND}", "--trump=--"]])
def test_a_double_dash_given_as_a_value_is_one_error_line(capsys, argv):
    """design.md "Bad input": ``--trump=--`` reached the command as an empty list on Python 3.11
    (its argparse drops the "--") and ended in a traceback; it is the text "--", a bad trump."""
    code, out, err = run_cli(capsys, argv)
    assert_one_error_line(code, out, err)
    assert "--" in err


_fuzz = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@_fuzz
@given(hand=text_or_notation, trump=text_or_notation, played=text_or_notation)
@pytest.mark.slow(reason="2.7 s: hypothesis through the command line (CI runs it)")
def test_lead_and_play_survive_any_text(capsys, hand: str, trump: str, played: str) -> None:
    """design.md "Bad input": --hand/--trump/--played of any text give advice or one error line."""
    _valid_or_one_error_line(capsys, ["lead", f"--hand={hand}", f"--trump={trump}", f"--played={played}"])
    _valid_or_one_error_line(capsys, ["play", f"--hand={HAND}", "--trump=H", f"--played={played}"])
    _valid_or_one_error_line(capsys, ["lead", f"--hand={HAND}", f"--trump={trump}"])


@_fuzz
@given(deal=text_or_notation, trump=text_or_notation, tricks=text_or_notation)
def test_honours_and_score_survive_any_text(capsys, deal: str, trump: str, tricks: str) -> None:
    """design.md "Bad input": --deal/--trump/--tricks of any text give a score or one error line."""
    _valid_or_one_error_line(capsys, ["honours", f"--deal={deal}", f"--trump={trump}"])
    _valid_or_one_error_line(capsys, ["honours", f"--deal={DEAL}", f"--trump={trump}"])
    _valid_or_one_error_line(capsys, ["score", f"--deal={DEAL}", "--trump=S6", f"--tricks={tricks}"])


@_fuzz
@given(day=st.one_of(st.text(max_size=20), st.dates().map(str), st.text(alphabet="0123456789-", max_size=12)))
def test_daily_survives_any_date_text(capsys, day: str) -> None:
    """design.md "Bad input": --date of any text gives the day's puzzle or one error line."""
    _valid_or_one_error_line(capsys, ["daily", f"--date={day}", "--puzzles", str(EXAMPLES)])


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(deal=text_or_notation, trump=text_or_notation, played=text_or_notation)
def test_solve_survives_any_text(capsys, deal: str, trump: str, played: str) -> None:
    """design.md "Bad input": solve's --deal/--trump/--played of any text: a table or one error line."""
    _valid_or_one_error_line(capsys, ["solve", f"--deal={deal}", f"--trump={trump}"])
    _valid_or_one_error_line(capsys, ["solve", f"--deal={DEAL}", "--trump=S6", f"--played={played}"])


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(hand=text_or_notation, trump=text_or_notation, played=text_or_notation)
def test_simulate_survives_any_text(capsys, hand: str, trump: str, played: str) -> None:
    """design.md "Bad input": simulate's --hand/--trump/--played of any text: a table or one error line."""
    _valid_or_one_error_line(capsys, ["simulate", f"--hand={hand}", f"--trump={trump}", "--samples=2"])
    _valid_or_one_error_line(capsys, ["simulate", f"--hand={HAND}", "--trump=H", f"--played={played}", "--samples=2"])


# -- the real process ------------------------------------------------------------------------------
@pytest.mark.parametrize("argv", [
    ["lead", "--hand", "AKQ", "--trump", "H"],
    ["generate", "--theme", "honours", "--seed", "-5"],
], ids=["lead-short-hand", "generate-negative-seed"])
def test_real_process_prints_one_error_line(argv: list[str]) -> None:
    """design.md "Bad input" at the process level: exit status 2, one stderr line, empty stdout."""
    proc = subprocess.run([sys.executable, "-m", "tutor", *argv], capture_output=True, text=True,
                          cwd=REPO, timeout=60, stdin=subprocess.DEVNULL)
    assert_one_error_line(proc.returncode, proc.stdout, proc.stderr)
