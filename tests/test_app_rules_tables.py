"""The Rules page for the games beyond four-hand whist (issue 25 points 5 and 6): the three games 002
only names, each with a source's rules; and the calculators of the other tables -- Humbug's honours
and score (002), the cut and the club's draw (000, 001, 003), a Cayenne deal's score (Foster,
Parlett) -- in English and Russian, worked out by the engines that play them."""

from __future__ import annotations

import pytest

from appkit import open_page, open_tab, start
from tutor.cards import Suit
from tutor.cayenne import Contract, score_cayenne
from tutor.deal import Deal
from tutor.i18n import t
from tutor.rulesets import NAMED_BY_002, find_ruleset
from tutor.seats import Seat, Side
from tutor.ui import state
from tutor.ui.rules_tables import _DEMO_DEAL


def _texts(at) -> str:
    return "\n".join([m.value for m in at.markdown] + [c.value for c in at.caption]
                     + [getattr(e, "value", "") for e in (*at.info, *at.error)])


def test_isnuye_i_shche_kilka_variantiv_vista_each_named_game_has_a_source_or_says_it_has_none():
    """002 «Існує і ще кілька варіантів віста: летить качка, Бісмарк - для чотирьох гравців і Кайон -
    для трьох»: each of the three is in the Russian rule set's data with the source of its rules;
    Cayenne's rules are Foster's and Parlett's and it is playable; where a source disagrees with 002
    (Cayenne for three, Bismarck for four) both are named; Flying duck has no source and says so."""
    games = {v.name: v for v in find_ruleset("russian").variants}
    assert [g.name for g in NAMED_BY_002] == ["cayenne", "bismarck", "flying-duck"]
    cayenne, bismarck, duck = games["cayenne"], games["bismarck"], games["flying-duck"]
    assert cayenne.supported and "Foster's Complete Hoyle" in cayenne.source and "Parlett" in cayenne.source
    assert any("Кайон - для трьох" in r.ru and "for four" in r.en for r in cayenne.rules)
    assert any("second colour) ×3" in r.en and "×2 and ×1" in r.en and "the tutor takes" in r.en
               and "every ace counts high" in r.en for r in cayenne.rules)  # the other suits, and the tutor's own order, said
    assert not bismarck.supported and "no classical source" in bismarck.source
    assert any("Бісмарк - для чотирьох гравців" in r.ru and "three" in r.en for r in bismarck.rules)
    assert not duck.supported and duck.rules == () and "летить качка" in duck.description.ru
    data = find_ruleset("russian").to_json()
    assert {v["name"]: bool(v["rules"]) for v in data["variants"]}["cayenne"] is True


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_rules_page_shows_the_named_games_rules_and_the_other_tables(app_env, lang):
    at = start(lang)
    open_page(at, "rules")
    assert not at.exception, at.exception
    texts = _texts(at)
    cayenne = next(v for v in NAMED_BY_002 if v.name == "cayenne")
    assert cayenne.rules[0].get(lang) in texts
    texts = _texts(open_tab(at, state.RULES_TAB, t("tables.tab", lang)))
    # Humbug: the demo piles' honours by Humbug's scale (hearts trumps: South J, North A K -> 2 and 2)
    assert ("South: 1 honours → 0 points" in texts or "Юг: онеров 1 → очков 0" in texts)
    assert ("North: 2 honours → 2 points" in texts or "Север: онеров 2 → очков 2" in texts)
    # the cut: the Russian guide's custom by default -- the two of clubs deals
    assert ("Deals first: Vera" in texts) if lang == "en" else ("Первым сдаёт: Вера" in texts)


def test_the_draw_calculator_reads_the_cut_under_each_custom(app_env):
    at = start("en")
    open_page(at, "rules")
    open_tab(at, state.RULES_TAB, t("tables.tab", "en"))
    at.selectbox(key=state.RULES_DRAW_CUSTOM).set_value("club").run()
    texts = _texts(at)
    assert "Deals first: Anna" in texts and "Your partner: Boris" in texts
    at.text_input(key=state.RULES_DRAW_CARDS).input("You S5, Anna HA, Boris D9, Vera C2, Gleb SK").run()
    texts = _texts(at)
    assert "Waits: Anna" in texts and "Deals first: Vera" in texts
    at.text_input(key=state.RULES_DRAW_CARDS).input("You S5, Zoe HA").run()
    assert any("unknown player 'Zoe'" in e.value for e in at.error)


def test_the_cayenne_calculator_scores_by_parletts_multipliers(app_env):
    """Parlett: the cayenne suit ×4 (tricks and honours), grand ×8 and no honours, nullo 8 for each
    of the opponents' odd tricks."""
    at = start("en")
    open_page(at, "rules")
    open_tab(at, state.RULES_TAB, t("tables.tab", "en"))
    deal = Deal.from_pbn(_DEMO_DEAL)
    for suit, declaration, tricks in (("H", "cayenne", 8), ("S", "grand", 9), ("C", "nullo", 4)):
        at.selectbox(key=state.RULES_CAYENNE_SUIT).set_value(suit).run()
        at.selectbox(key=state.RULES_CAYENNE_CONTRACT).set_value(declaration).run()
        at.number_input(key=state.RULES_CAYENNE_TRICKS).set_value(tricks).run()
        want = score_cayenne(deal, Contract(Suit[suit], declaration, Seat.E), tricks).below
        assert f"North–South {want[Side.NS]}, East–West {want[Side.EW]} towards the game of ten." in _texts(at)
