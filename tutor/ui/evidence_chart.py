"""The evidence chart of the daily puzzle: every candidate card, the mean tricks it brings over
the simulated layouts with an error bar, the maxim's card marked -- readable on a phone.

Why a chart of its own (not ``st.bar_chart``): the means differ by tenths of a trick, so bars
drawn from zero all look the same height; a dot with its error bar on an axis fitted to the data
shows the difference and how sure it is. The card the maxim names is marked three ways (colour,
shape and a word in the legend), never by colour alone. Every word is in the page's language.

:func:`chart_rows` is pure (tests read it); :func:`evidence_chart` builds the Vega-Lite spec;
:func:`show_chart` draws it.

Why a plain Vega-Lite dict (not Altair): importing Altair, and the pandas a chart's data frame
goes through, took a second and more on the first answer of a fresh server -- the evidence is
what that answer waits for (bench/bench_first_daily.py). The rows sit in each layer's own
``data`` as JSON, so Streamlit hands the spec to the browser as it is.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import streamlit as st

from tutor.cards import parse_card
from tutor.i18n import t
from tutor.ui.progress_charts import vega_config
from tutor.vocab import Lang

__all__ = ["chart_rows", "evidence_chart", "show_chart", "Z"]

#: The error bar spans ±Z standard errors (about a 95 % interval).
Z = 2.0


def chart_rows(data: Mapping[str, Any], lang: Lang) -> list[dict[str, Any]]:
    """One row per candidate card, best first: its label in ``lang`` (♠К / ♠K), the mean tricks,
    the ends of its error bar, and whether it is the maxim's card (``kind``, a word in ``lang``)."""
    advice = str(data.get("comparison", {}).get("advice", ""))
    rows = []
    for order, lead in enumerate(data.get("leads", ())):
        card = str(lead["card"])
        mean = float(lead["mean"])
        err = float(lead.get("stderr", 0.0))
        conventional = card == advice
        rows.append({
            "card": parse_card(card).symbol(lang),
            "order": order,
            "mean": round(mean, 2),
            "low": round(mean - Z * err, 2),
            "high": round(mean + Z * err, 2),
            "conventional": conventional,
            "kind": t("chart.conventional" if conventional else "chart.other_card", lang),
        })
    return rows


def chart_height(n: int) -> int:
    """Room for every card's label (16 px) on its own row: no label is dropped as overlapping."""
    return max(120, 30 * n)


def evidence_chart(data: Mapping[str, Any], lang: Lang) -> dict[str, Any]:
    """Dots with ±2 standard-error bars, one row per card (best at the top), the maxim's card
    in the accent colour with a diamond; the axis fitted to the data and titled in ``lang``.
    A Vega-Lite spec: a rule layer (the error bars) under a point layer (the means)."""
    rows = chart_rows(data, lang)
    lows = [r["low"] for r in rows] or [0.0]
    highs = [r["high"] for r in rows] or [13.0]
    pad = max(0.1, (max(highs) - min(lows)) * 0.1)
    domain = [round(max(0.0, min(lows) - pad), 2), round(min(13.0, max(highs) + pad), 2)]
    card_title = t("chart.card", lang)
    mean_title = t("chart.mean_tricks", lang)
    kinds = [t("chart.conventional", lang), t("chart.other_card", lang)]
    scale = {"domain": domain, "nice": False, "zero": False}

    def y() -> dict[str, Any]:
        return {"field": "card", "type": "nominal", "sort": {"field": "order"}, "title": card_title,
                "axis": {"labelFontSize": 16, "titleFontSize": 13, "labelLimit": 60, "labelOverlap": False}}

    def legend() -> dict[str, Any]:
        return {"title": None, "orient": "bottom", "labelFontSize": 13, "labelLimit": 300}

    bars = {
        "data": {"values": rows},
        "mark": {"type": "rule", "strokeWidth": 2, "color": "#555"},
        "encoding": {"x": {"field": "low", "type": "quantitative", "scale": dict(scale), "title": mean_title},
                     "x2": {"field": "high"}, "y": y()},
    }
    dots = {
        "data": {"values": rows},
        "mark": {"type": "point", "size": 140, "filled": True, "opacity": 1},
        "encoding": {
            "x": {"field": "mean", "type": "quantitative", "title": mean_title, "scale": dict(scale),
                  "axis": {"format": ".1f", "titleFontSize": 13, "labelFontSize": 12, "tickCount": 5}},
            "y": y(),
            "color": {"field": "kind", "type": "nominal", "scale": {"domain": kinds, "range": ["#b3261e", "#1f4e79"]},
                      "legend": legend()},
            # the same field and legend as the colour: Vega-Lite draws one legend of coloured shapes
            "shape": {"field": "kind", "type": "nominal", "scale": {"domain": kinds, "range": ["diamond", "circle"]},
                      "legend": legend()},
            "tooltip": [{"field": "card", "type": "nominal", "title": card_title},
                        {"field": "mean", "type": "quantitative", "title": mean_title, "format": ".2f"},
                        {"field": "low", "type": "quantitative", "title": "−2σ", "format": ".2f"},
                        {"field": "high", "type": "quantitative", "title": "+2σ", "format": ".2f"}],
        },
    }
    # the axis and tooltips in the page's number locale («5,5», not "5.5": defect 14)
    return {"layer": [bars, dots], "height": chart_height(len(rows)),
            "config": {**vega_config(lang), "view": {"strokeWidth": 0}}}


def show_chart(data: Mapping[str, Any], lang: Lang) -> None:
    """Draw the chart across the column's width, with its legend in words below it."""
    rows: Sequence[dict[str, Any]] = chart_rows(data, lang)
    if not rows:
        return
    n = int(data.get("samples", 0))
    st.vega_lite_chart(spec=evidence_chart(data, lang), width="stretch", height=chart_height(len(rows)) + 90,
                       alt=t("chart.legend", lang, n=n))
    st.caption(t("chart.legend", lang, n=n))
