"""Human output of ``erc roll``."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from rich.text import Text

from erc.core.expr import RollResult
from erc.core.human import table, text
from erc.core.outcome import Outcome


def render(outcome: Outcome) -> Iterator[Any]:
    result: RollResult = outcome.result
    grid = table(None, "die", "value", "kept")
    for die in result.dice:
        grid.add_row(f"d{die.die}", str(die.value), "yes" if die.kept else Text("no", "dim"))
    if result.dice:
        yield grid
    line = text(result.expression, "bold")
    line.append(f" = {result.total}")
    if result.successes is not None:
        line.append(f"   {result.successes} reaching {result.vs}")
    yield line
