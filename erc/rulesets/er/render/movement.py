"""Human output of ``erc movement``: the R9 arithmetic as a ledger, then what is left."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from rich.text import Text

from erc.core.human import table, text
from erc.core.outcome import Outcome
from erc.rulesets.er.rules.movement import Movement

_SPENDING = ("R9.5", "R9.6")


def render(outcome: Outcome) -> Iterator[Any]:
    result: Movement = outcome.result
    grid = table(None, "rule", "step", "ft", "movement")
    spending = False
    for step in result.steps:
        if step.rule in _SPENDING and not spending:
            spending = True
            grid.add_row("", Text("available", "bold"), "", Text(str(result.available_ft), "bold"))
        grid.add_row(step.rule, text(step.what), f"{step.ft:+d}", str(step.after_ft))
    yield grid
    line = text(result.name, "bold")
    if result.immobile:
        line.append(" is immobile", "bold red")
        line.append(f" ({result.reason})" if result.reason else "")
        yield line
        return
    line.append(f": {result.available_ft} ft available")
    if result.spent_ft:
        line.append(f", {result.spent_ft} ft spent")
    line.append(f", {result.remaining_ft} ft left = {result.remaining_hexes} hex")
    line.append("" if result.remaining_hexes == 1 else "es")
    if result.stood_up:
        line.append("; stands up (prone no more)")
    yield line
