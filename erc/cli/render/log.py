"""Human output of ``erc log`` and ``erc undo``."""

from __future__ import annotations

from collections.abc import Iterator

from erc.core.human import table, text
from erc.core.outcome import Outcome

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


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
        style = "dim strike" if event.get("undone") else ""
        grid.add_row(
            text(str(event.get("id")), style),
            text(str(event.get("round")), style),
            text(str(event.get("command")) + (" (undone)" if event.get("undone") else ""), style),
            text(effects, style),
        )
    yield grid
