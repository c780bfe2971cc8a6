"""``erc status`` for an Enchanted Realms encounter: the table a GM keeps beside the map
(CONTRACT "Combat state", R11.5): the round, the order and who is next, each combatant's
Body, conditions and what it has spent this round, held drops and weapon locks, and whether
the fight is over."""

from __future__ import annotations

from erc.core.status import ConditionRow, Place, Standing, condition_rows, turns
from erc.core.value import Value
from erc.rulesets.er.conditions import cannot_act, down, standing
from erc.rulesets.er.events import state_of
from erc.rulesets.er.model import Combatant
from erc.rulesets.er.rules.turns import Taken

TYPE_CHECKING = False
if TYPE_CHECKING:
    from erc.core.session import Loaded

RENDER = "erc.rulesets.er.render.status"


class CombatantStatus(Value):
    name: str
    side: str
    body: int
    body_max: int
    conditions: tuple[ConditionRow, ...]
    reaction_used: bool
    acted: bool
    movement_spent_ft: int
    down: bool
    standing: bool
    can_act: bool
    actions_taken: int
    incapacitated_actions: int
    locked_weapons: tuple[str, ...]
    disarmed_weapons: tuple[str, ...]


class HeldDrop(Value):
    holder: str
    victim: str
    damage: int
    round: int


class HeldLock(Value):
    wielder: str
    weapon: str
    locker: str
    using: str | None
    dropped: bool = False
    """The wielder let go of it (``free --drop``, R8.2); the lock holds it still."""


class StatusResult(Value):
    round: int
    combatants: tuple[CombatantStatus, ...]
    order: tuple[Place, ...]
    next: str | None
    sides: tuple[Standing, ...]
    over: bool
    drops: tuple[HeldDrop, ...]
    locks: tuple[HeldLock, ...]
    taken: tuple[Taken, ...]
    """Weapons picked up from the ground by another than their owner (R12.4)."""
    n_events: int
    """How many events the journal holds (undo events and those they cancelled included)."""
    journal: str | None


def acted(who: Combatant) -> bool:
    return who.own_action_spent


def can_act(who: Combatant) -> bool:
    return cannot_act(who) is None


def status(loaded: Loaded) -> StatusResult:
    state = state_of(loaded)
    rows = []
    for c in state.encounter.combatants:
        shocked = c.condition("incapacitated")
        rows.append(
            CombatantStatus(
                name=c.name,
                side=c.side,
                body=c.body,
                body_max=c.body_max,
                conditions=condition_rows(c.conditions, state.round),
                reaction_used=c.reaction_used,
                acted=acted(c),
                movement_spent_ft=c.movement_spent,
                down=down(c),
                standing=standing(c),
                can_act=can_act(c),
                actions_taken=c.acted,
                incapacitated_actions=(shocked.actions or 0) if shocked else 0,
                locked_weapons=tuple(sorted(c.locked_weapons)),
                disarmed_weapons=tuple(sorted(c.disarmed_weapons)),
            )
        )
    fight = turns(state, acted=acted, can_act=can_act, standing=standing)
    return StatusResult(
        round=state.round,
        combatants=tuple(rows),
        order=fight.order,
        next=fight.next,
        sides=fight.sides,
        over=fight.over,
        drops=tuple(HeldDrop(d.holder, d.victim, d.damage, d.round) for d in state.drops),
        locks=tuple(
            HeldLock(
                wielder=k.wielder,
                weapon=k.weapon,
                locker=k.locker,
                using=k.using,
                dropped=k.dropped,
            )
            for k in state.locks
        ),
        taken=state.taken,
        n_events=state.events,
        journal=loaded.journal,
    )
