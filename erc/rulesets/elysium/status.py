"""``erc status`` for an Elysium encounter: the table a GM keeps beside the map (CONTRACT
"Combat state", EL Part 2): the round, the order and who is next, each combatant's HP, MP,
AP left, defensive bonus, offensive mark, pin, Morale and Agitation, conditions, and whether
the fight is over."""

from __future__ import annotations

from erc.core.status import ConditionRow, Place, Standing, condition_rows, turns
from erc.core.value import Value
from erc.rulesets.elysium.conditions import cannot_act
from erc.rulesets.elysium.events import state_of
from erc.rulesets.elysium.model import AGITATION, MORALE, Combatant, level_penalty

TYPE_CHECKING = False
if TYPE_CHECKING:
    from erc.core.session import Loaded

RENDER = "erc.rulesets.elysium.render.status"


class Level(Value):
    """A Morale or Agitation level (EL11): 0 with no label and no penalty for none."""

    level: int
    label: str | None
    penalty: int


class FeintOwed(Value):
    target: str
    bonus: int
    until_round: int


class CombatantStatus(Value):
    name: str
    side: str
    hp: int
    hp_max: int
    mp: int
    mp_max: int
    ap_max: int
    ap_left: int
    defensive_bonus: int
    offensive_taken: bool
    pinned_by: str | None
    pinning: tuple[str, ...]
    morale: Level
    agitation: Level
    conditions: tuple[ConditionRow, ...]
    feints: tuple[FeintOwed, ...]
    escape_bonus: int
    weapons: tuple[str, ...]
    lost_weapons: tuple[str, ...]
    dropped_weapons: tuple[str, ...]
    """Those of ``lost_weapons`` on the ground, for ``erc pick-up`` (EL7)."""
    sidestep_trips: tuple[str, ...]
    """EL6.5: chargers it dodged this round, each owed one free trip (``trip --sidestep``)."""
    acted: bool
    can_act: bool
    down: bool
    standing: bool


class StatusResult(Value):
    round: int
    combatants: tuple[CombatantStatus, ...]
    order: tuple[Place, ...]
    next: str | None
    sides: tuple[Standing, ...]
    over: bool
    n_events: int
    """How many events the journal holds (undo events and those they cancelled included)."""
    journal: str | None


def _level(level: int, labels: tuple[str, ...]) -> Level:
    return Level(level, labels[level - 1] if level else None, level_penalty(level))


def acted(who: Combatant) -> bool:
    """It has spent AP this round: its turn has begun (EL3: it acts until its AP run out)."""
    return who.ap_spent > 0


def can_act(who: Combatant) -> bool:
    return cannot_act(who) is None


def standing(who: Combatant) -> bool:
    """Standing while above 0 HP (EL4.4) and not unconscious."""
    return not who.down and not who.has("unconscious")


def status(loaded: Loaded) -> StatusResult:
    state = state_of(loaded)
    rows = tuple(
        CombatantStatus(
            name=c.name,
            side=c.side,
            hp=c.hp,
            hp_max=c.hp_max,
            mp=c.mp,
            mp_max=c.mp_max,
            ap_max=c.ap,
            ap_left=c.ap_left,
            defensive_bonus=c.defensive_bonus,
            offensive_taken=c.offensive_taken,
            pinned_by=c.pinned_by,
            pinning=c.pinning,
            morale=_level(c.morale, MORALE),
            agitation=_level(c.agitation, AGITATION),
            conditions=condition_rows(c.conditions, state.round),
            feints=tuple(FeintOwed(f.target, f.bonus, f.round + 1) for f in c.feints),
            escape_bonus=c.escape_bonus,
            weapons=tuple(w.name for w in c.weapons),
            lost_weapons=c.lost_weapons,
            dropped_weapons=tuple(w.name for w in c.dropped),
            sidestep_trips=c.sidestep_trips,
            acted=acted(c),
            can_act=can_act(c),
            down=c.down,
            standing=standing(c),
        )
        for c in state.encounter.combatants
    )
    fight = turns(state, acted=acted, can_act=can_act, standing=standing)
    return StatusResult(
        round=state.round,
        combatants=rows,
        order=fight.order,
        next=fight.next,
        sides=fight.sides,
        over=fight.over,
        n_events=state.events,
        journal=loaded.journal,
    )
