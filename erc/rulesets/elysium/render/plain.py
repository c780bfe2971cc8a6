"""Human output of Elysium's commands without dice: defend, movement, spend, pick-up,
damage, heal, condition."""

from __future__ import annotations

from collections.abc import Iterator

from erc.core.human import text
from erc.core.outcome import Outcome
from erc.rulesets.elysium.render.common import ap_text, notes

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def render(outcome: Outcome) -> Iterator[Any]:
    r = outcome.result
    command = outcome.command
    if command == "defend":
        yield text(f"{r.name} goes on the defensive: +{r.bonus} (+{r.defensive_bonus} this round)")
    elif command == "movement":
        yield text(f"{r.name} moves {r.ft} ft for {r.ap_cost} AP ({r.ft_per_ap} ft per AP)")
    elif command == "spend":
        yield text(f"{r.name} spends {r.amount} AP" + (f" ({r.what})" if r.what else ""))
    elif command == "pick-up":
        yield text(f"{r.name} picks up the {r.weapon}")
    elif command in ("damage", "heal"):
        yield text(f"{r.name}: HP {r.hp_before} -> {r.hp_after} ({command} {r.amount})")
    else:
        changed = [f"+{c}" for c in r.added] + [f"-{c}" for c in r.removed]
        yield text(f"{r.name}: {' '.join(changed) or 'no change'}")
        yield text(f"conditions: {', '.join(r.conditions_after) or 'none'}")
    if hasattr(r, "ap"):
        yield ap_text(r.ap)
    yield from notes(r)
