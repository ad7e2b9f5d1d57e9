"""Plain-text descriptions of an item for the student: the question asked, and the position.

Used by the daily command and the worksheet, so a printed sheet and the terminal ask the same
question in the same words. Everything exists in English and Russian.
"""

from __future__ import annotations

from tutor.content.models import Item, Text
from tutor.cut import player_name
from tutor.i18n import t
from tutor.vocab import Lang

__all__ = ["question_text", "position_lines", "ask_text"]

_ASK = {
    "honours-count-ns": ("How many honours do North and South hold?", "Сколько онеров у Севера и Юга?"),
    "honours-count-ew": ("How many honours do East and West hold?", "Сколько онеров у Востока и Запада?"),
    "honours-points-ns": ("How many points for honours do North and South score?",
                          "Сколько очков за онеры записывают Север и Юг?"),
    "honours-points-ew": ("How many points for honours do East and West score?",
                          "Сколько очков за онеры записывают Восток и Запад?"),
    "coronka-points-ns": ("How many points for coronkas do North and South score?",
                          "Сколько очков за коронки записывают Север и Юг?"),
    "coronka-points-ew": ("How many points for coronkas do East and West score?",
                          "Сколько очков за коронки записывают Восток и Запад?"),
    "score-below-ns": ("What do North and South write below the line?", "Что Север и Юг записывают под чертой?"),
    "score-below-ew": ("What do East and West write below the line?", "Что Восток и Запад записывают под чертой?"),
    "score-above-ns": ("What do North and South write above the line?", "Что Север и Юг записывают над чертой?"),
    "score-above-ew": ("What do East and West write above the line?", "Что Восток и Запад записывают над чертой?"),
    "game-value-ns": ("What is the game North and South win worth?", "Сколько стоит игра, выигранная Севером и Югом?"),
    "game-value-ew": ("What is the game East and West win worth?", "Сколько стоит игра, выигранная Востоком и Западом?"),
}
_QUESTION = {
    "lead": ("Which card do you lead?", "С какой карты вы ходите?"),
    "play": ("Which card do you play?", "Какую карту вы кладёте?"),
    "legal": ("Pick a card you may play.", "Выберите карту, которой можно сыграть."),
}


def ask_text(ask: str) -> Text:
    en, ru = _ASK[ask]
    return Text(en=en, ru=ru)


def question_text(item: Item) -> Text:
    """What the student is asked: the item's prompt, or the standard question of its kind."""
    if item.prompt is not None:
        return item.prompt
    if item.question == "cut":
        key = f"club.cut.ask.{item.cut_ask}"
        return Text(en=t(key, "en"), ru=t(key, "ru"))
    if item.question == "exchange":
        return Text(en=t("humbug.question.ask", "en"), ru=t("humbug.question.ask", "ru"))
    if item.ask is not None:
        return ask_text(item.ask)
    en, ru = _QUESTION[item.question]
    return Text(en=en, ru=ru)


def position_lines(item: Item, lang: Lang = "en") -> list[str]:
    """The position as South sees it: hand, dealer and trump card, tricks played, tricks taken (for a
    cut: the card each player drew, and the custom)."""
    ru = lang == "ru"
    if item.question == "cut":
        drawn = ", ".join(f"{player_name(p, lang)} {c.symbol(lang)}" for p, c in (item.cut or {}).items())
        custom = t(f"club.custom.{item.custom}", lang)
        return [f"{t('club.cut.drawn', lang)}: {drawn}", t("club.cut.custom_line", lang, custom=custom)]
    hand = item.student_hand
    dealer = item.dealer_seat.label(lang)
    if item.variant == "cayenne":  # no card turned up: the contract named after the deal
        contract = item.cayenne_contract
        trump_line = t("cayenne.table.contract_line", lang, contract=contract.title(lang), seat=contract.named_by.label(lang))
    else:
        trump_line = f"{'козырь' if ru else 'trump card'}: {item.trump_card.symbol(lang)}"
    lines = [
        f"{'Ваши карты (Юг)' if ru else 'Your hand (South)'}: {hand.symbols(lang)}",
        f"{'Сдаёт' if ru else 'Dealer'}: {dealer}; {trump_line}",
    ]
    for n, trick in enumerate(item.tricks_played, start=1):
        cards = ", ".join(f"{s.label(lang)} {c.symbol(lang)}" for s, c in trick.plays())
        lines.append(f"{'Взятка' if ru else 'Trick'} {n}: {cards}")
    if item.tricks is not None:
        ns = item.tricks.ns
        lines.append(f"{'Взятки' if ru else 'Tricks'}: NS {ns}, EW {13 - ns}")
    lines.extend(_law_lines(item, lang))
    return lines


_SIDE_NAMES = {"NS": ("North-South", "Север-Юг"), "EW": ("East-West", "Восток-Запад")}
_PENALTY_NAMES = {"points": ("points to the opponents", "очки противникам"),
                  "tricks": ("tricks to the opponents", "взятки противникам")}


def _law_lines(item: Item, lang: Lang) -> list[str]:
    """The penalties in force, as the student is told them: revokes, exposed and called cards, a called suit."""
    ru = lang == "ru"
    k = 1 if ru else 0
    out: list[str] = []
    for side in item.revokes:
        line = f"{'Ренонс' if ru else 'Revoke'}: {_SIDE_NAMES[side][k]}"
        if item.revoke_penalty is not None:
            line += f" ({'штраф' if ru else 'penalty'}: {_PENALTY_NAMES[item.revoke_penalty][k]})"
        out.append(line)
    if item.exposed:
        shown = " ".join(c.symbol(lang) for c in item.exposed_cards)
        out.append(f"{'Открытые карты' if ru else 'Exposed cards'}: {shown}")
    if item.called_card is not None:
        out.append(f"{'Противники требуют' if ru else 'The opponents call'}: {item.called_card.symbol(lang)}")
    if item.called_suit_of is not None:
        out.append(f"{'Противники назвали масть' if ru else 'The opponents call the suit'}: "
                   f"{item.called_suit_of.symbol} {item.called_suit_of.label(lang)}")
    return out
