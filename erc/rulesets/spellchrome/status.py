"""``erc status`` for a Spellchrome encounter: HP and EX-HP, AC, the round's DR, the actions
of the turn, conditions, and the order with who is next (``erc.core.status``)."""

from __future__ import annotations

from erc.core.status import CombatantView, FightView, condition_rows, places, plain
from erc.core.value import Value
from erc.rulesets.spellchrome.conditions import acted, can_act, fight, standing
from erc.rulesets.spellchrome.events import state_of
from erc.rulesets.spellchrome.model import Combatant
from erc.rulesets.spellchrome.rules.armor_class import armor_class

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from erc.core.session import Loaded


class Resources(Value):
    """SC1.3: the actions it has left this turn."""

    standard: bool
    move: bool

    def words(self) -> str:
        left = [w for w, has in (("standard", self.standard), ("move", self.move)) if has]
        return ", ".join(left) or "nothing left"


class ArmorClasses(Value):
    """SC5: the combatant's AC, touch AC and flat-footed AC."""

    ac: int
    """Its AC (SC5.1)."""
    touch_ac: int
    """Its touch AC: no armour, shield or natural armour (SC5.4)."""
    flat_footed_ac: int
    """Its flat footed AC: no Dexterity bonus (SC5.3)."""


class CombatantStatus(CombatantView):
    hp: int
    """Its HP now (down at 0 or below, SC6.5)."""
    hp_max: int
    """Its maximum HP."""
    ex_hp: int
    """Its Extraordinary HP now: lost before HP (SC8.3)."""
    ex_hp_max: int
    """Its maximum Extraordinary HP (0: none)."""
    armor_classes: ArmorClasses
    """Its AC, touch AC and flat footed AC."""
    dr_dice: str | None
    """The armour's DR as the file gives it (``d6``, ``3``), or None."""
    dr_this_round: int | None
    """SC8.1: the DR rolled at its first hit this round."""
    standard_used: bool
    """Its standard action this round is spent (SC1.3)."""
    move_used: bool
    """Its move action this round is spent (SC1.3)."""
    turn_ended: bool
    """SC-P15: it gave up what it had left (``erc end-turn``)."""
    movement_spent_ft: int
    """Feet moved this round."""
    spell_cast: bool
    """A spell that takes an action was cast this round (SC10.1)."""
    delayed_after: str | None
    """Whom it delayed to act right after this round (SC2.5), or None."""


ROUND_SECONDS = 6
"""SC1.2: "Each round represents 6 seconds in the game world. There are 10 rounds in a
minute"."""


class StatusResult(FightView):
    elapsed_s: int
    """SC1.2: seconds of combat before this round began (6 a round)."""
    combatants: tuple[CombatantStatus, ...]
    """Every combatant in the file's order, with its HP and actions used."""


def _row(c: Combatant, state: Any, place: int | None) -> CombatantStatus:
    marks = [f"+{c.ex_hp}/{c.ex_hp_max} EX-HP"] if c.ex_hp_max else []
    ac = armor_class(c).value
    marks.append(f"AC {ac}")
    if c.dr:
        marks.append(f"DR {c.dr}" + (f" ={c.dr_this_round}" if c.dr_this_round is not None else ""))
    if c.spell_cast:
        marks.append("spell cast")
    delayed = state.delays.get(c.name)
    if delayed:
        marks.append(f"after {delayed}")
    if c.turn_ended:
        marks.append("turn ended")
    able = can_act(c)
    left = Resources(standard=able and not c.standard_used, move=able and not c.move_used)
    return CombatantStatus(
        name=c.name,
        side=c.side,
        place=place,
        health=c.hp,
        health_max=c.hp_max,
        standing=standing(c),
        down=c.down,
        acted=acted(c),
        can_act=able,
        conditions=condition_rows(c.conditions, state.round),
        marks=tuple(marks),
        resources=plain(left),
        left_this_round=left.words(),
        hp=c.hp,
        hp_max=c.hp_max,
        ex_hp=c.ex_hp,
        ex_hp_max=c.ex_hp_max,
        armor_classes=ArmorClasses(
            ac, armor_class(c, touch=True).value, armor_class(c, flat_footed=True).value
        ),
        dr_dice=c.dr,
        dr_this_round=c.dr_this_round,
        standard_used=c.standard_used,
        move_used=c.move_used,
        turn_ended=c.turn_ended,
        movement_spent_ft=c.movement_spent,
        spell_cast=c.spell_cast,
        delayed_after=delayed,
    )


def status(loaded: Loaded) -> StatusResult:
    state = state_of(loaded)
    view = fight(state)
    where = places(view)
    elapsed = max(0, state.round - 1) * ROUND_SECONDS
    return StatusResult(
        round=state.round,
        health_word="HP",
        next=view.next,
        over=view.over,
        winner=view.winner,
        sides=view.sides,
        order=view.order,
        due=(),
        notes=(f"{elapsed} s of combat before this round (6 s a round, SC1.2)",)
        if state.round
        else (),
        n_events=state.events,
        journal=loaded.journal,
        elapsed_s=elapsed,
        combatants=tuple(_row(c, state, where.get(c.name)) for c in state.encounter.combatants),
    )
