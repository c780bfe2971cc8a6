"""Human output of ``erc status`` for an Enchanted Realms encounter."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from rich.text import Text

from erc.core.human import clean, table, text
from erc.core.outcome import Outcome


def render(outcome: Outcome) -> Iterator[Any]:
    yield from _status(outcome.result)


def _status(result: Any) -> Iterator[Any]:
    title = f"round {result.round}" if result.round else "before round 1"
    grid = table(title, "name", "side", "body", "conditions", "reaction")
    for c in result.combatants:
        body = Text(f"{c.body}/{c.body_max}", style="bold red" if c.body == 0 else "")
        conditions = list(c.conditions)
        if c.incapacitated_actions:
            conditions.append(f"incapacitated {c.incapacitated_actions} action(s)")
        conditions += [f"{w} locked" for w in c.locked_weapons]
        conditions += [f"{w} disarmed" for w in c.disarmed_weapons]
        if c.body == 0:
            conditions.append("down")
        grid.add_row(
            text(c.name),
            text(c.side),
            body,
            text(", ".join(conditions)),
            "used" if c.reaction_used else "ready",
        )
    yield grid
    for drop in result.drops:
        yield text(
            f"{drop.holder} holds the drop on {drop.victim}: {drop.damage} damage "
            f"(since round {drop.round})"
        )
    yield Text(clean(f"{result.events} journal event(s)"), style="dim")
