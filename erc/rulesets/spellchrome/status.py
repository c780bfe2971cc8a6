"""``erc status`` for a Spellchrome encounter: HP and EX-HP, AC, the round's DR, the actions
of the turn, conditions, and the order with who is next (``erc.core.status``)."""

from __future__ import annotations

from erc.core.status import ConditionRow, Place, Standing, condition_rows, turns
from erc.core.value import Value
from erc.rulesets.spellchrome.conditions import cannot_act, standing
from erc.rulesets.spellchrome.events import state_of
from erc.rulesets.spellchrome.model import Combatant
from erc.rulesets.spellchrome.rules.armor_class import armor_class

TYPE_CHECKING = False
if TYPE_CHECKING:
    from erc.core.session import Loaded

RENDER = "erc.rulesets.spellchrome.render.status"


class ArmorClasses(Value):
    """SC5: the combatant's AC, touch AC and flat-footed AC."""

    ac: int
    touch_ac: int
    flat_footed_ac: int


class CombatantStatus(Value):
    name: str
    side: str
    hp: int
    hp_max: int
    ex_hp: int
    ex_hp_max: int
    armor_classes: ArmorClasses
    dr_dice: str | None
    """The armour's DR as the file gives it (``d6``, ``3``), or None."""
    dr_this_round: int | None
    """SC8.1: the DR rolled at its first hit this round."""
    standard_used: bool
    move_used: bool
    acted: bool
    """CONTRACT ``erc status``: its turn has begun this round, as ER's and Elysium's
    ``acted`` and ``order[].acted``: it used its standard or its move action."""
    can_act: bool
    """SC1.4: it can take actions now (above 0 HP, not asleep, unconscious, paralyzed or
    bound), as ``order[].can_act``."""
    movement_spent_ft: int
    spell_cast: bool
    conditions: tuple[ConditionRow, ...]
    down: bool
    standing: bool
    delayed_after: str | None


ROUND_SECONDS = 6
"""SC1.2: "Each round represents 6 seconds in the game world. There are 10 rounds in a
minute"."""


class StatusResult(Value):
    round: int
    elapsed_s: int
    """SC1.2: seconds of combat before this round began (6 a round)."""
    combatants: tuple[CombatantStatus, ...]
    order: tuple[Place, ...]
    next: str | None
    sides: tuple[Standing, ...]
    over: bool
    n_events: int
    """How many events the journal holds (undo events and those they cancelled included)."""
    journal: str | None


def acted(who: Combatant) -> bool:
    """Its turn has begun: it used its standard or its move action this round."""
    return who.standard_used or who.move_used


def can_act(who: Combatant) -> bool:
    """SC1.4: nothing stops it acting (``erc.rulesets.spellchrome.conditions.cannot_act``)."""
    return cannot_act(who) is None


def status(loaded: Loaded) -> StatusResult:
    state = state_of(loaded)
    rows = tuple(
        CombatantStatus(
            name=c.name,
            side=c.side,
            hp=c.hp,
            hp_max=c.hp_max,
            ex_hp=c.ex_hp,
            ex_hp_max=c.ex_hp_max,
            armor_classes=ArmorClasses(
                armor_class(c).value,
                armor_class(c, touch=True).value,
                armor_class(c, flat_footed=True).value,
            ),
            dr_dice=c.dr,
            dr_this_round=c.dr_this_round,
            standard_used=c.standard_used,
            move_used=c.move_used,
            acted=acted(c),
            can_act=can_act(c),
            movement_spent_ft=c.movement_spent,
            spell_cast=c.spell_cast,
            conditions=condition_rows(c.conditions, state.round),
            down=c.down,
            standing=standing(c),
            delayed_after=state.delays.get(c.name),
        )
        for c in state.encounter.combatants
    )
    common = turns(
        state,
        acted=acted,
        can_act=can_act,
        standing=standing,
    )
    return StatusResult(
        round=state.round,
        elapsed_s=max(0, state.round - 1) * ROUND_SECONDS,
        combatants=rows,
        order=common.order,
        next=common.next,
        sides=common.sides,
        over=common.over,
        n_events=state.events,
        journal=loaded.journal,
    )
