"""Human output of ``erc join``, the same in every ruleset (``erc.core.join.Joined``)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from erc.core.human import table, text
from erc.core.outcome import Outcome


def render(outcome: Outcome) -> Iterator[Any]:
    result = outcome.result
    terms = " ".join(f"{v:+d} {k}" for k, v in result.parts.items() if v)
    line = f"{result.name} rolls {result.roll}{' ' + terms if terms else ''} = {result.total}"
    if result.rolled_off_with:
        dice = ", ".join(str(d) for d in result.tiebreak)
        line += f"; tied with {', '.join(result.rolled_off_with)}, rolled off ({dice})"
    yield text(line)
    grid = table(f"round {result.round}", "#", "name", "")
    for place, name in enumerate(result.new_order, 1):
        note = ""
        if name == result.name:
            note = "joins next round" if result.waits else "joins"
        grid.add_row(str(place), text(name, "bold" if name == result.name else ""), note)
    yield grid
    if result.waits:
        yield text(
            f"{result.name}'s place was passed this round (someone after it has acted): "
            "it acts from the next round"
        )
    if outcome.applied is None:
        yield text("nothing was recorded: add --apply to bring it into the fight", "dim")
