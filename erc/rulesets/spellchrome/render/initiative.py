"""Human output of ``erc roll-init`` and ``erc delay``: the round's order."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from rich.text import Text

from erc.core.human import table, text
from erc.core.outcome import Outcome


def _signed(n: int) -> str:
    return f"{n:+d}"


def render(outcome: Outcome) -> Iterator[Any]:
    result = outcome.result
    if outcome.command == "delay":
        yield from _delay(result)
        return
    ties = any(p.tiebreak for p in result.order)
    columns = ("#", "name", "total", "d20", "modifier", "bonus", "Dex")
    grid = table(f"Round {result.round} initiative", *columns, *(("d10s",) if ties else ()), "")
    for p in result.order:
        cells: list[Any] = [
            str(p.place),
            text(p.name, "bold"),
            Text(str(p.total), "bold"),
            str(p.roll),
            _signed(p.modifier),
            _signed(p.bonus) if p.bonus else "",
            str(p.dex_score),
        ]
        if ties:
            cells.append(" ".join(map(str, p.tiebreak)))
        state = text(p.status, "" if p.acts else "bold red")
        if p.delayed_after:
            state.append_text(text(f" (after {p.delayed_after})", "dim"))
        grid.add_row(*cells, state)
    yield grid
    if result.kept:
        yield Text("initiative: keep - the last round's order is kept (SC2.4)", "dim")
    for note in result.notes:
        yield text(f"note: {note}", "dim")


def _delay(result: Any) -> Iterator[Any]:
    line = text(result.name, "bold")
    line.append_text(text(f" delays: acts immediately after {result.delayed_after}"))
    if result.took_place:
        line.append_text(text(f", in {result.delayed_after}'s place", "dim"))
    yield line
    grid = table(f"Round {result.round} order", "#", "name", "total", "")
    for p in result.order:
        grid.add_row(
            str(p.place),
            text(p.name, "bold" if p.name == result.name else ""),
            "" if p.total is None else str(p.total),
            text(f"after {p.delayed_after}" if p.delayed_after else "", "dim"),
        )
    yield grid
    for note in result.notes:
        yield text(f"note: {note}", "dim")
