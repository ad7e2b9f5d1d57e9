"""The rule-set presets are data that say what each seed's scoring is (000, 001, 002, 003, 004)."""

from __future__ import annotations

import dataclasses

import pytest

from tutor.errors import RulesetError, WhistError
from tutor.rulesets import (  # noqa: F401  (names used by eval of the repr)
    RULESET_NAMES,
    RULESETS,
    Ruleset,
    Text,
    find_ruleset,
)
from tutor.text import TextError


def test_four_presets_exist():
    """design.md: russian, english-short, simple, american."""
    assert RULESET_NAMES == ("russian", "english-short", "simple", "american")


@pytest.mark.parametrize("name", RULESET_NAMES)
def test_every_preset_speaks_both_languages_and_cites_its_source(name):
    """Team rule: everything a learner reads exists in English and Russian, with its source."""
    rs = RULESETS[name]
    assert rs.title.en and rs.title.ru and rs.summary.en and rs.summary.ru and rs.source
    for v in rs.variants:
        assert v.title.ru and v.description.ru and v.description.en
    assert rs.describe("ru") != rs.describe("en")


def test_unknown_rule_set_lists_the_valid_names():
    """Bad input is a WhistError naming what would be accepted."""
    with pytest.raises(RulesetError) as exc:
        find_ruleset("bridge")
    assert isinstance(exc.value, WhistError)
    for name in RULESET_NAMES:
        assert name in str(exc.value)


def test_rule_set_names_are_read_loosely():
    """--system english means english-short; case does not matter."""
    assert find_ruleset("English") is RULESETS["english-short"]
    assert find_ruleset(" RUSSIAN ") is RULESETS["russian"]
    assert find_ruleset(RULESETS["simple"]) is RULESETS["simple"]


def test_presets_are_frozen_and_repr_evaluates():
    """Rules are values: they cannot be changed in place, and their repr rebuilds them."""
    rs = find_ruleset("russian")
    with pytest.raises(dataclasses.FrozenInstanceError):
        rs.trick_points = 1  # type: ignore[misc]
    assert eval(repr(rs)) is rs


def test_russian_partie_and_robber_numbers():
    """000 "Порядок карт и роберы" 6-7, REC 2-4: 2 a trick, 10 below, partie 5, robber 10, two of three."""
    rs = find_ruleset("russian")
    assert (rs.trick_points, rs.game_target, rs.game_bonus, rs.rubber_bonus, rs.games_to_win) == (2, 10, 5, 10, 2)
    assert rs.netting and dict(rs.slam_bonus) == {12: 10, 13: 20}
    assert [r.char for r in rs.honours.ranks] == ["A", "K", "Q", "J", "T"]
    assert rs.revoke.points == 5 and rs.revoke.tricks == 3 and rs.revoke.options() == ("points", "tricks")


def test_russian_variants_name_no_trump_dummy_and_humbug():
    """002: no-trump whist, dummy whist for three and for two, Humbug: all supported."""
    variants = {v.name: v.supported for v in find_ruleset("russian").variants}
    assert variants["no-trump"] is True
    assert variants["dummy"] is True and variants["humbug"] is True
    humbug = next(v for v in find_ruleset("russian").variants if v.name == "humbug")
    assert "5" in humbug.description.en and "2" in humbug.description.ru


def test_english_short_game_values_three_two_one():
    """Laws of Short Whist: a game is 3 if the losers have 0, 2 if 1-2, 1 if 3-4; rubber +2."""
    rs = find_ruleset("english-short")
    assert [rs.game_value(n) for n in range(5)] == [3, 2, 2, 1, 1]
    assert (rs.game_target, rs.trick_points, rs.rubber_bonus, rs.honours.barred_at) == (5, 1, 2, 4)
    assert dict(rs.honours.points) == {4: 4, 3: 2}


def test_american_game_value_is_seven_minus_losers():
    """004 "Игра": "Цена игры определяется путем вычитания проигравших из семи"."""
    rs = find_ruleset("american")
    assert [rs.game_value(n) for n in range(7)] == [7 - n for n in range(7)]
    assert rs.revoke.tricks == 2 and rs.revoke.points is None and rs.revoke.blocks_game


def test_simple_is_also_the_club_rules_of_003():
    """001 §1 (first to five, one point an odd trick) and 003 "Подсчет очков" (same, rotating players)."""
    rs = find_ruleset("simple")
    assert (rs.trick_points, rs.game_target, rs.honours, rs.revoke) == (1, 5, None, None)
    assert "003" in rs.source and "003" in rs.summary.en and "003" in rs.summary.ru


def test_inconsistent_rule_set_is_refused():
    """A preset with a game value missing for some losers' score is a RulesetError."""
    base = find_ruleset("american")
    with pytest.raises(RulesetError):
        dataclasses.replace(base, game_values=(7, 6))
    with pytest.raises(TextError):  # the one bilingual type's own error (a WhistError, as RulesetError is)
        Text("only English", "")


def test_a_rule_sets_related_games_are_not_named_like_the_tables_variant():
    """Design review §1.2: one name per concept -- ``variants.Variant`` is the table a session
    plays; what a rule set says about its neighbours is a ``RelatedGame``."""
    from tutor import rulesets, variants

    assert not hasattr(rulesets, "Variant") and hasattr(variants, "Variant")
    games = [g for rs in RULESETS.values() for g in rs.variants]
    assert games and all(type(g) is rulesets.RelatedGame for g in games)
