"""The Progress page's charts as Vega-Lite specs: the rating over days (with its likely range),
the rating per theme, and the accuracy per theme -- readable on a phone, in the page's language.

Why specs of our own (as :mod:`tutor.ui.evidence_chart`), not ``st.line_chart``: Streamlit's
chart put the time of each answer on the axis (".072", ":15 :16 …": seconds, no date), drew
nothing for one answer, and wrote numbers the English way on a Russian page («1,400»,
"100.000000"; defect 7). Here a point is a day (the last figure of the day), the day is written
by Babel in the learner's language («1 дек.»), numbers follow the language's separators
(``config.locale``), and one day of answers is a dot with its range, not an empty frame.

The row builders are pure (the tests read them); :func:`draw` hands a spec to Streamlit.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date, datetime
from typing import Any

import streamlit as st

from tutor.i18n import t
from tutor.locale_fmt import day as day_text
from tutor.locale_fmt import separators
from tutor.progress import RatingPoint
from tutor.vocab import Lang

__all__ = ["rating_rows", "theme_rows", "rating_spec", "theme_spec", "accuracy_spec", "vega_config", "draw"]

#: The rating's likely range is the rating ± this many deviations (as the figure above it).
RANGE_RD = 2.0


def _label(d: date, lang: Lang) -> str:
    return day_text(d, lang, fmt="d MMM")


def rating_rows(history: Sequence[RatingPoint], lang: Lang) -> list[dict[str, Any]]:
    """One row per day answered: the rating after the day's last rated try, its range, the day's
    label in ``lang``."""
    last: dict[date, RatingPoint] = {}
    for p in history:
        last[p.ts.date()] = p
    return [{"day": d.isoformat(), "label": _label(d, lang), "rating": round(p.rating),
             "low": round(p.rating - RANGE_RD * p.rd), "high": round(p.rating + RANGE_RD * p.rd)}
            for d, p in sorted(last.items())]


def theme_rows(per_theme: Mapping[str, Sequence[tuple[datetime, float]]], names: Mapping[str, str],
               lang: Lang) -> list[dict[str, Any]]:
    """Per theme and day, the theme's rating after the day's last try (``names``: the themes'
    titles in ``lang``)."""
    rows = []
    for theme, points in per_theme.items():
        by_day: dict[date, float] = {}
        for when, rating in points:
            by_day[when.date()] = rating
        rows += [{"day": d.isoformat(), "label": _label(d, lang), "theme": names.get(theme, theme),
                  "rating": round(r)} for d, r in sorted(by_day.items())]
    return sorted(rows, key=lambda r: (r["day"], r["theme"]))


def vega_config(lang: Lang) -> dict[str, Any]:
    """The chart's number locale (the decimal comma and the grouping space on a Russian page)."""
    decimal, group = separators(lang)
    return {"locale": {"number": {"decimal": decimal, "thousands": group, "grouping": [3], "currency": ["", ""]}},
            "axis": {"labelFontSize": 12, "titleFontSize": 12}, "legend": {"labelLimit": 300}}


def _x(lang: Lang, days: int) -> dict[str, Any]:
    return {"field": "label", "type": "ordinal", "sort": {"field": "day"}, "title": t("chart.date", lang),
            "axis": {"labelAngle": 0 if days <= 6 else -45, "labelOverlap": True}}


def _days(rows: Sequence[Mapping[str, Any]]) -> int:
    return len({r["day"] for r in rows})


def rating_spec(rows: list[dict[str, Any]], lang: Lang) -> dict[str, Any]:
    """The rating by day: a line with a dot per day and the likely range as a band (a bar for
    one day)."""
    y = {"field": "rating", "type": "quantitative", "title": t("rating.rating", lang), "scale": {"zero": False},
         "axis": {"format": "d"}}
    x = _x(lang, _days(rows))
    tip = [{"field": "label", "title": t("chart.date", lang)}, {"field": "rating", "title": t("rating.rating", lang)},
           {"field": "low", "title": t("rating.range", lang) + " ↓"}, {"field": "high", "title": t("rating.range", lang) + " ↑"}]
    return {
        "$schema": "https://vega.github.io/schema/vega-lite/v5.json",
        "data": {"values": rows}, "height": 260, "config": vega_config(lang),
        "layer": [
            {"mark": {"type": "rule", "strokeWidth": 6, "opacity": .25, "color": "#2e7d32"},
             "encoding": {"x": x, "y": {**y, "field": "low"}, "y2": {"field": "high"}}},
            {"mark": {"type": "line", "point": {"size": 80, "filled": True}, "color": "#2e7d32"},
             "encoding": {"x": x, "y": y, "tooltip": tip}},
        ],
    }


def theme_spec(rows: list[dict[str, Any]], lang: Lang) -> dict[str, Any]:
    """One line per theme over the days, the legend under the chart (a phone is narrow)."""
    return {
        "$schema": "https://vega.github.io/schema/vega-lite/v5.json",
        # the height holds the legend under the chart too (Streamlit fits the whole to it)
        "data": {"values": rows}, "height": 320, "config": vega_config(lang),
        "mark": {"type": "line", "point": {"size": 70, "filled": True}},
        "encoding": {
            "x": _x(lang, _days(rows)),
            "y": {"field": "rating", "type": "quantitative", "title": t("rating.rating", lang),
                  "scale": {"zero": False}, "axis": {"format": "d"}},
            "color": {"field": "theme", "type": "nominal", "title": t("rating.theme", lang),
                      "legend": {"orient": "bottom", "columns": 1}},
            "tooltip": [{"field": "theme", "title": t("rating.theme", lang)},
                        {"field": "label", "title": t("chart.date", lang)},
                        {"field": "rating", "title": t("rating.rating", lang)}],
        },
    }


def accuracy_spec(rows: list[dict[str, Any]], lang: Lang, weak_pct: int) -> dict[str, Any]:
    """Accuracy (0-100 %, whole numbers) by day, one line per theme: weak themes thick and solid,
    the others thin and dashed (told apart without colour too), the weak line at ``weak_pct``."""
    labelled = [{**r, "label": _label(date.fromisoformat(str(r["day"])), lang)} for r in rows]
    kinds = [t("chart.weak", lang, pct=weak_pct), t("chart.strong", lang, pct=weak_pct)]
    x = _x(lang, _days(labelled))
    y = {"field": "accuracy", "type": "quantitative", "title": t("chart.accuracy", lang),
         "scale": {"domain": [0, 100]}, "axis": {"values": [0, 25, 50, weak_pct, 75, 100], "format": "d"}}
    return {
        "$schema": "https://vega.github.io/schema/vega-lite/v5.json", "height": 360, "config": vega_config(lang),
        "layer": [
            {"data": {"values": labelled},
             "mark": {"type": "line", "point": {"size": 70, "filled": True}},
             "encoding": {
                 "x": x, "y": y,
                 "color": {"field": "theme", "type": "nominal", "title": t("chart.theme", lang),
                           "legend": {"orient": "bottom", "columns": 1}},
                 "strokeWidth": {"field": "kind", "type": "nominal", "scale": {"domain": kinds, "range": [4, 1.5]},
                                 "legend": {"title": None, "orient": "bottom"}},
                 "strokeDash": {"field": "kind", "type": "nominal",
                                "scale": {"domain": kinds, "range": [[1, 0], [5, 3]]}, "legend": None},
                 "tooltip": [{"field": "theme", "title": t("chart.theme", lang)},
                             {"field": "label", "title": t("chart.date", lang)},
                             {"field": "accuracy", "title": t("chart.accuracy", lang)}]}},
            {"data": {"values": [{"y": weak_pct}]}, "mark": {"type": "rule", "color": "#b3261e", "strokeDash": [2, 2]},
             "encoding": {"y": {"field": "y", "type": "quantitative"}}},
        ],
    }


def draw(spec: dict[str, Any], alt_text: str) -> None:
    """Draw a spec across the page's width, with its words under it. Drawn as SVG (vega-embed
    reads ``usermeta.embedOptions``): the axis labels are text a screen reader and a test read."""
    spec = {**spec, "usermeta": {"embedOptions": {"renderer": "svg"}}}
    st.vega_lite_chart(spec, width="stretch")
    st.caption(alt_text)
