"""Lists and percentages as each language writes them, through Babel (CLDR's data).

"«Ринок», «Склад» і «Казарма»", "a, b, and c"; "58 %" (uk, ru), "58%" (en), with the
language's decimal sign ("12,5 %", "12.5%"). The space before % is the language's
typography table's (pnp.core.typography), the rest is CLDR's.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Iterable, Literal

from babel.lists import format_list
from babel.numbers import format_percent

from pnp.core import typography


ListStyle = Literal["standard", "or"]


def join(items: Iterable[str], lang: str, style: ListStyle = "standard") -> str:
    """Items as a list in running text: "a, b і c" (style "or": "a, b або c")."""
    return format_list(list(items), style=style, locale=lang)


def percent(share: float | Fraction, lang: str, decimals: int = 0) -> str:
    """`share` (0.583) as a percentage with `decimals` digits after the sign: "58 %" in uk."""
    digits = "." + "0" * decimals if decimals else ""
    pattern = f"#,##0{digits}{typography.table(lang).percent_space}%"
    return format_percent(float(share), pattern, locale=lang)


def percent_range(low: float | Fraction, high: float | Fraction, lang: str, decimals: int = 0) -> str:
    """An interval of shares with the percent sign once, at its end: "57,1–61,4 %" in uk."""
    return f"{percent(low, lang, decimals).rstrip('%').rstrip()}–{percent(high, lang, decimals)}"
