"""Human output of ``erc status`` for a Spellchrome encounter: the table beside the map."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from rich.text import Text

from erc.core.human import NEXT, clean, table, text
from erc.core.outcome import Outcome


def render(outcome: Outcome) -> Iterator[Any]:
    result = outcome.result
    title = f"round {result.round} ({result.elapsed_s} s in)" if result.round else "before round 1"
    grid = table(title, "", "name", "side", "HP", "AC", "DR", "used", "conditions")
    places = {p.name: p.place for p in result.order}
    for c in result.combatants:
        hp = Text(f"{c.hp}/{c.hp_max}", style="bold red" if c.down else "")
        if c.ex_hp_max:
            hp.append(f" +{c.ex_hp} EX", "cyan")
        used = [a for a, u in (("standard", c.standard_used), ("move", c.move_used)) if u]
        if c.spell_cast:
            used.append("spell")
        conditions = [cond.name + (f" by {cond.by}" if cond.by else "") for cond in c.conditions]
        conditions += ["down"] if c.down else []
        if c.delayed_after:
            conditions.append(f"after {c.delayed_after}")
        dr = (c.dr_dice or "") + (f" ={c.dr_this_round}" if c.dr_this_round is not None else "")
        mark = (
            Text(NEXT, "bold green") if result.next == c.name else Text(str(places.get(c.name, "")))
        )
        grid.add_row(
            mark,
            text(c.name, "bold"),
            text(c.side),
            hp,
            f"{c.armor_classes.ac} t{c.armor_classes.touch_ac} ff{c.armor_classes.flat_footed_ac}",
            text(dr),
            ", ".join(used),
            text(", ".join(conditions)),
        )
    yield grid
    if result.next:
        yield text(f"next: {result.next}", "bold")
    if result.over:
        yield Text("the fight is over: fewer than two sides still stand", "bold")
    yield Text(clean(f"{result.n_events} journal event(s)"), style="dim")
