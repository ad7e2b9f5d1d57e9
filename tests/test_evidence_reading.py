"""The double-dummy evidence samples what the student's seat knows (issue 26, point 1).

The layouts of an item's evidence are drawn as the robots read the table (tutor/reading.py, the
one model: :attr:`tutor.conventions.position.Knowledge.inferences`): uniform among the layouts the
certainties allow (cards gone, voids, the turned-up card), each weighted by the inferences the
conventions draw from the history -- a layout against one is kept ``UNLIKELY`` (1 in 10) as often,
because a card can show what its player does not hold (a forced lead, another school). So the
tests below check the **weighted sample**: the share of layouts fitting an inference is the share
the model's weights give (measured against a uniform sample weighted by :meth:`Reading.weight`),
and far above the uniform share. A void is a certainty: there **every** layout fits.

Positions are the shipped content's own (the puzzles and lessons with a history), so the figures
the app shows are the ones tested.
"""

from __future__ import annotations

import random

import pytest

import tutor.evidence_store as es
from tutor.cards import Card, Rank, Suit
from tutor.evidence import stored_reading_text
from tutor.evidence_store import SHIPPED_DIR, EvidenceSpec, EvidenceStore, evidence_for, solve_blocks
from tutor.reading import UNLIKELY, Reading
from tutor.seats import Seat
from tutor.simulate import sample_positions, student_view

#: Partner (North) ends a high-low in diamonds (♦8 then ♦7) under East's winners: a call for
#: trumps, four trumps or more (call-for-trumps: Cassell's, "Blue Peter"; 000 «Намеки и
#: подсказки» 8 answers it). Lesson item, hearts trumps (♥J turned up by North).
CALL = {"hand": "A865.9742.J54.Q3", "trump": "HJ", "dealer": "N", "played": "E:DQ D4 D2 D8 / E:DK D5 D3 D7 / E:S9"}
#: East leads the ♦K: from A-K or K-Q (ace-king-lead-king, 000 «Намеки и подсказки» 10;
#: top-of-touching-honours, ibid. 9).
KING = {"hand": "A7.KQ852.J93.764", "trump": "H4", "dealer": "N", "played": "E:DK"}
#: East opens with the small ♦3: four diamonds or more (lead-long-suit, 000 «Ходы, масти, козыри» 1).
LENGTH = {"hand": "Q83.K742.J95.T64", "trump": "C2", "dealer": "N", "played": "E:D3"}
#: North's first discard is the ♣2 (discard-from-weakest-suit, Cavendish ch. 28; 000 «Намеки и
#: подсказки» 14): neither the ace nor the king of clubs. He also called (♦8-♦7) and East led ♦K.
DISCARD = {"hand": "A85.K94.Q54.Q763", "trump": "HJ", "dealer": "E",
               "played": "S:C3 C4 CJ CK / E:DK D4 D3 D8 / E:DA D5 D6 D7 / E:D2 DQ DJ C2"}
#: North fails to follow the first spade (♦5 on ♠K): he has no spade (must-follow-suit, the law
#: of following suit, 000 «Масти и взятки» 1-2).
VOID = {"hand": "AQ3.KJ4.T98.7652", "trump": "H4", "dealer": "S", "played": "W:SK D5 S2 SA"}


def _view(pos: dict[str, str]):
    return student_view(pos["hand"], pos["trump"], dealer=pos["dealer"], played=pos["played"])


def _original(reading: Reading, layout, seat: Seat):
    played = [c for t in reading.view.played for s, c in t.plays() if s == seat]
    return layout[seat].with_cards(*played) if played else layout[seat]


def _shares(pos: dict[str, str], fits, seed: int = 1, weighted: int = 500, uniform: int = 3000):
    """(share of the evidence's weighted sample where ``fits`` holds, that share as the model's
    weights predict it from a uniform sample, the uniform share)."""
    reading = Reading.of(_view(pos))
    got = reading.draws(random.Random(seed), weighted)
    sampler, rng = reading.sampler(), random.Random(seed + 1)
    pool = [sampler.draw(rng) for _ in range(uniform)]
    weights = [reading.weight(lay) for lay in pool]
    predicted = sum(w for w, lay in zip(weights, pool) if fits(reading, lay)) / sum(weights)
    flat = sum(1 for lay in pool if fits(reading, lay)) / uniform
    return sum(1 for lay in got if fits(reading, lay)) / weighted, predicted, flat


def _kinds(pos: dict[str, str]) -> list[tuple[str, str]]:
    return [(i.seat.name, i.kind) for i in Reading.of(_view(pos)).inferences]


def test_partners_call_gives_him_four_trumps_in_the_weighted_sample():
    """Partner's call shows four trumps or more (call-for-trumps): in the evidence's weighted
    sample partner holds four hearts or more as often as the model's weights say (a layout
    against the call kept 1 in 10), about nine layouts in ten -- against about half uniformly.
    The weighted sample, not every layout: a high-low may be forced, and the model keeps it so."""
    assert ("N", "call") in _kinds(CALL)

    def four_trumps(r: Reading, lay) -> bool:
        return len(_original(r, lay, Seat.N).suit(Suit.H)) >= 4

    got, predicted, flat = _shares(CALL, four_trumps)
    assert got == pytest.approx(predicted, abs=0.05)
    assert got > 0.85 and got > flat + 0.25


def test_a_king_led_gives_the_leader_the_ace_or_the_queen():
    """A king led shows the ace or the queen (ace-king-lead-king, 000 «Намеки и подсказки» 10;
    top-of-touching-honours, 9): East holds ♦A or ♦Q in the weighted sample as the weights say."""
    assert _kinds(KING) == [("E", "honour-lead")]

    def ace_or_queen(r: Reading, lay) -> bool:
        return bool({Card(Suit.D, Rank.ACE), Card(Suit.D, Rank.QUEEN)} & set(_original(r, lay, Seat.E)))

    got, predicted, flat = _shares(KING, ace_or_queen)
    assert got == pytest.approx(predicted, abs=0.05)
    assert got > flat + 0.1 and got > 0.9


@pytest.mark.slow(reason="0.7 s: samples layouts (CI runs it)")
def test_a_small_card_led_gives_the_leader_four_of_the_suit():
    """A small card opening a suit shows four or more (lead-long-suit, 000 «Ходы, масти, козыри» 1)."""
    assert _kinds(LENGTH) == [("E", "length-lead")]

    def four(r: Reading, lay) -> bool:
        return len(_original(r, lay, Seat.E).suit(Suit.D)) >= 4

    got, predicted, flat = _shares(LENGTH, four)
    assert got == pytest.approx(predicted, abs=0.05)
    assert got > flat + 0.2


def test_a_first_discard_gives_the_discarder_no_ace_or_king_of_it():
    """A first discard shows the weak suit (discard-from-weakest-suit, Cavendish ch. 28): North,
    who threw the ♣2, holds the ♣A (the ♣K is gone) only as rarely as the weights allow -- with
    his call and East's ♦K lead weighting the same layouts."""
    assert _kinds(DISCARD) == [("E", "honour-lead"), ("N", "call"), ("N", "first-discard")]

    def no_top_club(r: Reading, lay) -> bool:
        return not ({Card(Suit.C, Rank.ACE), Card(Suit.C, Rank.KING)} & set(_original(r, lay, Seat.N)))

    got, predicted, flat = _shares(DISCARD, no_top_club)
    assert got == pytest.approx(predicted, abs=0.05)
    assert got > flat + 0.15


def test_a_shown_void_holds_in_every_layout():
    """A player who failed to follow has none of the suit (must-follow-suit, 000 «Масти и взятки»
    1-2): a certainty, so in EVERY layout the evidence solves North holds no spade."""
    view = _view(VOID)
    positions = sample_positions(view, 200, random.Random(3))
    assert positions and all(not p.hands[Seat.N].suit(Suit.S) for p in positions)


def test_an_inference_no_layout_can_fit_still_draws():
    """The student holds ♦A and ♦Q, so East's ♦K lead cannot be from A-K or K-Q (a forced lead):
    every layout breaks the inference alike, and the draws come all the same (bounded tries)."""
    reading = Reading.of(student_view("A7.KQ852.AQ3.764", "H4", dealer="N", played="E:DK"))
    assert [i.kind for i in reading.inferences] == ["honour-lead"]
    assert all(reading.weight(lay) == UNLIKELY for lay in reading.draws(random.Random(0), 50))


# -- the record says what it used; an opening lead stays as it was ------------------------------------
def test_the_evidence_record_lists_the_inferences_it_used(tmp_path):
    """The item record (what the app shows and `tutor daily --json` prints) names each inference
    the layouts were weighted by, with its clause in both languages; so does the table's record."""
    spec = EvidenceSpec.of(CALL["hand"], CALL["trump"], answer="S8", maxims=["echo-the-call", "call-for-trumps"],
                           dealer=CALL["dealer"], played=CALL["played"], samples=10)
    store = EvidenceStore(tmp_path)
    record = evidence_for(spec, store)
    (entry,) = record["reading"]
    assert {k: entry[k] for k in ("seat", "kind", "suit", "card", "maxim")} == {
        "seat": "N", "kind": "call", "suit": "H", "card": "D7", "maxim": "call-for-trumps"}
    assert entry["layouts"]["en"] == "partner holds the four trumps or more his call showed"
    assert entry["layouts"]["ru"].startswith("у партнёра четыре козыря или больше")
    assert "partner holds the four trumps or more his call showed" in stored_reading_text(record, "en")
    assert "у партнёра четыре козыря" in stored_reading_text(record, "ru")
    assert record["comparison"]["reading_text"]["en"] == stored_reading_text(record, "en")
    table = (tmp_path / "tables" / f"{spec.table_key}.json").read_text(encoding="utf-8")
    assert '"kind":"call"' in table and '"method":"rejection"' in table


def _old_table_key(spec: EvidenceSpec) -> str:
    """The table key as it was before the reading (format 1): what every shipped table is under."""
    return es._digest({"format": 1, "position": spec.position_hash, "samples": spec.samples, "seed": spec.seed,
                       "block": es.BLOCK, "solver": es._solver_version()})


@pytest.mark.slow(reason="1.4 s: samples layouts for every opening lead (CI runs it)")
def test_an_opening_leads_key_and_layouts_are_the_shipped_ones():
    """Nothing is played before an opening lead, so nothing is read: its table key is the one it
    always had, and the layouts drawn now solve to the very rows of the shipped table."""
    from tutor.analyse import collect

    spec = next(s for s in collect() if not s.played)
    assert spec.inferences == () and spec.table_key == _old_table_key(spec)
    shipped = EvidenceStore(SHIPPED_DIR).get_table(spec)
    assert shipped is not None
    ((block, rows),) = solve_blocks(spec, [2])
    assert block == 2 and rows == shipped[20:30]
    assert "reading" not in (SHIPPED_DIR / "tables" / f"{spec.table_key}.json").read_text(encoding="utf-8")


def test_a_position_with_inferences_has_a_key_of_its_own(monkeypatch):
    """A position after a king led is sampled from the reading: a new table key (the old one
    named uniform layouts), which changes with the reading's way of weighting (READING)."""
    spec = EvidenceSpec.of(KING["hand"], KING["trump"], answer="D9", dealer=KING["dealer"], played=KING["played"])
    assert [i.kind for i in spec.inferences] == ["honour-lead"]
    assert spec.table_key != _old_table_key(spec)
    before = spec.table_key
    monkeypatch.setattr(es, "READING", {**es.READING, "version": 99})
    assert spec.table_key != before
