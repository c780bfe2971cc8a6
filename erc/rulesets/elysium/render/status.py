"""Human output of ``erc status`` for an Elysium encounter."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from rich.text import Text

from erc.core.human import clean, table, text
from erc.core.outcome import Outcome


def render(outcome: Outcome) -> Iterator[Any]:
    result = outcome.result
    title = f"round {result.round}" if result.round else "before round 1"
    grid = table(title, "name", "side", "HP", "MP", "AP", "state")
    for c in result.combatants:
        hp = Text(f"{c.hp}/{c.hp_max}", style="bold red" if c.down else "")
        state = [x.name for x in c.conditions]
        if c.pinned_by:
            state.append(f"pinned by {c.pinned_by}")
        state += [f"pinning {n}" for n in c.pinning]
        if c.defensive_bonus:
            state.append(f"defensive +{c.defensive_bonus}")
        if c.offensive_taken:
            state.append("offensive")
        for level in (c.morale, c.agitation):
            if level.level:
                state.append(f"{level.label} {level.penalty}")
        state += [f"feint +{f.bonus} vs {f.target}" for f in c.feints]
        if c.escape_bonus:
            state.append(f"escape +{c.escape_bonus}")
        state += [f"{w} on the ground" for w in c.dropped_weapons]
        state += [f"{w} taken" for w in c.lost_weapons if w not in c.dropped_weapons]
        state += [f"free trip vs {n}" for n in c.sidestep_trips]
        if c.down:
            state.append("down")
        mark = "> " if c.name == result.next else ""
        grid.add_row(
            text(mark + c.name, "bold" if mark else ""),
            text(c.side),
            hp,
            f"{c.mp}/{c.mp_max}" if c.mp_max else "-",
            f"{c.ap_left}/{c.ap_max}",
            text(", ".join(state)),
        )
    yield grid
    if result.order:
        yield text("order: " + ", ".join(p.name for p in result.order))
    if result.over:
        yield Text("the fight is over: fewer than two sides stand", style="bold")
    yield Text(clean(f"{result.n_events} journal event(s)"), style="dim")
