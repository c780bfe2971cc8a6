"""Human output of ``erc movement``, ``erc cast`` and ``erc spend``."""

from __future__ import annotations

from collections.abc import Iterator

from erc.core.human import table, text
from erc.core.outcome import Outcome

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def _actions(actions: tuple[str, ...]) -> str:
    return ", ".join(f"{a} action" for a in actions) or "no action"


def render(outcome: Outcome) -> Iterator[Any]:
    result = outcome.result
    if outcome.command == "movement":
        grid = table(f"{result.name} moves", "speed", "available", "spent", "left", "takes")
        grid.add_row(
            f"{result.speed} ft",
            f"{result.available_ft} ft",
            f"{result.spent_ft} ft",
            f"{result.remaining_ft} ft",
            _actions(result.actions) + (" (double move)" if result.double else ""),
        )
        yield grid
    elif outcome.command == "cast":
        line = text(result.name, "bold")
        line.append_text(text(f" casts {result.spell or 'a spell'}"))
        line.append_text(text(": a null action" if result.null else ": its standard action"))
        yield line
    else:
        line = text(result.name, "bold")
        line.append_text(text(f" spends {_actions(result.actions)}"))
        yield line
    for note in result.notes:
        yield text(f"note: {note}", "dim")
