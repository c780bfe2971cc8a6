"""Human output of ``erc roll-init``: the resolution order and the declaration order."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from rich.text import Text

from erc.core.human import clean, table, text
from erc.core.outcome import Outcome
from erc.rulesets.elysium.render.common import parts_text


def render(outcome: Outcome) -> Iterator[Any]:
    r = outcome.result
    ties = any(p.tiebreak for p in r.order)
    columns = ("#", "name", "total", outcome.encounter.rules.die, "terms", "AGI+CUN")
    grid = table(
        f"Round {r.round} reaction order (resolved highest first)",
        *columns,
        *(("tie-break",) if ties else ()),
        "AP",
        "status",
    )
    for p in r.order:
        cells: list[Any] = [
            str(p.place),
            text(p.name, "bold"),
            Text(str(p.total), style="bold"),
            str(p.roll),
            parts_text(p.parts),
            str(p.agi_cun),
        ]
        if ties:
            cells.append(" ".join(map(str, p.tiebreak)))
        cells += [str(p.ap_max), Text(p.status, style="" if p.acts else "bold red")]
        grid.add_row(*cells)
    yield grid
    declare = ", ".join(p.name for p in r.declare_order)
    yield Text(clean(f"declare, lowest first: {declare}"))
    if r.kept:
        yield Text(
            "house rule initiative: keep - the checks (dice and terms) are the first round's",
            style="dim",
        )
