"""Human output of ``erc roll-init``: the surprise checks, then the turn order."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from rich.text import Text

from erc.core.human import clean, table, text
from erc.core.outcome import Outcome
from erc.rulesets.er.render.perceive import COLUMNS, check_cells, signed
from erc.rulesets.er.rules.initiative import Initiative, Place


def modifier_text(place: Place) -> Text:
    """The modifier and its non-zero parts (R3.1): ``-3 (other -1, greatclub -2)``."""
    parts = place.breakdown
    named = [
        ("Agi", parts.agility),
        ("other", parts.other),
        (parts.heavy_weapon or "weapon", parts.weapon_mod),
        ("armor", parts.armor_mod),
    ]
    line = signed(place.modifier)
    shown = [f"{name} {value:+d}" for name, value in named if value]
    if shown:
        line.append(f" ({clean(', '.join(shown))})", style="dim")
    return line


def render(outcome: Outcome) -> Iterator[Any]:
    result: Initiative = outcome.result
    if result.surprise:
        heard = "noise" if result.noise else "silent"
        checks = table(f"Surprise: {result.trigger} triggers ({heard})", *COLUMNS)
        for check in result.perception:
            checks.add_row(*check_cells(check))
        yield checks
    ties = any(place.tiebreak for place in result.order)
    columns = ("#", "name", "total", "d10", "modifier") + (("tie-break",) if ties else ())
    grid = table(f"Round {result.round} initiative", *columns, "status")
    for place in result.order:
        cells: list[Any] = [
            str(place.place),
            text(place.name, "bold"),
            Text(str(place.total) if place.rolled else "-", style="bold"),
            str(place.roll) if place.rolled else "-",
            modifier_text(place),
        ]
        if ties:
            cells.append(" ".join(map(str, place.tiebreak)))
        state = place.status if place.rolled else f"{place.status}: no roll (R3.5)"
        grid.add_row(*cells, Text(state, style="" if place.acts else "bold red"))
    yield grid
    if result.kept:
        yield Text("house rule initiative: keep - the dice are the last round's", style="dim")
    if result.surprise:
        line = Text("surprised: ", style="bold")
        line.append(clean(", ".join(result.surprised)) if result.surprised else "nobody")
        line.append("  (no action, movement or reaction in round 1)", style="dim")
        yield line
