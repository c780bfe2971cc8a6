"""Human output of ``erc attack`` and ``erc sneak``."""

from __future__ import annotations

from collections.abc import Iterator

from erc.core.human import text
from erc.core.outcome import Outcome
from erc.rulesets.elysium.render.common import (
    ap_text,
    margin_text,
    notes,
    odds_table,
    rolls_table,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def render(outcome: Outcome) -> Iterator[Any]:
    r = outcome.result
    what = "Sneak attack" if r.sneak else "Charge" if r.charge else "Attack"
    head = f"{what}: {r.attacker} ({r.weapon}) on {r.defender}, {r.defense_kind}"
    if r.parry_with:
        head += f" with the {r.parry_with}"
    yield text(head, "bold")
    yield rolls_table(r)
    yield margin_text(r)
    if r.resolved:
        line = text(f"{r.damage} damage")
        if r.charge_bonus:
            line.append(f" (+{r.charge_bonus} charge)", style="dim")
        yield line
        for target in r.targets:
            yield text(
                f"{target.name}: HP {target.hp_before} -> {target.hp_after}"
                + (" (down)" if target.down else "")
            )
    if r.feint_used:
        yield text(f"feint: +{r.feint_used} used")
    yield ap_text(r.ap)
    yield from notes(r)
    yield from odds_table(outcome.odds)
