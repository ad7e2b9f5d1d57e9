"""The content validator's messages in the learner's language.

The loader and pydantic speak English ("difficulty: Input should be less than or equal to 5");
a Russian teacher in the workshop should read Russian. The common kinds -- missing or unknown
field, value out of range, bad card or hand, duplicate key, bad YAML, a value not among the
allowed ones -- are translated here, keeping the field path in front; a rare message stays in
English and is marked as the validator's own words (:data:`VALIDATOR_HEADER`). The loader itself
stays English: the CLI ``check`` and the linter's tests read its text.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from tutor.vocab import Lang

__all__ = ["Translated", "translate_message", "VALIDATOR_HEADER"]

#: The line put before messages left in English (per language; English needs none).
VALIDATOR_HEADER: dict[str, str] = {
    "ru": "Сообщения ниже, оставшиеся по-английски, — дословный текст валидатора:",
}

#: ``field.path: `` in front of a message (no spaces; list indexes are numbers).
_LOCATION = re.compile(r"^((?:[A-Za-z_][\w-]*|\d+)(?:\.(?:[A-Za-z_][\w-]*|\d+))*): (.*)$", re.S)


def _choices_ru(text: str) -> str:
    return text.replace(" or ", " или ")


_RU: tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], str]], ...] = (
    (re.compile(r"^missing field (.+)$"), lambda m: f"нет обязательного поля {m[1]}"),
    (re.compile(r"^unknown field (.+)$"), lambda m: f"неизвестное поле {m[1]}"),
    (re.compile(r"^Field required$"), lambda m: "обязательное поле не заполнено"),
    (re.compile(r"^Input should be less than or equal to (.+)$"), lambda m: f"значение должно быть не больше {m[1]}"),
    (re.compile(r"^Input should be greater than or equal to (.+)$"), lambda m: f"значение должно быть не меньше {m[1]}"),
    (re.compile(r"^Input should be less than (.+)$"), lambda m: f"значение должно быть меньше {m[1]}"),
    (re.compile(r"^Input should be greater than (.+)$"), lambda m: f"значение должно быть больше {m[1]}"),
    (re.compile(r"^Input should be a valid integer.*$"), lambda m: "нужно целое число"),
    (re.compile(r"^Input should be a valid string.*$"), lambda m: "нужен текст"),
    (re.compile(r"^Input should be a valid list.*$"), lambda m: "нужен список"),
    (re.compile(r"^Input should be a valid dictionary.*$"), lambda m: "нужен словарь (ключ: значение)"),
    (re.compile(r"^Input should be ('.*')$", re.S), lambda m: f"допустимые значения: {_choices_ru(m[1])}"),
    (re.compile(r"^'(.*)' is not a theme(?: \(did you mean '(.*)'\?\))?; the themes: (.*)$", re.S),
     lambda m: f"«{m[1]}» — не тема" + (f" (может быть, «{m[2]}»?)" if m[2] else "") + f"; темы: {m[3]}"),
    (re.compile(r"^'(.*)' is not a value allowed here(?: \(did you mean '(.*)'\?\))?; allowed: (.*)$", re.S),
     lambda m: f"значение «{m[1]}» здесь не допускается" + (f" (может быть, «{m[2]}»?)" if m[2] else "")
     + f"; допустимые: {m[3]}"),
    (re.compile(r"^String should have at least (\d+) characters?$"), lambda m: f"текст короче {m[1]} знаков"),
    (re.compile(r"^not a card: (.+?) \(write e\.g\. .*\)$"),
     lambda m: f"это не карта: {m[1]} (пишите, например, SK, H10, ♦Д, К♠)"),
    (re.compile(r"^cannot read hand: (.+?) \(write e\.g\. (.*)\)$"),
     lambda m: f"не удаётся прочитать руку: {m[1]} (пишите, например, {m[2]})"),
    (re.compile(r"^duplicate key (.+) \(first on line (\d+)\)$"),
     lambda m: f"ключ {m[1]} повторяется (впервые — в строке {m[2]})"),
    (re.compile(r"^bad YAML: (.*)$", re.S), lambda m: f"ошибка разметки YAML (текст разборщика: {m[1]})"),
    (re.compile(r"^unknown maxim id (.+)$"), lambda m: f"неизвестный id правила {m[1]}"),
    (re.compile(r"^tag (\S+) is not allowed in content \(plain YAML only\)$"),
     lambda m: f"тег {m[1]} запрещён: только простой YAML"),
)

_TABLES = {"ru": _RU}


@dataclass(frozen=True)
class Translated:
    """A message in the learner's language; ``verbatim`` when it is the validator's English."""

    text: str
    verbatim: bool


def translate_message(message: str, lang: Lang) -> Translated:
    """``message`` (a :class:`tutor.content.loader.Problem`'s text) in ``lang``.

    English is returned as is. Otherwise the leading field path is kept and the rest translated
    by the first pattern that matches; with none, the English text comes back ``verbatim``."""
    table = _TABLES.get(lang)
    if table is None:
        return Translated(message, False)
    location, rest = "", message
    loc = _LOCATION.match(message)
    if loc and not message.startswith("bad YAML"):
        location, rest = loc[1] + ": ", loc[2]
    for pattern, render in table:
        m = pattern.match(rest)
        if m:
            return Translated(location + render(m), False)
    return Translated(message, True)
