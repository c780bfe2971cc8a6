"""Human output of ``erc log`` and ``erc undo``."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from erc.core.human import table, text
from erc.core.outcome import Outcome


def render(outcome: Outcome) -> Iterator[Any]:
    result = outcome.result
    if outcome.command == "undo":
        yield text(f"undid event {result.cancelled} ({result.command})")
        return
    grid = table(f"journal {result.journal}", "id", "round", "command", "effects")
    for event in result.events:
        effects = "; ".join(
            " ".join(f"{k}={v}" for k, v in e.items())
            for e in event.get("effects", ())
            if isinstance(e, dict)
        )
        grid.add_row(
            str(event.get("id")),
            str(event.get("round")),
            text(event.get("command")),
            text(effects),
        )
    yield grid
