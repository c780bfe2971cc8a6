"""``erc status`` for an Enchanted Realms encounter: the table a GM keeps beside the map."""

from __future__ import annotations

from erc.core.value import Value
from erc.rulesets.er.events import state_of

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from erc.core.session import Loaded

RENDER = "erc.rulesets.er.render.status"


class CombatantStatus(Value):
    name: str
    side: str
    body: int
    body_max: int
    conditions: tuple[str, ...]
    reaction_used: bool
    incapacitated_actions: int
    locked_weapons: tuple[str, ...]
    disarmed_weapons: tuple[str, ...]


class HeldDrop(Value):
    holder: str
    victim: str
    damage: int
    round: int


class StatusResult(Value):
    round: int
    combatants: tuple[CombatantStatus, ...]
    drops: tuple[HeldDrop, ...]
    events: int
    journal: str | None


def status(loaded: Loaded) -> StatusResult:
    state = state_of(loaded)
    rows = []
    for c in state.encounter.combatants:
        shocked = c.condition("incapacitated")
        rows.append(
            CombatantStatus(
                c.name,
                c.side,
                c.body,
                c.body_max,
                c.condition_names,
                c.reaction_used,
                (shocked.actions or 0) if shocked else 0,
                tuple(sorted(c.locked_weapons)),
                tuple(sorted(c.disarmed_weapons)),
            )
        )
    drops = tuple(HeldDrop(d.holder, d.victim, d.damage, d.round) for d in state.drops)
    return StatusResult(state.round, tuple(rows), drops, state.events, loaded.journal)
