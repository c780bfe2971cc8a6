"""Human output of ``erc competition`` (SC11)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from rich.text import Text

from erc.core.human import table, text
from erc.core.outcome import Outcome


def render(outcome: Outcome) -> Iterator[Any]:
    result = outcome.result
    grid = table("Competition", "side", "ability", "d20", "modifier", "total", "re-rolls")
    for side in result.sides:
        grid.add_row(
            text(side.name, "bold"),
            side.ability,
            "-" if side.roll is None else str(side.roll),
            f"{side.modifier:+d}",
            "-" if side.total is None else str(side.total),
            " ".join(map(str, side.tiebreak)),
        )
    yield grid
    if result.resolved:
        line = Text("winner: ", "bold")
        line.append_text(text(result.winner or "-", "bold green"))
        line.append(f"  (by {result.decided_by})", "dim")
        yield line
    if outcome.odds is not None:
        odds = outcome.odds
        yield Text(
            f"odds: {result.sides[0].name} {odds['p_win_a']:.1%}, "
            f"{result.sides[1].name} {odds['p_win_b']:.1%}",
            "bold",
        )
