"""Human output of Elysium's opposed rolls: disarm, trip, feint, grab, escape, social,
cast, competition."""

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


def _title(command: str, r: Any) -> str:
    if command == "disarm":
        return f"Disarm: {r.attacker} ({r.weapon}) on {r.defender}'s {r.defender_weapon}"
    if command == "trip":
        kind = "Overrun" if r.overrun else "Sidestep trip" if r.sidestep else "Trip"
        return f"{kind}: {r.attacker} ({r.weapon}) on {r.defender}"
    if command == "feint":
        return f"Feint: {r.attacker} ({r.weapon}) on {r.defender}"
    if command == "grab":
        return f"Grab ({r.action}): {r.attacker} on {r.defender}"
    if command == "escape":
        return f"Escape ({r.check}): {r.name} from {r.grabber}"
    if command == "social":
        return f"{r.action.capitalize()}: {r.attacker} on {r.defender}"
    if command == "cast":
        return f"{r.spell} (level {r.level}, {r.school}): {r.caster} on {r.target}"
    return f"Competition: {r.a} ({r.checks[0]}) vs {r.b} ({r.checks[1]})"


def render(outcome: Outcome) -> Iterator[Any]:
    r = outcome.result
    yield text(_title(outcome.command, r), "bold")
    if r.initiator is not None:
        yield rolls_table(r)
        yield margin_text(r)
    for target in getattr(r, "targets", ()):
        yield text(
            f"{target.name}: {target.damage} damage, HP {target.hp_before} -> {target.hp_after}"
            + (" (down)" if target.down else "")
        )
    if outcome.command == "cast":
        yield text(f"{r.caster}: {r.mp_cost} MP ({r.mp_before} -> {r.mp_after})")
    if outcome.command != "competition":
        yield ap_text(r.ap)
    yield from notes(r)
    hit = "weapon disarmed" if outcome.command == "disarm" else "damage dealt"
    yield from odds_table(outcome.odds, hit)
